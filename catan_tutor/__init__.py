"""catan-tutor: a pure-Python Catan rules engine with a Jupyter tutor on top.

Public API::

    game = new_game("base", players=4)
    game.legal_actions(); game.play("P1 settle H4"); game.explain("P1 road A3")
    game.undo(); game.redo(); game.position(); Game.from_position(text)
    random_playout(game, seed=7)
"""

from __future__ import annotations

import operator

from .actions import Action
from .board import BEGINNER
from .errors import (
    CatanError,
    IllegalActionError,
    NotationError,
    OptionError,
    PositionError,
    quote,
)  # fmt: skip
from .game import CHANCE, TERMINAL, Explanation, Game, Pending
from .sampler import Sampler, random_playout
from .variants import VARIANTS, rules_for

BOARDS = ("beginner", "variable", "variable-harbors")

__all__ = [
    "Action", "BOARDS", "CHANCE", "CatanError", "Explanation", "Game", "IllegalActionError",
    "NotationError", "OptionError", "Pending", "PositionError", "Sampler", "TERMINAL",
    "VARIANTS", "new_game", "random_playout",
]  # fmt: skip


def new_game(
    variant: str = "base",
    *,
    players: int,
    seed: int | None = None,
    board: str = "beginner",
    rolloff: bool = False,
    colors: tuple[str, ...] | None = None,
    preview: bool = False,
) -> Game:
    """A new game of ``variant`` for ``players`` seats.

    ``board`` is ``"beginner"`` (BASE-BOARD-BEGINNER), ``"variable"`` (BASE-BOARD-VARIABLE) or
    ``"variable-harbors"`` (harbor kinds shuffled too). A variable board and the optional
    first-player roll-off are chance events: with a ``seed`` they are resolved at once by a
    seeded sampler (and kept in the history), without one the game starts at them.
    ``preview=True`` allows a variant that is not complete yet (``ck``).
    """
    rules = _rules(variant, preview)
    if _whole(players) not in rules.seats:
        raise OptionError(
            f"variant {variant!r} is for {' or '.join(map(str, rules.seats))} "
            f"players, not {quote(players)}"
        )
    if not isinstance(board, str) or board not in BOARDS:
        raise OptionError(f"unknown board {quote(board)}: choose one of {', '.join(BOARDS)}")
    if seed is not None and _whole(seed) is None:
        raise OptionError(f"seed: expected a whole number or None, not {quote(seed)}")
    if not isinstance(rolloff, bool | int) or rolloff not in (0, 1):
        raise OptionError(f"rolloff: expected True or False, not {quote(rolloff)}")
    layout = BEGINNER if board == "beginner" else None
    state = rules.new_state(
        players, layout, shuffle_harbors=board == "variable-harbors", rolloff=rolloff, colors=colors
    )
    game = Game(rules, state, seed)
    if seed is not None:
        Sampler(seed).resolve_chance(game)
    return game


def _rules(variant: object, preview: object):
    """The variant's rules, or an OptionError naming the variant asked for."""
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise OptionError(f"unknown variant {quote(variant)}: choose one of {', '.join(VARIANTS)}")
    return rules_for(variant, bool(preview))


def _whole(x: object) -> int | None:
    """``x`` as a whole number (ints, numpy's too; not bool, float or text), else None."""
    if isinstance(x, bool):
        return None
    try:
        return operator.index(x)  # type: ignore[arg-type]
    except TypeError:
        return None
