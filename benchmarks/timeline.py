"""Cost of jumping to a node of the timeline at depth 10, 100 and 1,000.

    python benchmarks/timeline.py

A timeline keeps a snapshot per node, so a jump should cost the same at any depth. The peer in
the same run is what a jump would cost without snapshots: replaying the moves from the root.
"""

from __future__ import annotations

import statistics
import time

from catan_tutor import Game, new_game, random_playout
from catan_tutor.study.timeline import Timeline


def median_us(fn, reps: int = 200) -> float:
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1e6


def main() -> None:
    g = new_game("ck", players=4, seed=11)
    random_playout(g, 11)
    tl = Timeline(g)
    path = tl.path()
    print(f"timeline of a ck 4p game: {len(path) - 1} moves")
    for depth in (10, 100, 1000):
        node = path[depth]

        def jump(node=node):
            tl.goto(path[0])
            tl.goto(node)
            return tl.game  # a Game at the node, ready to answer

        def replay(depth=depth):
            r = Game(tl.rules, tl.root.state)
            for a in tl.moves(path[depth]):
                r.play(a)
            return r

        j, rp = median_us(jump, 2000), median_us(replay, 20)
        print(
            f"depth {depth:>5}: jump {j:6.2f} us; replay from the root {rp:10.1f} us "
            f"({rp / j:,.0f}x)"
        )


if __name__ == "__main__":
    main()
