"""The board drawn on an ipycanvas ``MultiCanvas``: terrain, numbers, harbors and pieces.

Layers: 0 static board, 1 pieces (robber, roads, buildings), 2 highlight/hover (empty for now).
A browser that connects after drawing sees a blank canvas (ipycanvas does not replay drawing),
so every layer's ``client_ready`` event triggers a full redraw. The small label beside the
canvas reads ``drawn <n>`` after each full draw: tests wait on it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Protocol

import ipywidgets as widgets
from ipycanvas import Canvas, MultiCanvas, hold_canvas

from .. import board
from ..board import GENERIC, HARBOR_NAMES, Layout
from . import style

Point = tuple[float, float]
_SQ3 = math.sqrt(3)
LAND_APOTHEM = 4.0  # land reaches 4 units from the centre in each of the six side directions


class GameLike(Protocol):
    """What the view reads from a game (the engine's ``Game`` has all of it)."""

    layout: Layout
    state: Any  # .robber: int, .vowner: list[int], .vcity: list[bool], .eowner: list[int]
    colors: tuple[str, ...]


@dataclass(frozen=True)
class Viewport:
    """Maps board units (centre hex at the origin) to canvas pixels."""

    scale: float
    ox: float
    oy: float

    @classmethod
    def fit(cls, width: int, height: int) -> Viewport:
        """Largest scale at which the sea frame fits the canvas, centred."""
        apothem = LAND_APOTHEM + style.SEA_MARGIN + style.SEA_EDGE_WIDTH / 2
        radius = apothem * 2 / _SQ3
        scale = min(width / (2 * radius), height / (2 * apothem))
        return cls(scale, width / 2, height / 2)

    def px(self, p: Point) -> Point:
        return (self.ox + p[0] * self.scale, self.oy + p[1] * self.scale)

    def pxs(self, points: list[Point]) -> list[Point]:
        return [self.px(p) for p in points]

    def len(self, units: float) -> float:
        return units * self.scale


def _toward(a: Point, b: Point, t: float) -> Point:
    """The point a fraction ``t`` of the way from ``a`` to ``b``."""
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def _shape(x: float, y: float, size: float, shape: list[Point]) -> list[Point]:
    """Pixel polygon of ``shape`` (unit coordinates) scaled by ``size`` around ``(x, y)``."""
    return [(x + dx * size, y + dy * size) for dx, dy in shape]


def hex_corners(h: int, inset: float = 1.0) -> list[Point]:
    """Corners of land hex ``h`` clockwise from 12 o'clock, shrunk toward its centre."""
    c = board.hex_centre_xy(h)
    return [_toward(c, board.vertex_xy(v), inset) for v in board.HEX_VERTICES[h]]


def sea_frame() -> list[Point]:
    """Corners of the flat-topped sea hexagon around the land."""
    r = (LAND_APOTHEM + style.SEA_MARGIN) * 2 / _SQ3
    return [(r * math.cos(k * math.pi / 3), r * math.sin(k * math.pi / 3)) for k in range(6)]


def harbor_spot(e: int) -> Point:
    """Where the harbor disc of coastal edge ``e`` sits, out in the sea."""
    mx, my = board.edge_xy(e)
    cx, cy = board.hex_centre_xy(board.EDGE_HEXES[e][0])
    d = math.hypot(mx - cx, my - cy)
    k = style.HARBOR_DISTANCE / d
    return (mx + (mx - cx) * k, my + (my - cy) * k)


class BoardView:
    """The board of ``game`` on a three-layer canvas; show ``.widget``, call ``.redraw()``."""

    def __init__(self, game: GameLike, width: int = 640, height: int = 600) -> None:
        self.game = game
        self.vp = Viewport.fit(width, height)
        self.canvas = MultiCanvas(3, width=width, height=height)
        # Natural size (pages otherwise stretch it to full width), shrinking on narrow screens.
        self.canvas.layout = widgets.Layout(width=f"{width}px", max_width="100%", height="auto")
        self.draw_count = 0
        self.marker = widgets.Label(value="", style={"font_size": "11px", "text_color": "#999"})
        self.marker.add_class("catan-drawn-marker")
        self.marker.layout = widgets.Layout(margin="0 0 0 6px")
        self.widget = widgets.VBox([self.canvas, self.marker])
        self.widget.add_class("catan-board")
        for layer in self.layers:
            layer.on_client_ready(self.redraw)
        self.redraw()

    @property
    def layers(self) -> list[Canvas]:
        return [self.canvas[i] for i in range(3)]

    @property
    def static(self) -> Canvas:
        return self.canvas[0]

    @property
    def pieces(self) -> Canvas:
        return self.canvas[1]

    @property
    def highlight(self) -> Canvas:
        return self.canvas[2]

    def redraw(self) -> None:
        """Draw every layer from scratch and bump the ``drawn <n>`` marker."""
        with hold_canvas():
            self.draw_static()
            self.draw_pieces()
            self.highlight.clear()
        self.draw_count += 1
        self.marker.value = f"drawn {self.draw_count}"

    def draw_static(self) -> None:
        """Layer 0: sea, land, number tokens, harbors, hex letters."""
        c, layout = self.static, self.game.layout
        c.clear()
        self._draw_sea(c)
        for e, kind in layout.harbors:
            self._draw_harbor(c, e, kind)
        for h in range(board.N_HEXES):
            self._draw_hex(c, h, layout.terrain[h])
            if layout.numbers[h]:
                self._draw_token(c, board.hex_centre_xy(h), layout.numbers[h])

    def draw_pieces(self) -> None:
        """Layer 1: roads, then settlements and cities, then the robber."""
        c, state = self.pieces, self.game.state
        c.clear()
        for e, p in enumerate(state.eowner):
            if p >= 0:
                self._draw_road(c, e, self._player(p))
        for v, p in enumerate(state.vowner):
            if p >= 0:
                self._draw_building(c, v, self._player(p), bool(state.vcity[v]))
        self._draw_robber(c, state.robber)

    def _player(self, p: int) -> str:
        return style.player_fill(self.game.colors[p])

    # -- static layer -----------------------------------------------------------------------

    def _draw_sea(self, c: Canvas) -> None:
        frame = self.vp.pxs(sea_frame())
        c.fill_style = style.SEA
        c.fill_polygon(frame)
        c.stroke_style, c.line_width = style.SEA_EDGE, self.vp.len(style.SEA_EDGE_WIDTH)
        c.line_join = "round"
        c.stroke_polygon(frame)
        # A beach under the whole island: each land hex stroked wide in sand.
        c.fill_style, c.stroke_style = style.BEACH, style.BEACH
        c.line_width = self.vp.len(2 * style.BEACH_WIDTH)
        for h in range(board.N_HEXES):
            pts = self.vp.pxs(hex_corners(h))
            c.fill_polygon(pts)
            c.stroke_polygon(pts)

    def _draw_hex(self, c: Canvas, h: int, terrain: int) -> None:
        c.fill_style = style.TERRAIN_EDGE
        c.fill_polygon(self.vp.pxs(hex_corners(h)))
        c.fill_style = style.TERRAIN_FILL[terrain]
        c.fill_polygon(self.vp.pxs(hex_corners(h, style.HEX_INSET)))
        x, y = board.hex_centre_xy(h)
        dark = terrain in style.DARK_TERRAINS
        c.fill_style = style.LETTER_LIGHT if dark else style.LETTER_DARK
        c.font = style.font(self.vp.len(0.19), bold=True)
        c.text_align, c.text_baseline = "center", "middle"
        c.fill_text(board.HEX_NAMES[h], *self.vp.px((x, y - style.LETTER_OFFSET)))

    def _draw_token(self, c: Canvas, centre: Point, n: int) -> None:
        x, y = self.vp.px(centre)
        r = self.vp.len(style.TOKEN_RADIUS)
        c.fill_style, c.stroke_style, c.line_width = style.TOKEN_FILL, style.TOKEN_EDGE, 1.5
        c.fill_circle(x, y, r)
        c.stroke_circle(x, y, r)
        colour = style.TOKEN_HOT if n in (6, 8) else style.TOKEN_TEXT
        c.fill_style = colour
        c.font = style.font(self.vp.len(0.30 if n in (6, 8) else 0.27), bold=True)
        c.text_align, c.text_baseline = "center", "middle"
        c.fill_text(str(n), x, y - self.vp.len(0.05))
        k = board.pips(n)
        step, py = self.vp.len(style.PIP_SPACING), y + self.vp.len(0.17)
        for i in range(k):
            c.fill_circle(x + (i - (k - 1) / 2) * step, py, self.vp.len(style.PIP_RADIUS))

    def _draw_harbor(self, c: Canvas, e: int, kind: int) -> None:
        spot = harbor_spot(e)
        x, y = self.vp.px(spot)
        c.stroke_style, c.line_width = style.PIER, self.vp.len(style.PIER_WIDTH)
        c.line_cap = "round"
        for v in board.EDGE_VERTICES[e]:
            a = _toward(board.vertex_xy(v), spot, 0.08)
            b = _toward(board.vertex_xy(v), spot, 0.75)
            c.stroke_line(*self.vp.px(a), *self.vp.px(b))
        fill = style.HARBOR_GENERIC_FILL if kind == GENERIC else style.TERRAIN_FILL[kind]
        r = self.vp.len(style.HARBOR_RADIUS)
        c.fill_style, c.stroke_style, c.line_width = fill, style.HARBOR_EDGE, 1.5
        c.fill_circle(x, y, r)
        c.stroke_circle(x, y, r)
        c.fill_style = style.text_on(fill)
        c.text_align, c.text_baseline = "center", "middle"
        if kind == GENERIC:
            c.font = style.font(self.vp.len(0.24), bold=True)
            c.fill_text("3:1", x, y)
            return
        c.font = style.font(self.vp.len(0.21), bold=True)
        c.fill_text("2:1", x, y - self.vp.len(0.08))
        c.font = style.font(self.vp.len(0.16))
        c.fill_text(HARBOR_NAMES[kind], x, y + self.vp.len(0.13))

    # -- pieces layer -----------------------------------------------------------------------

    def _draw_road(self, c: Canvas, e: int, fill: str) -> None:
        a, b = (board.vertex_xy(v) for v in board.EDGE_VERTICES[e])
        p, q = _toward(a, b, style.ROAD_TRIM), _toward(b, a, style.ROAD_TRIM)
        w = self.vp.len(style.ROAD_WIDTH)
        c.line_cap = "round"
        c.stroke_style, c.line_width = style.PIECE_EDGE, w + 3
        c.stroke_line(*self.vp.px(p), *self.vp.px(q))
        c.stroke_style, c.line_width = fill, w
        c.stroke_line(*self.vp.px(p), *self.vp.px(q))

    def _draw_building(self, c: Canvas, v: int, fill: str, city: bool) -> None:
        x, y = self.vp.px(board.vertex_xy(v))
        if city:
            pts = _shape(x, y, self.vp.len(style.CITY_SIZE), style.CITY_SHAPE)
        else:
            pts = _shape(x, y, self.vp.len(style.SETTLEMENT_SIZE), style.SETTLEMENT_SHAPE)
        c.fill_style, c.stroke_style, c.line_width, c.line_join = fill, style.PIECE_EDGE, 2, "round"
        c.fill_polygon(pts)
        c.stroke_polygon(pts)

    def _draw_robber(self, c: Canvas, h: int) -> None:
        if h < 0:
            return  # C&K: the robber stays off the board until the first attack
        cx, cy = board.hex_centre_xy(h)
        offset = style.ROBBER_OFFSET if self.game.layout.numbers[h] else 0.0
        x, y = self.vp.px((cx - offset, cy + 0.05))
        u = self.vp.len(0.11)
        body = _shape(x, y, u, style.ROBBER_SHAPE)
        c.fill_style, c.stroke_style, c.line_width = style.ROBBER, style.ROBBER_EDGE, 1.5
        c.fill_polygon(body)
        c.stroke_polygon(body)
        c.fill_circle(x, y - 0.4 * u, 1.05 * u)
        c.stroke_circle(x, y - 0.4 * u, 1.05 * u)
        c.fill_circle(x, y - 1.55 * u, 0.75 * u)
        c.stroke_circle(x, y - 1.55 * u, 0.75 * u)
