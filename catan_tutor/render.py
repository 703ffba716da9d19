"""A static SVG picture of the board, for notebooks (``Game._repr_svg_``), files and docs.

``svg(game)`` draws what the tutor's canvas draws, with the same colours, terrain glyphs,
player marks and geometry (``catan_tutor.palette``): sea, harbors, terrain, number tokens,
roads, settlements, cities and, in Cities & Knights, walls, metropolises, knights, the
merchant and the barbarian track. It accepts a ``Game``, a ``State``, a timeline ``Node``, a
``Timeline`` or a ``Scenario``. Every text is escaped; player colours pass through
``palette.player_fill`` (a palette shade, a checked ``#rrggbb`` or grey), never verbatim.
What to draw comes from ``catan_tutor.scene``, as for the canvas; this module only decides
how it looks in SVG.
"""

from __future__ import annotations

import html
import math
from pathlib import Path
from typing import Any

from . import board
from . import palette as P
from . import scene as S
from .knight_look import INACTIVE_RIM, bars, disc_fill
from .knight_look import ink as knight_ink
from .rules.barbarians import TRACK_END

__all__ = ["knight_svg", "svg", "save_svg"]

Point = tuple[float, float]
_U = 100.0  # SVG user units per board unit
_PX = 1 / 55  # one CSS pixel of the 640-pixel canvas, in board units
_STRIP = P.STRIP_HEIGHT * _PX  # the strip under the board, in board units
_HALO = ' stroke-linejoin="round" class="halo"'  # the light ring outside a piece


def _n(x: float) -> str:
    """A coordinate in SVG user units, short."""
    text = f"{x * _U:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _pts(points: list[Point]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def _colour(attr: str, colour: str) -> str:
    """`` attr="#rrggbb"`` (an ``rgba(...)`` palette colour as colour plus opacity, which
    every SVG reader understands)."""
    if colour.startswith("rgba("):
        r, g, b, a = (float(x) for x in colour[5:-1].split(","))
        return f' {attr}="#{int(r):02x}{int(g):02x}{int(b):02x}" {attr}-opacity="{a:g}"'
    return f' {attr}="{colour}"'


class _Svg:
    """Collects SVG elements; sizes in board units."""

    def __init__(self) -> None:
        self.parts: list[str] = []

    def add(self, text: str) -> None:
        self.parts.append(text)

    @staticmethod
    def _paint(fill: str | None, stroke: str | None, width: float, extra: str) -> str:
        out = _colour("fill", fill) if fill else ' fill="none"'
        if stroke:
            out += _colour("stroke", stroke) + f' stroke-width="{_n(width)}"'
        return out + extra

    def polygon(
        self,
        points: list[Point],
        fill: str | None,
        stroke: str | None = None,
        width: float = 0.0,
        extra: str = "",
    ) -> None:
        self.add(f'<polygon points="{_pts(points)}"{self._paint(fill, stroke, width, extra)}/>')

    def polyline(self, points: list[Point], stroke: str, width: float, extra: str = "") -> None:
        self.add(f'<polyline points="{_pts(points)}"{self._paint(None, stroke, width, extra)}/>')

    def circle(
        self,
        c: Point,
        r: float,
        fill: str | None,
        stroke: str | None = None,
        width: float = 0.0,
        extra: str = "",
    ) -> None:
        self.add(
            f'<circle cx="{_n(c[0])}" cy="{_n(c[1])}" r="{_n(r)}"'
            f"{self._paint(fill, stroke, width, extra)}/>"
        )

    def line(self, a: Point, b: Point, stroke: str, width: float, extra: str = "") -> None:
        self.add(
            f'<line x1="{_n(a[0])}" y1="{_n(a[1])}" x2="{_n(b[0])}" y2="{_n(b[1])}"'
            f'{_colour("stroke", stroke)} stroke-width="{_n(width)}"{extra}/>'
        )

    def text(
        self,
        at: Point,
        words: str,
        size: float,
        fill: str,
        bold: bool = False,
        anchor: str = "middle",
        extra: str = "",
    ) -> None:
        weight = ' font-weight="bold"' if bold else ""
        self.add(
            f'<text x="{_n(at[0])}" y="{_n(at[1])}" font-size="{_n(size)}"'
            f'{_colour("fill", fill)} text-anchor="{anchor}" dominant-baseline="central"'
            f"{weight}{extra}>{_text(words)}</text>"
        )


def svg(game: Any, *, labels: bool = False, size: int = 560, path: str | Path | None = None) -> str:
    """The board of ``game`` (a Game, State, timeline Node, Timeline or Scenario) as an SVG
    document ``size`` pixels wide; ``labels`` adds the vertex and edge labels (``H4``,
    ``A3``); ``path`` also writes it to that file."""
    state = S.parts(game)[0]
    scene = S.scene_of(game)
    strip = scene.strip.ck or bool(scene.strip.faces)
    apothem = P.LAND_APOTHEM + P.SEA_MARGIN + P.SEA_EDGE_WIDTH / 2
    half_w = apothem * 2 / math.sqrt(3)
    width, height = 2 * half_w, 2 * apothem + (_STRIP if strip else 0.0)
    px_h = round(size * height / width)
    out = _Svg()
    title = _title(state, scene.players)
    out.add(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{int(size)}" height="{px_h}" '
        f'viewBox="{_n(-half_w)} {_n(-apothem)} {_n(width)} {_n(height)}" role="img" '
        f"aria-label={_attr(title)} font-family={_attr(P.FONT)}>"
    )
    out.add(f"<title>{_text(title)}</title>")
    _draw_board(out, scene.board)
    _draw_pieces(out, scene.pieces)
    if labels:
        _draw_labels(out)
    if strip:
        _draw_strip(out, scene.strip, -half_w, apothem, width)
    out.add("</svg>")
    text = "\n".join(out.parts) + "\n"
    if path is not None:
        Path(path).write_text(text, encoding="utf-8")
    return text


def save_svg(game: Any, path: str | Path, *, labels: bool = False, size: int = 560) -> str:
    """Write the board of ``game`` to ``path`` as SVG; returns the SVG text."""
    return svg(game, labels=labels, size=size, path=path)


def knight_svg(level: int, active: bool, fill: str, size: float = 18.0) -> str:
    """One knight of ``level`` (1-3), active or not, in ``fill``, drawn as the board draws one
    (``_draw_knight``: no owner's mark, its bars the disc's height) in an SVG ``size`` px
    across: the page's key to the knights' look (``widgets/knight_key.py``). Hidden from
    screen readers: the key says it in words."""
    out = _Svg()
    r = P.KNIGHT_RADIUS + (P.HALO_WIDTH + 2) * _PX  # (its rim and light ring)
    out.add(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size:g}" height="{size:g}" '
        f'viewBox="{_n(-r)} {_n(-r)} {_n(2 * r)} {_n(2 * r)}" aria-hidden="true" '
        'focusable="false" style="vertical-align:middle">'
    )
    _draw_knight(out, S.Knight(-1, -1, P.player_fill(fill), level, active, (0.0, 0.0), -1, ""))
    out.add("</svg>")
    return "".join(out.parts)


def merchant_svg(fill: str, size: float = 18.0) -> str:
    """The merchant in ``fill``, drawn as the board draws it (a money bag with a gold coin), in
    an SVG ``size`` px high: the page's key to it (``widgets/merchant_key.py``). Hidden from
    screen readers: the key says it in words."""
    out = _Svg()
    u, pad = P.MERCHANT_SIZE, (P.HALO_WIDTH + 2) * _PX
    xs = [x * u for x, _ in P.MERCHANT_SHAPE]
    ys = [y * u for _, y in P.MERCHANT_SHAPE]
    x0, y0 = min(xs) - pad, min(ys) - pad
    w, h = max(xs) + pad - x0, max(ys) + pad - y0
    out.add(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size * w / h:.1f}" height="{size:g}" '
        f'viewBox="{_n(x0)} {_n(y0)} {_n(w)} {_n(h)}" aria-hidden="true" '
        'focusable="false" style="vertical-align:middle">'
    )
    piece = P.shape(0.0, 0.0, u, P.MERCHANT_SHAPE)
    out.polygon(piece, None, P.PIECE_HALO, (1.5 + 2 * P.HALO_WIDTH) * _PX, _HALO)
    out.polygon(piece, P.player_fill(fill), P.PIECE_EDGE, 1.5 * _PX)
    _merchant_marks(out, (0.0, 0.0))
    out.add("</svg>")
    return "".join(out.parts)


def city_svg(fill: str, wall: bool, metropolis: int = -1, size: float = 18.0) -> str:
    """A city in ``fill``, on a city wall (``wall``) and with the metropolis of track
    ``metropolis`` (-1: none), drawn as the board draws one (``_draw_building``, no owner's
    mark) in an SVG ``size`` px high: the page's key to walls and metropolises
    (``widgets/city_key.py``). Hidden from screen readers: the key says it in words."""
    u, pad = P.CITY_SIZE, (2 + P.HALO_WIDTH) * _PX
    pts = P.shape(0.0, 0.0, u, P.CITY_SHAPE) + P.shape(0.0, 0.0, P.WALL_SIZE, P.WALL_SHAPE)
    pts += P.shape(0.55 * u, -1.0 * u, u, P.TOWER_SHAPE)
    x0, y0 = min(x for x, _ in pts) - pad, min(y for _, y in pts) - pad
    w, h = max(x for x, _ in pts) + pad - x0, max(y for _, y in pts) + pad - y0
    out = _Svg()
    out.add(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size * w / h:.1f}" height="{size:g}" '
        f'viewBox="{_n(x0)} {_n(y0)} {_n(w)} {_n(h)}" aria-hidden="true" '
        'focusable="false" style="vertical-align:middle">'
    )
    city = S.Building(-1, -1, P.player_fill(fill), True, (0.0, 0.0), -1, "", (0.0, 0.0), wall,
                      metropolis)  # fmt: skip
    _draw_building(out, city)
    out.add("</svg>")
    return "".join(out.parts)


def _title(state: Any, players: int) -> str:
    turn = getattr(state, "turn", 0)
    phase = str(getattr(state, "phase", ""))
    return f"Catan board: {players} players, turn {turn}" + (f", {phase}" if phase else "")


# -- the board --------------------------------------------------------------------------------


def _draw_board(out: _Svg, scene: S.Board) -> None:
    frame = P.sea_frame()
    out.polygon(frame, P.SEA, P.SEA_EDGE, P.SEA_EDGE_WIDTH, ' stroke-linejoin="round"')
    for h in range(board.N_HEXES):  # the beach under the island
        out.polygon(
            P.hex_corners(h), P.BEACH, P.BEACH, 2 * P.BEACH_WIDTH, ' stroke-linejoin="round"'
        )
    for harbor in scene.harbors:
        _draw_harbor(out, harbor)
    for tile in scene.tiles:
        h, t = tile.hex, tile.terrain
        out.polygon(P.hex_corners(h), P.TERRAIN_EDGE)
        fill = P.TERRAIN_FILL[t] if 0 <= t < len(P.TERRAIN_FILL) else P.UNKNOWN_TERRAIN
        out.polygon(P.hex_corners(h, P.HEX_INSET), fill, extra=f' class="hex hex-{h}"')
        if 0 <= t < len(P.TERRAIN_FILL):
            _draw_glyphs(out, h, t)
        x, y = tile.centre
        letter = P.LETTER_LIGHT if t in P.DARK_TERRAINS else P.LETTER_DARK
        out.text((x, y - P.LETTER_OFFSET), tile.letter, 0.19, letter, bold=True)
        if tile.number:
            _draw_token(out, (x, y), tile.number)


def _draw_glyphs(out: _Svg, h: int, terrain: int) -> None:
    ink = P.GLYPH_INK[terrain]
    out.add(
        f'<g class="glyph glyph-{board.TERRAIN_CODES[terrain]}" '
        'stroke-linecap="round" stroke-linejoin="round">'
    )
    for gx, gy, s in P.glyph_spots(h):
        for prim in P.TERRAIN_GLYPHS[terrain]:
            kind, geo, colour = prim[0], prim[1], prim[2] or ink
            if kind == "poly":
                out.polygon(P.shape(gx, gy, s, geo), colour)
            elif kind == "circle":
                out.circle((gx + geo[0] * s, gy + geo[1] * s), geo[2] * s, colour)
            else:
                out.polyline(P.shape(gx, gy, s, geo), colour, prim[3] * s)
    out.add("</g>")


def _draw_token(out: _Svg, c: Point, n: int) -> None:
    """As the canvas: the number and its pips; 6 and 8 larger, in red, with a ring."""
    look = P.token_look(n)
    out.circle(c, P.TOKEN_RADIUS, P.TOKEN_FILL, P.TOKEN_EDGE, 1.5 * _PX)
    if look.ring:
        out.circle(c, look.ring, None, look.ink, P.TOKEN_HOT_RING_WIDTH, ' class="token-ring"')
    out.text((c[0], c[1] - 0.05), str(n), look.digit, look.ink, bold=True, extra=' class="token"')
    k = board.pips(n)
    for i in range(k):
        x = c[0] + (i - (k - 1) / 2) * P.PIP_SPACING
        out.circle((x, c[1] + 0.17), P.PIP_RADIUS, look.ink)


def _draw_harbor(out: _Svg, harbor: S.Harbor) -> None:
    spot = harbor.spot
    for corner in harbor.coast:
        a = P.toward(corner, spot, 0.08)
        b = P.toward(corner, spot, 0.75)
        out.line(a, b, P.PIER, P.PIER_WIDTH, ' stroke-linecap="round"')
    out.circle(spot, P.HARBOR_RADIUS, harbor.fill, P.HARBOR_EDGE, 1.5 * _PX)
    ink = P.text_on(harbor.fill)
    if not harbor.name:
        out.text(spot, harbor.ratio, 0.24, ink, bold=True)
        return
    out.text((spot[0], spot[1] - 0.08), harbor.ratio, 0.21, ink, bold=True)
    out.text((spot[0], spot[1] + 0.13), harbor.name, 0.15, ink)


# -- the pieces -------------------------------------------------------------------------------


def _mark(out: _Svg, at: Point, size: float, p: int, fill: str, ink: str = "") -> None:
    ink = ink or P.text_on(fill)
    outline = P.MARK_SHAPES[P.player_mark(p)]
    cls = f' class="mark mark-{P.player_mark(p)}"'
    if outline:
        out.polygon(P.shape(at[0], at[1], size, outline), ink, extra=cls)
    else:
        out.circle(at, size, ink, extra=cls)


def _draw_pieces(out: _Svg, pieces: S.Pieces) -> None:
    roads = [
        (
            r,
            P.toward(r.ends[0], r.ends[1], P.ROAD_TRIM),
            P.toward(r.ends[1], r.ends[0], P.ROAD_TRIM),
        )
        for r in pieces.roads
    ]
    out.add('<g class="road-outlines" stroke-linecap="round">')  # as the canvas: outlines first
    for _r, s, t in roads:  # a light ring, then the dark outline
        out.line(s, t, P.PIECE_HALO, P.ROAD_WIDTH + (3 + 2 * P.HALO_WIDTH) * _PX, _HALO)
    for _r, s, t in roads:
        out.line(s, t, P.PIECE_EDGE, P.ROAD_WIDTH + 3 * _PX)
    out.add("</g>")
    for r, s, t in roads:
        out.add(f'<g class="road" data-owner="{r.owner}" stroke-linecap="round">')
        out.line(s, t, r.fill, P.ROAD_WIDTH)
        if r.seat < 0:  # a neutral's road: dashed along its length, each neutral its dashes
            dashes = " ".join(_n(d * _PX) for d in P.neutral_dash(r.neutral))
            (a, b), trim = r.ends, P.ROAD_TRIM + 0.05
            out.line(
                P.toward(a, b, trim),
                P.toward(b, a, trim),
                P.NEUTRAL_MARK,
                1.5 * _PX,
                f' stroke-linecap="butt" stroke-dasharray="{dashes}"',
            )
        else:
            _mark(out, r.at, P.ROAD_MARK_SIZE, r.seat, r.fill)
        out.add("</g>")
    for building in pieces.buildings:
        _draw_building(out, building)
    for knight in pieces.knights:
        _draw_knight(out, knight)
    waiting = pieces.displaced  # (CK-KNIGHT-RELOCATE) faded beside the corner it left
    if waiting is not None:
        out.add('<g class="displaced-knight" opacity="0.7">')
        dash = f' stroke-dasharray="{_n(3 * _PX)} {_n(3 * _PX)}"'
        corner = board.vertex_xy(waiting.vertex)  # to the rim of the knight there
        rim = P.toward(corner, waiting.at, P.KNIGHT_RADIUS / math.dist(corner, waiting.at))
        out.line(waiting.at, rim, P.PIECE_EDGE, 2 * _PX, dash)
        _draw_knight(out, waiting)
        out.add("</g>")
    if pieces.robber is not None:
        _draw_robber(out, pieces.robber.at)
    merchant = pieces.merchant
    if merchant is not None:
        piece = P.shape(*merchant.at, P.MERCHANT_SIZE, P.MERCHANT_SHAPE)
        out.polygon(piece, None, P.PIECE_HALO, (1.5 + 2 * P.HALO_WIDTH) * _PX, _HALO)
        out.polygon(piece, merchant.fill, P.PIECE_EDGE, 1.5 * _PX, ' class="merchant"')
        _merchant_marks(out, merchant.at)


def _merchant_marks(out: _Svg, at: tuple[float, float]) -> None:
    """The cord at the merchant's neck and its gold coin: a money bag (s43: the pawn with a
    head read as the robber; l35: a plain triangle as a mark)."""
    (mx, my), u = at, P.MERCHANT_SIZE
    (ax, ay), (bx, by) = P.MERCHANT_TIE
    out.line((mx + ax * u, my + ay * u), (mx + bx * u, my + by * u), P.PIECE_EDGE, 2 * _PX)
    dx, dy, size = P.MERCHANT_COIN
    out.circle((mx + dx * u, my + dy * u), size * u, P.MERCHANT_GOLD, P.PIECE_EDGE, 1.5 * _PX)


def _draw_building(out: _Svg, b: S.Building) -> None:
    """A settlement or city on its wall, with its mark (or name) and its metropolis."""
    (x, y), fill, city = b.at, b.fill, b.city
    out.add(f'<g class="{"city" if city else "settlement"}" data-owner="{b.owner}">')
    if b.wall:
        wall = P.shape(x, y, P.WALL_SIZE, P.WALL_SHAPE)
        out.polygon(wall, None, P.PIECE_HALO, (1.5 + 2 * P.HALO_WIDTH) * _PX, _HALO)
        out.polygon(wall, P.WALL, P.PIECE_EDGE, 1.5 * _PX, ' class="wall"')
    outline, size = (P.CITY_SHAPE, P.CITY_SIZE) if city else (P.SETTLEMENT_SHAPE, P.SETTLEMENT_SIZE)
    piece = P.shape(x, y, size, outline)
    out.polygon(piece, None, P.PIECE_HALO, (2 + 2 * P.HALO_WIDTH) * _PX, _HALO)
    out.polygon(piece, fill, P.PIECE_EDGE, 2 * _PX, ' stroke-linejoin="round"')
    if b.label:  # a neutral (N1, N2) or the dummy (D): its name
        size = 0.17 if len(b.label) < 2 else 0.145
        out.text((x, y + 0.06), b.label, size, P.text_on(fill), bold=True, extra=' class="name"')
    elif b.seat >= 0:  # (none: the page's key to a city's look, ``city_svg``)
        _mark(out, b.mark_at, P.MARK_SIZE, b.seat, fill)
    if b.metropolis >= 0:
        u, track = P.CITY_SIZE, b.metropolis
        out.polygon(
            P.shape(x + 0.55 * u, y - 1.0 * u, u, P.TOWER_SHAPE),
            P.TRACK_FILL[track],
            P.PIECE_EDGE,
            1.5 * _PX,
            f' class="metropolis metropolis-{P.TRACK_NAMES[track]}"',
        )
    out.add("</g>")


def _draw_knight(out: _Svg, k: S.Knight) -> None:
    """As the canvas: a disc, 1-3 bold level bars, the owner's mark (a neutral's: its name); the
    owner's colour and a gold rim when active, a light tint of it, dark marks and a dashed rim
    when not (``knight_look``); a light ring outside."""
    (x, y), fill, level, active, seat, label = k.at, k.fill, k.level, k.active, k.seat, k.label
    r = P.KNIGHT_RADIUS
    state = "active" if active else "inactive"
    out.add(f'<g class="knight knight-{state} level-{level}" data-owner="{seat}">')
    halo = (1.5 if active else INACTIVE_RIM / 2) + P.HALO_WIDTH
    out.circle((x, y), r + halo * _PX, P.PIECE_HALO)
    disc = disc_fill(fill, active)
    out.circle((x, y), r, disc)
    rim = "" if active else f' stroke-dasharray="{_n(3 * _PX)} {_n(3 * _PX)}"'
    out.circle(
        (x, y),
        r,
        None,
        P.KNIGHT_ACTIVE if active else P.PIECE_EDGE,
        (3 if active else INACTIVE_RIM) * _PX,
        rim,
    )
    mark = knight_ink(fill, active)
    top, bottom = P.KNIGHT_BARS if seat >= 0 or label else (-0.5, 0.5)
    for left, above, w, h in bars(level, r, top, bottom):
        bx, by = x + left, y + above
        out.polygon([(bx, by), (bx + w, by), (bx + w, by + h), (bx, by + h)], mark)
    if label:
        out.text(
            (x, y + P.KNIGHT_MARK_AT * r), label, 0.6 * r, mark, bold=True, extra=' class="name"'
        )
    elif seat >= 0:
        _mark(out, (x, y + P.KNIGHT_MARK_AT * r), P.KNIGHT_MARK_SIZE * r, seat, disc, mark)
    out.add("</g>")


def _draw_robber(out: _Svg, at: Point) -> None:
    x, y = at
    u = 0.11
    out.add(
        f'<g class="robber" fill="{P.ROBBER}" stroke="{P.ROBBER_EDGE}" '
        f'stroke-width="{_n(1.5 * _PX)}">'
    )
    out.add(f'<polygon points="{_pts(P.shape(x, y, u, P.ROBBER_SHAPE))}"/>')
    out.add(f'<circle cx="{_n(x)}" cy="{_n(y - 0.4 * u)}" r="{_n(1.05 * u)}"/>')
    out.add(f'<circle cx="{_n(x)}" cy="{_n(y - 1.55 * u)}" r="{_n(0.75 * u)}"/>')
    out.add("</g>")


# -- labels and the strip -----------------------------------------------------------------


def _draw_labels(out: _Svg) -> None:
    """Every vertex and edge label of board.py, with a light halo so it reads on any hex."""
    halo = (
        f' stroke="#ffffff" stroke-width="{_n(0.035)}" stroke-opacity="0.85" paint-order="stroke"'
    )
    out.add('<g class="labels">')
    for e in range(board.N_EDGES):
        out.text(
            board.edge_xy(e),
            board.EDGE_LABELS[e],
            0.105,
            "#5a3d8a",
            extra=halo + ' font-style="italic" class="edge-label"',
        )
    for v in range(board.N_VERTICES):
        out.text(
            board.vertex_xy(v),
            board.VERTEX_LABELS[v],
            0.125,
            "#1f1f1f",
            bold=True,
            extra=halo + ' class="vertex-label"',
        )
    out.add("</g>")


def _draw_strip(out: _Svg, strip: S.Strip, left: float, top: float, width: float) -> None:
    """Under the board: the dice of the roll and, in C&K, the barbarian track."""
    h = _STRIP
    out.polygon(
        [(left, top), (left + width, top), (left + width, top + h), (left, top + h)],
        P.STRIP_FILL,
        extra=' class="strip"',
    )
    size, y = 0.56 * h, top + 0.2 * h
    x = left + 12 * _PX
    dice, event, ck = strip.faces, strip.event, strip.ck
    if dice or event:
        for (face, pip), value in zip(P.DICE, (*dice, 0, 0)[:2], strict=True):
            _draw_die(out, x, y, size, face, pip, value)
            x += size * 1.25
        if ck:
            fill = P.EVENT_FILL.get(event, "#ffffff")
            out.polygon(P.rounded_square(x, y, size), fill, P.PIECE_EDGE, 1.5 * _PX)
            if event == "ship":
                out.polygon(P.shape(x + size / 2, y + size / 2, size / 2, P.SHIP_SHAPE), "#ffffff")
            elif event:
                out.polygon(P.shape(x + size / 2, y + size / 2, size / 2, P.GATE_SHAPE), "#ffffff")
            x += size * 1.25
    else:
        out.text((x, y + size / 2), "no dice yet", 0.28 * h, P.STRIP_TEXT, anchor="start")
    if ck:
        _draw_track(out, strip, top, h, left + width)


def _draw_die(out: _Svg, x: float, y: float, size: float, face: str, pip: str, value: int) -> None:
    out.polygon(
        P.rounded_square(x, y, size),
        face,
        P.PIECE_EDGE,
        1.5 * _PX,
        f' class="die" data-value="{int(value)}"',
    )
    if not value:
        out.text((x + size / 2, y + size / 2), "?", 0.6 * size, pip, bold=True)
        return
    for dx, dy in P.PIPS.get(value, ()):
        out.circle((x + size * (0.5 + 0.27 * dx), y + size * (0.5 + 0.27 * dy)), 0.09 * size, pip)


def _draw_track(out: _Svg, strip: S.Strip, top: float, h: float, right_edge: float) -> None:
    barb = strip.barb
    r, step = 0.17 * h, 2.55 * 0.17 * h
    right = right_edge - 14 * _PX - r
    y = top + 0.42 * h
    out.add(f'<g class="barbarian-track" data-position="{barb}">')
    for i in range(TRACK_END + 1):
        x = right - (TRACK_END - i) * step
        out.circle((x, y), r, P.TRACK_ATTACK if i == TRACK_END else P.TRACK_STEP)
        if i == barb:
            out.polygon(
                P.shape(x, y, 1.25 * r, P.SHIP_SHAPE), P.PIECE_EDGE, extra=' class="barbarian-ship"'
            )
    out.text(
        (right + r, top + 0.85 * h),
        S.track_words(strip.barbarians, strip.defenders),
        0.24 * h,
        P.STRIP_TEXT,
        anchor="end",
    )
    out.text(
        (right - TRACK_END * step - 2 * r, y),
        "barbarian ship",
        0.24 * h,
        P.STRIP_TEXT,
        anchor="end",
    )
    out.add("</g>")


def _text(s: str) -> str:
    """``s`` as SVG text: &, < and > escaped (not xml.sax, which imports urllib)."""
    return html.escape(s, quote=False)


def _attr(s: str) -> str:
    """``s`` as a quoted SVG attribute value."""
    return f'"{html.escape(s)}"'
