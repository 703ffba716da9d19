"""A reload shows what was shown before it (l28 at 1.4: puzzle 1 solved, then a reload: the
step showed no "Right", no "Solved. Press ▶", every corner glowing and the form's full list
of moves, as a step to play from; answer_kept.py). Swept over lessons of several kinds: the
first question of each solved with the lesson's answer, the page's address opened afresh (a
reload: a new kernel), and every part of the tutor that shows the question compared."""

from __future__ import annotations

import re

import pytest

from catan_tutor.study.library import library
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.widgets import App
from catan_tutor.widgets.puzzle_state import GO_ON

# base setup, robber, two-player (5.13), cards kept on a 7, Cities & Knights (9.18, whose
# answer asks the next question at once: the "Right" shows above it)
LESSONS = ("1.4", "2.2", "5.13", "6.7", "9.18")


def lesson_id(number: str) -> str:
    return next(x.id for x in library(packaged_lessons()) if x.label.split()[0] == number)


def look(app: App) -> dict[str, object]:
    """What the tutor shows of the step and its question (the tries are not shown)."""
    t, s = app.tutor, app.session
    p = t.puzzle
    seen: dict[str, object] = {
        "header": t.header.value,
        "lesson": t.lesson.value,
        "story": t.story.value,
        "puzzle shown": p.widget.layout.display,
        "kind chosen": s.kind,
        "moves hidden": sorted(s.puzzle.hidden()),
        "glow": s.puzzle.glows(),
        "no move asked": s.puzzle.resting(),
        "node": s.node.id,
    }
    if p._built:
        seen |= {
            "prompt": p.prompt.value,
            "verdict": p.result.value,
            "answer box": p.entry.layout.display,
            "Try again": p.again_button.layout.display,
            "marker": re.sub(r"data-tries='\d+' ", "", p.marker.value),
        }
    return seen


@pytest.mark.parametrize("number", LESSONS)
def test_a_reload_after_a_solved_question_shows_what_was_shown(number: str) -> None:
    app = App(query=f"?lesson={lesson_id(number)}")
    s = app.session
    s.puzzle.last()  # at the first question
    assert s.puzzle.holds()
    s.play(s.node.children[0].action)  # the lesson's own answer: right
    before = look(app)
    reloaded = App(query=app.tutor.saved_line.value)
    after = look(reloaded)
    assert {k: after.get(k) for k in before} == before
    assert set(after) == set(before)
    assert "Right" in str(after["prompt"]) + str(after["verdict"])


def test_1_4_reloaded_at_its_first_answer_asks_no_move_until_go_on() -> None:
    """l28's own: the reload at P1's road said "Solved. Press ▶", nothing glowing, no form."""
    app = App(query="?lesson=1.4&node=2&solved=1")
    s = app.session
    assert GO_ON in app.tutor.header.value
    assert s.puzzle.resting() and not s.kind
    assert "Right" in app.tutor.puzzle.result.value
    s.back()  # the question: solved, its Try again offered
    assert app.tutor.puzzle.again_button.layout.display == ""
