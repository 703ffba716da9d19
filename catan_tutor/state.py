"""The game state: flat tuples indexed by seat, vertex and edge, shared between snapshots."""

from __future__ import annotations

from operator import attrgetter
from typing import Any, NamedTuple, Protocol, TypeVar, overload

from .board import N_EDGES, N_VERTICES, Layout
from .variants.capabilities import BASE, Capabilities

# Phases. Chance phases wait for a chance outcome; the others for a player's decision.
BOARD = "board"  # laying out a variable board (chance)
ROLLOFF = "rolloff"  # first-player roll-off (chance)
SETUP_SETTLE = "setup-settle"
SETUP_ROAD = "setup-road"
PRE_ROLL = "pre-roll"
DICE = "dice"  # (chance)
DISCARD = "discard"
ROBBER = "robber"
STEAL = "steal"  # (chance)
MAIN = "main"
ROAD_BUILDING = "road-building"
DRAW = "draw"  # (chance)
OFFER = "offer"
OVER = "over"
# Two-player variants
NEUTRAL = "neutral"  # base-2p: the builder builds the mirrored piece for a neutral
BIDS = "bids"  # base-dummy: players pass or bid for the dummy's card, in seat order
TIEBREAK = "tiebreak"  # base-dummy: a die roll-off breaks a tie (chance)
DEV_DIE = "dev-die"  # base-dummy: does the dummy play a card? (chance)
CARD_DIE = "card-die"  # base-dummy: which card (chance)
RESOURCE_DIE = "resource-die"  # base-dummy: the dummy's monopoly resource (chance)
END = "end"  # transient: the current turn ends now (never stored)
RESOLVE = "resolve"  # transient, C&K: the event die's consequences go on (never stored)
# Cities & Knights
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
# Cities & Knights for two
FORCE_DRAW = "force-draw"  # a forced trade: a card drawn blind from the opponent (chance)
FORCE_GIVE = "force-give"  # a forced trade: the taker gives 2 cards back
PHASES = (BOARD, ROLLOFF, SETUP_SETTLE, SETUP_ROAD, PRE_ROLL, DICE, DISCARD, ROBBER, STEAL, MAIN,
          ROAD_BUILDING, DRAW, OFFER, OVER, NEUTRAL, BIDS, TIEBREAK, DEV_DIE, CARD_DIE,
          RESOURCE_DIE, PROGRESS_DRAW, PILLAGE, DEFENDER_DECK, AQUEDUCT, PROGRESS_DISCARD,
          RELOCATE, SABOTAGE, WEDDING, DESERT, DESERTER, HARBOR, FORCE_DRAW,
          FORCE_GIVE)  # fmt: skip
CHANCE_PHASES = frozenset(
    (
        BOARD,
        ROLLOFF,
        DICE,
        STEAL,
        DRAW,
        TIEBREAK,
        DEV_DIE,
        CARD_DIE,
        RESOURCE_DIE,
        PROGRESS_DRAW,
        FORCE_DRAW,
    )
)

# rule="BASE-COMP-PIECES", rule="BASE-COMP-CARDS"
ROADS, SETTLEMENTS, CITIES = 15, 5, 4
RESOURCE_CARDS = 19
COMMODITY_CARDS = 12  # rule="CK-COMP-COMMODITIES": of each kind
TOKENS, START_TOKENS = 20, 5  # rule="2P-SETUP-TOKENS"
DEV_DECK = (14, 5, 2, 2, 2)  # knight, vp, roadbuilding, plenty, monopoly


def tset(t: tuple, i: int, value) -> tuple:
    """``t`` with item ``i`` replaced (state fields other than hands and bank are tuples)."""
    return (*t[:i], value, *t[i + 1 :])


def tadd(t: tuple, i: int, delta: int) -> tuple:
    return (*t[:i], t[i] + delta, *t[i + 1 :])


def laid(s: State) -> Layout:
    """The board's layout: None only while a variable board is laid out (phase BOARD)."""
    layout = s.layout
    assert layout is not None, "the board is still being laid out"
    return layout


T = TypeVar("T")


class _Field(Protocol[T]):
    """What a type checker sees of an ``Extras`` field's property on ``State``."""

    @overload
    def __get__(self, s: None, owner: type | None = None) -> _Field[T]: ...
    @overload
    def __get__(self, s: State, owner: type | None = None) -> T: ...
    def __set__(self, s: State, value: T) -> None: ...


def _extra(name: str) -> Any:
    """The property reading and writing ``Extras.<name>`` (copied on the first write)."""

    def put(s: State, value: object) -> None:
        if not s.own_extras:
            s.extras = s.extras.copy()
            s.own_extras = True
        s.extras.__dict__[name] = value

    return property(attrgetter(f"extras.{name}"), put, doc=f"``Extras.{name}``")  # read in C


class Knight(NamedTuple):
    """A C&K knight on its vertex (``State.kn``). ``fresh``: placed, activated or used this turn
    (it cannot act, CK-KNIGHT-ACTION-ELIGIBLE); ``promoted``: promoted this turn
    (CK-KNIGHT-PROMOTE)."""

    owner: int
    level: int  # 1 basic, 2 strong, 3 mighty
    active: bool
    fresh: bool
    promoted: bool


class ForcedState(NamedTuple):
    """A ck-2p forced trade under way (CK2P-TOKEN-FORCED-TRADE): ``every``: over all hand
    cards (else resources only); ``drawn``: the cards drawn blind so far, counts per kind."""

    every: bool
    drawn: tuple[int, ...]


class PendingOffer(NamedTuple):
    """A trade offer the active player made to ``to`` (BASE-TRADE-DOMESTIC)."""

    to: int
    give: tuple[int, ...]
    get: tuple[int, ...]


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


class BidTerms(NamedTuple):
    """base-dummy: what a player offers for the dummy's card (DUMMY-TRADE-BID)."""

    give: tuple[int, ...]
    get: int  # the resource wanted


class Tiebreak(NamedTuple):
    """A die roll-off of the dummy variant (DUMMY-*): why, who rolls, the totals so far."""

    purpose: str  # "robber", "steal" or "bid"
    candidates: tuple[int, ...]
    totals: tuple[int, ...]


class NeutralDue(NamedTuple):
    """base-2p: the neutral piece the builder owes (2P-NEUTRAL-MIRROR)."""

    owed: str  # the piece owed: "settle", "road", "knight" or "promote"
    resume: str  # the phase to return to
    built: str  # what the builder built (owed differs when none fits: a road)
    more: int  # Smithing (ck-2p): further promotions owed after this one


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


class State:
    """Everything that decides the game from here on.

    Every field is immutable (tuples), so a snapshot is a shallow copy sharing them all, and
    the rules replace a field when it changes.

    *Parties* are indexed 0..len(names)-1: the ``n`` players first, then the neutrals
    (``owners`` counts players and neutrals: everyone who can own pieces), then the dummy
    (``dummy`` is its index, or -1). Per-seat tuples are indexed by party.

    The fields only some variants use (``EXTRA_FIELDS``) live in one ``Extras`` record,
    shared between snapshots and copied on the first write (their properties below), so a
    base game's snapshot copies only its own fields.

    ``caps`` is the variant's ``Capabilities`` (declared in ``variants/``), set when the state
    is made or decoded and shared by every snapshot: rules code that has only the state asks
    ``s.caps.knights`` (and so on), never whether a field is empty.
    """

    __slots__ = (
        "n", "colors", "layout", "phase", "turn", "active", "setup_step", "setup_vertex",
        "robber", "vowner", "vcity", "eowner", "hands", "bank", "deck", "deck_top", "dev",
        "newdev", "knights", "dev_played", "roads", "settlements", "cities", "road_len",
        "longest", "army", "dice", "rolled", "discards", "resume", "victim",
        "free_roads", "offer", "winner", "rolloff", "tiles", "harbor_kinds", "shuffle_harbors",
        "names", "owners", "dummy", "kn", "extras", "own_extras", "caps",
    )  # fmt: skip

    # ``Extras`` fields, read and written through properties (``_extra``)
    tokens: _Field[tuple[int, ...]] = _extra("tokens")
    token_supply: _Field[int] = _extra("token_supply")
    token_used: _Field[bool] = _extra("token_used")
    knight_returned: _Field[bool] = _extra("knight_returned")
    sums: _Field[tuple[int, ...]] = _extra("sums")
    neutral_due: _Field[NeutralDue | tuple[()]] = _extra("neutral_due")
    bids: _Field[tuple[BidTerms | tuple[()] | None, ...]] = _extra("bids")
    tiebreak: _Field[Tiebreak | tuple[()]] = _extra("tiebreak")
    walls: _Field[tuple[bool, ...]] = _extra("walls")
    levels: _Field[tuple[tuple[int, int, int], ...]] = _extra("levels")
    metro: _Field[tuple[int, ...]] = _extra("metro")
    barb: _Field[int] = _extra("barb")
    attacked: _Field[bool] = _extra("attacked")
    defender: _Field[tuple[int, ...]] = _extra("defender")
    pdecks: _Field[tuple[ProgressDeck, ...]] = _extra("pdecks")
    phand: _Field[tuple[tuple[int, ...], ...]] = _extra("phand")
    pvp: _Field[tuple[int, ...]] = _extra("pvp")
    merchant: _Field[tuple[int, int]] = _extra("merchant")
    event: _Field[str] = _extra("event")
    draws: _Field[tuple[DueDraw, ...]] = _extra("draws")
    pillage: _Field[tuple[int, ...]] = _extra("pillage")
    claims: _Field[tuple[int, ...]] = _extra("claims")
    pdiscards: _Field[tuple[int, ...]] = _extra("pdiscards")
    relocate: _Field[DisplacedKnight | tuple[()]] = _extra("relocate")
    toppled: _Field[tuple[int, ...]] = _extra("toppled")
    fleet: _Field[tuple[int, ...]] = _extra("fleet")
    taxed: _Field[tuple[int, ...]] = _extra("taxed")
    treason: _Field[RemovedKnight | tuple[()]] = _extra("treason")
    harbor: _Field[HarborTrade | tuple[()]] = _extra("harbor")
    forced: _Field[ForcedState | tuple[()]] = _extra("forced")

    def __init__(
        self, n: int, layout: Layout | None, colors: tuple[str, ...], caps: Capabilities = BASE
    ):
        self.caps = caps  # the variant's declared facts: ask these, never sniff the fields
        neutrals, dummy = caps.neutrals, caps.dummy
        self.n = n
        self.names = (
            *(f"P{p + 1}" for p in range(n)),
            *(f"N{i + 1}" for i in range(neutrals)),
            *(("D",) if dummy else ()),
        )
        self.owners = n + neutrals
        self.dummy = self.owners if dummy else -1
        m = len(self.names)
        self.colors = colors
        self.layout = layout
        self.phase = SETUP_SETTLE
        self.turn = 0  # 0 during setup, then 1, 2, ...
        self.active = 0
        self.setup_step = 0
        self.setup_vertex = -1
        self.robber = layout.desert() if layout else -1  # rule="BASE-BOARD-ROBBER-START"
        self.vowner: tuple[int, ...] = (-1,) * N_VERTICES
        self.vcity: tuple[bool, ...] = (False,) * N_VERTICES
        self.eowner: tuple[int, ...] = (-1,) * N_EDGES
        self.hands: tuple[tuple[int, ...], ...] = ((0,) * 5,) * m
        self.bank: tuple[int, ...] = (RESOURCE_CARDS,) * 5
        self.deck: tuple[int, ...] = DEV_DECK
        self.deck_top: tuple[int, ...] = ()  # forced next cards, drawn before the shuffled rest
        self.dev: tuple[tuple[int, ...], ...] = ((0,) * 5,) * m  # unplayed (VP included)
        self.newdev: tuple[int, ...] = (0,) * 5  # cards the active player bought this turn
        self.knights = (0,) * m  # played Knight cards (the dummy: its army number)
        self.dev_played = False
        self.roads = (0,) * m
        self.settlements = (0,) * m
        self.cities = (0,) * m
        self.road_len = (0,) * m  # the dummy: its road number
        self.longest = -1
        self.army = -1
        self.dice: tuple[int, ...] = ()  # faces of the last complete roll
        self.rolled: tuple[int, ...] = ()  # faces of the roll in progress
        self.discards = (0,) * m  # cards still owed
        self.resume = MAIN  # phase to return to after the robber or Road Building
        self.victim = -1
        self.free_roads = 0
        self.offer: PendingOffer | None = None
        self.winner = -1
        self.rolloff: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())  # candidates, totals
        self.tiles: tuple[int, ...] = ()  # variable board being laid: terrain per hex, -1 = not yet
        self.harbor_kinds: tuple[int, ...] = ()
        self.shuffle_harbors = False
        self.kn: tuple[Knight | None, ...] = ()  # C&K, per vertex: a knight or None
        self.extras = Extras(m)
        self.own_extras = True

    def name(self, p: int) -> str:
        """The party's name as a learner reads it: P1.., "Neutral 1"/"Neutral 2" for the
        neutrals (never "N1", a corner's label), D for the dummy. The notation keeps
        ``names`` (P1.., N1/N2, D)."""
        if self.n <= p < self.owners:
            return f"Neutral {p - self.n + 1}"
        return self.names[p] if 0 <= p < len(self.names) else f"P{p + 1}"

    def copy(self) -> State:
        """A snapshot sharing every (immutable) field; one assignment per line, the
        quickest way CPython copies a slotted object."""
        s = State.__new__(State)
        s.n = self.n
        s.colors = self.colors
        s.layout = self.layout
        s.phase = self.phase
        s.turn = self.turn
        s.active = self.active
        s.setup_step = self.setup_step
        s.setup_vertex = self.setup_vertex
        s.robber = self.robber
        s.vowner = self.vowner
        s.vcity = self.vcity
        s.eowner = self.eowner
        s.hands = self.hands
        s.bank = self.bank
        s.deck = self.deck
        s.deck_top = self.deck_top
        s.dev = self.dev
        s.newdev = self.newdev
        s.knights = self.knights
        s.dev_played = self.dev_played
        s.roads = self.roads
        s.settlements = self.settlements
        s.cities = self.cities
        s.road_len = self.road_len
        s.longest = self.longest
        s.army = self.army
        s.dice = self.dice
        s.rolled = self.rolled
        s.discards = self.discards
        s.resume = self.resume
        s.victim = self.victim
        s.free_roads = self.free_roads
        s.offer = self.offer
        s.winner = self.winner
        s.rolloff = self.rolloff
        s.tiles = self.tiles
        s.harbor_kinds = self.harbor_kinds
        s.shuffle_harbors = self.shuffle_harbors
        s.names = self.names
        s.owners = self.owners
        s.dummy = self.dummy
        s.kn = self.kn
        s.extras = self.extras
        s.caps = self.caps
        s.own_extras = self.own_extras = False  # shared now: whoever writes first copies
        return s


class Extras:
    """The fields of two-player variants and Cities & Knights (see ``State``)."""

    def __init__(self, m: int):
        self.tokens: tuple[int, ...] = (0,) * m  # trade tokens held (2P-TOKEN-*)
        self.token_supply: int = 0
        self.token_used: bool = False  # a token action was taken this turn
        self.knight_returned: bool = False  # a Knight card (ck-2p: knight) cashed in
        self.sums: tuple[int, ...] = ()  # production sums (2P-ROLL-TWICE); ck-2p (x, x): reroll
        self.neutral_due: NeutralDue | tuple[()] = ()
        self.bids: tuple[BidTerms | tuple[()] | None, ...] = ()  # None: not answered, (): pass
        self.tiebreak: Tiebreak | tuple[()] = ()
        # Cities & Knights (empty in other variants)
        self.walls: tuple[bool, ...] = ()  # per vertex: a city wall under the city there
        self.levels: tuple[tuple[int, int, int], ...] = ()  # per party: science, trade, politics
        self.metro: tuple[int, ...] = ()  # per track: the vertex of its metropolis, or -1
        self.barb: int = 0  # barbarian ship position 0..7
        self.attacked: bool = False  # the first attack has happened (the robber is active)
        self.defender: tuple[int, ...] = ()  # defender VP tokens per party
        self.pdecks: tuple[ProgressDeck, ...] = ()  # per track
        self.phand: tuple[tuple[int, ...], ...] = ()  # progress cards held per party, sorted
        self.pvp: tuple[int, ...] = ()  # VP progress cards laid out per party
        self.merchant: tuple[int, int] = (-1, -1)  # (hex, controlling party)
        self.event: str = ""  # the event die's face of the current roll
        self.draws: tuple[DueDraw, ...] = ()  # progress draws still due, in order
        self.pillage: tuple[int, ...] = ()  # parties still to choose a city to lose
        self.claims: tuple[int, ...] = ()  # science 3+ parties still to take a resource
        self.pdiscards: tuple[int, ...] = ()  # parties owing a progress discard
        self.relocate: DisplacedKnight | tuple[()] = ()  # a displaced knight
        self.toppled: tuple[int, ...] = ()  # cities laid on their side (count as settlements)
        self.fleet: tuple[int, ...] = ()  # kinds Merchant Fleet lets the active player trade 2:1
        self.taxed: tuple[int, ...] = ()  # Taxation: players still to be robbed, in order
        self.treason: RemovedKnight | tuple[()] = ()  # Treason
        self.harbor: HarborTrade | tuple[()] = ()  # Commercial Harbor
        self.forced: ForcedState | tuple[()] = ()  # ck-2p: a blind forced trade under way

    def copy(self) -> Extras:
        e = Extras.__new__(Extras)
        e.__dict__ = self.__dict__.copy()
        return e


EXTRA_FIELDS = tuple(Extras(0).__dict__)
