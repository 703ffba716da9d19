"""The marks ``BoardView`` draws over a spot of the board: a glowing disc, bar or hexagon on a
target, and the rings of the pointer, the keyboard cursor, the hint and the why-not."""

from __future__ import annotations

import math

from ipycanvas import Canvas

from .. import board
from ..palette import Viewport, hex_corners, toward
from . import style
from .board_tags import SPOT_XY, Spot


def spot_px(vp: Viewport, spot: Spot) -> tuple[float, float]:
    """The middle of ``spot`` (a corner, an edge's middle, a hex's centre) in canvas pixels."""
    return vp.px(SPOT_XY[spot[0]](spot[1]))


def mark(
    c: Canvas,
    vp: Viewport,
    ratio: float,
    spot: Spot,
    filled: bool,
    road: float,
    width: float = 3.0,
    grow: float = 1.0,
) -> None:
    """A disc (or ring, ``width`` CSS pixels wide) on a vertex, a bar ``road`` road-widths
    wide along an edge (a ring is an outlined capsule), a shrunken hexagon (or its outline)
    on a hex; ``grow`` scales the ring of a vertex; ``ratio`` canvas pixels per CSS pixel."""
    kind, i = spot
    c.line_width = width * ratio
    if kind == "edge":
        a, b = (board.vertex_xy(v) for v in board.EDGE_VERTICES[i])
        p, q = vp.px(toward(a, b, 0.2)), vp.px(toward(b, a, 0.2))
        c.line_cap = "round"
        if filled or grow == 1.0:
            c.line_width = vp.len(style.ROAD_WIDTH * road)
            c.stroke_line(*p, *q)
        else:  # a capsule around the edge
            r = vp.len(style.ROAD_WIDTH * road)
            ang = math.atan2(q[1] - p[1], q[0] - p[0])
            nx, ny = -math.sin(ang) * r, math.cos(ang) * r
            c.stroke_line(p[0] + nx, p[1] + ny, q[0] + nx, q[1] + ny)
            c.stroke_line(p[0] - nx, p[1] - ny, q[0] - nx, q[1] - ny)
            c.stroke_arc(*p, r, ang + math.pi / 2, ang + 3 * math.pi / 2, False)
            c.stroke_arc(*q, r, ang - math.pi / 2, ang + math.pi / 2, False)
    elif kind == "vertex":
        xy, r = vp.px(board.vertex_xy(i)), vp.len(style.TARGET_R) * grow
        (c.fill_circle if filled else c.stroke_circle)(*xy, r)
    else:
        pts = vp.pxs(hex_corners(i, 0.9 if grow == 1.0 else 0.8))
        (c.fill_polygon if filled else c.stroke_polygon)(pts)
