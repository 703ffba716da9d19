"""The board labels no answer's spot at an open question unless the prompt names it (a fresh
learner at 1280, 3.2: "P6" beside the wool harbor, the corner that is the key to the answer).
The board labels the spots the page's words name now (``named_words.py``); at 3.2 that is
R4 only once the first hint names it ("Look at the harbor next to P1's settlement on R4"; the
question became P1's 3:1 trade, s43: 3.1 had played P2's 2:1 wool trade), and at the lesson's
start, whose text names it: the hint's help, not a leak."""

from __future__ import annotations

import re

import pytest
from puzzle_answers import LABELS, course_puzzles
from test_puzzle_secret import at_question

from catan_tutor import board
from catan_tutor.study.puzzle import answer_nodes
from catan_tutor.widgets.kinds import target_of

PUZZLES = course_puzzles()


@pytest.mark.course
@pytest.mark.parametrize("asked", PUZZLES, ids=[f"{a.lesson}@{a.node}" for a in PUZZLES])
def test_no_answers_spot_is_labelled_at_the_question_unless_the_prompt_names_it(asked):
    t = at_question(asked)
    s = t.session
    drawn = set(t.view.named.values())
    for node in answer_nodes(asked.puzzle, s.timeline.current, s.timeline.rules):
        spot = target_of(node.action) if node.action is not None else None
        if spot is None:
            continue
        label = LABELS[spot[0]][spot[1]]
        if not re.search(rf"\b{re.escape(label)}\b", asked.puzzle.prompt):
            assert label not in drawn, (label, drawn)


def test_the_harbor_corner_of_3_2_is_labelled_only_once_a_hint_names_it():
    asked = next(a for a in PUZZLES if a.lesson == "puzzle_base_trading")
    t = at_question(asked)
    r4 = ("vertex", board.VERTEX_LABELS.index("R4"))
    assert r4 not in t.view.named, t.view.named
    t.puzzle.take_hint()
    assert t.view.named == {r4: "R4"}
