"""Expected production per roll or per turn, per player and card kind, as exact fractions."""

from __future__ import annotations

from fractions import Fraction

import pandas as pd

from ..board import CARD_NAMES
from ..game import Game
from ..rules.production import production
from ..state import State
from .odds import sum_odds, turn_sum_odds

AQUEDUCT = "aqueduct"  # rule="CK-IMPROVE-SCIENCE-3": a free resource of the player's choice
SCIENCE_3 = 3


def roll_yield(s: State, total: int) -> dict[str, list[int]]:
    """Cards each player receives on a throw of ``total`` in state ``s``: kind -> per player.

    The engine's own payout (BASE-PROD-YIELD, CK-PROD-CITY, BASE-ROBBER-BLOCK, neutrals
    and an inactive C&K robber included), before any bank shortage; in Cities & Knights the
    ``aqueduct`` entry counts the free resource of a science-3 player who got nothing.
    """
    kinds = CARD_NAMES[: len(s.bank)]
    out = {k: [0] * s.n for k in kinds}
    if total == 7:
        return out | ({AQUEDUCT: [0] * s.n} if s.caps.improvements else {})
    for kind, seats in production(s, total).items():
        out[kinds[kind]] = list(seats)
    if s.caps.improvements:
        got = [any(out[k][p] for k in kinds) for p in range(s.n)]
        out[AQUEDUCT] = [int(not got[p] and s.levels[p][0] >= SCIENCE_3) for p in range(s.n)]
    return out


def rolls_per_turn(game: Game) -> int:
    """Production rolls in one turn: 2 in ``base-2p`` and ``ck-2p`` (2P-ROLL-TWICE,
    CK2P-ROLL-DOUBLE), else 1."""
    return 2 if game.caps.double_roll else 1


def production_table(game: Game, per: str = "roll") -> pd.DataFrame:
    """Expected cards per player (rows P1..) and kind (columns) from the position as it stands.

    ``per="roll"``: one throw of the white and red dice (each sum with its exact odds, 7
    producing nothing). ``per="turn"``: one whole turn, i.e. one roll, or in the two-player
    variants two rolls whose sums differ (the second is thrown again while equal, so it is not
    an independent roll: a turn there gives less than twice a roll's 6 and 8). Values are
    ``Fraction``s (``table.astype(float)`` for plots); Cities & Knights adds an ``aqueduct``
    column (science level 3), and ``total`` sums the row.

    The board is taken as it stands for every roll of the turn: a robber moved by a first
    roll's 7, a city pillaged by a barbarian attack before production, and bank shortages
    (BASE-PROD-SHORTAGE) are not modelled.
    """
    if per not in ("roll", "turn"):
        raise ValueError(f"per must be 'roll' or 'turn', not {per!r}")
    rolls = rolls_per_turn(game) if per == "turn" else 1
    odds = turn_sum_odds(rolls) if rolls > 1 else sum_odds()
    s = game.state
    expected: dict[str, list[Fraction]] = {}
    for total, p in odds.items():
        for kind, seats in roll_yield(s, total).items():
            acc = expected.setdefault(kind, [Fraction(0)] * s.n)
            for seat, k in enumerate(seats):
                acc[seat] += p * k
    table = pd.DataFrame(expected, index=pd.Index(s.names[: s.n], name="player"), dtype=object)
    table["total"] = [sum(row, Fraction(0)) for row in zip(*expected.values(), strict=True)]
    table.attrs.update(per=per, rolls=rolls, variant=game.variant)
    return table
