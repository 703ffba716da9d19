"""A puzzle's form offers every value where the value is the question, not the legal ones
only (a fresh learner, puzzle 3.2 "Get it from the bank at the best rate": the rate list
offered "2" and "4", the learner's legal rates, and the answer is the smaller one). A bank
trade's form under an open question offers every rate (2, 3 and 4: BASE-TRADE-MARITIME),
every card to give and to get; an improvement's form every track
(CK-IMPROVE-BUILD); a progress card naming one spot every spot of its kind, in the board's
order (9.18, l45: the Merchant's "details" offered K, L, O, P and S alone, the hexes by P2's
buildings, where the robber's list offers every land hex: CK-PC-MERCHANT); a wrong one is
answered by the why-not.
"""

from __future__ import annotations

from ..actions import TRACK_NAMES, Action, BankTrade, Improve
from ..board import EDGE_LABELS, HEX_NAMES, VERTEX_LABELS
from ..game import Game
from ..progress_cards import CARDS, SCHEMA

RATES = (2, 3, 4)  # the bank's rates: 4:1, a 3:1 harbor, a 2:1 harbor (BASE-TRADE-MARITIME)


def every_value(game: Game, actions: list[Action]) -> list[Action]:
    """``actions`` with a bank trade's rate and cards, an improvement's track, over every
    value (the seats and other kinds as they are), in the order of their fields: nothing in
    the lists' order tells which values are legal."""
    out = dict.fromkeys(actions)
    kinds = range(len(game.state.bank))
    for a in actions:
        if isinstance(a, BankTrade):
            out.update(
                dict.fromkeys(
                    BankTrade(a.player, give, rate, get)
                    for give in kinds
                    for rate in RATES
                    for get in kinds
                    if give != get
                )
            )
        elif isinstance(a, Improve):
            out.update(
                dict.fromkeys(Improve(a.player, t, a.vertex) for t in range(len(TRACK_NAMES)))
            )
        elif type(a).__name__ == "PlayProgress":
            out.update(dict.fromkeys(every_card_spot(a)))
    wide = [a for a in out if _wide(a)]
    wide.sort(key=lambda a: (type(a).__name__, a.player, *_fields(a)))
    return [a for a in out if not _wide(a)] + wide


# every spot of a kind a card may name (the land hexes: the robber's list offers them too)
SPOTS = {"vertex": len(VERTEX_LABELS), "edge": len(EDGE_LABELS), "hex": len(HEX_NAMES)}


def every_card_spot(a: Action) -> list[Action]:
    """A progress card's move (``PlayProgress``) with the one spot its card names (the
    Merchant's hex, the Bishop's, the Medicine's city…) over every spot of that kind, its
    other arguments as they are; ``a`` alone for a card naming no spot or several (the
    Inventor's two hexes: every pair would make a list of hundreds; no question asks one)."""
    card, args = getattr(a, "card", -1), getattr(a, "args", ())
    schema = SCHEMA.get(CARDS[card], ()) if 0 <= card < len(CARDS) else ()
    at = [i for i, kind in enumerate(schema) if kind.rstrip("?") in SPOTS]
    if len(at) != 1 or len(args) != len(schema):
        return [a]
    i, size = at[0], SPOTS[schema[at[0]].rstrip("?")]
    return [type(a)(a.player, card, (*args[:i], x, *args[i + 1 :])) for x in range(size)]  # type: ignore[call-arg]


def _wide(a: Action) -> bool:
    return isinstance(a, (BankTrade, Improve)) or type(a).__name__ == "PlayProgress"


def _fields(a: Action) -> tuple:
    if isinstance(a, BankTrade):
        return (a.give, a.count, a.get)
    if isinstance(a, Improve):
        return (a.track, a.vertex)
    return (getattr(a, "card", -1), getattr(a, "args", ()))
