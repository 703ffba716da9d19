"""The exact odds of the next barbarian attack from a Cities & Knights position."""

from __future__ import annotations

from fractions import Fraction

from ..game import Game
from ..state import (
    BOARD,
    DICE,
    DISCARD,
    PRE_ROLL,
    ROBBER,
    ROLLOFF,
    SETUP_ROAD,
    SETUP_SETTLE,
    STEAL,
    State,
)
from ..variants.ck_state import AQUEDUCT, DEFENDER_DECK, PILLAGE, PROGRESS_DISCARD, PROGRESS_DRAW
from ..variants.ck_two_player_state import FORCE_DRAW, FORCE_GIVE
from .odds import TRACK, arrival_pmf
from .production import rolls_per_turn

# After an event die and before its production (CK-TURN-ROLL-PHASE: the event first).
_EVENT_RESOLUTION = frozenset((PILLAGE, DEFENDER_DECK, PROGRESS_DRAW, PROGRESS_DISCARD))
# After a production roll's payout or 7, before the next roll (CK-SEVEN-DISCARD and the
# robber, CK-IMPROVE-SCIENCE-3).
_AFTER_PRODUCTION = frozenset((AQUEDUCT, DISCARD, ROBBER, STEAL))
_FORCED_TRADE = frozenset((FORCE_DRAW, FORCE_GIVE))
_BEFORE_TURN_1 = frozenset((BOARD, ROLLOFF, SETUP_SETTLE, SETUP_ROAD))


def event_dice_left(s: State, per_turn: int) -> int:
    """Event dice still to be thrown in the current turn (CK-COMP-DICE), in any phase.

    One a turn in ``ck``: still to come before the roll and during the dice. Two in ``ck-2p``
    (CK2P-ROLL-DOUBLE), told apart by the production sums of the turn so far (``s.sums``): a
    rethrow of an equal second sum has no event die, and between the rolls the first roll's
    event or payout is being resolved. None during the setup (turn 0).
    """
    if s.phase in _BEFORE_TURN_1:
        return 0
    if s.phase == PRE_ROLL or (s.phase in _FORCED_TRADE and not s.sums):
        return per_turn  # a ck-2p forced trade made before the first roll (CK2P-ROLL-TIMING)
    if per_turn == 1:
        return int(s.phase == DICE)
    if s.phase == DICE:
        return 0 if len(s.sums) == 2 else 2 - len(s.sums)
    if not s.sums and s.phase in _EVENT_RESOLUTION:
        return 1
    return int(len(s.sums) == 1 and s.phase in _AFTER_PRODUCTION)


def barbarian_arrival(game: Game, turns: int, *, cumulative: bool = False) -> dict[int, Fraction]:
    """P(the next barbarian attack comes in turn t), t = 1..turns (1: the current turn), from
    the ship's position (CK-EVENT-SHIP, CK-BOARD-TRACK) and the event dice still due this
    turn; see :func:`arrival_pmf`. ``cumulative=True``: P(it has come by turn t). Assumes the
    game goes on that long (a playout that ends first sees no attack)."""
    s = game.state
    if not s.caps.improvements:
        raise ValueError(f"{game.variant} has no barbarians (a Cities & Knights variant has)")
    per_turn = rolls_per_turn(game)
    pmf = arrival_pmf(
        TRACK - s.barb, turns, per_turn=per_turn, first_turn=event_dice_left(s, per_turn)
    )
    if not cumulative:
        return pmf
    total, cdf = Fraction(0), {}
    for t, p in pmf.items():
        total += p
        cdf[t] = total
    return cdf
