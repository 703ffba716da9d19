"""The step count by the step buttons ("Step 3 of 12", step_count.py): a learner (272) could
not tell how much of a lesson was left. ▶ from a lesson's start to its end counts every step
once, each question answered on the way; the learner's own moves and a free game show none."""

from __future__ import annotations

import pytest
from test_lesson_rule_marks import LESSONS, _lesson

from catan_tutor import new_game
from catan_tutor.widgets.roll_steps import rolling
from catan_tutor.widgets.step_count import step_count_html, step_of
from catan_tutor.widgets.tutor_session import TutorSession


def _opened(name: str) -> TutorSession:
    s = TutorSession(new_game("base", players=3))
    s.open(_lesson(name), lesson_id=name.split(".")[0])
    return s


@pytest.mark.parametrize("name", LESSONS)
def test_each_step_forward_counts_one_to_the_lessons_end(name: str) -> None:
    s = _opened(name)
    s.step("first")
    seen = [step_of(s)]
    while s.can_step("forward") or s.held("forward"):
        if s.held("forward"):  # answered, as a learner goes on
            s.puzzle.solved.add(s.puzzle.key(s.timeline.current))
        s.step("forward")
        seen.append(step_of(s))
    total = len(seen)
    assert seen == [(k, total) for k in range(1, total + 1)], name
    s.step("first")
    s.step("last")  # ▶| stops at the first question still open, or at the end
    at, steps = step_of(s)
    assert steps == total and (at == total or s.puzzle.holds())


def test_the_learners_own_moves_say_your_line_and_a_free_game_has_no_count() -> None:
    s = _opened("base_setup.catan.yaml")
    s.step("first")
    assert step_of(s) == (1, step_of(s)[1]) and "Step 1 of" in step_count_html(s)
    own = next(a for a in s.game.legal_actions() if s.timeline.current.children[0].action != a)
    s.play(own)  # a settlement of the learner's own, off the lesson's line
    assert step_of(s) is None and "Your line" in step_count_html(s)  # (not blank: s49)
    free = TutorSession(new_game("base", players=3))
    assert step_of(free) is None and step_count_html(free) == ""


def test_a_roll_and_its_dice_are_one_step() -> None:
    s = _opened("base_2p_knight_tokens.catan.yaml")  # two double rolls: a Roll, 3 of 4 dice
    rules, line = s.timeline.rules, [s.start()]
    while line[-1].children:
        line.append(line[-1].children[0])
    dice = [n for n in line[1:-1] if rolling(rules, n)]
    assert len(dice) == 8 and step_of(s)[1] == len(line) - len(dice)


def test_a_lesson_that_says_how_many_steps_it_has_says_the_count_shown() -> None:
    """1.3 says "30 steps in all" (learner 277 took ~30 steps one hex at a time, not told):
    the number a lesson's text says is the one by the step buttons."""
    import re

    told = 0
    for name in LESSONS:
        s = _opened(name)
        said = re.search(r"(\d+) steps in all", " ".join(s.timeline.root.tutor.split()))
        if said is None:
            continue
        s.step("first")
        counted = step_of(s)
        assert counted is not None and counted[1] == int(said[1]), (name, said[0], counted)
        told += 1
    assert told >= 1  # (1.3 at least)
