"""A move of another kind at a question about Catan's defence (CK-BARB-DEFENSE) is told that it
adds nothing to the defence, and what it does instead (l31: "I'd build a city wall" at the
barbarians' puzzle got only "the question asks for another kind of move"), naming no part of
the answer."""

from __future__ import annotations

import pytest
from puzzle_answers import course_puzzles, judged

from catan_tutor.actions import Activate, BuildCity, BuildWall
from catan_tutor.study.puzzle_why import other_kind

pytestmark = pytest.mark.course


def test_ck_barb_defense_a_wall_adds_nothing_to_the_defence_and_raises_the_hand_limit():
    asked = next(a for a in course_puzzles() if a.puzzle.rule == "CK-BARB-DEFENSE")
    j = judged(asked.lesson, asked.node, "P1 wall A6")
    assert not j.correct and j.legal
    assert "adds nothing to Catan's defence against the barbarians (CK-BARB-DEFENSE)" in j.text
    assert "hand limit on a 7 by 2 (CK-WALL-BUILD)" in j.text
    for answer in ("knight", "activ", "O6", "strength"):  # (the answer: P1 activate O6)
        assert answer not in j.text, (answer, j.text)


def test_ck_barb_strength_a_city_at_a_defence_question_adds_to_the_barbarians():
    said = other_kind("CK-BARB-DEFENSE", BuildCity(player=0, vertex=0), "A city")
    assert said == (
        "A city adds nothing to Catan's defence against the barbarians (CK-BARB-DEFENSE); "
        "it adds 1 to the barbarians' strength (CK-BARB-STRENGTH)."
    )


def test_a_knight_move_or_another_question_gets_no_such_sentence():
    assert other_kind("CK-BARB-DEFENSE", Activate(player=0, vertex=0), "Activating") == ""
    assert other_kind("CK-WALL-BUILD", BuildWall(player=0, vertex=0), "A city wall") == ""
