"""Seeded randomness, kept outside the engine: picks chance outcomes and random moves."""

from __future__ import annotations

import gc
import hashlib
import random
from collections.abc import Callable
from functools import lru_cache

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
from .errors import OptionError
from .game import Game
from .rules.common import CITY_COST, SETTLEMENT_COST
from .state import CHANCE_PHASES, SETUP_SETTLE, State, laid

POLICIES = ("random", "greedy")


class Sampler:
    """Picks chance outcomes by their weights with a seeded ``random.Random``."""

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self.rng = random.Random(seed)

    def chance(self, game: Game) -> Action:
        return pick(self.rng, game.rules.chance_outcomes(game.state))

    def chance_at(self, game: Game, moves: int) -> Action:
        """The outcome at this position after ``moves`` moves, drawn from the seed and the
        position alone (not from the draws before it): a game reopened from a link at a
        position throws the dice the original threw there, not its opening rolls again.
        Without a seed, the next draw of ``chance``."""
        if self.seed is None:
            return self.chance(game)
        text = f"catan-tutor/chance/{self.seed}/{moves}/{game.position()}"
        key = int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")
        return pick(random.Random(key), game.rules.chance_outcomes(game.state))

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
    up one either build needs (learner23: 4 grain for a wool towards a settlement, then 4 wool
    for a grain towards a city, in one turn, each giving what the other had just got)."""
    h = s.hands[a.player]
    if a.get >= len(CITY_COST):
        return False
    if not any(h[a.get] < cost[a.get] for cost in (CITY_COST, SETTLEMENT_COST)):
        return False
    if isinstance(a, Bid) or a.give >= len(CITY_COST):
        return True
    return h[a.give] - a.count >= max(CITY_COST[a.give], SETTLEMENT_COST[a.give])


# The greedy player's tiers by kind of action, best first: builds, then development cards (C&K:
# improvements, walls), knights, trades towards a build (``_aims``: tier 3), roads
_TIER_OF: dict[type, int] = {BuildCity: 0, Settle: 0, BuyDev: 1, Improve: 1, BuildWall: 1}
_TIER_OF.update({Recruit: 2, Activate: 2, Promote: 2, BuildRoad: 4})
TRADE_TIER = 3


@lru_cache(maxsize=64)
def corner_dots(numbers: tuple[int, ...]) -> tuple[int, ...]:
    """The dots on the numbers round each corner (the greedy setup's score), by corner:
    worked out once a board (a hint's playouts placed ~8 settlements each)."""
    return tuple(sum(pips(numbers[h]) for h in hexes) for hexes in VERTEX_HEXES)


def greedy_choice(rng: random.Random, s: State, actions: list[Action]) -> Action:
    """A simple greedy player: in setup the site with the most pips; later a city or
    settlement, else a development card (C&K: an improvement or a wall), else a knight, else
    a trade towards a city or settlement, else a road, else any legal action; ties and the
    rest are picked at random."""
    if s.phase == SETUP_SETTLE:
        dots = corner_dots(laid(s).numbers)
        sites = [a for a in actions if isinstance(a, (Settle, BuildCity))]  # C&K: a city 2nd
        best = max(dots[a.vertex] for a in sites)
        return rng.choice([a for a in sites if dots[a.vertex] == best])
    best, chosen = TRADE_TIER + 2, actions  # one pass: the best tier's actions, in order
    for a in actions:
        tier = _TIER_OF.get(type(a))
        if tier is None:
            if not (isinstance(a, (BankTrade, Bid)) and _aims(s, a)):
                continue
            tier = TRADE_TIER
        if tier < best:
            best, chosen = tier, [a]
        elif tier == best:
            chosen.append(a)
    return rng.choice(chosen)


def random_playout(
    game: Game,
    seed: int | None = None,
    *,
    trades: bool = False,
    policy: str = "random",
    max_actions: int = 100_000,
) -> Game:
    """Play ``game`` to the end: chance by its odds, players by ``policy``.

    ``"random"`` picks uniformly among the legal actions, ``"greedy"`` uses
    :func:`greedy_choice`. With ``trades=False`` (the default, as in the benchmark)
    player-to-player offers are left out. Returns the same game object, whose history holds
    every action.
    The cyclic garbage collector is paused meanwhile (nothing here makes cycles); with many
    finished games kept alive it would otherwise cost about a fifth of the time.
    """
    pick_next = playout_picker(game.rules, random.Random(seed), policy, offers=trades)
    was_enabled = gc.isenabled()
    gc.disable()  # states and actions form no reference cycles; refcounting frees them
    try:
        if not game.play_out(pick_next, max_actions=max_actions):
            raise RuntimeError(f"random playout did not finish in {max_actions} actions")
        return game
    finally:
        if was_enabled:
            gc.enable()


def choose(rng: random.Random, rules, s: State, greedy: bool, offers: bool) -> Action:
    """The next action of a playout: a chance outcome by its odds, else the policy's pick
    among the legal actions (offers between players only with ``offers``): one step of
    :func:`playout_picker`."""
    return playout_picker(rules, rng, "greedy" if greedy else "random", offers=offers)(s)


def playout_picker(
    rules, rng: random.Random, policy: str = "random", *, offers: bool = False
) -> Callable[[State], Action]:
    """The ``pick`` of :meth:`Game.play_out` (the one playout loop, used by
    :func:`random_playout` and ``analysis.play_turns``): a chance outcome by its odds, else
    ``policy``'s ("random" or "greedy") pick among the legal actions, drawn from ``rng``.
    Raises OptionError (a ValueError) for another policy."""
    if policy not in POLICIES:
        raise OptionError(f"unknown policy {policy!r}: choose one of {', '.join(POLICIES)}")
    legal, outcomes = rules.legal_actions, rules.chance_outcomes
    if policy == "greedy":

        def pick_greedy(s: State) -> Action:
            if s.phase in CHANCE_PHASES:
                return pick(rng, outcomes(s))
            return greedy_choice(rng, s, legal(s, offers=offers))

        return pick_greedy

    def pick_random(s: State) -> Action:
        if s.phase in CHANCE_PHASES:
            return pick(rng, outcomes(s))
        return rng.choice(legal(s, offers=offers))

    return pick_random
