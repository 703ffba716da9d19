"""Replies a fresh learner (l46) found confusing, on the typed-move reader."""

from __future__ import annotations

import pytest
from puzzle_answers import judged

from catan_tutor import board


@pytest.mark.parametrize(
    ("parse", "typed", "said"),
    [
        (board.parse_edge, "E6", "(a shared edge shows under one hex's name: E1 is B7)"),
        (board.parse_vertex, "N5", "(a shared corner shows under one hex's name: N12 is I4)"),
    ],
)
def test_a_spot_s_list_says_why_a_hex_s_spots_carry_other_letters(parse, typed, said):
    """ "E6" was told an edge is named by a hex's letter, then hex E's edges "B7, E3, E5, E7,
    D3 and A5": whether E1 names one was left open. The list says which hex's name a shared
    spot shows under, with the hex's own name for it (which reads back as it)."""
    with pytest.raises(board.LabelError) as e:
        parse(typed)
    assert str(e.value).endswith(said)
    alias, printed = said.rstrip(")").rsplit(": ", 1)[1].split(" is ")
    assert parse(alias) == parse(printed)


def test_a_coast_hex_s_spots_need_no_such_word():
    with pytest.raises(board.LabelError) as e:
        board.parse_edge("A8")
    assert "shared" not in str(e.value)


def test_a_misspelt_settlement_is_told_both_words_it_takes():
    """ "did you mean “settlement”? A settlement is typed as the player, “settle” and a
    corner" named two words: both are read."""
    text = judged("puzzle_base_setup", 9, "P3 setlement E4").text
    assert "did you mean “settlement”?" in text
    assert "“settle” (or “settlement”) and a corner" in text


@pytest.mark.parametrize(
    "typed",
    ["p1 road N4 to N6", "P1 road from N4 to N6", "P1 road between N4 and N6", "p1 road N4 to N5"],
)
def test_a_road_typed_by_the_corners_it_joins_is_that_edge(typed):
    """1.4's first question (P1's road by the settlement on N4): "p1 road N4 to N5" was told
    "“N4” is not an edge". A road said by its two corners, or by a corner and its edge, is
    that edge (BASE-BUILD-ROAD)."""
    j = judged("puzzle_base_setup", 1, typed)
    assert j.move == "P1 road N5" and j.correct, j.text


def test_two_corners_no_road_joins_are_told_so():
    text = judged("puzzle_base_setup", 1, "P1 road N4 to I6").text
    assert "No road joins N4 and I6: a road joins two corners side by side." in text


@pytest.mark.parametrize(
    "typed", ["P1 road N 5", "p1 road n 5", "P1 road from N 4 to N 6", "build a road on N 5"]
)
def test_a_label_typed_with_a_space_inside_is_that_label(typed):
    """s35: "P1 road N 5" was told "“N” is not an edge". A hex's letter, a space and a
    number that make a label on the board are that label (BASE-BUILD-ROAD's N5 at 1.4)."""
    j = judged("puzzle_base_setup", 1, typed)
    assert j.move == "P1 road N5" and j.correct, j.text


@pytest.mark.parametrize(
    "typed",
    [
        "P1 robber I P3",  # a hex and a player
        "die red 5",  # a die and its face
        "bank 2 wool for grain",  # a count of cards
        "trade I 3 wool for grain",  # "I" and a count: cards follow
        "A 2 brick for 1 ore",
        "P1 rolls a 7",  # the article, not hex A
        "move the robber to M 8",  # the robber's hex and its number token
        "P1 road N5 to N7",
    ],
)
def test_a_letter_and_a_number_that_mean_something_else_stay_apart(typed):
    """Where a letter and a number read otherwise (a count of cards, the article, the
    robber's hex and its number), no label is made of them."""
    from catan_tutor.words.spaced_labels import joined

    assert joined(typed) == typed


def test_each_label_typed_with_a_space_is_joined_and_no_label_is_made_up():
    from catan_tutor.words.spaced_labels import joined

    assert joined("P1 road N 5 to N 7") == "P1 road N5 to N7"
    assert joined("P1 road N 13") == "P1 road N 13"  # (no label: N13 names nothing)
