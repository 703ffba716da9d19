"""Hints: the moves of the player to act ranked by seeded playouts from the position after each.

    ranking = rank_actions(game, n=200, turns=10, policy="greedy", seed=0)
    ranking.method            # how it was estimated, in a sentence
    ranking[0].notation, ranking[0].estimate, ranking[0].interval

Each candidate move is played on a copy, then ``n`` playouts of the rest of ``turns`` turns
(counted from the position before the move) run from there through the same executor
machinery as :func:`catan_tutor.analysis.playouts`. Every candidate's playout ``i`` uses the
same seed (common random numbers: the dice fall alike whatever the move), so a seed gives the
same ranking on any executor. Chance outcomes are never candidates; moves that lead to the same
position are one candidate; player-to-player offers are left out (the playouts never trade).
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass

from ..actions import (
    Action,
    Activate,
    BankTrade,
    Bid,
    BuildCity,
    BuildRoad,
    BuildWall,
    BuyDev,
    EndTurn,
    Improve,
    MoveRobber,
    Promote,
    Recruit,
    Settle,
)  # fmt: skip
from ..board import HEX_VERTICES, VERTEX_HEXES, pips
from ..errors import OptionError
from ..game import Game
from ..position import encode
from ..sampler import POLICIES
from ..state import State
from .explore import Progress, available_cores, run_batches, worker_count
from .stats import mean_interval, wilson

MEASURES = ("auto", "win", "vp")
WIN_SHARE = 0.1  # "auto" ranks by win rate once some move wins this often within the horizon


@dataclass(frozen=True)
class RankedAction:
    """One candidate move and its estimate.

    ``estimate`` and ``low``/``high`` (the 95% interval, or the ``confidence`` asked for) are
    of the ranking's measure: the win rate within the horizon ("win", a Wilson interval) or the
    mean victory points gained by the player over it ("vp", a Student t interval). Both
    measures are kept (``win_rate``... and ``vp_gain``...). ``playouts`` is how many ran (0:
    not estimated, e.g. the only legal move, or cancelled before any finished)."""

    action: Action
    notation: str
    estimate: float
    low: float
    high: float
    playouts: int
    measure: str
    win_rate: float
    win_low: float
    win_high: float
    vp_gain: float
    vp_low: float
    vp_high: float
    method: str

    @property
    def interval(self) -> tuple[float, float]:
        return (self.low, self.high)

    def text(self) -> str:
        """``P1 settle H4: win rate 0.62 (0.55–0.69), 200 playouts``."""
        if not self.playouts:
            return f"{self.notation}: not estimated"
        what = "win rate" if self.measure == "win" else "VP gain"
        return (
            f"{self.notation}: {what} {self.estimate:.2f} ({self.low:.2f}–{self.high:.2f}), "
            f"{self.playouts} playouts"
        )


@dataclass(frozen=True)
class Ranking:
    """The ranked candidates, best first (a sequence of :class:`RankedAction`), and how they
    were chosen and estimated."""

    records: tuple[RankedAction, ...]
    method: str
    measure: str
    player: int  # the seat ranked for (-1: nobody is to decide)
    legal: int  # the player's legal moves (offers left out)
    distinct: int  # after moves leading to the same position were merged
    preselected: bool  # more distinct moves than candidates: a heuristic chose which to try
    partial: bool  # cancelled before every playout finished

    def __len__(self) -> int:
        return len(self.records)

    def __getitem__(self, i: int) -> RankedAction:
        return self.records[i]

    def __iter__(self) -> Iterator[RankedAction]:
        return iter(self.records)

    def top(self, k: int = 3) -> tuple[RankedAction, ...]:
        return self.records[:k]


class InlineExecutor(Executor):
    """Runs each task at once in the calling thread (no processes): for a quick ranking
    inside an app or a test. Results are the same as on any other executor."""

    _max_workers = 1

    def submit(self, fn, /, *args, **kwargs) -> Future:
        f: Future = Future()
        try:
            f.set_result(fn(*args, **kwargs))
        except BaseException as e:  # noqa: BLE001 - handed to the caller by result()
            f.set_exception(e)
        return f


# ------------------------------------------------------------------ candidates
def _tier(a: Action) -> int:
    """Like the greedy policy's order (sampler.greedy_choice): builds first, roads last."""
    t = type(a)
    if t in (BuildCity, Settle):
        return 5
    if t in (BuyDev, Improve, BuildWall):
        return 4
    if t in (Recruit, Activate, Promote):
        return 3
    if t in (BankTrade, Bid):
        return 2
    if t is BuildRoad:
        return 1
    return 0


def _site_pips(s, vertex: int) -> int:
    return sum(pips(s.layout.numbers[h]) for h in VERTEX_HEXES[vertex])


def _robber_score(s, a: MoveRobber) -> int:
    """Pips the robber takes from the others minus those it takes from the mover."""
    score = 0
    value = pips(s.layout.numbers[a.hex])
    for v in HEX_VERTICES[a.hex]:
        owner = s.vowner[v]
        if 0 <= owner < s.n:
            weight = value * (2 if s.vcity[v] else 1)
            score += -weight if owner == a.player else weight
    return score


def heuristic(game: Game, a: Action, after) -> tuple:
    """A cheap score (higher first): victory points the move gains at once, then the greedy
    policy's order of kinds, then the pips of a settlement's site or those a robber blocks."""
    rules, s = game.rules, game.state
    gain = rules.victory_points(after, a.player) - rules.victory_points(s, a.player)
    won = after.winner == a.player
    extra = 0
    if isinstance(a, (Settle, BuildCity)):
        extra = _site_pips(s, a.vertex)
    elif type(a) is MoveRobber:
        extra = _robber_score(s, a)
    return (won, gain, _tier(a), extra)


def candidates_of(
    game: Game, player: int, limit: int
) -> tuple[list[tuple[Action, State]], int, int]:
    """The moves worth comparing for ``player``: (action, state after it) pairs in the
    engine's order, the number of legal moves and the number of distinct ones.

    Offers between players are left out; moves leading to the same position are one (the first
    listed); beyond ``limit`` the best by :func:`heuristic` are kept, ending the turn among
    them (the baseline of doing nothing more) when it is legal and ``limit`` is 2 or more."""
    rules, s = game.rules, game.state
    legal = [
        a for a in rules.legal_actions(s, offers=False) if a.player == player and not a.is_chance
    ]
    seen: dict[str, int] = {}
    distinct: list[tuple[Action, State]] = []
    for a in legal:
        after = s.copy()
        rules.apply(after, a)
        key = encode(rules, after)
        if key not in seen:
            seen[key] = len(distinct)
            distinct.append((a, after))
    if len(distinct) <= limit:
        return distinct, len(legal), len(distinct)
    order = sorted(
        range(len(distinct)), key=lambda i: (heuristic(game, *distinct[i]), -i), reverse=True
    )
    keep = order[:limit]
    ends = [i for i, (a, _) in enumerate(distinct) if type(a) is EndTurn]
    if ends and ends[0] not in keep and limit >= 2:
        keep[-1] = ends[0]
    return [distinct[i] for i in sorted(keep)], len(legal), len(distinct)


# ------------------------------------------------------------------ ranking
def rank_actions(
    game: Game,
    n: int = 200,
    turns: int = 10,
    policy: str = "greedy",
    seed: int = 0,
    *,
    executor: Executor | None = None,
    progress: Progress | None = None,
    cancel: threading.Event | None = None,
    candidates: int = 10,
    measure: str = "auto",
    player: int | None = None,
    confidence: float = 0.95,
    batch: int | None = None,
    glimpse: Callable[[Ranking], None] | None = None,
) -> Ranking:
    """Rank the legal moves of ``player`` (default: the one to act) by seeded playouts.

    For each candidate (see :func:`candidates_of`; at most ``candidates``) ``n`` playouts of
    ``policy`` ("random" or "greedy", every player and the dice by their odds) run from the
    position after it until ``turns`` turns from now have begun or the game ends. ``measure``:
    "win" (the player's win rate within the horizon), "vp" (victory points gained over it), or
    "auto": "win" once some candidate wins in at least 10% of its playouts, else "vp". Ties go
    to the other measure and to the sooner win (fewer moves played to it; by win rate the sooner
    win first), then to the engine's order. Executor, ``progress(done, total)``,
    ``cancel`` and ``batch`` as in :func:`catan_tutor.analysis.playouts`; after a cancel each
    candidate keeps its first finished playouts and ``partial`` is True. Deterministic for a
    seed whatever the executor. Nobody to decide (a chance event, the game over): no records.
    ``glimpse(ranking)`` is shown the ranking so far (``partial``) each time every candidate
    has finished twice as many playouts as at the last glimpse (the first: one batch each),
    before all ``n`` have: an early answer the final one refines (the same playouts, so the
    final ranking is the same with or without glimpses).
    """
    if policy not in POLICIES:
        raise OptionError(f"unknown policy {policy!r}: choose one of {', '.join(POLICIES)}")
    if measure not in MEASURES:
        raise OptionError(f"unknown measure {measure!r}: choose one of {', '.join(MEASURES)}")
    if n < 1 or turns < 1 or candidates < 1:
        raise OptionError(
            f"need n >= 1 playouts of turns >= 1 and candidates >= 1, not n={n}, "
            f"turns={turns}, candidates={candidates}"
        )
    s = game.state
    who = game.rules.actors(s)
    if player is None:
        player = who[0] if who else -1
    if player not in who:
        why = (
            "the game is over"
            if game.is_over()
            else "a chance event is due"
            if not who
            else f"{s.name(player) if 0 <= player < s.n else player} is not to decide now"
        )
        return Ranking((), f"Nothing to rank: {why}.", measure, player, 0, 0, False, False)
    chosen, legal, distinct = candidates_of(game, player, candidates)
    if len(chosen) == 1:
        a = chosen[0][0]
        method = "The only legal move: nothing to compare."
        nan = math.nan
        rec = RankedAction(
            a, str(a), nan, nan, nan, 0, measure, nan, nan, nan, nan, nan, nan, method
        )
        return Ranking((rec,), method, measure, player, legal, distinct, False, False)

    def ranked(results: list[list[dict]], partial: bool) -> Ranking:
        return _ranking(
            game, chosen, results, n, turns, policy, seed, measure, player, legal,
            distinct, confidence, partial,
        )  # fmt: skip

    early = None if glimpse is None else lambda rows: glimpse(ranked(rows, True))
    results = _run(game, chosen, n, turns, policy, seed, executor, progress, cancel, batch, early)
    return ranked(results, any(len(rows) < n for rows in results))


def _ranking(
    game: Game,
    chosen: list[tuple[Action, State]],
    results: list[list[dict]],
    n: int,
    turns: int,
    policy: str,
    seed: int,
    measure: str,
    player: int,
    legal: int,
    distinct: int,
    confidence: float,
    partial: bool,
) -> Ranking:
    """The ranking of the candidates ``chosen`` from their playout records ``results``."""
    s = game.state
    name, vp_now = s.name(player), game.rules.victory_points(s, player)
    stats, soon = [], []  # soon: mean moves played to a win (ties in win rate: sooner first)
    for rows in results:
        wins = sum(r["winner"] == name for r in rows)
        gains = [r["vp"][player] - vp_now for r in rows]
        won = [r["actions"] for r in rows if r["winner"] == name]
        soon.append(sum(won) / len(won) if won else math.inf)
        stats.append(
            (wilson(wins, len(rows), confidence), mean_interval(gains, confidence), len(rows))
        )
    if measure == "auto":
        best = max((w[0] for w, _, k in stats if k), default=0.0)
        measure = "win" if best >= WIN_SHARE else "vp"
    method = _method(
        s.name(player),
        measure,
        n,
        turns,
        policy,
        seed,
        legal,
        distinct,
        len(chosen),
        confidence,
        partial,
    )
    records = []
    for (a, _), (win, vp, k) in zip(chosen, stats, strict=True):
        main = win if measure == "win" else vp
        records.append(RankedAction(a, str(a), *main, k, measure, *win, *vp, method))

    def key(i: int) -> tuple:
        r = records[i]
        if math.isnan(r.estimate):
            return (1, 0.0, 0.0, 0.0, i)
        vp = 0.0 if math.isnan(r.vp_gain) else r.vp_gain
        if measure == "win":
            return (0, -r.estimate, soon[i], -vp, i)
        return (0, -r.estimate, -r.win_rate, soon[i], i)

    ranked = tuple(records[i] for i in sorted(range(len(records)), key=key))
    return Ranking(
        ranked, method, measure, player, legal, distinct, distinct > len(chosen), partial
    )


def _run(
    game: Game,
    chosen: list[tuple[Action, State]],
    n: int,
    turns: int,
    policy: str,
    seed: int,
    executor: Executor | None,
    progress: Progress | None,
    cancel: threading.Event | None,
    batch: int | None,
    glimpse: Callable[[list[list[dict]]], None] | None = None,
) -> list[list[dict]]:
    """The playout records of each candidate (the first finished ones after a cancel);
    ``glimpse(records)`` as :func:`rank_actions` says."""
    rules, start = game.rules, game.state.turn
    own = executor is None
    pool = ProcessPoolExecutor(available_cores()) if executor is None else executor
    workers = worker_count(pool)
    size = batch or max(1, min(25, math.ceil(n / (4 * workers))))
    batches, owner = [], []
    for a0 in range(0, n, size):  # round robin: after a cancel every candidate has some
        for c, (_, after) in enumerate(chosen):
            left = max(0, turns - (after.turn - start))  # the horizon counts from now
            batches.append((encode(rules, after), seed, a0, min(a0 + size, n), left, policy))
            owner.append(c)
    landed = None if glimpse is None else _rounds(len(chosen), len(batches), glimpse)
    try:
        done = run_batches(pool, batches, 2 * workers, n * len(chosen), progress, cancel, landed)
    finally:
        if own:
            pool.shutdown(wait=True, cancel_futures=True)
    return _records(done, owner, len(chosen))


def _records(done: dict[int, list], owner: list[int], count: int) -> list[list[dict]]:
    """Each candidate's finished batches (``done`` by index; ``owner[k]``: batch k's
    candidate, ``owner`` as long as the batches to count) up to its first gap."""
    out: list[list[dict]] = [[] for _ in range(count)]
    stopped = [False] * count
    for k, c in enumerate(owner):
        if stopped[c] or k not in done:
            stopped[c] = True
            continue
        out[c].extend(done[k])
    return out


def _rounds(
    count: int, total: int, glimpse: Callable[[list[list[dict]]], None]
) -> Callable[[int, list], None]:
    """``run_batches``'s ``landed`` for batches dealt round robin to ``count`` candidates:
    ``glimpse(records)`` once the first 1, 2, 4... rounds have all finished (not the last)."""
    done: dict[int, list] = {}
    owner = [k % count for k in range(total)]
    rounds = total // count
    at = {"whole": 0, "next": 1}  # rounds finished in a row; the next glimpse's

    def landed(k: int, rows: list) -> None:
        done[k] = rows
        while at["whole"] < rounds and all(at["whole"] * count + c in done for c in range(count)):
            at["whole"] += 1
        if at["next"] <= at["whole"] < rounds:  # (the whole rounds only: as many each)
            at["next"] = 2 * at["whole"]
            glimpse(_records(done, owner[: at["whole"] * count], count))

    return landed


def _method(
    name: str,
    measure: str,
    n: int,
    turns: int,
    policy: str,
    seed: int,
    legal: int,
    distinct: int,
    chosen: int,
    confidence: float,
    partial: bool,
) -> str:
    span = f"{turns} turn{'' if turns == 1 else 's'}"
    what = (
        f"{name}'s win rate within {span}"
        if measure == "win"
        else f"the victory points {name} gains over {span}"
    )
    pct = f"{confidence:.0%}"
    interval = "Wilson" if measure == "win" else "t"
    text = (
        f"Ranked by {what}: {n} seeded playouts (seed {seed}) after each move, every "
        f"player and the dice playing on by the {policy} policy, which knows every hidden "
        f"card; {pct} {interval} intervals."
    )
    if distinct > chosen:
        text += (
            f" {chosen} of {legal} legal moves compared, picked by a quick heuristic "
            "(points at once, then builds before trades and roads, then dots on the numbers)."
        )
    elif legal > distinct:
        text += f" All {legal} legal moves compared ({distinct} different outcomes)."
    else:
        text += f" All {legal} legal moves compared."
    if partial:
        text += " Stopped: fewer playouts for some moves."
    return text
