"""Exact barbarian odds (negative binomial) and the confidence intervals of the explorer."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest

from catan_tutor import new_game, random_playout
from catan_tutor.actions import EventDie
from catan_tutor.analysis import (
    arrival_pmf,
    arrival_stats,
    barbarian_arrival,
    event_dice_left,
    mean_interval,
    t_value,
    wilson,
)  # fmt: skip
from catan_tutor.state import DICE, DISCARD, MAIN, PRE_ROLL, SETUP_SETTLE
from catan_tutor.study.editor import edit


def brute_force_arrival(steps: int, turns: int, per_turn: int, first: int):
    """Every sequence of event dice, each ship with probability 1/2, walked one by one."""
    dice_turns = [1] * first + [t for t in range(2, turns + 1) for _ in range(per_turn)]
    pmf = dict.fromkeys(range(1, turns + 1), Fraction(0))
    for faces in itertools.product((True, False), repeat=len(dice_turns)):
        ships = 0
        for turn, ship in zip(dice_turns, faces, strict=True):
            ships += ship
            if ships == steps:
                pmf[turn] += Fraction(1, 2 ** len(dice_turns))
                break
    return pmf


@pytest.mark.parametrize(("steps", "turns", "per_turn", "first"), [
    (3, 8, 1, 1), (1, 4, 1, 0), (4, 6, 2, 2), (2, 5, 2, 1), (7, 12, 1, 1), (5, 6, 2, 0),
])  # fmt: skip
def test_CK_EVENT_SHIP_arrival_pmf_equals_walking_every_dice_sequence(
    steps, turns, per_turn, first
):
    exact = arrival_pmf(steps, turns, per_turn=per_turn, first_turn=first)
    assert exact == brute_force_arrival(steps, turns, per_turn, first)


def test_CK_BOARD_TRACK_from_the_start_the_ship_needs_seven_ships():
    pmf = arrival_pmf(7, 30)
    assert all(pmf[t] == 0 for t in range(1, 7))
    assert pmf[7] == Fraction(1, 2**7)
    assert pmf[8] == 7 * Fraction(1, 2**8)  # C(7, 6) orders of six ships and one castle
    within, mean = arrival_stats(arrival_pmf(7, 400))
    assert abs(float(within) - 1) < 1e-12 and abs(float(mean) - 14) < 1e-9  # 7 / (1/2)


def test_two_rolls_a_turn_bring_the_ship_twice_as_fast():
    one, two = arrival_pmf(4, 10), arrival_pmf(4, 10, per_turn=2)
    # turn 2 of a two-roll game holds event dice 3 and 4 of a one-roll game's turns 3 and 4
    assert two[2] == one[3] + one[4]
    assert two[1] == one[1] + one[2]
    assert arrival_stats(two)[0] > arrival_stats(one)[0]


def test_barbarian_arrival_reads_the_ship_and_the_dice_still_due():
    game = edit(new_game("ck", players=3), "barbarians 4", "turn P1 pre-roll 20")
    assert game.state.barb == 4
    assert barbarian_arrival(game, 6) == arrival_pmf(3, 6, first_turn=1)
    by = barbarian_arrival(game, 6, cumulative=True)
    assert by[1] == 0 and by[3] == Fraction(1, 8) and by[4] == Fraction(1, 8) + 3 * Fraction(1, 16)
    assert all(by[t] == by[t - 1] + barbarian_arrival(game, 6)[t] for t in range(2, 7))
    game.play("P1 roll")
    assert game.state.phase == DICE and event_dice_left(game.state, 1) == 1
    game.play("die white 1")
    game.play("die red 1")
    game.play("event trade")
    assert game.state.phase == MAIN
    assert barbarian_arrival(game, 6) == arrival_pmf(3, 6, first_turn=0)


def test_ck_2p_has_two_event_dice_a_turn():
    game = edit(new_game("ck-2p", players=2), "barbarians 2", "turn P1 pre-roll 20")
    assert barbarian_arrival(game, 5) == arrival_pmf(5, 5, per_turn=2, first_turn=2)
    game.play("P1 roll")
    assert event_dice_left(game.state, 2) == 2


@pytest.mark.parametrize(("variant", "players", "policy"), [
    ("ck", 3, "random"), ("ck", 4, "greedy"), ("ck-2p", 2, "random"), ("ck-2p", 2, "greedy"),
])  # fmt: skip
def test_event_dice_left_in_every_phase_of_a_played_game(variant, players, policy):
    """In every position of a whole game, the event dice the rest of the turn really threw."""
    game = new_game(variant, players=players, seed=8)
    random_playout(game, 8, policy=policy)
    states, actions = game._states, game.history
    per_turn = 2 if variant == "ck-2p" else 1
    phases = set()
    for i, s in enumerate(states[:-1]):
        if s.turn == game.state.turn:
            break  # the last turn may end with the game
        thrown = 0
        for a, after in zip(actions[i:], states[i + 1 :], strict=True):
            thrown += type(a) is EventDie
            if after.turn != s.turn:
                break
        assert event_dice_left(s, per_turn) == thrown, (i, s.phase, s.sums, str(actions[i]))
        phases.add(s.phase)
    assert {SETUP_SETTLE, PRE_ROLL, DICE, MAIN, DISCARD} <= phases


def test_barbarian_arrival_needs_cities_and_knights():
    with pytest.raises(ValueError, match="no barbarians"):
        barbarian_arrival(new_game("base", players=3), 5)
    with pytest.raises(ValueError, match="steps"):
        arrival_pmf(0, 5)
    setup = new_game("ck", players=3)  # turn 0: the first event die comes in turn 2
    assert barbarian_arrival(setup, 9) == arrival_pmf(7, 9, first_turn=0)


def test_wilson_interval_known_values():
    rate, low, high = wilson(10, 100)
    assert rate == 0.1
    assert low == pytest.approx(0.05523, abs=1e-5) and high == pytest.approx(0.17437, abs=1e-5)
    assert wilson(0, 20)[1] == 0.0 and wilson(20, 20)[2] == 1.0
    assert wilson(0, 20)[2] == pytest.approx(3.8415 / (20 + 3.8415), abs=1e-4)
    assert all(math.isnan(x) for x in wilson(0, 0))


def test_t_quantiles_against_scipy():
    from scipy import stats  # in the test extras: the cross-check always runs

    for df in (1, 2, 3, 5, 10, 30, 200):
        for conf in (0.9, 0.95, 0.99):
            exact = stats.t.ppf(0.5 + conf / 2, df)
            tol = 0.05 if df == 3 else 0.005
            assert t_value(conf, df) == pytest.approx(exact, rel=tol)


def test_mean_interval_uses_t_and_stdev():
    values = [1.0, 2.0, 3.0, 4.0, 5.0]
    m, low, high = mean_interval(values, 0.95)
    half = 2.7764451051977987 * math.sqrt(2.5) / math.sqrt(5)  # t(0.975, 4)
    assert m == 3.0 and low == pytest.approx(3 - half, abs=1e-3)
    assert high == pytest.approx(3 + half, abs=1e-3)
    assert math.isnan(mean_interval([4.0])[1]) and math.isnan(mean_interval([])[0])
