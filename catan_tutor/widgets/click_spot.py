"""Which spot a click on the board means: the nearest spot of the one kind of spot the
moment's moves are played on (an edge for a road, a hex for the robber), else the spot under
it (``board_tags.hit_test``). A click ~12 px below a corner on an edge took the corner while
a road was the move, and one inside hex M near its top a corner while the robber was to
move (learner 14)."""

from __future__ import annotations

import math

from .. import board
from .board_tags import SPOT_XY, hit_test
from .kinds import Spot, moment_kinds, spot_kind, variant_kinds
from .label_places import LabelPlaces
from .tutor_session import TutorSession

SPOT_COUNT = {"vertex": board.N_VERTICES, "edge": board.N_EDGES, "hex": board.N_HEXES}


def sole_where(s: TutorSession) -> str:
    """The one kind of spot (vertex, edge, hex) the moment's kinds are played on (a puzzle's:
    the phase's kinds, legal or not), the chosen kind's too; '' when there are several or
    none, or while the board is edited."""
    if s.editing:
        return ""
    ours = variant_kinds(s.game)
    kinds = moment_kinds(s.game) if s.puzzle_secret else s.kinds()
    wheres = {spot_kind(ours.get(k)) for k in [*kinds, *([s.kind] if s.kind else [])]}
    wheres.discard("")
    return next(iter(wheres)) if len(wheres) == 1 else ""


def click_spot(p: tuple[float, float], where: str) -> Spot | None:
    """The spot a click at board point ``p`` means: with ``where`` (``sole_where``), the
    nearest spot of that kind when ``p`` is on the land; else the spot under it."""
    hit = hit_test(p)
    if not where or hit is None or hit[0] == where:
        return hit
    xy = SPOT_XY[where]
    return min((math.dist(p, xy(i)), (where, i)) for i in range(SPOT_COUNT[where]))[1]


def tag_spot(places: LabelPlaces | None, shown: bool, x: float, y: float) -> Spot | None:
    """The spot whose label's text lies under canvas pixel ``(x, y)`` on the labels drawn last
    (``places``; ``shown``: any label is on the board now), else None: a click on "N5" means
    N5, not the edge nearest the click (s32: at 1.1 a click on "N5"'s "N" built a road on N7).
    Only the text's own small box: a click beside it is judged as before (``click_spot``)."""
    return places.tag_at(x, y) if places is not None and shown else None
