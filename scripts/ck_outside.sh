#!/bin/bash
# Usage: scripts/ck_outside.sh [REV]   (counts files and lines; the goal is fewer)
# C&K knowledge in catan_tutor/ outside rules/, variants/ and the variants' position fields and
# checks (position/fields_*, position/checks_*) at git REV: lines naming a C&K state
# module, capability, field, rule ID, variant name, C&K data module or C&K-only action.
cd "$(git rev-parse --show-toplevel)"; REV=${1:-HEAD}
ALL='ck_state|ck_two_player_state|caps\.(knights|improvements|commodities|card_kinds|dev_cards)|\bs\.kn\b|state\.kn\b|\.(barb|walls|levels|metro|phand|pvp|pdecks|merchant|defender|attacked|draws|pillage|claims|pdiscards|relocate|toppled|fleet|taxed|treason|forced)\b|(s|state)\.(event|harbor)\b|"CK2?P?-[A-Z]|"ck"|"ck-2p"|startswith\("ck|progress_cards|COMMODIT|(Move|Remove|Neutral|Return|Recruit)Knight|\bKnight\(|\b(Recruit|Activate|PlayProgress|Relocate|ReturnCommodity|BuildWall|Improve|ForcedTrade)\b|\b(PROGRESS_DRAW|PILLAGE|DEFENDER_DECK|AQUEDUCT|PROGRESS_DISCARD|RELOCATE|SABOTAGE|WEDDING|DESERTER|HARBOR|RESOLVE|FORCE_DRAW|FORCE_GIVE)\b'
OUT=$(git grep -cE "$ALL" "$REV" -- 'catan_tutor/*.py' ':!catan_tutor/rules/' ':!catan_tutor/variants/' \
    ':!catan_tutor/position/fields_*' ':!catan_tutor/position/checks_*' | sed "s/^$REV://")
echo "$REV: $(echo "$OUT" | wc -l) files, $(echo "$OUT" | awk -F: '{s+=$2} END {print s}') lines"
echo "$OUT" | sort -t: -k2 -nr | tr '\n' ' '; echo
