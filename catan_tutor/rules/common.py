"""Shared helpers: reasons, costs, hands and the seat whose decision is awaited."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from operator import add, neg, sub
from typing import TypeVar

from ..actions import bundle_words, seat
from ..board import CARD_NAMES, VERTEX_LABELS
from ..state import (
    DISCARD,
    MAIN,
    OFFER,
    PRE_ROLL,
    ROAD_BUILDING,
    ROBBER,
    SETUP_ROAD,
    SETUP_SETTLE,
    State,
    tset,
)
from ..variants.ck_state import SABOTAGE, WEDDING
from ..variants.two_player_state import NEUTRAL

_R = TypeVar("_R")


def remember_last(fn: Callable[..., _R]) -> Callable[..., _R]:
    """``fn`` of one or two immutable board fields, remembering its last answer: asked again
    with the very same objects (a snapshot shares every unchanged field with the position
    before it), it answers without scanning or hashing them. The objects are kept, so their
    identity cannot be reused; a thread reads the memo in one step and replaces it whole."""
    memo: list[tuple] = [(None, None, None)]

    def cached(a: object, b: object = None) -> _R:
        m = memo[0]
        if m[0] is a and m[1] is b:
            return m[2]
        value = fn(a) if b is None else fn(a, b)
        memo[0] = (a, b, value)
        return value

    cached.__doc__ = fn.__doc__
    return cached


OWING = (DISCARD, SABOTAGE, WEDDING)  # phases where every seat owing cards decides

# rule="BASE-BUILD-COSTS" (brick, lumber, wool, grain, ore)
ROAD_COST = (1, 1, 0, 0, 0)
SETTLEMENT_COST = (1, 1, 1, 1, 0)
CITY_COST = (0, 0, 0, 2, 3)
DEV_COST = (0, 0, 1, 1, 1)


@dataclass(frozen=True, slots=True)
class Reason:
    """Why an action is (il)legal: a rule ID from rulebook/rules.md and a sentence for a learner."""

    rule: str
    text: str


# Each phase as a learner reads it, for reasons that name the moment of the turn.
PHASE_WORDS = {
    "board": "the board is being laid out", "rolloff": "the roll-off for first player",
    SETUP_SETTLE: "setup", SETUP_ROAD: "setup", PRE_ROLL: "the roll phase (before the dice)",
    "dice": "the dice are being rolled", DISCARD: "players are discarding after a 7",
    ROBBER: "the robber is being moved", "steal": "the robber is stealing a card",
    MAIN: "the trade and build phase", ROAD_BUILDING: "Road Building's free roads",
    "draw": "a development card is being drawn", OFFER: "a trade offer awaits its answer",
    "over": "the game is over", NEUTRAL: "a neutral piece is owed",
    "bids": "the dummy's trading window", "tiebreak": "a tie-break roll",
    "dev-die": "the dummy's development die", "card-die": "the dummy's card die",
    "resource-die": "the dummy's Monopoly die", "progress-draw": "a progress card is drawn",
    "pillage": "a city is being pillaged", "defender-deck": "a tied defender picks a deck",
    "aqueduct": "the Aqueduct's free resource", "progress-discard":
    "a player discards progress cards", "relocate": "a displaced knight is being moved",
    SABOTAGE: "players discard for Sabotage", WEDDING: "players give Wedding gifts",
    "desert": "Treason: a knight is being removed", "deserter": "Treason: a knight may be placed",
    "harbor": "Commercial Harbor: a commodity is returned",
}  # fmt: skip


def stands_on(s: State, v: int) -> str:
    """What stands on corner ``v``, as a clause for a refusal that names the corner (not
    "H4 holds none" after "a city wall under the city on H4"): "H4 holds P3's settlement",
    "H4 holds P2's city", "H4 holds P1's knight", "nothing stands on H4"."""
    where, owner = VERTEX_LABELS[v], s.vowner[v]
    if owner >= 0:
        return f"{where} holds {s.name(owner)}'s {'city' if s.vcity[v] else 'settlement'}"
    knight = s.kn[v] if s.caps.knights else None
    if knight is not None:
        return f"{where} holds {s.name(knight.owner)}'s knight"
    return f"nothing stands on {where}"


def phase_refusal(s: State, what: str, rule: str = "BASE-TURN-PHASES") -> Reason:
    """Why ``what`` (e.g. "a road", "trading with the bank") cannot happen in this phase, in
    the phase's own words and under the phase's own rule; ``rule`` for any other phase.

    rule="BASE-TURN-PHASES" / rule="CK-TURN-ROLL-PHASE": before the roll; rule="BASE-SETUP-FREE":
    setup; rule="BASE-ROBBER-MOVE": the robber moves first; rule="BASE-DEV-ROAD-BUILDING" (in
    Cities & Knights rule="CK-PC-ROAD-BUILDING"): the free roads come first.
    """
    ph, who = s.phase, seat(s.active)
    if ph == PRE_ROLL:
        extra = " or a token action" if s.caps.tokens else ""
        if s.caps.knights:  # Cities & Knights
            return Reason(
                "CK-TURN-ROLL-PHASE",
                f"{who} has not rolled yet, and before the roll only Alchemy{extra} "
                f"may be played, not {what}.",
            )
        return Reason(
            "BASE-TURN-PHASES",
            f"{who} has not rolled yet, and before the roll only a development "
            f"card{extra} may be played, not {what}.",
        )
    if ph in (SETUP_SETTLE, SETUP_ROAD):
        need = "a road next to the new building"
        if ph == SETUP_SETTLE:  # rule="CK-SETUP-ROUND2": in Cities & Knights the second a city
            second = s.caps.knights and s.setup_step >= len(setup_order(s.n)) // 2
            need = "a city" if second else "a settlement"
        return Reason(
            "BASE-SETUP-FREE",
            f"During setup {who} now places {need}, nothing "
            f"else; {what} is not possible at this step.",
        )
    if ph == ROBBER:
        return Reason(
            "BASE-ROBBER-MOVE", f"{who} must move the robber first; {what} waits until then."
        )
    if ph == ROAD_BUILDING:  # the card in play: in Cities & Knights the progress card
        card = "CK-PC-ROAD-BUILDING" if s.caps.improvements else "BASE-DEV-ROAD-BUILDING"
        return Reason(
            card,
            f"{who} first builds the free roads of Road Building "
            f"({s.free_roads} left); {what} waits until then.",
        )
    if ph == NEUTRAL:
        return Reason(
            "2P-NEUTRAL-MIRROR",
            f"{who} first builds the neutral piece they owe; {what} waits until then.",
        )
    return Reason(
        rule, f"{what[0].upper()}{what[1:]} is not possible now: {PHASE_WORDS.get(ph, ph)}."
    )


def can_pay(hand: tuple[int, ...], cost) -> bool:
    """``hand`` covers ``cost``; a cost may list the 5 resources only (hands may have 8)."""
    if len(cost) > 5:
        return all(h >= c for h, c in zip(hand, cost, strict=True))
    return (
        hand[0] >= cost[0]
        and hand[1] >= cost[1]
        and hand[2] >= cost[2]
        and hand[3] >= cost[3]
        and hand[4] >= cost[4]
    )


def gain(s: State, p: int, delta) -> None:
    """Move cards between the bank and p's hand: ``delta`` per card kind, + to the hand.

    ``delta`` may list the 5 resources only when the hand also holds commodities.
    """
    h, b = s.hands[p], s.bank
    if len(h) == 5:
        s.hands = tset(
            s.hands,
            p,
            (h[0] + delta[0], h[1] + delta[1], h[2] + delta[2], h[3] + delta[3], h[4] + delta[4]),
        )
        s.bank = (
            b[0] - delta[0],
            b[1] - delta[1],
            b[2] - delta[2],
            b[3] - delta[3],
            b[4] - delta[4],
        )
        return
    if len(delta) != len(h):
        if len(delta) > len(h):
            raise ValueError(f"{len(delta)} counts for a hand of {len(h)} card kinds")
        delta = (*delta, *(0,) * (len(h) - len(delta)))
    s.hands = tset(s.hands, p, tuple(map(add, h, delta)))
    s.bank = tuple(map(sub, b, delta))


def give(s: State, src: int, dst: int, cards) -> None:
    """Move ``cards`` (counts per card kind) from src's hand to dst's."""
    a, b = s.hands[src], s.hands[dst]
    if len(cards) < len(a):  # resources only, into hands with commodities
        cards = (*cards, *(0,) * (len(a) - len(cards)))
    hands = list(s.hands)
    hands[src] = tuple([x - c for x, c in zip(a, cards)])  # noqa: B905 - lengths equal
    hands[dst] = tuple([x + c for x, c in zip(b, cards)])  # noqa: B905
    s.hands = tuple(hands)


def bundle_reason(s: State, rule: str, *bundles) -> Reason | None:
    """Card bundles must list one count per card kind of the game (5, or 8 in C&K)."""
    kinds = len(s.bank)
    for b in bundles:
        if len(b) != kinds:
            return Reason(
                rule,
                f"Cards are counted per kind: {kinds} counts ({', '.join(CARD_NAMES[:kinds])}).",
            )
    return None


def one(r: int, n: int = 1, kinds: int = 5) -> tuple[int, ...]:
    """n cards of kind r as a bundle of ``kinds`` counts."""
    return tuple(n if i == r else 0 for i in range(kinds))


def pay(s: State, p: int, cost) -> None:
    gain(s, p, tuple(map(neg, cost)))


def cost_reason(s: State, p: int, cost, what: str) -> Reason | None:
    """Why ``p`` cannot pay ``cost`` for ``what`` (None when it can), under the variant's cost
    table: rule="BASE-BUILD-COSTS", in Cities & Knights rule="CK-BUILD-COSTS" (walls, knights
    and improvements too)."""
    if can_pay(s.hands[p], cost):
        return None
    need = bundle_words(tuple(cost))  # "1 wool, 1 grain and 1 ore", as the move's own words
    rule = "CK-BUILD-COSTS" if s.caps.improvements else "BASE-BUILD-COSTS"
    return Reason(rule, f"{seat(p)} cannot pay for {what}: it costs {need}.")


def setup_round_rule(s: State) -> str:
    """The setup round under way: rule="BASE-SETUP-ROUND1" or rule="BASE-SETUP-ROUND2"; in
    Cities & Knights rule="CK-SETUP-ROUND1" or rule="CK-SETUP-ROUND2"."""
    second = s.setup_step >= s.n
    if s.caps.knights:
        return "CK-SETUP-ROUND2" if second else "CK-SETUP-ROUND1"
    return "BASE-SETUP-ROUND2" if second else "BASE-SETUP-ROUND1"


def setup_order(n: int) -> list[int]:
    """Seats in placement order: P1..Pn then Pn..P1 (BASE-SETUP-ROUND1, BASE-SETUP-ROUND2)."""
    return list(range(n)) + list(range(n - 1, -1, -1))


def occupancy(s: State) -> tuple[int, ...]:
    """Per vertex, the owner of the building or knight on it, or -1.

    rule="CK-KNIGHT-BLOCKS": knights stop other colours' roads and routes like buildings do
    (the distance rule still looks at buildings only).
    """
    return _merged(s.vowner, s.kn) if s.caps.knights else s.vowner


@remember_last
def _merged(vowner: tuple[int, ...], kn: tuple) -> tuple[int, ...]:
    return _interned(tuple([o if k is None else k[0] for o, k in zip(vowner, kn, strict=True)]))


@lru_cache(maxsize=1024)
def _interned(occ: tuple[int, ...]) -> tuple[int, ...]:
    """One object per occupancy while it is remembered: a knight activated, promoted or
    marked keeps the occupancy object, and what is remembered by identity of it holds."""
    return occ


def turn_seats(s: State) -> int:
    """How many seats take turns: the players, and the dummy after them (DUMMY-SETUP-SEATS)."""
    return s.n + s.caps.dummy


def actors(s: State) -> list[int]:
    """Seats that may act now (pending decisions included), in seat order from the active one."""
    if s.phase in OWING:
        m = len(s.discards)
        order = [(s.active + i) % m for i in range(m)]
        return [p for p in order if s.discards[p] > 0]
    if s.phase == OFFER and s.offer is not None:
        return [s.offer.to]
    return [s.active]


def chooser(s: State, q: int) -> int:
    """The seat that decides for party q: q itself, or for a neutral the active player.

    rule="CK2P-NEUTRAL-CHOOSER": where a displaced neutral knight goes and which neutral knight
    deserts are chosen by the player whose action caused it.
    """
    return q if q < s.n else s.active
