"""A brief introduction stays with the goal over a question the lesson opens at (s43, a fresh
learner at 8.11, 1024x768: the lesson's three lines of who holds what came after the build
buttons, where a short window puts the lesson's words other than its goal,
``style.GOAL_FIRST_CSS``); a longer one keeps its place after the actions
(``lesson_goal.with_intro``). Where each shows on the page: ``test_browser_layout.py``."""

from __future__ import annotations

import pytest

from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import load_scenario
from catan_tutor.widgets import Tutor
from catan_tutor.widgets.lesson_goal import BRIEF_INTRO, GOAL, with_intro


def _goal_block(lesson: str) -> tuple[str, str]:
    """The lesson's text where it opens (its goal's block, then the rest)."""
    sc = load_scenario(packaged_lessons() / f"{lesson}.catan.yaml")
    t = Tutor(sc, show=False)
    t.session.open(sc, lesson)
    text = t.lesson.value
    start = text.index(f"<div class='{GOAL}'>")
    end = text.index("</div>", start)
    return text[start:end], text[end:]


def test_8_11_s_brief_introduction_is_in_the_goal_s_block():
    block, rest = _goal_block("puzzle_ck_barbarians")
    assert "P1 and P2 each have a knight" in block and "each have a knight" not in rest


@pytest.mark.parametrize("lesson", ["puzzle_base_setup", "puzzle_base_2p"])
def test_a_longer_introduction_keeps_its_place_after_the_goal(lesson):
    block, rest = _goal_block(lesson)
    assert block.count("<p>") == 2  # its heading and its sentence
    assert "<p>" in rest


def test_only_an_opening_question_s_brief_introduction_joins_the_goal():
    goal = [f"<div class='{GOAL}'><p><b>Goal</b></p><p>Win.</p></div>"]
    short = ["<p>Round 4.<sup>§</sup><span class='catan-rule-ref-text' hidden>" + "x" * 400
             + "</span></p>"]  # fmt: skip
    assert with_intro(goal, short, True) == [goal[0][: -len("</div>")] + short[0] + "</div>"]
    assert with_intro(goal, short, False) == goal + short  # not where the lesson opens
    long = [f"<p>{'y' * (BRIEF_INTRO + 1)}</p>"]
    assert with_intro(goal, long, True) == goal + long
