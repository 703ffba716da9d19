"""What a fresh learner (l31) typed in the puzzles' answer box and was misread in:

1. "blue puts a settlement on M4" (1.4, second question) was asked "Which player makes it?",
   though the lessons say "red wins" and 8.11 read "blue's knight": a seat's colour, as the
   board draws it, names that seat wherever a player is named.
2. "I'd build a city wall" (8.11) was told "“I“d" is not a corner … a hex”s letter": a
   contraction is a word, never a label, and a reply quotes the learner's words in “…”.
"""

from __future__ import annotations

import pytest
from puzzle_answers import judged, lesson

from catan_tutor.game import Game
from catan_tutor.move_words import PartLeftOut, as_notation
from catan_tutor.study.puzzle import WHO_LEFT_OUT, names_a_seat
from catan_tutor.typed_forms import plain_reason

pytestmark = pytest.mark.course


def _game(name: str, node: int) -> Game:
    tl = lesson(name).timeline
    return Game(tl.rules, tl.nodes[node].state)


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


# 2. Contractions are words; the reader's quotes are the page's


@pytest.mark.parametrize(
    "typed",
    [
        "I'd build a city wall",
        "I’d build a city wall",
        "I'll build a city wall",
        "I'm building a wall",
    ],
)
def test_a_contraction_is_a_word_never_a_label(typed):
    j = judged("puzzle_ck_barbarians", 7, typed)
    assert "is not a corner" not in j.text and "“I" not in j.text, j.text
    with pytest.raises(PartLeftOut) as e:  # read as a wall, its corner left out
        as_notation(_game("puzzle_ck_barbarians", 7), typed)
    assert e.value.question == "Which corner?"
    assert as_notation(_game("puzzle_ck_barbarians", 7), f"{typed} on O4") == "wall O4"


def test_a_word_with_an_apostrophe_not_read_is_quoted_whole():
    j = judged("puzzle_ck_barbarians", 7, "don't build a wall")
    assert "The word “don't” was not understood here." in j.text, j.text


@pytest.mark.parametrize("label", ["I'd", "I’d"])
def test_the_readers_reason_quotes_the_word_in_the_pages_marks_and_keeps_apostrophes(label):
    g = _game("puzzle_ck_barbarians", 7)
    with pytest.raises(Exception) as e:  # (the notation itself: "I'd" is no corner)
        g.parse(f"P2 wall {label}")
    why = plain_reason(e.value)
    assert why.startswith(f"“{label}” is not a corner: "), why
    assert "a hex's letter" in why and "”s" not in why and '"' not in why, why
