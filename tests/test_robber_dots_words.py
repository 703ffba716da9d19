"""2.2's "Right" text (issue s14): cards and dots were one clause ("a 5 pays P2 two brick
there — 8 dots of production"), as if two cards were eight dots. The cards a roll pays and the
dots of production are said apart, and the numbers are the board's: per settlement on a hex,
its number's dots."""

from __future__ import annotations

import re

from puzzle_answers import course_puzzles
from test_puzzle_secret import at_question, widget_text

from catan_tutor.study.resources import packaged_lessons

CARDS = r"\b(?:one|two|three|four|\d) (?:brick|lumber|wool|grain|ore)\b"
DOTS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}


def test_no_lesson_joins_a_card_count_to_dots_in_one_clause():
    for path in sorted(packaged_lessons().glob("*.yaml")):
        for line in path.read_text().splitlines():
            assert not re.search(CARDS + r"[^.;:(]*—\s*\d+ dots", line), (path.name, line)


def test_the_robbers_right_text_says_cards_and_dots_apart_with_the_boards_numbers():
    asked = next(a for a in course_puzzles() if a.lesson == "puzzle_base_robber")
    t = at_question(asked)
    state = t.session.game.state
    t.puzzle.submit("P1 robber Q P2")
    shown = " ".join(widget_text(t.puzzle.widget).split())
    assert "Right" in shown
    assert "gives P2 two brick cards there, one per settlement" in shown
    q = state.layout.numbers[16]  # hex Q
    assert q == 5 and f"a 5 has {DOTS[5]}" in shown and f"{2 * DOTS[5]} dots" in shown
    assert DOTS[state.layout.numbers[12]] == DOTS[state.layout.numbers[17]] == 5  # M and R
    assert "hold 5 dots each" in shown
