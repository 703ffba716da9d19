"""Laying out a variable board as chance events (BASE-BOARD-VARIABLE*)."""

from __future__ import annotations

from ..actions import PlaceHarbor, PlaceTile, SpiralStart
from ..board import (
    BEGINNER_HARBOR_KINDS,
    HARBOR_EDGES,
    HARBOR_SUPPLY,
    N_HEXES,
    SPIRAL_STARTS,
    TERRAIN_SUPPLY,
    Layout,
    spiral_numbers,
)  # fmt: skip
from ..state import BOARD, SETUP_SETTLE, State, tset


def start_board(s: State, shuffle_harbors: bool) -> None:
    s.tiles = (-1,) * N_HEXES
    s.harbor_kinds = ()
    s.shuffle_harbors = shuffle_harbors
    s.layout = None
    s.robber = -1
    s.phase = BOARD


def board_outcomes(s: State) -> list:
    """Next chance event: a terrain for the next hex A..S, harbor kinds, then the spiral start."""
    if -1 in s.tiles:
        h = s.tiles.index(-1)
        left = [n - s.tiles.count(t) for t, n in enumerate(TERRAIN_SUPPLY)]
        return [(PlaceTile(h, t), k) for t, k in enumerate(left) if k]
    if s.shuffle_harbors and len(s.harbor_kinds) < len(HARBOR_EDGES):
        slot = len(s.harbor_kinds)
        left = [n - s.harbor_kinds.count(k) for k, n in enumerate(HARBOR_SUPPLY)]
        return [(PlaceHarbor(slot, k), n) for k, n in enumerate(left) if n]
    return [(SpiralStart(h), 1) for h in SPIRAL_STARTS]


def apply_board(s: State, a) -> None:
    if isinstance(a, PlaceTile):
        s.tiles = tset(s.tiles, a.hex, a.terrain)
        return
    if isinstance(a, PlaceHarbor):
        s.harbor_kinds = (*s.harbor_kinds, a.kind)
        return
    terrain = tuple(s.tiles)
    kinds = s.harbor_kinds if s.shuffle_harbors else BEGINNER_HARBOR_KINDS
    s.layout = Layout(
        terrain, spiral_numbers(terrain, a.hex), tuple(zip(HARBOR_EDGES, kinds, strict=True))
    )
    s.robber = s.layout.desert()  # rule="BASE-BOARD-ROBBER-START"
    s.tiles, s.harbor_kinds = (), ()
    s.phase = SETUP_SETTLE  # the caller may start a roll-off instead
