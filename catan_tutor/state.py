"""The game state: flat tuples indexed by seat, vertex and edge, shared between snapshots."""

from __future__ import annotations

from typing import NamedTuple

from .board import N_EDGES, N_VERTICES, Layout
from .extras import Extras, extra_fields
from .variants import ck_state, ck_two_player_state, dummy_state, two_player_state
from .variants.capabilities import BASE, Capabilities
from .variants.ck_state import CKFields, Knight
from .variants.ck_two_player_state import CK2PFields
from .variants.dummy_state import DummyFields
from .variants.two_player_state import TwoPlayerFields

# Phases of base; each variant declares the phases it adds (``variants/<variant>_state.py``).
# Chance phases wait for a chance outcome; the others for a player's decision.
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
END = "end"  # transient: the current turn ends now (never stored)
CORE_PHASES = (BOARD, ROLLOFF, SETUP_SETTLE, SETUP_ROAD, PRE_ROLL, DICE, DISCARD, ROBBER, STEAL,
               MAIN, ROAD_BUILDING, DRAW, OFFER, OVER)  # fmt: skip
CORE_CHANCE = (BOARD, ROLLOFF, DICE, STEAL, DRAW)

# The variants' own parts of the state, each declared in its module: its phases and fields
VARIANT_PARTS = (two_player_state, dummy_state, ck_state, ck_two_player_state)
PHASES: tuple[str, ...] = CORE_PHASES + tuple(ph for v in VARIANT_PARTS for ph in v.PHASES)
CHANCE_PHASES = frozenset((*CORE_CHANCE, *(ph for v in VARIANT_PARTS for ph in v.CHANCE)))

# rule="BASE-COMP-PIECES", rule="BASE-COMP-CARDS"
ROADS, SETTLEMENTS, CITIES = 15, 5, 4
RESOURCE_CARDS = 19
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


class PendingOffer(NamedTuple):
    """A trade offer the active player made to ``to`` (BASE-TRADE-DOMESTIC)."""

    to: int
    give: tuple[int, ...]
    get: tuple[int, ...]


class State(TwoPlayerFields, DummyFields, CKFields, CK2PFields):
    """Everything that decides the game from here on.

    Every field is immutable (tuples), so a snapshot is a shallow copy sharing them all, and
    the rules replace a field when it changes.

    *Parties* are indexed 0..len(names)-1: the ``n`` players first, then the neutrals
    (``owners`` counts players and neutrals: everyone who can own pieces), then the dummy
    (``dummy`` is its index, or -1). Per-seat tuples are indexed by party.

    The fields only some variants use (``EXTRA_FIELDS``) are declared by those variants
    (the mixins ``State`` inherits, from ``variants/<variant>_state.py``) and live in one
    ``Extras`` record, shared between snapshots and copied on the first write, so a base
    game's snapshot copies only its own fields.

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
        neutrals (never "N1", a corner's label), "the dummy" for the dummy (never "D", a
        hex's letter; a sentence that starts with it says "The dummy"). The notation keeps
        ``names`` (P1.., N1/N2, D)."""
        if self.n <= p < self.owners:
            return f"Neutral {p - self.n + 1}"
        if p == self.dummy >= 0:  # (l32 read "D's ore" on the page: a hex's letter)
            return "the dummy"
        return self.names[p] if 0 <= p < len(self.names) else f"P{p + 1}"

    def record_name(self, p: int) -> str:
        """The party's name in a program's records (a position's active seat, an observation's
        seats, a log's columns): ``name``'s, but "D" for the dummy (its notation name)."""
        return self.names[p] if p == self.dummy >= 0 else self.name(p)

    def seat_words(self, p: int) -> str:
        """A seat by its number and colour, "P1 (red)", as lesson 1.1 and the board in words
        name players: the roll-off's words (its winner becomes P1 and the numbers turn with
        it, BASE-SETUP-FIRST-PLAYER); "A player" for no seat."""
        if not 0 <= p < min(self.n, len(self.colors)):
            return "A player"
        return f"{self.name(p)} ({self.colors[p]})"

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


EXTRA_FIELDS = extra_fields()  # every variant's (imported above)
