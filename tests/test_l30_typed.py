"""What a fresh learner (l30) typed in the puzzles' answer box and was misunderstood in:

- "settlement on the 8 forest and 3 mountain, next to 5 hills" (1.4) was told "“M” is not a
  corner": a corner (or an edge) said by the hexes it touches, each by terrain and number, is
  that spot (``words/hex_spot_words.py``); none or several fitting is said in words.
- "house" for a settlement and "raise science to level 5" were not read.
- A card's hex, corner, edge or resource said by terrain is read as the Merchant's hex is.
"""

from __future__ import annotations

import pytest
from puzzle_answers import judged, lesson

from catan_tutor.game import Game
from catan_tutor.move_words import as_notation

pytestmark = pytest.mark.course


def _game(name: str) -> Game:
    tl = lesson(name).timeline
    return Game(tl.rules, next(iter(tl.nodes.values())).state)


# 1. A corner said by its hexes (1.4's second question: P3's corner of the most dots, M4,
# touches the forest 8 M, the mountains 3 N and the hills 5 Q)

RIGHT = "Right: P3 builds a settlement on M4."


@pytest.mark.parametrize(
    "typed",
    [
        "P3 settlement on the 8 forest and 3 mountain, next to 5 hills",  # l30's words
        "P3 settlement on the forest 8, the mountains 3 and the hills 5",  # the tutor's
        "P3 settlement between the forest 8, the 3 ore and the hills 5",  # "ore": mountains
        "P3 builds a house next to the 5 hills, the 8 forest and the 3 mountains",
    ],
)
def test_a_corner_said_by_its_hexes_terrain_and_number_is_that_corner(typed):
    j = judged("puzzle_base_setup", 9, typed)
    assert j.correct and j.text.startswith(RIGHT), j.text


def test_hexes_that_share_no_corner_or_several_are_said_so_never_a_letter_read_as_a_label():
    for typed in (
        "P3 settlement on the 8 forest and 3 mountain, next to 5 hills",
        "P3 settlement on the forest 8",
        "P3 settlement on the forest 8, the hills 5 and the fields 12",
    ):
        assert "is not a corner" not in judged("puzzle_base_setup", 9, typed).text
    one = judged("puzzle_base_setup", 9, "P3 settlement on the forest 8").text
    assert "Which corner? 6 corners touch the forest 8: name one by its label." in one, one
    none = judged(
        "puzzle_base_setup", 9, "P3 settlement on the forest 8, the hills 5 and the fields 12"
    )
    assert "No corner touches the forest 8, the hills 5 and the fields 12 together." in none.text
    absent = judged("puzzle_base_setup", 9, "P3 settle next to the 9 mountains").text
    assert "The board has no mountains 9." in absent, absent


def test_an_edge_said_by_its_two_hexes_is_that_edge():
    j = judged("puzzle_base_setup", 9, "P3 road between the forest 8 and the mountains 3")
    # (1.4 asks whose turn it is: the reason every seat's road gets, s33)
    assert (
        j.text
        == "P3 can't build a road on M3: a road is not the piece this step of the setup places."
    ), j.text


# 3. A learner's words for a settlement and for a city improvement


@pytest.mark.parametrize(
    "typed", ["P3 house on the 8 forest, 3 mountains and 5 hills", "P3 builds a house on M4"]
)
def test_house_is_a_settlement(typed):
    j = judged("puzzle_base_setup", 9, typed)
    assert j.correct and j.text.startswith(RIGHT), j.text


@pytest.mark.parametrize(
    "typed",
    [
        "raise science to level 5",
        "P3 raises science to level 5",
        "raise the science track to level 5",
        "P3 raised the green track to level 5",  # science is the green track (CK-COMP-PROGRESS)
        "upgrade the green track",
    ],
)
def test_raise_science_to_level_5_is_the_science_improvement(typed):
    """10.6's second question, P3 at science level 4: the words are read as P3's science
    improvement, and judged as that move is (a level bought there takes no metropolis:
    CK-METRO-TAKE)."""
    j = judged("puzzle_ck_metropolis", 18, typed)
    move = judged("puzzle_ck_metropolis", 18, "P3 improve science")
    assert j.read and j.move == "P3 improve science" and j.text == move.text, j.text


def test_raise_the_yellow_track_is_trade_and_blue_track_is_politics_not_a_player():
    g = _game("puzzle_ck_metropolis")
    assert as_notation(g, "P1 raise the yellow track") == "P1 improve trade"
    assert as_notation(g, "P1 improve the blue track") == "P1 improve politics"


# 4. Cards' arguments said by terrain (the Merchant's: 650bf1e)


@pytest.mark.parametrize(
    ("typed", "notation"),
    [
        ("P1 play bishop on the forest 8", "P1 play bishop M"),  # taxation's hex
        ("P1 play inventor on the forest 8 and the hills 5", "P1 play inventor M Q"),
        (
            "P1 play medicine on the forest 8, the mountains 3 and the hills 5",
            "P1 play medicine M4",
        ),
        ("P1 play engineer on the 8 forest and 3 mountain, next to 5 hills", "P1 play engineer M4"),
        ("P1 play intrigue on the forest 8, mountains 3 and hills 5", "P1 play intrigue M4"),
        ("P1 play smith on the forest 8, mountains 3 and hills 5", "P1 play smith M4"),
        ("P1 play diplomat on the forest 8 and the mountains 3", "P1 play diplomat M3"),
        ("P1 play resource monopoly on the mountains", "P1 play resource-monopoly ore"),
        ("P1 play merchant fleet on pasture", "P1 play merchant-fleet wool"),
    ],
)
def test_a_progress_card_s_argument_said_by_terrain_is_read(typed, notation):
    assert as_notation(_game("puzzle_ck_metropolis"), typed) == notation


@pytest.mark.parametrize(
    ("typed", "notation"),
    [
        ("P1 play monopoly on the mountains", "P1 monopoly ore"),
        ("P1 play year of plenty hills and forest", "P1 plenty brick lumber"),
    ],
)
def test_a_development_card_s_resource_said_by_terrain_is_read(typed, notation):
    assert as_notation(_game("puzzle_base_robber"), typed) == notation


def test_an_improvement_in_a_game_without_them_names_no_level():
    """The sentence said "P1 can't improve trade to level ?" in standard Catan."""
    j = judged("puzzle_base_setup", 1, "P1 improve trade")
    assert j.text == (
        "P1 can't improve trade: there are no city improvements in this game (standard Catan)."
    ), j.text
