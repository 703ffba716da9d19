"""Under a lesson step's forms, a line says what ▶ does and that a move tried is the learner's
own (learner21 at 5.15, learner22 at 2.1: the forms stood open beside ▶, and nothing said
whether to press ▶ or use them); never at a question, in Explore or where chance is due."""

from __future__ import annotations

from puzzle_answers import at_question, course_puzzles

from catan_tutor.widgets.app import App
from catan_tutor.widgets.go_on_note import TRY_CLASS, TRY_NOTE


def test_a_lesson_step_with_a_move_to_try_says_what_the_forms_are_for():
    app = App(start="base_production_robber", query="")
    s, message = app.session, app.tutor.controls.message
    seen = {"note": 0, "chance": 0}
    while s.timeline.current.children:
        if s.game.is_chance():
            assert TRY_NOTE not in message.value  # (chance is due: ▶ or the chance button)
            seen["chance"] += 1
        elif s.legal():
            assert f"class='{TRY_CLASS}'" in message.value and TRY_NOTE in message.value
            seen["note"] += 1
        s.step("forward")
    assert TRY_NOTE not in message.value  # the lesson's end: nothing for ▶ to play
    assert seen["note"] >= 3 and seen["chance"] >= 1, seen
    s.step("first")
    assert TRY_NOTE in message.value
    app.tutor.explore.value = True  # (Explore: every tool, its own words)
    assert TRY_NOTE not in message.value


def test_a_question_says_nothing_of_the_lessons_move():
    asked = next(a for a in course_puzzles() if a.lesson == "puzzle_base_robber")
    t = at_question(asked)
    assert TRY_NOTE not in t.controls.message.value
