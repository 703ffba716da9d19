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


def test_a_right_answer_of_ones_own_off_the_lesson_s_line_is_played_on() -> None:
    """9.18 at 1280 (learner s31): after "Merchant on S", a right answer the lesson's line
    does not follow (CK-PC-MERCHANT), Roll and End turn were greyed though End turn was lit
    just before, and no kind was offered: only ▶ led on. The position is P2's to play on
    (End turn lit, the palette's kinds), the reply says so, and ▶ still goes to the
    lesson's own answer."""
    app = App(query="?lesson=puzzle_ck_progress&node=4")
    tutor, s = app.tutor, app.session
    assert not tutor.controls.end_button.disabled  # lit at the question
    s.play("P2 play merchant S")
    own = s.node
    assert s.puzzle.right is not None and s.puzzle.main_line() is not None and not own.children
    assert not s.puzzle.resting()
    assert not tutor.controls.end_button.disabled  # P2 may end the turn (CK-TURN-ACTION-PHASE)
    assert tutor.controls.palette.options  # the moves legal there offered
    assert GO_ON not in tutor.header.value
    said = tutor.puzzle.result.value
    assert "Play on from your answer, or press ▶ to go on with the lesson." in said, said
    assert s.can_step("forward")  # ▶: the lesson's own answer
    tutor.controls.end_button.click()  # played on: P2's turn ends in a line of their own
    assert str(s.node.action) == "P2 end" and s.node.parent is own


def test_the_note_by_the_step_buttons_names_the_next_move_as_the_heading_does() -> None:
    """A phone shows the note by ▶, not the heading: it says what ▶ plays too (the heading's
    what ▶ plays of l45 never reached a phone), in the same words."""
    tutor = App(start="puzzle_base_awards", query="").tutor
    s = tutor.session
    while s.puzzle.puzzle_at(s.node) is None:
        s.step("forward")
    tutor.puzzle.submit(s.puzzle.puzzle_at(s.node).answers[0])
    note = tutor.board.held_note.value
    assert f"{GO_ON} P1 builds a road next." in note, note
    assert f"{GO_ON} P1 builds a road next." in tutor.header.value
    assert "M5" not in note  # who and what, not where: the spot read as the answer (s42)


def test_the_steal_next_is_said_without_its_card() -> None:
    """BASE-ROBBER-STEAL: the card stolen is the robbed seat's secret where the hands are
    hidden, and what ▶ plays is said without its outcome anyway: who takes a card from whom."""
    from catan_tutor.widgets.status_words import next_words

    tutor = App(start="puzzle_base_robber", query="").tutor
    s = tutor.session
    while s.puzzle.puzzle_at(s.node) is None:
        s.step("forward")
    tutor.puzzle.submit(s.puzzle.puzzle_at(s.node).answers[0])
    s.goto(s.node.parent.id)  # the robber moved, the steal next
    s.puzzle.resting = lambda: True  # type: ignore[method-assign]  # (as if just solved there)
    assert next_words(s) == "P1 takes a card from P2 next."  # every hand shown
    s.hand_seats = lambda: frozenset()  # type: ignore[method-assign]  # (no hand shown)
    assert next_words(s) == "P1 takes a card from P2 next."
