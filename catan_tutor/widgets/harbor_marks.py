"""The harbors' marks on the board in canvas pixels: a phone's word tab for a harbor (where
``ScenePainter`` draws it) and every harbor's disc and tab, which a spot's label keeps off
(``label_places``: a phone's "R4" lay on a 3:1 harbor, s18)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..scene import Harbor, board_scene
from . import style
from .board_tags import text_em
from .letter_room import land_of, tab_place

if TYPE_CHECKING:
    from .board_paint import ScenePainter

Box = tuple[float, float, float, float]  # left, top, right, bottom
Disc = tuple[float, float, float]  # x, y, radius


def harbor_tab(painter: ScenePainter, harbor: Harbor) -> Box:
    """A phone's tab for ``harbor``'s word, of the harbor's colour and as wide as the word:
    out to sea, else under the ratio, else where it covers no hex's letter
    (``letter_room.tab_place``)."""
    vp, size = painter.vp, painter.text(0.16)
    (x, y), r = vp.px(harbor.spot), vp.len(style.HARBOR_RADIUS)
    wide, tall = text_em(harbor.name) * size * 0.9 + painter.px(6), 1.2 * size
    bounds = (0.0, 0.0, vp.ox * 2, vp.oy * 2)
    game = painter.game
    keep = painter.letters(board_scene(game.state, game.layout).tiles)
    land, centre = land_of(vp), vp.px((0, 0))  # (the board's centre: J's)
    below = 0.55 * painter.text(0.21)
    left, top = tab_place(x, y, below, wide, tall, keep, bounds, land, centre, r)
    return (left, top, left + wide, top + tall)


def harbor_marks(painter: ScenePainter) -> tuple[list[Disc], list[Box]]:
    """What of the harbors a label keeps off: their discs and, on a phone (whose words go on
    tabs), their words' tabs."""
    game, vp = painter.game, painter.vp
    harbors = board_scene(game.state, game.layout).harbors
    tabbed = vp.len(0.16) < painter.text(0.16)
    discs = [(*vp.px(h.spot), vp.len(style.HARBOR_RADIUS)) for h in harbors]
    return discs, [harbor_tab(painter, h) for h in harbors if h.name and tabbed]


def covered_heights(painter: ScenePainter) -> list[float]:
    """The heights (canvas px) of what a why-not banner across the board should not cover:
    the pieces, and the harbors' discs and words (s43 at 1.1: a banner hid "grain")."""
    pieces, vp = painter.pieces(), painter.vp
    at = [b.at for b in pieces.buildings] + [r.at for r in pieces.roads]
    ys = [vp.px(p)[1] for p in at + [k.at for k in pieces.knights]]
    discs, tabs = harbor_marks(painter)
    return ys + [y for _, y, _ in discs] + [(t[1] + t[3]) / 2 for t in tabs]
