"""The most specific rule everywhere (issue 34, scope 5): every refusal the engine makes, in
every context it fires in, cites the context's own rule over the general one it amends.

tests/refusal_table.json (built by tests/refusal_table_build.py) holds one row per (refusal,
context, cited rule): the refusal is the function whose ``Reason`` decided the verdict, the
context is (variant, phase, the rule of the phase now: the setup round, the card or token
action in play, the roll that is due...). Each row keeps a case (position, action) that is
replayed here. Rows are checked four ways: the case still gets the row's rule; the rule is the
variant's and no rule of the variant amends it; in a context with its own rule for the
refused thing (a card in play, the two rolls of a two-player turn, a setup round, the C&K
cost table) that rule is cited, never the general one; and the rule's text mentions the
refused thing (its kind of move, or the moment, for a refusal of the moment).
"""

from __future__ import annotations

import json
import re
from collections import defaultdict
from functools import cache
from pathlib import Path

import pytest

from catan_tutor import Game, rulebook
from catan_tutor.rules.precedence import most_specific
from catan_tutor.variants import VARIANTS

TABLE = Path(__file__).parent / "refusal_table.json"


@cache
def rows() -> list[dict]:
    return json.loads(TABLE.read_text())


@cache
def game(position: str) -> Game:
    return Game.from_position(position)


def kind(row: dict) -> str:
    """The refused action's kind of move (its class name)."""
    return type(game(row["position"]).parse(row["action"])).__name__


# ---------------------------------------------------------------- every case still holds
@pytest.mark.parametrize("variant", VARIANTS)
def test_every_row_of_the_refusal_table_gets_its_rule(variant):
    wrong = []
    mine = [r for r in rows() if r["variant"] == variant]
    for r in mine:
        e = game(r["position"]).explain(r["action"])
        if e.legal or e.rule != r["rule"] or not e.reason:
            wrong.append(
                f"{r['action']!r} in {r['phase']} ({r['context']}, {r['refusal']}): "
                f"expected {r['rule']}, got {e}"
            )
    assert len(mine) >= 50, (variant, len(mine))
    assert not wrong, "\n".join(wrong[:20])


def test_the_table_covers_every_refusal_and_every_phase_of_every_variant():
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    from test_verdict_table import PROGRAM_ONLY, refusal_paths

    seen = {r["refusal"] for r in rows()}
    assert not (refusal_paths() - set(PROGRAM_ONLY)) - seen, sorted(
        refusal_paths() - set(PROGRAM_ONLY) - seen
    )
    contexts = {(r["variant"], r["phase"], r["context"]) for r in rows()}
    for variant in VARIANTS:
        phases = {p for v, p, _ in contexts if v == variant}
        assert len(phases) >= 10, (variant, sorted(phases))
    assert len(contexts) >= 100 and len(rows()) >= 900, (len(contexts), len(rows()))


# ---------------------------------------------------------------- the variant's own rule
def test_a_refusal_cites_a_rule_of_its_variant_that_no_rule_there_amends():
    bad = [
        r
        for r in rows()
        if r["rule"] not in rulebook.rules_of(r["variant"])
        or most_specific(r["variant"], r["rule"]) != r["rule"]
    ]
    assert not bad, bad[:5]


# Where a context has its own rule for what is refused, the general one is never cited:
# (variant prefix, phase, refused kinds or None for all, the general rule, the context's rule).
OWN_RULES = [
    # a cost refusal in Cities & Knights: its cost table (walls, knights, improvements too)
    ("ck", None, None, "BASE-BUILD-COSTS", "CK-BUILD-COSTS"),
    # the free roads of the progress card, not of the development card C&K does not have
    ("ck", None, None, "BASE-DEV-ROAD-BUILDING", "CK-PC-ROAD-BUILDING"),
    # between the two rolls of a two-player turn: the two-player rules, not the chance rule
    ("base-2p", "dice", None, "BASE-CHANCE-EVENTS", "2P-ROLL-TWICE|2P-ROLL-TIMING"),
    (
        "ck-2p",
        "dice",
        None,
        "BASE-CHANCE-EVENTS",
        "CK2P-ROLL-DOUBLE|CK2P-ROLL-TIMING|CK2P-PC-ALCHEMY",
    ),
    # the second setup round's road: that round's rule
    ("base", "setup-road", ("BuildRoad",), "BASE-SETUP-ROUND1", "BASE-SETUP-ROUND2"),
    ("ck", "setup-road", ("BuildRoad",), "BASE-SETUP-ROUND1", "CK-SETUP-ROUND1|CK-SETUP-ROUND2"),
]


def _chance_due_for_the_second_roll(r: dict) -> bool:
    s = game(r["position"]).state
    return bool(s.sums) and r["phase"] == "dice"


@pytest.mark.parametrize(
    ("prefix", "phase", "kinds", "general", "own"),
    OWN_RULES,
    ids=[f"{x[0]}-{x[1]}-{x[3]}" for x in OWN_RULES],
)
def test_a_context_with_its_own_rule_never_cites_the_general_one(
    prefix, phase, kinds, general, own
):
    """The issue's examples: a refusal during a card's effect, a C&K cost refusal, a refusal
    between the two rolls of a two-player turn; and the setup rounds."""

    def applies(r):
        if not r["variant"].startswith(prefix) or (phase and r["phase"] != phase):
            return False
        if kinds and kind(r) not in kinds:
            return False
        if r["phase"] == "dice" and "2p" in prefix:
            g = game(r["position"])
            return (
                _chance_due_for_the_second_roll(r)
                and kind(r) != "Die"
                and r["action"].split()[0] == g.names[g.state.active]
            )
        if r["phase"] == "setup-road" and prefix == "base":
            return game(r["position"]).state.setup_step >= game(r["position"]).state.n
        return True

    hits = [r for r in rows() if applies(r)]
    cited = {r["rule"] for r in hits}
    assert general not in cited, [r for r in hits if r["rule"] == general][:3]
    ours = set(own.split("|"))
    assert cited & ours, (prefix, phase, sorted(cited))


# ---------------------------------------------------------------- the text names the thing
# The words a rule's title or text must hold to refuse a kind of move.
WORDS = {
    "Roll": "roll|dice",
    "Settle": "settlement|build",
    "BuildRoad": "road|build",
    "BuildCity": "city|cities|build",
    "BuyDev": "development card",
    "PlayKnight": "knight|development card",
    "PlayRoadBuilding": "road building|development card",
    "PlayPlenty": "plenty|development card",
    "PlayMonopoly": "monopoly|development card",
    "MoveRobber": "robber",
    "Discard": "discard|half",
    "BankTrade": "bank|harbor|trad",
    "Offer": "trad|offer",
    "DevTrade": "development card|trad",
    "Accept": "trad|offer",
    "Decline": "trad|offer",
    "EndTurn": "turn",
    "NeutralSettle": "neutral|settlement",
    "NeutralRoad": "neutral|road",
    "NeutralKnight": "neutral|knight",
    "NeutralPromote": "neutral|promot",
    "ForcedTrade": "forced trade|token",
    "ForcedDraw": "forced trade|token",
    "ForcedGive": "forced trade|give",
    "ForcedCard": "forced trade|draw",
    "RobberHome": "robber|token",
    "ReturnKnight": "knight",
    "Bid": "bid|trade",
    "Pass": "pass|bid|trade|treason",
    "Recruit": "recruit|knight",
    "Promote": "promot|knight",
    "Activate": "activat|knight",
    "MoveKnight": "knight",
    "ChaseRobber": "robber|knight",
    "Relocate": "displace|knight",
    "BuildWall": "wall",
    "Pillage": "pillag|city",
    "Improve": "improvement|level|track",
    "ChooseDeck": "deck",
    "Aqueduct": "aqueduct|resource",
    "DiscardProgress": "progress",
    "PlayProgress": "progress|card",
    "Gift": "wedding|give|gift",
    "Desert": "treason|knight",
    "PlaceDeserter": "treason|knight",
    "HarborOffer": "harbor",
    "ReturnCommodity": "commodit",
    "RemoveKnight": "knight",
}

# Refusals of the moment, not of the move: who is on turn, a chance event or a decision due,
# a kind of move the variant does not have. Their rule names the moment or the decision owed.
MOMENT = {
    "BASE-TURN-OFFTURN",
    "BASE-CHANCE-EVENTS",
    "BASE-COMP-PIECES",
    "CK-COMP-PIECES",
    "CK-COMP-REMOVED",
    "BASE-WIN-10",
    "CK-WIN-13",
    "BASE-SETUP-FREE",
}
# In setup the round's rule says what the round places: refusing another piece cites it.
# A card whose own rule plays its moves "under the normal rules": the normal rule decides.
# (card, rule): Smithing promotes "each under the normal promotion rules" (CK-PC-SMITHING).
CARD_DEFERS = {("smithing", "CK-KNIGHT-PROMOTE"), ("smithing", "CK-KNIGHT-PROMOTE-MIGHTY")}
SETUP_ROUNDS = {
    "BASE-SETUP-ROUND1",
    "BASE-SETUP-ROUND2",
    "CK-SETUP-ROUND1",
    "CK-SETUP-ROUND2",
    "CK2P-SETUP",
    "DUMMY-SETUP-PLACEMENT",
}


def mentions(rule_id: str, kind_name: str) -> bool:
    r = rulebook.rule(rule_id)
    return re.search(WORDS[kind_name], f"{r.title} {r.text}".lower()) is not None


def test_every_kind_of_move_has_its_words():
    assert {
        kind(r)
        for r in rows()
        if kind(r) != "Die"
        and not kind(r).startswith(("Draw", "Steal", "Place", "Spiral", "EventDie"))
    } - {"PlaceDeserter"} <= set(WORDS)


def test_a_refusal_never_cites_a_rule_whose_text_does_not_mention_the_refused_thing():
    """Each row's rule names the refused kind of move, or is the rule of the moment: the
    context's own rule (what the game waits for) or a rule of who may act when."""
    silent = defaultdict(list)
    for r in rows():
        k = kind(r)
        if k not in WORDS or r["rule"] in MOMENT or r["rule"] == r["context"]:
            continue
        if r["phase"].startswith("setup") and r["rule"] in SETUP_ROUNDS:
            continue
        if k == "PlayProgress" and any(
            card in r["action"].split() and r["rule"] == rule for card, rule in CARD_DEFERS
        ):
            continue
        if not mentions(r["rule"], k):
            silent[(r["rule"], k)].append(f"{r['variant']} {r['phase']}: {r['action']}")
    assert not silent, "\n".join(f"{k}: {v[:2]}" for k, v in sorted(silent.items()))
