"""The exact odds of the next barbarian attack from a Cities & Knights position."""

from __future__ import annotations

from fractions import Fraction

from ..game import Game
from ..state import DICE, MAIN, PRE_ROLL, State
from .odds import TRACK, arrival_pmf
from .production import rolls_per_turn


def event_dice_left(s: State, per_turn: int) -> int:
    """Event dice still to be thrown in the current turn, where the phase says it for sure:
    before the roll, during the dice (CK-COMP-DICE; in ``ck-2p`` a rethrow of an equal second
    sum has no event die, CK2P-ROLL-DOUBLE) or in the main phase after them."""
    if s.phase == PRE_ROLL:
        return per_turn
    if s.phase == MAIN:
        return 0
    if s.phase == DICE:
        if per_turn == 1:
            return 1
        rethrow = len(s.sums) == 2 and s.sums[0] == s.sums[1]
        return (0 if rethrow else 1) + (0 if s.sums else 1)
    raise ValueError(f"exact barbarian odds start before the roll, during the dice or in the "
                     f"main phase, not in phase {s.phase!r}")


def barbarian_arrival(game: Game, turns: int) -> dict[int, Fraction]:
    """P(the next barbarian attack comes in turn t), t = 1..turns (1: the current turn), from
    the ship's position (CK-EVENT-SHIP, CK-BOARD-TRACK); see :func:`arrival_pmf`. Assumes the
    game goes on that long (a playout that ends first sees no attack)."""
    s = game.state
    if not s.kn:
        raise ValueError(f"{game.variant} has no barbarians (a Cities & Knights variant has)")
    per_turn = rolls_per_turn(game)
    return arrival_pmf(TRACK - s.barb, turns, per_turn=per_turn,
                       first_turn=event_dice_left(s, per_turn))
