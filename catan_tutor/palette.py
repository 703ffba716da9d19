"""The look of the board, shared by the canvas view (widgets) and the SVG renderer (render).

Colours, sizes, piece outlines, the terrain glyphs and player marks that make the board
readable without colour vision, and the drawing geometry (hex corners, sea frame, harbor
spots, the viewport). Pure data and math: nothing here imports Jupyter. Sizes are in board
units (hex size 1: centre to corner) unless noted; y grows downward.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from . import board
from .board import TERRAINS
from .colors import COLOR_NAMES, is_color

Point = tuple[float, float]

# Terrain fill, indexed like board.TERRAINS; the harbor of resource k uses TERRAIN_FILL[k].
# Tuned so every pair stays >= 13 CIEDE2000 apart under simulated protanopia, deuteranopia and
# tritanopia (tests/test_colour_vision.py); each terrain also carries its own glyph. Hills
# and forest, which both turn olive for a protanope or a deuteranope, also stay >= 15 apart
# in lightness (L*), so they differ in grey as well as in their bricks and trees.
TERRAIN_FILL = (
    "#bc6f57",  # hills (brick)
    "#175c11",  # forest (lumber)
    "#9dc077",  # pasture (wool)
    "#ffcc1e",  # fields (grain)
    "#928f99",  # mountains (ore)
    "#efe5c0",  # desert
)
TERRAIN_EDGE = "#f6ecd0"  # the sandy gap between land hexes
# a hex of a variable board not laid yet: an empty slot, cool grey, never read as the sandy
# desert (>= 13 CIEDE2000 from every terrain, any colour vision: tests/test_colour_vision.py)
UNKNOWN_TERRAIN = "#e0e4e8"
assert len(TERRAIN_FILL) == len(TERRAINS)

SEA = "#3f86c4"
SEA_EDGE = "#2b5f8f"
SEA_EDGE_WIDTH = 0.08
SEA_MARGIN = 0.95  # sea beyond the outermost land corners
BEACH = "#ecdcaa"
BEACH_WIDTH = 0.10
HEX_INSET = 0.95  # land hexes drawn at this fraction of full size, leaving a sandy seam
LAND_APOTHEM = 4.0  # land reaches 4 units from the centre in each of the six side directions

TOKEN_FILL = "#fbf3dc"
TOKEN_EDGE = "#8a7a55"
TOKEN_RADIUS = 0.31
TOKEN_TEXT = "#2b2b2b"
TOKEN_HOT = "#b02e20"  # 6 and 8: >= 5:1 on the token in every simulated vision
# 6 and 8, the likeliest rolls, stand out by more than their red: a larger number and a ring
# inside the token's edge (the other numbers have neither), so they keep their emphasis for a
# colour-blind reader and in grey print (tests/test_colour_vision.py).
TOKEN_DIGIT = 0.26  # height of a token's number
TOKEN_HOT_DIGIT = 0.34
TOKEN_HOT_RING = 0.255  # radius of the ring on 6 and 8
TOKEN_HOT_RING_WIDTH = 0.035


@dataclass(frozen=True)
class TokenLook:
    """How the token of a number is drawn: ink, number size, ring (radius 0: none)."""

    ink: str
    digit: float
    ring: float


def token_look(n: int) -> TokenLook:
    """The look of the number token ``n``: 6 and 8 larger, with a ring, in red."""
    if n in (6, 8):
        return TokenLook(TOKEN_HOT, TOKEN_HOT_DIGIT, TOKEN_HOT_RING)
    return TokenLook(TOKEN_TEXT, TOKEN_DIGIT, 0.0)


PIP_RADIUS = 0.034
PIP_SPACING = 0.085

LETTER_OFFSET = 0.64  # hex letter this far above the centre
LETTER_DARK = "rgba(0, 0, 0, 0.55)"
LETTER_LIGHT = "rgba(255, 255, 255, 0.8)"
DARK_TERRAINS = frozenset({0, 1, 4})  # hills, forest, mountains: light letters

# Terrain glyphs: a small picture per terrain, drawn at each of GLYPH_SPOTS of the hex (x, y,
# size: offsets from the hex centre). Primitives in unit coordinates (about -1..1):
# ("poly", points, colour) filled, ("line", points, colour, width) stroked (width in units of
# the glyph size), ("circle", (x, y, r), colour) filled; colour None is the terrain's ink.
GLYPH_SPOTS = ((0.0, 0.57, 0.17), (-0.5, -0.24, 0.125), (0.5, -0.24, 0.125))
GLYPH_INK = ("#83432f", "#5aa34a", "#f6f8ef", "#a97c00", "#55525e", "#bca263")
_SNOW = "#f4f4f7"
_SHEEP_HEAD = "#3d4a2f"
Glyph = tuple[tuple, ...]
TERRAIN_GLYPHS: tuple[Glyph, ...] = (
    (  # hills: three bricks
        ("poly", [(-1, 0.08), (-0.06, 0.08), (-0.06, 0.8), (-1, 0.8)], None),
        ("poly", [(0.06, 0.08), (1, 0.08), (1, 0.8), (0.06, 0.8)], None),
        ("poly", [(-0.5, -0.72), (0.44, -0.72), (0.44, -0.04), (-0.5, -0.04)], None),
    ),
    (  # forest: a fir tree
        ("poly", [(0, -1), (0.62, -0.1), (-0.62, -0.1)], None),
        ("poly", [(0, -0.55), (0.85, 0.6), (-0.85, 0.6)], None),
        ("poly", [(-0.14, 0.6), (0.14, 0.6), (0.14, 0.95), (-0.14, 0.95)], None),
    ),
    (  # pasture: a sheep
        ("circle", (-0.35, 0.05, 0.42), None),
        ("circle", (0.15, -0.12, 0.42), None),
        ("circle", (0.2, 0.22, 0.4), None),
        ("circle", (-0.3, 0.3, 0.38), None),
        ("line", [(-0.35, 0.55), (-0.35, 0.95)], _SHEEP_HEAD, 0.16),
        ("line", [(0.2, 0.55), (0.2, 0.95)], _SHEEP_HEAD, 0.16),
        ("circle", (0.72, -0.2, 0.26), _SHEEP_HEAD),
    ),
    (  # fields: a sheaf of wheat
        ("line", [(0, 0.95), (0, -0.45)], None, 0.17),
        ("line", [(0, 0.95), (-0.5, -0.2)], None, 0.17),
        ("line", [(0, 0.95), (0.5, -0.2)], None, 0.17),
        ("poly", [(0, -1.1), (0.24, -0.72), (0, -0.3), (-0.24, -0.72)], None),
        ("poly", [(-0.62, -0.85), (-0.34, -0.55), (-0.46, -0.1), (-0.74, -0.42)], None),
        ("poly", [(0.62, -0.85), (0.74, -0.42), (0.46, -0.1), (0.34, -0.55)], None),
    ),
    (  # mountains: two peaks, snow on the high one
        ("poly", [(-1, 0.75), (-0.2, -0.85), (0.3, 0.1), (0.55, -0.3), (1.05, 0.75)], None),
        (
            "poly",
            [(-0.2, -0.85), (0.05, -0.35), (-0.1, -0.45), (-0.25, -0.3), (-0.45, -0.35)],
            _SNOW,
        ),
    ),
    (  # desert: two dunes
        ("line", [(-1, 0.1), (-0.6, -0.2), (-0.2, -0.25), (0.15, 0.05)], None, 0.16),
        ("line", [(-0.35, 0.7), (0.1, 0.35), (0.55, 0.3), (1, 0.6)], None, 0.16),
    ),
)
assert len(TERRAIN_GLYPHS) == len(GLYPH_INK) == len(TERRAINS)

HARBOR_DISTANCE = 0.58  # harbor disc centre, out from the middle of its edge
HARBOR_RADIUS = 0.35
HARBOR_GENERIC_FILL = "#fdfaf2"
HARBOR_EDGE = "#3b3226"
PIER = "#8b6a48"
PIER_WIDTH = 0.08

ROBBER = "#3a3a3a"
ROBBER_EDGE = "#e8e8e8"
# The robber's middle this far left of its hex's centre, level with the token: as near the
# centre as it goes clear of the number token (issue 33: at 0.54, 0.12 from the hex's side, a
# robber put on a hex in the editor seemed to sit on the side, not on the hex).
ROBBER_OFFSET = 0.47

PIECE_EDGE = "#1f1f1f"
# A light ring outside every piece's dark outline: on a light hex the dark outline shows the
# piece, on a dark one the light ring does, whatever the piece's colour and whatever the
# reader's colour vision (tests/test_colour_vision.py measures it on every terrain).
PIECE_HALO = "#fbf6e6"
HALO_WIDTH = 1.5  # CSS pixels outside the outline
NEUTRAL_MARK = "#1f1f1f"  # dashes along a neutral's roads
# Each neutral (N1, N2, ...) its own dash pattern along its roads (CSS pixels: dash, gap...)
# and its own name on its buildings and knights, so two neutrals never differ by colour alone.
NEUTRAL_DASHES: tuple[tuple[float, ...], ...] = ((5, 3), (1.5, 2.5), (7, 2, 1.5, 2))


def neutral_dash(k: int) -> tuple[float, ...]:
    """The dash pattern along the roads of the ``k``-th neutral party (0: N1)."""
    return NEUTRAL_DASHES[k % len(NEUTRAL_DASHES)]


def party_label(name: str) -> str:
    """What a neutral's or the dummy's pieces carry, from its name in the notation: a
    neutral's number ("N1" -> "1": "Neutral 1" on the page; "N1" would read as a corner's
    label), "D" for the dummy; at most two characters, so every neutral has a mark of its own."""
    if len(name) > 1 and name[0] == "N" and name[1:].isdigit():
        return name[1:3]
    return name[:2] if name else "?"


ROAD_WIDTH = 0.15
ROAD_TRIM = 0.16  # fraction of the edge left bare at each end
SETTLEMENT_SIZE = 0.19
CITY_SIZE = 0.2
# Piece outlines in unit coordinates around the anchor point (y grows downward).
SETTLEMENT_SHAPE: list[Point] = [(-1, 1), (1, 1), (1, -0.25), (0, -1.15), (-1, -0.25)]
CITY_SHAPE: list[Point] = [(-1.35, 1), (1.35, 1), (1.35, -0.15), (0.1, -0.15), (0.1, -0.65),
                           (-0.62, -1.3), (-1.35, -0.65)]  # fmt: skip
ROBBER_SHAPE = [(-1.5, 1.9), (1.5, 1.9), (1.1, 1.2), (1, -0.4), (-1, -0.4), (-1.1, 1.2)]

# Player marks: seat p's pieces carry PLAYER_MARKS[p] (black or white on the piece), so two
# players never differ by colour alone. Outlines in unit coordinates; "circle" is a disc.
MARK_SIZE = 0.075  # on settlements and cities
ROAD_MARK_SIZE = 0.045  # in the middle of a road
SETTLEMENT_MARK_AT = (0.0, 0.07)  # from the vertex
CITY_MARK_AT = (0.14, 0.085)  # on the low wing, clear of a metropolis tower
KNIGHT_MARK_AT, KNIGHT_MARK_SIZE = -0.45, 0.3  # fractions of the knight's radius
KNIGHT_BARS = (-0.1, 0.6)  # top and bottom of the level bars, fractions of the radius


def _star(points: int, inner: float) -> list[Point]:
    return [((1 if k % 2 == 0 else inner) * math.sin(k * math.pi / points),
             -(1 if k % 2 == 0 else inner) * math.cos(k * math.pi / points))
            for k in range(2 * points)]  # fmt: skip


MARK_SHAPES: dict[str, list[Point]] = {
    "circle": [],
    "triangle": [(0, -1.2), (1.1, 0.8), (-1.1, 0.8)],
    "square": [(-0.85, -0.85), (0.85, -0.85), (0.85, 0.85), (-0.85, 0.85)],
    "diamond": [(0, -1.2), (1.1, 0), (0, 1.2), (-1.1, 0)],
    "plus": [
        (-0.35, -1.1),
        (0.35, -1.1),
        (0.35, -0.35),
        (1.1, -0.35),
        (1.1, 0.35),
        (0.35, 0.35),
        (0.35, 1.1),
        (-0.35, 1.1),
        (-0.35, 0.35),
        (-1.1, 0.35),
        (-1.1, -0.35),
        (-0.35, -0.35),
    ],
    "star": _star(5, 0.45),
}
PLAYER_MARKS = ("circle", "triangle", "square", "diamond", "plus", "star")  # P1..P6


def player_mark(p: int) -> str:
    """The mark on seat ``p``'s pieces (seats beyond six reuse the marks)."""
    return PLAYER_MARKS[p % len(PLAYER_MARKS)]


# A city wall: a crenellated stone wall around the city's foot, standing out of its outline
# on both sides and below (~7 px at 640 px) with a tower of merlons either side, in a stone
# grey darker than a white city (issue 33: a thin strip under a white city was missed).
WALL = "#8a8275"
WALL_SIZE = 0.4
WALL_SHAPE: list[Point] = [(-1, 0.8), (1, 0.8), (1, -0.55), (0.75, -0.55), (0.75, -0.3),
                           (0.5, -0.3), (0.5, -0.55), (0.25, -0.55), (0.25, -0.3), (-0.25, -0.3),
                           (-0.25, -0.55), (-0.5, -0.55), (-0.5, -0.3), (-0.75, -0.3),
                           (-0.75, -0.55), (-1, -0.55)]  # fmt: skip
TOWER_SHAPE = [(-0.35, 0.6), (0.35, 0.6), (0.35, -0.6), (0, -1), (-0.35, -0.6)]
TRACK_FILL = ("#3f9b4f", "#e7c73a", "#3a6fc4")  # science green, trade yellow, politics blue
TRACK_NAMES = ("science", "trade", "politics")
KNIGHT_RADIUS = 0.2
KNIGHT_ACTIVE = "#f4c430"
# The merchant: a money bag in its holder's colour, tied at the neck, with a gold coin on it, in
# units of its size (s43 at 10.6: a pawn with a head, drawn like the robber, read as the robber;
# l35 at 9.18: a plain triangle read as a knight's or a player's mark). No other piece is round
# below and frilled above: the robber is a grey pawn, a knight a disc, a building a house.
MERCHANT_SIZE = 0.15  # its unit, in hex radii (the robber's is 0.11)
MERCHANT_SHAPE: list[Point] = [
    (0.3, -0.6), (0.75, -0.3), (1.0, 0.2), (1.05, 0.7), (0.85, 1.05), (0.4, 1.2), (-0.4, 1.2),
    (-0.85, 1.05), (-1.05, 0.7), (-1.0, 0.2), (-0.75, -0.3), (-0.3, -0.6),
    (-0.85, -1.3), (-0.4, -1.05), (0, -1.4), (0.4, -1.05), (0.85, -1.3),
]  # fmt: skip
MERCHANT_TIE = ((-0.45, -0.62), (0.45, -0.62))  # the cord at its neck, in the outline's ink
MERCHANT_COIN = (0.0, 0.45, 0.42)  # (x, y, r) of the gold coin on the bag
MERCHANT_GOLD = "#f2c230"
TARGET = "rgba(255, 236, 64, 0.55)"  # glow on the legal targets of the chosen action
TARGET_R = 0.24
HOVER = "rgba(255, 255, 255, 0.9)"  # ring under the pointer

# The strip under the board: dice and the barbarian track (sizes in CSS pixels).
STRIP_HEIGHT = 56
STRIP_FILL = "#f4efe2"
STRIP_TEXT = "#3b3226"
# ... on a dark page (the page's theme, see widgets/page_theme.js): JupyterLab dark's panel grey
STRIP_FILL_DARK = "#2f2f2f"
STRIP_TEXT_DARK = "#ece6d8"
DICE = (("#fbfbf7", "#1f1f1f"), ("#c0392b", "#fff6d8"))  # (face, pips): white die, red die
# Pip positions of each face, in units of a quarter die from the centre.
PIPS = {
    1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}  # fmt: skip
EVENT_FILL = {"ship": "#2b2b2b", "science": "#3f9b4f", "trade": "#e7c73a", "politics": "#3a6fc4"}
SHIP_SHAPE = [(-0.75, 0.2), (0.75, 0.2), (0.5, 0.6), (-0.5, 0.6), (-0.75, 0.2), (-0.05, 0.2),
              (-0.05, -0.7), (0.55, 0.05), (0.05, 0.05), (0.05, 0.2)]  # fmt: skip
GATE_SHAPE = [(-0.6, 0.65), (-0.6, -0.35), (-0.3, -0.65), (0.3, -0.65), (0.6, -0.35),
              (0.6, 0.65), (0.22, 0.65), (0.22, 0.0), (-0.22, 0.0), (-0.22, 0.65)]  # fmt: skip
TRACK_STEP = "#d9cfb4"
TRACK_ATTACK = "#c0392b"

# Friendly shades for the colour names the engine allows (colors.COLOR_NAMES); a #rrggbb
# colour is drawn as it is. Tuned so every pair stays >= 13 CIEDE2000 apart under simulated
# protanopia, deuteranopia and tritanopia (tests/test_colour_vision.py).
PLAYER_FILL = {
    "red": "#be2741",
    "blue": "#4b68bb",
    "white": "#f5f5f5",
    "orange": "#ff9e25",
    "green": "#4ca566",
    "brown": "#6e3a0e",
}
assert set(PLAYER_FILL) == set(COLOR_NAMES)

FONT = "DejaVu Sans, Verdana, sans-serif"
UNKNOWN_FILL = "#808080"  # never shown for a game read through the engine (colours checked)


def player_fill(name: str) -> str:
    """``#rrggbb`` fill for a player colour: a shade for a name, a hex triple as it is, grey
    for anything else (so no text from a position ever reaches a style unchecked)."""
    if name in PLAYER_FILL:
        return PLAYER_FILL[name]
    return name if is_color(name) else UNKNOWN_FILL


def text_on(fill: str) -> str:
    """Black or white, whichever reads better on the ``#rrggbb`` colour ``fill``."""
    if not is_color(fill) or not fill.startswith("#"):
        fill = UNKNOWN_FILL
    r, g, b = (int(fill[i : i + 2], 16) for i in (1, 3, 5))
    return "#1f1f1f" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


def font(px: float, bold: bool = False) -> str:
    """CSS font string of about ``px`` pixels."""
    return f"{'bold ' if bold else ''}{max(8, round(px))}px {FONT}"


# -- geometry (board units) ----------------------------------------------------------------

_SQ3 = math.sqrt(3)


def toward(a: Point, b: Point, t: float) -> Point:
    """The point a fraction ``t`` of the way from ``a`` to ``b``."""
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def shape(x: float, y: float, size: float, outline: list[Point]) -> list[Point]:
    """Polygon of ``outline`` (unit coordinates) scaled by ``size`` around ``(x, y)``."""
    return [(x + dx * size, y + dy * size) for dx, dy in outline]


def rounded_square(x: float, y: float, size: float) -> list[Point]:
    """A square with rounded corners (radius size/6) from its top-left corner."""
    r, pts = size / 6, []
    for k, (cx, cy) in enumerate(
        ((x + size - r, y + r), (x + size - r, y + size - r), (x + r, y + size - r), (x + r, y + r))
    ):
        for j in range(4):
            a = (k - 1 + j / 3) * math.pi / 2
            pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def hex_corners(h: int, inset: float = 1.0) -> list[Point]:
    """Corners of land hex ``h`` clockwise from 12 o'clock, shrunk toward its centre."""
    c = board.hex_centre_xy(h)
    return [toward(c, board.vertex_xy(v), inset) for v in board.HEX_VERTICES[h]]


def sea_radius() -> float:
    """Centre-to-corner radius of the sea frame."""
    return (LAND_APOTHEM + SEA_MARGIN) * 2 / _SQ3


def sea_frame() -> list[Point]:
    """Corners of the flat-topped sea hexagon around the land."""
    r = sea_radius()
    return [(r * math.cos(k * math.pi / 3), r * math.sin(k * math.pi / 3)) for k in range(6)]


def harbor_spot(e: int) -> Point:
    """Where the harbor disc of coastal edge ``e`` sits, out in the sea."""
    mx, my = board.edge_xy(e)
    cx, cy = board.hex_centre_xy(board.EDGE_HEXES[e][0])
    d = math.hypot(mx - cx, my - cy)
    k = HARBOR_DISTANCE / d
    return (mx + (mx - cx) * k, my + (my - cy) * k)


def glyph_spots(h: int) -> list[tuple[float, float, float]]:
    """(x, y, size) of the terrain glyphs on land hex ``h``."""
    cx, cy = board.hex_centre_xy(h)
    return [(cx + dx, cy + dy, s) for dx, dy, s in GLYPH_SPOTS]


@dataclass(frozen=True)
class Viewport:
    """Maps board units (centre hex at the origin) to pixels."""

    scale: float
    ox: float
    oy: float

    @classmethod
    def fit(cls, width: float, height: float) -> Viewport:
        """Largest scale at which the sea frame fits ``width`` x ``height``, centred."""
        apothem = LAND_APOTHEM + SEA_MARGIN + SEA_EDGE_WIDTH / 2
        radius = apothem * 2 / _SQ3
        scale = min(width / (2 * radius), height / (2 * apothem))
        return cls(scale, width / 2, height / 2)

    def px(self, p: Point) -> Point:
        return (self.ox + p[0] * self.scale, self.oy + p[1] * self.scale)

    def pxs(self, points: list[Point]) -> list[Point]:
        return [self.px(p) for p in points]

    def len(self, units: float) -> float:
        return units * self.scale

    def unpx(self, x: float, y: float) -> Point:
        """Board units of pixel ``(x, y)``."""
        return ((x - self.ox) / self.scale, (y - self.oy) / self.scale)
