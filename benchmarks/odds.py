"""Monte-Carlo explorer speed: playouts/s on 1 and 2 worker processes from a C&K mid-game.

    python benchmarks/odds.py [--playouts 200] [--turns 10] [--policy random] [--workers 1 2]

Work measured: ``catan_tutor.analysis.playouts`` from a 4-player Cities & Knights game on the
beginner board played 100 turns on by the seeded greedy policy (``seeded_game``), each
playout ``--turns`` turns with ``--policy``, through a ``ProcessPoolExecutor`` with that many
workers, started and shut down inside the timing (so process start-up counts; it is small
against a few hundred playouts). Also checks that every worker count gives the same table.
"""

from __future__ import annotations

import argparse
import time
from concurrent.futures import ProcessPoolExecutor

from catan_tutor.analysis import available_cores, playouts, seeded_game


def timed(game, workers: int, n: int, turns: int, policy: str):
    t0 = time.perf_counter()
    with ProcessPoolExecutor(workers) as pool:
        table = playouts(game, n, turns, policy, seed=1, executor=pool)
    return time.perf_counter() - t0, table


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--playouts", type=int, default=200)
    ap.add_argument("--turns", type=int, default=10)
    ap.add_argument("--policy", default="random", choices=("random", "greedy"))
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    args = ap.parse_args()
    game = seeded_game("ck", 4, turns=100, seed=0)
    print(
        f"C&K 4p mid-game at turn {game.state.turn}, {args.playouts} playouts of "
        f"{args.turns} turns, {args.policy} policy, {available_cores()} cores available"
    )
    print(f"{'workers':>7} {'seconds':>8} {'playouts/s':>11} {'actions/s':>10} {'speed-up':>9}")
    first, reference = None, None
    for workers in args.workers:
        seconds, table = timed(game, workers, args.playouts, args.turns, args.policy)
        rate = args.playouts / seconds
        first = first or rate
        print(
            f"{workers:>7} {seconds:>8.2f} {rate:>11.1f} "
            f"{table['actions'].sum() / seconds:>10,.0f} {rate / first:>8.2f}x"
        )
        if reference is None:
            reference = table
        assert table.equals(reference), "a different worker count gave another table"
    print("same table on every worker count")


if __name__ == "__main__":
    main()
