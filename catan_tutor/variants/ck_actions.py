"""Cities & Knights' own kinds of action (ck, ck-2p): knights, city improvements, the event
die and progress cards. Each owns its notation and its sentence (see ``catan_tutor.actions``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..actions import (
    FROM_VERTEX,
    HEX,
    VERTEX,
    Action,
    AtVertex,
    Bundle,
    Chance,
    Reader,
    bundle_text,
    bundle_words,
    party_text,
    register,
    seat,
    victim_words,
)
from ..board import (
    CARD_NAMES,
    COMMODITIES,
    EDGE_LABELS,
    HEX_NAMES,
    RESOURCES,
    VERTEX_LABELS,
    parse_edge,
    parse_hex,
    parse_vertex,
)
from ..card_titles import (
    card_name,
    card_title,
    hex_name,
    notation_words,
    party_like,
    vertex_name,
)
from ..grammar import a as with_article
from ..grammar import or_list, sentence
from ..progress_cards import CARDS, SCHEMA, TRACKS
from ..progress_sentences import played_words

if TYPE_CHECKING:
    from ..state import State

EVENT_FACES = ("ship", "science", "trade", "politics")  # event die: 3 ship faces, 3 castles
TRACK_NAMES = ("science", "trade", "politics")
KNIGHT_LEVELS = ("basic", "strong", "mighty")


def knight_name(s: State, v: int) -> str:
    """The knight on ``v`` by its strength: "strong knight" ("knight" if none is there)."""
    k = s.kn[v] if s.caps.knights and 0 <= v < len(s.kn) else None
    return f"{KNIGHT_LEVELS[k.level - 1]} knight" if k is not None else "knight"


def _earned(s: State, v: int) -> str:
    """The trade tokens taking the knight on ``v`` off earns (CK2P-TOKEN-KNIGHT-REMOVE: 1 to 3
    by its strength; CK2P-TOKEN-SUPPLY: as many as the supply has): "a trade token"."""
    k = s.kn[v] if s.caps.knights and 0 <= v < len(s.kn) else None
    if k is None:
        return "trade tokens"
    n = min(k.level, s.token_supply)
    return {0: "no trade token (the supply is empty)", 1: "a trade token"}.get(
        n, f"{n} trade tokens"
    )


def _track(r: Reader) -> int:
    tok = r.next("a track (science, trade, politics)").lower()
    if tok not in TRACK_NAMES:
        raise r.fail(f"{tok!r} is not a track ({', '.join(TRACK_NAMES)})")
    return TRACK_NAMES.index(tok)


def _track_title(t: int) -> str:
    return TRACKS[t] if 0 <= t < 3 else "?"


# ---------------------------------------------------------------- chance outcomes
@register
@dataclass(frozen=True, slots=True, repr=False)
class EventDie(Chance):
    """The event die's face (CK-COMP-DICE): ship, or a castle of a track."""

    words = ("event",)
    face: str

    @classmethod
    def read(cls, r: Reader, p: int, key: str) -> Action:
        face = r.next("an event face").lower()
        if face not in EVENT_FACES:
            raise r.fail(f"{face!r} is not an event face ({', '.join(EVENT_FACES)})")
        return cls(face)

    def __str__(self) -> str:
        return f"event {self.face}"

    def sentence(self, s: State) -> str:
        return (
            "The event die shows the ship: the barbarians move one step."
            if self.face == "ship"
            else f"The event die shows {with_article(self.face)} castle."
        )


@register
@dataclass(frozen=True, slots=True, repr=False)
class DrawProgress(Chance):
    """The progress card drawn from a track's deck (CK-EVENT-CASTLE, CK-PROGRESS-*)."""

    words = ("progress",)
    track: int
    card: int

    @classmethod
    def read(cls, r: Reader, p: int, key: str) -> Action:
        track = _track(r)
        return cls(track, r.progress_card())

    def __str__(self) -> str:
        return f"progress {TRACK_NAMES[self.track]} {CARDS[self.card]}"

    def sentence(self, s: State) -> str:
        deck = sentence(with_article(TRACKS[self.track]))
        return f"{deck} progress card is drawn: {card_title(self.card)}."


# ---------------------------------------------------------------- on one vertex
@register
@dataclass(frozen=True, slots=True, repr=False)
class Recruit(AtVertex):
    """A basic knight, inactive, on a corner one of the player's roads touches
    (CK-KNIGHT-RECRUIT)."""

    words = ("recruit",)

    def sentence(self, s: State) -> str:
        where = vertex_name(self.vertex)
        return f"{seat(self.player)} recruits a basic knight on {where}; it starts inactive."


@register
@dataclass(frozen=True, slots=True, repr=False)
class Promote(AtVertex):
    """The knight on ``vertex`` one level up (CK-KNIGHT-PROMOTE)."""

    words = ("promote",)

    def sentence(self, s: State) -> str:
        k0 = s.kn[self.vertex] if s.caps.knights else None
        up = KNIGHT_LEVELS[k0[1]] if k0 is not None and k0[1] < 3 else "the next strength"
        return (
            f"{seat(self.player)} promotes the {knight_name(s, self.vertex)} on "
            f"{vertex_name(self.vertex)} to {up}."
        )


@register
@dataclass(frozen=True, slots=True, repr=False)
class Activate(AtVertex):
    """Stand the knight on ``vertex`` up for 1 grain (CK-KNIGHT-ACTIVATE)."""

    words = ("activate",)

    def sentence(self, s: State) -> str:
        return (
            f"{seat(self.player)} activates the {knight_name(s, self.vertex)} on "
            f"{vertex_name(self.vertex)} for 1 grain."
        )


@register
@dataclass(frozen=True, slots=True, repr=False)
class BuildWall(AtVertex):
    """A city wall under the player's city on ``vertex`` (CK-WALL-BUILD)."""

    words = ("wall",)

    def sentence(self, s: State) -> str:
        v, where = self.vertex, vertex_name(self.vertex)
        if 0 <= v < len(s.vowner) and s.vowner[v] == self.player and s.vcity[v]:
            where = f"under the city on {where}"
        else:  # a refusal's words: no city there to build under (CK-WALL-BUILD)
            where = f"on {where}"
        who = seat(self.player)  # (CK-WALL-BUILD: each wall raises the discard limit by 2)
        return f"{who} builds a city wall {where}; it lets {who} hold 2 more cards on a 7."


@register
@dataclass(frozen=True, slots=True, repr=False)
class Pillage(AtVertex):
    """The barbarians' loser picks the city on ``vertex`` to lose (CK-BARB-LOSE-CHOICE)."""

    words = ("lose",)

    def sentence(self, s: State) -> str:
        where = vertex_name(self.vertex)
        return f"{seat(self.player)} loses the city on {where}: it becomes a settlement."


@register
@dataclass(frozen=True, slots=True, repr=False)
class Relocate(AtVertex):
    """The displaced knight's owner moves it to ``vertex`` (CK-KNIGHT-RELOCATE)."""

    words = ("relocate",)

    def sentence(self, s: State) -> str:
        q = s.relocate.owner if s.relocate else self.player
        whose = "their" if q == self.player else f"{s.name(q)}'s"
        where = vertex_name(self.vertex)
        return f"{seat(self.player)} moves {whose} displaced knight to {where}."


@register
@dataclass(frozen=True, slots=True, repr=False)
class Desert(AtVertex):
    """Treason's victim removes their knight on ``vertex`` (CK-PC-TREASON)."""

    words = ("desert",)

    def sentence(self, s: State) -> str:
        return (
            f"{seat(self.player)} removes the {knight_name(s, self.vertex)} on "
            f"{vertex_name(self.vertex)} (Treason)."
        )


@register
@dataclass(frozen=True, slots=True, repr=False)
class RemoveKnight(AtVertex):
    """Take one's own knight off the board for 1-3 tokens (CK2P-TOKEN-KNIGHT-REMOVE)."""

    words = ("remove-knight",)

    def sentence(self, s: State) -> str:
        return (
            f"{seat(self.player)} takes their {knight_name(s, self.vertex)} on "
            f"{vertex_name(self.vertex)} off the board for {_earned(s, self.vertex)}."
        )


@register
@dataclass(frozen=True, slots=True, repr=False)
class PlaceDeserter(Action):
    """After Treason: a knight of ``level`` (1-3, at most the removed one's) on ``vertex``."""

    words = ("place",)
    player: int
    vertex: int = field(metadata=VERTEX)
    level: int

    @classmethod
    def read(cls, r: Reader, p: int, key: str) -> Action:
        v = r.label(parse_vertex, "a corner")
        level = r.next("a knight level").lower()
        if level not in KNIGHT_LEVELS:
            raise r.fail(f"{level!r} is not a knight level ({', '.join(KNIGHT_LEVELS)})")
        return cls(p, v, KNIGHT_LEVELS.index(level) + 1)

    def __str__(self) -> str:
        what = KNIGHT_LEVELS[self.level - 1] if 1 <= self.level <= 3 else f"?{self.level}"
        return f"{seat(self.player)} place {VERTEX_LABELS[self.vertex]} {what}"

    def sentence(self, s: State) -> str:
        level = KNIGHT_LEVELS[self.level - 1] if 1 <= self.level <= 3 else "?"
        where = vertex_name(self.vertex)
        return f"{seat(self.player)} places {with_article(level)} knight on {where} (Treason)."


# ---------------------------------------------------------------- knights on the move
@register
@dataclass(frozen=True, slots=True, repr=False)
class MoveKnight(Action):
    """An eligible knight travels to ``dst``: a move, or a displacement (CK-KNIGHT-MOVE)."""

    words = ("move",)
    player: int
    src: int = field(metadata=FROM_VERTEX)
    dst: int = field(metadata=VERTEX)

    @classmethod
    def read(cls, r: Reader, p: int, key: str) -> Action:
        src = r.label(parse_vertex, "the knight's corner")
        return cls(p, src, r.label(parse_vertex, "a corner to go to"))

    def __str__(self) -> str:
        return f"{seat(self.player)} move {VERTEX_LABELS[self.src]} {VERTEX_LABELS[self.dst]}"

    def sentence(self, s: State) -> str:
        """A knight's move or displacement, e.g. "P1's strong knight moves from F6 to J4 and
        displaces P2's basic knight; P2 must move it along their roads…"."""
        who = seat(self.player)
        mine = f"{who}'s {knight_name(s, self.src)}"
        src, dst = vertex_name(self.src), vertex_name(self.dst)
        target = s.kn[self.dst] if s.caps.knights and 0 <= self.dst < len(s.kn) else None
        if target is None:
            return f"{mine} moves from {src} to {dst} and ends inactive."
        q = target[0]
        theirs = f"{s.name(q)}'s {KNIGHT_LEVELS[target[1] - 1]} knight"
        mover = (
            f"{s.name(q)} must move it" if q < s.n else f"{who} moves it"
        )  # rule="CK2P-NEUTRAL-CHOOSER": a neutral's by its displacer
        return (
            f"{mine} on {src} displaces {theirs} on {dst} and ends inactive there; "
            f"{mover} along {s.name(q)}'s roads to an empty corner, or it goes back to "
            f"{s.name(q)}'s supply if there is none."
        )


@register
@dataclass(frozen=True, slots=True, repr=False)
class ChaseRobber(Action):
    """The knight on ``vertex`` chases the robber to ``hex`` and robs ``victim``."""

    words = ("chase",)
    player: int
    vertex: int = field(metadata=VERTEX)
    hex: int = field(metadata=HEX)
    victim: int = -1

    @classmethod
    def read(cls, r: Reader, p: int, key: str) -> Action:
        v = r.label(parse_vertex, "the knight's corner")
        h = r.label(parse_hex, "a hex")
        return cls(p, v, h, r.seat() if r.more() else -1)

    def __str__(self) -> str:
        rob = f" {seat(self.victim)}" if self.victim >= 0 else ""
        return f"{seat(self.player)} chase {VERTEX_LABELS[self.vertex]} {HEX_NAMES[self.hex]}{rob}"

    def sentence(self, s: State) -> str:
        return (
            f"{seat(self.player)}'s {knight_name(s, self.vertex)} on {vertex_name(self.vertex)} "
            f"chases the robber to {hex_name(self.hex)}{victim_words(s, self.victim)}; the "
            "knight ends inactive."
        )


# ---------------------------------------------------------------- improvements and cards
@register
@dataclass(frozen=True, slots=True, repr=False)
class Improve(Action):
    """Raise a city-improvement track one level (CK-IMPROVE-BUILD); ``vertex`` is the city
    that takes the track's metropolis when this level wins it (CK-METRO-TAKE), else -1."""

    words = ("improve",)
    player: int
    track: int
    vertex: int = field(default=-1, metadata=VERTEX)

    @classmethod
    def read(cls, r: Reader, p: int, key: str) -> Action:
        track = _track(r)
        return cls(p, track, r.label(parse_vertex, "a city") if r.more() else -1)

    def __str__(self) -> str:
        at = f" {VERTEX_LABELS[self.vertex]}" if self.vertex >= 0 else ""
        return f"{seat(self.player)} improve {TRACK_NAMES[self.track]}{at}"

    def sentence(self, s: State) -> str:
        t, track = _track_title(self.track), self.track
        ok = s.caps.improvements and 0 <= track < 3
        level = f" to level {s.levels[self.player][track] + 1}" if ok else ""  # (not "level ?")
        where = self._metropolis_words(s) if self.vertex >= 0 else ""
        return f"{seat(self.player)} improves {t}{level}{where}."

    def _metropolis_words(self, s: State) -> str:
        """Where the level's metropolis goes, as CK-METRO-TAKE says it: put on one of the
        player's cities, or taken from a level-4 holder onto one (" and takes the trade
        metropolis from P2 onto P1's city on A6": s31 read "takes the trade metropolis on A6"
        as if one stood on A6 already)."""
        t, city = (
            _track_title(self.track),
            f"{seat(self.player)}'s city on {vertex_name(self.vertex)}",
        )
        held = s.metro[self.track] if s.caps.improvements and 0 <= self.track < 3 else -1
        holder = s.vowner[held] if held >= 0 else -1
        if 0 <= holder != self.player:
            return f" and takes the {t} metropolis from {seat(holder)} onto {city}"
        return f" and puts the {t} metropolis on {city}"


@register
@dataclass(frozen=True, slots=True, repr=False)
class ChooseDeck(Action):
    """A tied best defender picks the progress deck to draw from (CK-BARB-WIN)."""

    words = ("deck",)
    player: int
    track: int

    @classmethod
    def read(cls, r: Reader, p: int, key: str) -> Action:
        return cls(p, _track(r))

    def __str__(self) -> str:
        return f"{seat(self.player)} deck {TRACK_NAMES[self.track]}"

    def sentence(self, s: State) -> str:
        deck = _track_title(self.track)
        return f"{seat(self.player)} draws a progress card from the {deck} deck."


@register
@dataclass(frozen=True, slots=True, repr=False)
class Aqueduct(Action):
    """Science 3+: the resource taken after producing nothing (CK-IMPROVE-SCIENCE-3)."""

    words = ("aqueduct",)
    player: int
    resource: int

    @classmethod
    def read(cls, r: Reader, p: int, key: str) -> Action:
        return cls(p, r.resource())

    def __str__(self) -> str:
        return f"{seat(self.player)} aqueduct {CARD_NAMES[self.resource]}"

    def sentence(self, s: State) -> str:
        got = card_name(self.resource)
        return f"{seat(self.player)} takes 1 {got} from the supply (Aqueduct)."


@register
@dataclass(frozen=True, slots=True, repr=False)
class DiscardProgress(Action):
    """A progress card discarded to the hand limit (CK-PROGRESS-HAND-LIMIT)."""

    words = ("discard-progress",)
    player: int
    card: int

    @classmethod
    def read(cls, r: Reader, p: int, key: str) -> Action:
        return cls(p, r.progress_card())

    def __str__(self) -> str:
        return f"{seat(self.player)} discard-progress {CARDS[self.card]}"

    def sentence(self, s: State) -> str:
        return f"{seat(self.player)} discards the progress card {card_title(self.card)}."


@register
@dataclass(frozen=True, slots=True, repr=False)
class Gift(Action):
    """Cards a player with more VP gives the Wedding's player, of the giver's choice."""

    words = ("give",)
    player: int
    cards: Bundle

    @classmethod
    def read(cls, r: Reader, p: int, key: str) -> Action:
        return cls(p, r.bundle())

    def __str__(self) -> str:
        return f"{seat(self.player)} give {bundle_text(self.cards)}"

    def sentence(self, s: State) -> str:
        to = f" to {seat(s.active)} (Wedding)"
        return f"{seat(self.player)} gives {bundle_words(self.cards)}{to}."


@register
@dataclass(frozen=True, slots=True, repr=False)
class HarborOffer(Action):
    """Commercial Harbor: hand ``to`` one ``resource``; they return a commodity."""

    words = ("hand",)
    player: int
    to: int
    resource: int

    @classmethod
    def read(cls, r: Reader, p: int, key: str) -> Action:
        to = r.seat()
        return cls(p, to, r.resource())

    def __str__(self) -> str:
        return f"{seat(self.player)} hand {seat(self.to)} {CARD_NAMES[self.resource]}"

    def sentence(self, s: State) -> str:
        return (
            f"{seat(self.player)} hands {seat(self.to)} 1 {card_name(self.resource)}; "
            f"{seat(self.to)} returns a commodity (Commercial Harbor)."
        )


@register
@dataclass(frozen=True, slots=True, repr=False)
class ReturnCommodity(Action):
    """The commodity a Commercial Harbor's receiver gives back, of their choice."""

    words = ("return",)  # ``return knight`` is the two-player variants' ReturnKnight
    player: int
    commodity: int

    @classmethod
    def read(cls, r: Reader, p: int, key: str) -> Action:
        tok = r.next("'knight' or a commodity").lower()
        if tok in COMMODITIES:
            return cls(p, 5 + COMMODITIES.index(tok))
        raise r.fail(f"expected 'knight' or a commodity ({or_list(COMMODITIES)})")

    def __str__(self) -> str:
        return f"{seat(self.player)} return {CARD_NAMES[self.commodity]}"

    def sentence(self, s: State) -> str:
        got = card_name(self.commodity)
        return f"{seat(self.player)} returns 1 {got} (Commercial Harbor)."


# How a progress card's arguments are written, by the kind its SCHEMA gives them.
_ARG_TEXT: dict[str, Callable[[int], str]] = {
    "die": str, "track": lambda t: TRACK_NAMES[t], "vertex": lambda v: VERTEX_LABELS[v],
    "hex": lambda h: HEX_NAMES[h], "resource": lambda r: RESOURCES[r],
    "edge": lambda e: EDGE_LABELS[e],
    "commodity": lambda c: CARD_NAMES[c], "kind": lambda c: CARD_NAMES[c], "seat": seat,
    "party": party_text,
    "card": lambda k: CARDS[k],
}  # fmt: skip


def _read_arg(r: Reader, kind: str) -> object:
    """One progress card argument of the SCHEMA kind ``kind``."""
    if kind == "die":
        return r.die_face()
    if kind == "track":
        return _track(r)
    if kind == "vertex":
        return r.label(parse_vertex, "a corner")
    if kind == "hex":
        return r.label(parse_hex, "a hex")
    if kind == "edge":
        return r.label(parse_edge, "an edge")
    if kind == "resource":
        return r.resource()
    if kind in ("commodity", "kind"):
        c = r.card()
        if kind == "commodity" and c < 5:
            raise r.fail(f"{CARD_NAMES[c]} is not a commodity")
        return c
    if kind == "seat":
        return r.seat()
    if kind == "party":
        return r.party()
    if kind == "card":
        return r.progress_card()
    return r.bundle()


@register
@dataclass(frozen=True, slots=True, repr=False)
class PlayProgress(Action):
    """Play a progress card (CK-PC-*); ``args`` follow the card's SCHEMA in progress_cards."""

    words = ("play",)
    player: int
    card: int
    args: tuple = ()

    @classmethod
    def read(cls, r: Reader, p: int, key: str) -> Action:
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
            else:
                args.append(_read_arg(r, kind))
        return cls(p, card, tuple(args))

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

    def sentence(self, s: State) -> str:
        said, taken = [], None
        name = CARDS[self.card] if 0 <= self.card < len(CARDS) else ""
        for kind, x in zip(SCHEMA.get(name, ()), self.args, strict=False):
            kind = kind.rstrip("?")
            if isinstance(x, tuple):
                taken = x if sum(x) else taken
                continue
            if not (x >= 0 or (x <= -2 and kind == "party")):
                continue
            try:
                word = notation_words(_ARG_TEXT[kind](x))
            except (IndexError, KeyError, TypeError):
                word = f"?{x}"
            if kind == "party" and x <= -2:  # a neutral, by its name
                word = f"Neutral {-1 - x}"
            noun = {"vertex": "corner", "edge": "edge"}.get(kind)
            if noun and party_like(word, s.caps.neutrals > 0):  # "Smithing on corner N4" (l24)
                word = f"{noun} {word}"
            said.append(word)
        title = f"{seat(self.player)} plays the progress card {card_title(self.card)}"
        if taken is not None:  # Guild Dues: "…, taking 1 ore and 1 cloth from P3" (s33:
            # "on P3 1 ore, 1 cloth" read P3 as a corner and the cards without "and")
            whom = f" from {' '.join(said)}" if said else ""
            return f"{title}, taking {bundle_words(taken)}{whom}."
        if not said:
            return f"{title}."
        done = played_words(name, said)
        return f"{title}, {done}." if done else f"{title} on {' '.join(said)}."
