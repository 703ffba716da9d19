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


# 2. "move it": the robber, where it is the piece that moves


@pytest.mark.course
@pytest.mark.parametrize(
    "typed", ["move it to the hills 5 (Q) and rob blue", "move it to Q", "move to Q and rob P2"]
)
def test_BASE_ROBBER_MOVE_move_it_in_a_game_without_knights_is_the_robber(typed):
    """l35 at 2.2 typed "move it to the hills 5 (Q) and rob blue" and was told "There are no
    knights to move in this game"."""
    from puzzle_answers import judged

    j = judged("puzzle_base_robber", 3, typed)
    assert j.correct and j.move == "P1 robber Q P2", j.text
    assert "knight" not in j.text, j.text


def _ck_game(name: str, node: int):
    from puzzle_answers import lesson

    from catan_tutor.game import Game

    tl = lesson(name).timeline
    return Game(tl.rules, tl.nodes[node].state)


@pytest.mark.course
def test_CK_KNIGHT_MOVE_move_it_with_knights_on_the_board_reads_the_spot_or_what_may_move():
    """With knights, "move it" to a hex is the robber, from corner to corner a knight; with
    no spot, the robber where it must move now, else a knight (the notation's "move")."""
    from catan_tutor.move_words import PartLeftOut, as_notation

    g = _ck_game("ck_knight_chase_robber", 4)  # (no robber to move: a knight may chase it)
    assert as_notation(g, "move it to Q and rob blue") == "robber Q P2"
    assert as_notation(g, "move it to K") == "robber K"
    with pytest.raises(PartLeftOut) as e:
        as_notation(g, "move it")
    assert str(e.value).startswith("Which knight"), e.value
    g = _ck_game("ck_robber_awakens", 13)  # the robber must move
    with pytest.raises(PartLeftOut) as e:
        as_notation(g, "move it")
    assert e.value.question == "Which hex?"


def test_move_with_no_spot_where_the_robber_and_a_knight_may_both_move_asks_which():
    from catan_tutor.actions import MoveRobber
    from catan_tutor.ambiguous_words import WHICH_PIECE, moved_piece
    from catan_tutor.move_words import PartLeftOut
    from catan_tutor.variants.ck_actions import MoveKnight

    class Both:
        is_over = is_chance = staticmethod(lambda: False)
        legal_actions = staticmethod(lambda: [object.__new__(k) for k in (MoveRobber, MoveKnight)])

    with pytest.raises(PartLeftOut) as e:
        moved_piece(Both(), [])  # type: ignore[arg-type]
    assert e.value.question == WHICH_PIECE
    assert WHICH_PIECE == "Which piece moves: the robber (to a hex) or a knight (to a corner)?"
    assert moved_piece(Both(), ["F6", "J4"]) == "move"  # type: ignore[arg-type]
    assert moved_piece(Both(), ["K"]) == "robber"  # type: ignore[arg-type]
