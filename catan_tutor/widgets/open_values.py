"""A puzzle's form offers every value where the value is the question, not the legal ones
only (a fresh learner, puzzle 3.2 "Get it from the bank at the best rate": the rate list
offered "2" and "4", the learner's legal rates, and the answer is the smaller one). A bank
trade's form under an open question offers every rate (2, 3 and 4: BASE-TRADE-MARITIME),
every card to give and to get; an improvement's form every track
(CK-IMPROVE-BUILD); a wrong one is answered by the why-not.
"""

from __future__ import annotations

from ..actions import TRACK_NAMES, Action, BankTrade, Improve
from ..game import Game

RATES = (2, 3, 4)  # the bank's rates: 4:1, a 3:1 harbor, a 2:1 harbor (BASE-TRADE-MARITIME)


def every_value(game: Game, actions: list[Action]) -> list[Action]:
    """``actions`` with a bank trade's rate and cards, an improvement's track, over every
    value (the seats and other kinds as they are), in the order of their fields: nothing in
    the lists' order tells which values are legal."""
    out = dict.fromkeys(actions)
    kinds = range(len(game.state.bank))
    for a in actions:
        if isinstance(a, BankTrade):
            out.update(
                dict.fromkeys(
                    BankTrade(a.player, give, rate, get)
                    for give in kinds
                    for rate in RATES
                    for get in kinds
                    if give != get
                )
            )
        elif isinstance(a, Improve):
            out.update(
                dict.fromkeys(Improve(a.player, t, a.vertex) for t in range(len(TRACK_NAMES)))
            )
    wide = [a for a in out if isinstance(a, (BankTrade, Improve))]
    wide.sort(key=lambda a: (type(a).__name__, a.player, *_fields(a)))
    return [a for a in out if not isinstance(a, (BankTrade, Improve))] + wide


def _fields(a: BankTrade | Improve) -> tuple[int, ...]:
    return (a.give, a.count, a.get) if isinstance(a, BankTrade) else (a.track, a.vertex)
