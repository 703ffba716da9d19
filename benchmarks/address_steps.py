"""What writing the page's address costs a step of a long game: the saved line (``?s=``) coded
a move at a time (``widgets/line_code.py``) against coding the whole line again (its peer:
the root's position, every move's notation and ``session.encode``, what every step did).

    python benchmarks/address_steps.py [--moves 3000] [--seed 7]

Plays a seeded random game of ck-2p (chance included) in a timeline, and at depths 100, 1000
and the end prints the median time of a step's code (over the next 20 moves) both ways and
their ratio. No threshold: figures to compare.
"""

from __future__ import annotations

import argparse
import random
import time

from catan_tutor import new_game
from catan_tutor.game import Game
from catan_tutor.study.timeline import Timeline
from catan_tutor.widgets.session import Line, encode, state_of


def _ms(f, repeat: int = 20) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        f()
        best = min(best, time.perf_counter() - t0)
    return best * 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--moves", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    t = Timeline(new_game("ck-2p", players=2, seed=args.seed), with_history=False)
    rng = random.Random(args.seed)

    def root() -> str:
        return Game(t.rules, t.root.state).position()

    marks = sorted({100, 1000, args.moves})
    print(f"{'depth':>6} {'a move at a time':>17} {'whole line':>11} {'ratio':>6}")
    for depth in range(1, args.moves + 1):
        if t.game.is_over():
            print(f"(the game ended at depth {depth - 1})")
            break
        t.play(rng.choice(t.game.legal_actions()))
        if depth not in marks:
            continue
        state_of(t)  # the line so far is coded: each move played next is fed alone
        played = []
        for _ in range(20):  # the next 20 moves, each with its address, as the page does
            if t.game.is_over():
                break
            t.play(rng.choice(t.game.legal_actions()))
            t0 = time.perf_counter()
            state_of(t)
            played.append(time.perf_counter() - t0)
        inc = 1000 * sorted(played)[len(played) // 2]
        whole = _ms(lambda: encode(Line(position=root(), moves=[str(a) for a in t.moves()])))
        print(f"{depth:>6} {inc:>14.3f} ms {whole:>8.3f} ms {whole / inc:>6.1f}")


if __name__ == "__main__":
    main()
