"""Spots a form's "at" list leaves out: where a move would put a new piece on a corner or an
edge that a piece already holds. Such a move is never an answer, so leaving it out tells a
puzzle's learner nothing the board does not show (the list still offers every free spot,
legal or not: the secret stays)."""

from __future__ import annotations

from ..actions import Action, BuildRoad, Settle
from ..state import State
from ..variants.ck_actions import PlaceDeserter, Recruit
from ..variants.two_player_actions import NeutralKnight, NeutralRoad, NeutralSettle

# The kinds that put a new piece on a corner (a building or a knight) or on an edge (a road).
NEW_ON_CORNER = (Settle, NeutralSettle, Recruit, NeutralKnight, PlaceDeserter)
NEW_ON_EDGE = (BuildRoad, NeutralRoad)


def taken(state: State, a: Action) -> bool:
    """``a`` would put a new piece where a piece already stands."""
    if isinstance(a, NEW_ON_CORNER):
        v = getattr(a, "vertex", -1)
        knights = state.kn
        return v >= 0 and (state.vowner[v] >= 0 or (v < len(knights) and knights[v] is not None))
    if isinstance(a, NEW_ON_EDGE):
        e = getattr(a, "edge", -1)
        return e >= 0 and state.eowner[e] >= 0
    return False


def free_spots(state: State, actions: list[Action]) -> list[Action]:
    """``actions`` without those that would put a piece on a spot already taken."""
    return [a for a in actions if not taken(state, a)]
