"""Computer players: a policy picks a seat's move, deterministically for a seed.

    a = choose(game, "greedy", seed=7)        # the move of the player to act
    game.play(a)                              # an ordinary move: undo, timelines, branches

Policies: ``"random"`` (uniform among the legal moves), ``"greedy"``
(:func:`catan_tutor.sampler.greedy_choice`) and ``"playout"`` (the best move of
:func:`catan_tutor.analysis.rank_actions`, with a budget of playouts and, optionally, of time).
Player-to-player offers are never made (a computer answers offers made to it). No policy
moves the robber onto a hex of its own buildings while another hex is open to it
(:func:`spare_own_hexes`). Chance events are not a player's: :func:`play_chance` draws them by
their odds. Randomness comes from the seeded sampler; nothing here imports ``random``.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass

from .actions import Action, ChaseRobber, MoveRobber
from .board import HEX_VERTICES
from .errors import CatanError, OptionError
from .game import Game
from .sampler import Sampler, greedy_choice, pick
from .state import State

POLICIES = ("random", "greedy", "playout")


class NoMoveError(CatanError):
    """Nobody (or not that seat) is to decide: a chance event, the game over, another's turn."""


@dataclass(frozen=True)
class Budget:
    """What the playout policy may spend on one move: ``playouts`` per candidate move of
    ``turns`` turns, at most ``candidates`` moves compared (by ``policy`` playouts), and at
    most ``seconds`` (None: no time limit). A time limit stops the playouts early, so the move
    then depends on the machine's speed; without one the move depends on the seed alone."""

    playouts: int = 24
    turns: int = 3
    candidates: int = 6
    policy: str = "greedy"
    seconds: float | None = None


FAST = Budget()


def move_seed(seed: int, game: Game, moves: int | None = None) -> int:
    """A seed for the move at this position after ``moves`` moves (default: the game's
    history): a rewound game's computer plays the same move again, and a position that comes
    back (a die thrown again) gets another seed (63 bits). A timeline passes its node's depth
    (its Game's history starts at the node)."""
    count = game.ply if moves is None else moves
    text = f"catan-tutor/move/{seed}/{count}/{game.position()}"
    digest = hashlib.blake2b(text.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def options(game: Game, player: int) -> list[Action]:
    """``player``'s legal moves now, offers to other players left out."""
    s = game.state
    return [
        a
        for a in game.rules.legal_actions(s, offers=False)
        if a.player == player and not a.is_chance
    ]


def choose(
    game: Game,
    policy: str = "greedy",
    seed: int = 0,
    *,
    player: int | None = None,
    budget: Budget = FAST,
    executor: Executor | None = None,
    cancel: threading.Event | None = None,
) -> Action:
    """The move ``policy`` makes for ``player`` (default: the first seat to decide) here.

    Deterministic for a seed (and a budget without a time limit); ``game`` is not changed.
    Raises :class:`NoMoveError` when that seat has nothing to decide (a chance event, the game
    over, or another's turn) and OptionError for an unknown policy."""
    if policy not in POLICIES:
        raise OptionError(f"unknown policy {policy!r}: choose one of {', '.join(POLICIES)}")
    who = game.rules.actors(game.state)
    if player is None:
        player = who[0] if who else -1
    if player not in who:
        why = (
            "the game is over"
            if game.is_over()
            else "a chance event is due"
            if not who
            else f"seat {player} has nothing to decide now"
        )
        raise NoMoveError(f"no move to choose: {why}")
    acts = options(game, player)
    if not acts:  # cannot happen for an actor of a consistent game; said plainly if it does
        raise NoMoveError(f"no move to choose: {game.names[player]} has no legal move")
    acts = spare_own_hexes(game.state, acts)  # (l26, l27: the robber on its own hex)
    rng = Sampler(seed).rng
    if policy == "random" or len(acts) == 1:
        return rng.choice(acts)
    if policy == "greedy":
        return greedy_choice(rng, game.state, acts)
    return _playout_choice(game, player, seed, budget, executor, cancel, rng, acts)


def blocks_own(s: State, a: Action) -> bool:
    """``a`` moves the robber (after a 7 or a Knight card, BASE-ROBBER-MOVE; a knight chasing
    it, CK-KNIGHT-CHASE-ROBBER) onto a hex where the mover has a building."""
    if not isinstance(a, (MoveRobber, ChaseRobber)):
        return False
    return any(s.vowner[v] == a.player for v in HEX_VERTICES[a.hex])


def spare_own_hexes(s: State, acts: list[Action]) -> list[Action]:
    """Of a computer's legal moves ``acts``, all but the robber's moves onto a hex of its own
    buildings, when it has another robber move (l26, l27: a computer blocked its own hex, with
    nobody to rob there); its other moves are kept, in their order (the choice stays seeded)."""
    own = [a for a in acts if blocks_own(s, a)]
    if not own or all(blocks_own(s, a) for a in acts if isinstance(a, (MoveRobber, ChaseRobber))):
        return acts
    return [a for a in acts if not blocks_own(s, a)]


def _playout_choice(
    game: Game,
    player: int,
    seed: int,
    budget: Budget,
    executor: Executor | None,
    cancel: threading.Event | None,
    rng,
    acts: list[Action],
) -> Action:
    from .analysis.rank import InlineExecutor, rank_actions  # here: not on a page's first paint

    stop = cancel or threading.Event()
    timer = None
    if budget.seconds is not None:
        timer = threading.Timer(budget.seconds, stop.set)
        timer.daemon = True
        timer.start()
    try:
        ranking = rank_actions(
            game,
            n=budget.playouts,
            turns=budget.turns,
            policy=budget.policy,
            seed=seed,
            executor=executor or InlineExecutor(),
            cancel=stop,
            candidates=budget.candidates,
            player=player,
            batch=max(1, budget.playouts // 4),
        )
    finally:
        if timer is not None:
            timer.cancel()
    kept = set(acts)  # the playouts' best of the moves kept (spare_own_hexes)
    for record in ranking:
        if record.playouts and record.action in kept:
            return record.action
    return greedy_choice(rng, game.state, acts)  # stopped before any playout finished


def play_chance(game: Game, seed: int) -> Action:
    """Draw the chance event due by its odds (seeded) and play it."""
    if not game.is_chance():
        raise NoMoveError("no chance event is due")
    return game.play(pick(Sampler(seed).rng, game.chance_weights()))


Seats = Mapping[int, str] | Sequence[str]


def play_game(
    game: Game,
    seats: Seats,
    seed: int = 0,
    *,
    max_moves: int = 100_000,
    budget: Budget = FAST,
    stop: Callable[[Game], bool] | None = None,
) -> Game:
    """Play on with every seat a computer (``seats[p]`` its policy) until the game ends, or
    ``stop(game)`` is true, by ordinary ``game.play`` moves (so they can be undone) and the
    chance events by their odds. Each move is seeded by :func:`move_seed`."""
    for _ in range(max_moves):
        if game.is_over() or (stop is not None and stop(game)):
            return game
        if game.is_chance():
            play_chance(game, move_seed(seed, game))
            continue
        p = game.rules.actors(game.state)[0]
        game.play(choose(game, seats[p], move_seed(seed, game), player=p, budget=budget))
    raise RuntimeError(f"the game did not end in {max_moves} moves")
