"""Two production rolls per turn (2P-ROLL-TWICE, 2P-ROLL-DIFFERENT)."""

from __future__ import annotations

from ..actions import Die
from ..state import DICE, MAIN, ROLLOFF, State
from .production import add_die, apply_die, resolve_roll


def apply_die_twice(s: State, a: Die) -> None:
    """rule="2P-ROLL-TWICE": each roll fully resolved, then the second roll follows.

    rule="2P-ROLL-DIFFERENT": a second sum equal to the first is rolled again.
    """
    if s.phase == ROLLOFF:
        apply_die(s, a)
        return
    total = add_die(s, a)
    if total is None:
        return
    if s.sums and total == s.sums[0]:
        return  # the same sum again: both dice are rolled anew (phase stays DICE)
    s.sums = (*s.sums, total)
    resolve_roll(s, total, DICE if len(s.sums) == 1 else MAIN)
