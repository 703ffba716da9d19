"""A question solved before, come back to (catan_tutor/widgets/solved_again.py; l24 at 10.6:
stepped back to it, or jumped to from the Moves list, it showed no explanation and could not
be tried again): it shows as solved with its explanation, and *Try again* asks only it
afresh. Swept over every question of the course; a reload there keeps it solved."""

from __future__ import annotations

import re

import pytest
from puzzle_answers import Asked, at_question, course_puzzles

from catan_tutor.widgets import App
from catan_tutor.widgets.kinds import kind_name
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
    address = app.tutor.saved_line.value
    reloaded = App(query=address)
    reloaded.progress.into.value = app.progress.store.to_json()  # the page sends what it kept
    r = reloaded.session
    assert r.node.id == q.id and not r.puzzle.holds()  # where the learner was, still solved
    _shows_solved_with_its_why(reloaded.tutor.puzzle, "reloaded")
    # solved on an earlier visit: the lesson's own answer explains it
    j = explanation(r.puzzle, r.node)
    assert j is not None and j.correct and j.text.startswith("Right: ")


def test_an_address_at_a_solved_question_opened_elsewhere_keeps_its_secret():
    """l47 at 8.11: the address bar (not Copy link) at a solved question, opened in another
    browser, showed "Puzzle · solved ✓, Right: P1 activates the strong knight on O6". The
    question it stands at counts as answered only where that browser's progress says so:
    elsewhere it is open, its answer unsaid, the position the same."""
    app = App(query="?lesson=puzzle_ck_metropolis")
    s = app.session
    s.last()
    q = s.node
    s.play(q.children[0].action)
    s.goto(q)
    address = app.tutor.saved_line.value
    assert f"solved_at={q.id}" in address and f"node={q.id}" in address
    stranger = App(query=address)  # no progress of theirs sent: a fresh browser
    r = stranger.session
    assert r.node.id == q.id and r.puzzle.holds() and r.puzzle_secret  # asked, not answered
    said = stranger.tutor.puzzle.result.value + stranger.tutor.header.value
    assert "Right" not in said and "solved" not in said, said
    assert stranger.tutor.puzzle.again_button.layout.display == "none"


def test_try_again_then_a_reload_keeps_the_question_open_until_answered_again():
    """l26, l27: Try again at a solved question, then a reload: the question showed as
    solved again (the browser's progress, sent on the reload, answered it). The page's
    address names it asked afresh (``again=``): open after the reload, the progress
    notwithstanding (the course's count keeps it: progress only grows); answered again, the
    address says solved, and a reload shows it solved."""
    app = App(query="?lesson=puzzle_ck_metropolis")
    s = app.session
    s.last()
    q = s.node
    s.play(q.children[0].action)  # solved: the browser's progress keeps it
    kept = app.progress.store.to_json()
    assert q.id in app.progress.store.solved["puzzle_ck_metropolis"]
    s.goto(q)  # back at it: solved, Try again offered
    app.tutor.puzzle.again_button.click()
    assert s.node is q and s.puzzle.holds()
    address = app.tutor.saved_line.value
    assert f"again={q.id}" in address and "solved_at=" not in address
    reloaded = App(query=address)
    reloaded.progress.into.value = kept  # the page sends what the browser kept
    r = reloaded.session
    assert r.node.id == q.id and r.puzzle.holds() and r.puzzle_secret  # open, asked afresh
    assert reloaded.tutor.puzzle.again_button.layout.display == "none"
    assert q.id in reloaded.progress.store.solved["puzzle_ck_metropolis"]  # (the count)
    r.play(r.node.children[0].action)  # answered again: solved across a reload once more
    address = reloaded.tutor.saved_line.value
    assert "again=" not in address and f"solved_at={q.id}" in address
    again = App(query=address)
    again.progress.into.value = kept
    a = again.session
    assert a.node.id == r.node.id and not a.puzzle.holds(a.timeline.nodes[q.id])


def _page(t) -> dict:
    """What the page shows at a question that could narrow its answer or say a move already:
    the kind chosen, the form and its fields, the glow and rings on the board, the Try a move
    text, the question's box (its texts, the typed answer, a tap's note)."""
    s, view, board, play = t.session, t.puzzle, t.view, t.controls
    form = play.form
    return {
        "kind": s.kind,
        "palette": play.palette.value,
        "greyed": play.blocked.value,
        "form": None if form is None else (form.cls.__name__, dict(form.chosen)),
        "chosen": s.chosen,
        "glow": (s.puzzle.glows(), list(board.targets)),
        "rings": (board.refused, board.chosen, board.hinted),
        "tried": (s.tried_text, s.verdict),
        "message": s.message,
        "box": (view.prompt.value, view.how.value, view.hint_box.value, view.result.value),
        "typed": view.answer.value,
        "note": view._noted,
        "marker": view.marker.value,
    }


@pytest.mark.parametrize("asked", course_puzzles(), ids=lambda a: f"{a.lesson}@{a.node}")
def test_try_again_leaves_the_page_as_a_first_arrival_at_the_question(asked: Asked):
    """l26 at 11.16 ("What does P1 owe the neutrals now?"): solved with a road, stepped back,
    Try again: "Build a road for a neutral" stayed chosen with its form open, and "nothing"
    typed got that kind's how-to. Try again shows the question as a first arrival does."""
    fresh = at_question(asked)
    first = _page(fresh)
    t = at_question(asked)
    s, q = t.session, t.session.node
    act = q.children[0].action
    kind = kind_name(act)
    if kind in [o[1] for o in t.controls.palette.options]:
        t.controls.palette.value = kind  # chosen as a learner does, its form filled
    s.play(act)
    assert not s.puzzle.holds(q)
    s.step("back")
    while s.node is not q:  # (a lesson's roll is one step back)
        s.goto(q)
    t.puzzle.again_button.click()
    assert s.node is q and s.puzzle.holds()
    assert _page(t) == first, f"{asked.lesson}@{asked.node}"
