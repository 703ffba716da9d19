"""The marks ``BoardView`` draws over a spot of the board: a glowing disc, bar or hexagon on a
target, and the rings of the pointer, the keyboard cursor, the spot the form names, the hint
and the why-not; and the glow taken off the pieces (``uncover``)."""

from __future__ import annotations

import math

from ipycanvas import Canvas

from .. import board
from ..palette import Viewport, hex_corners, shape, toward
from ..scene import Pieces
from . import style
from .board_paint import HINT_RING, TARGET_HALO, TARGET_OUTLINE, hint_arrow
from .board_tags import SPOT_XY, Spot

CHOSEN_RING = "#6a1b9a"  # the spot the form names ("at", the moves list): a purple ring, white halo


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


def ring_chosen(c: Canvas, vp: Viewport, ratio: float, spot: Spot) -> None:
    """The ring on the spot the form's fields name (issue 33: a corner chosen in "at" or
    the moves list was not shown on the board): purple on a white halo, wider than the pointer's."""
    for colour, width in (("#ffffff", 7.0), (CHOSEN_RING, 3.5)):
        c.stroke_style = colour
        mark(c, vp, ratio, spot, False, 1.0, width, 1.6)


FRESH_RING = "#263238"  # a computer's spot since the learner's move: dashed, dark on white


def ring_fresh(c: Canvas, vp: Viewport, ratio: float, spots: tuple[Spot, ...]) -> None:
    """A dashed ring on each spot a computer played on since the learner's last move
    (``others_moves``): dark dashes on a white ring, unlike every other ring (solid)."""
    for colour, width, dash in (("#ffffff", 6.0, 0.0), (FRESH_RING, 3.0, 4.0)):
        c.stroke_style = colour
        c.set_line_dash([dash * ratio, dash * ratio] if dash else [])
        for spot in spots:  # (clear of the piece: a road's capsule wider than the road)
            mark(c, vp, ratio, spot, False, 1.6, width, 1.6)
    c.set_line_dash([])


def draw_glow(c: Canvas, vp: Viewport, ratio: float, targets: list[Spot], pieces: Pieces) -> None:
    """A glow on each vertex and edge target, round the ``pieces``, not over them; a legal
    hex (the robber's, a knight's...) gets an outline ring instead, so its terrain and number
    stay readable."""
    c.fill_style = c.stroke_style = style.TARGET
    for spot in targets:
        if spot[0] != "hex":
            mark(c, vp, ratio, spot, True, 1.9)
    uncover(c, vp, ratio, pieces)
    hexes = [vp.pxs(hex_corners(i, 0.83)) for kind, i in targets if kind == "hex"]
    for colour, width in ((TARGET_HALO, 5.0), (TARGET_OUTLINE, 2.5)):
        c.stroke_style, c.line_width = colour, width * ratio
        for pts in hexes:  # between the roads and the letter, glyphs and token
            c.stroke_polygon(pts)


def uncover(c: Canvas, vp: Viewport, ratio: float, pieces: Pieces) -> None:
    """Take the glow of the legal targets (layer 2, over the pieces) off every building and
    knight with its light halo: the glow lies round the pieces, never over them (issue 33:
    P2's settlement was hard to see under the glow of the legal roads beside it)."""
    c.global_composite_operation = "destination-out"
    c.fill_style = c.stroke_style = "#000"
    c.line_join = "round"
    c.line_width = (2 + 2 * style.HALO_WIDTH) * ratio
    for b in pieces.buildings:
        size, outline = (
            (style.CITY_SIZE, style.CITY_SHAPE)
            if b.city
            else (style.SETTLEMENT_SIZE, style.SETTLEMENT_SHAPE)
        )
        pts = shape(*vp.px(b.at), vp.len(size), outline)
        c.fill_polygon(pts)
        c.stroke_polygon(pts)
    for k in pieces.knights:
        c.fill_circle(*vp.px(k.at), vp.len(style.KNIGHT_RADIUS) + (3 + style.HALO_WIDTH) * ratio)
    c.global_composite_operation = "source-over"


def draw_hint(c: Canvas, vp: Viewport, ratio: float, spot: Spot) -> None:
    """The hint: a blue ring on a white halo round the spot, an arrow pointing at it."""
    for colour, width in (("#ffffff", 9.0), (HINT_RING, 5.0)):
        c.stroke_style = colour
        mark(c, vp, ratio, spot, False, 1.1, width, 1.9)
    x, y = spot_px(vp, spot)
    r = vp.len(style.TARGET_R) * (1.9 if spot[0] != "hex" else 2.6)
    pts = hint_arrow(x, y, r)
    c.fill_style, c.stroke_style, c.line_width = HINT_RING, "#ffffff", 2.0 * ratio
    c.fill_polygon(pts)
    c.stroke_polygon(pts)
