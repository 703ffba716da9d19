"""What an edited position must keep beyond what its text shows (``position.decode`` checks
each field): what is owed can be paid, pieces stay within their supply, neutrals hold no
cards, and somebody can act (BASE-SEVEN-DISCARD, DUMMY-TRADE-PROTOCOL, CK-BUILD-LIMITS,
CK-PROGRESS-HAND-LIMIT ...)."""

from __future__ import annotations

from .board import CARD_NAMES, VERTEX_LABELS
from .progress_cards import TRACKS
from .rules import progress
from .rules.improvements import WALLS, free_cities
from .state import CHANCE_PHASES, HARBOR, OVER, PROGRESS_DRAW, State


def problem(rules, s: State) -> str:
    """Why the decoded position breaks a rule the position text alone does not catch: what is
    owed must be payable, pieces within their supply, neutrals without cards, and somebody
    able to act. Empty if nothing."""
    for p in range(len(s.names)):  # rule="BASE-SEVEN-DISCARD", CK-PC-SABOTAGE, CK-PC-WEDDING
        if s.discards[p] > sum(s.hands[p]):
            return (
                f"{s.name(p)} owes {s.discards[p]} cards but holds {sum(s.hands[p])} "
                "(BASE-SEVEN-DISCARD)"
            )
    for p, bid in enumerate(s.bids):  # rule="DUMMY-TRADE-PROTOCOL"
        if bid and any(x > h for x, h in zip(bid[0], s.hands[p], strict=True)):
            return (
                f"{s.name(p)}'s open bid gives cards {s.name(p)} does not hold "
                "(DUMMY-TRADE-PROTOCOL)"
            )
        if bid and not s.hands[s.dummy][bid[1]]:
            return (
                f"{s.name(p)}'s open bid asks for {CARD_NAMES[bid[1]]}, which the dummy "
                "does not hold (DUMMY-TRADE-PROTOCOL)"
            )
    if s.tiebreak and s.tiebreak.purpose == "steal":  # rule="DUMMY-STEAL-TARGET": a card to lose
        empty = [s.name(p) for p in s.tiebreak.candidates if not sum(s.hands[p])]
        if empty:
            return (
                f"{empty[0]} is in the roll-off for the dummy's steal but holds no cards "
                "(DUMMY-STEAL-EMPTY)"
            )
    if s.caps.knights:
        why = _ck_problem(s)
        if why:
            return why
    if s.phase == OVER and rules.victory_points(s, s.winner) < rules.target:
        return (
            f"{s.name(s.winner)} has won with {rules.victory_points(s, s.winner)} VP, fewer "
            f"than {rules.target}: start a turn to play on "
            f"({'BASE-WIN-10' if rules.target == 10 else 'CK-WIN-13'})"
        )
    if s.phase != OVER and not (
        rules.chance_outcomes(s) if s.phase in CHANCE_PHASES else rules.legal_actions(s)
    ):
        return f"nobody can act in the {s.phase} phase: start a turn instead ('turn P1 main')"
    return ""


def _ck_problem(s: State) -> str:
    """The Cities & Knights part of ``problem``."""
    limit = progress.HAND_LIMIT
    for p in range(len(s.names)):
        name = s.name(p)
        if p >= s.n and (s.phand[p] or s.pvp[p] or s.defender[p] or any(s.levels[p])):
            return (
                f"{name} holds no progress cards, VP cards, defender tokens or improvements "
                "(2P-SETUP-PLAYERS)"
            )
        walls = [v for v, w in enumerate(s.walls) if w and s.vowner[v] == p]
        if len(walls) > WALLS:
            return (
                f"{name} has walls on {', '.join(VERTEX_LABELS[v] for v in walls)}, more "
                f"than {WALLS} (CK-BUILD-LIMITS)"
            )
        for level in (1, 2, 3):
            off = 1 if s.relocate and s.relocate.owner == p and s.relocate.level == level else 0
            if off and sum(1 for k in s.kn if k and k.owner == p and k.level == level) + off > 2:
                return (
                    f"{name}'s displaced knight still to be moved would be a third of "
                    f"strength {level} (CK-BUILD-LIMITS)"
                )
        own_turn = p == s.active and s.turn > 0  # over the limit until the turn ends
        if not own_turn and p not in s.pdiscards and len(s.phand[p]) > limit:
            return (
                f"{name} holds {len(s.phand[p])} progress cards off turn, more than {limit} "
                "(CK-PROGRESS-HAND-LIMIT)"
            )
    for p in s.pdiscards:
        if len(s.phand[p]) <= limit:
            return (
                f"{s.name(p)} owes a progress discard but holds {len(s.phand[p])} cards "
                "(CK-PROGRESS-HAND-LIMIT)"
            )
    for p in s.pillage:
        if not free_cities(s, p):
            return (
                f"{s.name(p)} owes a city to the barbarians but has none without a "
                "metropolis (CK-BARB-LOSE-CHOICE)"
            )
    for t, v in enumerate(s.metro):
        if v >= 0 and s.metro.index(v) != t:
            return (
                f"the {TRACKS[s.metro.index(v)]} and {TRACKS[t]} metropolises are both on "
                f"{VERTEX_LABELS[v]} (CK-METRO-NEEDS-CITY)"
            )
    for v in s.toppled:  # rule="CK-BARB-PILLAGE"
        p = s.vowner[v]
        if p < 0 or s.vcity[v] or s.settlements[p] - sum(s.vowner[t] == p for t in s.toppled) < 5:
            return (
                f"a city lies on its side on {VERTEX_LABELS[v]} only while its owner has "
                "all 5 settlements on the board (CK-BARB-PILLAGE)"
            )
    if s.phase == PROGRESS_DRAW and progress.deck_empty(s, s.draws[0].track):
        return (
            f"the {TRACKS[s.draws[0].track]} deck is empty but a draw from it is due "
            "(CK-PROGRESS-EMPTY)"
        )
    if s.phase == HARBOR and s.harbor and not any(s.hands[s.harbor.pending[0]][5:]):
        return (
            f"{s.name(s.harbor.pending[0])} owes a commodity for a Commercial Harbor but holds "
            "none (CK-PC-COMMERCIAL-HARBOR)"
        )
    return ""
