"""Random-playout speed of the engine, against catanatron in the same run when installed.

    python benchmarks/playout.py [--games 200] [--peer-games 200]

Work measured (both engines): 4-player standard Catan on a freshly shuffled variable board,
from the first placement to a winner, every decision uniformly random among the legal
actions, chance by its true odds. Ours leaves out player-to-player trade offers (catanatron
has none); bank and harbor trades, discards (uniform over the ways to discard), robber moves,
development cards and everything else stay in. Ours keeps a snapshot after every action
(undo is O(1)); catanatron mutates one state in place. ``random_playout`` pauses Python's
cyclic garbage collector while it plays (its states make no cycles); catanatron's loop runs
with it on, as it ships. All finished games are kept alive in both runs.
Per-operation costs are measured on positions visited by those games.

The two-player variants and Cities & Knights (4 players and for two, uniformly random) have
no peer engine here: their figures are printed with their actions/s relative to base in the
same run. ``base-2p`` and ``ck-2p`` play uniformly random like base; ``base-dummy``
plays with the build-first ``greedy`` policy (uniformly random seats let the dummy's hand grow
until nobody can produce, see tests/test_cli_api.py).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from catan_tutor import Game, new_game, random_playout
from catan_tutor.variants import PREVIEW


def ours(games: int, variant: str = "base", players: int = 4,
         policy: str = "random") -> tuple[float, float, list[Game]]:
    t0 = time.perf_counter()
    played = []
    actions = 0
    for seed in range(games):
        g = new_game(variant, players=players, seed=seed, board="variable",
                     preview=variant in PREVIEW)
        random_playout(g, seed, policy=policy)
        assert g.winner is not None
        actions += len(g.history)
        played.append(g)
    dt = time.perf_counter() - t0
    return games / dt, actions / dt, played


def peer(games: int) -> tuple[float, float] | None:
    try:
        from catanatron import Color, RandomPlayer
        from catanatron import Game as PeerGame
    except ImportError:
        return None
    t0 = time.perf_counter()
    actions = 0
    kept = []
    for seed in range(games):
        players = [RandomPlayer(c) for c in (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)]
        g = PeerGame(players, seed=seed)
        g.play()
        actions += len(g.state.actions)
        kept.append(g)
    dt = time.perf_counter() - t0
    return games / dt, actions / dt


def op_costs(played: list[Game], samples: int = 3000) -> dict[str, float]:
    """Median microseconds of legal_actions, play, undo and position() on visited positions."""
    rng = random.Random(0)
    picks = []
    for _ in range(samples):
        g = rng.choice(played)
        i = rng.randrange(len(g.history))
        picks.append((g, i))
    cost: dict[str, list[float]] = {"legal_actions": [], "play": [], "undo": [], "position": []}
    for g, i in picks:
        h = Game(g.rules, g._states[i], None)
        a = g.history[i]
        t0 = time.perf_counter()
        h.legal_actions()
        t1 = time.perf_counter()
        h.play(a)
        t2 = time.perf_counter()
        h.undo()
        t3 = time.perf_counter()
        h.position()
        t4 = time.perf_counter()
        for k, v in zip(cost, (t1 - t0, t2 - t1, t3 - t2, t4 - t3), strict=True):
            v and cost[k].append(v)
    return {k: statistics.median(v) * 1e6 for k, v in cost.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--peer-games", type=int, default=200)
    args = ap.parse_args()
    gps, aps, played = ours(args.games)
    turns = statistics.mean(g.state.turn for g in played)
    acts = statistics.mean(len(g.history) for g in played)
    print(f"catan_tutor  base 4p random playouts: {args.games} games, {gps:.1f} games/s, "
          f"{aps:,.0f} actions/s (mean {turns:.0f} turns, {acts:.0f} actions per game)")
    for k, us in op_costs(played).items():
        print(f"catan_tutor  {k:>13}: {us:7.1f} us median")
    for variant, n, policy in (("base-2p", 2, "random"), ("base-dummy", 2, "greedy"),
                               ("ck", 4, "random"), ("ck-2p", 2, "random")):
        g2, a2, played2 = ours(args.games, variant, n, policy)
        turns = statistics.mean(g.state.turn for g in played2)
        acts = statistics.mean(len(g.history) for g in played2)
        costs = ", ".join(f"{k} {us:.1f} us" for k, us in op_costs(played2).items())
        print(f"catan_tutor  {variant} {n}p {policy} playouts: {g2:.1f} games/s, {a2:,.0f} "
              f"actions/s = {a2 / aps:.2f}x base's (mean {turns:.0f} turns, {acts:.0f} "
              f"actions per game); medians: {costs}")
    theirs = peer(args.peer_games)
    if theirs is None:
        print("catanatron   not installed (pip install -e '.[bench]'): no ratio")
        return
    print(f"catanatron   4p RandomPlayer games: {args.peer_games} games, {theirs[0]:.1f} games/s, "
          f"{theirs[1]:,.0f} actions/s")
    print(f"ratio ours/theirs: {gps / theirs[0]:.2f}x games/s (goal 2x)")


if __name__ == "__main__":
    main()
