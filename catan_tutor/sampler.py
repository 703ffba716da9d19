"""Seeded randomness, kept outside the engine: picks chance outcomes and random moves."""

from __future__ import annotations

import gc
import random

from .actions import Action
from .game import Game
from .state import CHANCE_PHASES, OVER


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


def random_playout(game: Game, seed: int | None = None, *, trades: bool = False,
                   max_actions: int = 100_000) -> Game:
    """Play ``game`` to the end: chance by its odds, players uniformly among legal actions.

    With ``trades=False`` (the default, as in the benchmark) player-to-player offers are left
    out of the random choice. Returns the same game object, whose history holds every action.
    The cyclic garbage collector is paused meanwhile (nothing here makes cycles); with many
    finished games kept alive it would otherwise cost about a fifth of the time.
    """
    rng = random.Random(seed)
    rules, states, actions = game.rules, game._states, game._actions
    game._redo.clear()
    was_enabled = gc.isenabled()
    gc.disable()  # states and actions form no reference cycles; refcounting frees them
    try:
        return _play_out(game, rules, states, actions, rng, trades, max_actions)
    finally:
        if was_enabled:
            gc.enable()


def _play_out(game: Game, rules, states, actions, rng: random.Random, trades: bool,
              max_actions: int) -> Game:
    for _ in range(max_actions):
        s = states[-1]
        if s.phase in CHANCE_PHASES:
            a = pick(rng, rules.chance_outcomes(s))
        elif s.phase == OVER:
            return game
        else:
            a = rng.choice(rules.legal_actions(s, offers=trades))
        new = s.copy()
        rules.apply(new, a)
        states.append(new)
        actions.append(a)
    raise RuntimeError(f"random playout did not finish in {max_actions} actions")
