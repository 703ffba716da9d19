"""Command line: ``catan-tutor play --variant base --players 4 --seed 7``."""

from __future__ import annotations

import argparse
import os
import sys

from . import new_game, random_playout
from .actions import seat
from .sampler import POLICIES


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="catan-tutor", description=__doc__)
    sub = ap.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play a random game to the end and print every action")
    play.add_argument("--variant", default="base")
    play.add_argument("--players", type=int, default=4)
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--board", default="beginner", help="beginner, variable or variable-harbors")
    play.add_argument("--rolloff", action="store_true", help="roll for the first player")
    play.add_argument("--policy", default="greedy", choices=POLICIES,
                      help="how the seats play: greedy (build first) or uniformly random")
    args = ap.parse_args(argv)
    try:
        game = new_game(args.variant, players=args.players, seed=args.seed, board=args.board,
                        rolloff=args.rolloff)
    except (ValueError, NotImplementedError) as e:
        print(f"catan-tutor: {e}", file=sys.stderr)
        return 2
    random_playout(game, args.seed, policy=args.policy)
    vp = ", ".join(f"{seat(p)} {game.victory_points(p)}" for p in range(game.players))
    lines = [*map(str, game.history), f"winner {seat(game.winner)} after {game.state.turn} "
             f"turns ({vp})"]
    try:
        sys.stdout.write("\n".join(lines) + "\n")
        sys.stdout.flush()
    except BrokenPipeError:  # e.g. piped into head
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


if __name__ == "__main__":
    sys.exit(main())
