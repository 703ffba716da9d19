"""What a fresh learner (l31) typed in the puzzles' answer box and was misread in:

1. "blue puts a settlement on M4" (1.4, second question) was asked "Which player makes it?",
   though the lessons say "red wins" and 8.11 read "blue's knight": a seat's colour, as the
   board draws it, names that seat wherever a player is named.
"""

from __future__ import annotations

import pytest
from puzzle_answers import judged, lesson

from catan_tutor.study.puzzle import WHO_LEFT_OUT, names_a_seat

pytestmark = pytest.mark.course


# 1. A seat by its colour (1.4's second question asks whose turn it is: P3's, white)

RIGHT = "Right: P3 builds a settlement on M4."


@pytest.mark.parametrize(
    "typed",
    [
        "white puts a settlement on M4",
        "the white player builds a settlement on M4",
        "White's settlement on M4",
        "white M4",  # a label alone, with the seat by its colour
    ],
)
def test_a_seat_named_by_its_colour_answers_who_moves(typed):
    j = judged("puzzle_base_setup", 9, typed)
    assert j.correct and j.text.startswith(RIGHT), j.text


def test_another_seat_by_its_colour_is_that_seat_not_a_player_left_out():
    """l31's words: blue is P2 (the board draws P2 blue), whose move it is not."""
    j = judged("puzzle_base_setup", 9, "blue puts a settlement on M4")
    assert not j.text.startswith(WHO_LEFT_OUT), j.text
    assert j.text == "P2 can't build a settlement on M4: it is not P2's move now.", j.text
    s = lesson("puzzle_base_setup").timeline.nodes[9].state
    assert s.colors[:3] == ("red", "blue", "white")
    assert names_a_seat(s, "blue's settlement") and names_a_seat(s, "the red player")
    assert not names_a_seat(s, "a settlement on M4")
