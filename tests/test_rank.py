"""Hints: ``rank_actions`` ranks the moves of the player to act by seeded playouts (issue 22)."""

from __future__ import annotations

import math
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest

from catan_tutor import OptionError, new_game
from catan_tutor.actions import BuildCity, EndTurn, Settle
from catan_tutor.analysis import InlineExecutor, rank_actions
from catan_tutor.analysis.rank import candidates_of
from catan_tutor.players import options, play_game


def _near_win(g) -> bool:
    """A player to act in the main phase with 9 VP and a settlement or city to build."""
    if g.is_chance() or g.is_over() or g.state.phase != "main":
        return False
    p = g.rules.actors(g.state)[0]
    return g.victory_points(p) == 9 and any(type(a) in (Settle, BuildCity) for a in options(g, p))


def _main_phase(seed: int = 2, turn: int = 40):
    """A base game played on by greedy computers to a main phase after ``turn``."""
    g = new_game("base", players=4, seed=seed)
    return play_game(
        g,
        ["greedy"] * 4,
        seed=seed,
        stop=lambda g: (
            g.state.turn >= turn
            and not g.is_chance()
            and g.state.phase == "main"
            and len(options(g, g.rules.actors(g.state)[0])) > 4
        ),
    )


@pytest.fixture(scope="module")
def near_win():
    g = new_game("base", players=4, seed=2)
    play_game(g, ["greedy"] * 4, seed=2, stop=_near_win)
    assert _near_win(g)
    return g


def _wins(g, a) -> bool:
    h = g.clone()
    h.play(a)
    return h.is_over() and h.winner == a.player


def test_the_move_that_wins_ranks_first(near_win):
    """BASE-WIN-10: a city or settlement giving the 10th VP ends the game; the ranking puts
    the winning moves first, each won in every playout, and says it ranked by win rate."""
    g = near_win
    r = rank_actions(g, n=20, turns=2, seed=0, executor=InlineExecutor())
    assert r.measure == "win" and "win rate" in r.method
    assert _wins(g, r[0].action) and r[0].estimate == 1.0 and r[0].playouts == 20
    winning = [x for x in r if _wins(g, x.action)]
    assert r.records[: len(winning)] == tuple(winning)
    # a road first also wins in every playout (the city comes next): the sooner win ranks first
    assert len(r) > len(winning)
    assert r[0].notation == str(r[0].action)
    assert r.player == g.rules.actors(g.state)[0]


def test_same_seed_same_ranking_on_any_executor():
    g = _main_phase()
    one = rank_actions(g, n=12, turns=2, seed=5, executor=InlineExecutor())
    with ThreadPoolExecutor(2) as pool:
        two = rank_actions(g, n=12, turns=2, seed=5, executor=pool)
    assert one == two
    assert len(one) >= 2 and all(x.playouts == 12 for x in one)
    for x in one:  # the interval holds the estimate; both measures are kept
        assert x.low <= x.estimate <= x.high
        assert x.win_low <= x.win_rate <= x.win_high
        assert not math.isnan(x.vp_gain)
    assert "12 seeded playouts (seed 5)" in one.method and "greedy policy" in one.method


def test_cancel_stops_and_keeps_the_first_playouts():
    g = _main_phase()
    cancel = threading.Event()
    calls = []

    def progress(done: int, total: int) -> None:
        calls.append((done, total))
        cancel.set()  # after the first batch

    r = rank_actions(
        g,
        n=40,
        turns=2,
        seed=1,
        executor=InlineExecutor(),
        progress=progress,
        cancel=cancel,
        batch=5,
    )
    total = calls[0][1]
    assert r.partial and "Stopped" in r.method
    assert sum(x.playouts for x in r) < total
    full = rank_actions(g, n=40, turns=2, seed=1, executor=InlineExecutor(), batch=5)
    assert not full.partial and sum(x.playouts for x in full) == total


def test_many_moves_are_preselected_and_ending_the_turn_is_kept():
    g = _main_phase()
    p = g.rules.actors(g.state)[0]
    assert len(options(g, p)) > 3
    r = rank_actions(g, n=6, turns=1, seed=0, executor=InlineExecutor(), candidates=3)
    assert len(r) == 3 and r.preselected and "picked by a quick heuristic" in r.method
    if any(type(a) is EndTurn for a in options(g, p)):
        assert any(type(x.action) is EndTurn for x in r)


def test_moves_leading_to_the_same_position_are_one_candidate():
    g = _main_phase()
    p = g.rules.actors(g.state)[0]
    chosen, legal, distinct = candidates_of(g, p, 1000)
    positions = set()
    for a, _ in chosen:
        h = g.clone()
        h.play(a)
        positions.add(h.position())
    assert len(positions) == len(chosen) == distinct <= legal


def test_chance_and_single_moves_need_no_playouts():
    g = new_game("base", players=3, seed=1)
    play_game(g, ["greedy"] * 3, seed=1, stop=lambda g: g.is_chance() and g.state.turn > 2)
    r = rank_actions(g, n=5, executor=InlineExecutor())
    assert len(r) == 0 and "chance event" in r.method  # BASE-CHANCE-EVENTS: nobody chooses
    g.play(g.chance_weights()[0][0])
    while g.is_chance():
        g.play(g.chance_weights()[0][0])
    only = options(g, g.rules.actors(g.state)[0])
    if len(only) == 1:
        r = rank_actions(g, n=5, executor=InlineExecutor())
        assert len(r) == 1 and r[0].playouts == 0 and "only legal move" in r.method


@pytest.mark.parametrize(
    "kwargs", [{"policy": "clever"}, {"measure": "fun"}, {"n": 0}, {"turns": 0}, {"candidates": 0}]
)
def test_bad_options_are_refused(kwargs):
    with pytest.raises(OptionError):
        rank_actions(new_game("base", players=3), executor=InlineExecutor(), **kwargs)
