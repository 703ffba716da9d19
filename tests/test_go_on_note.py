"""10.6 on a phone (l24): after a right answer "Solved. Press ▶ to go on with the lesson."
stood only in the heading, above the board, out of sight. It is said by ▶ too, on a phone
only (a wide page's heading beside the question says it: said once)."""

from __future__ import annotations

from catan_tutor.widgets import style
from catan_tutor.widgets.app import App
from catan_tutor.widgets.go_on_note import GO_ON_CLASS
from catan_tutor.widgets.puzzle_state import GO_ON


def test_a_solved_question_says_go_on_by_the_step_buttons_and_only_then() -> None:
    tutor = App(start="puzzle_ck_metropolis", query="").tutor
    s = tutor.session
    while s.puzzle.puzzle_at(s.node) is None:
        s.step("forward")
    note = tutor.board.held_note
    assert note is None or GO_ON not in note.value  # open: "Answer the puzzle to go on."
    tutor.puzzle.submit(s.puzzle.puzzle_at(s.node).answers[0])
    assert s.puzzle.resting()
    note = tutor.board.held_note
    assert note is not None and GO_ON in note.value and GO_ON_CLASS in note.value
    assert note.layout.display != "none"
    s.step("forward")
    assert GO_ON not in (tutor.board.held_note.value or "")
    css = style.theme_css()
    assert f"@media (min-width:701px){{.catan-step-note:has(.{GO_ON_CLASS})" in css
    assert "@media (max-width:700px){.catan-head-solved{display:none}}" in css
