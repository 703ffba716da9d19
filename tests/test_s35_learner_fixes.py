"""Replies and words a fresh learner tripped on (session 35, fix c).

1. 9.18's bank question ("P2 wants an ore ... from the bank") told "P2 plays merchant fleet on
   cloth" it asked for another kind of move, though Merchant Fleet then a 2:1 trade gets the
   ore too (CK-PC-MERCHANT-FLEET): the prompt rules cards out.
2. 5.21: "dummy settlement P6" was asked "Which corner?": the dummy never places a piece
   (DUMMY-SETUP-NOTHING-ON-BOARD, DUMMY-SETUP-PLACEMENT), and the reply says so.
3. 11.16: "the draw names no cards" was jargon; "(the log says which)" named a panel shown
   only under Explore.
4. What to notice names the dummy "the dummy", not an unintroduced "D"; the robber's steal
   says who steals (BASE-ROBBER-STEAL).
5. 11.16's dice panel said "sails one step closer" after two ships in one turn (CK2P-ROLL-DOUBLE).
"""

from __future__ import annotations

import re

from puzzle_answers import course_puzzles, judged, lesson

from catan_tutor import new_game
from catan_tutor.dummy_words import NO_PIECES, dummy_piece
from catan_tutor.game import Game
from catan_tutor.rulebook import text_of
from catan_tutor.widgets.dice_shown import event_words, ship_steps
from catan_tutor.widgets.wording import notice_lines


def _asked(name: str, n: int):
    return [a for a in course_puzzles() if a.lesson == name][n]


def test_9_18_s_bank_question_rules_out_the_merchant_fleet_it_would_answer():
    """CK-PC-MERCHANT-FLEET: the fleet on cloth, then 2 cloth for the ore, is legal; the
    question asks for no card played, so the reply's "another kind of move" agrees."""
    asked = _asked("puzzle_ck_progress", 1)
    fleet = judged("puzzle_ck_progress", asked.node, "P2 plays merchant fleet on cloth")
    assert fleet.legal and not fleet.correct, fleet
    assert "without playing" in asked.puzzle.prompt, asked.puzzle.prompt
    assert judged("puzzle_ck_progress", asked.node, "P2 bank 2 grain for ore").correct


def test_9_18_names_alchemy_by_its_printed_name():
    """CK-PC-ALCHEMY: the card is Alchemy; "the Alchemist" is an older name. 9.18's intro
    says the one exception to "after the roll" in a few words (a fresh learner read its long
    Alchemy aside as one long sentence; without it, "after the roll" is wrong:
    test_progress_timing_said); the Alchemy lesson names it as printed."""
    intro = lesson("puzzle_ck_progress").timeline.root.tutor
    assert "(only Alchemy comes before it)" in intro and "Alchemist" not in intro, intro
    alchemy = lesson("ck_alchemy").timeline.root.tutor
    assert "Alchemy" in alchemy and "Alchemist" not in alchemy, alchemy


def test_the_dummy_placing_a_piece_is_told_it_never_does():
    """5.21 (DUMMY-SETUP-NOTHING-ON-BOARD): the corner was given, so no "Which corner?"."""
    asked = _asked("puzzle_base_dummy", 0)
    # ("P3 settle P6": the third seat as a learner counts them, s36; asked "Which corner?")
    for typed in (
        "dummy settlement P6",
        "D settle P6",
        "the dummy builds a road on P5",
        "P3 settle P6",
    ):
        j = judged("puzzle_base_dummy", asked.node, typed)
        assert not j.correct and NO_PIECES in j.text and "Which corner" not in j.text, j.text


def test_the_dummy_s_trades_and_other_games_are_not_read_as_its_pieces():
    dummy = new_game("base-dummy", players=2).state
    assert dummy_piece(dummy, "dummy settle P6") == NO_PIECES
    assert dummy_piece(dummy, "P1 bids 2 grain for the dummy's ore") == ""
    assert dummy_piece(dummy, "P1 settle P6") == ""
    assert dummy_piece(new_game("base", players=3).state, "dummy settle P6") == ""
    assert dummy_piece(new_game("base", players=3).state, "P3 settle P6") == ""  # a player


def test_11_16_s_blind_draw_is_said_plainly_and_names_no_hidden_panel():
    asked = _asked("puzzle_ck_2p", 0)
    said = judged("puzzle_ck_2p", asked.node, "P1 force 2 wool").text
    assert "the draw" not in said and "drawn blind" not in said, said
    assert "takes its 2 cards blind from the other player's hand" in said, said
    assert "the log" not in (asked.puzzle.explain or "")


def test_what_to_notice_names_the_dummy_and_the_rules_say_who_steals():
    """5.14 and 5.17 said "D's hand", "D holds Longest Road": "D" is never introduced
    (DUMMY-SETUP-SEATS); BASE-ROBBER-STEAL began "They pick" with nothing before it."""
    lines = []
    for name in ("base_dummy_setup", "base_dummy_longest_road"):
        tl = lesson(name).timeline
        for node in tl.nodes.values():
            lines += notice_lines(Game(tl.rules, node.state), node)
    assert "The dummy's hand: 2 brick, 2 lumber, 2 wool, 2 grain, 2 ore." in lines
    assert "The dummy holds Longest Road." in lines
    assert [ln for ln in lines if re.search(r"\bD\b", ln)] == []
    assert not text_of("BASE-ROBBER-STEAL").startswith("They"), text_of("BASE-ROBBER-STEAL")


def test_11_16_s_two_ships_in_a_turn_are_said_as_two_steps():
    """CK2P-ROLL-DOUBLE, CK-EVENT-SHIP: each ship moves the barbarians a step."""
    tl = lesson("puzzle_ck_2p").timeline
    ships, node = [], tl.root
    while node.children:
        node = node.children[0]
        if str(node.action) == "event ship":
            ships.append(node)
    first, second = ships[:2]
    assert second.state.barb == first.state.barb + 1
    assert ship_steps(first) == 1 and ship_steps(second) == 2
    assert "sails one step closer" in event_words(first.state, ship_steps(first))
    assert "sails two steps closer" in event_words(second.state, ship_steps(second))
