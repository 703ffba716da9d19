"""The barbarian ship's place in words agrees with the track as drawn (l28 at 8.11: "the
barbarians stand two steps from Catan (position 5 of 7)" beside a ship on the track's 6th
dot). CK-BOARD-TRACK numbers the track 0 (the start, its first dot) to 7 (Catan, the red
dot): the words count steps from the first dot and to Catan, never "N of 7"."""

from __future__ import annotations

import re

import pytest
from puzzle_answers import lesson

from catan_tutor.rules.barbarians import TRACK_END, ship_place
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import SUFFIX
from catan_tutor.widgets.wording import NOTICES

NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
FROM_START = re.compile(r"\b(\w+) steps? from the start of (?:the|its) track")
TO_CATAN = re.compile(r"\b(\w+) (?:steps? )?from Catan")


@pytest.mark.parametrize(
    ("barb", "said"),
    [
        (0, "at the start of the track (its first dot), 7 steps from Catan"),
        (5, "5 steps from the start of the track (its first dot), 2 steps from Catan"),
        (6, "6 steps from the start of the track (its first dot), 1 step from Catan"),
        (TRACK_END, "at Catan, the end of the track"),
    ],
)
def test_the_ship_s_place_counts_from_the_first_dot(barb, said):
    assert ship_place(barb) == said
    assert NOTICES["barbarians"]("", str(barb)) == f"The barbarian ship is {said}."


def test_no_lesson_says_the_ship_is_n_of_7():
    said = []
    for path in sorted(packaged_lessons().glob(f"*{SUFFIX}")):
        text = " ".join(path.read_text(encoding="utf-8").split())
        said += [f"{path.name}: {m}" for m in re.findall(r"\b\w+ \d of 7\b", text)]
    assert said == []


def _number(word: str) -> int:
    return int(word) if word.isdigit() else NUMBERS[word.lower()]


@pytest.mark.parametrize("name", ["puzzle_ck_barbarians", "ck_barbarian_defender"])
def test_a_step_s_words_name_the_ship_s_place_as_drawn(name):
    """Each step of the lesson saying where the ship stands says the place the track draws
    it on (``state.barb``: its dot, the first dot 0)."""
    checked = 0
    for node in lesson(name).timeline.nodes.values():
        text = " ".join(f"{node.comment or ''} {node.tutor or ''}".split())
        for m in FROM_START.finditer(text):
            assert _number(m[1]) == node.state.barb, (name, node.id, text)
            checked += 1
        for m in TO_CATAN.finditer(text):
            assert TRACK_END - _number(m[1]) == node.state.barb, (name, node.id, text)
            checked += 1
    assert checked >= 1
