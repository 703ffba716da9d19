"""Answer pressed with words in the field: the page sends the words as the field is left, then
the click (ipywidgets' Text with ``continuous_update=False``), and the kernel judged both: a
right answer went on to the next question and the click then judged its empty field, "Type
your move in the box first…" in red under a question just asked (l37 at 7.8, twice), and a
wrong one was counted as two tries."""

from __future__ import annotations

from puzzle_answers import at_question, course_puzzles

from catan_tutor.widgets.empty_asks import TYPE_FIRST


def _asked(lesson: str, node: int):
    return next(a for a in course_puzzles() if (a.lesson, a.node) == (lesson, node))


def test_a_right_answer_sent_by_leaving_the_field_asks_the_next_question_clean():
    t = at_question(_asked("puzzle_ck_knights", 19))
    s, p = t.session, t.puzzle
    p.answer.value = "P1 recruits a knight on Q12"  # (the field left: its words sent)
    p.answer_button.click()  # (then the click)
    assert s.timeline.current.id == 20 and s.puzzle.holds(), s.timeline.current.id
    assert TYPE_FIRST not in p.result.value, p.result.value
    p.answer_button.click()  # a press of its own, the field empty: what to type, as ever
    assert TYPE_FIRST in p.result.value


def test_a_wrong_answer_sent_by_leaving_the_field_is_one_try():
    t = at_question(_asked("puzzle_ck_knights", 19))
    s, p = t.session, t.puzzle
    p.answer.value = "P1 end"
    p.answer_button.click()
    assert s.puzzle.tries == 1 and s.puzzle.holds()
    p.answer.value = "P1 recruit A4"  # another wrong try, left and pressed: one more
    p.answer_button.click()
    assert s.puzzle.tries == 2
