"""A puzzle's words, swept over every packaged puzzle. Lesson 7.8 asked about "the coin from
the mountains of the city on A6" (which hex? how?): a prompt names a hex by its terrain and
letter, "the mountains A", as the lessons' comments do. After a wrong "settlement" answer its
first hint only said "It is not a settlement.": a hint adds something, never a bare "not"."""

from __future__ import annotations

import re

from puzzle_answers import course_puzzles

from catan_tutor.board import TERRAINS

_NEGATION = re.compile(r"^(?:it is not|it's not|not|nothing|no)\b", re.IGNORECASE)


def test_a_prompt_names_a_hex_by_terrain_and_letter() -> None:
    bad = []
    for asked in course_puzzles():
        if re.search(rf"\b({'|'.join(TERRAINS)})\b(?! [A-S]\b)", asked.puzzle.prompt):
            bad.append(f"{asked.lesson}: {asked.puzzle.prompt}")
    assert bad == []


def test_every_hint_says_more_than_what_the_answer_is_not() -> None:
    bad = []
    for asked in course_puzzles():
        for hint in asked.puzzle.hints:
            parts = [p.strip() for p in re.split(r"[.;—]", hint) if p.strip()]
            if all(_NEGATION.match(p) for p in parts):
                bad.append(f"{asked.lesson}: {hint}")
    assert bad == []
