"""s34's review of the words readers and sentences: each defect it found, fixed and checked
by the outcome a learner sees (rule IDs where a rule decides)."""

from __future__ import annotations

import re
from functools import cache

import pytest
import yaml
from puzzle_answers import judged
from test_s33_words import _at_11_16

from catan_tutor import new_game
from catan_tutor.game import Game
from catan_tutor.move_words import as_notation
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.variants.two_player_actions import DRAWN_BLIND
from catan_tutor.words import place_words


@cache
def _alchemy_doc() -> dict:
    return yaml.safe_load((packaged_lessons() / "ck_alchemy.catan.yaml").read_text("utf-8"))


def _at_alchemy() -> Game:
    """The game of lesson ck_alchemy at its Alchemy move (P3 to play "P3 play alchemy 4 5")."""
    g = new_game("ck", players=3)
    for move in _alchemy_doc()["setup"]:
        g.play(move)
    return g


@pytest.mark.parametrize(
    "typed",
    [
        "P3 plays Alchemy, setting the red die to 5 and the white die to 1",
        "P3 plays Alchemy, setting the white die to 1 and the red die to 5",
        "P3 plays alchemy, the red die to 5 and 1",  # a number with no colour: the other die
        "P3 plays alchemy 1 and the red die 5",
        "P3 play alchemy 1 5",  # no colours: white, then red
    ],
)
def test_ck_pc_alchemy_each_die_gets_the_number_said_after_its_colour(typed):
    """CK-PC-ALCHEMY (white and red chosen): "setting the red die to 5 and the white die to
    1" was read "P3 play alchemy 5 1" (white 5, red 1: the opposite move, played silently)."""
    assert as_notation(_at_alchemy(), typed) == "P3 play alchemy 1 5"


def test_ck_pc_alchemy_the_narrations_own_sentence_reads_back_as_its_move():
    g = _at_alchemy()
    for move in ("P3 play alchemy 4 5", "P3 play alchemy 6 2"):
        said = g.parse(move).sentence(g.state)
        assert "white die" in said and "red die" in said, said
        assert as_notation(g, said) == move
        turned = said.replace("white", "WHITE").replace("red", "white").replace("WHITE", "red")
        w, r = move.split()[-2:]  # the dice's sentence with the colours swapped: swapped numbers
        assert as_notation(g, turned) == f"P3 play alchemy {r} {w}"


@pytest.mark.parametrize(
    "typed", ["P1 road N4 to Q2", "P1 road from Q2 to N4", "P1 road between R10 and N4",
              "P1 road Q2 to N5", "p1 road n4 and r10"],
)  # fmt: skip
def test_base_build_road_a_road_by_its_corners_takes_each_corners_other_names(typed):
    """BASE-BUILD-ROAD: the board tells a learner "a shared corner shows under one hex's
    name: E12 is A4"; "P1 road N4 to Q2" (Q2 is N6) at 1.4's first question was told "“N4”
    is not an edge". Either corner by any of its names is that corner."""
    j = judged("puzzle_base_setup", 1, typed)
    assert j.move == "P1 road N5" and j.correct, j.text


def test_two_corners_named_by_other_names_no_road_joins_are_told_so():
    text = judged("puzzle_base_setup", 1, "P1 road N4 to E12").text
    assert "No road joins N4 and E12: a road joins two corners side by side." in text


def test_a_road_next_to_a_corner_by_another_of_its_names_is_the_same_road():
    """ "road next to Q2" is "road next to N6" (its free edge, or which one is asked)."""
    g = new_game("base", players=3, seed=1)
    asked = [place_words.edges_next_to(g.state, 0, f"P1 road next to {c}")[1] for c in
             ("N6", "Q2", "R10")]  # fmt: skip
    assert asked == ["Which edge: N5, N7 or Q3?"] * 3, asked


def test_ck2p_token_forced_trade_the_draw_names_no_cards_not_the_whole_trade():
    """CK2P-TOKEN-FORCED-TRADE: 2 cards drawn blind, then 2 given back, named. The refusal of
    cards typed with the draw said "a forced trade names no cards", false of its give-back."""
    from catan_tutor.actions import parse_action

    with pytest.raises(ValueError) as e:
        parse_action("P1 force all wool", 0, 2, 8)
    assert DRAWN_BLIND in str(e.value)
    assert "a forced trade names no cards" not in str(e.value)
    tl, node, _ = _at_11_16("P1 force")
    said = judged("puzzle_ck_2p", node.id, "P1 force 2 wool").text  # one colon (issue 33)
    assert f"“2” does not fit here: {DRAWN_BLIND}." in said
    assert [x for x in re.split(r"(?<=[.!?])\s+", said) if x.count(": ") > 1] == [], said


def test_a_give_back_neither_reading_takes_is_read_once_and_told_its_first_reply(monkeypatch):
    """CK2P-TOKEN-FORCED-TRADE's give-back: words that fail both as typed and as "force give"
    were read a second time as typed, only to raise the first reading's error again."""
    from catan_tutor import move_words

    _, _, game = _at_11_16("P1 force give")
    typed = "P1 gives back 1 ore and a banana"
    read: list[str] = []
    own = move_words._as_notation

    def counted(g, text, *rest):
        read.append(text)
        return own(g, text, *rest)

    monkeypatch.setattr(move_words, "_as_notation", counted)
    with pytest.raises(move_words.MoveWordsError) as e:
        move_words.as_notation(game, typed)
    assert read.count(typed) == 1, read
    assert str(e.value).startswith("I cannot read “gives”."), str(e.value)


def test_base_trade_no_dev_a_bank_trade_with_a_development_card_says_the_card_wanted():
    """BASE-TRADE-NO-DEV's trade read whole (to be refused): a bank trade gets one card, so its
    "for" goes "between the cards given and the card wanted", as BankTrade's own reader says;
    an offer's, "… and the cards wanted"."""
    from catan_tutor.actions import parse_action

    for typed in ("P1 bank 4 knight to wool", "P1 bank 4 wool to knight"):
        with pytest.raises(ValueError) as e:
            parse_action(typed, 0, 3, 5)
        assert "(between the cards given and the card wanted)" in str(e.value), str(e.value)
    with pytest.raises(ValueError) as e:
        parse_action("P1 bank 4 wool to ore", 0, 3, 5)  # BankTrade's own words, alike
    assert "(between the cards given and the card wanted)" in str(e.value), str(e.value)


def test_ck_comp_dice_the_yellow_die_is_the_white_one_in_plain_words():
    """CK-COMP-DICE said "(…, the white in [000]; some boxes' is yellow)"; ck_setup_commodities said
    "only the red one's number counts on its own", which reads as production by the red die
    alone. The red die's number, with the event die's castle, decides who draws progress
    cards (CK-EVENT-CASTLE); production takes both dice."""
    from catan_tutor.rulebook import text_of

    assert "in some boxes the white die is yellow" in text_of("CK-COMP-DICE")
    doc = yaml.safe_load(
        (packaged_lessons() / "ck_setup_commodities.catan.yaml").read_text("utf-8")
    )
    said = " ".join(" ".join(str(m.get("tutor", "")).split()) for m in doc["moves"])
    assert "counts on its own" not in said
    assert "the red die's number, with the event die, also decides who draws progress cards" in said
