"""Why a piece cannot go where it was tried, when the spot is taken: a reason of the spot
alone, said where the engine's own reason is kept back (l27 at 11.16: "knight for Neutral 1
on M12" was told "The reason would give the answer away", where Neutral 1's settlement
stands on M12, which names nothing of the answer).

Kinds that put a new piece on an empty spot: a settlement, road or knight (a player's or a
neutral's: BASE-BUILD-SETTLEMENT, BASE-BUILD-ROAD, CK-KNIGHT-RECRUIT, 2P-NEUTRAL-LEGAL,
CK2P-NEUTRAL-KNIGHT-LEGAL), a knight moved back or placed after Treason. A city (on its own
settlement) and a promotion (of a knight there) are not among them.
"""

from __future__ import annotations

from ..actions import (
    Action,
    BuildRoad,
    NeutralKnight,
    NeutralRoad,
    NeutralSettle,
    PlaceDeserter,
    Recruit,
    Relocate,
    Settle,
)
from ..board import EDGE_LABELS, VERTEX_LABELS
from ..state import State

_ON_CORNER = (Settle, NeutralSettle, Recruit, NeutralKnight, PlaceDeserter, Relocate)
_ON_EDGE = (BuildRoad, NeutralRoad)


def spot_taken(s: State, a: Action) -> str:
    """Why ``a`` cannot put its piece where it is tried, when another piece holds the spot
    ("M12 is already taken by Neutral 1's settlement."); '' otherwise."""
    if isinstance(a, _ON_EDGE):
        e = a.edge
        if 0 <= e < len(s.eowner) and s.eowner[e] >= 0:
            return f"{EDGE_LABELS[e]} is already taken by {s.name(s.eowner[e])}'s road."
        return ""
    if not isinstance(a, _ON_CORNER):
        return ""
    v = a.vertex
    if not 0 <= v < len(s.vowner):
        return ""
    if s.vowner[v] >= 0:
        piece = "city" if s.vcity[v] else "settlement"
        return f"{VERTEX_LABELS[v]} is already taken by {s.name(s.vowner[v])}'s {piece}."
    knight = s.kn[v] if v < len(s.kn) else None
    if knight is not None:
        return f"{VERTEX_LABELS[v]} is already taken by {s.name(knight.owner)}'s knight."
    return ""
