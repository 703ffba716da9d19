"""Ending the turn (BASE-TURN-PHASES)."""

from __future__ import annotations

from ..actions import EndTurn
from ..state import MAIN, PRE_ROLL, State
from .common import Reason, phase_refusal, turn_seats


def check_end(s: State, a: EndTurn) -> Reason | None:
    if s.phase == MAIN:
        return None
    return phase_refusal(s, "ending the turn")


def apply_end(s: State, a: EndTurn) -> None:
    """The next seat clockwise becomes active; its win is checked as its turn begins."""
    next_turn(s)


def next_turn(s: State) -> None:
    """Hand the turn to the next seat, resetting what counts per turn."""
    s.dev_played = False
    if s.token_used or s.knight_returned or s.sums:  # written only when set: shared extras
        s.token_used = s.knight_returned = False
        s.sums = ()
    s.newdev = (0,) * 5
    s.active = (s.active + 1) % turn_seats(s)
    s.turn += 1
    s.dice = ()
    s.phase = PRE_ROLL
