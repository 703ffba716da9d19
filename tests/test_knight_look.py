"""A knight's strength reads at a glance in both its states (s34, a fresh learner at 8.11,
1280x900: P1's inactive strong knight was a disc of red at 55 % with two thin white bars 1.5 px
apart, its "II" read as a basic knight's "I": shots d60z.png, d65b_knights_hi.png). For every
player's colour, level and state, on the board's canvas and in its SVG: as many bars as the
knight's strength, each bold and clearly apart from the next, its bars and mark at least 4.5:1
against the disc they are drawn on; an inactive knight still reads as inactive (a lighter
disc, a dashed dark rim, no gold), by more than its hue."""

from __future__ import annotations

import re

import pytest

from catan_tutor import new_game
from catan_tutor import palette as P
from catan_tutor import scene as S
from catan_tutor.knight_look import contrast, luminance
from catan_tutor.render import _draw_knight, _Svg
from catan_tutor.widgets import BoardView


class _Canvas:
    """What ``draw_knight`` asks of a canvas, recorded with the styles it asks them in."""

    def __init__(self) -> None:
        self.discs: list[tuple[float, str, float]] = []  # radius, fill, alpha
        self.bars: list[tuple[float, float, str]] = []  # left, width, fill
        self.rims: list[tuple[str, bool]] = []  # colour, dashed
        self.fill_style, self.stroke_style, self.global_alpha = "", "", 1.0
        self.dash: list[float] = []

    def fill_circle(self, x: float, y: float, r: float) -> None:
        self.discs.append((r, self.fill_style, self.global_alpha))

    def stroke_circle(self, x: float, y: float, r: float) -> None:
        self.rims.append((self.stroke_style, bool(self.dash)))

    def fill_rect(self, x: float, y: float, w: float, h: float) -> None:
        self.bars.append((x, w, self.fill_style))

    def set_line_dash(self, dash: list[float]) -> None:
        self.dash = list(dash)

    def __getattr__(self, name: str):
        return lambda *a, **k: None


def _seen(fill: str, alpha: float, under: str) -> str:
    """``fill`` drawn at ``alpha`` over ``under``, as the eye gets it."""
    a, b = _rgb(fill), _rgb(under)
    mixed = (round(x * alpha + y * (1 - alpha)) for x, y in zip(a, b, strict=True))
    return "#" + "".join(f"{v:02x}" for v in mixed)


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


LOOKS = [
    (colour, level, active)
    for colour in P.PLAYER_FILL
    for level in (1, 2, 3)
    for active in (True, False)
]


def _drawn(view: BoardView, colour: str, level: int, active: bool) -> tuple[_Canvas, float]:
    painter = view.painter
    painter._marks.clear()
    knight = S.Knight(0, 0, P.PLAYER_FILL[colour], level, active, (0.0, 0.0), 0, "")
    c = _Canvas()
    painter.draw_knight(c, knight)
    return c, min(r for r, _, _ in c.discs)


@pytest.fixture(scope="module")
def view() -> BoardView:
    return BoardView(new_game("ck", players=3))


@pytest.mark.parametrize(("colour", "level", "active"), LOOKS)
def test_a_knight_s_strength_reads_in_both_states(view, colour, level, active):
    c, r = _drawn(view, colour, level, active)
    (halo, *_), (_, fill, alpha) = c.discs, c.discs[-1]
    disc = _seen(fill, alpha, halo[1])  # (the disc over its light ring)
    assert len(c.bars) == level
    assert all(w >= 0.24 * r for _, w, _ in c.bars), c.bars  # bold (0.22 was thin)
    lefts = sorted((x, w) for x, w, _ in c.bars)
    gaps = [b[0] - (a[0] + a[1]) for a, b in zip(lefts, lefts[1:], strict=False)]
    assert all(g >= 0.2 * r for g in gaps), (gaps, r)  # clearly apart (0.14 read as one bar)
    (ink, _, _), *_ = view.painter._marks  # the owner's mark, queued
    for mark in [ink] + [f for _, _, f in c.bars]:
        assert contrast(mark, disc) >= 4.5, (colour, active, mark, disc)


@pytest.mark.parametrize("colour", list(P.PLAYER_FILL))
def test_an_inactive_knight_still_reads_as_inactive(view, colour):
    """Its disc lighter than an active one's, its rim dashed and dark, an active one's solid
    and gold: told apart by lightness and a pattern, not by a hue."""
    (up, _), (down, _) = (_drawn(view, colour, 2, active) for active in (True, False))
    lit = [_seen(f, a, up.discs[0][1]) for _, f, a in up.discs[-1:]]
    pale = [_seen(f, a, down.discs[0][1]) for _, f, a in down.discs[-1:]]
    assert luminance(pale[0]) > luminance(lit[0])
    assert up.rims == [(P.KNIGHT_ACTIVE, False)]
    assert down.rims == [(P.PIECE_EDGE, True)]


@pytest.mark.parametrize("active", [True, False])
def test_the_svg_draws_a_knight_as_the_canvas_does(view, active):
    """The board's SVG (``render.py``): the same disc, bars and mark colours as the canvas."""
    out = _Svg()
    _draw_knight(out, S.Knight(0, 0, P.PLAYER_FILL["red"], 2, active, (0.0, 0.0), 0, ""))
    svg = "".join(out.parts)
    c, _ = _drawn(view, "red", 2, active)
    disc, bar = c.discs[-1][1], c.bars[0][2]
    fills = re.findall(r'fill="(#[0-9a-fA-F]{6})"', svg)
    assert disc in fills and fills.count(bar) >= 2, (disc, bar, fills)
    assert "fill-opacity" not in svg
