"""A question solved before, come back to (catan_tutor/widgets/solved_again.py; l24 at 10.6:
stepped back to it, or jumped to from the Moves list, it showed no explanation and could not
be tried again): it shows as solved with its explanation, and *Try again* asks only it
afresh. Swept over every question of the course; a reload there keeps it solved."""

from __future__ import annotations

import re

import pytest
from puzzle_answers import Asked, at_question, course_puzzles

from catan_tutor.widgets import App
from catan_tutor.widgets.solved_again import explanation


def _plain(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def _shows_solved_with_its_why(view, where: str) -> None:
    assert view.entry.layout.display == "none", where  # nothing to answer: it is solved
    assert "solved" in _plain(view.prompt.value), where
    said = _plain(view.result.value)
    assert said.startswith("Right"), (where, said)
    assert len(said) > len("Right") + 20, (where, said)  # the why, not a bare mark
    assert view.again_button.layout.display == "", where
    assert view.again_button.description == "Try again", where


@pytest.mark.parametrize("asked", course_puzzles(), ids=lambda a: f"{a.lesson}@{a.node}")
def test_a_solved_question_come_back_to_explains_itself_and_can_be_asked_again(asked: Asked):
    t = at_question(asked)
    s, view = t.session, t.puzzle
    q = s.node
    s.play(q.children[0].action)  # the lesson's own answer: right
    assert not s.puzzle.holds(q)
    before = set(s.puzzle.solved)
    s.forward()  # on along the line, then back to the question from the Moves list
    s.goto(q)
    assert s.node is q
    _shows_solved_with_its_why(view, f"{asked.lesson}@{asked.node}")
    view.again_button.click()
    assert s.node is q and s.puzzle.holds() and s.puzzle_secret  # asked afresh
    assert {c.id for c in q.children} <= s.puzzle.hidden()  # its answer hidden again
    assert s.puzzle.tries == 0 and s.puzzle.hints == 0
    assert view.entry.layout.display == "" and view.again_button.layout.display == "none"
    assert "Right" not in _plain(view.result.value)
    assert s.puzzle.solved == before - {s.puzzle.key(q)}  # only it: the others stay solved
    s.play(q.children[0].action)  # and it can be solved again
    assert not s.puzzle.holds(q)


def test_a_reload_at_a_solved_question_keeps_it_solved_with_its_why():
    app = App(query="?lesson=puzzle_ck_metropolis")
    s = app.session
    s.last()
    q = s.node
    assert s.puzzle.holds()
    s.play(q.children[0].action)
    s.last()  # on to the next question
    s.goto(q)
    reloaded = App(query=app.tutor.saved_line.value)
    r = reloaded.session
    assert r.node.id == q.id and not r.puzzle.holds()  # where the learner was, still solved
    _shows_solved_with_its_why(reloaded.tutor.puzzle, "reloaded")
    # solved on an earlier visit: the lesson's own answer explains it
    j = explanation(r.puzzle, r.node)
    assert j is not None and j.correct and j.text.startswith("Right: ")
