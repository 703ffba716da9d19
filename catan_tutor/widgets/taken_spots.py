"""Spots a form's "at" list leaves out: where a move would put a new piece on a corner or an
edge that a piece already holds. Such a move is never an answer, so leaving it out tells a
puzzle's learner nothing the board does not show (the list still offers every free spot,
legal or not: the secret stays). Nor does it offer a city improvement naming a corner for a
metropolis at a level that wins none (CK-METRO-TAKE: only level 4, or 5 from a level-4
holder): "P1 buys politics level 1, the metropolis on A12" names what cannot be; nor, where
one is won, a corner other than the seat's cities with no metropolis yet (l23, 10.6). C&K's
setup city is a new piece too (CK-SETUP-ROUND2: it goes on a free corner, no settlement
under it): l20 at 7.8 saw its "at" list offer C6 and K4, taken, while "or choose one here"
offered only the free corners. A city or a wall goes on the builder's own building, so
neither is offered on a corner another party's piece holds (BASE-BUILD-CITY, CK-WALL-BUILD)."""

from __future__ import annotations

from ..actions import Action, BuildCity, BuildRoad, Settle
from ..rules.improvements import metro_due
from ..state import SETUP_SETTLE, State
from ..variants.ck_actions import BuildWall, Improve, PlaceDeserter, Recruit
from ..variants.two_player_actions import NeutralKnight, NeutralRoad, NeutralSettle

# The kinds that put a new piece on a corner (a building or a knight) or on an edge (a road).
NEW_ON_CORNER = (Settle, NeutralSettle, Recruit, NeutralKnight, PlaceDeserter)
NEW_ON_EDGE = (BuildRoad, NeutralRoad)


def taken(state: State, a: Action) -> bool:
    """``a`` would put a new piece where a piece already stands."""
    if isinstance(a, NEW_ON_CORNER) or (type(a) is BuildCity and state.phase == SETUP_SETTLE):
        v = getattr(a, "vertex", -1)
        knights = state.kn
        return v >= 0 and (state.vowner[v] >= 0 or (v < len(knights) and knights[v] is not None))
    if isinstance(a, NEW_ON_EDGE):
        e = getattr(a, "edge", -1)
        return e >= 0 and state.eowner[e] >= 0
    return False


def others_piece(state: State, a: Action) -> bool:
    """``a`` is a city or a wall (on the builder's own building) named on a corner that
    another party's building or knight holds."""
    if type(a) not in (BuildCity, BuildWall) or state.phase == SETUP_SETTLE:
        return False
    v = getattr(a, "vertex", -1)
    if not 0 <= v < len(state.vowner):
        return False
    knight = state.kn[v] if v < len(state.kn) else None
    return state.vowner[v] not in (-1, a.player) or knight is not None


def idle_metro(state: State, a: Action) -> bool:
    """``a`` is a city improvement that names a metropolis corner at a level winning none,
    or a corner that cannot take one: not a city of the seat's, or one with a metropolis
    already (CK-METRO-TAKE; l23 at 10.6 saw "metropolis on" offer all 54 corners)."""
    if type(a) is not Improve or a.vertex < 0 or not 0 <= a.track < 3:
        return False
    if not (state.caps.improvements and metro_due(state, a.player, a.track)):
        return True
    v = a.vertex
    if not 0 <= v < len(state.vowner):
        return True
    return state.vowner[v] != a.player or not state.vcity[v] or v in state.metro


def free_spots(state: State, actions: list[Action]) -> list[Action]:
    """``actions`` without those that would put a piece on a spot already taken, a city or a
    wall on another party's piece, and a metropolis named where the level wins none."""
    return [
        a
        for a in actions
        if not taken(state, a) and not idle_metro(state, a) and not others_piece(state, a)
    ]
