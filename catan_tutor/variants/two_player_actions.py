"""The two-player variants' own kinds of action (base-2p, ck-2p): the neutral players'
mirrored builds, trade-token actions and the blind draw of a ck-2p forced trade. Each owns
its notation and its sentence (see ``catan_tutor.actions``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..actions import (
    EDGE,
    VERTEX,
    Action,
    Bundle,
    Chance,
    Reader,
    SeatOnly,
    bundle_text,
    bundle_words,
    register,
    seat,
    spot_fields,
)
from ..board import CARD_NAMES, EDGE_LABELS, VERTEX_LABELS, parse_edge, parse_vertex
from ..card_titles import card_name, edge_name, vertex_name

if TYPE_CHECKING:
    from ..state import State

# A token action's price for a seat (2P-TOKEN-COST: by the public VP, which the rules count),
# set by ``variants.two_player`` (``set_token_price``): the sentences say the tokens spent,
# one or more (l28: "P1 spends trade tokens" when one token was spent)
_PRICE: list[Callable[[State, int], int]] = []


def set_token_price(price: Callable[[State, int], int]) -> None:
    """The rules' price of a token action (rule="2P-TOKEN-COST"), for the sentences."""
    _PRICE[:] = [price]


def spends(s: State, p: int, times: int = 1) -> str:
    """ "P1 spends a trade token" / "P1 spends 2 trade tokens": ``times`` the price of a token
    action for ``p`` (a forced trade on the whole hand: twice, CK2P-TOKEN-FORCED-TRADE)."""
    if not _PRICE:  # (no rules loaded to count the price: the tokens unnumbered)
        return f"{seat(p)} spends trade tokens"
    n = _PRICE[0](s, p) * times
    return f"{seat(p)} spends {'a trade token' if n == 1 else f'{n} trade tokens'}"


@register
@dataclass(frozen=True, slots=True, repr=False)
class ForcedCard(Chance):
    """A card drawn blind from the opponent in a ck-2p forced trade
    (``CK2P-TOKEN-FORCED-TRADE``); ``resource``: its kind, a commodity included."""

    words = ("force-draw",)
    resource: int

    @classmethod
    def read(cls, r: Reader, p: int, key: str) -> Action:
        return cls(r.card())

    def __str__(self) -> str:
        return f"force-draw {CARD_NAMES[self.resource]}"

    def sentence(self, s: State) -> str:
        return (
            f"{seat(s.active)} draws 1 {card_name(self.resource)} blind from "
            f"{s.name(1 - s.active)}'s hand (forced trade)."
        )


# ---------------------------------------------------------------- the neutrals' builds
@register
@dataclass(frozen=True, slots=True, repr=False)
class NeutralBuild(Action):
    """Family of the mirrored builds a player places for neutral ``neutral`` (0: N1, 1: N2):
    ``P1 neutral N1 settle F6``; each member names its piece by ``piece``, its spot by a
    vertex or edge field."""

    words = ("neutral",)
    piece = ""
    player: int
    neutral: int

    @classmethod
    def family(cls) -> tuple[type[Action], ...]:
        return (NeutralSettle, NeutralRoad, NeutralKnight, NeutralPromote)

    @classmethod
    def read(cls, r: Reader, p: int, key: str) -> Action:
        tok = r.next("a neutral like N1").upper()
        if tok not in ("N1", "N2"):
            raise r.fail(f"{tok!r} is not a neutral (N1, N2)")
        what = r.next("'settle', 'road', 'knight' or 'promote'").lower()
        n = int(tok[1]) - 1
        on_vertex: tuple[type[NeutralSettle | NeutralKnight | NeutralPromote], ...] = (
            NeutralSettle, NeutralKnight, NeutralPromote,
        )  # fmt: skip
        for kind in on_vertex:
            if what == kind.piece:
                return kind(p, n, r.label(parse_vertex, "a corner"))
        if what == NeutralRoad.piece:
            return NeutralRoad(p, n, r.label(parse_edge, "an edge"))
        raise r.fail(f"a neutral gets a settlement, road, knight or promotion, not {what!r}")

    def __str__(self) -> str:
        where = [  # the member's vertex or edge
            (EDGE_LABELS if kind == "edge" else VERTEX_LABELS)[getattr(self, name)]
            for name, kind, _ in spot_fields(type(self))
        ]
        piece = [self.piece] if self.piece else []  # the family's base has none
        return " ".join([seat(self.player), "neutral", f"N{self.neutral + 1}", *piece, *where])

    def _for(self, s: State) -> str:
        return s.name(s.n + self.neutral) if 0 <= self.neutral < 2 else "a neutral"


@dataclass(frozen=True, slots=True, repr=False)
class NeutralSettle(NeutralBuild):
    """The mirrored settlement a builder places for neutral ``neutral`` (0: N1, 1: N2)."""

    piece = "settle"
    vertex: int = field(metadata=VERTEX)

    def sentence(self, s: State) -> str:
        return (
            f"{seat(self.player)} builds a free settlement for {self._for(s)} on "
            f"{vertex_name(self.vertex)}."
        )


@dataclass(frozen=True, slots=True, repr=False)
class NeutralRoad(NeutralBuild):
    """The mirrored road a builder places for neutral ``neutral`` (0: N1, 1: N2)."""

    piece = "road"
    edge: int = field(metadata=EDGE)

    def sentence(self, s: State) -> str:
        return (
            f"{seat(self.player)} builds a free road for {self._for(s)} on {edge_name(self.edge)}."
        )


@dataclass(frozen=True, slots=True, repr=False)
class NeutralKnight(NeutralBuild):
    """The mirrored basic knight a recruiter places for neutral ``neutral`` (CK2P-NEUTRAL-*)."""

    piece = "knight"
    vertex: int = field(metadata=VERTEX)

    def sentence(self, s: State) -> str:
        return (
            f"{seat(self.player)} places a basic knight for {self._for(s)} on "
            f"{vertex_name(self.vertex)}."
        )


@dataclass(frozen=True, slots=True, repr=False)
class NeutralPromote(NeutralBuild):
    """The mirrored promotion of neutral ``neutral``'s basic knight on ``vertex`` to strong."""

    piece = "promote"
    vertex: int = field(metadata=VERTEX)

    def sentence(self, s: State) -> str:
        return (
            f"{seat(self.player)} promotes {self._for(s)}'s basic knight on "
            f"{vertex_name(self.vertex)} to strong."
        )


# ---------------------------------------------------------------- trade-token actions
@register
@dataclass(frozen=True, slots=True, repr=False)
class ForcedTrade(Action):
    """Token action: take ``take`` from the opponent, give back ``give`` (2P-TOKEN-FORCED-TRADE).

    ``commodities``: announced as a trade over all hand cards at double price
    (``force all``, CK2P-TOKEN-FORCED-TRADE); else resources only.
    """

    words = ("force take", "force all take")
    player: int
    take: Bundle
    give: Bundle
    commodities: bool = False

    @classmethod
    def read(cls, r: Reader, p: int, key: str) -> Action:
        take = r.bundle(stop="give")
        r.word("give", "between the cards taken and the cards given")
        return cls(p, take, r.bundle(), key == "force all take")

    def __str__(self) -> str:
        take, give = bundle_text(self.take), bundle_text(self.give)
        word = "force all" if self.commodities else "force"
        return f"{seat(self.player)} {word} take {take} give {give}"

    def sentence(self, s: State) -> str:
        return (
            f"{spends(s, self.player)} to take {bundle_words(self.take)} from "
            f"the opponent and give back {bundle_words(self.give)}."
        )


# Why the draw of a forced trade of C&K for two names no card, said plainly (s35 at 11.16:
# "the draw" read as jargon; CK2P-TOKEN-FORCED-TRADE; its
# give-back step does name the 2 cards given back: s34; one colon a sentence, issue 33, as the
# reply puts it after "“wool” does not fit here: ")
DRAWN_BLIND = (
    "a forced trade takes its 2 cards blind from the other player's hand, so the move names no card"
)


@register
@dataclass(frozen=True, slots=True, repr=False)
class ForcedDraw(Action):
    """Token action of ck-2p: a forced trade whose 2 cards are drawn blind from the opponent
    (CK2P-TOKEN-FORCED-TRADE); ``commodities``: announced over all hand cards at double price
    (``force all``), else resources only (``force``)."""

    words = ("force", "force all")
    player: int
    commodities: bool = False

    @classmethod
    def read(cls, r: Reader, p: int, key: str) -> Action:
        if r.more() and r.cards > 5:  # C&K for two: the draw names no card (s33 at 11.16:
            # "P1 forced trade for 2 wool" was told "“wool” does not fit here: “take” goes
            # there", a word of base-2p's open trade, which C&K for two has not)
            r.i += 1
            raise r.fail(f"expected nothing more ({DRAWN_BLIND})")
        if r.more():  # only base-2p's open trade (``force take``) goes on
            r.word("take", "right after 'force', before the cards taken")
        return cls(p, key == "force all")

    def __str__(self) -> str:
        return f"{seat(self.player)} force{' all' if self.commodities else ''}"

    def sentence(self, s: State) -> str:
        who = seat(self.player)
        # which of the two it is, first ("P1 can spend trade tokens on a forced trade from the
        # whole hand": l23 read the same words for both, a right one and a wrong one, at 11.16;
        # "from", not a second "on": l32 at 11.3)
        scope, cards = (
            ("from the whole hand, at double the price", "whole hand")
            if self.commodities
            else ("from resource cards only", "resource cards (commodities set aside)")
        )
        return (
            f"{spends(s, self.player, 2 if self.commodities else 1)} on a forced trade {scope}: "
            "2 cards are drawn blind "
            f"from {seat(1 - self.player)}'s {cards}, then {who} gives 2 back."
        )


@register
@dataclass(frozen=True, slots=True, repr=False)
class ForcedGive(Action):
    """The 2 cards given back once a ck-2p forced trade's draws are made
    (CK2P-TOKEN-FORCED-TRADE)."""

    words = ("force give",)
    player: int
    give: Bundle

    @classmethod
    def read(cls, r: Reader, p: int, key: str) -> Action:
        return cls(p, r.bundle())

    def __str__(self) -> str:
        return f"{seat(self.player)} force give {bundle_text(self.give)}"

    def sentence(self, s: State) -> str:
        return (
            f"{seat(self.player)} gives {bundle_words(self.give)} back to "
            f"{seat(1 - self.player)} (forced trade)."
        )


@register
@dataclass(frozen=True, slots=True, repr=False)
class RobberHome(SeatOnly):
    """Token action: the robber goes back to the desert (2P-TOKEN-ROBBER)."""

    words = ("robber-home",)

    def sentence(self, s: State) -> str:
        return f"{spends(s, self.player)} to put the robber back on the desert."


@register
@dataclass(frozen=True, slots=True, repr=False)
class ReturnKnight(SeatOnly):
    """Hand back a played Knight card for 2 tokens (2P-TOKEN-INCOME-KNIGHT)."""

    words = ("return knight",)

    def sentence(self, s: State) -> str:
        return f"{seat(self.player)} returns a played Knight card for 2 trade tokens."
