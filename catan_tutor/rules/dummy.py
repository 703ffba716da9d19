"""The dummy's turn in two-player Catan (DUMMY-*): its robber, steals, bids and card die.

The dummy D decides nothing: each of its choices follows a fixed ranking, and ties are broken
by die roll-offs, which are chance events like every die.
"""

from __future__ import annotations

from ..actions import Action, Bid, Die, Pass, make, seat
from ..board import HEX_NAMES, HEX_VERTICES, N_HEXES, RESOURCES, pips
from ..state import END, STEAL, State, laid, tset
from ..variants.dummy_state import (
    ARMY_FACE,
    BIDS,
    CARD_DIE,
    DEV_DIE,
    KNIGHT_FACES,
    MONOPOLY_FACES,
    RESOURCE_DIE,
    ROAD_FACE,
    TIEBREAK,
    BidTerms,
    Tiebreak,
)
from .common import Reason, bundle_reason, can_pay, give, one
from .turn import next_turn

_ONE_DIE: dict[str, list[tuple[Action, int]]] = {
    name: [(make(Die, name, v), 1) for v in range(1, 7)]
    for name in ("dev", "card", "resource", "tiebreak")
}
_PHASE_DIE = {DEV_DIE: "dev", CARD_DIE: "card", RESOURCE_DIE: "resource", TIEBREAK: "tiebreak"}


def die_outcomes(s: State) -> list[tuple[Action, int]]:
    """The single die due in the dummy's turn: six equal faces."""
    return _ONE_DIE[_PHASE_DIE[s.phase]]


# ---------------------------------------------------------------- robber and steal
def _on_hex(s: State, h: int) -> tuple[int, int]:
    """(cities, settlements) of every colour on hex h."""
    cities = settlements = 0
    for v in HEX_VERTICES[h]:
        if s.vowner[v] >= 0:
            if s.vcity[v]:
                cities += 1
            else:
                settlements += 1
    return cities, settlements


def robber_ranking(s: State) -> list[int]:
    """The hexes tied at the top of D's robber ranking, by label.

    rule="DUMMY-ROBBER-TARGET": most cities, then most settlements, then most pips;
    rule="DUMMY-ROBBER-CANDIDATES": never the robber's hex or the desert.
    """
    layout = laid(s)
    desert = layout.desert()
    cands = [h for h in range(N_HEXES) if h not in (s.robber, desert)]
    keys = {h: (*_on_hex(s, h), pips(layout.numbers[h])) for h in cands}
    best = max(keys.values())
    return [h for h in cands if keys[h] == best]


def place_robber(s: State) -> None:
    """D moves the robber: by the ranking, or a roll-off among tied hexes."""
    tied = robber_ranking(s)
    if len(tied) == 1:
        rob_hex(s, tied[0])
    else:
        s.tiebreak = Tiebreak("robber", tuple(tied), ())
        s.phase = TIEBREAK


def rob_hex(s: State, h: int) -> None:
    """rule="DUMMY-STEAL-TARGET" with rule="DUMMY-STEAL-EMPTY": pick the player D robs."""
    s.robber = h
    on = [p for p in range(s.n) if any(s.vowner[v] == p for v in HEX_VERTICES[h])]
    robbable = [p for p in on if sum(s.hands[p])]  # an empty hand passes to the other
    if not robbable:
        s.phase = s.resume
        return
    if len(robbable) == 1:
        _steal_from(s, robbable[0])
        return
    keys = {p: _buildings_of(s, p, h) for p in robbable}  # more cities, then settlements lose
    top = max(keys.values())
    losers = [p for p in robbable if keys[p] == top]
    if len(losers) == 1:
        _steal_from(s, losers[0])
    else:
        s.tiebreak = Tiebreak("steal", tuple(losers), ())
        s.phase = TIEBREAK


def _buildings_of(s: State, p: int, h: int) -> tuple[int, int]:
    owned = [v for v in HEX_VERTICES[h] if s.vowner[v] == p]
    cities = sum(1 for v in owned if s.vcity[v])
    return cities, len(owned) - cities


def _steal_from(s: State, p: int) -> None:
    s.victim = p
    s.phase = STEAL  # rule="DUMMY-STEAL-TARGET": one random card into D's face-up hand


# ---------------------------------------------------------------- roll-offs
def apply_tiebreak(s: State, a: Die) -> None:
    """rule="BASE-CHANCE-ROLLOFF": one die each in order; only the tied re-roll.

    The highest wins a robber hex (DUMMY-ROBBER-TARGET) or a bid (DUMMY-TRADE-BID); the lowest
    loses a card to D (DUMMY-STEAL-TARGET).
    """
    purpose, cands, totals = rolloff(s)
    totals = (*totals, a.value)
    if len(totals) < len(cands):
        s.tiebreak = Tiebreak(purpose, cands, totals)
        return
    best = min(totals) if purpose == "steal" else max(totals)
    stay = tuple(c for c, t in zip(cands, totals, strict=True) if t == best)
    if len(stay) > 1:
        s.tiebreak = Tiebreak(purpose, stay, ())
        return
    s.tiebreak = ()
    if purpose == "robber":
        rob_hex(s, stay[0])
    elif purpose == "steal":
        _steal_from(s, stay[0])
    else:
        _carry_out(s, stay[0])


def rolloff(s: State) -> Tiebreak:
    """The roll-off in progress (phase TIEBREAK)."""
    tb = s.tiebreak
    assert tb, "no roll-off in progress"
    return tb


def tiebreak_text(s: State) -> str:
    purpose, cands, totals = rolloff(s)
    names = [HEX_NAMES[c] if purpose == "robber" else seat(c) for c in cands]
    return f"{purpose} roll-off among {', '.join(names)}: {names[len(totals)]} rolls"


# ---------------------------------------------------------------- trading with D
def can_bid(s: State, p: int) -> bool:
    """A bid needs a card of p's and a kind D holds that p does not offer."""
    hand, dh = s.hands[p], s.hands[s.dummy]
    return any(dh[g] and any(hand[r] for r in range(5) if r != g) for g in range(5))


def open_bids(s: State) -> None:
    """rule="DUMMY-TRADE-WINDOW": after production, each player may bid for one of D's cards."""
    s.bids = (None,) * s.n
    _next_bidder(s)


def bidder(s: State) -> int:
    """rule="DUMMY-TRADE-PROTOCOL": players answer in seat order."""
    return next(p for p, b in enumerate(s.bids) if b is None)


def _next_bidder(s: State) -> None:
    bids = list(s.bids)
    for p, b in enumerate(bids):
        if b is None and not can_bid(s, p):
            bids[p] = ()  # nothing to bid with: a pass
    s.bids = tuple(bids)
    if all(b is not None for b in bids):
        _resolve_bids(s)


def _resolve_bids(s: State) -> None:
    """rule="DUMMY-TRADE-SINGLE", rule="DUMMY-TRADE-BID": a lone bid trades; of two, more
    cards win, equal numbers go to a roll-off."""
    bids = {p: b for p, b in enumerate(s.bids) if b}
    bidders = list(bids)
    if not bidders:
        s.bids = ()
        s.phase = DEV_DIE
        return
    sizes = {p: sum(b.give) for p, b in bids.items()}
    top = max(sizes.values())
    lead = [p for p in bidders if sizes[p] == top]
    if len(lead) == 1:
        _carry_out(s, lead[0])
    else:
        s.tiebreak = Tiebreak("bid", tuple(lead), ())
        s.phase = TIEBREAK


def _carry_out(s: State, p: int) -> None:
    """The winning bid is binding: its cards go to D, one card of the wanted kind to p."""
    bid = s.bids[p]
    assert bid, f"{seat(p)} made no bid"
    cards, get = bid
    give(s, p, s.dummy, cards)
    give(s, s.dummy, p, one(get))
    s.bids = ()
    s.phase = DEV_DIE


def _bid_turn(s: State, p: int) -> Reason | None:
    if s.phase != BIDS:
        return Reason(
            "DUMMY-TRADE-WINDOW",
            "Players trade with the dummy only in the trading window of the dummy's turn.",
        )
    if p != bidder(s):
        return Reason(
            "DUMMY-TRADE-PROTOCOL", f"Bids go in seat order: {seat(bidder(s))} answers first."
        )
    return None


def check_bid(s: State, a: Bid) -> Reason | None:
    p = a.player
    bad = _bid_turn(s, p)
    if bad:
        return bad
    bad = bundle_reason(s, "DUMMY-TRADE-SINGLE", a.give)
    if bad:
        return bad
    if min(a.give) < 0 or not sum(a.give):
        return Reason("DUMMY-TRADE-SINGLE", "A bid gives the dummy one or more resource cards.")
    if not can_pay(s.hands[p], a.give):
        return Reason("DUMMY-TRADE-PROTOCOL", f"{seat(p)} bids only cards they hold.")
    if not 0 <= a.get < 5 or not s.hands[s.dummy][a.get]:
        return Reason("DUMMY-TRADE-PROTOCOL", f"The dummy holds no {RESOURCES[a.get]}.")
    if a.give[a.get]:
        return Reason(
            "DUMMY-TRADE-PROTOCOL", f"A bid for {RESOURCES[a.get]} cannot offer {RESOURCES[a.get]}."
        )
    return None


def apply_bid(s: State, a: Bid) -> None:
    s.bids = tset(s.bids, a.player, BidTerms(a.give, a.get))
    _next_bidder(s)


def check_pass(s: State, a: Pass) -> Reason | None:
    return _bid_turn(s, a.player)


def apply_pass(s: State, a: Pass) -> None:
    s.bids = tset(s.bids, a.player, ())
    _next_bidder(s)


def bid_options(s: State, p: int) -> list[Action]:
    """Pass, then the enumerated bids: one card for one card, for each kind D holds.

    Bids of more cards are legal too (``check_bid``) but left out of the list, like
    player-to-player offers beyond 1-for-1.
    """
    hand, dh = s.hands[p], s.hands[s.dummy]
    out: list[Action] = [make(Pass, p)]
    for g in range(5):
        if dh[g]:
            out += [make(Bid, p, one(r), g) for r in range(5) if r != g and hand[r]]
    return out


# ---------------------------------------------------------------- the development die
def apply_dev_die(s: State, a: Die) -> None:
    """rule="DUMMY-DEV-DIE": 1-5 ends D's turn, 6 rolls for the card."""
    if a.value == 6:
        s.phase = CARD_DIE
    else:
        next_turn(s)


def apply_card_die(s: State, a: Die) -> None:
    v = a.value
    if v in KNIGHT_FACES:  # rule="DUMMY-DEV-KNIGHT": robber and steal, no discards
        s.resume = END
        place_robber(s)
    elif v == ROAD_FACE:  # rule="DUMMY-DEV-LONGEST-ROAD"
        if 0 <= s.longest < s.n:
            s.road_len = tset(s.road_len, s.dummy, s.road_len[s.longest] + 1)
            s.longest = s.dummy
        next_turn(s)
    elif v == ARMY_FACE:  # rule="DUMMY-DEV-LARGEST-ARMY"
        if 0 <= s.army < s.n:
            s.knights = tset(s.knights, s.dummy, s.knights[s.army] + 1)
            s.army = s.dummy
        next_turn(s)
    else:
        s.phase = RESOURCE_DIE


def apply_resource_die(s: State, a: Die) -> None:
    """rule="DUMMY-DEV-MONOPOLY": every player gives D all cards of the rolled resource."""
    r = MONOPOLY_FACES.get(a.value)
    if r is None:
        return  # a 6: roll again
    for p in range(s.n):
        if s.hands[p][r]:
            give(s, p, s.dummy, one(r, s.hands[p][r]))
    next_turn(s)
