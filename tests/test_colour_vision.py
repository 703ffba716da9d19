"""Colour-blind-safe board: under simulated protanopia, deuteranopia and tritanopia every two
terrain kinds and every two player colours stay apart by colour, and where colour alone could
not tell them apart a glyph (terrain) or a mark (player) does; hills and forest differ in
lightness; every piece's outline stands out on every ground it can stand on; the 6 and 8
tokens stand out by size and a ring, not only by their red; every neutral has its own mark.
The same measures on pixels of drawn boards: tests/test_browser_colour_vision.py.

Simulation: Machado, Oliveira & Fernandes, "A Physiologically-based Model for Simulation of
Color Vision Deficiency", IEEE TVCG 15(6), 2009 — the severity 1.0 matrices of their paper's
supplementary table, applied to linear sRGB. Difference: CIEDE2000 (Sharma, Wu & Dalal, Color
Res. Appl. 30(1), 2005) in CIELAB, D65 white.
"""

from __future__ import annotations

import itertools
import math
import re

import numpy as np
import pytest

from catan_tutor import board, new_game, palette
from catan_tutor.board import TERRAINS
from catan_tutor.colors import COLOR_NAMES, DEFAULT_COLORS
from catan_tutor.render import svg

# the rules engine alone: left out of the minimum-versions lane (scripts/min_versions.sh)
pytestmark = pytest.mark.engine

Matrix = tuple[tuple[float, float, float], ...]
MACHADO: dict[str, Matrix] = {  # severity 1.0, linear RGB
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}  # fmt: skip
VISIONS = ("normal", *MACHADO)

# CIEDE2000 of about 1 is a just-noticeable difference between patches side by side; a
# difference of 10 or more reads as "another colour" at a glance, without a comparison
# patch, which is what telling terrains or players apart on the board needs. The palette
# keeps every pair above 13 (the test leaves a margin for small retuning).
THRESHOLD = 10.0


def _linear(c: int) -> float:
    x = c / 255
    return x / 12.92 if x <= 0.04045 else ((x + 0.055) / 1.055) ** 2.4


def simulate(hex_colour: str, vision: str) -> tuple[float, float, float]:
    """Linear RGB of ``#rrggbb`` as seen with ``vision`` (clipped to the gamut)."""
    rgb = [_linear(int(hex_colour[i : i + 2], 16)) for i in (1, 3, 5)]
    if vision == "normal":
        return (rgb[0], rgb[1], rgb[2])
    m = MACHADO[vision]
    r, g, b = (min(1.0, max(0.0, sum(k * x for k, x in zip(row, rgb, strict=True)))) for row in m)
    return (r, g, b)


def lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """CIELAB (D65) of linear sRGB."""
    r, g, b = rgb
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e2000(c1: tuple[float, float, float], c2: tuple[float, float, float]) -> float:
    """CIEDE2000 colour difference (kL = kC = kH = 1)."""
    (l1, a1, b1), (l2, a2, b2) = c1, c2
    cbar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(cbar**7 / (cbar**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1 = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2 = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dl, dc = l2 - l1, c2p - c1p
    dh = 0.0
    if c1p * c2p:
        dh = h2 - h1
        dh = dh - 360 if dh > 180 else dh + 360 if dh < -180 else dh
    dhh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    lbar, cbarp = (l1 + l2) / 2, (c1p + c2p) / 2
    if not c1p * c2p:
        hbar = h1 + h2
    elif abs(h1 - h2) <= 180:
        hbar = (h1 + h2) / 2
    else:
        hbar = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(hbar - 30))
        + 0.24 * math.cos(math.radians(2 * hbar))
        + 0.32 * math.cos(math.radians(3 * hbar + 6))
        - 0.20 * math.cos(math.radians(4 * hbar - 63))
    )
    dtheta = 30 * math.exp(-(((hbar - 275) / 25) ** 2))
    rc = 2 * math.sqrt(cbarp**7 / (cbarp**7 + 25**7))
    sl = 1 + 0.015 * (lbar - 50) ** 2 / math.sqrt(20 + (lbar - 50) ** 2)
    sc, sh = 1 + 0.045 * cbarp, 1 + 0.015 * cbarp * t
    rt = -math.sin(math.radians(2 * dtheta)) * rc
    return math.sqrt(
        (dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2 + rt * (dc / sc) * (dhh / sh)
    )


def luminance(rgb: tuple[float, float, float]) -> float:
    """Relative luminance (WCAG) of linear sRGB."""
    return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]


def contrast(a: float, b: float) -> float:
    """WCAG contrast ratio of two relative luminances."""
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


def seen_contrast(a: str, b: str, vision: str) -> float:
    """WCAG contrast of two ``#rrggbb`` colours as seen with ``vision``."""
    return contrast(luminance(simulate(a, vision)), luminance(simulate(b, vision)))


def simulate_image(pixels: np.ndarray, vision: str) -> np.ndarray:
    """Linear RGB (floats, H x W x 3) of 8-bit sRGB ``pixels`` as seen with ``vision``."""
    x = pixels[..., :3].astype(np.float64) / 255
    lin = np.where(x <= 0.04045, x / 12.92, ((x + 0.055) / 1.055) ** 2.4)
    if vision == "normal":
        return lin
    return np.clip(lin @ np.array(MACHADO[vision]).T, 0.0, 1.0)


def to_srgb8(lin: np.ndarray) -> np.ndarray:
    """8-bit sRGB of linear RGB (to save a simulated screenshot)."""
    x = np.where(lin <= 0.0031308, 12.92 * lin, 1.055 * lin ** (1 / 2.4) - 0.055)
    return np.round(np.clip(x, 0, 1) * 255).astype(np.uint8)


# Where a piece can stand: beside any terrain, the sea (a coastal road or settlement), the
# sandy seam between hexes and the beach.
GROUNDS = {
    **dict(zip(TERRAINS, palette.TERRAIN_FILL, strict=True)),
    "sea": palette.SEA,
    "seam": palette.TERRAIN_EDGE,
    "beach": palette.BEACH,
}
# WCAG 1.4.11: the parts of a graphic needed to see it at least 3:1 against what is next to it.
PIECE_FLOOR = 3.0


def outline_contrast(ground: str, vision: str) -> float:
    """How well a piece's outline shows on ``ground``: the light ring (palette.PIECE_HALO)
    around the dark outline (PIECE_EDGE), whichever contrasts more with the ground; the piece's
    own colour is inside both, so it is the same for every player colour."""
    return max(
        seen_contrast(palette.PIECE_HALO, ground, vision),
        seen_contrast(palette.PIECE_EDGE, ground, vision),
    )


def seen_difference(a: str, b: str, vision: str) -> float:
    return delta_e2000(lab(simulate(a, vision)), lab(simulate(b, vision)))


def closest_pair(colours: dict[str, str], vision: str) -> tuple[float, str, str]:
    return min(
        (seen_difference(colours[x], colours[y], vision), x, y)
        for x, y in itertools.combinations(colours, 2)
    )


def test_ciede2000_matches_sharma_reference_pairs() -> None:
    """Three pairs of the published CIEDE2000 test data (Sharma et al. 2005, table 1)."""
    data = [
        ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
        ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
        ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ]
    for c1, c2, expected in data:
        assert delta_e2000(c1, c2) == pytest.approx(expected, abs=1e-4)


def test_simulation_keeps_white_and_finds_the_old_confusion() -> None:
    """Sanity of the matrices: white stays white; the board's former hills (#c4613a) and
    forest (#2f7a3a) merge for a protanope (issue 20 measured about 1) and not otherwise."""
    for vision in MACHADO:
        assert all(x == pytest.approx(1.0, abs=0.002) for x in simulate("#ffffff", vision))
    assert seen_difference("#c4613a", "#2f7a3a", "protanopia") < 2
    assert seen_difference("#c4613a", "#2f7a3a", "normal") > 25
    assert seen_difference("#c4613a", "#2f7a3a", "tritanopia") > 20


@pytest.mark.parametrize("vision", VISIONS)
def test_every_two_terrains_differ_by_colour_and_glyph(vision: str) -> None:
    fills = dict(zip(TERRAINS, palette.TERRAIN_FILL, strict=True))
    glyphs = dict(zip(TERRAINS, palette.TERRAIN_GLYPHS, strict=True))
    for x, y in itertools.combinations(TERRAINS, 2):
        apart = seen_difference(fills[x], fills[y], vision)
        assert glyphs[x] != glyphs[y], (x, y)  # a picture that differs, whatever the colour
        assert apart >= THRESHOLD, f"{vision}: {x} and {y} are {apart:.1f} apart"


@pytest.mark.parametrize("vision", VISIONS)
def test_every_two_player_colours_differ_by_colour_or_mark(vision: str) -> None:
    """Every two of the six colour names stay apart; the default four a fortiori. Seats also
    carry distinct marks, so even two #rrggbb colours that look alike stay apart."""
    fills = {name: palette.player_fill(name) for name in COLOR_NAMES}
    for x, y in itertools.combinations(COLOR_NAMES, 2):
        apart = seen_difference(fills[x], fills[y], vision)
        assert apart >= THRESHOLD, f"{vision}: {x} and {y} are {apart:.1f} apart"
    default = {name: fills[name] for name in DEFAULT_COLORS}
    assert closest_pair(default, vision)[0] >= THRESHOLD


def test_every_seat_has_its_own_mark() -> None:
    marks = [palette.player_mark(p) for p in range(len(COLOR_NAMES))]
    assert len(set(marks)) == len(marks)
    outlines = [tuple(palette.MARK_SHAPES[m]) for m in marks]
    assert len(set(outlines)) == len(outlines)  # the shapes differ, not only their names


def test_marks_read_on_every_player_colour() -> None:
    """The mark is black or white, whichever contrasts with the piece (WCAG ratio >= 3)."""

    def luminance(c: str) -> float:
        r, g, b = simulate(c, "normal")
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    for name in COLOR_NAMES:
        fill = palette.player_fill(name)
        a, b = sorted((luminance(fill), luminance(palette.text_on(fill))))
        assert (b + 0.05) / (a + 0.05) >= 3, name


@pytest.mark.parametrize("vision", VISIONS)
def test_hills_and_forest_differ_in_lightness_and_picture(vision: str) -> None:
    """Both turn olive for a protanope or deuteranope: they stay >= 15 apart in lightness
    (L*), and the bricks and trees on them stay visible (ink >= 1.8:1 on the fill)."""
    hills, forest = (palette.TERRAIN_FILL[TERRAINS.index(t)] for t in ("hills", "forest"))
    lightness = abs(lab(simulate(hills, vision))[0] - lab(simulate(forest, vision))[0])
    assert lightness >= 15, f"{vision}: hills and forest {lightness:.1f} apart in L*"
    for t in ("hills", "forest"):
        k = TERRAINS.index(t)
        ink = seen_contrast(palette.GLYPH_INK[k], palette.TERRAIN_FILL[k], vision)
        assert ink >= 1.8, f"{vision}: the {t} glyph reads {ink:.2f}:1"


@pytest.mark.parametrize("vision", VISIONS)
def test_every_piece_outline_shows_on_every_ground(vision: str) -> None:
    """Every piece (any colour: the ring and outline are around all of them) against every
    terrain, the sea, the seam and the beach: at least 3:1 (the floor every pair meets)."""
    for ground, colour in GROUNDS.items():
        seen = outline_contrast(colour, vision)
        assert seen >= PIECE_FLOOR, f"{vision}: a piece on {ground} shows at {seen:.2f}:1"


def test_the_six_and_eight_stand_out_by_size_and_ring_not_only_by_red() -> None:
    """6 and 8 (the likeliest rolls after 7): a number at least 1.25 times as tall and a ring
    the other tokens lack; their red reads on the token (>= 4.5:1) in every vision. Checked
    on the drawn board: the SVG of the beginner map."""
    hot, cold = palette.token_look(6), palette.token_look(5)
    assert palette.token_look(8) == hot and hot.digit >= 1.25 * cold.digit
    assert hot.ring > 0 and cold.ring == 0
    for vision in VISIONS:
        assert seen_contrast(hot.ink, palette.TOKEN_FILL, vision) >= 4.5, vision
    drawn = svg(new_game("base", players=4))
    sizes: dict[str, set[str]] = {}
    for size, number in re.findall(r'font-size="([\d.]+)"[^>]*class="token">(\d+)<', drawn):
        sizes.setdefault(number, set()).add(size)
    assert {n for n in sizes if n in ("6", "8")} == {"6", "8"}, sizes
    hot_sizes = sizes["6"] | sizes["8"]
    assert len(hot_sizes) == 1 and all(sizes[n] != hot_sizes for n in sizes if n not in "68")
    numbers = [n for n in board.BEGINNER.numbers if n]
    rings = drawn.count('class="token-ring"')
    assert rings == sum(n in (6, 8) for n in numbers) == 4


def test_every_neutral_has_its_own_mark() -> None:
    """N1 and N2 (and a third party) carry different names and road dashes; drawn: the
    base-2p start has an N1 and an N2 settlement, each with its name."""
    dashes = [palette.neutral_dash(k) for k in range(len(palette.NEUTRAL_DASHES))]
    assert len(set(dashes)) == len(dashes)
    labels = [palette.party_label(name) for name in ("N1", "N2", "D")]
    assert len(set(labels)) == len(labels) == 3
    drawn = svg(new_game("base-2p", players=2))  # 2P-SETUP-NEUTRAL-SETTLEMENTS
    assert sorted(re.findall(r'class="name">([^<]+)<', drawn)) == ["1", "2"]


def report() -> dict[str, tuple[float, str, str]]:
    """The closest terrain pair and player pair per vision (for the closing notes)."""
    terrain = dict(zip(TERRAINS, palette.TERRAIN_FILL, strict=True))
    players = {n: palette.player_fill(n) for n in COLOR_NAMES}
    out = {}
    for vision in VISIONS:
        out[f"terrain {vision}"] = closest_pair(terrain, vision)
        out[f"players {vision}"] = closest_pair(players, vision)
        out[f"outline {vision}"] = min(
            (outline_contrast(c, vision), g, "") for g, c in GROUNDS.items()
        )
    return out


@pytest.mark.parametrize("vision", VISIONS)
def test_a_hex_not_laid_yet_reads_as_an_empty_slot_not_a_desert(vision: str) -> None:
    """Issue 33 (lesson 1.3): the desert and the slots of a variable board still to lay were
    the same beige, so a laid desert looked empty. An empty slot is its own cool grey, far from
    every terrain (the desert most of all) in every colour vision, in the SVG and on the
    canvas (which drew an empty slot with the last terrain's fill, the desert's)."""
    empty = palette.UNKNOWN_TERRAIN
    for terrain, fill in zip(TERRAINS, palette.TERRAIN_FILL, strict=True):
        apart = seen_difference(empty, fill, vision)
        assert apart >= THRESHOLD + 3, f"{vision}: an empty slot and {terrain}: {apart:.1f}"
