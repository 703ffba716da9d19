"""Monte-Carlo explorer: seeded playouts, the same table on any executor, estimates within
their intervals of the exact odds, progress and cancel."""

from __future__ import annotations

import threading
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor

import pandas as pd
import pytest

from catan_tutor import Game
from catan_tutor.actions import EventDie
from catan_tutor.analysis import (
    arrival_pmf,
    arrival_stats,
    barbarian_arrival,
    explore,
    outcome,
    play_turns,
    playout_seed,
    playouts,
    seeded_game,
    summarize,
)  # fmt: skip
from catan_tutor.state import PRE_ROLL
from catan_tutor.study.editor import edit


@pytest.fixture(scope="module")
def midgame() -> Game:
    return seeded_game("ck", 4, turns=40, seed=3)


@pytest.fixture(scope="module")
def reference(midgame) -> pd.DataFrame:
    with ThreadPoolExecutor(1) as pool:
        return playouts(midgame, 16, 4, "random", seed=9, executor=pool, batch=16)


# ---------------------------------------------------------------- one playout
def test_play_turns_stops_when_the_turns_have_begun_and_reports_what_happened():
    game = seeded_game("ck", 3, turns=10, seed=1)
    start, before = game.state.turn, len(game.history)
    record = play_turns(game, 5, 30, "greedy")
    s = game.state
    assert s.turn == start + 30 and s.phase == PRE_ROLL and record["turns"] == 30
    assert record["actions"] == len(game.history) - before > 0
    assert record["vp"] == [game.victory_points(p) for p in range(3)]
    states, actions = game._states[before:], game.history[before:]
    # attacks: ship faces thrown with the ship one step away (independent of the ship field)
    hits = [
        i
        for i, a in enumerate(actions)
        if type(a) is EventDie and a.face == "ship" and states[i].barb == 6
    ]
    assert record["attacks"] == len(hits) > 0
    assert record["arrival"] == states[hits[0]].turn - start + 1
    # pillaged: each player's drops in their city count
    pairs = list(zip(states, states[1:], strict=False))
    drops = [sum(max(0, a.cities[p] - b.cities[p]) for a, b in pairs) for p in range(3)]
    assert record["pillaged"] == drops and sum(drops) > 0


def test_play_turns_is_a_function_of_the_seed():
    runs = [play_turns(seeded_game("ck", 3, turns=10, seed=1), seed, 8) for seed in (4, 4, 5)]
    assert runs[0] == runs[1] != runs[2]


def test_unknown_policy_is_refused(midgame):
    with pytest.raises(ValueError, match="policy"):
        playouts(midgame, 2, 1, "clever")


# ---------------------------------------------------------------- determinism
def test_each_row_is_playout_i_replayed_alone(midgame, reference):
    assert list(reference["i"]) == list(range(16))
    for i in (0, 7, 15):
        record = play_turns(Game.from_position(midgame.position()), playout_seed(9, i), 4)
        row = reference.iloc[i]
        assert row["seed"] == playout_seed(9, i)
        assert [row[f"P{p + 1} vp"] for p in range(4)] == record["vp"]
        assert row["actions"] == record["actions"]


def test_same_seed_same_table_on_one_or_two_processes_and_threads(midgame, reference):
    with ProcessPoolExecutor(1) as one, ProcessPoolExecutor(2) as two:
        tables = [
            playouts(midgame, 16, 4, seed=9, executor=one, batch=3),
            playouts(midgame, 16, 4, seed=9, executor=two, batch=1),
            playouts(midgame, 16, 4, seed=9, executor=two),
        ]
    with ThreadPoolExecutor(2) as threads:
        tables.append(playouts(midgame, 16, 4, seed=9, executor=threads, batch=5))
        other = playouts(midgame, 16, 4, seed=10, executor=threads)
    tables.append(playouts(midgame, 16, 4, seed=9))  # the default process pool
    for table in tables:
        pd.testing.assert_frame_equal(table, reference)
        assert table.attrs == reference.attrs
    assert not other.equals(reference)  # another seed, other playouts


def test_same_table_on_a_local_dask_cluster(midgame, reference):
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        table = playouts(midgame, 16, 4, seed=9, executor=client.get_executor(), batch=2)
    pd.testing.assert_frame_equal(table, reference)


# ---------------------------------------------------------------- against exact odds
@pytest.mark.parametrize(("variant", "players", "ship", "turns"), [
    ("ck", 3, 3, 8), ("ck-2p", 2, 1, 5),
])  # fmt: skip
def test_CK_EVENT_SHIP_barbarian_arrival_agrees_with_the_negative_binomial(
    variant, players, ship, turns
):
    start = seeded_game(variant, players, turns=12, seed=2)
    game = edit(start, f"barbarians {ship}")
    exact = barbarian_arrival(game, turns)
    assert exact == arrival_pmf(7 - ship, turns, per_turn=1 if variant == "ck" else 2)
    raw = playouts(game, 300, turns, seed=1)
    assert not raw["over"].any()  # nobody wins this early: every arrival is observed
    summary = summarize(raw, confidence=0.99)
    within, mean = arrival_stats(exact)
    arrive = outcome(summary, "barbarians arrive")
    assert arrive["low"] <= within <= arrive["high"]
    when = outcome(summary, "arrival turn")
    assert when["low"] <= mean <= when["high"]
    for t in (2, 4):  # the distribution too: P(arrival by turn t)
        cdf = sum(p for k, p in exact.items() if k <= t)
        hits = summarize(raw.assign(arrival=raw["arrival"].where(raw["arrival"] <= t)), 0.99)
        row = outcome(hits, "barbarians arrive")
        assert row["low"] <= cdf <= row["high"], (t, float(cdf), row.to_dict())


def test_summary_rates_and_means_are_those_of_the_playouts(reference):
    summary = summarize(reference)
    players = reference.attrs["players"]
    for p in players:
        win = outcome(summary, "win", p)
        assert win["estimate"] == (reference["winner"] == p).mean()
        vp = outcome(summary, "vp", p)
        assert vp["estimate"] == pytest.approx(reference[f"{p} vp"].mean())
        assert vp["low"] <= vp["estimate"] <= vp["high"]
        lead = outcome(summary, "lead", p)
        top = reference[[f"{q} vp" for q in players]].max(axis=1)
        assert lead["estimate"] == (reference[f"{p} vp"] == top).mean()
    assert outcome(summary, "win", "nobody")["estimate"] == reference["winner"].isna().mean()
    assert summary.attrs["confidence"] == 0.95 and summary.attrs["completed"] == 16


def test_base_playouts_have_no_barbarian_columns():
    game = seeded_game("base", 3, turns=5, seed=1, policy="random")
    with ThreadPoolExecutor(1) as pool:
        raw = playouts(game, 4, 2, executor=pool)
    assert "arrival" not in raw and "P1 pillaged" not in raw
    assert set(summarize(raw)["metric"]) == {"win", "lead", "vp"}


# ---------------------------------------------------------------- progress and cancel
def test_progress_counts_playouts_up_to_n(midgame):
    calls = []
    with ThreadPoolExecutor(2) as pool:
        explore(
            midgame,
            12,
            2,
            seed=3,
            executor=pool,
            batch=5,
            progress=lambda done, total: calls.append((done, total)),
        )
    done = [d for d, _ in calls]
    assert all(total == 12 for _, total in calls) and done[-1] == 12
    steps = sorted(b - a for a, b in zip([0, *done], done, strict=False))
    assert steps == [2, 5, 5]  # batches of 5, 5 and 2 in the order they finished


def test_cancel_returns_the_first_rows_of_the_full_table_flagged_partial(midgame, reference):
    cancel = threading.Event()
    with ThreadPoolExecutor(1) as pool:
        part = playouts(
            midgame,
            16,
            4,
            seed=9,
            executor=pool,
            batch=2,
            cancel=cancel,
            progress=lambda done, total: cancel.set(),
        )
    assert part.attrs["partial"] and part.attrs["requested"] == 16
    assert 2 <= part.attrs["completed"] == len(part) < 16
    pd.testing.assert_frame_equal(part, reference.iloc[: len(part)])
    assert not reference.attrs["partial"]


def test_a_run_cancelled_before_it_starts_is_empty_and_partial(midgame):
    cancel = threading.Event()
    cancel.set()
    with ThreadPoolExecutor(1) as pool:
        summary = explore(midgame, 8, 2, executor=pool, cancel=cancel)
    assert summary.attrs["partial"] and summary.attrs["completed"] == 0
    assert (summary["n"] == 0).all() and summary["estimate"].isna().all()


class HoldFirst(Executor):
    """One worker that holds the first batch back for 5 s (unless cancelled) and runs the rest
    at once: later playouts finish before earlier ones."""

    _max_workers = 1

    def __init__(self) -> None:
        self.submitted = 0

    def submit(self, fn, /, *args, **kwargs) -> Future:
        self.submitted += 1
        future: Future = Future()
        if self.submitted > 1:
            future.set_result(fn(*args, **kwargs))
            return future

        def late() -> None:  # a broken cancel fails the test instead of hanging it
            if future.set_running_or_notify_cancel():
                future.set_result(fn(*args, **kwargs))

        timer = threading.Timer(5, late)
        timer.daemon = True
        timer.start()
        return future


def test_cancel_drops_playouts_after_a_gap_and_sends_no_more(midgame, reference):
    cancel, pool = threading.Event(), HoldFirst()
    part = playouts(
        midgame,
        16,
        4,
        seed=9,
        executor=pool,
        batch=2,
        cancel=cancel,
        progress=lambda done, total: cancel.set(),
    )
    assert pool.submitted == 2  # two in flight (one worker), none sent after the cancel
    assert part.attrs["partial"] and part.attrs["completed"] == 0 and len(part) == 0
    assert list(part.columns) == list(reference.columns)
