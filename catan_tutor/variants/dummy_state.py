"""The dummy variant's part of the state (base-dummy): its phases and its fields (``State``
inherits ``DummyFields``)."""

from __future__ import annotations

from typing import NamedTuple

from ..extras import Field, extra

BIDS = "bids"  # players pass or bid for the dummy's card, in seat order
TIEBREAK = "tiebreak"  # a die roll-off breaks a tie (chance)
DEV_DIE = "dev-die"  # does the dummy play a card? (chance)
CARD_DIE = "card-die"  # which card (chance)
RESOURCE_DIE = "resource-die"  # the dummy's monopoly resource (chance)
PHASES = (BIDS, TIEBREAK, DEV_DIE, CARD_DIE, RESOURCE_DIE)  # the phases it adds to base's
CHANCE = (TIEBREAK, DEV_DIE, CARD_DIE, RESOURCE_DIE)  # of which chance phases


class BidTerms(NamedTuple):
    """What a player offers for the dummy's card (DUMMY-TRADE-BID)."""

    give: tuple[int, ...]
    get: int  # the resource wanted


class Tiebreak(NamedTuple):
    """A die roll-off of the dummy variant (DUMMY-*): why, who rolls, the totals so far."""

    purpose: str  # "robber", "steal" or "bid"
    candidates: tuple[int, ...]
    totals: tuple[int, ...]


class DummyFields:
    """The state fields of base-dummy (DUMMY-TRADE-PROTOCOL, DUMMY-TRADE-BID)."""

    __slots__ = ()

    # per party: None not answered yet, () passed, else the bid
    bids: Field[tuple[BidTerms | tuple[()] | None, ...]] = extra("bids", ())
    tiebreak: Field[Tiebreak | tuple[()]] = extra("tiebreak", ())
