"""What a fresh learner (l35) typed and read in the course (s29)."""

from __future__ import annotations

import pytest

# 1. "from <player>": whom it is taken from, never the one who moves


@pytest.mark.course
@pytest.mark.parametrize(
    ("typed", "move"),
    [
        ("take the science metropolis from white", "P1 improve science"),
        ("take the trade metropolis from blue", "P1 improve trade A6"),
        ("improve trade and take the metropolis from P2", "P1 improve trade A6"),
        ("take the trade metropolis from P2", "P1 improve trade A6"),
    ],
)
def test_CK_METRO_TAKE_the_player_taken_from_is_not_the_mover(typed, move):
    """l35 at 10.6 typed "take the science metropolis from white" and was told "it is P1's
    move, not P3's": the player after "from" was read as the one improving."""
    from puzzle_answers import judged

    j = judged("puzzle_ck_metropolis", 4, typed)
    assert j.read and j.move == move, j.text
    assert "not P3's" not in j.text and "not P2's" not in j.text, j.text
    assert j.correct == move.endswith("A6"), j.text


@pytest.mark.course
@pytest.mark.parametrize("typed", ["steal from blue", "rob blue"])
def test_BASE_ROBBER_MOVE_whom_to_rob_said_alone_asks_for_the_hex(typed):
    """l35's "steal from blue" was "That is not a move … It does not say which move": it is the
    robber's move with its hex left out."""
    from puzzle_answers import judged

    j = judged("puzzle_base_robber", 3, typed)
    assert not j.read and j.text.startswith("Which hex?"), j.text
