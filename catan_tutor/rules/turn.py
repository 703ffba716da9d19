"""Ending the turn (BASE-TURN-PHASES)."""

from __future__ import annotations

from ..actions import EndTurn
from ..state import MAIN, PRE_ROLL, State
from .building import _phase_reason
from .common import Reason


def check_end(s: State, a: EndTurn) -> Reason | None:
    if s.phase == MAIN:
        return None
    return _phase_reason(s, "ending the turn")


def apply_end(s: State, a: EndTurn) -> None:
    """The next seat clockwise becomes active; its win is checked as its turn begins."""
    s.dev_played = False
    s.newdev = (0,) * 5
    s.active = (s.active + 1) % s.n
    s.turn += 1
    s.dice = ()
    s.phase = PRE_ROLL
