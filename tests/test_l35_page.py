"""What a fresh learner (l35) met on the page, checked without a browser (the page's own
checks: test_browser_l34_page.py): the lesson's other answers set apart from the learner's
own move in the Moves tab; ..."""

from __future__ import annotations

import html
import re

from puzzle_answers import course_puzzles

from catan_tutor.widgets.move_list import LESSON_ANSWERS
from catan_tutor.widgets.tutor import Tutor


def _text(value: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", value)).split())


def _opened_at(lesson: str, k: int = 0) -> Tutor:
    """The tutor on the packaged ``lesson`` opened as the course opens it (its own nodes
    known), at its question ``k``."""
    asked = [a for a in course_puzzles() if a.lesson == lesson][k]
    t = Tutor(asked.scenario())
    t.session.open(asked.scenario(), asked.lesson)
    t.session.goto(asked.node)
    return t


def test_the_lesson_s_other_answers_are_set_apart_from_the_learner_s_own_move():
    """l35 at 9.18 (CK-PC-MERCHANT): after "Merchant on S" the Moves tab listed the lesson's
    "Merchant on K, L, O" beside it in the same style, as if the learner had played them."""
    t = _opened_at("puzzle_ck_progress")
    t.moves.show()
    assert "Merchant on K" not in _text(t.moves.tree.html.value)  # a secret until solved
    t.puzzle.submit("P2 play merchant S")
    t.moves.show()
    listed = t.moves.tree.html.value
    own, _, aside = listed.partition("data-lesson-moves")
    assert "Merchant on S" in _text(own) and "Merchant on K" not in _text(own)
    assert _text(aside).count("Merchant on") == 3 and "Merchant on S" not in _text(aside)
    assert LESSON_ANSWERS in html.unescape(aside)
