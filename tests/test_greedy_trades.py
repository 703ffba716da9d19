"""The greedy computer trades with the bank only towards a city or a settlement, never giving
up a card either of them needs (learner23: P4 traded 4 grain for a wool, then 4 wool for a
grain, in one turn; each trade aimed at one build and gave up what the other needed)."""

from __future__ import annotations

import random
from types import SimpleNamespace

from catan_tutor.actions import BankTrade, EndTurn
from catan_tutor.sampler import greedy_choice

BRICK, LUMBER, WOOL, GRAIN, ORE = range(5)
WOOL_FOR_GRAIN = BankTrade(0, WOOL, 4, GRAIN)
END = EndTurn(0)


def _picked(hand: tuple[int, ...]) -> set:
    """What the greedy player picks over 20 seeds between the trade and ending the turn."""
    s = SimpleNamespace(phase="main", hands=[hand])
    return {greedy_choice(random.Random(k), s, [WOOL_FOR_GRAIN, END]) for k in range(20)}


def test_a_trade_that_gives_up_a_card_the_settlement_needs_is_no_aim():
    # a grain short of a city; the 4 wool are all the wool, and a settlement needs one
    assert _picked((1, 1, 4, 1, 3)) == {WOOL_FOR_GRAIN, END}  # (no aim: any move, at random)


def test_a_true_surplus_is_traded_towards_the_city():
    assert _picked((1, 1, 5, 1, 3)) == {WOOL_FOR_GRAIN}  # (one wool kept for a settlement)
