"""Counts of puzzles agree on the page (issue 33, "The learner's page"): a lesson said "Three
puzzles" beside the app's "1 of 20 puzzles". A lesson's text counts its own puzzles and says
so ("this lesson has three puzzles"), and the app's summary says it counts the course's."""

from __future__ import annotations

import json
import re

import pytest

from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import SUFFIX, load_scenario

NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_COUNTED = re.compile(rf"\b({'|'.join(NUMBERS)}|\d+) puzzles?\b", re.I)
LESSONS = sorted(p.name for p in packaged_lessons().glob(f"*{SUFFIX}"))
# the lessons whose file counts puzzles in words (only these are loaded: loading plays them)
COUNTING = [
    n for n in LESSONS if _COUNTED.search(" ".join((packaged_lessons() / n).read_text().split()))
]


def _texts(sc) -> list[str]:
    texts = [sc.goal, sc.root.tutor]
    for node in sc.tree.walk():
        texts += [node.comment, node.tutor]
    return [t for t in texts if t]


@pytest.mark.parametrize("name", COUNTING)
def test_a_lesson_that_counts_its_puzzles_counts_them_right_and_says_whose(name: str) -> None:
    sc = load_scenario(packaged_lessons() / name)
    assert sc.puzzles, name
    for text in _texts(sc):
        for m in _COUNTED.finditer(" ".join(text.split())):
            said = m[1].lower()
            assert NUMBERS.get(said, int(said) if said.isdigit() else -1) == len(sc.puzzles), m[0]
            around = " ".join(text.split())[max(0, m.start() - 40) : m.end() + 40]
            assert "this lesson" in around.lower(), (name, around)


def test_the_lessons_that_count_their_puzzles_are_checked() -> None:
    assert {"puzzle_base_setup.catan.yaml", "puzzle_ck_knights.catan.yaml"} <= set(COUNTING)


def test_the_apps_summary_counts_the_course() -> None:
    """The summary beside the lesson list: "Course: 1 of N lessons done · 1 of M puzzles
    solved", M the course's puzzles (more than any lesson asks)."""
    from catan_tutor.widgets.app import App

    app = App(start="puzzle_base_setup")
    app.progress.into.value = json.dumps(
        {"done": ["base_setup"], "solved": {"puzzle_base_setup": [1]}}
    )
    said = re.sub(r"<[^>]+>", "", app.progress.summary.value)
    m = re.search(r"Course: 1 of (\d+) lessons done · 1 of (\d+) puzzles solved", said)
    assert m, said
    assert int(m[2]) > 4 and int(m[1]) == len(LESSONS)
