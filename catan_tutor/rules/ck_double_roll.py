"""Rolling twice with the three dice of Cities & Knights (CK2P-ROLL-*).

``State.sums`` holds the production sums of the turn. ``(x, x)`` marks the second throw having
matched the first: only the white and red dice are rolled again (no event die) until they differ.
"""

from __future__ import annotations

from ..actions import Die
from ..state import DICE, MAIN, State
from ..variants.ck_state import RESOLVE
from . import ck_turn


def rerolling(s: State) -> bool:
    return len(s.sums) == 2 and s.sums[0] == s.sums[1]


def apply_die(s: State, a: Die) -> None:
    ck_turn.apply_die(s, a)
    if rerolling(s) and len(s.rolled) == 2:  # the number dice alone: straight to production
        s.dice, s.rolled = s.rolled, ()
        s.phase = RESOLVE


def produce(s: State) -> None:
    """Production of one of the two rolls, once its event is resolved.

    rule="CK2P-ROLL-SAME": the second sum must differ from the first (white + red); if equal,
    the number dice are rolled again. rule="CK2P-ROLL-EVENT-RED": the event and its draws were
    resolved with the first throw's red die. rule="CK2P-ROLL-AQUEDUCT": each production checks
    science level 3.
    """
    total = sum(s.dice)
    if s.sums and total == s.sums[0]:
        s.sums = (total, total)
        s.rolled = ()
        s.phase = DICE
        return
    s.sums = (*s.sums[:1], total)
    ck_turn.produce_roll(s)


def next_roll(s: State) -> None:
    """rule="CK2P-ROLL-DOUBLE": once the first roll is resolved, the three dice again."""
    if s.phase == MAIN and len(s.sums) == 1:
        s.rolled = ()
        s.phase = DICE
