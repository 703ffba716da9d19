"""Cities & Knights' part of the state (ck, also in ck-2p): its phases, its records, its
fields (``State`` inherits ``CKFields``; the knights on the board are ``State.kn``)."""

from __future__ import annotations

from typing import NamedTuple

from ..extras import Field, extra

PROGRESS_DRAW = "progress-draw"  # a progress card is drawn (chance)
PILLAGE = "pillage"  # players choose the city the barbarians pillage
DEFENDER_DECK = "defender-deck"  # tied best defenders choose the deck they draw from
AQUEDUCT = "aqueduct"  # science 3+: a player who got nothing takes a resource
PROGRESS_DISCARD = "progress-discard"  # off turn over the hand limit of 4
RELOCATE = "relocate"  # the owner of a displaced knight moves it
SABOTAGE = "sabotage"  # Sabotage: players owing it discard half their hand
WEDDING = "wedding"  # Wedding: players owing gifts give cards of their choice
DESERT = "desert"  # Treason: the victim picks the knight they remove
DESERTER = "deserter"  # Treason: the player may place a knight in its stead
HARBOR = "harbor"  # Commercial Harbor: the receiver returns a commodity
PHASES = (PROGRESS_DRAW, PILLAGE, DEFENDER_DECK, AQUEDUCT, PROGRESS_DISCARD, RELOCATE,
          SABOTAGE, WEDDING, DESERT, DESERTER, HARBOR)  # added to base's  # fmt: skip
CHANCE = (PROGRESS_DRAW,)  # of which chance phases
RESOLVE = "resolve"  # transient: the event die's consequences go on (never stored)

COMMODITY_CARDS = 12  # rule="CK-COMP-COMMODITIES": of each kind


class Knight(NamedTuple):
    """A knight on its vertex (``State.kn``). ``fresh``: placed, activated or used this turn
    (it cannot act, CK-KNIGHT-ACTION-ELIGIBLE); ``promoted``: promoted this turn
    (CK-KNIGHT-PROMOTE)."""

    owner: int
    level: int  # 1 basic, 2 strong, 3 mighty
    active: bool
    fresh: bool
    promoted: bool


class DisplacedKnight(NamedTuple):
    """A displaced knight its owner moves (CK-KNIGHT-DISPLACE)."""

    owner: int
    vertex: int  # where it was displaced from
    level: int
    active: bool


class RemovedKnight(NamedTuple):
    """The knight Treason removed (CK-PC-TREASON): its owner, and what a deserter placed in its
    stead keeps."""

    victim: int
    level: int
    active: bool


class DueDraw(NamedTuple):
    """A progress card still to draw (CK-PROGRESS-DRAW-ORDER); track -1: the drawer picks it
    (CK-BARB-WIN)."""

    party: int
    track: int


class ProgressDeck(NamedTuple):
    """A progress track's deck: counts of the unseen shuffled kinds, then the known queue
    (CK-PROGRESS-DECK-MODEL)."""

    counts: tuple[int, ...]
    queue: tuple[int, ...]


class HarborTrade(NamedTuple):
    """Commercial Harbor (CK-PC-COMMERCIAL-HARBOR): the players still to trade with, and the
    pending ``(receiver, resource)`` or ``()``."""

    left: tuple[int, ...]
    pending: tuple[int, ...]


class CKFields:
    """The state fields of Cities & Knights (empty in other variants)."""

    __slots__ = ()

    walls: Field[tuple[bool, ...]] = extra("walls", ())  # per vertex: a wall under the city
    # per party: science, trade, politics
    levels: Field[tuple[tuple[int, int, int], ...]] = extra("levels", ())
    metro: Field[tuple[int, ...]] = extra("metro", ())  # per track: its metropolis' vertex, or -1
    barb: Field[int] = extra("barb", 0)  # barbarian ship position 0..7
    attacked: Field[bool] = extra("attacked", False)  # the first attack has happened
    defender: Field[tuple[int, ...]] = extra("defender", ())  # defender VP tokens per party
    pdecks: Field[tuple[ProgressDeck, ...]] = extra("pdecks", ())  # per track
    # progress cards held per party, sorted
    phand: Field[tuple[tuple[int, ...], ...]] = extra("phand", ())
    pvp: Field[tuple[int, ...]] = extra("pvp", ())  # VP progress cards laid out per party
    merchant: Field[tuple[int, int]] = extra("merchant", (-1, -1))  # (hex, controlling party)
    event: Field[str] = extra("event", "")  # the event die's face of the current roll
    draws: Field[tuple[DueDraw, ...]] = extra("draws", ())  # progress draws still due, in order
    pillage: Field[tuple[int, ...]] = extra("pillage", ())  # parties still to lose a city
    claims: Field[tuple[int, ...]] = extra("claims", ())  # science 3+: still to take a resource
    pdiscards: Field[tuple[int, ...]] = extra("pdiscards", ())  # owing a progress discard
    relocate: Field[DisplacedKnight | tuple[()]] = extra("relocate", ())  # a displaced knight
    # cities laid on their side (count as settlements)
    toppled: Field[tuple[int, ...]] = extra("toppled", ())
    # kinds Merchant Fleet lets the active player trade 2:1
    fleet: Field[tuple[int, ...]] = extra("fleet", ())
    taxed: Field[tuple[int, ...]] = extra("taxed", ())  # Taxation: still to be robbed, in order
    treason: Field[RemovedKnight | tuple[()]] = extra("treason", ())  # Treason
    harbor: Field[HarborTrade | tuple[()]] = extra("harbor", ())  # Commercial Harbor
