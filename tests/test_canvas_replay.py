"""The board's land (layer 0) drawn again from the commands it sent before
(``widgets/canvas_replay.py``): the page gets the very bytes a fresh draw sends, the canvas
keeps the attributes a fresh draw leaves, and another board, size or zoom is drawn anew."""

from __future__ import annotations

import pytest
from ipycanvas import Canvas
from ipycanvas.canvas import _CanvasManager
from ipycanvas.utils import commands_to_buffer

from catan_tutor import new_game
from catan_tutor.widgets import BoardView, canvas_replay
from catan_tutor.widgets.board_paint import ScenePainter
from catan_tutor.widgets.board_view import guarded_hold


@pytest.fixture
def sent(monkeypatch) -> list[tuple]:
    """What the canvases send the page, as bytes (each message: its commands' metadata and
    buffer, then its own buffers); the kept drawings forgotten first, and after."""
    out: list[tuple] = []

    def send(self, command, buffers=[]):  # noqa: B006 - ipycanvas's signature
        metadata, buffer = commands_to_buffer(command)
        out.append((metadata, bytes(buffer), tuple(bytes(b) for b in buffers)))

    monkeypatch.setattr(_CanvasManager, "_send_custom", send)
    monkeypatch.setattr(canvas_replay, "_kept", type(canvas_replay._kept)())
    return out


def _land(view: BoardView, sent: list[tuple]) -> tuple[list[tuple], dict[str, object]]:
    """What drawing ``view``'s land sends the page, and its canvas's attributes after."""
    sent.clear()
    view.static._canvas_manager._current_canvas = None  # (each batch names its canvas first)
    with guarded_hold():
        view.draw_static()
    return list(sent), {name: getattr(view.static, name) for name in Canvas.ATTRS}


def test_the_land_drawn_again_sends_the_same_commands_and_leaves_the_same_attributes(
    sent, monkeypatch
) -> None:
    painted: list[int] = []
    paint = ScenePainter._paint_static
    monkeypatch.setattr(ScenePainter, "_paint_static", lambda *a: (painted.append(1), paint(*a))[1])
    game = new_game("ck", players=3, seed=5)
    view = BoardView(game)
    view.static.fill_style = "red"  # (the attributes as the last draw leaves them, below)
    fresh, attrs = _land(view, sent)
    assert fresh and len(painted) == 1
    again, attrs_again = _land(view, sent)  # the same board: sent again, not painted
    assert len(painted) == 1
    assert again == fresh and attrs_again == attrs
    # another view of the same board (another canvas: its own id in the batch) gets what a
    # fresh draw of it sends
    other = BoardView(game)
    replayed, replayed_attrs = _land(other, sent)
    n = len(painted)
    canvas_replay._kept.clear()
    drawn, drawn_attrs = _land(other, sent)
    assert len(painted) == n + 1
    assert replayed == drawn and replayed_attrs == drawn_attrs


def test_another_board_or_a_phone_s_zoom_is_drawn_anew(sent) -> None:
    view = BoardView(new_game("base", players=3, seed=1))
    desktop, _ = _land(view, sent)
    view.set_shown_width("300")  # a phone's board: its words drawn larger, tabs on harbors
    phone, _ = _land(view, sent)
    assert phone != desktop
    canvas_replay._kept.clear()
    assert _land(view, sent)[0] == phone  # (what a fresh draw at that zoom sends)
    other = BoardView(new_game("base", players=3, seed=2))  # another board
    assert _land(other, sent)[0] != _land(view, sent)[0]


def test_a_watched_canvas_is_always_drawn_on(sent, monkeypatch) -> None:
    """A method replaced on the canvas (a test's spy) sees every call of each draw."""
    view = BoardView(new_game("base", players=3, seed=1))
    texts: list[str] = []
    monkeypatch.setattr(view.static, "fill_text", lambda t, *a, **k: texts.append(t))
    for _ in range(2):
        texts.clear()
        view.draw_static()
        assert "J" in texts  # the hexes' letters, each time
