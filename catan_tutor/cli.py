"""Command line: ``catan-tutor serve`` (the app in a browser), ``catan-tutor lab`` (the
notebooks in JupyterLab), ``catan-tutor check`` (the lessons' expectations and realistic
starts; ``--coverage``: which rule IDs a lesson shows in play, only cites, or neither),
``catan-tutor play --variant base --players 4 --seed 7`` (a whole game as notation) and
``catan-tutor hub-prestart URL --users student01..student30`` (a class's servers started on
a JupyterHub before the class comes: hosting/README.md)."""

from __future__ import annotations

import argparse
import ipaddress
import os
import secrets
import shutil
import sys
from pathlib import Path

from . import new_game, random_playout
from .actions import seat
from .errors import ScenarioError
from .game import Game
from .sampler import POLICIES
from .server import hub_prestart
from .server.watchdog import SUPERVISED
from .study.course import coverage
from .study.realism import problems
from .study.resources import START_NOTEBOOK, jupyter_env, notebooks_dir, packaged_lessons
from .study.scenario import SUFFIX, check_scenario, load_scenario


def main(argv: list[str] | None = None) -> int:
    # the module's docstring, its reST ``literal`` marks dropped: --help prints plain text
    ap = argparse.ArgumentParser(prog="catan-tutor", description=__doc__.replace("``", ""))
    sub = ap.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play a random game to the end and print every action")
    play.add_argument("--variant", default="base")
    play.add_argument("--players", type=int, default=4)
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--board", default="beginner", help="beginner, variable or variable-harbors")
    play.add_argument("--rolloff", action="store_true", help="roll for the first player")
    play.add_argument(
        "--policy",
        default="greedy",
        choices=POLICIES,
        help="how the seats play: greedy (build first) or uniformly random",
    )
    check = sub.add_parser("check", help="check the expectations of scenario files")
    check.add_argument(
        "paths",
        nargs="*",
        help=".catan.yaml files or folders holding them (default: the packaged lessons)",
    )
    check.add_argument(
        "--coverage",
        action="store_true",
        help="also print, per variant, which rule IDs a lesson shows by a "
        "move where the rule decides, which it only cites, and which neither",
    )
    serve = sub.add_parser("serve", help="serve the tutor as a web app (Voilà)")
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default 127.0.0.1: this machine only)",
    )
    serve.add_argument("--port", type=int, default=8866)
    serve.add_argument(
        "--lessons",
        metavar="DIR",
        help="a folder of .catan.yaml lessons instead of the packaged ones",
    )
    serve.add_argument("--no-browser", action="store_true", help="do not open a browser")
    serve.add_argument(
        "--token",
        nargs="?",
        const="",
        metavar="TOKEN",
        help="visitors need this token in the address (?token=...): a shared "
        "password for a class; without TOKEN one is made up and printed",
    )
    serve.add_argument(
        "--class",
        dest="ready",
        type=int,
        default=0,
        metavar="N",
        help="keep N kernels ready, each with the app already drawn: a visitor's page "
        "opens without waiting for a kernel to start (each holds about 80 MiB; the pool "
        "refills once no page has come for CATAN_TUTOR_POOL_QUIET seconds, 15 by "
        "default; see hosting/README.md)",
    )
    lab = sub.add_parser("lab", help="open the notebooks in JupyterLab (copied to DIR first)")
    lab.add_argument(
        "--dir",
        default="catan-tutor-notebooks",
        help="a writable folder for your copy of the notebooks "
        "(default ./catan-tutor-notebooks; copied there on first use)",
    )
    prestart = sub.add_parser(
        "hub-prestart",
        help="start a class's servers on a JupyterHub before the class comes "
        f"(an admin's API token in ${hub_prestart.TOKEN_ENV})",
    )
    hub_prestart.add_arguments(prestart)
    args, extra = ap.parse_known_args(argv)
    if extra and args.command != "lab":
        ap.error(f"unrecognized arguments: {' '.join(extra)}")
    if args.command == "check":
        return _check(args.paths or [str(packaged_lessons())], args.coverage)
    if args.command == "serve":
        return _serve(args.host, args.port, args.lessons, args.no_browser, args.token, args.ready)
    if args.command == "lab":
        return _lab(Path(args.dir), extra)
    if args.command == "hub-prestart":
        return hub_prestart.run(args)
    try:
        game = new_game(
            args.variant,
            players=args.players,
            seed=args.seed,
            board=args.board,
            rolloff=args.rolloff,
        )
    except (ValueError, NotImplementedError) as e:
        print(f"catan-tutor: {e}", file=sys.stderr)
        return 2
    random_playout(game, args.seed, policy=args.policy)
    vp = ", ".join(f"{seat(p)} {game.victory_points(p)}" for p in range(game.players))
    w = game.winner
    lines = [
        *map(str, game.history),
        f"winner {seat(w) if w is not None else '-'} after {game.state.turn} turns ({vp})",
    ]
    try:
        sys.stdout.write("\n".join(lines) + "\n")
        sys.stdout.flush()
    except BrokenPipeError:  # e.g. piped into head
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def _check(paths: list[str], with_coverage: bool = False) -> int:
    """Print one line per expectation (file:line: ok/FAIL) and a line for each start that could
    not arise in a game (``FAIL unrealistic: why``, see catan_tutor.study.realism) unless the file
    opts out with ``unrealistic:``; exit 1 on any failure or bad file. ``with_coverage``: then
    the rules shown, only cited and neither (catan_tutor.study.course.coverage)."""

    files: list[Path] = []
    for p in map(Path, paths):
        files += sorted(p.rglob(f"*{SUFFIX}")) if p.is_dir() else [p]
    if not files:
        print(f"catan-tutor: no {SUFFIX} files in {', '.join(paths)}", file=sys.stderr)
        return 2
    failed = passed = unreal = puzzles = 0
    for f in files:
        try:
            sc = load_scenario(f)
            results = check_scenario(sc)
        except ScenarioError as e:
            print(f"{e}", file=sys.stderr)
            failed += 1
            continue
        for r in results:
            print(r)
            passed += r.passed
            failed += not r.passed
        puzzles += len(sc.puzzles)
        if sc.unrealistic:
            print(
                f"{sc.path}:{sc.start_line}: ok   realism not checked (unrealistic: "
                f"{sc.unrealistic})"
            )
            continue
        for why in problems(Game(sc.tree.rules, sc.root.state)):
            print(f"{sc.path}:{sc.start_line}: FAIL unrealistic: {why}")
            unreal += 1
    tail = f", {unreal} unrealistic start(s)" if unreal else ""
    print(
        f"{passed} passed, {failed} failed in {len(files)} scenario file(s) "
        f"({puzzles} puzzle(s)){tail}"
    )
    if with_coverage:
        print(coverage(files).report())
    return 1 if failed or unreal else 0


def _serve(
    host: str,
    port: int,
    lessons: str | None,
    no_browser: bool,
    token: str | None = None,
    ready: int = 0,
) -> int:
    """Run Voilà on the packaged start notebook (replaces this process). It listens on
    ``host`` (127.0.0.1 unless asked), with a warning when that reaches beyond this machine
    and no ``token`` is asked of visitors; ``ready`` kernels are kept ready (``--class``)."""
    if ready < 0:
        print(f"catan-tutor: --class {ready}: a number of kernels, 0 or more", file=sys.stderr)
        return 2
    if lessons and not Path(lessons).is_dir():
        print(f"catan-tutor: --lessons {lessons}: no such folder", file=sys.stderr)
        return 2
    if token == "":
        token = secrets.token_urlsafe(12)
    if not _loopback(host) and not token:
        where = "all interfaces" if _all_interfaces(host) else host
        print(
            f"catan-tutor: warning: listening on {where} without log-in: anyone who can "
            "reach this machine can use the tutor (each visit starts a Python kernel). Use "
            "it only on a network you trust, add --token to ask visitors for a shared "
            "token, or put it behind JupyterHub (see the README).",
            file=sys.stderr,
        )
    notebook = notebooks_dir() / START_NOTEBOOK
    query = f"?token={token}" if token else ""
    print(
        f"Catan tutor: open http://{_url_host(host)}:{port}/{query} in your browser "
        "(Ctrl+C stops it)",
        flush=True,
    )
    print(f"Catan tutor: {SUPERVISED}", flush=True)  # catan_tutor/server/watchdog.py (issue 36)
    from .server.serve import class_args, compile_package  # here: the other commands need neither

    # The voila command with bounded kernel-message parsing (catan_tutor/server/voila_guard.py).
    cmd = [
        sys.executable,
        "-m",
        "catan_tutor.server.voila_guard",
        str(notebook),
        f"--Voila.ip={host}",
        f"--port={port}",
        f"--Voila.root_dir={notebooks_dir()}",
    ]
    if token:
        cmd.append(f"--Voila.token={token}")
    if no_browser:
        cmd.append("--no-browser")
    cmd += class_args(ready)
    compile_package()  # each kernel imports the tutor: its bytecode written once (issue 35)
    os.chdir(notebooks_dir())
    env = jupyter_env(lessons)
    if ready and not _all_interfaces(host):  # where a ready kernel finds its visitor's address
        env["VOILA_APP_IP"] = host
    os.execve(sys.executable, cmd, env)


def _lab(folder: Path, extra: list[str]) -> int:
    """Copy the notebooks to ``folder`` (once: your edits are kept) and open JupyterLab."""
    if not folder.exists():
        shutil.copytree(
            notebooks_dir(),
            folder,
            ignore=shutil.ignore_patterns("__pycache__", ".ipynb_checkpoints"),
        )
        print(f"catan-tutor: copied the notebooks to {folder.resolve()}")
    # The packaged server settings cull a hosted tutor's idle kernels after 90 s; a learner's
    # own JupyterLab keeps its notebooks' kernels (a later option in ``extra`` still wins).
    cmd = [
        sys.executable,
        "-m",
        "jupyter",
        "lab",
        f"--notebook-dir={folder.resolve()}",
        "--MappingKernelManager.cull_idle_timeout=0",
        *extra,
    ]
    os.execve(sys.executable, cmd, jupyter_env())


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _all_interfaces(host: str) -> bool:
    return host in ("", "0.0.0.0", "::", "*")


def _url_host(host: str) -> str:
    if _all_interfaces(host):
        return "[::1]" if host == "::" else "127.0.0.1"
    return f"[{host}]" if ":" in host else host


if __name__ == "__main__":
    sys.exit(main())
