"""A displaced knight waiting to be moved (CK-KNIGHT-DISPLACE, CK-KNIGHT-RELOCATE), drawn where
a learner sees it: faded, beside the corner it left, a dashed line back to that corner (off the
board while its owner chose where it goes, it showed nowhere as the lesson spoke of moving it,
lesson 7.3). The spot is the scene's (``scene.displaced_spot``); all in canvas pixels.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ipycanvas import Canvas

from ..board import vertex_xy
from ..scene import Knight
from . import style

if TYPE_CHECKING:
    from .board_paint import ScenePainter

FADE = "rgba(255,255,255,0.3)"  # over the knight: it waits, it does not stand there


def draw_displaced(painter: ScenePainter, c: Canvas, k: Knight) -> None:
    """``k`` faded at its spot, a dashed line from it to the corner it left."""
    vp = painter.vp
    (x, y), (cx, cy) = vp.px(k.at), vp.px(vertex_xy(k.vertex))
    r = vp.len(style.KNIGHT_RADIUS)
    gap = r / max(((cx - x) ** 2 + (cy - y) ** 2) ** 0.5, 1.0)  # to the rim of what is there
    c.stroke_style = style.PIECE_EDGE
    c.line_width = painter.px(2)
    c.set_line_dash([painter.px(3)] * 2)
    c.stroke_line(x, y, cx + (x - cx) * gap, cy + (y - cy) * gap)
    c.set_line_dash([])
    painter.draw_knight(c, k)
    painter.flush_marks(c)
    c.fill_style = FADE
    c.fill_circle(x, y, r)
