"""One seeded playout for a number of turns, and the picklable work item that runs a batch."""

from __future__ import annotations

import hashlib
import random
from itertools import pairwise

from .. import new_game
from ..game import Game
from ..sampler import playout_picker
from ..state import OVER


def playout_seed(seed: int, i: int) -> int:
    """The seed of playout ``i`` of a run seeded ``seed``: depends on nothing else, so any
    worker, process or machine plays playout ``i`` the same way (63 bits: fits an int64)."""
    digest = hashlib.blake2b(f"catan-tutor/{seed}/{i}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def play_turns(
    game: Game, seed: int, turns: int, policy: str = "random", *, max_actions: int = 100_000
) -> dict:
    """Play ``game`` on (in place) until ``turns`` more turns have begun or the game ends:
    chance by its odds, players by ``policy`` (as in ``random_playout``, without offers).

    Turn 1 is the current turn (or what is left of it). Returns what happened: ``turns``
    played, ``actions`` played, ``over``, ``winner`` (party name or None), ``arrival`` (the turn of
    the first barbarian attack, None if none), ``attacks``, and per player ``vp`` and
    ``pillaged`` (cities the barbarians turned into settlements), each a list by seat.
    """
    rng = random.Random(seed)
    pick_next = playout_picker(game.rules, rng, policy)
    before = game.ply
    start = game.state.turn
    if not game.play_out(pick_next, turns=turns, max_actions=max_actions):
        raise RuntimeError(
            f"playout seeded {seed} did not reach {turns} turns in {max_actions} actions"
        )
    rules, states = game.rules, game.states[before:]
    n = states[0].n
    arrival, attacks, pillaged = None, 0, [0] * n
    for s, new in pairwise(states):
        if new.barb < s.barb:  # rule="CK-BARB-AFTER": the ship goes home after an attack
            attacks += 1
            arrival = arrival or s.turn - start + 1
        if new.vcity is not s.vcity:  # rule="CK-BARB-PILLAGE": a city becomes a settlement
            for v, (was, now) in enumerate(zip(s.vcity, new.vcity, strict=True)):
                if was and not now:
                    pillaged[s.vowner[v]] += 1
    s = states[-1]
    return {
        "turns": s.turn - start, "actions": game.ply - before, "over": s.phase == OVER,
        "winner": s.name(s.winner) if s.winner >= 0 else None, "arrival": arrival,
        "attacks": attacks, "vp": [rules.victory_points(s, p) for p in range(n)],
        "pillaged": pillaged,
    }  # fmt: skip


def run_batch(
    position: str, seed: int, start: int, stop: int, turns: int, policy: str
) -> list[dict]:
    """Playouts ``start``..``stop - 1`` from position text (the picklable work item).

    Each playout starts from a fresh ``Game.from_position(position)`` with the seed
    ``playout_seed(seed, i)`` and its record gets ``i`` and that ``seed``.
    """
    root = Game.from_position(position)
    out = []
    for i in range(start, stop):
        game = Game(root.rules, root.state)
        record = play_turns(game, playout_seed(seed, i), turns, policy)
        out.append({"i": i, "seed": playout_seed(seed, i), **record})
    return out


def seeded_game(
    variant: str = "ck",
    players: int = 4,
    *,
    turns: int = 100,
    seed: int = 0,
    policy: str = "greedy",
) -> Game:
    """A new game (beginner board) played ``turns`` turns on by :func:`play_turns` with
    ``seed`` and ``policy``: a reproducible mid-game whose history starts at the setup."""
    game = new_game(variant, players=players, seed=seed)
    play_turns(game, seed, turns, policy)
    return game
