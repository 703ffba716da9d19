"""The page changes in one piece (one_piece.py; l28 at 1.4, puzzle 2: for a second or two
after a right answer the page showed "Solved. Press ▶" beside the old "✕ Not the answer", a
stale "Several moves here…" line and the old puzzle count): the views' updates of one event
reach the page together, once every view has made its own; and the words typed go with the
answer box once the answer is right."""

from __future__ import annotations

import pytest

from catan_tutor.widgets import App, one_piece


def test_a_right_answers_updates_reach_the_page_together_and_the_typed_words_go(
    monkeypatch: pytest.MonkeyPatch, widget_state: None
) -> None:
    import ipywidgets
    from packaging.version import Version

    if Version(ipywidgets.__version__) < Version("8.1"):  # (the minimum-versions lane)
        pytest.skip("ipywidgets 8.0 sends a widget's state only with a kernel, none here")
    app = App(query="?lesson=1.4&node=9&solved=1")  # puzzle 2: whose turn in round 2
    view = app.tutor.puzzle
    view.answer.value = "P3 settle G6"  # not the answer (fewer dots): its "✕" shows
    assert "Not the answer" in view.result.value
    sent: list[object] = []
    watched = (app.tutor.header, view.result, view.prompt)  # what the page is sent of them
    # (at ipywidgets' own send: what one_piece holds and lets go)
    monkeypatch.setattr(
        one_piece,
        "_SEND",
        lambda w, msg, buffers=None: sent.append(msg) if w in watched else None,
    )
    when_all_made: list[int] = []
    app.session.subscribe(lambda event: when_all_made.append(len(sent)))  # the last view
    view.answer.value = "P3 settle M4"  # right
    assert when_all_made == [0]  # nothing reached the page while the views were made
    assert len(sent) >= 3  # then all of it: the heading's "Solved", the "Right", the prompt
    assert "Not the answer" not in view.result.value + view.prompt.value
    assert view.answer.value == ""  # the words typed went


def test_a_steps_canvas_commands_reach_the_page_as_one_message_before_the_draw_count(
    monkeypatch: pytest.MonkeyPatch, widget_state: None
) -> None:
    """Lesson 1.3's steps lay hexes out: each step's drawing reaches the page as one canvas
    message (the page composes the board's layers again for each: ~33 a step before), and
    it comes before the hidden draw count that says it is drawn (tests wait on it)."""
    import ipywidgets
    from ipycanvas import canvas as ipycanvas_canvas
    from packaging.version import Version

    if Version(ipywidgets.__version__) < Version("8.1"):  # (the minimum-versions lane)
        pytest.skip("ipywidgets 8.0 sends a widget's state only with a kernel, none here")
    tutor = App(start="base_variable_board", query="").tutor
    session, view = tutor.session, tutor.view
    manager = ipycanvas_canvas._CANVAS_MANAGER
    sent: list[str] = []
    monkeypatch.setattr(
        one_piece,
        "_SEND",
        lambda w, msg, buffers=None: sent.append(
            "canvas" if w is manager else "drawn" if w is view.marker else "other"
        ),
    )
    for _ in range(6):
        sent.clear()
        count = view.draw_count
        session.step("forward")
        assert view.draw_count > count
        assert sent.count("canvas") == 1, sent
        last_drawn = max(i for i, what in enumerate(sent) if what == "drawn")
        assert sent.index("canvas") < last_drawn  # drawn, then said to be drawn


def test_a_widgets_updates_in_one_piece_go_as_one_message_at_its_last() -> None:
    """A step that sets a box empty and then to the new form sends the page one update of
    it (the page rendered both), with every key's last value, where the last one was made;
    other messages (a canvas's, an update with binary buffers) stay as they were."""
    box, other, canvas = object(), object(), object()

    def update(**state: object) -> dict:
        return {"method": "update", "state": state, "buffer_paths": []}

    queue = [
        (box, update(children=()), None),
        (other, update(value="a"), None),
        (canvas, {"method": "custom"}, [b"x"]),
        (box, update(children=(1,), index=0), None),
        (other, {"method": "update", "state": {"v": 1}, "buffer_paths": [["v"]]}, [b"y"]),
    ]
    sent = one_piece.merged(queue)  # type: ignore[arg-type]
    assert [(w, m["method"]) for w, m, _ in sent] == [
        (other, "update"),
        (canvas, "custom"),
        (box, "update"),
        (other, "update"),
    ]
    assert sent[2][1]["state"] == {"children": (1,), "index": 0}
    assert sent[3][2] == [b"y"]  # (with buffers: as it was)
