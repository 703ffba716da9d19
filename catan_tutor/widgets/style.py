"""Colours, sizes and fonts of the board drawing, in one place so the look can be tuned.

Sizes are in board units (hex size 1: centre to corner); the view multiplies by its scale.
"""

from __future__ import annotations

from ..board import TERRAINS
from ..colors import COLOR_NAMES, is_color

# Terrain fill, indexed like board.TERRAINS; the harbor of resource k uses TERRAIN_FILL[k].
TERRAIN_FILL = (
    "#c4613a",  # hills (brick)
    "#2f7a3a",  # forest (lumber)
    "#9fce63",  # pasture (wool)
    "#efc64a",  # fields (grain)
    "#8e929c",  # mountains (ore)
    "#e4d2a0",  # desert
)
TERRAIN_EDGE = "#f6ecd0"  # the sandy gap between land hexes
assert len(TERRAIN_FILL) == len(TERRAINS)

SEA = "#3f86c4"
SEA_EDGE = "#2b5f8f"
SEA_EDGE_WIDTH = 0.08
SEA_MARGIN = 0.95  # sea beyond the outermost land corners
BEACH = "#ecdcaa"
BEACH_WIDTH = 0.10
HEX_INSET = 0.95  # land hexes drawn at this fraction of full size, leaving a sandy seam

TOKEN_FILL = "#fbf3dc"
TOKEN_EDGE = "#8a7a55"
TOKEN_RADIUS = 0.31
TOKEN_TEXT = "#2b2b2b"
TOKEN_HOT = "#c0392b"  # 6 and 8
PIP_RADIUS = 0.034
PIP_SPACING = 0.085

LETTER_OFFSET = 0.64  # hex letter this far above the centre
LETTER_DARK = "rgba(0, 0, 0, 0.55)"
LETTER_LIGHT = "rgba(255, 255, 255, 0.8)"
DARK_TERRAINS = frozenset({0, 1, 4})  # hills, forest, mountains: light letters

HARBOR_DISTANCE = 0.58  # harbor disc centre, out from the middle of its edge
HARBOR_RADIUS = 0.35
HARBOR_GENERIC_FILL = "#fdfaf2"
HARBOR_EDGE = "#3b3226"
PIER = "#8b6a48"
PIER_WIDTH = 0.08

ROBBER = "#3a3a3a"
ROBBER_EDGE = "#e8e8e8"
ROBBER_OFFSET = 0.54  # to the left of the token, so the number stays readable

PIECE_EDGE = "#1f1f1f"
NEUTRAL_MARK = "#1f1f1f"  # dashes along a neutral's roads
ROAD_WIDTH = 0.15
ROAD_TRIM = 0.16  # fraction of the edge left bare at each end
SETTLEMENT_SIZE = 0.19
CITY_SIZE = 0.2
# Piece outlines in unit coordinates around the anchor point (y grows downward).
SETTLEMENT_SHAPE = [(-1, 1), (1, 1), (1, -0.25), (0, -1.15), (-1, -0.25)]
CITY_SHAPE = [(-1.35, 1), (1.35, 1), (1.35, -0.15), (0.1, -0.15), (0.1, -0.65), (-0.62, -1.3),
              (-1.35, -0.65)]  # fmt: skip
ROBBER_SHAPE = [(-1.5, 1.9), (1.5, 1.9), (1.1, 1.2), (1, -0.4), (-1, -0.4), (-1.1, 1.2)]

WALL = "#b9b2a3"  # a grey stone base under a walled city
WALL_SIZE = 0.3
TOWER_SHAPE = [(-0.35, 0.6), (0.35, 0.6), (0.35, -0.6), (0, -1), (-0.35, -0.6)]
TRACK_FILL = ("#3f9b4f", "#e7c73a", "#3a6fc4")  # science green, trade yellow, politics blue
KNIGHT_RADIUS = 0.2
KNIGHT_ACTIVE = "#f4c430"
MERCHANT_SHAPE = [(0, -1.4), (1.1, 1), (-1.1, 1)]
TARGET = "rgba(255, 236, 64, 0.55)"  # glow on the legal targets of the chosen action
TARGET_R = 0.24
HOVER = "rgba(255, 255, 255, 0.9)"  # ring under the pointer

# The strip under the board: dice and the barbarian track (sizes in CSS pixels).
STRIP_HEIGHT = 56
STRIP_FILL = "#f4efe2"
STRIP_TEXT = "#3b3226"
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
# colour is drawn as it is.
PLAYER_FILL = {
    "red": "#d7263d",
    "blue": "#1f5fbf",
    "white": "#f5f5f5",
    "orange": "#f28c28",
    "green": "#2e9e44",
    "brown": "#7b4a2a",
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
    r, g, b = (int(fill[i : i + 2], 16) for i in (1, 3, 5))
    return "#1f1f1f" if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


def font(px: float, bold: bool = False) -> str:
    """CSS font string of about ``px`` pixels."""
    return f"{'bold ' if bold else ''}{max(8, round(px))}px {FONT}"
