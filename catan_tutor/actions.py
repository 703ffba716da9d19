"""Actions: one small immutable class per kind, each owning its notation and its words.

Player actions start with the seat (``P1 road H3``); chance outcomes have no seat
(``die red 5``). Each kind declares, side by side: ``words`` (the notation word(s) that name
it, the first one printed), ``read`` (the rest of its notation) and ``__str__`` (its
notation), the fields that name a board spot (``field(metadata=VERTEX)``...) and
``sentence`` (what it does, for a learner). ``register`` files a kind under its words;
``parse_action`` reads any registered notation. A variant's own kinds live in its module
under ``catan_tutor/variants/`` (``ck_actions``, ``two_player_actions``, ``dummy_actions``)
and are re-exported here. A missing seat is filled in by the caller with the player to move.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, fields
from functools import lru_cache
from typing import TYPE_CHECKING, ClassVar, TypeVar

from .board import (
    CARD_NAMES,
    COMMODITIES,
    EDGE_LABELS,
    HARBOR_EDGES,
    HARBOR_NAMES,
    HEX_NAMES,
    RESOURCES,
    TERRAINS,
    VERTEX_LABELS,
    LabelError,
    parse_edge,
    parse_hex,
    parse_vertex,
)
from .card_titles import (
    DEV_CARDS,
    card_name,
    card_title,
    edge_name,
    hex_name,
    notation_words,
    vertex_name,
)
from .errors import NotationError, ascii_count, quote
from .grammar import and_list, count, sentence
from .progress_cards import ALIASES

if TYPE_CHECKING:
    from .state import State

KNIGHT, VP, ROAD_BUILDING_CARD, PLENTY, MONOPOLY = range(5)  # state.ROAD_BUILDING: the phase
DICE_COLORS = ("white", "red")  # the two production dice (the phase is state.DICE)
# Single dice of the dummy's turn (DUMMY-*) and of tie-breaking roll-offs.
SINGLE_DICE = ("dev", "card", "resource", "tiebreak")
# Each die in words (the notation's "dev" is the dummy's development die).
DIE_WORDS = {"dev": "development", "tiebreak": "tie-break"}

_DEV_ALIASES = {
    "knight": KNIGHT, "vp": VP, "victory": VP, "victorypoint": VP, "victory-point": VP,
    "roadbuilding": ROAD_BUILDING_CARD, "road-building": ROAD_BUILDING_CARD, "plenty": PLENTY,
    "yearofplenty": PLENTY, "year-of-plenty": PLENTY, "monopoly": MONOPOLY,
}  # fmt: skip
_RES_ALIASES = {r: i for i, r in enumerate(RESOURCES)} | {
    "wood": 1, "sheep": 2, "wheat": 3, "clay": 0, "stone": 4,
}  # fmt: skip

_DEV_WORDS = ("dev", "devcard", "dev-card", "development")  # a development card, unnamed
DEV_WORDS = (*DEV_CARDS, "dev")  # a DevTrade's development cards: the five, then unnamed
# The words of trades and gifts: one naming a development card is a DevTrade (BASE-TRADE-NO-DEV).
TRADE_WORDS = ("offer", "bank", "give", "bid")

Bundle = tuple[int, ...]  # per card kind: 5 resources, then C&K commodities

# A field naming a board spot says so in its metadata: the kind of spot, and whether the
# action is played by choosing that spot on the board (a knight's ``src`` is not: its ``dst``
# is). ``spot_fields`` lists them; the board checks and the tutor's clicks read them there.
VERTEX = {"spot": "vertex", "clicked": True}
EDGE = {"spot": "edge", "clicked": True}
HEX = {"spot": "hex", "clicked": True}
FROM_VERTEX = {"spot": "vertex", "clicked": False}


def seat(p: int) -> str:
    return f"P{p + 1}"


def neutral_arg(i: int) -> int:
    """How a card argument names neutral ``i`` (0: N1, 1: N2): -2, -3 (-1 means none)."""
    return -2 - i


def party_text(x: int) -> str:
    """A card's target party: P1.. for a seat, N1/N2 for a neutral (see ``neutral_arg``)."""
    return f"N{-1 - x}" if x <= -2 else seat(x)


def bundle_text(b: Bundle) -> str:
    """Cards as notation writes them: ``2 brick, 1 ore`` (``nothing`` for none)."""
    return ", ".join(f"{n} {CARD_NAMES[r]}" for r, n in enumerate(b) if n) or "nothing"


def bundle_words(b: Bundle) -> str:
    """Cards as a sentence says them: "2 brick and 1 ore", "1 brick, 1 lumber and 1 wool"
    ("nothing" for none; l41 read "2 grain for 1 brick, 1 lumber" as a word missing)."""
    return and_list([f"{n} {CARD_NAMES[r]}" for r, n in enumerate(b) if n]) or "nothing"


def parse_bundle(text: str, kinds: int = 5) -> Bundle:
    """Cards written like ``2 brick, 1 ore`` (a bare card counts 1; ``nothing`` or ``-``:
    none) with ``kinds`` card kinds (8 with commodities): the one reader of card bundles, for
    notation, the board editor and scenario files alike. Raises NotationError (a ValueError)."""
    r = Reader(text, cards=kinds)
    if r.tokens == ["-"]:
        return (0,) * kinds
    counts = r.bundle()
    r.end()
    return counts


NOBODY_THERE = " (nobody to rob there)"  # a legal robber move with no victim: a fact
NOBODY_ROBBED = " and robs nobody"  # the same move refused: only what the learner chose


def victim_words(s: State, q: int) -> str:
    """The tail of a robber's move: whom it robs."""
    return f" and steals a card from {s.name(q)}" if q >= 0 else NOBODY_THERE


# ---------------------------------------------------------------- the registry
REGISTRY: dict[str, type[Action]] = {}  # a notation word (or words: "force all take") -> kind
_KEY_WORDS = 3  # the most words a key has


def register(cls: type[A]) -> type[A]:
    """File the kind ``cls`` under each of its own ``words`` (a word names one kind only).
    Put it above ``@dataclass``: a slotted dataclass is a new class."""
    own = cls.__dict__.get("words", ())
    for w in own:
        if w in REGISTRY:
            raise TypeError(f"{w!r} names {REGISTRY[w].__name__} already, not {cls.__name__}")
        if len(w.split()) > _KEY_WORDS or w != w.lower():
            raise TypeError(f"{cls.__name__}: {w!r} is not lower case in 1-{_KEY_WORDS} words")
    REGISTRY.update(dict.fromkeys(own, cls))
    return cls


def action_classes() -> tuple[type[Action], ...]:
    """Every registered kind of action, each once, family members (``neutral N1 ...``)
    included, in registration order; then ``DevTrade``, which the trade words read."""
    out: dict[type[Action], None] = {}
    for cls in REGISTRY.values():
        out.update(dict.fromkeys(cls.family() or (cls,)))
    out[DevTrade] = None  # read by the trade words when they name a development card
    return tuple(out)


_SPOTS: dict[type, tuple[tuple[str, str, bool], ...]] = {}


def spot_fields(cls: type) -> tuple[tuple[str, str, bool], ...]:
    """The fields of a kind that name a board spot: (name, kind of spot, clicked), in the
    kind's field order (a ``ChaseRobber``'s vertex before its hex)."""
    found = _SPOTS.get(cls)
    if found is None:
        found = _SPOTS[cls] = tuple(
            (f.name, f.metadata["spot"], f.metadata["clicked"])
            for f in fields(cls)
            if f.metadata.get("spot")
        )
    return found


class Action:
    """Base of all actions. ``player`` is the seat index, or -1 for chance outcomes."""

    __slots__ = ()
    is_chance = False
    words: ClassVar[tuple[str, ...]] = ()  # notation word(s) naming the kind; [0] is printed
    player: int  # every subclass has one (a dataclass field, or Chance's -1)

    @classmethod
    def read(cls, r: Reader, p: int, key: str) -> Action:
        """The action of this kind for seat ``p`` whose notation goes on in ``r`` after
        ``key`` (the words that named the kind)."""
        raise NotImplementedError(cls.__name__)

    @classmethod
    def family(cls) -> tuple[type[Action], ...]:
        """The kinds a shared word reads (``neutral``: four); () for a kind of its own."""
        return ()

    def sentence(self, s: State) -> str:
        """What this legal action does, in a sentence for a learner."""
        return f"{seat(self.player)} may play {notation_words(str(self))} now."

    def __str__(self) -> str:  # every concrete action prints its notation instead
        return type(self).__name__

    def __repr__(self) -> str:
        name, text = type(self).__name__, str(self)
        return f"<{name}>" if text == name else f"<{name} {text}>"


A = TypeVar("A", bound=Action)


class Chance(Action):
    """Base of chance outcomes: nobody chooses them."""

    __slots__ = ()
    player = -1
    is_chance = True

    def sentence(self, s: State) -> str:
        return f"Chance may give {notation_words(str(self))} now."


@dataclass(frozen=True, slots=True, repr=False)
class SeatOnly(Action):
    """Base of the kinds that name nothing but the seat: ``P1 roll``, ``P1 end``."""

    player: int

    @classmethod
    def read(cls, r: Reader, p: int, key: str) -> Action:
        return cls(p)

    def __str__(self) -> str:
        return " ".join([seat(self.player), *self.words[:1]])  # the base has no word


@dataclass(frozen=True, slots=True, repr=False)
class AtVertex(Action):
    """Base of the kinds played on one vertex of the player's: ``P1 recruit F6``."""

    player: int
    vertex: int = field(metadata=VERTEX)

    @classmethod
    def read(cls, r: Reader, p: int, key: str) -> Action:
        return cls(p, r.label(parse_vertex, "a corner"))

    def __str__(self) -> str:
        return " ".join([seat(self.player), *self.words[:1], VERTEX_LABELS[self.vertex]])


# ---------------------------------------------------------------- chance outcomes
@register
@dataclass(frozen=True, slots=True, repr=False)
class Die(Chance):
    """One die's face (``BASE-PROD-ROLL``, ``BASE-CHANCE-EVENTS``)."""

    words = ("die",)
    die: str
    value: int

    @classmethod
    def read(cls, r: Reader, p: int, key: str) -> Action:
        die = r.next("a die colour").lower()
        if die not in DICE_COLORS + SINGLE_DICE:
            raise r.fail(f"{die!r} is not a die ({', '.join(DICE_COLORS + SINGLE_DICE)})")
        return cls(die, r.die_face())

    def __str__(self) -> str:
        return f"die {self.die} {self.value}"

    def sentence(self, s: State) -> str:
        from .state import ROLLOFF  # (state imports the variants, which import actions)

        if s.phase == ROLLOFF and self.die in DICE_COLORS:  # BASE-SETUP-FIRST-PLAYER
            # a player is "P1 (red)" here: the dice are "first" and "second", never "red"
            cands, totals = s.rolloff
            who = s.seat_words(cands[len(totals)] if len(totals) < len(cands) else -1)
            if not s.rolled:
                return f"{who} rolls to see who goes first: the first die shows {self.value}."
            first = s.rolled[0]
            return f"{who} rolls {first + self.value} ({first} and {self.value})."
        from .variants.dummy_state import die_meaning

        die = DIE_WORDS.get(self.die, self.die)
        if meaning := die_meaning(self.die, self.value):  # the dummy's dice (DUMMY-DEV-DIE)
            return f"The dummy's {die} die shows {self.value}: {meaning}."
        return f"The {die} die shows {self.value}."


@register
@dataclass(frozen=True, slots=True, repr=False)
class DrawDev(Chance):
    """The development card drawn from the deck (``BASE-BUILD-DEVCARD``)."""

    words = ("draw",)
    card: int

    @classmethod
    def read(cls, r: Reader, p: int, key: str) -> Action:
        tok = r.next("a development card").lower()
        if tok not in _DEV_ALIASES:
            raise r.fail(f"{tok!r} is not a development card ({', '.join(DEV_CARDS)})")
        return cls(_DEV_ALIASES[tok])

    def __str__(self) -> str:
        return f"draw {DEV_CARDS[self.card]}"

    def sentence(self, s: State) -> str:
        c = card_title(self.card, dev=True)
        return f"{seat(s.active)} draws a development card: {c}."


@register
@dataclass(frozen=True, slots=True, repr=False)
class Steal(Chance):
    """The resource card taken by the robber (``BASE-ROBBER-STEAL``)."""

    words = ("steal",)
    resource: int

    @classmethod
    def read(cls, r: Reader, p: int, key: str) -> Action:
        return cls(r.card())

    def __str__(self) -> str:
        return f"steal {CARD_NAMES[self.resource]}"

    def sentence(self, s: State) -> str:
        # (the thief by its page name: the dummy's robber was "P3 steals …" in base-dummy, l32)
        thief = sentence(s.name(s.active))
        return f"{thief} steals 1 {card_name(self.resource)} from {s.name(s.victim)}."


@register
@dataclass(frozen=True, slots=True, repr=False)
class PlaceTile(Chance):
    """A terrain hex laid on the variable board (``BASE-BOARD-VARIABLE``)."""

    words = ("tile",)
    hex: int = field(metadata=HEX)
    terrain: int

    @classmethod
    def read(cls, r: Reader, p: int, key: str) -> Action:
        h = r.label(parse_hex, "a hex")
        t = r.next("a terrain").lower()
        if t not in TERRAINS:
            raise r.fail(f"{t!r} is not a terrain ({', '.join(TERRAINS)})")
        return cls(h, TERRAINS.index(t))

    def __str__(self) -> str:
        return f"tile {HEX_NAMES[self.hex]} {TERRAINS[self.terrain]}"

    def sentence(self, s: State) -> str:
        return f"Hex {HEX_NAMES[self.hex]} is {TERRAINS[self.terrain]}."


@register
@dataclass(frozen=True, slots=True, repr=False)
class SpiralStart(Chance):
    """The corner hex where the number-token spiral starts (``BASE-BOARD-VARIABLE-SPIRAL``)."""

    words = ("spiral",)
    hex: int = field(metadata=HEX)

    @classmethod
    def read(cls, r: Reader, p: int, key: str) -> Action:
        return cls(r.label(parse_hex, "a corner hex"))

    def __str__(self) -> str:
        return f"spiral {HEX_NAMES[self.hex]}"

    def sentence(self, s: State) -> str:
        return f"The number tokens are laid in a spiral starting at hex {HEX_NAMES[self.hex]}."


@register
@dataclass(frozen=True, slots=True, repr=False)
class PlaceHarbor(Chance):
    """A harbor kind laid on harbor slot ``slot`` (``BASE-BOARD-VARIABLE-HARBORS``)."""

    words = ("harbor",)
    slot: int
    kind: int

    @classmethod
    def read(cls, r: Reader, p: int, key: str) -> Action:
        e = r.label(parse_edge, "a harbor edge")
        if e not in HARBOR_EDGES:
            raise r.fail(f"{EDGE_LABELS[e]} is not a harbor edge")
        k = r.next("a harbor kind").lower()
        if k not in HARBOR_NAMES:
            raise r.fail(f"{k!r} is not a harbor kind ({', '.join(HARBOR_NAMES)})")
        return cls(HARBOR_EDGES.index(e), HARBOR_NAMES.index(k))

    def __str__(self) -> str:
        return f"harbor {EDGE_LABELS[HARBOR_EDGES[self.slot]]} {HARBOR_NAMES[self.kind]}"

    def sentence(self, s: State) -> str:
        kind = HARBOR_NAMES[self.kind]
        what = "a 3:1 harbor" if kind == "3:1" else f"a 2:1 {kind} harbor"
        return f"The harbor at {EDGE_LABELS[HARBOR_EDGES[self.slot]]} is {what}."


# ---------------------------------------------------------------- player actions
@register
@dataclass(frozen=True, slots=True, repr=False)
class Roll(SeatOnly):
    words = ("roll",)

    def sentence(self, s: State) -> str:
        return f"{seat(self.player)} rolls the dice for this turn's production."


@register
@dataclass(frozen=True, slots=True, repr=False)
class Settle(AtVertex):
    words = ("settle",)

    def sentence(self, s: State) -> str:
        return f"{seat(self.player)} builds a settlement on {vertex_name(self.vertex)}."


@register
@dataclass(frozen=True, slots=True, repr=False)
class BuildRoad(Action):
    words = ("road",)
    player: int
    edge: int = field(metadata=EDGE)

    @classmethod
    def read(cls, r: Reader, p: int, key: str) -> Action:
        return cls(p, r.label(parse_edge, "an edge"))

    def __str__(self) -> str:
        return f"{seat(self.player)} road {EDGE_LABELS[self.edge]}"

    def sentence(self, s: State) -> str:
        return f"{seat(self.player)} builds a road on {edge_name(self.edge)}."


@register
@dataclass(frozen=True, slots=True, repr=False)
class BuildCity(AtVertex):
    words = ("city",)

    def sentence(self, s: State) -> str:
        return f"{seat(self.player)} builds a city on {vertex_name(self.vertex)}."


@register
@dataclass(frozen=True, slots=True, repr=False)
class BuyDev(SeatOnly):
    words = ("buy",)

    def sentence(self, s: State) -> str:
        return f"{seat(self.player)} buys a development card (1 wool, 1 grain and 1 ore)."


@register
@dataclass(frozen=True, slots=True, repr=False)
class PlayKnight(SeatOnly):
    words = ("knight",)

    def sentence(self, s: State) -> str:
        who = seat(self.player)
        return f"{who} plays a Knight card: the robber moves and {who} may steal."


@register
@dataclass(frozen=True, slots=True, repr=False)
class PlayRoadBuilding(SeatOnly):
    words = ("roadbuilding", "road-building")

    def sentence(self, s: State) -> str:
        return f"{seat(self.player)} plays Road Building: two free roads."


@register
@dataclass(frozen=True, slots=True, repr=False)
class PlayPlenty(Action):
    """Year of Plenty; ``second`` is -1 when the bank can give only one card."""

    words = ("plenty",)
    player: int
    first: int
    second: int = -1

    def __post_init__(self) -> None:  # one canonical order: "plenty ore wool" = "plenty wool ore"
        if 0 <= self.second < self.first:
            a, b = self.second, self.first
            object.__setattr__(self, "first", a)
            object.__setattr__(self, "second", b)

    @classmethod
    def read(cls, r: Reader, p: int, key: str) -> Action:
        first = r.resource()
        return cls(p, first, r.resource() if r.more() else -1)

    def __str__(self) -> str:
        names = [RESOURCES[r] for r in (self.first, self.second) if r >= 0]
        return " ".join([seat(self.player), "plenty", *names])

    def sentence(self, s: State) -> str:
        got = card_name(self.first) + (f" and {card_name(self.second)}" if self.second >= 0 else "")
        return f"{seat(self.player)} plays Year of Plenty and takes {got} from the bank."


@register
@dataclass(frozen=True, slots=True, repr=False)
class PlayMonopoly(Action):
    words = ("monopoly",)
    player: int
    resource: int

    @classmethod
    def read(cls, r: Reader, p: int, key: str) -> Action:
        return cls(p, r.resource())

    def __str__(self) -> str:
        return f"{seat(self.player)} monopoly {RESOURCES[self.resource]}"

    def sentence(self, s: State) -> str:
        who = seat(self.player)
        return (
            f"{who} plays Monopoly: every other player gives {who} all their "
            f"{card_name(self.resource)}."
        )


@register
@dataclass(frozen=True, slots=True, repr=False)
class MoveRobber(Action):
    """Move the robber to ``hex`` and rob ``victim`` (-1: nobody to rob there)."""

    words = ("robber",)
    player: int
    hex: int = field(metadata=HEX)
    victim: int = -1

    @classmethod
    def read(cls, r: Reader, p: int, key: str) -> Action:
        h = r.label(parse_hex, "a hex")
        return cls(p, h, r.seat() if r.more() else -1)

    def __str__(self) -> str:
        rob = f" {seat(self.victim)}" if self.victim >= 0 else ""
        return f"{seat(self.player)} robber {HEX_NAMES[self.hex]}{rob}"

    def sentence(self, s: State) -> str:
        where = hex_name(self.hex)
        return f"{seat(self.player)} moves the robber to {where}{victim_words(s, self.victim)}."


@register
@dataclass(frozen=True, slots=True, repr=False)
class Discard(Action):
    words = ("discard",)
    player: int
    cards: Bundle

    @classmethod
    def read(cls, r: Reader, p: int, key: str) -> Action:
        return cls(p, r.bundle())

    def __str__(self) -> str:
        return f"{seat(self.player)} {self.words[0]} {bundle_text(self.cards)}"

    def sentence(self, s: State) -> str:
        return f"{seat(self.player)} discards {bundle_words(self.cards)}."


@register
@dataclass(frozen=True, slots=True, repr=False)
class BankTrade(Action):
    """Maritime trade: ``count`` cards of ``give`` for one ``get`` (``BASE-TRADE-MARITIME``)."""

    words = ("bank",)
    player: int
    give: int
    count: int
    get: int

    @classmethod
    def read(cls, r: Reader, p: int, key: str) -> Action:
        n = r.number("a count")
        kind = r.card()
        r.word("for", "between the cards given and the card wanted")
        return cls(p, kind, n, r.card())

    def __str__(self) -> str:
        give, get = CARD_NAMES[self.give], CARD_NAMES[self.get]
        return f"{seat(self.player)} bank {self.count} {give} for {get}"

    def sentence(self, s: State) -> str:
        return (
            f"{seat(self.player)} trades {count(self.count, card_name(self.give))} with the "
            f"bank for 1 {card_name(self.get)} ({self.count}:1)."
        )


@register
@dataclass(frozen=True, slots=True, repr=False)
class Offer(Action):
    """The active player offers ``give`` to ``to`` for ``get`` (``BASE-TRADE-DOMESTIC``)."""

    words = ("offer",)
    player: int
    to: int
    give: Bundle
    get: Bundle

    @classmethod
    def read(cls, r: Reader, p: int, key: str) -> Action:
        to = r.seat()
        give = r.bundle(stop="for")
        r.word("for", "between the cards given and the cards wanted")
        return cls(p, to, give, r.bundle())

    def __str__(self) -> str:
        return (
            f"{seat(self.player)} offer {seat(self.to)} "
            f"{bundle_text(self.give)} for {bundle_text(self.get)}"
        )

    def sentence(self, s: State) -> str:
        return (
            f"{seat(self.player)} offers {seat(self.to)} {bundle_words(self.give)} for "
            f"{bundle_words(self.get)}; now {seat(self.to)} accepts or declines it."
        )


@dataclass(frozen=True, slots=True, repr=False)
class DevTrade(Action):
    """A trade offer, bank trade, gift or bid with development cards among its cards: never
    legal (BASE-TRADE-NO-DEV). ``word``: offer, bank, give or bid; ``to``: the seat offered to
    (-1 for none); ``give``/``get``: hand cards; ``give_dev``/``get_dev``: development cards
    by ``DEV_WORDS`` (the five of ``DEV_CARDS``, then an unnamed ``dev`` card)."""

    player: int
    word: str
    to: int
    give: Bundle
    give_dev: Bundle
    get: Bundle
    get_dev: Bundle

    @classmethod
    def read(cls, r: Reader, p: int, key: str) -> Action:
        """Read in the shape of its word (``key``), development cards allowed wherever
        cards are."""
        to = r.seat() if key == "offer" else -1
        if key == "bank":
            n = r.number("a count")
            give, give_dev = r.mixed_card(n)
        else:
            give, give_dev = r.mixed_bundle(stop=None if key == "give" else "for")
        get, get_dev = (0,) * r.cards, (0,) * len(DEV_WORDS)
        if key != "give":  # one card wanted from the bank or by a bid (as BankTrade says)
            one = key in ("bank", "bid")
            wanted = "the card wanted" if one else "the cards wanted"
            r.word("for", f"between the cards given and {wanted}")
            get, get_dev = r.mixed_card(1) if one else r.mixed_bundle()
        return cls(p, key, to, give, give_dev, get, get_dev)

    def sentence(self, s: State) -> str:
        verb = "give away" if self.word == "give" else "trade"
        return f"{seat(self.player)} tries to {verb} a development card, which is never allowed."

    def __str__(self) -> str:
        give = _mixed_text(self.give, self.give_dev)
        get = _mixed_text(self.get, self.get_dev)
        if self.word == "give":
            return f"{seat(self.player)} give {give}"
        if self.word == "bank":  # a count and one kind each side, as BankTrade writes it
            n = sum(self.give) + sum(self.give_dev)
            return f"{seat(self.player)} bank {n} {give.split(' ', 1)[-1]} for {get[2:]}"
        if self.word == "bid":
            return f"{seat(self.player)} bid {give} for {get[2:]}"
        return f"{seat(self.player)} offer {seat(self.to)} {give} for {get}"


def _mixed_text(cards: Bundle, devs: Bundle) -> str:
    """Hand cards and development cards as notation writes them: ``1 brick, 1 knight``."""
    parts = [f"{n} {CARD_NAMES[r]}" for r, n in enumerate(cards) if n]
    parts += [f"{n} {DEV_WORDS[d]}" for d, n in enumerate(devs) if n]
    return ", ".join(parts) or "nothing"


@register
@dataclass(frozen=True, slots=True, repr=False)
class Accept(SeatOnly):
    words = ("accept",)

    def sentence(self, s: State) -> str:
        # the cards changing hands after "; ": the move alone reads "P3 may accept P1's offer"
        return f"{seat(self.player)} accepts {seat(s.active)}'s offer; the cards change hands."


@register
@dataclass(frozen=True, slots=True, repr=False)
class Decline(SeatOnly):
    words = ("decline",)

    def sentence(self, s: State) -> str:
        return f"{seat(self.player)} declines {seat(s.active)}'s offer; nothing changes hands."


@register
@dataclass(frozen=True, slots=True, repr=False)
class EndTurn(SeatOnly):
    words = ("end",)

    def sentence(self, s: State) -> str:
        following = (s.active + 1) % (s.n + s.caps.dummy)  # the dummy after the players
        return f"{seat(self.player)} ends the turn; now it is {s.name(following)}'s turn."


# ---------------------------------------------------------------- parsing
_SEAT = re.compile(r"^P([1-9])$", re.IGNORECASE)
MAX_NOTATION_CHARS = 256  # the longest action written out (a forced trade of 8 kinds) is ~150
MAX_DIGITS = 6  # of a count in notation
QUOTE_TAIL = 40  # characters of the words read so far quoted in a message
_WORD = re.compile(r"[^\s,]+")  # notation's words: commas and spaces separate them


class Reader:
    """Token reader that turns every failure into a NotationError naming text and position."""

    def __init__(self, text: str, seats: int = 4, cards: int = 5):
        self.text = text
        self.seats = seats
        self.cards = cards  # 5 resources, or 8 card kinds with commodities
        words = list(_WORD.finditer(text))
        self.tokens = [m.group() for m in words]
        self.starts = [m.start() for m in words]
        self.i = 0

    def fail(self, why: str, end: bool = False) -> NotationError:
        """The error at the word just read (``end``: after the last word)."""
        k = self.i - 1
        at = len(self.text) if end or k < 0 else self.starts[k]
        where = " ".join(self.tokens[: max(self.i, 1)])
        error = NotationError(
            f"cannot read {quote(self.text)}: {why} "
            f"(at character {at + 1}, {quote(where[-QUOTE_TAIL:])})"
        )
        # for a learner's message (widgets.wording.notation_problem): why, and the word at fault
        error.why = why
        error.word = "" if end or k < 0 else self.tokens[k]
        return error

    def next(self, what: str) -> str:
        if self.i >= len(self.tokens):
            raise self.fail(f"expected {what} after the end of the text", end=True)
        self.i += 1
        return self.tokens[self.i - 1]

    def progress_card(self) -> int:
        tok = self.next("a progress card").lower()
        # a card as the page names it, in two words ("merchant fleet": learner s17 at 9.18)
        two = f"{tok}-{self.tokens[self.i].lower()}" if self.more() else ""
        if two in ALIASES and two not in _DEV_ALIASES:  # "road building": base's card too
            self.i += 1
            tok = two
        if tok not in ALIASES:
            raise self.fail(f"{tok!r} is not a progress card")
        return ALIASES[tok]

    def word(self, expected: str, place: str = "") -> None:
        """The notation's own word ``expected``, next; ``place``: where it goes, in words
        ("between the cards given and the card wanted"), said when another word stands
        there (``typed_forms.plain_reason``: "“ore” does not fit here: “for” goes there,
        between …"; s33 was told only "“wool” does not fit here: “take” goes there")."""
        if self.next(f"'{expected}'").lower() != expected:
            raise self.fail(f"expected {expected!r}" + (f" ({place})" if place else ""))

    def more(self) -> bool:
        return self.i < len(self.tokens)

    def end(self) -> None:
        if self.more():
            self.i += 1
            raise self.fail("unexpected extra words")

    def label(self, fn, what: str) -> int:
        tok = self.next(what)
        try:
            return fn(tok)
        except LabelError as e:
            raise self.fail(str(e)) from None

    def resource(self) -> int:
        tok = self.next("a resource").lower()
        if tok not in _RES_ALIASES:
            raise self.fail(f"{tok!r} is not a resource ({', '.join(RESOURCES)})")
        return _RES_ALIASES[tok]

    def card(self) -> int:
        """A resource, or a commodity where hands hold commodities."""
        tok = self.next("a resource" if self.cards == 5 else "a card kind").lower()
        if tok in _RES_ALIASES:
            return _RES_ALIASES[tok]
        if self.cards > 5 and tok in COMMODITIES:
            return 5 + COMMODITIES.index(tok)
        what = "a resource" if self.cards == 5 else "a card kind"
        raise self.fail(f"{tok!r} is not {what} ({', '.join(CARD_NAMES[: self.cards])})")

    def number(self, what: str) -> int:
        tok = self.next(what)
        try:
            return ascii_count(tok, MAX_DIGITS)
        except ValueError:
            raise self.fail(
                f"expected {what} (ASCII digits, at most {MAX_DIGITS}), got {quote(tok)}"
            ) from None

    def die_face(self) -> int:
        v = self.number("a die face 1-6")
        if not 1 <= v <= 6:
            raise self.fail(f"a die shows 1 to 6, not {v}")
        return v

    def seat(self) -> int:
        tok = self.next("a seat like P2")
        m = _SEAT.match(tok)
        if not m or not 1 <= int(m.group(1)) <= self.seats:
            raise self.fail(f"{tok!r} is not a seat (P1..P{self.seats})")
        return int(m.group(1)) - 1

    def party(self) -> int:
        """A seat, or a neutral N1/N2 (as ``neutral_arg``)."""
        tok = self.tokens[self.i] if self.more() else ""
        if tok.upper() in ("N1", "N2"):
            self.i += 1
            return neutral_arg(int(tok[1]) - 1)
        return self.seat()

    def dev_card_ahead(self) -> bool:
        """Whether the words still to read name a development card."""
        return any(
            t.lower() in _DEV_ALIASES or t.lower() in _DEV_WORDS for t in self.tokens[self.i :]
        )

    def mixed_card(self, n: int) -> tuple[Bundle, Bundle]:
        """``n`` of one card kind, a hand card or a development card: (cards, development)."""
        cards, devs = [0] * self.cards, [0] * len(DEV_WORDS)
        tok = self.tokens[self.i].lower() if self.more() else ""
        if tok in _DEV_ALIASES or tok in _DEV_WORDS:
            self.i += 1
            devs[_DEV_ALIASES.get(tok, len(DEV_CARDS))] += n
        else:
            cards[self.card()] += n
        return tuple(cards), tuple(devs)

    def mixed_bundle(self, stop: str | None = None) -> tuple[Bundle, Bundle]:
        """Like ``bundle``, development cards allowed: (cards, development cards)."""
        cards, devs = [0] * self.cards, [0] * len(DEV_WORDS)
        seen = False
        while self.more() and self.tokens[self.i].lower() != stop:
            n = self.number("a count") if self.tokens[self.i].isdigit() else 1
            c, d = self.mixed_card(n)
            cards = [x + y for x, y in zip(cards, c, strict=True)]
            devs = [x + y for x, y in zip(devs, d, strict=True)]
            seen = True
        if not seen:
            raise self.fail("expected cards like '2 brick, 1 ore'")
        return tuple(cards), tuple(devs)

    def bundle(self, stop: str | None = None) -> Bundle:
        """Reads ``2 brick, 1 ore`` (a bare resource counts 1) up to the word ``stop``."""
        counts = [0] * self.cards
        if self.more() and self.tokens[self.i].lower() == "nothing":  # as bundle_text writes
            self.i += 1
            return tuple(counts)
        seen = False
        while self.more() and self.tokens[self.i].lower() != stop:
            tok = self.tokens[self.i]
            n = 1
            if tok.isdigit():
                n = self.number("a count")
            counts[self.card()] += n
            seen = True
        if not seen:
            raise self.fail("expected cards like '2 brick, 1 ore'")
        return tuple(counts)


def parse_action(text: str, default_player: int, seats: int = 4, cards: int = 5) -> Action:
    """Read one action's notation; a missing seat means ``default_player``.

    ``cards`` is the number of hand-card kinds: 8 where commodities exist (Cities & Knights).
    """
    if not isinstance(text, str):
        raise NotationError(f"cannot read {quote(text)}: notation is text")
    if len(text) > MAX_NOTATION_CHARS:
        raise NotationError(
            f"cannot read {quote(text)}: notation is at most "
            f"{MAX_NOTATION_CHARS} characters, this is {len(text)}"
        )
    r = Reader(text, seats, cards)
    if not r.tokens:
        raise NotationError(f"cannot read {quote(text)}: the text is empty")
    player = default_player
    if _SEAT.match(r.tokens[0]):
        player = r.seat()
    word = r.next("an action word").lower()
    cls = REGISTRY.get(word)
    key = word
    if cls is None or not cls.is_chance:
        if player < 0:
            raise r.fail("no player is to move, so the action must name a seat like P1")
        for n in range(_KEY_WORDS - 1, 0, -1):  # the longest key: "force all take" before "force"
            longer = " ".join([word, *(t.lower() for t in r.tokens[r.i : r.i + n])])
            if r.i + n <= len(r.tokens) and longer in REGISTRY:
                key, cls = longer, REGISTRY[longer]
                r.i += n
                break
        if cls is None:
            raise r.fail(f"{quote(word)} is not an action")
    if key in TRADE_WORDS and r.dev_card_ahead():  # never legal: BASE-TRADE-NO-DEV
        cls = DevTrade
    act = cls.read(r, player, key)
    r.end()
    return act


if TYPE_CHECKING:  # what ``make`` returns: the class it is given (lru_cache hides it)

    def make(cls: type[A], *args: object) -> A:
        """An interned action: equal to ``cls(*args)``, built once (enumeration is hot)."""
        ...

else:

    @lru_cache(maxsize=1 << 16)
    def make(cls, *args):
        """An interned action: equal to ``cls(*args)``, built once (enumeration is hot)."""
        return cls(*args)


# The variants' own kinds register as their modules load; they are re-exported here, where
# the rest of the engine has always imported them from.
from .variants.ck_actions import (  # noqa: E402
    EVENT_FACES,
    KNIGHT_LEVELS,
    TRACK_NAMES,
    Activate,
    Aqueduct,
    BuildWall,
    ChaseRobber,
    ChooseDeck,
    Desert,
    DiscardProgress,
    DrawProgress,
    EventDie,
    Gift,
    HarborOffer,
    Improve,
    MoveKnight,
    Pillage,
    PlaceDeserter,
    PlayProgress,
    Promote,
    Recruit,
    Relocate,
    RemoveKnight,
    ReturnCommodity,
)
from .variants.dummy_actions import Bid, Pass  # noqa: E402
from .variants.two_player_actions import (  # noqa: E402
    ForcedCard,
    ForcedDraw,
    ForcedGive,
    ForcedTrade,
    NeutralKnight,
    NeutralPromote,
    NeutralRoad,
    NeutralSettle,
    ReturnKnight,
    RobberHome,
)

__all__ = [
    "DEV_CARDS", "DICE_COLORS", "DIE_WORDS", "EVENT_FACES", "KNIGHT_LEVELS", "SINGLE_DICE",
    "TRACK_NAMES",
    "Accept", "Action", "Activate", "Aqueduct", "BankTrade", "Bid", "BuildCity", "BuildRoad",
    "BuildWall", "BuyDev", "Chance", "ChaseRobber", "ChooseDeck", "Decline", "Desert", "Die",
    "Discard", "DiscardProgress", "DrawDev", "DrawProgress", "EndTurn", "EventDie",
    "ForcedCard", "ForcedDraw", "ForcedGive", "ForcedTrade", "Gift", "HarborOffer", "Improve",
    "MoveKnight", "MoveRobber", "NeutralKnight", "NeutralPromote", "NeutralRoad",
    "NeutralSettle", "Offer", "Pass", "Pillage", "PlaceDeserter", "PlaceHarbor", "PlaceTile",
    "PlayKnight", "PlayMonopoly", "PlayPlenty", "PlayProgress", "PlayRoadBuilding", "Promote",
    "Recruit", "Relocate", "RemoveKnight", "ReturnCommodity", "ReturnKnight", "RobberHome",
    "Roll", "Settle", "SpiralStart", "Steal",
]  # fmt: skip
