"""Cities & Knights for two's own part of the state (ck-2p; it has ck's and base-2p's too):
its phases and its field (``State`` inherits ``CK2PFields``)."""

from __future__ import annotations

from typing import NamedTuple

from ..extras import Field, extra

FORCE_DRAW = "force-draw"  # a forced trade: a card drawn blind from the opponent (chance)
FORCE_GIVE = "force-give"  # a forced trade: the taker gives 2 cards back
PHASES = (FORCE_DRAW, FORCE_GIVE)  # the phases it adds to ck's and base-2p's
CHANCE = (FORCE_DRAW,)  # of which chance phases


class ForcedState(NamedTuple):
    """A forced trade under way (CK2P-TOKEN-FORCED-TRADE): ``every``: over all hand cards
    (else resources only); ``drawn``: the cards drawn blind so far, counts per kind."""

    every: bool
    drawn: tuple[int, ...]


class CK2PFields:
    """The state field of ck-2p."""

    __slots__ = ()

    forced: Field[ForcedState | tuple[()]] = extra("forced", ())  # a blind forced trade
