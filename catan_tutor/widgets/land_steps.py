"""A step while chance lays out a variable board (lesson 1.3) paints only what it changed on
the land's layer: a laid hex drawn over its empty slot (its terrain, letter and glyph), or a
hex taken back (◀) drawn empty over it (a hex's drawing covers all of its own and nothing of
its neighbours'); a harbor's step (no harbor shows before the board is whole:
``scene.board_scene``) nothing. Painting the whole land each step sent ~28 KiB of canvas
commands and took ~13 ms of the kernel's ~20 ms a step; now ~1.5 KiB and ~0.5 ms
(benchmarks/board_layout_steps.py). Anything else (the finished board with its numbers and
harbors, another width or theme) is painted whole. Plain Python."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import board
from ..scene import Board, Tile, board_scene

if TYPE_CHECKING:
    from ipycanvas import Canvas

    from .board_paint import ScenePainter
    from .board_view import BoardView


def draw_land(view: BoardView) -> None:
    """The land's layer of ``view`` after a step that may lay a hex: only the hexes laid or
    taken back since it was drawn (``laid_hexes``), else all of it again."""
    game = view.game
    now = board_scene(game.state, game.layout)
    laid = laid_hexes(view.drawn_board, now) if game.layout is None else None
    if laid is None:
        return view.draw_static()
    if laid:
        draw_hexes(view.painter, view.static, laid)
        view.drawn_board = now


def draw_hexes(painter: ScenePainter, c: Canvas, tiles: list[Tile]) -> None:
    """Hexes just laid or taken back (no number) over what layer 0 showed there, as
    ``ScenePainter.draw_static`` draws them: terrain, letter, glyph."""
    for tile in tiles:
        painter.draw_hex(c, tile)
    terrain = [-1] * board.N_HEXES
    for tile in tiles:
        terrain[tile.hex] = tile.terrain
    painter.draw_glyphs(c, tuple(terrain))


def laid_hexes(drawn: Board | None, now: Board) -> list[Tile] | None:
    """The tiles of ``now`` to draw over the land ``drawn`` shows: [] when nothing changed,
    the hexes laid or taken back when only they changed, None when it must be painted whole
    (nothing drawn yet, harbors or numbers shown or changed)."""
    if drawn is None or drawn.harbors != now.harbors or len(drawn.tiles) != len(now.tiles):
        return None
    laid: list[Tile] = []
    for was, tile in zip(drawn.tiles, now.tiles, strict=True):
        if was == tile:
            continue
        if was.number or tile.number or was.hex != tile.hex:
            return None  # numbers coming or going: all again
        laid.append(tile)
    return laid
