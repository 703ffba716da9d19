"""The dummy variant's part of the state (base-dummy): its phases and its fields (``State``
inherits ``DummyFields``)."""

from __future__ import annotations

from typing import NamedTuple

from ..board import RESOURCES
from ..extras import Field, extra

BIDS = "bids"  # players pass or bid for the dummy's card, in seat order
TIEBREAK = "tiebreak"  # a die roll-off breaks a tie (chance)
DEV_DIE = "dev-die"  # does the dummy play a card? (chance)
CARD_DIE = "card-die"  # which card (chance)
RESOURCE_DIE = "resource-die"  # the dummy's monopoly resource (chance)
PHASES = (BIDS, TIEBREAK, DEV_DIE, CARD_DIE, RESOURCE_DIE)  # the phases it adds to base's
CHANCE = (TIEBREAK, DEV_DIE, CARD_DIE, RESOURCE_DIE)  # of which chance phases

# rule="DUMMY-DEV-MONOPOLY": faces 1..5 (6: roll again); 002's face 5 "wood" read as wool.
MONOPOLY_FACES = {1: 0, 2: 3, 3: 1, 4: 4, 5: 2}  # brick, grain, lumber, ore, wool
KNIGHT_FACES, ROAD_FACE, ARMY_FACE = (1, 2, 3), 4, 5  # 6: Monopoly


def die_meaning(die: str, value: int) -> str:
    """What a face of the dummy's own dice means, for the log (l38 read "The card die shows 6"
    and could not tell which card took its wool): '' for another die."""
    if die == "dev":  # DUMMY-DEV-DIE
        if value == 6:
            return "the dummy plays a card, and a second die says which"
        return "the dummy plays no card this turn"
    if die == "card":  # DUMMY-DEV-DIE
        if value in KNIGHT_FACES:
            return "the dummy plays a Knight"
        return {
            ROAD_FACE: "the dummy plays Longest Road",
            ARMY_FACE: "the dummy plays Largest Army",
        }.get(value, "the dummy plays Monopoly, and one more die says which resource")
    if die == "resource":  # DUMMY-DEV-MONOPOLY
        r = MONOPOLY_FACES.get(value)
        return "it is rolled again" if r is None else f"every {RESOURCES[r]} goes to the dummy"
    return ""


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
