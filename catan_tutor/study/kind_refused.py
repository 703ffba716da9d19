"""Why no move of a kind typed without its spot is possible now, said of the kind alone (s23 at
8.11: "promote the knight", P1 holding no wool, was told only "Promoting a knight is not the
answer here. The reason would give the answer away", which it would not): the price the seat
to move cannot pay (CK-BUILD-COSTS, BASE-BUILD-COSTS), which holds for every spot of the kind,
with the cards it lacks; else a refusal the engine gives for every spot alike (l46 at 11.16:
"P1 trades a knight for tokens" before the roll was told only "not the answer here", where a
knight is cashed in after the roll: CK2P-TOKEN-KNIGHT-REMOVE-TIMING). '' when neither is what
stops it (the caller then asks for a hint; ``puzzle.keep_secret`` still drops a reason that
names a part of the answer).
"""

from __future__ import annotations

from dataclasses import fields

from ..board import CARD_NAMES, RESOURCES
from ..errors import CatanError
from ..game import Explanation, Game
from ..rules.common import CITY_COST, DEV_COST, ROAD_COST, SETTLEMENT_COST, cost_reason
from ..rules.improvements import WALL_COST
from ..rules.knights import ACTIVATE_COST, KNIGHT_COST

MAIN = "main"  # the phase the price lists are for (builds are free in the setup)
# A kind's price and how the engine's cost reason names what it buys (rules/*.py)
PRICES: dict[str, tuple[tuple[int, ...], str]] = {
    "BuildRoad": (ROAD_COST, "a road"),
    "Settle": (SETTLEMENT_COST, "a settlement"),
    "BuildCity": (CITY_COST, "a city"),
    "BuyDev": (DEV_COST, "a development card"),
    "BuildWall": (WALL_COST, "a city wall"),
    "Recruit": (KNIGHT_COST, "a knight"),
    "Promote": (KNIGHT_COST, "a promotion"),
    "Activate": (ACTIVATE_COST, "activating a knight"),
}


def unpaid_reason(game: Game, kind: type) -> str:
    """Why the seat to move cannot pay for a move of ``kind`` now, with the cards it lacks
    ("P1 cannot pay for a promotion: it costs 1 wool and 1 ore; P1 holds no wool."); '' when
    it can, the kind has no price, or the phase is not the turn's main one."""
    price = PRICES.get(kind.__name__)
    s = game.state
    if price is None or s.phase != MAIN:
        return ""
    seat = game.acting_seat
    cost, what = price
    reason = cost_reason(s, seat, cost, what)
    if reason is None:
        return ""
    hand = s.hands[seat]
    short = [
        f"no {CARD_NAMES[k]}" if not hand[k] else f"only {hand[k]} {CARD_NAMES[k]}"
        for k, n in enumerate(cost)
        if hand[k] < n
    ]
    return f"{reason.text.rstrip('.')}; {s.name(seat)} holds {' and '.join(short)}."


def spotless_refusal(game: Game, kind: type) -> Explanation | None:
    """The engine's refusal of a move of ``kind`` by the seat to move that holds whichever
    spot or cards it names (its fields filled in two ways, refused alike: the phase, an owed
    move, another's turn), or None when they make a difference, a field is neither a number
    nor cards, or a move is legal."""
    parts = fields(kind)
    if not parts or parts[0].name != "player":
        return None
    said = []
    kinds = len(CARD_NAMES) if game.state.caps.commodities else len(RESOURCES)  # (a hand's)
    for fill in (0, 1):
        values: dict[str, object] = {}
        for f in parts[1:]:
            if f.type in ("Bundle", "tuple[int, ...]"):  # one card of kind ``fill``
                values[f.name] = tuple(int(k == fill) for k in range(kinds))
            elif f.type in ("int", int):
                values[f.name] = fill
            else:
                return None
        try:
            ex = game.explain(kind(game.acting_seat, **values))
        except (CatanError, TypeError):
            return None
        if ex.legal:
            return None
        said.append(ex)
    return said[0] if said[0].reason == said[1].reason else None
