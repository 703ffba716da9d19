"""Seeded randomness, kept outside the engine: picks chance outcomes and random moves."""

from __future__ import annotations

import random

from .actions import Action, Offer
from .game import Game


class Sampler:
    """Picks chance outcomes by their weights with a seeded ``random.Random``."""

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def chance(self, game: Game) -> Action:
        pairs = game.chance_weights()
        return self.rng.choices([a for a, _ in pairs], [w for _, w in pairs])[0]

    def resolve_chance(self, game: Game) -> None:
        """Play chance outcomes until a player is to move (or the game ends)."""
        while game.is_chance():
            game.play(self.chance(game))


def random_playout(game: Game, seed: int | None = None, *, trades: bool = False,
                   max_actions: int = 100_000) -> Game:
    """Play ``game`` to the end: chance by its odds, players uniformly among legal actions.

    With ``trades=False`` (the default, as in the benchmark) player-to-player offers are left
    out of the random choice. Returns the same game object.
    """
    rng = random.Random(seed)
    sampler = Sampler()
    sampler.rng = rng
    rules, states, actions = game.rules, game._states, game._actions
    for _ in range(max_actions):
        s = states[-1]
        if game.is_over():
            return game
        if game.is_chance():
            a = sampler.chance(game)
        else:
            legal = rules.legal_actions(s)
            if not trades:
                legal = [x for x in legal if type(x) is not Offer] or legal
            a = rng.choice(legal)
        new = s.copy()
        rules.apply(new, a)
        states.append(new)
        actions.append(a)
    game._redo.clear()
    raise RuntimeError(f"random playout did not finish in {max_actions} actions")
