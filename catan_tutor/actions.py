"""Actions: one small immutable class per kind, each with a one-line notation that parses back.

Player actions start with the seat (``P1 road H3``); chance outcomes have no seat
(``die red 5``). ``parse_action`` reads any of them; a missing seat is filled in by the caller
with the player who is to move.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, TypeVar

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
from .errors import NotationError, ascii_count, quote
from .progress_cards import ALIASES, CARDS, SCHEMA

DEV_CARDS = ("knight", "vp", "roadbuilding", "plenty", "monopoly")
KNIGHT, VP, ROAD_BUILDING_CARD, PLENTY, MONOPOLY = range(5)  # state.ROAD_BUILDING: the phase
DICE_COLORS = ("white", "red")  # the two production dice (the phase is state.DICE)
# Single dice of the dummy's turn (DUMMY-*) and of tie-breaking roll-offs.
SINGLE_DICE = ("dev", "card", "resource", "tiebreak")

_DEV_ALIASES = {
    "knight": KNIGHT, "vp": VP, "victory": VP, "victorypoint": VP, "victory-point": VP,
    "roadbuilding": ROAD_BUILDING_CARD, "road-building": ROAD_BUILDING_CARD, "plenty": PLENTY,
    "yearofplenty": PLENTY, "year-of-plenty": PLENTY, "monopoly": MONOPOLY,
}  # fmt: skip
_RES_ALIASES = {r: i for i, r in enumerate(RESOURCES)} | {
    "wood": 1, "sheep": 2, "wheat": 3, "clay": 0, "stone": 4,
}  # fmt: skip

Bundle = tuple[int, ...]  # per card kind: 5 resources, then C&K commodities


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


def parse_bundle(text: str, kinds: int = 5) -> Bundle:
    """Cards written like ``2 brick, 1 ore`` (a bare card counts 1; ``nothing`` or ``-``:
    none) with ``kinds`` card kinds (8 with commodities): the one reader of card bundles, for
    notation, the board editor and scenario files alike. Raises NotationError (a ValueError)."""
    r = _Reader(text, cards=kinds)
    if r.tokens == ["-"]:
        return (0,) * kinds
    counts = r.bundle()
    r.end()
    return counts


class Action:
    """Base of all actions. ``player`` is the seat index, or -1 for chance outcomes."""

    __slots__ = ()
    is_chance = False
    player: int  # every subclass has one (a dataclass field, or Chance's -1)

    def __str__(self) -> str:  # every concrete action prints its notation instead
        return type(self).__name__

    def __repr__(self) -> str:
        name, text = type(self).__name__, str(self)
        return f"<{name}>" if text == name else f"<{name} {text}>"


class Chance(Action):
    """Base of chance outcomes: nobody chooses them."""

    __slots__ = ()
    player = -1
    is_chance = True


# ---------------------------------------------------------------- chance outcomes
@dataclass(frozen=True, slots=True, repr=False)
class Die(Chance):
    """One die's face (``BASE-PROD-ROLL``, ``BASE-CHANCE-EVENTS``)."""

    die: str
    value: int

    def __str__(self) -> str:
        return f"die {self.die} {self.value}"


@dataclass(frozen=True, slots=True, repr=False)
class DrawDev(Chance):
    """The development card drawn from the deck (``BASE-BUILD-DEVCARD``)."""

    card: int

    def __str__(self) -> str:
        return f"draw {DEV_CARDS[self.card]}"


@dataclass(frozen=True, slots=True, repr=False)
class Steal(Chance):
    """The resource card taken by the robber (``BASE-ROBBER-STEAL``)."""

    resource: int

    def __str__(self) -> str:
        return f"steal {CARD_NAMES[self.resource]}"


@dataclass(frozen=True, slots=True, repr=False)
class ForcedCard(Chance):
    """A card drawn blind from the opponent in a ck-2p forced trade
    (``CK2P-TOKEN-FORCED-TRADE``); ``resource``: its kind, a commodity included."""

    resource: int

    def __str__(self) -> str:
        return f"force-draw {CARD_NAMES[self.resource]}"


@dataclass(frozen=True, slots=True, repr=False)
class PlaceTile(Chance):
    """A terrain hex laid on the variable board (``BASE-BOARD-VARIABLE``)."""

    hex: int
    terrain: int

    def __str__(self) -> str:
        return f"tile {HEX_NAMES[self.hex]} {TERRAINS[self.terrain]}"


@dataclass(frozen=True, slots=True, repr=False)
class SpiralStart(Chance):
    """The corner hex where the number-token spiral starts (``BASE-BOARD-VARIABLE-SPIRAL``)."""

    hex: int

    def __str__(self) -> str:
        return f"spiral {HEX_NAMES[self.hex]}"


@dataclass(frozen=True, slots=True, repr=False)
class PlaceHarbor(Chance):
    """A harbor kind laid on harbor slot ``slot`` (``BASE-BOARD-VARIABLE-HARBORS``)."""

    slot: int
    kind: int

    def __str__(self) -> str:
        return f"harbor {EDGE_LABELS[HARBOR_EDGES[self.slot]]} {HARBOR_NAMES[self.kind]}"


# ---------------------------------------------------------------- player actions
@dataclass(frozen=True, slots=True, repr=False)
class Roll(Action):
    player: int

    def __str__(self) -> str:
        return f"{seat(self.player)} roll"


@dataclass(frozen=True, slots=True, repr=False)
class Settle(Action):
    player: int
    vertex: int

    def __str__(self) -> str:
        return f"{seat(self.player)} settle {VERTEX_LABELS[self.vertex]}"


@dataclass(frozen=True, slots=True, repr=False)
class BuildRoad(Action):
    player: int
    edge: int

    def __str__(self) -> str:
        return f"{seat(self.player)} road {EDGE_LABELS[self.edge]}"


@dataclass(frozen=True, slots=True, repr=False)
class BuildCity(Action):
    player: int
    vertex: int

    def __str__(self) -> str:
        return f"{seat(self.player)} city {VERTEX_LABELS[self.vertex]}"


@dataclass(frozen=True, slots=True, repr=False)
class BuyDev(Action):
    player: int

    def __str__(self) -> str:
        return f"{seat(self.player)} buy"


@dataclass(frozen=True, slots=True, repr=False)
class PlayKnight(Action):
    player: int

    def __str__(self) -> str:
        return f"{seat(self.player)} knight"


@dataclass(frozen=True, slots=True, repr=False)
class PlayRoadBuilding(Action):
    player: int

    def __str__(self) -> str:
        return f"{seat(self.player)} roadbuilding"


@dataclass(frozen=True, slots=True, repr=False)
class PlayPlenty(Action):
    """Year of Plenty; ``second`` is -1 when the bank can give only one card."""

    player: int
    first: int
    second: int = -1

    def __post_init__(self) -> None:  # one canonical order: "plenty ore wool" = "plenty wool ore"
        if 0 <= self.second < self.first:
            a, b = self.second, self.first
            object.__setattr__(self, "first", a)
            object.__setattr__(self, "second", b)

    def __str__(self) -> str:
        names = [RESOURCES[r] for r in (self.first, self.second) if r >= 0]
        return " ".join([seat(self.player), "plenty", *names])


@dataclass(frozen=True, slots=True, repr=False)
class PlayMonopoly(Action):
    player: int
    resource: int

    def __str__(self) -> str:
        return f"{seat(self.player)} monopoly {RESOURCES[self.resource]}"


@dataclass(frozen=True, slots=True, repr=False)
class MoveRobber(Action):
    """Move the robber to ``hex`` and rob ``victim`` (-1: nobody to rob there)."""

    player: int
    hex: int
    victim: int = -1

    def __str__(self) -> str:
        rob = f" {seat(self.victim)}" if self.victim >= 0 else ""
        return f"{seat(self.player)} robber {HEX_NAMES[self.hex]}{rob}"


@dataclass(frozen=True, slots=True, repr=False)
class Discard(Action):
    player: int
    cards: Bundle

    def __str__(self) -> str:
        return f"{seat(self.player)} discard {bundle_text(self.cards)}"


@dataclass(frozen=True, slots=True, repr=False)
class BankTrade(Action):
    """Maritime trade: ``count`` cards of ``give`` for one ``get`` (``BASE-TRADE-MARITIME``)."""

    player: int
    give: int
    count: int
    get: int

    def __str__(self) -> str:
        give, get = CARD_NAMES[self.give], CARD_NAMES[self.get]
        return f"{seat(self.player)} bank {self.count} {give} for {get}"


@dataclass(frozen=True, slots=True, repr=False)
class Offer(Action):
    """The active player offers ``give`` to ``to`` for ``get`` (``BASE-TRADE-DOMESTIC``)."""

    player: int
    to: int
    give: Bundle
    get: Bundle

    def __str__(self) -> str:
        return (
            f"{seat(self.player)} offer {seat(self.to)} "
            f"{bundle_text(self.give)} for {bundle_text(self.get)}"
        )


@dataclass(frozen=True, slots=True, repr=False)
class Accept(Action):
    player: int

    def __str__(self) -> str:
        return f"{seat(self.player)} accept"


@dataclass(frozen=True, slots=True, repr=False)
class Decline(Action):
    player: int

    def __str__(self) -> str:
        return f"{seat(self.player)} decline"


@dataclass(frozen=True, slots=True, repr=False)
class EndTurn(Action):
    player: int

    def __str__(self) -> str:
        return f"{seat(self.player)} end"


# ---------------------------------------------------------------- two-player variants
@dataclass(frozen=True, slots=True, repr=False)
class NeutralSettle(Action):
    """The mirrored settlement a builder places for neutral ``neutral`` (0: N1, 1: N2)."""

    player: int
    neutral: int
    vertex: int

    def __str__(self) -> str:
        where = VERTEX_LABELS[self.vertex]
        return f"{seat(self.player)} neutral N{self.neutral + 1} settle {where}"


@dataclass(frozen=True, slots=True, repr=False)
class NeutralRoad(Action):
    """The mirrored road a builder places for neutral ``neutral`` (0: N1, 1: N2)."""

    player: int
    neutral: int
    edge: int

    def __str__(self) -> str:
        return f"{seat(self.player)} neutral N{self.neutral + 1} road {EDGE_LABELS[self.edge]}"


@dataclass(frozen=True, slots=True, repr=False)
class NeutralKnight(Action):
    """The mirrored basic knight a recruiter places for neutral ``neutral`` (CK2P-NEUTRAL-*)."""

    player: int
    neutral: int
    vertex: int

    def __str__(self) -> str:
        where = VERTEX_LABELS[self.vertex]
        return f"{seat(self.player)} neutral N{self.neutral + 1} knight {where}"


@dataclass(frozen=True, slots=True, repr=False)
class NeutralPromote(Action):
    """The mirrored promotion of neutral ``neutral``'s basic knight on ``vertex`` to strong."""

    player: int
    neutral: int
    vertex: int

    def __str__(self) -> str:
        where = VERTEX_LABELS[self.vertex]
        return f"{seat(self.player)} neutral N{self.neutral + 1} promote {where}"


@dataclass(frozen=True, slots=True, repr=False)
class ForcedTrade(Action):
    """Token action: take ``take`` from the opponent, give back ``give`` (2P-TOKEN-FORCED-TRADE).

    ``commodities``: announced as a trade over all hand cards at double price
    (``force all``, CK2P-TOKEN-FORCED-TRADE); else resources only.
    """

    player: int
    take: Bundle
    give: Bundle
    commodities: bool = False

    def __str__(self) -> str:
        take, give = bundle_text(self.take), bundle_text(self.give)
        word = "force all" if self.commodities else "force"
        return f"{seat(self.player)} {word} take {take} give {give}"


@dataclass(frozen=True, slots=True, repr=False)
class ForcedDraw(Action):
    """Token action of ck-2p: a forced trade whose 2 cards are drawn blind from the opponent
    (CK2P-TOKEN-FORCED-TRADE); ``commodities``: announced over all hand cards at double price
    (``force all``), else resources only (``force``)."""

    player: int
    commodities: bool = False

    def __str__(self) -> str:
        return f"{seat(self.player)} force{' all' if self.commodities else ''}"


@dataclass(frozen=True, slots=True, repr=False)
class ForcedGive(Action):
    """The 2 cards given back once a ck-2p forced trade's draws are made
    (CK2P-TOKEN-FORCED-TRADE)."""

    player: int
    give: Bundle

    def __str__(self) -> str:
        return f"{seat(self.player)} force give {bundle_text(self.give)}"


@dataclass(frozen=True, slots=True, repr=False)
class RobberHome(Action):
    """Token action: the robber goes back to the desert (2P-TOKEN-ROBBER)."""

    player: int

    def __str__(self) -> str:
        return f"{seat(self.player)} robber-home"


@dataclass(frozen=True, slots=True, repr=False)
class ReturnKnight(Action):
    """Hand back a played Knight card for 2 tokens (2P-TOKEN-INCOME-KNIGHT)."""

    player: int

    def __str__(self) -> str:
        return f"{seat(self.player)} return knight"


@dataclass(frozen=True, slots=True, repr=False)
class Bid(Action):
    """A sealed bid for one of the dummy's cards: ``give`` for one ``get`` (DUMMY-TRADE-*)."""

    player: int
    give: Bundle
    get: int

    def __str__(self) -> str:
        return f"{seat(self.player)} bid {bundle_text(self.give)} for {RESOURCES[self.get]}"


@dataclass(frozen=True, slots=True, repr=False)
class Pass(Action):
    """No bid for the dummy's card this turn (DUMMY-TRADE-PROTOCOL)."""

    player: int

    def __str__(self) -> str:
        return f"{seat(self.player)} pass"


# ---------------------------------------------------------------- Cities & Knights
EVENT_FACES = ("ship", "science", "trade", "politics")  # event die: 3 ship faces, 3 castles
TRACK_NAMES = ("science", "trade", "politics")
KNIGHT_LEVELS = ("basic", "strong", "mighty")


@dataclass(frozen=True, slots=True, repr=False)
class EventDie(Chance):
    """The event die's face (CK-COMP-DICE): ship, or a castle of a track."""

    face: str

    def __str__(self) -> str:
        return f"event {self.face}"


@dataclass(frozen=True, slots=True, repr=False)
class DrawProgress(Chance):
    """The progress card drawn from a track's deck (CK-EVENT-CASTLE, CK-PROGRESS-*)."""

    track: int
    card: int

    def __str__(self) -> str:
        return f"progress {TRACK_NAMES[self.track]} {CARDS[self.card]}"


@dataclass(frozen=True, slots=True, repr=False)
class KnightAt(Action):
    """Base of the knight actions on one vertex: recruit, promote, activate."""

    player: int
    vertex: int
    word = ""

    def __str__(self) -> str:
        return f"{seat(self.player)} {self.word} {VERTEX_LABELS[self.vertex]}"


@dataclass(frozen=True, slots=True, repr=False)
class Recruit(KnightAt):
    """A basic knight, inactive, at the end of the player's road (CK-KNIGHT-RECRUIT)."""

    word = "recruit"


@dataclass(frozen=True, slots=True, repr=False)
class Promote(KnightAt):
    """The knight on ``vertex`` one level up (CK-KNIGHT-PROMOTE)."""

    word = "promote"


@dataclass(frozen=True, slots=True, repr=False)
class Activate(KnightAt):
    """Stand the knight on ``vertex`` up for 1 grain (CK-KNIGHT-ACTIVATE)."""

    word = "activate"


@dataclass(frozen=True, slots=True, repr=False)
class BuildWall(KnightAt):
    """A city wall under the player's city on ``vertex`` (CK-WALL-BUILD)."""

    word = "wall"


@dataclass(frozen=True, slots=True, repr=False)
class Pillage(KnightAt):
    """The barbarians' loser picks the city on ``vertex`` to lose (CK-BARB-LOSE-CHOICE)."""

    word = "lose"


@dataclass(frozen=True, slots=True, repr=False)
class Relocate(KnightAt):
    """The displaced knight's owner moves it to ``vertex`` (CK-KNIGHT-RELOCATE)."""

    word = "relocate"


@dataclass(frozen=True, slots=True, repr=False)
class Desert(KnightAt):
    """Treason's victim removes their knight on ``vertex`` (CK-PC-TREASON)."""

    word = "desert"


@dataclass(frozen=True, slots=True, repr=False)
class RemoveKnight(KnightAt):
    """Take one's own knight off the board for 1-3 tokens (CK2P-TOKEN-KNIGHT-REMOVE)."""

    word = "remove-knight"


@dataclass(frozen=True, slots=True, repr=False)
class PlaceDeserter(Action):
    """After Treason: a knight of ``level`` (1-3, at most the removed one's) on ``vertex``."""

    player: int
    vertex: int
    level: int

    def __str__(self) -> str:
        what = KNIGHT_LEVELS[self.level - 1] if 1 <= self.level <= 3 else f"?{self.level}"
        return f"{seat(self.player)} place {VERTEX_LABELS[self.vertex]} {what}"


@dataclass(frozen=True, slots=True, repr=False)
class HarborOffer(Action):
    """Commercial Harbor: hand ``to`` one ``resource``; they return a commodity."""

    player: int
    to: int
    resource: int

    def __str__(self) -> str:
        return f"{seat(self.player)} hand {seat(self.to)} {CARD_NAMES[self.resource]}"


@dataclass(frozen=True, slots=True, repr=False)
class ReturnCommodity(Action):
    """The commodity a Commercial Harbor's receiver gives back, of their choice."""

    player: int
    commodity: int

    def __str__(self) -> str:
        return f"{seat(self.player)} return {CARD_NAMES[self.commodity]}"


@dataclass(frozen=True, slots=True, repr=False)
class MoveKnight(Action):
    """An eligible knight travels to ``dst``: a move, or a displacement (CK-KNIGHT-MOVE)."""

    player: int
    src: int
    dst: int

    def __str__(self) -> str:
        return f"{seat(self.player)} move {VERTEX_LABELS[self.src]} {VERTEX_LABELS[self.dst]}"


@dataclass(frozen=True, slots=True, repr=False)
class ChaseRobber(Action):
    """The knight on ``vertex`` chases the robber to ``hex`` and robs ``victim``."""

    player: int
    vertex: int
    hex: int
    victim: int = -1

    def __str__(self) -> str:
        rob = f" {seat(self.victim)}" if self.victim >= 0 else ""
        return f"{seat(self.player)} chase {VERTEX_LABELS[self.vertex]} {HEX_NAMES[self.hex]}{rob}"


@dataclass(frozen=True, slots=True, repr=False)
class Improve(Action):
    """Raise a city-improvement track one level (CK-IMPROVE-BUILD); ``vertex`` is the city
    that takes the track's metropolis when this level wins it (CK-METRO-TAKE), else -1."""

    player: int
    track: int
    vertex: int = -1

    def __str__(self) -> str:
        at = f" {VERTEX_LABELS[self.vertex]}" if self.vertex >= 0 else ""
        return f"{seat(self.player)} improve {TRACK_NAMES[self.track]}{at}"


@dataclass(frozen=True, slots=True, repr=False)
class ChooseDeck(Action):
    """A tied best defender picks the progress deck to draw from (CK-BARB-WIN)."""

    player: int
    track: int

    def __str__(self) -> str:
        return f"{seat(self.player)} deck {TRACK_NAMES[self.track]}"


@dataclass(frozen=True, slots=True, repr=False)
class Aqueduct(Action):
    """Science 3+: the resource taken after producing nothing (CK-IMPROVE-SCIENCE-3)."""

    player: int
    resource: int

    def __str__(self) -> str:
        return f"{seat(self.player)} aqueduct {CARD_NAMES[self.resource]}"


@dataclass(frozen=True, slots=True, repr=False)
class DiscardProgress(Action):
    """A progress card discarded to the hand limit (CK-PROGRESS-HAND-LIMIT)."""

    player: int
    card: int

    def __str__(self) -> str:
        return f"{seat(self.player)} discard-progress {CARDS[self.card]}"


@dataclass(frozen=True, slots=True, repr=False)
class Gift(Action):
    """Cards a player with more VP gives the Wedding's player, of the giver's choice."""

    player: int
    cards: Bundle

    def __str__(self) -> str:
        return f"{seat(self.player)} give {bundle_text(self.cards)}"


@dataclass(frozen=True, slots=True, repr=False)
class PlayProgress(Action):
    """Play a progress card (CK-PC-*); ``args`` follow the card's SCHEMA in progress_cards."""

    player: int
    card: int
    args: tuple = ()

    def __str__(self) -> str:
        name = CARDS[self.card] if 0 <= self.card < len(CARDS) else f"?{self.card}"
        words = [seat(self.player), "play", name]
        for kind, x in zip(SCHEMA.get(name, ()), self.args, strict=False):
            try:
                if isinstance(x, tuple):
                    if sum(x):
                        words.append(bundle_text(x))
                elif x >= 0 or (x <= -2 and kind == "party"):
                    words.append(_ARG_TEXT[kind.rstrip("?")](x))
            except (IndexError, KeyError, TypeError):
                words.append(f"?{x}")  # out of range: printed as given, refused by the check
        return " ".join(words)


_ARG_TEXT: dict[str, Callable[[int], str]] = {
    "die": str, "track": lambda t: TRACK_NAMES[t], "vertex": lambda v: VERTEX_LABELS[v],
    "hex": lambda h: HEX_NAMES[h], "resource": lambda r: RESOURCES[r],
    "edge": lambda e: EDGE_LABELS[e],
    "commodity": lambda c: CARD_NAMES[c], "kind": lambda c: CARD_NAMES[c], "seat": seat,
    "party": party_text,
    "card": lambda k: CARDS[k],
}  # fmt: skip


# ---------------------------------------------------------------- parsing
_SEAT = re.compile(r"^P([1-9])$", re.IGNORECASE)
MAX_NOTATION_CHARS = 256  # the longest action written out (a forced trade of 8 kinds) is ~150
MAX_DIGITS = 6  # of a count in notation
QUOTE_TAIL = 40  # characters of the words read so far quoted in a message
_WORD = re.compile(r"[^\s,]+")  # notation's words: commas and spaces separate them


class _Reader:
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

    def track(self) -> int:
        tok = self.next("a track (science, trade, politics)").lower()
        if tok not in TRACK_NAMES:
            raise self.fail(f"{tok!r} is not a track ({', '.join(TRACK_NAMES)})")
        return TRACK_NAMES.index(tok)

    def progress_card(self) -> int:
        tok = self.next("a progress card").lower()
        if tok not in ALIASES:
            raise self.fail(f"{tok!r} is not a progress card")
        return ALIASES[tok]

    def word(self, expected: str) -> None:
        if self.next(f"'{expected}'").lower() != expected:
            raise self.fail(f"expected {expected!r}")

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
    r = _Reader(text, seats, cards)
    if not r.tokens:
        raise NotationError(f"cannot read {quote(text)}: the text is empty")
    player = default_player
    if _SEAT.match(r.tokens[0]):
        player = r.seat()
    word = r.next("an action word").lower()
    act = _parse_word(r, word, player)
    r.end()
    return act


def _parse_word(r: _Reader, word: str, p: int) -> Action:
    if word == "die":
        die = r.next("a die colour").lower()
        if die not in DICE_COLORS + SINGLE_DICE:
            raise r.fail(f"{die!r} is not a die ({', '.join(DICE_COLORS + SINGLE_DICE)})")
        v = r.number("a die face 1-6")
        if not 1 <= v <= 6:
            raise r.fail(f"a die shows 1 to 6, not {v}")
        return Die(die, v)
    if word == "draw":
        tok = r.next("a development card").lower()
        if tok not in _DEV_ALIASES:
            raise r.fail(f"{tok!r} is not a development card ({', '.join(DEV_CARDS)})")
        return DrawDev(_DEV_ALIASES[tok])
    if word == "steal":
        return Steal(r.card())
    if word == "force-draw":
        return ForcedCard(r.card())
    if word == "tile":
        h = r.label(parse_hex, "a hex")
        t = r.next("a terrain").lower()
        if t not in TERRAINS:
            raise r.fail(f"{t!r} is not a terrain ({', '.join(TERRAINS)})")
        return PlaceTile(h, TERRAINS.index(t))
    if word == "spiral":
        return SpiralStart(r.label(parse_hex, "a corner hex"))
    if word == "event":
        face = r.next("an event face").lower()
        if face not in EVENT_FACES:
            raise r.fail(f"{face!r} is not an event face ({', '.join(EVENT_FACES)})")
        return EventDie(face)
    if word == "progress":
        track = r.track()
        return DrawProgress(track, r.progress_card())
    if word == "harbor":
        e = r.label(parse_edge, "a harbor edge")
        if e not in HARBOR_EDGES:
            raise r.fail(f"{EDGE_LABELS[e]} is not a harbor edge")
        k = r.next("a harbor kind").lower()
        if k not in HARBOR_NAMES:
            raise r.fail(f"{k!r} is not a harbor kind ({', '.join(HARBOR_NAMES)})")
        return PlaceHarbor(HARBOR_EDGES.index(e), HARBOR_NAMES.index(k))
    if p < 0:
        raise r.fail("no player is to move, so the action must name a seat like P1")
    simple = {"roll": Roll, "buy": BuyDev, "knight": PlayKnight, "roadbuilding": PlayRoadBuilding,
              "road-building": PlayRoadBuilding, "accept": Accept, "decline": Decline,
              "end": EndTurn, "robber-home": RobberHome, "pass": Pass}  # fmt: skip
    if word in simple:
        return simple[word](p)
    if word == "settle":
        return Settle(p, r.label(parse_vertex, "a vertex"))
    if word == "city":
        return BuildCity(p, r.label(parse_vertex, "a vertex"))
    if word == "road":
        return BuildRoad(p, r.label(parse_edge, "an edge"))
    if word == "plenty":
        first = r.resource()
        return PlayPlenty(p, first, r.resource() if r.more() else -1)
    if word == "monopoly":
        return PlayMonopoly(p, r.resource())
    if word == "robber":
        h = r.label(parse_hex, "a hex")
        return MoveRobber(p, h, r.seat() if r.more() else -1)
    if word == "discard":
        return Discard(p, r.bundle())
    if word == "give":
        return Gift(p, r.bundle())
    if word == "bank":
        n = r.number("a count")
        kind = r.card()
        if r.next("'for'").lower() != "for":
            raise r.fail("expected 'for'")
        return BankTrade(p, kind, n, r.card())
    if word == "offer":
        to = r.seat()
        give = r.bundle(stop="for")
        if r.next("'for'").lower() != "for":
            raise r.fail("expected 'for'")
        return Offer(p, to, give, r.bundle())
    at = {
        "recruit": Recruit,
        "promote": Promote,
        "activate": Activate,
        "wall": BuildWall,
        "lose": Pillage,
        "relocate": Relocate,
        "desert": Desert,
        "remove-knight": RemoveKnight,
    }
    if word in at:
        return at[word](p, r.label(parse_vertex, "a vertex"))
    if word == "move":
        src = r.label(parse_vertex, "the knight's vertex")
        return MoveKnight(p, src, r.label(parse_vertex, "a destination vertex"))
    if word == "chase":
        v = r.label(parse_vertex, "the knight's vertex")
        h = r.label(parse_hex, "a hex")
        return ChaseRobber(p, v, h, r.seat() if r.more() else -1)
    if word == "improve":
        track = r.track()
        return Improve(p, track, r.label(parse_vertex, "a city") if r.more() else -1)
    if word == "deck":
        return ChooseDeck(p, r.track())
    if word == "aqueduct":
        return Aqueduct(p, r.resource())
    if word == "discard-progress":
        return DiscardProgress(p, r.progress_card())
    if word == "play":
        return _parse_play(r, p)
    if word == "neutral":
        tok = r.next("a neutral like N1").upper()
        if tok not in ("N1", "N2"):
            raise r.fail(f"{tok!r} is not a neutral (N1, N2)")
        what = r.next("'settle', 'road', 'knight' or 'promote'").lower()
        on_vertex: dict[str, type[NeutralSettle | NeutralKnight | NeutralPromote]] = {
            "settle": NeutralSettle,
            "knight": NeutralKnight,
            "promote": NeutralPromote,
        }
        if what in on_vertex:
            return on_vertex[what](p, int(tok[1]) - 1, r.label(parse_vertex, "a vertex"))
        if what == "road":
            return NeutralRoad(p, int(tok[1]) - 1, r.label(parse_edge, "an edge"))
        raise r.fail(f"a neutral gets a settlement, road, knight or promotion, not {what!r}")
    if word == "force":
        every = r.more() and r.tokens[r.i].lower() == "all"
        if every:
            r.i += 1
        if not r.more():
            return ForcedDraw(p, every)
        if not every and r.tokens[r.i].lower() == "give":
            r.i += 1
            return ForcedGive(p, r.bundle())
        r.word("take")
        take = r.bundle(stop="give")
        r.word("give")
        return ForcedTrade(p, take, r.bundle(), every)
    if word == "return":
        tok = r.next("'knight' or a commodity").lower()
        if tok == "knight":
            return ReturnKnight(p)
        if tok in COMMODITIES:
            return ReturnCommodity(p, 5 + COMMODITIES.index(tok))
        raise r.fail(f"expected 'knight' or a commodity ({', '.join(COMMODITIES)})")
    if word == "place":
        v = r.label(parse_vertex, "a vertex")
        level = r.next("a knight level").lower()
        if level not in KNIGHT_LEVELS:
            raise r.fail(f"{level!r} is not a knight level ({', '.join(KNIGHT_LEVELS)})")
        return PlaceDeserter(p, v, KNIGHT_LEVELS.index(level) + 1)
    if word == "hand":
        to = r.seat()
        return HarborOffer(p, to, r.resource())
    if word == "bid":
        give = r.bundle(stop="for")
        r.word("for")
        return Bid(p, give, r.resource())
    raise r.fail(f"{quote(word)} is not an action")


def _parse_play(r: _Reader, p: int) -> PlayProgress:
    card = r.progress_card()
    schema = SCHEMA.get(CARDS[card])
    if schema is None:
        raise r.fail(f"{CARDS[card]} is not a card that is played")
    args: list = []
    for kind in schema:
        optional = kind.endswith("?")
        kind = kind.rstrip("?")
        if optional and not r.more():
            args.append((0,) * r.cards if kind == "bundle" else -1)
            continue
        if kind == "die":
            v = r.number("a die face 1-6")
            if not 1 <= v <= 6:
                raise r.fail(f"a die shows 1 to 6, not {v}")
            args.append(v)
        elif kind == "track":
            args.append(r.track())
        elif kind == "vertex":
            args.append(r.label(parse_vertex, "a vertex"))
        elif kind == "hex":
            args.append(r.label(parse_hex, "a hex"))
        elif kind == "edge":
            args.append(r.label(parse_edge, "an edge"))
        elif kind == "resource":
            args.append(r.resource())
        elif kind in ("commodity", "kind"):
            c = r.card()
            if kind == "commodity" and c < 5:
                raise r.fail(f"{CARD_NAMES[c]} is not a commodity")
            args.append(c)
        elif kind == "seat":
            args.append(r.seat())
        elif kind == "party":
            args.append(r.party())
        elif kind == "card":
            args.append(r.progress_card())
        else:
            args.append(r.bundle())
    return PlayProgress(p, card, tuple(args))


A = TypeVar("A", bound=Action)

if TYPE_CHECKING:  # what ``make`` returns: the class it is given (lru_cache hides it)

    def make(cls: type[A], *args: object) -> A:
        """An interned action: equal to ``cls(*args)``, built once (enumeration is hot)."""
        ...

else:

    @lru_cache(maxsize=1 << 16)
    def make(cls, *args):
        """An interned action: equal to ``cls(*args)``, built once (enumeration is hot)."""
        return cls(*args)
