"""A question says whose move it asks for (learner s17 at 8.11: "Bring Catan's defence up to 3
this turn" never said whose turn; the answer was P1's). Every puzzle whose answer is a seat's
move names that seat in its prompt, unless the question is whose turn it is."""

from __future__ import annotations

import re

import pytest
from test_lesson_rule_marks import LESSONS, _lesson


def _unnamed(name: str) -> list[str]:
    sc = _lesson(name)
    out = []
    for nid, puzzle in sc.puzzles.items():
        prompt = re.sub(r"\s+", " ", puzzle.prompt)
        seat = re.match(r"(P\d|Neutral \d)\b", str(puzzle.answers[0]) if puzzle.answers else "")
        if seat and not re.search(rf"\b{seat[1]}\b", prompt) and "Whose turn" not in prompt:
            out.append(f"{nid} {puzzle.answers[0]}: {prompt!r}")
    return out


@pytest.mark.parametrize("name", [n for n in LESSONS if n.startswith("puzzle_")])
def test_a_question_names_the_seat_whose_move_it_asks_for(name: str) -> None:
    assert _unnamed(name) == []
