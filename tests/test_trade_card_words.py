"""Trades, progress cards and forced trades typed as a learner says them (s18, a fresh
learner: "P2 plays merchant on P" at 9.18, "P2 gives 3 wool for 1 brick" and "2 wool for a
brick" at 3.2, "P1 takes 2 cards from P2 and pays 2 tokens" at 11.16 all read "I cannot read
…"): ``trade_card_words`` reads them at the course's questions, never reads a text it cannot
read whole as another move, and the fallback's examples show a trade and a card played at
every question, naming none of its answer."""

from __future__ import annotations

import pytest
from puzzle_answers import answer_words, course_puzzles, found, told_by_a_wrong_try
from test_puzzle_secret import at_question

from catan_tutor.move_words import MoveWordsError, as_notation, examples, read_move


def _game(lesson: str, node: int):
    asked = next(a for a in course_puzzles() if (a.lesson, a.node) == (lesson, node))
    return at_question(asked).session.game


READ = {
    ("puzzle_ck_progress", 4): {  # 9.18: a progress card and the hex it names
        "P2 plays Merchant on hex A": "P2 play merchant A",
        "P2 plays merchant on P": "P2 play merchant P",
        "play the Merchant card on P": "play merchant P",
        "P2 uses the merchant on hex K": "P2 play merchant K",
        "P2 plays the merchant fleet card on wool": "P2 play merchant-fleet wool",
    },
    ("puzzle_ck_progress", 5): {
        "P2 gives 2 wool to the bank for an ore": "P2 bank 2 wool for ore",
        "2 wool for an ore": "bank 2 wool for ore",
    },
    ("puzzle_base_trading", 15): {  # 3.2: the bank's or a harbor's trade, a player's offer
        "P1 gives 2 wool for 1 brick": "P1 bank 2 wool for brick",
        "3 ore for a brick": "bank 3 ore for brick",
        "P1 trades three ore for a brick at the harbor": "P1 bank 3 ore for brick",
        "P1 uses the harbor: 3 ore for 1 brick": "P1 bank 3 ore for brick",
        "P1 gives P3 1 wool and 1 grain for 1 brick": "P1 offer P3 1 wool, 1 grain for 1 brick",
        "P1 offers P3 a wool for a brick": "P1 offer P3 1 wool for 1 brick",
    },
    ("puzzle_ck_2p", 8): {  # 11.16: the mover forces; the player named is taken from
        "P1 takes 2 cards from P2 and pays 2 tokens": "P1 force all",  # (the double price)
        "take 2 cards from P2's resource cards": "P1 force",  # (which cards said: l23)
        "force a trade with P2 on the whole hand": "P1 force all",
    },
    ("puzzle_ck_2p", 24): {
        "P1 removes the knight on N4": "P1 remove-knight N4",
        "take the knight off N4 for tokens": "remove-knight N4",
    },
    ("puzzle_base_2p", 15): {"send the robber home": "robber-home"},
    ("puzzle_base_2p", 16): {
        "P1 takes 1 ore and 1 brick from P2 and gives 2 wool": "P1 force take 1 ore, 1 brick "
        "give 2 wool"
    },
    ("puzzle_base_dummy", 18): {"P1 bids 2 grain for an ore": "P1 bid 2 grain for ore"},
}


@pytest.mark.parametrize(
    ("where", "typed", "notation"),
    [(w, t, n) for w, said in READ.items() for t, n in said.items()],
)
def test_a_trade_or_card_in_a_learners_words_reads_as_its_move(where, typed, notation):
    g = _game(*where)
    assert as_notation(g, typed) == notation
    read_move(g, typed)  # a move the engine reads


@pytest.mark.parametrize(
    "typed",
    [
        "P1 offers 2 wool for a brick",  # an offer to nobody named: no guess
        "P1 gives 6 ore for 2 brick",  # the bank gives one card
        "P1 gives 3 ore for a brick and builds a road",
    ],
)
def test_a_text_it_cannot_read_whole_is_no_trade(typed):
    g = _game("puzzle_base_trading", 15)
    try:
        a = read_move(g, typed)
    except MoveWordsError:
        return
    assert "bank" not in str(a), (typed, str(a))


@pytest.mark.course
def test_the_fallback_shows_a_trade_and_a_card_and_no_answer_at_every_question():
    for asked in course_puzzles():
        t = at_question(asked)
        s = t.session
        avoid = s.puzzle.secret_labels()
        said = examples(s.game, avoid)
        assert "“bank 4 " in said and "“play " in said, (asked.lesson, said)
        shown = [said.split(f"“{x} ", 1)[1].split("”", 1)[0] for x in ("bank", "play")]
        told = found(answer_words(asked) | told_by_a_wrong_try(asked), " / ".join(shown))
        assert not told, (asked.lesson, asked.node, shown)
        read_move(s.game, f"bank {shown[0]}")
        read_move(s.game, f"play {shown[1]}")
