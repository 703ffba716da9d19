"""Monte-Carlo explorer: N seeded playouts of K turns from a position, run on any
``concurrent.futures`` executor (processes, threads, or a Dask cluster's executor).

Work items are position text and playout numbers, never Game objects (a Game's rules hold
lambdas and do not pickle). Playout ``i`` is seeded by ``playout_seed(seed, i)`` alone and the
rows are sorted by ``i``, so one worker, many, threads or a cluster give the same table.
"""

from __future__ import annotations

import math
import os
import threading
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Executor, Future, ProcessPoolExecutor, wait
from typing import TYPE_CHECKING

from ..game import Game
from ..sampler import POLICIES
from .playout import run_batch

if TYPE_CHECKING:  # pandas is imported when a table is made: a tutor without one stays light
    import pandas as pd

Progress = Callable[[int, int], None]
POLL = 0.05  # seconds between looks at the cancel event


def available_cores() -> int:
    """CPU cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def worker_count(executor: Executor) -> int:
    """How many tasks the executor runs at once (its ``_max_workers``, else the cores)."""
    return getattr(executor, "_max_workers", None) or available_cores()


def playouts(
    game: Game,
    n: int = 200,
    turns: int = 10,
    policy: str = "random",
    seed: int = 0,
    *,
    executor: Executor | None = None,
    progress: Progress | None = None,
    cancel: threading.Event | None = None,
    batch: int | None = None,
) -> pd.DataFrame:
    """One row per playout (``i``, ``seed``, ``turns``, ``actions``, ``over``, ``winner``,
    ``arrival``, ``attacks``, then ``"P1 vp"``... and in C&K ``"P1 pillaged"``...), sorted by
    ``i``; see :func:`catan_tutor.analysis.playout.play_turns` for what each means.

    ``executor``: any ``concurrent.futures.Executor`` (default: a ``ProcessPoolExecutor`` on
    the available cores, shut down afterwards; a Dask cluster: ``client.get_executor()``).
    Playouts go out in batches of ``batch`` (default: a quarter of each worker's share, at
    most 25), in order, at most two batches per worker in flight. ``progress(done, n)`` is
    called in the calling thread after each batch. When ``cancel`` is set, no more batches are
    sent, those not started are cancelled, running ones are awaited, and the table keeps the
    longest run of finished playouts from 0: exactly the first rows of the full table.
    ``table.attrs`` records ``partial`` (True after a cancel that lost playouts),
    ``completed``, ``requested`` and the arguments.
    """
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r}: choose one of {', '.join(POLICIES)}")
    if n < 0 or turns < 1:
        raise ValueError(f"need n >= 0 playouts of turns >= 1, not n={n}, turns={turns}")
    position = game.position()
    own = executor is None
    pool = ProcessPoolExecutor(available_cores()) if executor is None else executor
    workers = worker_count(pool)
    size = batch or max(1, min(25, math.ceil(n / (4 * workers))))
    batches = [(position, seed, a, min(a + size, n), turns, policy) for a in range(0, n, size)]
    try:
        done = run_batches(pool, batches, 2 * workers, n, progress, cancel)
    finally:
        if own:
            pool.shutdown(wait=True, cancel_futures=True)
    rows = []
    for k in range(len(batches)):  # the longest run of finished batches from the first
        if k not in done:
            break
        rows.extend(done[k])
    table = _frame(rows, game)
    table.attrs.update(
        partial=len(rows) < n,
        completed=len(rows),
        requested=n,
        turns=turns,
        policy=policy,
        seed=seed,
        variant=game.variant,
        players=list(game.names[: game.players]),
        start_turn=game.state.turn,
    )
    return table


def run_batches(
    pool: Executor,
    batches: list[tuple],
    window: int,
    n: int,
    progress: Progress | None,
    cancel: threading.Event | None,
    landed: Callable[[int, list], None] | None = None,
) -> dict[int, list]:
    """Submit the batches in order (at most ``window`` in flight); their results by index
    (``landed(index, result)`` is told of each as it finishes)."""
    todo = list(range(len(batches)))[::-1]
    running: dict[Future, int] = {}
    done: dict[int, list] = {}
    finished = 0
    while todo or running:
        if cancel is not None and cancel.is_set():
            todo.clear()
            for f in list(running):
                if f.cancel():
                    del running[f]
            if not running:
                break
        while todo and len(running) < window:
            k = todo.pop()
            running[pool.submit(run_batch, *batches[k])] = k
        ready, _ = wait(
            running, timeout=None if cancel is None else POLL, return_when=FIRST_COMPLETED
        )
        for f in ready:
            k = running.pop(f)
            if f.cancelled():
                continue
            done[k] = f.result()
            finished += len(done[k])
            if landed is not None:
                landed(k, done[k])
            if progress is not None:
                progress(finished, n)
    return done


def _frame(rows: list[dict], game: Game) -> pd.DataFrame:
    import pandas as pd

    names = game.names[: game.players]
    ck = game.caps.improvements
    cols = ["i", "seed", "turns", "actions", "over", "winner", "arrival", "attacks"]
    data: dict[str, list] = {c: [r[c] for r in rows] for c in cols}
    for p, name in enumerate(names):
        data[f"{name} vp"] = [r["vp"][p] for r in rows]
    if ck:
        for p, name in enumerate(names):
            data[f"{name} pillaged"] = [r["pillaged"][p] for r in rows]
    else:
        del data["arrival"], data["attacks"]
    table = pd.DataFrame(data)
    table["winner"] = table["winner"].astype(object)
    if ck:
        table["arrival"] = pd.array(data["arrival"], dtype="Int64")
    return table


def explore(
    game: Game,
    n: int = 200,
    turns: int = 10,
    policy: str = "random",
    seed: int = 0,
    *,
    executor: Executor | None = None,
    progress: Progress | None = None,
    cancel: threading.Event | None = None,
    batch: int | None = None,
    confidence: float = 0.95,
) -> pd.DataFrame:
    """Outcomes of ``n`` seeded playouts of ``turns`` turns from ``game`` with confidence
    intervals: ``summarize(playouts(...))`` (see both). A cancelled run summarizes the
    playouts that finished and its ``attrs["partial"]`` is True."""
    from .summary import summarize  # pandas, on first use

    return summarize(
        playouts(
            game,
            n,
            turns,
            policy,
            seed,
            executor=executor,
            progress=progress,
            cancel=cancel,
            batch=batch,
        ),
        confidence,
    )
