"""What a fresh learner (l32) typed in the puzzles' answer box, and read on the dummy's pages:

1. "feed my knight a grain so he wakes up" (4.19) was told how a knight is recruited, and
   "turn on my knight" was read as recruiting one: waking, feeding, turning on a knight name
   its activation (CK-KNIGHT-ACTIVATE: a grain stands it up).
2. "offer the dummy a grain for an ore" was asked "Which cards are given?", and "trade my
   grain for the dummy's ore" read as a bank trade: a trade with the dummy is a bid
   (DUMMY-TRADE-WINDOW, DUMMY-TRADE-BID).
3. "just roll the dice" was told "There are extra words at the end": "just", "now", "ok" are
   fillers, and a word left over is said where it was typed (start or end).
4. "force a trade with P2: my brick and lumber for his 2 wool" was read as P2's move, taking
   the brick: the player named is the one taken from, and "my"/"his" say whose cards are
   whose (2P-TOKEN-FORCED-TRADE).
5. "D's ore", "D's turn": the dummy seat was named by its notation letter (a hex's letter
   too) in the narration, the rules and the lessons; the dummy's robber stole as "P3".
6. "raise science to level 3" (10.6) was "Not read as a move": it is read, only its level is
   wrong (CK-IMPROVE-BUILD), so the reply is a move's ("Not the answer"), with the level.
"""

from __future__ import annotations

import pytest
from puzzle_answers import judged, lesson

from catan_tutor.game import Game
from catan_tutor.move_words import as_notation

pytestmark = pytest.mark.course

ACTIVATED = "Right: P1 activates the basic knight on N4 for 1 grain."


# 1. A knight's activation in a learner's words (4.19: "Make it ready")


@pytest.mark.parametrize(
    "typed",
    [
        "feed my knight a grain so he wakes up",
        "feed the knight a grain",
        "wake up the knight",
        "wake him up",
        "turn on my knight",
        "turn my knight on",
        "stand the knight up",
        "awaken the knight on N4",
    ],
)
def test_CK_KNIGHT_ACTIVATE_waking_or_feeding_a_knight_is_its_activation(typed):
    j = judged("puzzle_ck_knights", 19, typed)
    assert j.correct and j.text.startswith(ACTIVATED), j.text


def test_turning_a_knight_on_is_never_read_as_recruiting_one():
    j = judged("puzzle_ck_knights", 19, "turn on my knight")
    assert "Recruiting a knight is not the answer" not in j.text, j.text  # (l32's reply)
    tl = lesson("puzzle_ck_knights").timeline
    g = Game(tl.rules, tl.nodes[19].state)
    assert as_notation(g, "turn on my knight on N4") == "activate N4"


# 3. Fillers are no extra words; a word left over is said where it is


@pytest.mark.parametrize(
    "typed", ["just roll the dice", "now roll", "ok roll", "roll the dice now", "I'll just roll"]
)
def test_fillers_around_a_roll_are_not_extra_words(typed):
    j = judged("puzzle_base_2p", 16, typed)
    assert j.correct and j.text.startswith("Right: P1 rolls the dice"), j.text


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("quickly roll the dice", "The word “quickly” at the start was not understood here."),
        ("roll the dice quickly", "The word “quickly” at the end was not understood here."),
        ("roll quickly the dice", "The word “quickly” was not understood here."),
    ],
)
def test_a_word_left_over_is_said_where_it_was_typed(typed, said):
    j = judged("puzzle_base_2p", 16, typed)
    assert said in j.text and "extra words at the end" not in j.text, j.text
