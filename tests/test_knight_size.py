"""A knight on a phone's board (zoom ~0.5) keeps a disc, strength bars and an active rim
readable as shown (l20 at 8.11 on a 375 px phone: the bars and rims too small to read), as the
board's words keep a least size; at full size it is drawn as before."""

from __future__ import annotations

import pytest

from catan_tutor import new_game
from catan_tutor import scene as S
from catan_tutor.widgets import BoardView
from catan_tutor.widgets.knight_size import KNIGHT_LEAST_PX


class _Canvas:
    """What ``draw_knight`` asks of a canvas, recorded: circles, bars, the rim's width."""

    def __init__(self) -> None:
        self.circles: list[float] = []
        self.bars: list[float] = []
        self.rims: list[float] = []
        self.line_width = 1.0

    def fill_circle(self, x: float, y: float, r: float) -> None:
        self.circles.append(r)

    def stroke_circle(self, x: float, y: float, r: float) -> None:
        self.rims.append(self.line_width)

    def fill_rect(self, x: float, y: float, w: float, h: float) -> None:
        self.bars.append(w)

    def __getattr__(self, name: str):
        return lambda *a, **k: None

    def __setattr__(self, name: str, value) -> None:
        object.__setattr__(self, name, value)


def _drawn(zoom: float, level: int = 3, active: bool = True) -> tuple[_Canvas, float]:
    view = BoardView(new_game("ck", players=3))
    painter = view.painter
    painter.zoom = zoom
    knight = S.Knight(
        vertex=0,
        owner=0,
        fill="#cc3333",
        level=level,
        active=active,
        at=(0.0, 0.0),
        seat=0,
        label="",
    )
    c = _Canvas()
    painter.draw_knight(c, knight)
    return c, zoom / view.ratio  # canvas px -> CSS px as shown


@pytest.mark.parametrize("zoom", [0.54, 0.45])
def test_a_knight_on_a_phone_s_board_is_readable(zoom: float) -> None:
    c, shown = _drawn(zoom)
    disc = min(c.circles)  # the disc (the ring outside it is larger)
    assert disc * shown >= KNIGHT_LEAST_PX - 0.01
    assert len(c.bars) == 3 and min(c.bars) * shown >= 2.0  # each strength bar >= 2 px
    assert c.rims and c.rims[0] * shown >= 3.0 - 0.01  # the active rim 3 px as on a desktop


def test_a_knight_at_full_size_is_as_before() -> None:
    c, shown = _drawn(1.0)
    view = BoardView(new_game("ck", players=3))
    assert min(c.circles) == pytest.approx(view.vp.len(0.2))
    assert c.rims[0] * shown == pytest.approx(3.0)


@pytest.mark.parametrize("zoom", [0.54, 0.45])
def test_a_neutral_knight_s_number_on_a_phone_is_readable(zoom: float) -> None:
    """s43 at 11.5 on a 375 px phone: a neutral's knight's "2" (two-player C&K) was written at
    0.6 of a 10 px disc's radius, ~6 px. Its disc keeps a larger least radius, its number at
    least LABEL_LEAST_PX as shown, over the bars (which stay >= 2 px)."""
    from catan_tutor.widgets.knight_size import LABEL_LEAST_PX, LABELLED_LEAST_PX

    view = BoardView(new_game("ck-2p", players=2))
    painter = view.painter
    painter.zoom = zoom
    knight = S.Knight(0, 2, "#f4a640", 2, False, (0.0, 0.0), -1, "2")
    c = _Canvas()
    painter.draw_knight(c, knight)
    shown = zoom / view.ratio
    assert min(c.circles) * shown >= LABELLED_LEAST_PX - 0.01
    size = float(c.font.split("px")[0].split()[-1])  # "bold 24px sans-serif"
    assert size * shown >= LABEL_LEAST_PX - 0.6  # (the font's size is rounded to a pixel)
    assert len(c.bars) == 2 and min(c.bars) * shown >= 2.0


class _Polygons(_Canvas):
    """Records the polygons drawn (their heights in canvas px)."""

    def __init__(self) -> None:
        super().__init__()
        self.heights: list[float] = []

    def fill_polygon(self, pts) -> None:
        ys = [y for _, y in pts]
        self.heights.append(max(ys) - min(ys))


@pytest.mark.parametrize("zoom", [1.0, 0.54, 0.45])
def test_the_robber_and_the_merchant_keep_a_least_size_on_a_phone(zoom: float) -> None:
    """s43 on a 375 px phone: the merchant's bag was ~12 px high, the robber's body as small;
    each keeps a least size as shown (``knight_size.at_least``), and at full size is drawn as
    before."""
    from catan_tutor.widgets.board_paint import merchant_figure
    from catan_tutor.widgets.knight_size import MERCHANT_LEAST_UNIT, ROBBER_LEAST_UNIT
    from catan_tutor.widgets.style import MERCHANT_SHAPE, ROBBER_SHAPE

    view = BoardView(new_game("ck", players=3))
    painter = view.painter
    painter.zoom = zoom
    shown = zoom / view.ratio
    c = _Polygons()
    painter._draw_robber(c, S.Robber(0, (0.0, 0.0)))
    unit = ROBBER_LEAST_UNIT if zoom < 1 else view.vp.len(0.11) * shown
    ys = [y for _, y in ROBBER_SHAPE]
    assert c.heights[0] * shown == pytest.approx((max(ys) - min(ys)) * unit, rel=0.01)
    c = _Polygons()
    merchant_figure(painter, c, S.Merchant(0, 0, "#cc3333", (0.0, 0.0)))
    unit = MERCHANT_LEAST_UNIT if zoom < 1 else view.vp.len(0.15) * shown
    ys = [y for _, y in MERCHANT_SHAPE]
    assert c.heights[0] * shown == pytest.approx((max(ys) - min(ys)) * unit, rel=0.01)
