"""Command line: ``catan-tutor play --variant base --players 4 --seed 7`` and
``catan-tutor check scenarios/``."""

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
    check = sub.add_parser("check", help="check the expectations of scenario files")
    check.add_argument("paths", nargs="+", help=".catan.yaml files or folders holding them")
    args = ap.parse_args(argv)
    if args.command == "check":
        return _check(args.paths)
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


def _check(paths: list[str]) -> int:
    """Print one line per expectation (file:line: ok/FAIL); exit 1 on any failure or bad file."""
    from pathlib import Path

    from .errors import ScenarioError
    from .scenario import SUFFIX, check_scenario, load_scenario

    files: list[Path] = []
    for p in map(Path, paths):
        files += sorted(p.rglob(f"*{SUFFIX}")) if p.is_dir() else [p]
    if not files:
        print(f"catan-tutor: no {SUFFIX} files in {', '.join(paths)}", file=sys.stderr)
        return 2
    failed = passed = 0
    for f in files:
        try:
            results = check_scenario(load_scenario(f))
        except ScenarioError as e:
            print(f"{e}", file=sys.stderr)
            failed += 1
            continue
        for r in results:
            print(r)
            passed += r.passed
            failed += not r.passed
    print(f"{passed} passed, {failed} failed in {len(files)} scenario file(s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
