"""Seeded randomness, kept outside the engine: picks chance outcomes and random moves."""

from __future__ import annotations

import gc
import random

from .actions import (
    Action,
    Activate,
    BankTrade,
    Bid,
    BuildCity,
    BuildRoad,
    BuildWall,
    BuyDev,
    Improve,
    Promote,
    Recruit,
    Settle,
)  # fmt: skip
from .board import VERTEX_HEXES, pips
from .game import Game
from .rules.common import CITY_COST, SETTLEMENT_COST
from .state import CHANCE_PHASES, OVER, SETUP_SETTLE, State, laid

POLICIES = ("random", "greedy")


class Sampler:
    """Picks chance outcomes by their weights with a seeded ``random.Random``."""

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def chance(self, game: Game) -> Action:
        return pick(self.rng, game.rules.chance_outcomes(game.state))

    def resolve_chance(self, game: Game) -> None:
        """Play chance outcomes until a player is to move (or the game ends)."""
        while game.is_chance():
            game.play(self.chance(game))


def pick(rng: random.Random, weighted: list[tuple[Action, int]]) -> Action:
    """One outcome drawn with probability weight / total weight."""
    total = 0
    for _, w in weighted:
        total += w
    x = rng.randrange(total)
    for a, w in weighted:
        x -= w
        if x < 0:
            return a
    raise AssertionError("unreachable")


def _aims(s: State, a: BankTrade | Bid) -> bool:
    """A bank trade or bid that gets a card missing for a city or settlement, without giving
    up one the same build needs."""
    h = s.hands[a.player]
    if a.get >= len(CITY_COST):
        return False
    for cost in (CITY_COST, SETTLEMENT_COST):
        if h[a.get] < cost[a.get]:
            if isinstance(a, Bid) or a.give >= len(cost) or h[a.give] - a.count >= cost[a.give]:
                return True
    return False


_TIERS = (
    lambda s, a: type(a) in (BuildCity, Settle),
    lambda s, a: type(a) in (BuyDev, Improve, BuildWall),
    lambda s, a: type(a) in (Recruit, Activate, Promote),
    lambda s, a: isinstance(a, (BankTrade, Bid)) and _aims(s, a),
    lambda s, a: type(a) is BuildRoad,
)


def greedy_choice(rng: random.Random, s: State, actions: list[Action]) -> Action:
    """A simple greedy player: in setup the site with the most pips; later a city or
    settlement, else a development card (C&K: an improvement or a wall), else a knight, else
    a trade towards a city or settlement, else a road, else any legal action; ties and the
    rest are picked at random."""
    if s.phase == SETUP_SETTLE:
        numbers = laid(s).numbers
        score = {a: sum(pips(numbers[h]) for h in VERTEX_HEXES[a.vertex])
                 for a in actions if isinstance(a, (Settle, BuildCity))}  # C&K: a city 2nd
        best = max(score.values())
        return rng.choice([a for a in score if score[a] == best])
    for tier in _TIERS:
        chosen = [a for a in actions if tier(s, a)]
        if chosen:
            return rng.choice(chosen)
    return rng.choice(actions)


def random_playout(game: Game, seed: int | None = None, *, trades: bool = False,
                   policy: str = "random", max_actions: int = 100_000) -> Game:
    """Play ``game`` to the end: chance by its odds, players by ``policy``.

    ``"random"`` picks uniformly among the legal actions, ``"greedy"`` uses
    :func:`greedy_choice`. With ``trades=False`` (the default, as in the benchmark)
    player-to-player offers are left out. Returns the same game object, whose history holds
    every action.
    The cyclic garbage collector is paused meanwhile (nothing here makes cycles); with many
    finished games kept alive it would otherwise cost about a fifth of the time.
    """
    if policy not in POLICIES:
        raise ValueError(f"unknown policy {policy!r}: choose one of {', '.join(POLICIES)}")
    rng = random.Random(seed)
    rules, states, actions = game.rules, game._states, game._actions
    game._redo.clear()
    was_enabled = gc.isenabled()
    gc.disable()  # states and actions form no reference cycles; refcounting frees them
    try:
        return _play_out(game, rules, states, actions, rng, trades, policy == "greedy",
                         max_actions)
    finally:
        if was_enabled:
            gc.enable()


def choose(rng: random.Random, rules, s: State, greedy: bool, offers: bool) -> Action:
    """The next action of a playout: a chance outcome by its odds, else the policy's pick
    among the legal actions (offers between players only with ``offers``)."""
    if s.phase in CHANCE_PHASES:
        return pick(rng, rules.chance_outcomes(s))
    if greedy:
        return greedy_choice(rng, s, rules.legal_actions(s, offers=offers))
    return rng.choice(rules.legal_actions(s, offers=offers))


def _play_out(game: Game, rules, states, actions, rng: random.Random, trades: bool,
              greedy: bool, max_actions: int) -> Game:
    for _ in range(max_actions):
        s = states[-1]
        if s.phase == OVER:
            return game
        a = choose(rng, rules, s, greedy, trades)
        new = s.copy()
        rules.apply(new, a)
        states.append(new)
        actions.append(a)
    raise RuntimeError(f"random playout did not finish in {max_actions} actions")
