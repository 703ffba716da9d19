"""Hint speed: seconds for ``rank_actions`` from a mid-game position of each variant on 1 and 2
worker processes, beside the goals of issue 22 (≤ 10 s base, ≤ 20 s ck, on 2 cores).

    python benchmarks/hints.py [--playouts 200] [--turns 10] [--candidates 10] [--workers 1 2]
                               [--variants base ck ...] [--policy greedy]

Position: a new game of the variant (beginner board, most seats) played ``--start`` turns on
by seeded greedy computers (``catan_tutor.players.play_game``), then on to the first main
phase (trading and building) whose player has more than ``--candidates`` moves (so the
hint compares the full ``--candidates``). Work: ``rank_actions(game, n=--playouts,
turns=--turns, candidates=--candidates, policy=--policy, seed=0)`` through a
``ProcessPoolExecutor`` with that many workers, started and shut down inside the timing.
Also checks that every worker count gives the same ranking. ``first s``: seconds to the
first early answer (``rank_actions(glimpse=)``: the best move of the games played so far,
which the page shows, and its ring, while the rest are played), ``first/all`` its share of
the whole. ``cpu s`` is the CPU time the
workers used (user + system): on a machine shared with other work it shows the cost that the
wall-clock seconds hide (on two idle cores a hint takes about half of it, plus start-up).
"""

from __future__ import annotations

import argparse
import resource
import time
from concurrent.futures import ProcessPoolExecutor

from catan_tutor import new_game
from catan_tutor.analysis import available_cores, rank_actions
from catan_tutor.players import options, play_game
from catan_tutor.variants import VARIANTS, rules_for

GOALS = {"base": 10.0, "ck": 20.0}  # seconds on 2 cores (issue 22); other variants: none set


def mid_game(variant: str, start: int, candidates: int):
    n = max(rules_for(variant, preview=True).seats)
    game = new_game(variant, players=n, seed=0, preview=True)

    def ready(g) -> bool:
        if g.state.turn < start or g.is_chance() or g.state.phase != "main":
            return False
        return len(options(g, g.rules.actors(g.state)[0])) > candidates

    play_game(game, ["greedy"] * n, seed=0, stop=ready)
    if game.is_over():
        raise SystemExit(f"{variant}: the seeded game ended before a position was found")
    return game


def _children_cpu() -> float:
    use = resource.getrusage(resource.RUSAGE_CHILDREN)
    return use.ru_utime + use.ru_stime


def timed(game, workers: int, args):
    """(wall seconds, CPU seconds of the worker processes, ranking, seconds to the first
    glimpse: the best move so far, which the page shows while the rest is played)."""
    cpu0, t0 = _children_cpu(), time.perf_counter()
    first: list[float] = []

    def glimpse(_ranking) -> None:
        if not first:
            first.append(time.perf_counter() - t0)

    with ProcessPoolExecutor(workers) as pool:
        ranking = rank_actions(
            game,
            n=args.playouts,
            turns=args.turns,
            policy=args.policy,
            seed=0,
            executor=pool,
            candidates=args.candidates,
            glimpse=glimpse,
        )
    seconds = time.perf_counter() - t0
    return seconds, _children_cpu() - cpu0, ranking, first[0] if first else seconds


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--playouts", type=int, default=200)
    ap.add_argument("--turns", type=int, default=10)
    ap.add_argument("--candidates", type=int, default=10)
    ap.add_argument("--policy", default="greedy", choices=("random", "greedy"))
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--variants", nargs="+", default=list(VARIANTS), choices=VARIANTS)
    ap.add_argument("--start", type=int, default=40, help="turns played before the position")
    args = ap.parse_args()
    print(
        f"hint: {args.playouts} playouts of {args.turns} turns per candidate, up to "
        f"{args.candidates} candidates, {args.policy} policy; {available_cores()} cores "
        f"available"
    )
    print(
        f"{'variant':<11} {'turn':>4} {'moves':>5} {'ranked':>6} {'workers':>7} "
        f"{'seconds':>8} {'cpu s':>7} {'playouts/s':>10} {'first s':>7} {'first/all':>9}"
        "  goal (2 workers)"
    )
    for variant in args.variants:
        game = mid_game(variant, args.start, args.candidates)
        reference = None
        for workers in args.workers:
            seconds, cpu, ranking, first = timed(game, workers, args)
            done = sum(r.playouts for r in ranking)
            goal = GOALS.get(variant)
            verdict = ""
            if goal is not None and workers == 2:
                verdict = f"≤ {goal:.0f} s: {'met' if seconds <= goal else 'NOT met'}"
            elif goal is not None:
                verdict = f"(≤ {goal:.0f} s on 2)"
            print(
                f"{variant:<11} {game.state.turn:>4} {ranking.legal:>5} {len(ranking):>6} "
                f"{workers:>7} {seconds:>8.2f} {cpu:>7.2f} {done / seconds:>10.1f} "
                f"{first:>7.2f} {first / seconds:>9.2f}  {verdict}",
                flush=True,
            )
            if reference is None:
                reference = ranking
            assert ranking == reference, "a different worker count gave another ranking"
        print(f"{'':<11} best: {reference[0].text()}")
    print("same ranking on every worker count")


if __name__ == "__main__":
    main()
