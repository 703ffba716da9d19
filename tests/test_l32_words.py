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
7. More of a learner's own words at the course's puzzles (s26's sweep, in l32's style): a
   seat by its number in words, "block" the hex, a time said after the move, "please" after
   a spot, "hire" a knight, "spend" a coin on a track, a knight made strong, a trade made
   "with the merchant", a terrain several hexes share, "… and takes a brick", a bid at the
   dummy's window said as an offer, a knight removed for tokens.
"""

from __future__ import annotations

import pytest
from puzzle_answers import judged, lesson

from catan_tutor import rulebook
from catan_tutor.game import Game
from catan_tutor.move_words import as_notation

pytestmark = pytest.mark.course

ACTIVATED = "Right: P1 activates the basic knight on M4 for 1 grain."


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
        "awaken the knight on M4",
    ],
)
def test_CK_KNIGHT_ACTIVATE_waking_or_feeding_a_knight_is_its_activation(typed):
    j = judged("puzzle_ck_knights", 20, typed)
    assert j.correct and j.text.startswith(ACTIVATED), j.text


def test_turning_a_knight_on_is_never_read_as_recruiting_one():
    j = judged("puzzle_ck_knights", 20, "turn on my knight")
    assert "Recruiting a knight is not the answer" not in j.text, j.text  # (l32's reply)
    tl = lesson("puzzle_ck_knights").timeline
    g = Game(tl.rules, tl.nodes[20].state)
    assert as_notation(g, "turn on my knight on M4") == "activate M4"


# 2. A trade with the dummy is a bid (base-dummy)


@pytest.mark.parametrize(
    "typed",
    [
        "offer the dummy two grain for an ore",
        "give the dummy 2 grain for an ore",
        "trade my 2 grain for the dummy's ore",
        "trade 2 grain with the dummy for an ore",
    ],
)
def test_DUMMY_TRADE_BID_cards_offered_to_the_dummy_are_a_bid(typed):
    j = judged("puzzle_base_dummy", 18, typed)
    assert j.correct and j.text.startswith("Right: P1 bids 2 grain for the dummy's ore"), j.text


@pytest.mark.parametrize(
    "typed",
    [
        "offer the dummy a grain for an ore",
        "trade my grain for the dummy's ore",
        "trade a grain for D's ore",
        "offer D a grain for an ore",
    ],
)
def test_DUMMY_TRADE_WINDOW_a_trade_with_the_dummy_on_a_players_turn_is_read_and_refused(typed):
    j = judged("puzzle_base_dummy", 11, typed)
    assert j.read and "Which cards" not in j.text and "bank" not in j.text, j.text
    assert j.text == (
        "P1 can't bid 1 grain for the dummy's ore: players trade with the dummy only "
        "in the trading window of the dummy's turn."
    ), j.text


def test_an_offer_to_a_player_is_still_an_offer_in_the_dummy_game():
    j = judged("puzzle_base_dummy", 11, "offer P2 a grain for an ore")
    assert j.text.startswith("P1 can offer P2 1 grain for 1 ore"), j.text


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


# 4. A forced trade said with whose cards are whose (base-2p)


def _forced_trade_game() -> Game:
    tl = lesson("base_2p_forced_trade").timeline
    return Game(tl.rules, tl.nodes[0].state)


@pytest.mark.parametrize(
    "typed",
    [
        "force a trade with P2: my brick and lumber for his 2 wool",
        "forced trade: my brick and lumber for P2's 2 wool",
        "force a trade: his 2 wool for my brick and lumber",
    ],
)
def test_2P_TOKEN_FORCED_TRADE_my_cards_are_given_and_the_opponents_taken(typed):
    g = _forced_trade_game()
    assert as_notation(g, typed) == "force take 2 wool give 1 brick, 1 lumber"
    assert str(g.parse(as_notation(g, typed))).startswith("P1 force take 2 wool")


def test_the_player_named_in_a_forced_trade_is_the_one_taken_from_not_the_mover():
    j = judged("puzzle_base_2p", 16, "force a trade with P2: my brick and lumber for his 2 wool")
    assert j.read and "P2 can't" not in j.text and "does not fit" not in j.text, j.text
    assert j.text == (
        "P1 can't spend a trade token to take 2 wool from the opponent and give back 1 brick "
        "and 1 lumber: P1 has already taken a token action this turn."
    ), j.text


# 5. The dummy is "the dummy" where a learner reads it; "D" stays its notation


def test_the_dummys_turn_and_its_robbers_steal_are_said_with_its_name():
    tl = lesson("base_dummy_dummy_turn").timeline
    said = []
    for node in tl.nodes.values():
        for child in node.children:
            if child.action is not None:
                g = Game(tl.rules, node.state)
                said.append(tl.rules.describe(node.state, child.action).text)
                said += [e.text_for(None) for e in g.play_narrated(child.action)[1]]
    assert "P2 ends the turn; now it is the dummy's turn." in said, said
    assert (
        "The dummy steals 1 lumber from P2." in said and "The dummy steals a card from P2." in said
    )
    assert not any("D's" in t or t.startswith(("D ", "P3 ", "the dummy")) for t in said), said


def test_the_dummy_rules_and_the_puzzle_hints_name_the_dummy_not_D():
    window = rulebook.rule("DUMMY-TRADE-WINDOW").text
    assert window.startswith("Players trade with the dummy only on the dummy's turn;"), window
    assert rulebook.rule("DUMMY-SETUP-SEATS").text.startswith(
        "Two players plus an imaginary dummy; turn order P1, P2, the dummy"
    )
    j = judged("puzzle_base_dummy", 11, "P1 end")
    assert "D's" not in j.text and "the dummy's turn" in j.text, j.text
    hints = lesson("puzzle_base_dummy").puzzles[11].hints
    assert (
        hints[1]
        == "The dummy trades on its own turn only, never on a player's (DUMMY-TRADE-WINDOW)."
    ), hints


def test_the_dummys_notation_name_stays_D():
    tl = lesson("base_dummy_dummy_turn").timeline
    node = next(n for n in tl.nodes.values() if n.state.active == n.state.dummy)
    g = Game(tl.rules, node.state)
    assert "active=D " in g.position()
    seen = g.observation(None)
    assert seen["active"] == "D" and seen["seats"][-1]["seat"] == "D"
    assert node.state.name(node.state.dummy) == "the dummy"


# 6. An improvement read, its level wrong: a move's reply, with the level


def test_CK_IMPROVE_BUILD_a_wrong_level_is_a_move_read_not_a_text_unread():
    from catan_tutor.widgets.puzzle import NOT_READ, RETRY, SAY_AGAIN, _judgement_html

    j = judged("puzzle_ck_metropolis", 18, "raise science to level 3")
    assert j.read and not j.correct and not j.text.startswith("That is not a move"), j.text
    assert j.text.startswith("P3's science is at level 4: the next is 5"), j.text
    shown = _judgement_html(j)
    assert NOT_READ not in shown and SAY_AGAIN not in shown, shown
    assert "Not the answer" in shown and RETRY in shown


# 7. More own words at the course's puzzles (each was misread before)


@pytest.mark.parametrize(
    ("name", "node", "typed"),
    [
        ("puzzle_base_setup", 9, "player three builds a settlement on M4"),
        ("puzzle_base_robber", 3, "move robber to hex Q steal from player 2"),
        ("puzzle_base_robber", 3, "robber on Q and rob player two"),
        ("puzzle_base_robber", 3, "block Q and steal from P2"),
        ("puzzle_base_robber", 3, "move the robber to Q and steal a card from P2's hand"),
        ("puzzle_base_awards", 18, "roll the dice"),
        ("puzzle_base_awards", 18, "just roll"),
        ("puzzle_base_setup", 1, "road at N3 please"),
        ("puzzle_base_setup", 1, "put down a road at N3"),
        ("puzzle_ck_knights", 19, "hire a knight at M4"),
        ("puzzle_ck_knights", 22, "spend the coin on politics"),
        ("puzzle_ck_barbarians", 7, "make the knight on K6 strong"),
        ("puzzle_ck_barbarians", 7, "make P2's knight strong"),
        ("puzzle_ck_progress", 5, "2 grain for ore with the merchant"),
        ("puzzle_base_trading", 15, "P1 gives 3 ore to the bank and takes a brick"),
        ("puzzle_base_2p", 15, "use trade tokens to move the robber home"),
        ("puzzle_base_dummy", 18, "offer two wheat for the ore"),
        ("puzzle_ck_2p", 24, "remove the knight at N4 to get a token"),
    ],
)
def test_a_learners_own_words_at_a_puzzle_are_its_answer(name, node, typed):
    j = judged(name, node, typed)
    assert j.correct, j.text


def test_making_a_knight_strong_is_its_promotion_not_a_recruit():
    j = judged("puzzle_ck_barbarians", 7, "make the knight on K6 strong")
    assert j.text.startswith("Right: P2 promotes"), j.text


def test_a_terrain_several_hexes_share_asks_which_and_lists_no_letter():
    j = judged("puzzle_ck_progress", 4, "put the merchant on the pasture")
    assert j.left_out and j.text.startswith("Which pasture? 4 hexes are pasture"), j.text
    assert not any(f" {x}," in j.text or f" {x} " in j.text for x in "PKLOS"), j.text


def test_a_knight_removed_with_no_corner_asks_which_not_read_as_a_recruit():
    j = judged("puzzle_ck_2p", 24, "remove my knight")
    assert j.left_out and j.text == "Which knight? The move does not say.", j.text
