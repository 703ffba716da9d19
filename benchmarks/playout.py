"""Random-playout speed of the engine, interleaved game by game with catanatron, beside the
goals of issue 22.

    python benchmarks/playout.py [--games 100] [--peer-games N] [--repeats 5] [--quick]

Work measured: 4-player standard Catan on a freshly shuffled variable board, from the first
placement to a winner, every decision uniformly random among the legal actions, chance by its
true odds; ``ck`` (4 players) and ``ck-2p`` the same way (``--extra`` adds ``base-2p`` random
and ``base-dummy`` with the build-first ``greedy`` policy). Ours leaves out player-to-player
trade offers (catanatron has none); everything else stays in. Ours keeps a snapshot after
every action; catanatron mutates one state in place. Compare games/s: our history counts each
die as an action, so actions/s differ in what an action is.

Interleaving: each repeat plays ``--games`` base games (seeds 1..N), ``--peer-games``
catanatron games (seeds 1..N; catanatron treats seed 0 as "unseeded") and the variants'
games, spread evenly through one schedule, the order of equal slots alternating, so every
engine meets the same machine load. A game is timed from its creation to its winner; the
repeats replay the same seeds, so they differ only by machine noise (min/median/max shown).

Garbage collector: ``random_playout`` pauses Python's cyclic collector while it plays (its
own setting); catanatron plays with it on, as it ships (``--peer-gc off`` pauses it too).
Between games, untimed, the finished game is kept (ours, last repeat) or dropped, then a full
collection and ``gc.freeze()`` run, so no collector ever scans another game's objects.

Per-action cost over a game (first 200 vs last 200 actions): the last repeat's games are
played again from their seeds by ``random_playout`` itself, with the game's rules wrapped so
the clock is read after every ``apply``; the same games must come out; each block's best of 3
plays counts. The blocks count the playout's actions (a variable board's tiles are laid by
``new_game`` before it).
``legal_actions`` medians: main-phase positions of those games, each reached fresh with
``Game.play`` (untimed) as the tutor reaches it, then one call timed: ``Game.legal_actions()``
(with the one-for-one player offers, the tutor's call) or ``rules.legal_actions(state,
offers=False)``, each on positions of its own.

Run it on the engine in the work tree, or on a snapshot: ``PYTHONPATH=/path/to/copy python
benchmarks/playout.py`` (the engine's path is printed).
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import catan_tutor
from catan_tutor import Game, new_game, random_playout
from catan_tutor.state import MAIN
from catan_tutor.variants import PREVIEW

# (label, variant, players, policy); base is the reference for the per-action ratios
OURS = {"base": ("base", 4, "random"), "ck": ("ck", 4, "random"), "ck-2p": ("ck-2p", 2, "random")}
EXTRA = {"base-2p": ("base-2p", 2, "random"), "base-dummy": ("base-dummy", 2, "greedy")}
PEER = "catanatron"
BLOCK = 200  # actions in the first / last block

# Goals of issue 22: (op, bound)
GOAL_RATIO = 3.0  # ours / catanatron games/s, pure Python
GOAL_VARIANT = 2.0  # ck, ck-2p per-action cost / base
GOAL_DRIFT = 1.2  # last-200 / first-200 per-action cost
GOAL_LEGAL = {"base": 30.0, "ck": 60.0}  # µs, main phase, with or without offers


@dataclass
class Tally:
    seconds: float = 0.0
    games: int = 0
    actions: int = 0
    unfinished: int = 0


@dataclass
class Repeat:
    tallies: dict[str, Tally] = field(default_factory=dict)
    kept: dict[str, list[Game]] = field(default_factory=dict)


def _settle() -> None:
    """Untimed, between games: collect, then freeze what is alive so no later collection
    (catanatron's, with the collector on) scans it."""
    gc.collect()
    gc.freeze()


def play_ours(label: str, seed: int) -> tuple[float, Game]:
    variant, players, policy = {**OURS, **EXTRA}[label]
    t0 = time.perf_counter()
    g = new_game(variant, players=players, seed=seed, board="variable", preview=variant in PREVIEW)
    random_playout(g, seed, policy=policy)
    dt = time.perf_counter() - t0
    if g.winner is None:
        raise RuntimeError(f"{label} seed {seed}: the playout ended without a winner")
    return dt, g


def peer_available() -> str | None:
    """catanatron's version, or None when it is not installed."""
    try:
        from importlib.metadata import version

        import catanatron  # noqa: F401
    except ImportError:
        return None
    return version("catanatron")


def play_peer(seed: int, collector: bool) -> tuple[float, int, bool]:
    """(seconds, actions, finished with a winner) of one catanatron 4p RandomPlayer game."""
    from catanatron import Color, RandomPlayer
    from catanatron import Game as PeerGame

    gc.enable() if collector else gc.disable()
    try:
        t0 = time.perf_counter()
        players = [RandomPlayer(c) for c in (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)]
        g = PeerGame(players, seed=seed)
        g.play()
        dt = time.perf_counter() - t0
    finally:
        gc.enable()
    return dt, len(g.state.actions), g.winning_color() is not None


def schedule(counts: dict[str, int]) -> list[tuple[str, int]]:
    """(engine, seed) slots: each engine's games spread evenly, equal slots alternating."""
    names = list(counts)
    slots = []
    for k, name in enumerate(names):
        n = counts[name]
        for j in range(n):
            slots.append(((j + 0.5) / n, (j + k) % len(names), name, j + 1))
    slots.sort()
    return [(name, seed) for *_, name, seed in slots]


def run_repeat(counts: dict[str, int], peer_gc: bool, keep: bool) -> Repeat:
    rep = Repeat({name: Tally() for name in counts}, {name: [] for name in counts})
    for name, seed in schedule(counts):
        t = rep.tallies[name]
        if name == PEER:
            dt, actions, finished = play_peer(seed, peer_gc)
            t.unfinished += not finished
        else:
            dt, g = play_ours(name, seed)
            actions = len(g.history)
            if keep:
                rep.kept[name].append(g)
            del g
        t.seconds += dt
        t.games += 1
        t.actions += actions
        _settle()
    return rep


def per_action(t: Tally) -> float:
    return t.seconds / t.actions


# ------------------------------------------------------------ per-action cost over a game
class _Clocked:
    """The game's rules, noting the clock after each ``apply`` (one call and one append per
    action, the same in every block); everything else is the rules' own bound methods."""

    def __init__(self, rules) -> None:
        self._rules = rules
        self._apply = rules.apply
        self.stamps: list[float] = []
        self.legal_actions = rules.legal_actions
        self.chance_outcomes = rules.chance_outcomes

    def __getattr__(self, name: str):
        return getattr(self._rules, name)

    def apply(self, s, a) -> None:
        self._apply(s, a)
        self.stamps.append(time.perf_counter())


def _clocked(label: str, seed: int, kept: Game) -> list[float]:
    """Seconds of ``random_playout`` replaying ``kept`` from its seed: [first block, second
    block, last block, whole playout, actions]."""
    variant, players, policy = {**OURS, **EXTRA}[label]
    g = new_game(variant, players=players, seed=seed, board="variable", preview=variant in PREVIEW)
    clock = g.rules = _Clocked(g.rules)
    before = len(g.history)  # the laid board's tiles, placed by new_game
    t0 = time.perf_counter()
    random_playout(g, seed, policy=policy)
    stamps = [t0, *clock.stamps]
    g.rules = clock._rules
    n = len(stamps) - 1  # actions the playout played
    if g.history != kept.history or before + n != len(g.history):
        raise RuntimeError(
            f"{label} seed {seed}: the clocked replay differs from the game "
            "(random_playout no longer applies through game.rules?)"
        )
    return [
        stamps[BLOCK] - t0,
        stamps[2 * BLOCK] - stamps[BLOCK],
        stamps[n] - stamps[n - BLOCK],
        stamps[n] - t0,
        n,
    ]


def drift(label: str, games: list[Game], tries: int = 3) -> tuple[float, ...]:
    """Plays each game again ``tries`` times with the clock on every action, keeping each
    block's best time (a shared machine's pauses fall in one try): µs per action in the first
    block, the second block (after the setup placements), the last block and the whole
    playout; last / first; games used."""
    best: dict[int, list[float]] = {}
    for _ in range(tries):  # whole passes, so a burst of load hits one try of a game
        for seed, kept in enumerate(games, start=1):
            if len(kept.history) < 3 * BLOCK + 40:
                continue
            times = _clocked(label, seed, kept)
            _settle()
            best[seed] = [min(x, y) for x, y in zip(best.get(seed, times), times, strict=True)]
    if not best:
        return (float("nan"),) * 5 + (0,)
    first, second, last, whole, actions = (sum(col) for col in zip(*best.values(), strict=True))
    scale = 1e6 / (len(best) * BLOCK)
    return (
        first * scale,
        second * scale,
        last * scale,
        whole * 1e6 / actions,
        last / first,
        len(best),
    )


# ------------------------------------------------------------ the tutor's calls
def _fresh(g: Game, i: int) -> Game:
    """A game standing at position ``i`` of ``g``, reached by Game.play as the tutor does."""
    h = Game(g.rules, g._states[i - 1], None)
    h.play(g.history[i - 1])
    return h


def legal_medians(games: list[Game], samples: int) -> dict[str, float]:
    """Median µs and mean counts of legal_actions in a main phase, with and without offers."""
    spots = [(g, i) for g in games for i, s in enumerate(g._states) if i and s.phase == MAIN]
    rng = random.Random(0)
    calls: dict[str, Callable[[Game], list]] = {
        "with offers": lambda h: h.legal_actions(),
        "without offers": lambda h: h.rules.legal_actions(h.state, offers=False),
    }
    us: dict[str, list[float]] = {k: [] for k in calls}
    count: dict[str, list[int]] = {k: [] for k in calls}
    for _ in range(samples if spots else 0):
        for k in calls:  # each call on positions of its own, just reached by Game.play
            h = _fresh(*rng.choice(spots))
            t0 = time.perf_counter()
            out = calls[k](h)
            us[k].append((time.perf_counter() - t0) * 1e6)
            count[k].append(len(out))
    res = {}
    for k in calls:
        res[k] = statistics.median(us[k]) if us[k] else float("nan")
        res[k + " n"] = statistics.mean(count[k]) if count[k] else float("nan")
    return res


def op_medians(games: list[Game], samples: int) -> dict[str, float]:
    """Median µs of play, undo and position() on positions visited by ``games``."""
    rng = random.Random(1)
    cost: dict[str, list[float]] = {"play": [], "undo": [], "position": []}
    for _ in range(samples):
        g = rng.choice(games)
        i = rng.randrange(len(g.history))
        h = Game(g.rules, g._states[i], None)
        t0 = time.perf_counter()
        h.play(g.history[i])
        t1 = time.perf_counter()
        h.undo()
        t2 = time.perf_counter()
        h.position()
        t3 = time.perf_counter()
        for k, v in zip(cost, (t1 - t0, t2 - t1, t3 - t2), strict=True):
            cost[k].append(v * 1e6)
    return {k: statistics.median(v) for k, v in cost.items()}


# ------------------------------------------------------------ report
def mmm(values: list[float], fmt: str = ".2f") -> str:
    lo, mid, hi = min(values), statistics.median(values), max(values)
    return f"{lo:{fmt}} / {mid:{fmt}} / {hi:{fmt}}"


def row(name: str, value: str, goal: str = "", met: bool | None = None) -> None:
    verdict = "" if met is None else ("met" if met else "NOT met")
    print(f"  {name:<44} {value:>28}   {goal:<14} {verdict}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--games", type=int, default=None, help="base 4p games per repeat (default 100; --quick 20)"
    )
    ap.add_argument(
        "--peer-games",
        type=int,
        default=None,
        help="catanatron games per repeat (default: as --games; 0: none)",
    )
    ap.add_argument("--ck-games", type=int, default=None, help="default games // 4")
    ap.add_argument("--ck2p-games", type=int, default=None, help="default games // 8")
    ap.add_argument("--repeats", type=int, default=None, help="default 5; --quick 3")
    ap.add_argument(
        "--samples",
        type=int,
        default=None,
        help="positions for the per-call medians (default 1000; --quick 200)",
    )
    ap.add_argument(
        "--peer-gc",
        choices=("on", "off"),
        default="on",
        help="catanatron's cyclic garbage collector (default on, as it ships)",
    )
    ap.add_argument("--extra", action="store_true", help="also base-2p and base-dummy")
    ap.add_argument("--quick", action="store_true", help="a short run (about half a minute)")
    args = ap.parse_args()
    games = args.games or (20 if args.quick else 100)
    repeats = args.repeats or (3 if args.quick else 5)
    samples = args.samples or (200 if args.quick else 1000)
    peer_games = games if args.peer_games is None else args.peer_games
    peer_version = peer_available()
    if peer_version is None:
        peer_games = 0
    counts = {"base": games}
    if peer_games:
        counts[PEER] = peer_games
    counts["ck"] = args.ck_games if args.ck_games is not None else max(1, games // 4)
    counts["ck-2p"] = args.ck2p_games if args.ck2p_games is not None else max(1, games // 8)
    if args.extra:
        counts |= {k: max(1, games // 4) for k in EXTRA}
    counts = {k: n for k, n in counts.items() if n > 0}

    print(
        f"engine: {os.path.dirname(catan_tutor.__file__)}; Python "
        f"{platform.python_version()}; catanatron "
        f"{peer_version or 'not installed (pip install -e .[bench]): no ratio'}"
    )
    print(
        f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; "
        f"{os.cpu_count()} cores"
    )
    print(
        f"per repeat: {', '.join(f'{n} {k}' for k, n in counts.items())} games, "
        f"interleaved; {repeats} repeats"
    )
    print(
        f"collector: ours paused inside random_playout; catanatron "
        f"{'on (as it ships)' if args.peer_gc == 'on' else 'paused (--peer-gc off)'}; "
        f"untimed collect + freeze between games"
    )

    _settle()
    reps = []
    t_start = time.perf_counter()
    for r in range(repeats):
        reps.append(run_repeat(counts, args.peer_gc == "on", keep=r == repeats - 1))
        if r < repeats - 1:
            reps[-1].kept.clear()
    wall = time.perf_counter() - t_start
    kept = reps[-1].kept

    def series(f: Callable[[Repeat], float]) -> list[float]:
        return [f(rep) for rep in reps]

    base = series(lambda rp: rp.tallies["base"].games / rp.tallies["base"].seconds)
    base_aps = series(lambda rp: rp.tallies["base"].actions / rp.tallies["base"].seconds)
    b = reps[0].tallies["base"]
    print(f"\nplayouts ({wall:.0f} s; min / median / max over {repeats} repeats)")
    row("base 4p ours games/s", mmm(base, ".1f"))
    row("base 4p ours actions/s", mmm(base_aps, ",.0f"))
    row("  mean actions per game (dice count singly)", f"{b.actions / b.games:.0f}")
    if PEER in counts:
        peer = series(lambda rp: rp.tallies[PEER].games / rp.tallies[PEER].seconds)
        peer_aps = series(lambda rp: rp.tallies[PEER].actions / rp.tallies[PEER].seconds)
        ratio = series(
            lambda rp: (
                (rp.tallies["base"].games / rp.tallies["base"].seconds)
                / (rp.tallies[PEER].games / rp.tallies[PEER].seconds)
            )
        )
        p = reps[0].tallies[PEER]
        row("base 4p catanatron games/s", mmm(peer, ".1f"))
        row("base 4p catanatron actions/s", mmm(peer_aps, ",.0f"))
        row(
            "  mean actions per game; games without winner",
            f"{p.actions / p.games:.0f}; {p.unfinished} of {p.games}",
        )
        row(
            "games/s ours / catanatron",
            mmm(ratio) + " x",
            f">= {GOAL_RATIO:g}x",
            statistics.median(ratio) >= GOAL_RATIO,
        )
    for name in counts:
        if name in ("base", PEER):
            continue
        rel = series(lambda rp, n=name: per_action(rp.tallies[n]) / per_action(rp.tallies["base"]))
        gcost = series(
            lambda rp, n=name: (
                rp.tallies[n].seconds
                / rp.tallies[n].games
                / (rp.tallies["base"].seconds / rp.tallies["base"].games)
            )
        )
        goal = name in ("ck", "ck-2p")
        row(
            f"{name} per-action cost / base",
            mmm(rel) + " x",
            f"<= {GOAL_VARIANT:g}x" if goal else "",
            statistics.median(rel) <= GOAL_VARIANT if goal else None,
        )
        t = reps[0].tallies[name]
        row(
            f"  {name} per-game cost / base; actions per game",
            f"{statistics.median(gcost):.2f}x; {t.actions / t.games:.0f}",
        )

    print(
        "\nper-action cost through a game (last repeat's games played again 3 times, clock "
        "read after every action, best of 3 per block; µs per action)"
    )
    for name in ("base", "ck", "ck-2p"):
        if kept.get(name):
            first, second, last, whole, r, used = drift(name, kept[name])
            row(
                f"{name}: first {BLOCK} / last {BLOCK} ({used} games)",
                f"{first:.1f} / {last:.1f} = {r:.2f}x",
                f"<= {GOAL_DRIFT:g}x",
                r <= GOAL_DRIFT,
            )
            row(
                f"  {name}: actions {BLOCK}-{2 * BLOCK} (after setup); whole playout",
                f"{second:.1f} (last: {last / second:.2f}x); {whole:.1f}",
            )

    print(f"\nthe tutor's calls (median µs over {samples} positions of the last repeat)")
    for name in ("base", "ck"):
        if not kept.get(name):
            continue
        lm = legal_medians(kept[name], samples)
        bound = GOAL_LEGAL[name]
        for k in ("with offers", "without offers"):
            row(
                f"{name} main-phase legal_actions(), {k}",
                f"{lm[k]:.1f} us ({lm[k + ' n']:.0f} actions)",
                f"<= {bound:g} us",
                lm[k] <= bound,
            )
        om = op_medians(kept[name], samples)
        row(
            f"{name} play / undo / position()",
            " / ".join(f"{om[k]:.1f}" for k in ("play", "undo", "position")) + " us",
        )
    print(f"\nload average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
