"""The board drawn on an ipycanvas ``MultiCanvas``: terrain, numbers, harbors and pieces.

Layers: 0 static board, 1 pieces (roads, buildings, walls, metropolises, knights, robber,
merchant), 2 highlight (the legal targets of the chosen action, see ``show_targets``), 3 the
light top layer: the ring under the pointer and the keyboard cursor (``set_cursor``).
The labels of vertices and edges (``show_labels``; the *Labels* toggle) go on layer 2 over
the glow (above the pieces; no fifth canvas to compose on every draw): the same labels the
hover, the lessons and the notation use (``board.VERTEX_LABELS``, ``EDGE_LABELS``; hexes
carry their letter on layer 0).
``hit_test`` maps a click in canvas pixels to the vertex, edge or hex under it.
A browser that connects after drawing sees a blank canvas (ipycanvas does not replay drawing),
so every layer's ``client_ready`` event triggers a full redraw. A hidden element beside the
canvas carries ``data-drawn="<n>"``, counting the draws: tests and benchmarks wait on it (it
shows nothing on the page). Two more hidden children ride with every board, in a notebook
too: the page's theme and layout rules (``style.THEME_CSS``) and the keyboard's page script
(``board_keys.js``, see ``keys_script``).
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterator
from contextlib import contextmanager
from importlib.resources import files
from typing import Any, Protocol

import ipywidgets as widgets
import numpy as np
from ipycanvas import Canvas, MultiCanvas, hold_canvas

from .. import board
from ..board import GENERIC, HARBOR_NAMES, Layout
from ..palette import (
    LAND_APOTHEM,
    MARK_SHAPES,
    TERRAIN_GLYPHS,
    Point,
    Viewport,
    glyph_spots,
    harbor_spot,
    hex_corners,
    player_mark,
    rounded_square,
    sea_frame,
    shape,
    toward,
)
from ..rules.barbarians import TRACK_END, forces
from ..variants.capabilities import BASE
from . import style
from .guard import guarded, shown_in

__all__ = ["LAND_APOTHEM", "BoardView", "Viewport", "harbor_spot", "hex_corners", "hit_test",
           "sea_frame"]
_toward, _shape, _rounded_square = toward, shape, rounded_square


@contextmanager
def guarded_hold() -> Iterator[None]:
    """``hold_canvas()`` that still flushes what was drawn when the block raises (ipycanvas
    drops the batch otherwise, leaving later draws queued behind it)."""
    hold = hold_canvas()
    hold.__enter__()
    try:
        yield
    finally:
        hold.__exit__(None, None, None)


# The page script of the board's keys (package data beside this module).
KEYS_JS = (files(__package__) / "board_keys.js").read_text(encoding="utf-8")


def keys_script() -> widgets.Output:
    """A hidden Output whose one output is ``board_keys.js``: Tab leaves the board (ipycanvas
    cancels every key its canvas gets, Tab too) and the timeline keys reach it from the
    tutor's controls. The page's own JavaScript renderer runs it wherever the board is shown
    (a JupyterLab cell, Voilà), so no lab extension is needed; it acts once per page."""
    out = widgets.Output(layout=widgets.Layout(display="none"))
    out.outputs = ({"output_type": "display_data", "metadata": {},
                    "data": {"application/javascript": KEYS_JS, "text/plain": ""}},)
    return out


class GameLike(Protocol):
    """What the view reads from a game (the engine's ``Game`` has all of it)."""

    layout: Layout
    state: Any  # .robber: int, .vowner: list[int], .vcity: list[bool], .eowner: list[int]
    colors: tuple[str, ...]


# The keyboard cursor: a white ring on a wide dark one, clear on sea, land and the glow.
CURSOR, CURSOR_EDGE = "#ffffff", "#0d2a4a"
REFUSED = "#c62828"  # the why-not ring and its tag

# The labels layer: vertex labels white on dark, edge labels dark on light (told apart at a
# glance), in board units: text height and the padding of their tags.
VERTEX_TAG, VERTEX_TAG_TEXT = "rgba(20, 28, 38, 0.82)", "#ffffff"
EDGE_TAG, EDGE_TAG_TEXT = "rgba(255, 255, 255, 0.85)", "#1b2430"
LABEL_SIZE, LABEL_PAD = 0.15, 0.03

# How near (board units; hex size 1) a click must fall to pick a vertex, edge or hex.
VERTEX_PICK, EDGE_PICK, HEX_PICK = 0.27, 0.22, 0.87


def hit_test(p: Point) -> tuple[str, int] | None:
    """("vertex" | "edge" | "hex", index) under board point ``p``, vertices first; None off
    the land."""
    def nearest(n: int, xy) -> tuple[float, int]:
        return min((math.dist(p, xy(i)), i) for i in range(n))

    d, v = nearest(board.N_VERTICES, board.vertex_xy)
    if d <= VERTEX_PICK:
        return ("vertex", v)
    d, e = nearest(board.N_EDGES, board.edge_xy)
    if d <= EDGE_PICK:
        return ("edge", e)
    d, h = nearest(board.N_HEXES, board.hex_centre_xy)
    if d <= HEX_PICK:
        return ("hex", h)
    return None


class BoardView:
    """The board of ``game`` on a four-layer canvas; show ``.widget``, call ``.redraw()``.

    ``width`` x ``height`` is the size on the page in CSS pixels; the canvas has ``ratio``
    times as many pixels each way so the board stays sharp on high-density screens. Clicks
    arrive in canvas pixels. A strip under the board shows the dice, whose turn it is and, in
    C&K, the barbarian track.
    """

    def __init__(self, game: GameLike, width: int = 640, height: int = 660,
                 ratio: int = 2) -> None:
        self.game = game
        self.ratio = ratio
        self.strip = style.STRIP_HEIGHT * ratio  # canvas pixels under the board
        self.vp = Viewport.fit(width * ratio, height * ratio - self.strip)
        self.canvas = MultiCanvas(4, width=width * ratio, height=height * ratio)
        # Natural size (pages otherwise stretch it to full width), shrinking on narrow screens.
        self.canvas.layout = widgets.Layout(width=f"{width}px", max_width="100%", height="auto")
        self.draw_count = 0
        self.targets: list[tuple[str, int]] = []  # highlighted, kept across redraws
        self.hovered: tuple[str, int] | None = None
        self.cursor: tuple[str, int] | None = None  # the keyboard's spot (layer 3)
        self.labels = False  # vertex and edge labels shown (on layer 2)
        self.refused: tuple[tuple[str, int], str] | None = None  # why-not ring (layer 3)
        self.last_attack: dict | None = None  # the strengths of the attack just fought
        self.labels_button = widgets.ToggleButton(
            value=False, description="Labels", icon="tag", layout=widgets.Layout(width="auto"),
            tooltip="label every corner and side of the board, as lessons and moves name them")
        self.labels_button.add_class("catan-labels-toggle")
        self.failure = widgets.HTML()  # an unexpected error's id (guard), else empty
        self.labels_button.observe(guarded(lambda change: self.show_labels(change["new"]),
                                           shown_in(self.failure)), names="value")
        self._marks: dict[tuple[str, str, float], list[Point]] = {}  # queued player marks
        self.marker = widgets.HTML(layout=widgets.Layout(display="none"))
        self.marker.add_class("catan-drawn-marker")
        # The page's theme rules ride with the board (every tutor has one, in a notebook too).
        self.theme = widgets.HTML(f"<style>{style.THEME_CSS}</style>",
                                  layout=widgets.Layout(display="none"))
        self.keys = keys_script()
        self.widget = widgets.VBox([self.canvas, self.marker, self.theme, self.keys,
                                    self.failure])
        self.widget.add_class("catan-board")
        for layer in self.layers:
            layer.on_client_ready(guarded(self.redraw, shown_in(self.failure)))
        self.redraw()

    @property
    def layers(self) -> list[Canvas]:
        return [self.canvas[i] for i in range(4)]

    @property
    def static(self) -> Canvas:
        return self.canvas[0]

    @property
    def pieces(self) -> Canvas:
        return self.canvas[1]

    @property
    def highlight(self) -> Canvas:
        return self.canvas[2]

    @property
    def hover_layer(self) -> Canvas:
        return self.canvas[3]

    @property
    def label_layer(self) -> Canvas:
        """Where the labels go: the highlight layer, over the glow."""
        return self.canvas[2]

    def redraw(self) -> None:
        """Draw every layer from scratch and bump the draw count (``data-drawn``)."""
        with guarded_hold():
            self.draw_static()
            self.draw_pieces()
            self._draw_targets()
            self._draw_hover()
        self._drawn()

    def _drawn(self) -> None:
        self.draw_count += 1
        extra = ""
        if self.refused is not None:  # the why-not ring, for tests (never shown)
            (kind, i), reason = self.refused
            label = (board.VERTEX_LABELS if kind == "vertex" else board.EDGE_LABELS
                     if kind == "edge" else board.HEX_NAMES)[i]
            extra += (f"<span class='catan-refused' data-spot='{kind} {label}' "
                      f"data-reason='{html.escape(reason, quote=True)}' hidden></span>")
        if self.last_attack:
            extra += (f"<span class='catan-last-attack' data-barbarians="
                      f"'{self.last_attack['barbarians']}' data-knights="
                      f"'{self.last_attack['defenders']}' hidden></span>")
        self.marker.value = (f"<span class='catan-drawn' data-drawn='{self.draw_count}' "
                             f"hidden></span>{extra}")

    def update(self) -> None:
        """Redraw what a move changes (pieces, status strip and targets), not the board; a
        why-not ring goes (the position changed)."""
        ringed, self.refused = self.refused, None
        with guarded_hold():
            self.draw_pieces()
            self._draw_targets()
            if ringed:
                self._draw_hover()
        self._drawn()

    def mark_refused(self, spot: tuple[str, int] | None, reason: str = "") -> None:
        """Ring ``spot`` in red with the verdict's short ``reason`` (layer 3): why the chosen
        kind cannot be played there; None takes the ring away."""
        new = (spot, reason) if spot is not None else None
        if new == self.refused:
            return
        self.refused = new
        with guarded_hold():
            self._draw_hover()
        self._drawn()

    def hover(self, spot: tuple[str, int] | None) -> bool:
        """Ring the vertex, edge or hex under the pointer (layer 3); True if it changed."""
        if spot == self.hovered:
            return False
        self.hovered = spot
        with guarded_hold():
            self._draw_hover()
        return True

    def set_cursor(self, spot: tuple[str, int] | None) -> bool:
        """Put the keyboard cursor on a vertex, edge or hex (None: none); only layer 3 is
        redrawn. True if it moved."""
        if spot == self.cursor:
            return False
        self.cursor = spot
        with guarded_hold():
            self._draw_hover()
        return True

    def show_labels(self, on: bool = True) -> None:
        """Show (or hide) the label of every vertex and edge over the glow (layer 2); no other
        layer is redrawn. The toggle button follows."""
        on = bool(on)
        if self.labels_button.value != on:
            self.labels_button.value = on  # comes back here through the observer
            return
        if on == self.labels:
            return
        self.labels = on
        with guarded_hold():
            self._draw_targets()  # the glow, and the labels over it
        self._drawn()

    def _draw_labels(self, c: Canvas) -> None:
        """Each vertex's label on a dark tag at the corner, each edge's on a light tag at its
        middle (one batched call per tag colour, then the texts); nothing while hidden."""
        if not self.labels:
            return
        size, pad = self.vp.len(LABEL_SIZE), self.vp.len(LABEL_PAD)
        c.font = style.font(size, bold=True)
        c.text_align, c.text_baseline = "center", "middle"
        for labels, xy, tag, ink in ((board.EDGE_LABELS, board.edge_xy, EDGE_TAG, EDGE_TAG_TEXT),
                                     (board.VERTEX_LABELS, board.vertex_xy, VERTEX_TAG,
                                      VERTEX_TAG_TEXT)):
            spots = [(self.vp.px(xy(i)), text) for i, text in enumerate(labels)]
            widths = np.array([0.62 * size * len(text) + 2 * pad for _, text in spots])
            xs = np.array([x for (x, _), _ in spots]) - widths / 2
            ys = np.array([y for (_, y), _ in spots]) - (size / 2 + pad)
            c.fill_style = tag
            c.fill_rects(xs, ys, widths, size + 2 * pad)
            c.fill_style = ink
            for (x, y), text in spots:
                c.fill_text(text, x, y + 0.06 * size)

    def px(self, n: float) -> float:
        """A line width or gap given in CSS pixels, in canvas pixels."""
        return n * self.ratio

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
        self._draw_glyphs(c, layout.terrain)

    def draw_pieces(self) -> None:
        """Layer 1: roads, then settlements and cities (walls, metropolises), knights, then the
        robber and the merchant."""
        c, state = self.pieces, self.game.state
        c.clear()
        players = getattr(self.game, "players", len(self.game.colors))
        roads = [(e, p) for e, p in enumerate(state.eowner) if p >= 0]
        self._draw_roads(c, roads)
        for e, p in roads:
            if p >= players:
                self._draw_neutral_road(c, e)
            else:
                self._draw_mark(c, *self.vp.px(board.edge_xy(e)),
                                self.vp.len(style.ROAD_MARK_SIZE), p, self._player(p))
        self._flush_marks(c)
        caps = getattr(state, "caps", BASE)  # a stand-in without caps: no C&K pieces
        kn = state.kn if caps.knights else ()
        walls = state.walls if caps.improvements else ()
        metros = ({v: t for t, v in enumerate(state.metro) if v >= 0} if caps.improvements
                  else {})
        for v, p in enumerate(state.vowner):
            if p >= 0:
                if walls and walls[v]:
                    self._draw_wall(c, v)
                self._draw_building(c, v, self._player(p), bool(state.vcity[v]))
                if p >= players:  # a neutral (N1, N2) or the dummy (D): its letter on it
                    self._draw_letter(c, v, state.name(p)[0], self._player(p))
                else:
                    dx, dy = style.CITY_MARK_AT if state.vcity[v] else style.SETTLEMENT_MARK_AT
                    vx, vy = board.vertex_xy(v)
                    self._draw_mark(c, *self.vp.px((vx + dx, vy + dy)),
                                    self.vp.len(style.MARK_SIZE), p, self._player(p))
                if v in metros:
                    self._draw_metropolis(c, v, metros[v])
        self._flush_marks(c)
        for v, k in enumerate(kn):
            if k is not None:
                self._draw_knight(c, v, self._player(k[0]), k[1], k[2],
                                  k[0] if k[0] < players else -1)
        self._flush_marks(c)
        self._draw_robber(c, state.robber)
        if kn and state.merchant[0] >= 0:
            self._draw_merchant(c, state.merchant[0], self._player(state.merchant[1]))
        self._draw_strip(c)

    def show_targets(self, targets: list[tuple[str, int]]) -> None:
        """Layer 2: a glow on each ("vertex" | "edge" | "hex", index) target; [] clears (and
        so does any why-not ring)."""
        self.targets = list(targets)
        ringed, self.refused = self.refused, None
        with guarded_hold():
            self._draw_targets()
            if ringed:
                self._draw_hover()
        if ringed:
            self._drawn()

    def _draw_targets(self) -> None:
        c = self.highlight
        c.clear()
        c.fill_style = c.stroke_style = style.TARGET
        for spot in self.targets:
            self._mark(c, spot, filled=True, road=1.9)
        self._draw_labels(c)

    def _draw_hover(self) -> None:
        c = self.hover_layer
        c.clear()
        if self.hovered is not None:
            c.stroke_style = style.HOVER
            self._mark(c, self.hovered, filled=False, road=0.7)
        if self.cursor is not None:  # a wide dark ring under a white one: clear on any colour
            for colour, width in ((CURSOR_EDGE, 7.0), (CURSOR, 3.5)):
                c.stroke_style = colour
                self._mark(c, self.cursor, filled=False, road=0.9, width=width, grow=1.35)
        if self.refused is not None:
            self._draw_refused(c, *self.refused)

    def _draw_refused(self, c: Canvas, spot: tuple[str, int], reason: str) -> None:
        """A red ring on a spot the chosen kind cannot be played on, its reason on a tag."""
        for colour, width in (("#ffffff", 8.0), (REFUSED, 4.5)):
            c.stroke_style = colour
            self._mark(c, spot, filled=False, road=1.0, width=width, grow=1.6)
        kind, i = spot
        xy = (board.vertex_xy(i) if kind == "vertex" else board.edge_xy(i) if kind == "edge"
              else board.hex_centre_xy(i))
        x, y = self.vp.px(xy)
        size, pad = self.vp.len(LABEL_SIZE) * 1.15, self.vp.len(LABEL_PAD) * 1.5
        text = f"✗ {reason}" if reason else "✗"
        w = 0.56 * size * len(text) + 2 * pad
        left = min(max(x - w / 2, 0.0), self.vp.ox * 2 - w)
        top = y + self.vp.len(style.TARGET_R) * 1.8
        c.fill_style = "rgba(255,255,255,0.94)"
        c.fill_rect(left, top, w, size + 2 * pad)
        c.stroke_style, c.line_width = REFUSED, self.px(1.5)
        c.stroke_rect(left, top, w, size + 2 * pad)
        c.fill_style = REFUSED
        c.font = style.font(size, bold=True)
        c.text_align, c.text_baseline = "left", "middle"
        c.fill_text(text, left + pad, top + pad + size / 2)

    def _mark(self, c: Canvas, spot: tuple[str, int], filled: bool, road: float,
              width: float = 3.0, grow: float = 1.0) -> None:
        """A disc (or ring, ``width`` CSS pixels wide) on a vertex, a bar ``road`` road-widths
        wide along an edge (a ring is an outlined capsule), a shrunken hexagon (or its
        outline) on a hex; ``grow`` scales the ring of a vertex."""
        kind, i = spot
        c.line_width = self.px(width)
        if kind == "edge":
            a, b = (board.vertex_xy(v) for v in board.EDGE_VERTICES[i])
            p, q = self.vp.px(_toward(a, b, 0.2)), self.vp.px(_toward(b, a, 0.2))
            c.line_cap = "round"
            if filled or grow == 1.0:
                c.line_width = self.vp.len(style.ROAD_WIDTH * road)
                c.stroke_line(*p, *q)
            else:  # a capsule around the edge
                r = self.vp.len(style.ROAD_WIDTH * road)
                ang = math.atan2(q[1] - p[1], q[0] - p[0])
                nx, ny = -math.sin(ang) * r, math.cos(ang) * r
                c.stroke_line(p[0] + nx, p[1] + ny, q[0] + nx, q[1] + ny)
                c.stroke_line(p[0] - nx, p[1] - ny, q[0] - nx, q[1] - ny)
                c.stroke_arc(*p, r, ang + math.pi / 2, ang + 3 * math.pi / 2, False)
                c.stroke_arc(*q, r, ang - math.pi / 2, ang + math.pi / 2, False)
        elif kind == "vertex":
            xy, r = self.vp.px(board.vertex_xy(i)), self.vp.len(style.TARGET_R) * grow
            (c.fill_circle if filled else c.stroke_circle)(*xy, r)
        else:
            pts = self.vp.pxs(hex_corners(i, 0.9 if grow == 1.0 else 0.8))
            (c.fill_polygon if filled else c.stroke_polygon)(pts)

    def hit(self, x: float, y: float) -> tuple[str, int] | None:
        """The vertex, edge or hex under canvas pixel ``(x, y)``."""
        return hit_test(self.vp.unpx(x, y))

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

    def _draw_glyphs(self, c: Canvas, terrain: tuple[int, ...]) -> None:
        """Each hex's terrain glyph (palette.TERRAIN_GLYPHS) at its glyph spots, so terrain
        reads without colour too: one batched call per glyph part and size, not per hex."""
        c.line_cap = c.line_join = "round"
        for t, glyph in enumerate(TERRAIN_GLYPHS):
            spots = [self.vp.px((x, y)) + (self.vp.len(size),)
                     for h in range(board.N_HEXES) if terrain[h] == t
                     for x, y, size in glyph_spots(h)]
            if not spots:
                continue
            for prim in glyph:
                kind, geo, colour = prim[0], prim[1], prim[2] or style.GLYPH_INK[t]
                if kind == "poly":
                    c.fill_style = colour
                    c.fill_polygons(np.array([_shape(x, y, s, geo) for x, y, s in spots]))
                elif kind == "circle":
                    gx, gy, gr = geo
                    c.fill_style = colour
                    c.fill_circles(np.array([x + gx * s for x, y, s in spots]),
                                   np.array([y + gy * s for x, y, s in spots]),
                                   np.array([gr * s for x, y, s in spots]))
                else:
                    c.stroke_style = colour
                    for size in sorted({s for _, _, s in spots}):
                        c.line_width = prim[3] * size
                        c.stroke_line_segments(np.array(
                            [_shape(x, y, s, geo) for x, y, s in spots if s == size]))

    def _draw_mark(self, c: Canvas, x: float, y: float, size: float, p: int,
                   fill: str) -> None:
        """Queue seat ``p``'s mark (palette.PLAYER_MARKS) at pixel ``(x, y)``, ``size``
        pixels, black or white on the piece colour ``fill``; ``_flush_marks`` draws them."""
        key = (style.text_on(fill), player_mark(p), size)
        self._marks.setdefault(key, []).append((x, y))

    def _flush_marks(self, c: Canvas) -> None:
        """Draw the queued marks, one call per ink, shape and size."""
        for (ink, mark, size), centres in self._marks.items():
            c.fill_style = ink
            outline = MARK_SHAPES[mark]
            if outline:
                c.fill_polygons(np.array([_shape(x, y, size, outline) for x, y in centres]))
            else:
                c.fill_circles(np.array([x for x, _ in centres]),
                               np.array([y for _, y in centres]), size)
        self._marks.clear()

    def _draw_token(self, c: Canvas, centre: Point, n: int) -> None:
        x, y = self.vp.px(centre)
        r = self.vp.len(style.TOKEN_RADIUS)
        c.fill_style, c.stroke_style = style.TOKEN_FILL, style.TOKEN_EDGE
        c.line_width = self.px(1.5)
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
        c.fill_style, c.stroke_style, c.line_width = fill, style.HARBOR_EDGE, self.px(1.5)
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

    def _draw_roads(self, c: Canvas, roads: list[tuple[int, int]]) -> None:
        """Every road: all the dark outlines first, then the fills, one call per colour."""
        if not roads:
            return
        w = self.vp.len(style.ROAD_WIDTH)
        by_fill: dict[str, list[list[Point]]] = {}
        for e, p in roads:
            a, b = (board.vertex_xy(v) for v in board.EDGE_VERTICES[e])
            ends = [self.vp.px(_toward(a, b, style.ROAD_TRIM)),
                    self.vp.px(_toward(b, a, style.ROAD_TRIM))]
            by_fill.setdefault(self._player(p), []).append(ends)
        c.line_cap = "round"
        c.stroke_style, c.line_width = style.PIECE_EDGE, w + self.px(3)
        c.stroke_line_segments(np.array([seg for segs in by_fill.values() for seg in segs]))
        c.line_width = w
        for fill, segs in by_fill.items():
            c.stroke_style = fill
            c.stroke_line_segments(np.array(segs))

    def _draw_building(self, c: Canvas, v: int, fill: str, city: bool) -> None:
        x, y = self.vp.px(board.vertex_xy(v))
        if city:
            pts = _shape(x, y, self.vp.len(style.CITY_SIZE), style.CITY_SHAPE)
        else:
            pts = _shape(x, y, self.vp.len(style.SETTLEMENT_SIZE), style.SETTLEMENT_SHAPE)
        c.fill_style, c.stroke_style, c.line_join = fill, style.PIECE_EDGE, "round"
        c.line_width = self.px(2)
        c.fill_polygon(pts)
        c.stroke_polygon(pts)

    def _draw_neutral_road(self, c: Canvas, e: int) -> None:
        """A dashed line along a neutral's road, so it never passes for a player's."""
        a, b = (board.vertex_xy(v) for v in board.EDGE_VERTICES[e])
        p, q = _toward(a, b, style.ROAD_TRIM + 0.05), _toward(b, a, style.ROAD_TRIM + 0.05)
        c.stroke_style, c.line_width = style.NEUTRAL_MARK, self.px(1.5)
        c.line_cap = "butt"
        c.set_line_dash([self.px(4), self.px(3)])
        c.stroke_line(*self.vp.px(p), *self.vp.px(q))
        c.set_line_dash([])

    def _draw_letter(self, c: Canvas, v: int, letter: str, fill: str) -> None:
        x, y = self.vp.px(board.vertex_xy(v))
        c.fill_style = style.text_on(fill if fill.startswith("#") else "#888888")
        c.font = style.font(self.vp.len(0.17), bold=True)
        c.text_align, c.text_baseline = "center", "middle"
        c.fill_text(letter, x, y + self.vp.len(0.06))

    def _draw_wall(self, c: Canvas, v: int) -> None:
        x, y = self.vp.px(board.vertex_xy(v))
        s = self.vp.len(style.WALL_SIZE)
        c.fill_style, c.stroke_style, c.line_width = style.WALL, style.PIECE_EDGE, self.px(1.5)
        c.fill_rect(x - s, y - 0.2 * s, 2 * s, 1.05 * s)
        c.stroke_rect(x - s, y - 0.2 * s, 2 * s, 1.05 * s)

    def _draw_metropolis(self, c: Canvas, v: int, track: int) -> None:
        x, y = self.vp.px(board.vertex_xy(v))
        u = self.vp.len(style.CITY_SIZE)
        pts = _shape(x + 0.55 * u, y - 1.0 * u, u, style.TOWER_SHAPE)
        c.fill_style, c.stroke_style = style.TRACK_FILL[track], style.PIECE_EDGE
        c.line_width = self.px(1.5)
        c.fill_polygon(pts)
        c.stroke_polygon(pts)

    def _draw_knight(self, c: Canvas, v: int, fill: str, level: int, active: bool,
                     seat: int = -1) -> None:
        """A disc in the owner's colour with the owner's mark (a player's: ``seat`` >= 0);
        1-3 bars for basic, strong, mighty; an inactive knight is pale with a dashed rim, an
        active one solid with a gold rim."""
        x, y = self.vp.px(board.vertex_xy(v))
        r = self.vp.len(style.KNIGHT_RADIUS)
        c.global_alpha = 1.0 if active else 0.55
        c.fill_style = fill
        c.fill_circle(x, y, r)
        c.global_alpha = 1.0
        c.stroke_style = style.KNIGHT_ACTIVE if active else style.PIECE_EDGE
        c.line_width = self.px(3 if active else 1.5)
        c.set_line_dash([] if active else [self.px(3)] * 2)
        c.stroke_circle(x, y, r)
        c.set_line_dash([])
        c.fill_style = style.text_on(fill)
        w, gap = 0.22 * r, 0.36 * r
        top, bottom = style.KNIGHT_BARS if seat >= 0 else (-0.5, 0.5)
        for i in range(level):
            c.fill_rect(x + (i - (level - 1) / 2) * gap - w / 2, y + top * r, w,
                        (bottom - top) * r)
        if seat >= 0:
            self._draw_mark(c, x, y + style.KNIGHT_MARK_AT * r, style.KNIGHT_MARK_SIZE * r,
                            seat, fill)

    def _draw_merchant(self, c: Canvas, h: int, fill: str) -> None:
        cx, cy = board.hex_centre_xy(h)
        x, y = self.vp.px((cx + style.ROBBER_OFFSET, cy + 0.05))
        pts = _shape(x, y, self.vp.len(0.13), style.MERCHANT_SHAPE)
        c.fill_style, c.stroke_style, c.line_width = fill, style.PIECE_EDGE, self.px(1.5)
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
        c.fill_style, c.stroke_style, c.line_width = style.ROBBER, style.ROBBER_EDGE, self.px(1.5)
        c.fill_polygon(body)
        c.stroke_polygon(body)
        c.fill_circle(x, y - 0.4 * u, 1.05 * u)
        c.stroke_circle(x, y - 0.4 * u, 1.05 * u)
        c.fill_circle(x, y - 1.55 * u, 0.75 * u)
        c.stroke_circle(x, y - 1.55 * u, 0.75 * u)

    # -- status strip (pieces layer) ---------------------------------------------------------

    def _draw_strip(self, c: Canvas) -> None:
        """Under the board: the dice of the roll (three in C&K), the production sums of a
        two-roll turn, and in C&K the barbarian track with the strengths it compares."""
        state, top = self.game.state, self.vp.oy * 2
        h = self.strip
        c.fill_style = style.STRIP_FILL
        c.fill_rect(0, top, self.vp.ox * 2, h)
        size, y = 0.56 * h, top + 0.2 * h
        x = self.px(12)
        faces = getattr(state, "rolled", ()) or getattr(state, "dice", ())
        if faces or getattr(state, "event", ""):
            for colour, value in zip(style.DICE, (*faces, 0, 0)[:2], strict=True):
                self._draw_die(c, x, y, size, colour, value)
                x += size * 1.25
            if getattr(state, "caps", BASE).improvements:  # the event die
                self._draw_event_die(c, x, y, size, state.event)
                x += size * 1.25
        else:
            c.fill_style, c.text_align, c.text_baseline = style.STRIP_TEXT, "left", "middle"
            c.font = style.font(0.28 * h)
            c.fill_text("no dice rolled yet", x, y + size / 2)
        sums = getattr(state, "sums", ())
        if sums:
            c.fill_style, c.text_align, c.text_baseline = style.STRIP_TEXT, "left", "middle"
            c.font = style.font(0.3 * h)
            c.fill_text("rolls " + " · ".join(map(str, sums)), x + self.px(4), y + size / 2)
        if getattr(state, "caps", BASE).improvements:  # the barbarian track
            self._draw_track(c, top, h, state.barb)

    def _draw_die(self, c: Canvas, x: float, y: float, size: float, colour: str,
                  value: int) -> None:
        fill, pip = colour
        c.fill_style, c.stroke_style, c.line_width = fill, style.PIECE_EDGE, self.px(1.5)
        square = _rounded_square(x, y, size)
        c.fill_polygon(square)
        c.stroke_polygon(square)
        c.fill_style = pip
        if not value:  # not thrown yet
            c.font, c.text_align, c.text_baseline = style.font(0.6 * size, True), "center", "middle"
            c.fill_text("?", x + size / 2, y + size / 2)
            return
        for dx, dy in style.PIPS[value]:
            c.fill_circle(x + size * (0.5 + 0.27 * dx), y + size * (0.5 + 0.27 * dy), 0.09 * size)

    def _draw_event_die(self, c: Canvas, x: float, y: float, size: float, face: str) -> None:
        fill = style.EVENT_FILL.get(face, "#ffffff")
        c.fill_style, c.stroke_style, c.line_width = fill, style.PIECE_EDGE, self.px(1.5)
        square = _rounded_square(x, y, size)
        c.fill_polygon(square)
        c.stroke_polygon(square)
        if not face:
            c.fill_style = style.PIECE_EDGE
            c.font, c.text_align, c.text_baseline = style.font(0.6 * size, True), "center", "middle"
            c.fill_text("?", x + size / 2, y + size / 2)
        elif face == "ship":
            c.fill_style = "#ffffff"
            c.fill_polygon(_shape(x + size / 2, y + size / 2, size / 2, style.SHIP_SHAPE))
        else:  # a city gate in the track's colour
            c.fill_style = "#ffffff"
            c.fill_polygon(_shape(x + size / 2, y + size / 2, size / 2, style.GATE_SHAPE))

    def _draw_track(self, c: Canvas, top: float, h: float, barb: int) -> None:
        """Seven steps from the far island (0) to the attack (7), the ship on its step, and
        the barbarians' strength against the active knights'."""
        r = 0.17 * h
        step = 2.55 * r
        right = self.vp.ox * 2 - self.px(14) - r
        y = top + 0.42 * h
        for i in range(TRACK_END + 1):
            x = right - (TRACK_END - i) * step
            c.fill_style = style.TRACK_ATTACK if i == TRACK_END else style.TRACK_STEP
            c.fill_circle(x, y, r)
            if i == barb:
                c.fill_style = style.PIECE_EDGE
                c.fill_polygon(_shape(x, y, 1.25 * r, style.SHIP_SHAPE))
        barbarians, knights = forces(self.game.state)
        text = f"barbarians {barbarians} vs knights {sum(knights.values())}"
        fought = self.last_attack if barb == 0 else None
        if fought:  # CK-BARB-AFTER: the knights lie down; say what fought
            text = (f"attack: barbarians {fought['barbarians']} vs knights "
                    f"{fought['defenders']} ({'held' if fought['won'] else 'lost'})")
        c.fill_style, c.text_align, c.text_baseline = style.STRIP_TEXT, "right", "middle"
        c.font = style.font(0.24 * h)
        c.fill_text(text, right + r, top + 0.85 * h)
        c.fill_text("barbarian ship", right - TRACK_END * step - 2 * r, y)
