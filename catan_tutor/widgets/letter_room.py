"""The hexes' letters kept readable (issue 33, learners 11 and 12): a harbor's word tab goes
where it covers no letter (under its disc covered B's and H's on a phone), and a letter a ring
crosses (the hint's at K4 crossed P's) is written again over the ring, on a chip of its hex's
colour: the ring passes under it. A piece over a letter (a neutral's settlement on M's top
corner hid the "M" on a phone) moves the letter down or aside, clear of the pieces and the
number token, under the pieces (``clear_of_pieces``). All in canvas pixels.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from math import atan2, cos, radians, sin

from ipycanvas import Canvas

from .. import board
from ..palette import Point, Viewport, hex_corners
from ..scene import Pieces, Tile
from . import style
from .board_tags import Spot, text_em
from .label_places import Box, Disc, hits, meets, piece_shapes, ring_reach, spot_discs

LETTER_EM = 0.19  # the letter's size in board units (board_paint: ``text(0.19)``)
ROOM = 2.0  # CSS px kept round a letter
HALO_LINE = 9.0  # CSS px: the widest ring's line (the hint's white halo, board_marks)
# where a letter a piece covers may go (board units from its place): down towards the
# token, then aside (a phone's letters are large: 0.38 of a hex's size), then both
SHIFTS = ((0.0, 0.07), (0.0, 0.13), (0.0, 0.19), (-0.3, 0.0), (0.3, 0.0), (-0.45, 0.0),
          (0.45, 0.0), (-0.3, 0.13), (0.3, 0.13), (-0.45, 0.1), (0.45, 0.1))  # fmt: skip


def letter_box(vp: Viewport, tile: Tile, size: float, room: float = 0.0) -> Box:
    """Where ``tile``'s letter is written at font ``size`` (a capital's width, ``text_em``;
    its height, the size's half each way), ``room`` canvas px wider all round."""
    return _box_at(vp, tile.letter, tile.centre, size, room)


def _box_at(vp: Viewport, letter: str, centre: Point, size: float, room: float) -> Box:
    """``letter_box`` of a hex's ``letter`` written over its ``centre`` (board units)."""
    x, y = vp.px((centre[0], centre[1] - style.LETTER_OFFSET))
    w, h = text_em(letter) * size / 2 + room, 0.5 * size + room
    return (x - w, y - h, x + w, y + h)


def tab_place(
    x: float,
    y: float,
    below: float,
    wide: float,
    tall: float,
    keep: Sequence[Box],
    bounds: Box,
    land: Sequence[Sequence[Point]] = (),
    centre: Point | None = None,
    radius: float = 0.0,
) -> tuple[float, float]:
    """The top left of a harbor's word tab ``wide`` x ``tall`` for its disc at ``(x, y)``:
    out to sea, away from the board's ``centre`` (straight out, else turned up to 60°), clear
    of its disc (``radius``; a phone's tabs under or over their discs lay over the coast's
    hexes and their corners) and pushed inside ``bounds``, else under the ratio (``below``: how far
    its top is under the disc's centre), over it, beside it: the first way within ``bounds``
    that meets none of the boxes ``keep`` (the letters) nor the hexes ``land``; else the first
    that meets no letter; under it when none does."""
    if centre is not None and (x, y) != centre:  # out to sea: straight out, else turned
        away = atan2(y - centre[1], x - centre[0])
        for turn in (0, 30, -30, 60, -60):
            ux, uy = cos(away + radians(turn)), sin(away + radians(turn))
            reach = radius * 1.15 + (abs(ux) * wide + abs(uy) * tall) / 2  # the box's reach back
            left = min(max(x + ux * reach - wide / 2, bounds[0]), bounds[2] - wide)  # pushed in
            top = min(max(y + uy * reach - tall / 2, bounds[1]), bounds[3] - tall)  # at an edge
            box = (left, top, left + wide, top + tall)
            if hits(box, (x, y, radius)) or any(meets(box, k) for k in keep):
                continue
            if not any(_over(box, hexagon) for hexagon in land):
                return left, top
    ways = [
        (x - wide / 2, y + below),
        (x - wide / 2, y - below - tall),
        (x - below - wide, y - tall / 2),
        (x + below, y - tall / 2),
    ]
    fits = []
    for left, top in ways:
        box = (left, top, left + wide, top + tall)
        inside = box[0] >= bounds[0] and box[1] >= bounds[1] and box[2] <= bounds[2]
        if inside and box[3] <= bounds[3] and not any(meets(box, k) for k in keep):
            if not any(_over(box, hexagon) for hexagon in land):
                return left, top
            fits.append((left, top))
    return fits[0] if fits else ways[0]


@lru_cache(maxsize=64)
def land_of(vp: Viewport) -> tuple[tuple[Point, ...], ...]:
    """The land hexes' outlines in canvas px."""
    return tuple(tuple(vp.pxs(hex_corners(h))) for h in range(board.N_HEXES))


def _over(box: Box, polygon: Sequence[Point]) -> bool:
    """Whether ``box`` and the convex ``polygon`` (clockwise on the screen) overlap: a point of
    a 7 x 3 grid over the box inside the polygon, or a corner of the polygon inside the box."""
    x0, y0, x1, y1 = box
    xs, ys = [px for px, _ in polygon], [py for _, py in polygon]
    if x1 < min(xs) or x0 > max(xs) or y1 < min(ys) or y0 > max(ys):
        return False  # apart (most hexes of the board)
    if any(x0 < px < x1 and y0 < py < y1 for px, py in polygon):
        return True
    grid = [(x0 + (x1 - x0) * i / 6, y0 + (y1 - y0) * j / 2) for i in range(7) for j in range(3)]
    return any(_inside(p, polygon) for p in grid)


def _inside(p: Point, polygon: Sequence[Point]) -> bool:
    """Whether ``p`` is inside the convex ``polygon`` (either winding)."""
    signs = set()
    for (ax, ay), (bx, by) in zip(polygon, [*polygon[1:], polygon[0]], strict=True):
        cross = (bx - ax) * (p[1] - ay) - (by - ay) * (p[0] - ax)
        signs.add(cross > 0)
    return len(signs) == 1


def keep_letters(
    c: Canvas,
    vp: Viewport,
    ratio: float,
    size: float,
    tiles: Iterable[Tile],
    rings: list[Spot],
    pieces: Pieces | None = None,
) -> list[str]:
    """Write again, over the rings round ``rings`` (just drawn on ``c``), each letter one of
    them crosses, on a chip of its hex's colour; the letters written. With ``pieces``, each
    where it went clear of them (``letter_place``)."""
    halo = (HALO_LINE / 2 + ROOM) * ratio / vp.scale  # the hint's white halo, 9 px wide
    discs = [d for spot in rings for d in spot_discs(vp, spot, ring_reach(spot) + halo)]
    shapes = piece_shapes(vp, pieces, ROOM * ratio) if pieces is not None else ([], [])
    written = []
    for tile in tiles:
        box, over = letter_place(vp, tile, size, ratio, shapes)
        if not any(hits(box, d) for d in discs) and ("hex", tile.hex) not in rings:
            continue
        if over:  # (over the pieces: rimmed in its hex's colour, no chip over them)
            _write(c, tile, box, size, rim=ratio * 3)
            written.append(tile.letter)
            continue
        dark = tile.terrain in style.DARK_TERRAINS
        c.fill_style = style.TERRAIN_FILL[tile.terrain]
        c.fill_rect(box[0], box[1], box[2] - box[0], box[3] - box[1])
        c.fill_style = style.LETTER_LIGHT if dark else style.LETTER_DARK
        c.font = style.font(size, bold=True)
        c.text_align, c.text_baseline = "center", "middle"
        c.fill_text(tile.letter, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        written.append(tile.letter)
    return written


def clear_of_pieces(
    c: Canvas, vp: Viewport, ratio: float, size: float, tiles: Iterable[Tile], pieces: Pieces
) -> Callable[[], None]:
    """Each letter one of ``pieces`` covers, moved on ``c`` (under the pieces, drawn next) to
    its ``letter_place``: its place covered by a chip of its hex's colour, the letter written
    at the new one; one written over the pieces by what this returns, called once the pieces
    are drawn."""
    shapes = piece_shapes(vp, pieces, ROOM * ratio)
    over: list[tuple[Tile, Box]] = []
    for tile in tiles:
        if not tile.letter:
            continue
        box = letter_box(vp, tile, size, ROOM * ratio)
        there, covered = letter_place(vp, tile, size, ratio, shapes)
        if there is box:
            continue  # most letters: no piece near (a long game's roads are hundreds of discs)
        _chip(c, tile, box)  # its old place
        if covered:
            over.append((tile, there))
        else:
            _write(c, tile, there, size)

    def write_over() -> None:
        for tile, there in over:
            _write(c, tile, there, size, rim=ratio * 3)

    return write_over


def letter_place(
    vp: Viewport, tile: Tile, size: float, ratio: float, shapes: tuple[list[Box], list[Disc]]
) -> tuple[Box, bool]:
    """Where ``tile``'s letter is written, and whether pieces (``shapes``: ``piece_shapes``)
    cover it there: its own place where none covers it, else the first of ``SHIFTS`` clear of
    them and of its hex's number token; where none is clear (two roads from a hex's top
    corner on a phone), where the least is covered (a building counts three times: it is cut
    least), written over the pieces."""
    room = ROOM * ratio
    box = letter_box(vp, tile, size, room)
    if not _covered(box, *_near(box, *shapes)):
        return box, False
    x, y = tile.centre
    ways = [_box_at(vp, tile.letter, (x + dx, y + dy), size, room) for dx, dy in SHIFTS]
    # only the pieces near this hex's letter's places can cover one of them
    near = (min(b[0] for b in ways + [box]), min(b[1] for b in ways + [box]),
            max(b[2] for b in ways + [box]), max(b[3] for b in ways + [box]))  # fmt: skip
    boxes, discs = _near(near, *shapes)
    if tile.number:
        discs.append((*vp.px(tile.centre), vp.len(style.TOKEN_RADIUS)))
    there = next((b for b in ways if not _covered(b, boxes, discs)), None)
    if there is not None:
        return there, False
    cost = {id(b): _covered(b, boxes, discs) for b in [box, *ways]}
    return min([box, *ways], key=lambda b: cost[id(b)]), True


def _near(
    area: Box, boxes: list[Box], discs: list[tuple[float, float, float]]
) -> tuple[list[Box], list[tuple[float, float, float]]]:
    """The ``boxes`` that meet ``area`` and the ``discs`` whose square round them meets it."""
    x0, y0, x1, y1 = area
    return [b for b in boxes if meets(area, b)], [
        d for d in discs if x0 - d[2] < d[0] < x1 + d[2] and y0 - d[2] < d[1] < y1 + d[2]
    ]


def _covered(box: Box, boxes: list[Box], discs: list[tuple[float, float, float]]) -> int:
    """How much of ``box`` pieces cover: a building (a box) counts three times."""
    return 3 * sum(meets(box, b) for b in boxes) + sum(hits(box, d) for d in discs)


def _chip(c: Canvas, tile: Tile, box: Box) -> None:
    """``box`` filled in ``tile``'s colour (its letter's old place)."""
    laid = tile.terrain >= 0
    c.fill_style = style.TERRAIN_FILL[tile.terrain] if laid else style.UNKNOWN_TERRAIN
    c.fill_rect(box[0], box[1], box[2] - box[0], box[3] - box[1])


def _write(c: Canvas, tile: Tile, there: Box, size: float, rim: float = 0.0) -> None:
    """``tile``'s letter in the middle of ``there``, with a ``rim`` (canvas px) of its hex's
    colour round it (over the pieces)."""
    x, y = (there[0] + there[2]) / 2, (there[1] + there[3]) / 2
    c.font = style.font(size, bold=True)
    c.text_align, c.text_baseline = "center", "middle"
    if rim:
        laid = tile.terrain >= 0
        c.stroke_style = style.TERRAIN_FILL[tile.terrain] if laid else style.UNKNOWN_TERRAIN
        c.line_width = rim
        c.stroke_text(tile.letter, x, y)
    dark = tile.terrain in style.DARK_TERRAINS
    c.fill_style = style.LETTER_LIGHT if dark else style.LETTER_DARK
    c.fill_text(tile.letter, x, y)
