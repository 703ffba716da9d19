"""The board's pixels under simulated colour-vision deficiencies: every piece shows on every
terrain it can stand on, measured on Chromium's rendering of the board, not by eye alone.

The board (catan_tutor.render: the canvas's palette and geometry) is drawn by Chromium, then
each screenshot goes through the Machado et al. (2009) matrices (tests/test_colour_vision.py)
for protanopia, deuteranopia and tritanopia. A piece is found as the pixels that change when
it is drawn (the board drawn with and without the pieces); its ground is the ring of board
pixels just outside it, toward the hex it stands beside (or the sea, for a coastal road); its
outline is the first few pixel layers inside its edge (the light ring, then the dark line).
The contrast of the best outline layer against the ground (WCAG) meets the floor for every
player colour, terrain, piece and vision. The simulated screenshots of lesson boards are saved
as tests/artifacts/colour_vision_*.png (looked at).

Needs /usr/bin/chromium; skipped without it (a failure under ``CI=true``).
"""

from __future__ import annotations

import io
import math
from types import SimpleNamespace

import numpy as np
import pytest
from browser_harness import ARTIFACTS
from PIL import Image
from test_colour_vision import PIECE_FLOOR, VISIONS, contrast, simulate_image, to_srgb8

from catan_tutor import board, palette
from catan_tutor.colors import COLOR_NAMES
from catan_tutor.render import svg
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import load_scenario

pytestmark = [pytest.mark.browser]

SIZE = 1200  # pixels across the drawn board
HALF_W = (palette.LAND_APOTHEM + palette.SEA_MARGIN + palette.SEA_EDGE_WIDTH / 2) * 2 / math.sqrt(3)
SCALE = SIZE / (2 * HALF_W)  # pixels per board unit
WINDOW = 40  # pixels around a piece's anchor that hold the whole piece
DEPTH = 6  # pixel layers inside a piece's edge that count as its outline
SECTOR = math.radians(35)  # half-angle of the side of a piece that is measured


def _px(p: tuple[float, float]) -> tuple[float, float]:
    apothem = palette.LAND_APOTHEM + palette.SEA_MARGIN + palette.SEA_EDGE_WIDTH / 2
    return ((p[0] + HALF_W) * SCALE, (p[1] + apothem) * SCALE)


def _spots() -> list[tuple[str, str, int, tuple[float, float], tuple[float, float]]]:
    """(terrain or "sea", piece, index, anchor, toward): a settlement at the top corner and a
    road on the lower-right side of one hex of each terrain, and a road on a coast, each far
    enough from the others that its window holds it alone."""
    out, used = [], []

    def free(p: tuple[float, float]) -> bool:
        return all(math.dist(p, q) > 1.0 for q in used)

    for k in sorted(range(len(board.TERRAINS)), key=lambda k: board.TERRAIN_SUPPLY[k]):
        terrain = board.TERRAINS[k]  # the rarest first: the one desert must get its spot
        for h, t in enumerate(board.BEGINNER.terrain):
            v = board.HEX_VERTICES[h][0]
            e = next(
                e for e in board.HEX_EDGES[h] if set(board.EDGE_VERTICES[e]) == {
                    board.HEX_VERTICES[h][2], board.HEX_VERTICES[h][3]}
            )  # fmt: skip
            centre = board.hex_centre_xy(h)
            if t == k and free(board.vertex_xy(v)) and free(board.edge_xy(e)):
                used += [board.vertex_xy(v), board.edge_xy(e)]
                out.append((terrain, "settlement", v, board.vertex_xy(v), centre))
                out.append((terrain, "road", e, board.edge_xy(e), centre))
                break
    for e in range(board.N_EDGES):  # a coastal road, measured on its sea side
        hexes = board.EDGE_HEXES[e]
        if len(hexes) == 1 and free(board.edge_xy(e)) and e not in board.HARBOR_EDGES:
            (cx, cy), (mx, my) = board.hex_centre_xy(hexes[0]), board.edge_xy(e)
            out.append(("sea", "road", e, (mx, my), (2 * mx - cx, 2 * my - cy)))
            break
    return out


def _state(colour: str, pieces: bool) -> SimpleNamespace:
    vowner, eowner = [-1] * board.N_VERTICES, [-1] * board.N_EDGES
    if pieces:
        for _ground, piece, i, _at, _to in _spots():
            (vowner if piece == "settlement" else eowner)[i] = 0
    return SimpleNamespace(
        n=1,
        names=("P1",),
        colors=(colour,),
        layout=board.BEGINNER,
        robber=-1,
        vowner=vowner,
        vcity=[False] * board.N_VERTICES,
        eowner=eowner,
    )


def _shot(page, text: str) -> np.ndarray:
    page.set_content(f"<body style='margin:0'>{text}</body>")
    return np.asarray(Image.open(io.BytesIO(page.locator("svg").screenshot())).convert("RGB"))


def _inside_depth(mask: np.ndarray) -> np.ndarray:
    """For each pixel of ``mask``: how many pixel layers from its edge (1 on the edge)."""
    depth = np.zeros(mask.shape, dtype=int)
    layer = mask.copy()
    for d in range(1, DEPTH + 1):
        shrunk = layer.copy()
        shrunk[1:, :] &= layer[:-1, :]
        shrunk[:-1, :] &= layer[1:, :]
        shrunk[:, 1:] &= layer[:, :-1]
        shrunk[:, :-1] &= layer[:, 1:]
        depth[layer & ~shrunk] = d
        layer = shrunk
    depth[layer] = DEPTH + 1
    return depth


def _piece_contrast(bare: np.ndarray, drawn: np.ndarray, lum: np.ndarray, spot) -> float:
    """The best contrast of a piece's outline layers against its ground, on one side."""
    _ground, _piece, _i, at, toward = spot
    x, y = (round(c) for c in _px(at))
    win = (slice(y - WINDOW, y + WINDOW), slice(x - WINDOW, x + WINDOW))
    mask = np.abs(drawn[win].astype(int) - bare[win].astype(int)).max(axis=2) > 10
    yy, xx = np.mgrid[-WINDOW:WINDOW, -WINDOW:WINDOW]
    tx, ty = _px(toward)
    aim = math.atan2(ty - y, tx - x)
    off = np.abs((np.arctan2(yy, xx) - aim + math.pi) % (2 * math.pi) - math.pi)
    side = off < SECTOR
    depth = _inside_depth(mask)
    near = _inside_depth(~mask)  # outside: 1 right next to the piece
    ring = side & ~mask & (near >= 2) & (near <= 5)
    ground = float(np.median(lum[win][ring]))
    layers = [lum[win][side & (depth == d)] for d in range(1, DEPTH + 1)]
    return max(contrast(float(np.median(x)), ground) for x in layers if x.size)


def test_every_piece_shows_on_every_terrain_it_can_stand_on(browser) -> None:
    page = browser.new_page(viewport={"width": SIZE + 20, "height": SIZE + 40})
    spots = _spots()
    assert {s[0] for s in spots} == {*board.TERRAINS, "sea"}
    worst = (math.inf, "")
    table: dict[str, float] = {}
    for colour in COLOR_NAMES:
        bare = _shot(page, svg(_state(colour, False), size=SIZE))
        drawn = _shot(page, svg(_state(colour, True), size=SIZE))
        for vision in VISIONS:
            lin = simulate_image(drawn, vision)
            lum = 0.2126 * lin[..., 0] + 0.7152 * lin[..., 1] + 0.0722 * lin[..., 2]
            for spot in spots:
                seen = _piece_contrast(bare, drawn, lum, spot)
                where = f"{colour} {spot[1]} on {spot[0]} ({vision})"
                table[where] = seen
                worst = min(worst, (seen, where))
    page.close()
    print(f"\n{len(table)} pieces measured; the lowest: {worst[1]} {worst[0]:.2f}:1")
    low = {k: round(v, 2) for k, v in table.items() if v < PIECE_FLOOR}
    assert not low, low


def _lesson_board(lesson: str):
    """The node of ``lesson`` with the most pieces on the board."""
    sc = load_scenario(packaged_lessons() / f"{lesson}.catan.yaml")
    nodes = sc.timeline.nodes
    nodes = nodes.values() if isinstance(nodes, dict) else nodes

    def pieces(n) -> int:
        s = n.state
        kn = getattr(s, "kn", ()) or ()
        return (
            sum(p >= 0 for p in s.vowner)
            + sum(p >= 0 for p in s.eowner)
            + sum(k is not None for k in kn)
        )

    return max(nodes, key=pieces)


@pytest.mark.parametrize("lesson", ["base_2p_neutral_builds", "ck_2p_neutral_knights"])
def test_lesson_boards_under_simulated_colour_vision(browser, lesson: str) -> None:
    """The screenshots to look at: a lesson's board as each vision sees it, side by side
    (tests/artifacts/colour_vision_<lesson>.png); the simulation changes the picture (so it
    ran) and keeps white white."""
    page = browser.new_page(viewport={"width": 900, "height": 900})
    shot = _shot(page, svg(_lesson_board(lesson), size=640))
    page.close()
    seen = {v: to_srgb8(simulate_image(shot, v)) for v in VISIONS}
    for vision in VISIONS:
        Image.fromarray(seen[vision]).save(ARTIFACTS / f"colour_vision_{lesson}_{vision}.png")
        if vision != "normal":
            assert np.abs(seen[vision].astype(int) - shot.astype(int)).mean() > 3, vision
    assert (seen["deuteranopia"][shot.min(axis=2) == 255] >= 253).all()
    h, w, _ = shot.shape
    sheet = np.full((2 * h + 10, 2 * w + 10, 3), 255, dtype=np.uint8)
    for k, vision in enumerate(VISIONS):
        r, c = divmod(k, 2)
        sheet[r * (h + 10) : r * (h + 10) + h, c * (w + 10) : c * (w + 10) + w] = seen[vision]
    Image.fromarray(sheet).save(ARTIFACTS / f"colour_vision_{lesson}.png")
