"""Maritime and domestic trade (BASE-TRADE-*)."""

from __future__ import annotations

from functools import lru_cache

from ..actions import (
    DEV_CARDS,
    Accept,
    BankTrade,
    Decline,
    DevTrade,
    Offer,
    bundle_words,
    make,
    seat,
)
from ..board import CARD_NAMES, GENERIC, Layout
from ..state import MAIN, OFFER, PendingOffer, State, laid
from .common import Reason, bundle_reason, gain, phase_refusal, remember_last
from .common import give as move_cards
from .words import card_title


@lru_cache(maxsize=64)
def _harbor_vertices(layout: Layout) -> tuple[tuple[int, int], ...]:
    return tuple((v, k) for v, k in enumerate(layout.vertex_harbor()) if k >= 0)


def rates(s: State, p: int) -> tuple[int, ...]:
    """rule="BASE-TRADE-MARITIME": per resource 4:1, 3:1 at a generic harbor, 2:1 at its own.

    With commodities (rule="CK-TRADE-BANK") they trade 4:1 or 3:1 at a generic harbor;
    rule="CK-TRADE-HOUSE": 2:1 from trade level 3; rule="CK-TRADE-MERCHANT": the merchant's
    controller trades the resource of its hex 2:1.
    """
    table = _harbor_rates(s.vowner, s.layout)
    if not s.caps.commodities:
        return table.get(p, _NO_HARBOR)[0]
    house = s.levels[p][1] >= 3
    out = table.get((p, house))
    if out is None:
        resources, generic = table.get(p, _NO_HARBOR)
        generic = 2 if house else generic
        out = table[p, house] = (*resources, generic, generic, generic)
    h, owner = s.merchant
    if owner == p and laid(s).terrain[h] < 5:
        out = tuple(2 if k == laid(s).terrain[h] else x for k, x in enumerate(out))
    if s.fleet and p == s.active:  # rule="CK-PC-MERCHANT-FLEET": 2:1 for this turn
        out = tuple(2 if k in s.fleet else x for k, x in enumerate(out))
    return out


_NO_HARBOR = ((4, 4, 4, 4, 4), 4)


@remember_last
def _harbor_rates(vowner: tuple[int, ...], layout: Layout) -> dict:
    """Per owner with a harbor: its 5 resource rates and its rate for any other card (3 with
    a generic harbor, else 4); (owner, trading house) -> C&K rates are added on first use.
    One table per (buildings, board) pair: by identity in a playout, by value for positions
    visited again (the tutor's steps)."""
    return _harbor_table(vowner, layout)


@lru_cache(maxsize=1024)
def _harbor_table(vowner: tuple[int, ...], layout: Layout) -> dict:
    out: dict = {}
    for v, kind in _harbor_vertices(layout):
        p = vowner[v]
        if p >= 0:
            r, generic = out.get(p, _NO_HARBOR)
            out[p] = (
                (tuple(min(x, 3) for x in r), 3)
                if kind == GENERIC
                else (tuple(2 if k == kind else x for k, x in enumerate(r)), generic)
            )
    return out


def rate(s: State, p: int, r: int) -> int:
    """p's best bank rate for card kind r."""
    return rates(s, p)[r]


def counts(s: State, p: int, r: int) -> tuple[int, ...]:
    """Every bank rate open to p for card kind r, best first: the best rate, 3:1 when p also
    has a generic harbor, and 4:1 always (rule="BASE-TRADE-MARITIME", rule="CK-TRADE-BANK": a
    harbor, the Trading House or the merchant adds a rate and removes none)."""
    best = rates(s, p)[r]
    generic = _harbor_rates(s.vowner, laid(s)).get(p, _NO_HARBOR)[1] == 3
    return tuple(k for k in (2, 3, 4) if k == best or k == 4 or (k == 3 and generic and best < 3))


def rate_rule(s: State, p: int, r: int, count: int = 0) -> str:
    """The rule that sets p's bank rate for card kind r (``rates`` in words): Merchant Fleet's
    2:1 this turn (rule="CK-PC-MERCHANT-FLEET"), the merchant's hex (rule="CK-TRADE-MERCHANT"),
    the Trading House for commodities (rule="CK-TRADE-HOUSE"), else the harbors. A ``count``
    other than the best rate is a harbor's 3:1 or the plain 4:1."""
    if not s.caps.commodities or not 0 <= r < len(s.bank):
        return "BASE-TRADE-MARITIME"
    if count and count != rate(s, p, r):
        return "CK-TRADE-BANK"
    if s.fleet and p == s.active and r in s.fleet:
        return "CK-PC-MERCHANT-FLEET"
    h, owner = s.merchant
    if owner == p and laid(s).terrain[h] == r:
        return "CK-TRADE-MERCHANT"
    if r >= 5 and s.levels[p][1] >= 3:
        return "CK-TRADE-HOUSE"
    return "CK-TRADE-BANK"


def _after_roll(s: State, what: str) -> Reason | None:
    if s.phase == MAIN:
        return None
    return phase_refusal(s, what)


def check_dev_trade(s: State, a: DevTrade) -> Reason:
    """rule="BASE-TRADE-NO-DEV": a development card is never traded, sold to the bank or
    given away, whoever asks and whenever."""
    both = [x + y for x, y in zip(a.give_dev, a.get_dev, strict=False)]
    named = [card_title(d, dev=True) for d, n in enumerate(both[: len(DEV_CARDS)]) if n]
    card = f"a {named[0]} card" if named else "a development card"
    verb = "give away" if a.word == "give" else "trade"
    return Reason(
        "BASE-TRADE-NO-DEV",
        f"{seat(a.player)} cannot {verb} {card}: development cards are never traded or "
        "given away; only resource cards change hands.",
    )


def check_bank(s: State, a: BankTrade) -> Reason | None:
    p = a.player
    bad = _after_roll(s, "trading with the bank")
    if bad:
        return bad
    kinds = len(s.bank)
    if not (0 <= a.give < kinds and 0 <= a.get < kinds) or a.give == a.get:
        return Reason("BASE-TRADE-MARITIME", "A bank trade gives one kind of card for another.")
    open_ = counts(s, p, a.give)
    if a.count not in open_:
        said = " or ".join(f"{k}:1" for k in open_)
        return Reason(
            rate_rule(s, p, a.give),
            f"{seat(p)} trades {CARD_NAMES[a.give]} with the bank at {said}, not {a.count}:1.",
        )
    if s.hands[p][a.give] < a.count:
        return Reason(
            rate_rule(s, p, a.give, a.count),
            f"{seat(p)} needs {a.count} "
            f"{CARD_NAMES[a.give]} for this trade and holds {s.hands[p][a.give]}.",
        )
    if not s.bank[a.get]:
        return Reason("BASE-TRADE-MARITIME", f"The bank has no {CARD_NAMES[a.get]} left.")
    return None


def apply_bank(s: State, a: BankTrade) -> None:
    delta = [0] * len(s.bank)
    delta[a.give] -= a.count
    delta[a.get] += 1
    gain(s, a.player, delta)


def bank_options(s: State, p: int) -> list[BankTrade]:
    """p's bank trades: each kind p holds enough of at each rate open to p (best first), for
    each other kind the bank still has, in that order."""
    out: list[BankTrade] = []
    hand = s.hands[p]
    if max(hand) < 2:
        return out
    bank = s.bank
    stocked = all(bank)
    for g, best in enumerate(rates(s, p)):
        if hand[g] < best:
            continue
        for k in counts(s, p, g) if best < 4 else (4,):
            if hand[g] >= k:
                trades = _bank_trades(p, g, k, len(hand))
                out += trades if stocked else [a for a in trades if bank[a.get]]
    return out


@lru_cache(maxsize=1024)
def _bank_trades(p: int, give: int, count: int, kinds: int) -> tuple[BankTrade, ...]:
    return tuple(make(BankTrade, p, give, count, r) for r in range(kinds) if r != give)


def check_offer(s: State, a: Offer) -> Reason | None:
    p = a.player
    bad = _after_roll(s, "trading with other players")
    if bad:
        return bad
    bad = bundle_reason(s, "BASE-TRADE-DOMESTIC", a.give, a.get)
    if bad:
        return bad
    if not 0 <= a.to < s.n or a.to == p:
        return Reason(
            "BASE-TRADE-DOMESTIC", f"{seat(p)} trades with another player, not {seat(a.to)}."
        )
    if min(a.give) < 0 or min(a.get) < 0 or not sum(a.give) or not sum(a.get):
        return Reason("BASE-TRADE-DOMESTIC", "Both sides give at least one card: no gifts.")
    if any(g and t for g, t in zip(a.give, a.get, strict=True)):
        return Reason("BASE-TRADE-DOMESTIC", "Cards of the same resource cannot be swapped.")
    if any(g > h for g, h in zip(a.give, s.hands[p], strict=True)):
        return Reason("BASE-TRADE-DOMESTIC", f"{seat(p)} does not hold {bundle_words(a.give)}.")
    return None


def apply_offer(s: State, a: Offer) -> None:
    s.offer = PendingOffer(a.to, a.give, a.get)
    s.phase = OFFER


def offer_options(s: State, p: int) -> list[Offer]:
    """The enumerated subset of offers: one card for one card, to each other seat, for each
    kind p holds (by seat, then the card given, then the card asked)."""
    table = _one_for_one(s.n, p, len(s.bank))
    held = [g for g, c in enumerate(s.hands[p]) if c]
    return [a for row in table for g in held for a in row[g]]


@lru_cache(maxsize=256)
def _one_for_one(n: int, p: int, kinds: int) -> tuple[tuple[tuple[Offer, ...], ...], ...]:
    """Per other seat, per card given: the offers of one card for one other card."""
    unit = [tuple(1 if r == g else 0 for r in range(kinds)) for g in range(kinds)]
    return tuple(
        tuple(
            tuple(make(Offer, p, to, unit[g], unit[t]) for t in range(kinds) if t != g)
            for g in range(kinds)
        )
        for to in range(n)
        if to != p
    )


def pending_offer(s: State) -> PendingOffer:
    """The offer being answered (phase OFFER)."""
    offer = s.offer
    assert offer is not None, "no trade offer is pending"
    return offer


def _responder(s: State, a: Accept | Decline) -> Reason | None:
    if s.phase != OFFER:
        return Reason("BASE-TRADE-DOMESTIC", "There is no trade offer to answer.")
    to = pending_offer(s).to
    if a.player != to:
        return Reason(
            "BASE-TURN-OFFTURN", f"The offer was made to {seat(to)}, not {seat(a.player)}."
        )
    return None


def check_accept(s: State, a: Accept) -> Reason | None:
    bad = _responder(s, a)
    if bad:
        return bad
    get = pending_offer(s).get
    if any(g > h for g, h in zip(get, s.hands[a.player], strict=True)):
        return Reason("BASE-TRADE-DOMESTIC", f"{seat(a.player)} does not hold {bundle_words(get)}.")
    return None


def apply_accept(s: State, a: Accept) -> None:
    to, give_, get = pending_offer(s)
    move_cards(s, s.active, to, give_)
    move_cards(s, to, s.active, get)
    s.offer = None
    s.phase = MAIN


def check_decline(s: State, a: Decline) -> Reason | None:
    return _responder(s, a)


def apply_decline(s: State, a: Decline) -> None:
    s.offer = None
    s.phase = MAIN
