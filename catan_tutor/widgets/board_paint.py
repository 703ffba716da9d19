"""The scene of a game drawn on canvas layers, in canvas pixels (``BoardView`` shows it): the
board (sea, land, number tokens, harbors, hex glyphs) and the pieces (roads, buildings and
their player marks, walls, metropolises, knights, robber, merchant), then the strip under the
board (dice, rolls, the barbarian track in C&K). What to draw comes from ``catan_tutor.scene``,
as for the SVG picture (``render.py``); this module only decides how it looks on the canvas.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

import numpy as np
from ipycanvas import Canvas

from .. import board
from ..knight_look import INACTIVE_RIM, bars, disc_fill
from ..knight_look import ink as knight_ink
from ..palette import (
    MARK_SHAPES,
    TERRAIN_GLYPHS,
    Point,
    Viewport,
    glyph_spots,
    hex_corners,
    neutral_dash,
    player_mark,
    rounded_square,
    sea_frame,
    shape,
    token_look,
    toward,
)
from ..rules.barbarians import TRACK_END
from ..scene import (
    Board,
    Building,
    Harbor,
    Knight,
    Merchant,
    Pieces,
    Road,
    Robber,
    Strip,
    Tile,
    board_scene,
    pieces_scene,
    strip_scene,
    track_forms,
)
from . import style
from .canvas_record import Drawings
from .dice_shown import NO_DICE, dice_caption
from .displaced_knight import draw_displaced
from .harbor_marks import harbor_tab
from .knight_size import (
    MERCHANT_LEAST_UNIT,
    ROBBER_LEAST_UNIT,
    at_least,
    knight_size,
    label_font,
)
from .letter_room import (
    LETTER_EM,
    ROOM,
    clear_of_pieces,
    keep_letters,
    letter_box,
)

if TYPE_CHECKING:
    from .board_view import GameLike

_toward, _shape, _rounded_square = toward, shape, rounded_square
BOARD_TEXT_PX = 11.0  # the least size of the board's words and numbers as shown (CSS px)
STRIP_TEXT_PX = 13.0  # the least size of the strip's words as shown (CSS px)
_BOARDS = Drawings()  # layer 0 as drawn for each board and size (``draw_static``)


class ScenePainter:
    """``ScenePainter(game, vp, ratio, strip)``: draws what ``game()`` shows through the
    viewport ``vp``; ``ratio`` canvas pixels per CSS pixel, ``strip`` canvas pixels under the
    board."""

    def __init__(
        self, game: Callable[[], GameLike], vp: Viewport, ratio: int, strip: float
    ) -> None:
        self._game, self.vp, self.ratio, self.strip = game, vp, ratio, strip
        self._marks: dict[tuple[str, str, float], list[Point]] = {}  # queued player marks
        self.strip_painter = StripPainter(vp, ratio, strip)
        self.zoom = 1.0  # the board's shown width over its natural width (a phone's: ~0.5)
        self.pieces_shown: tuple | None = None  # what layer 1 was last drawn from

    def text(self, units: float, least: float = BOARD_TEXT_PX) -> float:
        """A font size of ``units`` board units in canvas pixels, but never shown smaller
        than ``least`` CSS pixels: a phone shrinks the board, not its words (issue 33)."""
        return max(self.vp.len(units), least * self.ratio / self.zoom)

    @property
    def game(self) -> GameLike:
        return self._game()

    def px(self, n: float) -> float:
        """A line width or gap given in CSS pixels, in canvas pixels."""
        return n * self.ratio

    def draw_static(self, c: Canvas) -> Board:
        """Layer 0: sea, land, number tokens, harbors, hex letters (``scene.board_scene``);
        returns the board drawn."""
        game = self.game
        scene = board_scene(game.state, game.layout)
        key = (scene, self.vp, self.ratio, self.zoom)  # (what it is drawn from: the same
        _BOARDS.draw(c, key, lambda rec: self._draw_board(rec, scene))  # board, drawn again)
        return scene

    def _draw_board(self, c: Canvas, scene: Board) -> None:
        """Layer 0 drawn from ``scene`` (``draw_static``)."""
        c.clear()
        self._draw_sea(c)
        for harbor in scene.harbors:
            self._draw_harbor(c, harbor)
        for tile in scene.tiles:
            self.draw_hex(c, tile)
            if tile.number:
                self._draw_token(c, tile.centre, tile.number)
        self.draw_glyphs(c, tuple(tile.terrain for tile in scene.tiles))
        if self.vp.len(0.16) < self.text(0.16):  # a phone's: the harbors' words on tabs that
            for harbor in scene.harbors:  # reach over the coast, drawn over the land
                self._draw_harbor(c, harbor, piers=False)

    def keep_letters(self, c: Canvas, rings: list, pieces: Pieces | None = None) -> list[str]:
        """The letters the rings round ``rings`` cross, written again over them on ``c`` (each
        where it went clear of ``pieces``)."""
        game = self.game
        tiles = board_scene(game.state, game.layout).tiles if rings else ()
        return keep_letters(c, self.vp, self.ratio, self.text(LETTER_EM), tiles, rings, pieces)

    def letters(self, tiles: Iterable[Tile]) -> list[tuple[float, float, float, float]]:
        """The boxes of the hexes' letters with room round them (a tab keeps off them)."""
        size, room = self.text(LETTER_EM), ROOM * self.ratio
        return [letter_box(self.vp, t, size, room) for t in tiles]

    def draw_harbor_discs(self, c: Canvas) -> None:
        """The harbors' discs and words again on ``c`` (over the labels: a corner's tag next
        to a harbor cut its word, "lumbe", on a phone's board)."""
        game = self.game
        for harbor in board_scene(game.state, game.layout).harbors:
            self._draw_harbor(c, harbor, piers=False)

    def pieces(self) -> Pieces:
        """The pieces of the game shown (``scene.pieces_scene``)."""
        game = self.game
        players = getattr(game, "players", len(game.colors))
        return pieces_scene(game.state, game.layout, tuple(game.colors), players)

    def draw_pieces(
        self,
        c: Canvas,
        last_attack: dict | None = None,
        dice: tuple[tuple[int, ...], str] | None = None,
        unless_same: bool = False,
    ) -> bool:
        """Layer 1: roads, then settlements and cities (walls, metropolises), knights, then the
        robber and the merchant; the strip under the board (``last_attack``: the strengths of
        the attack just fought; ``dice``: the strip's dice and caption, ``dice_shown``). With
        ``unless_same``, nothing is drawn (False) when the layer shows it all (a kind chosen)."""
        pieces, game = self.pieces(), self.game
        tiles, strip = board_scene(game.state, game.layout).tiles, strip_scene(game.state)
        seen = (pieces, tiles, strip, repr(last_attack), dice, self.zoom, self.strip_painter.dark)
        if unless_same and seen == self.pieces_shown:
            return False
        c.clear()  # a letter a piece covers: moved clear of it, under it
        over = clear_of_pieces(c, self.vp, self.ratio, self.text(LETTER_EM), tiles, pieces)
        self._draw_roads(c, pieces.roads)
        for road in pieces.roads:
            if road.seat < 0:
                self._draw_neutral_road(c, road)
            else:
                x, y = self.vp.px(road.at)
                self._draw_mark(c, x, y, self.vp.len(style.ROAD_MARK_SIZE), road.seat, road.fill)
        self.flush_marks(c)
        for b in pieces.buildings:
            if b.wall:
                self._draw_wall(c, b.at)
            self._draw_building(c, b)
            if b.seat < 0:  # a neutral (N1, N2) or the dummy (D): its name on it
                self._draw_letter(c, b.vertex, b.label, b.fill)
            else:
                x, y = self.vp.px(b.mark_at)
                self._draw_mark(c, x, y, self.vp.len(style.MARK_SIZE), b.seat, b.fill)
            if b.metropolis >= 0:
                self._draw_metropolis(c, b.at, b.metropolis)
        self.flush_marks(c)
        for knight in pieces.knights:
            self.draw_knight(c, knight)
        self.flush_marks(c)
        if pieces.displaced is not None:  # waiting to be moved: beside the corner it left
            draw_displaced(self, c, pieces.displaced)
        if pieces.robber is not None:
            self._draw_robber(c, pieces.robber)
        if pieces.merchant is not None:
            self._draw_merchant(c, pieces.merchant)
        over()  # (a letter no place leaves clear: over the pieces)
        self.strip_painter.draw(c, strip, last_attack, dice)
        self.pieces_shown = seen
        return True

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

    def draw_hex(self, c: Canvas, tile: Tile) -> None:
        h, terrain = tile.hex, tile.terrain
        c.fill_style = style.TERRAIN_EDGE
        c.fill_polygon(self.vp.pxs(hex_corners(h)))
        c.fill_style = style.TERRAIN_FILL[terrain] if terrain >= 0 else style.UNKNOWN_TERRAIN
        c.fill_polygon(self.vp.pxs(hex_corners(h, style.HEX_INSET)))
        x, y = tile.centre
        dark = terrain in style.DARK_TERRAINS
        c.fill_style = style.LETTER_LIGHT if dark else style.LETTER_DARK
        c.font = style.font(self.text(0.19), bold=True)
        c.text_align, c.text_baseline = "center", "middle"
        c.fill_text(tile.letter, *self.vp.px((x, y - style.LETTER_OFFSET)))

    def draw_glyphs(self, c: Canvas, terrain: tuple[int, ...]) -> None:
        """Each hex's terrain glyph (palette.TERRAIN_GLYPHS) at its glyph spots, so terrain
        reads without colour too: one batched call per glyph part and size, not per hex."""
        c.line_cap = c.line_join = "round"
        for t, glyph in enumerate(TERRAIN_GLYPHS):
            spots = [
                self.vp.px((x, y)) + (self.vp.len(size),)
                for h in range(board.N_HEXES)
                if terrain[h] == t
                for x, y, size in glyph_spots(h)
            ]
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
                    c.fill_circles(
                        np.array([x + gx * s for x, y, s in spots]),
                        np.array([y + gy * s for x, y, s in spots]),
                        np.array([gr * s for x, y, s in spots]),
                    )
                else:
                    c.stroke_style = colour
                    for size in sorted({s for _, _, s in spots}):
                        c.line_width = prim[3] * size
                        c.stroke_line_segments(
                            np.array([_shape(x, y, s, geo) for x, y, s in spots if s == size])
                        )

    def _draw_mark(
        self, c: Canvas, x: float, y: float, size: float, p: int, fill: str, ink: str = ""
    ) -> None:
        """Queue seat ``p``'s mark (palette.PLAYER_MARKS) at pixel ``(x, y)``, ``size``
        pixels, in ``ink`` or black or white on the piece colour ``fill``; ``flush_marks``
        draws them."""
        key = (ink or style.text_on(fill), player_mark(p), size)
        self._marks.setdefault(key, []).append((x, y))

    def flush_marks(self, c: Canvas) -> None:
        """Draw the queued marks, one call per ink, shape and size."""
        for (ink, mark, size), centres in self._marks.items():
            c.fill_style = ink
            outline = MARK_SHAPES[mark]
            if outline:
                c.fill_polygons(np.array([_shape(x, y, size, outline) for x, y in centres]))
            else:
                c.fill_circles(
                    np.array([x for x, _ in centres]), np.array([y for _, y in centres]), size
                )
        self._marks.clear()

    def _draw_token(self, c: Canvas, centre: Point, n: int) -> None:
        x, y = self.vp.px(centre)
        r = self.vp.len(style.TOKEN_RADIUS)
        c.fill_style, c.stroke_style = style.TOKEN_FILL, style.TOKEN_EDGE
        c.line_width = self.px(1.5)
        c.fill_circle(x, y, r)
        c.stroke_circle(x, y, r)
        look = token_look(n)
        if look.ring:  # 6 and 8: a ring, a larger number (more than the colour)
            c.stroke_style = look.ink
            c.line_width = self.vp.len(style.TOKEN_HOT_RING_WIDTH)
            c.stroke_circle(x, y, self.vp.len(look.ring))
        c.fill_style = look.ink
        c.font = style.font(self.text(look.digit), bold=True)
        c.text_align, c.text_baseline = "center", "middle"
        c.fill_text(str(n), x, y - self.vp.len(0.05))
        k = board.pips(n)
        step, py = self.vp.len(style.PIP_SPACING), y + self.vp.len(0.17)
        for i in range(k):
            c.fill_circle(x + (i - (k - 1) / 2) * step, py, self.vp.len(style.PIP_RADIUS))

    def _draw_harbor(self, c: Canvas, harbor: Harbor, piers: bool = True) -> None:
        spot = harbor.spot
        x, y = self.vp.px(spot)
        c.stroke_style, c.line_width = style.PIER, self.vp.len(style.PIER_WIDTH)
        c.line_cap = "round"
        for corner in harbor.coast if piers else ():
            a = _toward(corner, spot, 0.08)
            b = _toward(corner, spot, 0.75)
            c.stroke_line(*self.vp.px(a), *self.vp.px(b))
        fill = harbor.fill
        r = self.vp.len(style.HARBOR_RADIUS)
        c.fill_style, c.stroke_style, c.line_width = fill, style.HARBOR_EDGE, self.px(1.5)
        c.fill_circle(x, y, r)
        c.stroke_circle(x, y, r)
        c.fill_style = style.text_on(fill)
        c.text_align, c.text_baseline = "center", "middle"
        if not harbor.name:  # (the ratio within its disc: a phone's small board's overflowed)
            c.font = style.font(self.text(0.24), bold=True)
            c.fill_text(harbor.ratio, x, y, max_width=1.8 * r)
            return
        small = self.vp.len(0.16) < self.text(0.16)  # a phone's board: the word is too wide
        c.font = style.font(self.text(0.21), bold=True)  # for its disc at a readable size
        c.fill_text(harbor.ratio, x, y if small else y - self.vp.len(0.08), max_width=1.8 * r)
        size = self.text(0.16)
        c.font = style.font(size)
        if not small:
            c.fill_text(harbor.name, x, y + self.vp.len(0.13), max_width=1.8 * r)  # in its disc
            return
        left, top, right, bottom = harbor_tab(self, harbor)
        tab = [(left, top), (right, top), (right, bottom), (left, bottom)]
        c.fill_style, c.stroke_style = fill, style.HARBOR_EDGE
        c.fill_polygon(tab)
        c.stroke_polygon(tab)
        c.fill_style = style.text_on(fill)
        c.fill_text(harbor.name, (left + right) / 2, top + 0.62 * size)

    # -- pieces layer -----------------------------------------------------------------------

    def _draw_roads(self, c: Canvas, roads: tuple[Road, ...]) -> None:
        """Every road: all the dark outlines first, then the fills, one call per colour."""
        if not roads:
            return
        w = self.vp.len(style.ROAD_WIDTH)
        by_fill: dict[str, list[list[Point]]] = {}
        for road in roads:
            a, b = road.ends
            ends = [
                self.vp.px(_toward(a, b, style.ROAD_TRIM)),
                self.vp.px(_toward(b, a, style.ROAD_TRIM)),
            ]
            by_fill.setdefault(road.fill, []).append(ends)
        c.line_cap = "round"
        every = np.array([seg for segs in by_fill.values() for seg in segs])
        c.stroke_style = style.PIECE_HALO
        c.line_width = w + self.px(3 + 2 * style.HALO_WIDTH)
        c.stroke_line_segments(every)
        c.stroke_style, c.line_width = style.PIECE_EDGE, w + self.px(3)
        c.stroke_line_segments(every)
        c.line_width = w
        for fill, segs in by_fill.items():
            c.stroke_style = fill
            c.stroke_line_segments(np.array(segs))

    def _draw_building(self, c: Canvas, b: Building) -> None:
        x, y = self.vp.px(b.at)
        fill = b.fill
        if b.city:
            pts = _shape(x, y, self.vp.len(style.CITY_SIZE), style.CITY_SHAPE)
        else:
            pts = _shape(x, y, self.vp.len(style.SETTLEMENT_SIZE), style.SETTLEMENT_SHAPE)
        c.line_join = "round"
        self._halo(c, pts, 2)
        c.fill_style, c.stroke_style = fill, style.PIECE_EDGE
        c.line_width = self.px(2)
        c.fill_polygon(pts)
        c.stroke_polygon(pts)

    def _halo(self, c: Canvas, pts: list[Point], edge: float) -> None:
        """The light ring outside a piece's outline of ``edge`` CSS pixels (palette.PIECE_HALO):
        a wide light stroke that the piece's fill and outline then cover inside."""
        c.stroke_style = style.PIECE_HALO
        c.line_width = self.px(edge + 2 * style.HALO_WIDTH)
        c.stroke_polygon(pts)

    def _draw_neutral_road(self, c: Canvas, road: Road) -> None:
        """A dashed line along a neutral's road, so it never passes for a player's nor for
        another neutral's (each neutral its own dashes)."""
        (a, b), k = road.ends, road.neutral
        p, q = _toward(a, b, style.ROAD_TRIM + 0.05), _toward(b, a, style.ROAD_TRIM + 0.05)
        c.stroke_style, c.line_width = style.NEUTRAL_MARK, self.px(1.5)
        c.line_cap = "butt"
        c.set_line_dash([self.px(d) for d in neutral_dash(k)])
        c.stroke_line(*self.vp.px(p), *self.vp.px(q))
        c.set_line_dash([])

    def _draw_letter(self, c: Canvas, v: int, letter: str, fill: str) -> None:
        x, y = self.vp.px(board.vertex_xy(v))
        c.fill_style = style.text_on(fill if fill.startswith("#") else "#888888")
        c.font = style.font(self.vp.len(0.17 if len(letter) < 2 else 0.145), bold=True)
        c.text_align, c.text_baseline = "center", "middle"
        c.fill_text(letter, x, y + self.vp.len(0.06))

    def _draw_wall(self, c: Canvas, at: Point) -> None:
        """A crenellated stone wall around the city's foot, on a light ring (palette)."""
        x, y = self.vp.px(at)
        pts = _shape(x, y, self.vp.len(style.WALL_SIZE), style.WALL_SHAPE)
        c.line_join = "round"
        self._halo(c, pts, 1.5)
        c.fill_style, c.stroke_style, c.line_width = style.WALL, style.PIECE_EDGE, self.px(1.5)
        c.fill_polygon(pts)
        c.stroke_polygon(pts)

    def _draw_metropolis(self, c: Canvas, at: Point, track: int) -> None:
        x, y = self.vp.px(at)
        u = self.vp.len(style.CITY_SIZE)
        pts = _shape(x + 0.55 * u, y - 1.0 * u, u, style.TOWER_SHAPE)
        c.fill_style, c.stroke_style = style.TRACK_FILL[track], style.PIECE_EDGE
        c.line_width = self.px(1.5)
        c.fill_polygon(pts)
        c.stroke_polygon(pts)

    def draw_knight(self, c: Canvas, k: Knight) -> None:
        """A disc with the owner's mark (a player's: ``seat`` >= 0) or name (a neutral's:
        ``label``) and 1-3 bold bars for basic, strong, mighty: an active knight's in its
        owner's colour with a gold rim, an inactive one's a light tint of it with dark marks
        and a dashed rim (``knight_look``); a light ring outside."""
        fill, active, label = k.fill, k.active, k.label
        x, y = self.vp.px(k.at)  # at a least size as shown, with its rim (knight_size.py)
        natural = self.vp.len(style.KNIGHT_RADIUS)  # (a neutral's larger: its number, s43)
        r, line = knight_size(natural, self.ratio, self.zoom, bool(label))
        c.fill_style = style.PIECE_HALO
        c.fill_circle(x, y, r + line((1.5 if active else INACTIVE_RIM / 2) + style.HALO_WIDTH))
        c.fill_style = disc = disc_fill(fill, active)
        c.fill_circle(x, y, r)
        c.stroke_style = style.KNIGHT_ACTIVE if active else style.PIECE_EDGE
        c.line_width = line(3 if active else INACTIVE_RIM)
        c.set_line_dash([] if active else [line(3)] * 2)
        c.stroke_circle(x, y, r)
        c.set_line_dash([])
        c.fill_style = mark = knight_ink(fill, active)
        top, bottom = style.KNIGHT_BARS if k.seat >= 0 or label else (-0.5, 0.5)
        for left, above, w, h in bars(k.level, r, top, bottom):
            c.fill_rect(x + left, y + above, w, h)
        if label:
            c.font = style.font(label_font(r, self.ratio, self.zoom), bold=True)
            c.text_align, c.text_baseline = "center", "middle"
            c.fill_text(label, x, y + style.KNIGHT_MARK_AT * r)
        elif k.seat >= 0:
            at, size = y + style.KNIGHT_MARK_AT * r, style.KNIGHT_MARK_SIZE * r
            self._draw_mark(c, x, at, size, k.seat, disc, mark)

    def _draw_merchant(self, c: Canvas, merchant: Merchant) -> None:
        merchant_figure(self, c, merchant)

    def _draw_robber(self, c: Canvas, robber: Robber) -> None:
        x, y = self.vp.px(robber.at)
        u = at_least(self.vp.len(0.11), ROBBER_LEAST_UNIT, self.ratio, self.zoom)  # (a phone)
        body = _shape(x, y, u, style.ROBBER_SHAPE)
        c.fill_style, c.stroke_style, c.line_width = style.ROBBER, style.ROBBER_EDGE, self.px(1.5)
        c.fill_polygon(body)
        c.stroke_polygon(body)
        c.fill_circle(x, y - 0.4 * u, 1.05 * u)
        c.stroke_circle(x, y - 0.4 * u, 1.05 * u)
        c.fill_circle(x, y - 1.55 * u, 0.75 * u)
        c.stroke_circle(x, y - 1.55 * u, 0.75 * u)

    # -- status strip (pieces layer) ---------------------------------------------------------


# A two-roll turn's first roll (2P-ROLL-TWICE): its dice's faces at this strength (0.45 hid the
# red die on the dark strip, 1.4:1: a fresh learner, s16, v02_1116_p2.png); their outline and
# pips at full strength: the outline light on the dark strip (11:1), near-black on the light one
# (14:1); the pips at least 3:1 on the faded face (the red die's, faded too at 0.6, were 1.9:1
# on the light strip, s17: 3.1:1 now)
FADED = 0.7
DIE_RIM_DARK = "#ece6d8"
CHAR_WIDTH = 0.52  # of the font's size: a character of the strip's text, about (no measuring)
TRACK_LABEL = "barbarian ship"
CAPTION_LINES = {True: 1, False: 2}  # a C&K strip's caption's lines at most: dice drawn or not


def merchant_figure(p: ScenePainter, c: Canvas, merchant: Merchant) -> None:
    """The merchant: a money bag in its holder's colour with a gold coin (s43: a pawn with a
    head read as the robber; l35: a plain mark read as a knight)."""
    fill = merchant.fill
    x, y = p.vp.px(merchant.at)
    u = at_least(p.vp.len(style.MERCHANT_SIZE), MERCHANT_LEAST_UNIT, p.ratio, p.zoom)
    pts = _shape(x, y, u, style.MERCHANT_SHAPE)
    c.line_join = "round"
    p._halo(c, pts, 1.5)
    c.fill_style, c.stroke_style, c.line_width = fill, style.PIECE_EDGE, p.px(1.5)
    c.fill_polygon(pts)
    c.stroke_polygon(pts)
    # the cord at its neck, a gold coin: a bag (s43, l35)
    (ax, ay), (bx, by) = style.MERCHANT_TIE
    c.line_width = p.px(2)
    c.stroke_line(x + ax * u, y + ay * u, x + bx * u, y + by * u)
    dx, dy, r = style.MERCHANT_COIN
    c.line_width = p.px(1.5)
    c.fill_style = style.MERCHANT_GOLD
    c.fill_circle(x + dx * u, y + dy * u, r * u)
    c.stroke_circle(x + dx * u, y + dy * u, r * u)


class StripPainter:
    """The strip under the board: the dice of the turn (with the event die in C&K), the
    rolls of a two-roll turn, and in C&K the barbarian track with the strengths it compares."""

    def __init__(self, vp: Viewport, ratio: int, strip: float) -> None:
        self.vp, self.ratio, self.strip = vp, ratio, strip
        self.dark = False  # the page's theme: the strip's colours follow it
        self.zoom = 1.0  # the board's shown width over its natural width (a phone's: ~0.5)
        self.caption_out = False  # the dice's caption left out (said under the board instead)

    @property
    def text_colour(self) -> str:
        return style.STRIP_TEXT_DARK if self.dark else style.STRIP_TEXT

    def px(self, n: float) -> float:
        return n * self.ratio

    def draw(
        self,
        c: Canvas,
        strip: Strip,
        last_attack: dict | None,
        dice: tuple[tuple[int, ...], str] | None = None,
    ) -> None:
        """Under the board: the dice of the roll (three in C&K) with a caption saying what
        they are (``dice``: the faces and caption ``dice_shown`` finds on the timeline, else
        the state's; a two-roll turn's rolls in it, the first roll's pair drawn faded before
        the second's when ``dice`` has four faces), and in C&K the barbarian track with the
        strengths it compares."""
        top, h = self.vp.oy * 2, self.strip
        c.fill_style = style.STRIP_FILL_DARK if self.dark else style.STRIP_FILL
        c.fill_rect(0, top, self.vp.ox * 2, h)
        size, y = 0.56 * h, top + 0.2 * h
        x = self.px(12)
        if dice is None:
            faces = strip.faces
            dice = (faces, dice_caption(strip.sums, len(faces) == 4) if faces else NO_DICE)
        faces, caption = dice
        event = strip.event
        if len(faces) == 4:  # a two-roll turn: the first roll faded, then the second
            for colour, value in zip(style.DICE, faces[:2], strict=True):
                self._draw_die(c, x, y, size, colour, value, FADED)
                x += size * 1.25
            first_event = getattr(dice, "first_event", "")
            if strip.ck and first_event:  # its event die too, faded (CK2P-ROLL-DOUBLE)
                self._draw_event_die(c, x, y, size, first_event, FADED)
                x += size * 1.25
            faces, x = faces[2:], x + size * 0.35
        if faces or event:
            shown = (*faces, 0, 0)[: 1 if len(faces) == 1 else 2]  # (one: the dummy's own die)
            for colour, value in zip(style.DICE[: len(shown)], shown, strict=True):
                self._draw_die(c, x, y, size, colour, value)
                x += size * 1.25
            if strip.ck:  # the event die (while a second roll is thrown: the first's, faded)
                self._draw_event_die(c, x, y, size, event, FADED if strip.event_first else 1.0)
                x += size * 1.25
        drawn = bool(faces or event)  # dice drawn left of the caption
        x += self.px(4)
        self.caption_out = False  # (a phone's, beside three dice: in words under the board,
        if not caption:  # board_panel.event_line; three lines of 13 px overlapped there)
            return self._draw_track(c, top, h, strip, last_attack, x) if strip.ck else None
        right = (
            self._track_left(h, strip, last_attack) if strip.ck else self.vp.ox * 2 + self.px(10)
        )
        room = right - self.px(10) - x
        least = STRIP_TEXT_PX * self.ratio / self.zoom  # never shown smaller (a phone's)
        font = max(0.28 * h, least)
        if len(caption) * CHAR_WIDTH * font > room:  # else smaller, on two lines
            font = max(0.24 * h, least)
        lines = wrap(caption, max(8, int(room / (CHAR_WIDTH * font))))
        # C&K's dice and track: in the strip where it fits in a line beside the dice (in two
        # it read apart, "The dice of the last / roll.", at 1024: s34 s11; in three, "Faded:
        # the / first / roll.", s17) or in two with no dice (the room is the caption's: 8.1 at
        # 768x1024 said "The dice are not rolled yet this turn." under an empty box, s34 t01);
        # else in words under the board, in the lines kept for them (style.EVENT_LINES)
        most = CAPTION_LINES[drawn] if 2.2 * font <= h else 1  # (two lines as tall as the
        if strip.ck and len(lines) > most:  # strip ran together: a phone's, at 13 px)
            self.caption_out = True
            return self._draw_track(c, top, h, strip, last_attack, x)
        c.fill_style, c.text_align, c.text_baseline = self.text_colour, "left", "middle"
        c.font = style.font(font)
        said = x + max(len(line) for line in lines) * CHAR_WIDTH * font  # the caption's end
        n = len(lines)  # evenly spaced, or as close as the font lets them, within the strip
        step = min(max(font * 1.15, h / (n + 1)), (h - 0.2 * font) / n)  # (1.02: touching)
        first = top + h / 2 - step * (len(lines) - 1) / 2
        for i, line in enumerate(lines):
            c.fill_text(line, x, first + i * step)
        if strip.ck:  # the barbarian track, its words right of the caption's
            self._draw_track(c, top, h, strip, last_attack, said)

    @property
    def die_rim(self) -> str:
        """A die's outline, at full strength even on a faded die: the die's shape reads against
        the strip (at least 3:1) whatever its colour and the page's theme."""
        return DIE_RIM_DARK if self.dark else style.PIECE_EDGE

    def _draw_die(
        self,
        c: Canvas,
        x: float,
        y: float,
        size: float,
        colour: tuple[str, str],
        value: int,
        alpha: float = 1.0,
    ) -> None:
        """A die showing ``value`` (0: "?"), its face drawn at ``alpha`` (faded: a two-roll
        turn's first roll), its pips and outline at full strength (FADED)."""
        fill, pip = colour
        square = _rounded_square(x, y, size)
        c.global_alpha, c.fill_style = alpha, fill
        c.fill_polygon(square)
        c.global_alpha, c.fill_style = 1.0, pip
        if not value:  # not thrown yet
            c.font, c.text_align, c.text_baseline = style.font(0.6 * size, True), "center", "middle"
            c.fill_text("?", x + size / 2, y + size / 2)
        for dx, dy in style.PIPS.get(value, ()):
            c.fill_circle(x + size * (0.5 + 0.27 * dx), y + size * (0.5 + 0.27 * dy), 0.09 * size)
        c.global_alpha, c.stroke_style, c.line_width = 1.0, self.die_rim, self.px(2)
        c.stroke_polygon(square)

    def _draw_event_die(
        self, c: Canvas, x: float, y: float, size: float, face: str, alpha: float = 1.0
    ) -> None:
        """The event die showing ``face`` ('': not thrown yet, "?"), its face drawn at
        ``alpha`` (faded: the first roll's, CK2P-ROLL-DOUBLE), its outline and mark at full
        strength, as the other dice's (FADED)."""
        fill = style.EVENT_FILL.get(face, "#ffffff")
        c.fill_style, c.stroke_style, c.line_width = fill, self.die_rim, self.px(2)
        square = _rounded_square(x, y, size)
        c.global_alpha = alpha
        c.fill_polygon(square)
        c.global_alpha = 1.0
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

    def _track_geometry(self, h: float) -> tuple[float, float, float]:
        """The barbarian track's step radius, spacing and its last step's centre (x)."""
        r = 0.17 * h
        return r, 2.55 * r, self.vp.ox * 2 - self.px(14) - r

    def _track_left(self, h: float, strip: Strip, last_attack: dict | None) -> float:
        """Where the track's words begin (x), its label's or the strengths' under it: the
        dice's caption stays left of both."""
        r, step, right = self._track_geometry(h)
        label = right - TRACK_END * step - 2 * r - len(TRACK_LABEL) * CHAR_WIDTH * self._small(h)
        said = len(self._track_text(h, strip, last_attack, short=True)) * CHAR_WIDTH
        return min(label, right + r - said * self._small(h))

    def _track_text(
        self,
        h: float,
        strip: Strip,
        last_attack: dict | None,
        room: float = float("inf"),
        short: bool = False,
    ) -> str:
        """The strengths under the track (``track_words``); after an attack (the ship back at
        0), the last attack's strengths and how it ended (CK-BARB-AFTER: the knights lie down).
        Shorter where the long words would reach the dice or their caption, ``room`` canvas
        pixels to the track's right end (a phone's two rolls: five dice). ``short``: the
        longest form the dice's caption leaves room for whatever it says (its first form is
        drawn only where the caption drawn leaves room for it)."""
        fought = last_attack if strip.barb == 0 else None
        if fought:
            b, d, end = (
                fought["barbarians"],
                fought["defenders"],
                "held" if fought["won"] else "fell",
            )
            forms = [  # (said as past: on the next turn, unsaid, it read as stale: l39)
                f"last attack: barbarians {b} vs knights {d}, Catan {end}",
                f"last attack {b} vs {d}: Catan {end}",
                f"last attack: Catan {end}",
            ]
        else:
            b, d = strip.barbarians, strip.defenders
            forms = list(track_forms(b, d))  # (one wording: scene.track_forms)
        if short:
            forms = forms[1:] or forms
        char = CHAR_WIDTH * self._small(h)
        return next((f for f in forms if len(f) * char <= room), forms[-1])

    def _small(self, h: float) -> float:
        """The track's words' size: never shown under ``BOARD_TEXT_PX`` (a phone's)."""
        return max(0.24 * h, BOARD_TEXT_PX * self.ratio / self.zoom)

    def _draw_track(
        self,
        c: Canvas,
        top: float,
        h: float,
        strip: Strip,
        last_attack: dict | None,
        dice_right: float = 0.0,
    ) -> None:
        """Seven steps from the far island (0) to the attack (7), the ship on its step, and
        the barbarians' strength against the active knights', right of ``dice_right``."""
        barb = strip.barb
        r, step, right = self._track_geometry(h)
        # (the steps up a little where the words under them are drawn larger than the strip's
        # proportion, a phone's 333 px board: its label's foot touched the strengths' top)
        y = top + max(r, min(0.42 * h, h - 1.6 * self._small(h)))
        for i in range(TRACK_END + 1):
            x = right - (TRACK_END - i) * step
            c.fill_style = style.TRACK_ATTACK if i == TRACK_END else style.TRACK_STEP
            c.fill_circle(x, y, r)
            if i == barb:
                c.fill_style = style.PIECE_EDGE
                c.fill_polygon(_shape(x, y, 1.25 * r, style.SHIP_SHAPE))
        text = self._track_text(h, strip, last_attack, right + r - dice_right - self.px(4))
        c.fill_style, c.text_align, c.text_baseline = self.text_colour, "right", "middle"
        c.font = style.font(self._small(h))
        c.fill_text(text, right + r, top + h - 0.6 * self._small(h))
        c.fill_text(TRACK_LABEL, right - TRACK_END * step - 2 * r, y)


# ---------------------------------------------------------------- overlays (BoardView's layers)
HINT_RING = "#0b57d0"  # the hint's ring and arrow, on a white halo
TARGET_OUTLINE = "#ffd600"  # a legal hex: an outline ring on a dark halo, terrain left visible
TARGET_HALO = "rgba(20, 20, 20, 0.75)"


def hint_arrow(x: float, y: float, r: float) -> list[tuple[float, float]]:
    """An arrow pointing down at ``(x, y)`` from above a ring of radius ``r``: the hint's."""
    tip, head, tail = y - 1.15 * r, y - 2.1 * r, y - 3.6 * r
    half, shaft = 0.75 * r, 0.28 * r
    return [
        (x, tip),
        (x + half, head),
        (x + shaft, head),
        (x + shaft, tail),
        (x - shaft, tail),
        (x - shaft, head),
        (x - half, head),
    ]


def wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` characters, broken between words."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]
