"""Exact odds as fractions: dice sums, the second roll of a two-roll turn, the barbarians.

Nothing here plays a game; the figures come from the dice alone (BASE-PROD-ROLL,
2P-ROLL-DIFFERENT, CK2P-ROLL-SAME, CK-COMP-DICE, CK-EVENT-SHIP, CK-BOARD-TRACK).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb

SUMS = tuple(range(2, 13))
SHIP = Fraction(3, 6)  # rule="CK-COMP-DICE": three of the event die's six faces show the ship
TRACK = 7  # rule="CK-BOARD-TRACK": the ship attacks on its 7th step


@cache
def sum_odds() -> dict[int, Fraction]:
    """Probability of each sum 2..12 of the white and red dice (both fair, six faces)."""
    odds = dict.fromkeys(SUMS, Fraction(0))
    for white in range(1, 7):
        for red in range(1, 7):
            odds[white + red] += Fraction(1, 36)
    return odds


def second_roll_odds(first: int) -> dict[int, Fraction]:
    """The second production sum of a two-roll turn after ``first``: a sum equal to the first
    is thrown again (2P-ROLL-DIFFERENT, CK2P-ROLL-SAME), so the other sums keep their
    relative odds and ``first`` has none."""
    odds = sum_odds()
    rest = 1 - odds[first]
    return {t: (Fraction(0) if t == first else p / rest) for t, p in odds.items()}


def turn_sum_odds(rolls: int) -> dict[int, Fraction]:
    """Expected number of times each sum is thrown for production in one turn of ``rolls``
    production rolls (1, or 2 in the two-player variants); the values sum to ``rolls``."""
    if rolls not in (1, 2):
        raise ValueError(f"a turn has 1 or 2 production rolls, not {rolls}")
    odds = sum_odds()
    if rolls == 1:
        return dict(odds)
    out = dict(odds)
    for first, p in odds.items():
        for t, q in second_roll_odds(first).items():
            out[t] += p * q
    return out


def arrival_pmf(
    steps: int,
    turns: int,
    *,
    per_turn: int = 1,
    first_turn: int | None = None,
    ship: Fraction = SHIP,
) -> dict[int, Fraction]:
    """P(the barbarians attack in turn t) for t = 1..turns, exactly (negative binomial).

    The ship needs ``steps`` more ship faces; each event die shows one with probability
    ``ship``. Turn 1 (the current one) has ``first_turn`` event dice still to come (default
    ``per_turn``), every later turn ``per_turn`` (2 in ``ck-2p``). The attack happens at the
    event die that brings the ``steps``-th ship: P(die j) = C(j-1, steps-1) ship^steps
    (1-ship)^(j-steps). ``1 - sum(values)`` is the chance of no attack within ``turns``.
    """
    if not 1 <= steps <= TRACK:
        raise ValueError(f"the ship is 1 to {TRACK} steps from attacking, not {steps}")
    first = per_turn if first_turn is None else first_turn
    pmf = dict.fromkeys(range(1, turns + 1), Fraction(0))
    last_die = first + (turns - 1) * per_turn
    for j in range(steps, last_die + 1):
        turn = 1 if j <= first else 1 + -(-(j - first) // per_turn)
        pmf[turn] += comb(j - 1, steps - 1) * ship**steps * (1 - ship) ** (j - steps)
    return pmf


def arrival_stats(pmf: dict[int, Fraction]) -> tuple[Fraction, Fraction | None]:
    """(P(an attack within the horizon), mean arrival turn given one), from :func:`arrival_pmf`."""
    within = sum(pmf.values(), Fraction(0))
    if not within:
        return within, None
    return within, sum((t * p for t, p in pmf.items()), Fraction(0)) / within
