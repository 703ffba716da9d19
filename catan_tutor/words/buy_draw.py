"""A development card bought and the card drawn for it, told in one line of the log.

l26 read one purchase twice: "P3 buys a development card (1 wool, 1 grain, 1 ore)." then "P3
draws a development card." The draw is chance's step after the buy (BASE-BUILD-DEVCARD); the
log tells it in the buy's line, for everyone: "P3 buys a development card (1 wool, 1 grain,
1 ore) and draws one."; to the seats whose hands show, the card's name as before ("… and
draws one: Knight."). While the draw is under way (the buy's node shown), the buy alone.
"""

from __future__ import annotations

import re

from ..actions import Action, BuyDev
from ..state import DRAW, State

# the buy's sentence, then the draw's (its card named or not): ``narrate.events``' words
_TWO = re.compile(
    r"(?P<who>\S+) buys a development card (?P<cost>\([^()]*\))\. (?P=who) draws a "
    r"development card(?P<card>: [^.]+)?\."
)


def buying(action: Action | None, after: State) -> bool:
    """``action``, leading to ``after``, bought a development card, its card still to be
    drawn."""
    return isinstance(action, BuyDev) and after.phase == DRAW


def folded(line: str) -> str:
    """``line`` (a buy and its draw told one after the other) with the draw said in the
    buy's sentence: "P3 buys a development card (…) and draws one[: Knight]."."""
    return _TWO.sub(
        lambda m: f"{m['who']} buys a development card {m['cost']} and draws one{m['card'] or ''}.",
        line,
    )
