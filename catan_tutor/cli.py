"""Command line: ``catan-tutor play --variant base --players 4 --seed 7``."""

from __future__ import annotations

import argparse
import sys

from . import new_game, random_playout
from .actions import seat


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="catan-tutor", description=__doc__)
    sub = ap.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play a random game to the end and print every action")
    play.add_argument("--variant", default="base")
    play.add_argument("--players", type=int, default=4)
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--board", default="beginner")
    args = ap.parse_args(argv)
    try:
        game = new_game(args.variant, players=args.players, seed=args.seed, board=args.board)
    except (ValueError, NotImplementedError) as e:
        print(f"catan-tutor: {e}", file=sys.stderr)
        return 2
    random_playout(game, args.seed)
    for a in game.history:
        print(a)
    w = game.winner
    vp = ", ".join(f"{seat(p)} {game.victory_points(p)}" for p in range(game.players))
    print(f"winner {seat(w)} after {game.state.turn} turns ({vp})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
