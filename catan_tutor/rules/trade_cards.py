"""The trade deck (yellow, CK-PC-COUNTS): each card's check, effect and plays, one
:class:`Card` record per card in ``CARDS``; the Commercial Harbor's exchanges after it."""

from __future__ import annotations

from functools import lru_cache

from ..actions import HarborOffer, PlayProgress, ReturnCommodity, make, seat
from ..board import HEX_VERTICES, N_HEXES
from ..state import MAIN, State
from ..variants.ck_state import HARBOR, HarborTrade
from .card_record import Card, bare, listed, no_check
from .ck_turn import victory_points
from .common import Reason, can_pay, give, one
from .robber import discard_options


# ---------------------------------------------------------------- Guild Dues
def _guild_dues(s: State, p: int, q: int, cards: tuple) -> Reason | None:
    """rule="CK-PC-GUILD-DUES": from a player with more VP, 2 hand cards of p's choice;
    rule="CK-PC-NO-TARGET": played without naming anybody it does nothing."""
    if q < 0:
        return None if not sum(cards) else Reason("CK-PC-GUILD-DUES", "Name the player.")
    if q >= s.n or q == p:
        return Reason("CK-PC-GUILD-DUES", "Guild Dues names another player.")
    if victory_points(s, q) <= victory_points(s, p):
        more = f"{seat(q)} does not have more victory points than {seat(p)}."
        return Reason("CK-PC-GUILD-DUES", more)
    if len(cards) != len(s.bank) or min(cards) < 0 or not can_pay(s.hands[q], cards):
        return Reason("CK-PC-GUILD-DUES", f"{seat(q)} does not hold those cards.")
    if sum(cards) != min(2, sum(s.hands[q])):
        return Reason("CK-PC-GUILD-DUES", "Guild Dues takes 2 cards (all if fewer).")
    return None


def _do_guild_dues(s: State, p: int, q: int, cards: tuple) -> None:
    if q >= 0:
        give(s, q, p, cards)


def _two_of(hand: tuple[int, ...]) -> list[tuple[int, ...]]:
    return list(discard_options(hand, min(2, sum(hand))))


def _guild_dues_args(s: State, p: int) -> list[tuple]:
    """Nobody, or two cards from a player with more VP."""
    kinds = len(s.bank)
    mine_vp = victory_points(s, p)
    return [(-1, (0,) * kinds)] + [
        (q, b)
        for q in range(s.n)
        if q != p and victory_points(s, q) > mine_vp
        for b in _two_of(s.hands[q])
    ]


# ---------------------------------------------------------------- Merchant
def _merchant(s: State, p: int, h: int) -> Reason | None:
    """rule="CK-PC-MERCHANT": a land hex touching one of p's buildings (the desert too,
    rule="CK-PC-MERCHANT-DESERT")."""
    if not 0 <= h < N_HEXES or not any(s.vowner[v] == p for v in HEX_VERTICES[h]):
        return Reason(
            "CK-PC-MERCHANT", f"The merchant goes on a hex next to one of {seat(p)}'s buildings."
        )
    return None


def _do_merchant(s: State, p: int, h: int) -> None:
    s.merchant = (h, p)


@lru_cache(maxsize=1024)
def _merchant_plays_of(p: int, card: int, vowner: tuple[int, ...]) -> tuple[PlayProgress, ...]:
    mine = {v for v, o in enumerate(vowner) if o == p}
    return tuple(
        make(PlayProgress, p, card, (h,))
        for h in range(N_HEXES)
        if not mine.isdisjoint(HEX_VERTICES[h])
    )


def _merchant_plays(s: State, p: int, card: int) -> tuple[PlayProgress, ...]:
    """A hex touching one of p's buildings."""
    return _merchant_plays_of(p, card, s.vowner)


# ---------------------------------------------------------------- Merchant Fleet
def _fleet(s: State, p: int, kind: int) -> Reason | None:
    if not 0 <= kind < len(s.bank):
        return Reason("CK-PC-MERCHANT-FLEET", "Name a resource or a commodity.")
    return None


def _do_fleet(s: State, p: int, kind: int) -> None:
    # rule="CK-PC-MERCHANT-FLEET": 2:1 with the supply for the rest of the turn
    s.fleet = tuple(sorted({*s.fleet, kind}))


@lru_cache(maxsize=256)
def _kinds_plays_of(p: int, card: int, lo: int, hi: int) -> tuple[PlayProgress, ...]:
    return tuple(make(PlayProgress, p, card, (c,)) for c in range(lo, hi))


def _fleet_plays(s: State, p: int, card: int) -> tuple[PlayProgress, ...]:
    """Any kind of card: a resource or a commodity."""
    return _kinds_plays_of(p, card, 0, len(s.bank))


# ---------------------------------------------------------------- the monopolies
def _do_resource_monopoly(s: State, p: int, r: int) -> None:
    """rule="CK-PC-RESOURCE-MONOPOLY": each other player gives 2 (1 if they have only 1)."""
    for q in range(s.n):
        if q != p and s.hands[q][r]:
            give(s, q, p, one(r, min(2, s.hands[q][r]), len(s.bank)))


def _resource_plays(s: State, p: int, card: int) -> tuple[PlayProgress, ...]:
    """A resource."""
    return _kinds_plays_of(p, card, 0, 5)


def _do_trade_monopoly(s: State, p: int, c: int) -> None:
    """rule="CK-PC-TRADE-MONOPOLY": each other player gives 1 of the commodity if they can."""
    for q in range(s.n):
        if q != p and s.hands[q][c]:
            give(s, q, p, one(c, 1, len(s.bank)))


def _commodity_plays(s: State, p: int, card: int) -> tuple[PlayProgress, ...]:
    """A commodity."""
    return _kinds_plays_of(p, card, 5, len(s.bank))


# ---------------------------------------------------------------- Commercial Harbor
def _do_commercial_harbor(s: State, p: int) -> None:
    """rule="CK-PC-COMMERCIAL-HARBOR": once per other player this turn, a resource for a
    commodity of the receiver's choice."""
    left = tuple(q for q in range(s.n) if q != p)
    s.harbor = HarborTrade(left, ())


def commercial_harbor(s: State) -> HarborTrade:
    """The Commercial Harbor exchanges open this turn."""
    h = s.harbor
    assert h, "no Commercial Harbor was played"
    return h


def harbor_receiver(s: State) -> int:
    """Who owes a commodity for a Commercial Harbor resource (phase HARBOR)."""
    return commercial_harbor(s).pending[0]


def check_harbor_offer(s: State, a: HarborOffer) -> Reason | None:
    p, q = a.player, a.to
    if s.phase != MAIN or not s.harbor or q not in s.harbor.left:
        return Reason(
            "CK-PC-COMMERCIAL-HARBOR", f"No Commercial Harbor exchange with {seat(q)} is open now."
        )
    if not 0 <= a.resource < 5 or not s.hands[p][a.resource]:
        return Reason("CK-PC-COMMERCIAL-HARBOR", f"{seat(p)} hands over a resource they hold.")
    return None


def apply_harbor_offer(s: State, a: HarborOffer) -> None:
    left = tuple(q for q in commercial_harbor(s).left if q != a.to)
    if not any(s.hands[a.to][5:]):  # no commodity: the resource comes back, nothing happens
        s.harbor = HarborTrade(left, ())
        return
    give(s, a.player, a.to, one(a.resource, 1, len(s.bank)))
    s.harbor = HarborTrade(left, (a.to, a.resource))
    s.phase = HARBOR


def check_return(s: State, a: ReturnCommodity) -> Reason | None:
    if s.phase != HARBOR or a.player != harbor_receiver(s):
        return Reason(
            "CK-PC-COMMERCIAL-HARBOR", "No commodity is owed for a Commercial Harbor now."
        )
    if not 5 <= a.commodity < len(s.bank) or not s.hands[a.player][a.commodity]:
        return Reason("CK-PC-COMMERCIAL-HARBOR", f"{seat(a.player)} returns a commodity they hold.")
    return None


def apply_return(s: State, a: ReturnCommodity) -> None:
    give(s, a.player, s.active, one(a.commodity, 1, len(s.bank)))
    s.harbor = HarborTrade(commercial_harbor(s).left, ())
    s.phase = MAIN


def harbor_options(s: State, p: int) -> list:
    if s.phase != MAIN or not s.harbor:
        return []
    return [make(HarborOffer, p, q, r) for q in s.harbor.left for r in range(5) if s.hands[p][r]]


def return_options(s: State) -> list[ReturnCommodity]:
    q = harbor_receiver(s)
    return [make(ReturnCommodity, q, c) for c in range(5, len(s.bank)) if s.hands[q][c]]


# ---------------------------------------------------------------- the deck
CARDS = (
    Card("commercial-harbor", "CK-PC-COMMERCIAL-HARBOR", no_check, _do_commercial_harbor,
         bare),
    Card("guild-dues", "CK-PC-GUILD-DUES", _guild_dues, _do_guild_dues,
         listed(_guild_dues_args)),
    Card("merchant", "CK-PC-MERCHANT", _merchant, _do_merchant, _merchant_plays),
    Card("merchant-fleet", "CK-PC-MERCHANT-FLEET", _fleet, _do_fleet, _fleet_plays),
    Card("resource-monopoly", "CK-PC-RESOURCE-MONOPOLY", no_check, _do_resource_monopoly,
         _resource_plays),
    Card("trade-monopoly", "CK-PC-TRADE-MONOPOLY", no_check, _do_trade_monopoly,
         _commodity_plays),
)  # fmt: skip
