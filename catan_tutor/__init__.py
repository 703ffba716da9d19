"""catan-tutor: a pure-Python Catan rules engine with a Jupyter tutor on top.

Public API::

    game = new_game("base", players=4)
    game.legal_actions(); game.play("P1 settle H4"); game.explain("P1 road A3")
    game.undo(); game.redo(); game.position(); Game.from_position(text)
    random_playout(game, seed=7)
"""

from __future__ import annotations

from .actions import Action
from .board import BEGINNER
from .errors import CatanError, IllegalActionError, NotationError, PositionError
from .game import CHANCE, TERMINAL, Explanation, Game, Pending
from .sampler import Sampler, random_playout
from .variants import VARIANTS, rules_for

BOARDS = ("beginner", "variable", "variable-harbors")

__all__ = [
    "Action", "BOARDS", "CHANCE", "CatanError", "Explanation", "Game", "IllegalActionError",
    "NotationError", "Pending", "PositionError", "Sampler", "TERMINAL", "VARIANTS", "new_game",
    "random_playout",
]  # fmt: skip


def new_game(variant: str = "base", *, players: int, seed: int | None = None,
             board: str = "beginner", rolloff: bool = False,
             colors: tuple[str, ...] | None = None, preview: bool = False) -> Game:
    """A new game of ``variant`` for ``players`` seats.

    ``board`` is ``"beginner"`` (BASE-BOARD-BEGINNER), ``"variable"`` (BASE-BOARD-VARIABLE) or
    ``"variable-harbors"`` (harbor kinds shuffled too). A variable board and the optional
    first-player roll-off are chance events: with a ``seed`` they are resolved at once by a
    seeded sampler (and kept in the history), without one the game starts at them.
    ``preview=True`` allows a variant that is not complete yet (``ck``).
    """
    rules = rules_for(variant, preview)
    if players not in rules.seats:
        raise ValueError(f"variant {variant!r} is for {' or '.join(map(str, rules.seats))} "
                         f"players, not {players}")
    if board not in BOARDS:
        raise ValueError(f"unknown board {board!r}: choose one of {', '.join(BOARDS)}")
    layout = BEGINNER if board == "beginner" else None
    state = rules.new_state(players, layout, shuffle_harbors=board == "variable-harbors",
                            rolloff=rolloff, colors=colors)
    game = Game(rules, state, seed)
    if seed is not None:
        Sampler(seed).resolve_chance(game)
    return game
