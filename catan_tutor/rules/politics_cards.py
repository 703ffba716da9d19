"""The politics deck (blue, CK-PC-COUNTS): each card's check, effect and plays, one
:class:`Card` record per card in ``CARDS``; the Wedding's gifts after it. Treason's removal
and placement are in ``treason.py``."""

from __future__ import annotations

from functools import lru_cache

from ..actions import Gift, PlayProgress, make, seat
from ..board import (
    EDGE_LABELS,
    EDGE_OTHER_END,
    EDGE_VERTICES,
    HEX_NAMES,
    HEX_VERTICES,
    N_HEXES,
    VERTEX_LABELS,
)
from ..grammar import count
from ..state import MAIN, ROADS, STEAL, Knight, State, tadd, tset
from ..variants.ck_state import SABOTAGE, WEDDING
from . import awards, knights
from .building import legal_road_edges
from .card_record import Card, bare, listed, no_check
from .ck_turn import victory_points
from .common import Reason, can_pay, give, occupancy
from .robber import discard_options
from .treason import apply_treason, check_treason, treason_args
from .words import card_title


# ---------------------------------------------------------------- Diplomacy
def open_road(s: State, e: int, occ: tuple[int, ...] | None = None) -> bool:
    """rule="CK-PC-DIPLOMACY": at one end its owner has no other road, building or knight
    (``occ``: ``occupancy(s)``, when the caller has it)."""
    q = s.eowner[e]
    if q < 0:
        return False
    if occ is None:
        occ = occupancy(s)
    return any(
        occ[w] != q and not any(s.eowner[f] == q for f, _ in EDGE_OTHER_END[w] if f != e)
        for w in EDGE_VERTICES[e]
    )


def _diplomacy(s: State, p: int, e: int, new: int) -> Reason | None:
    if not open_road(s, e):
        return Reason(
            "CK-PC-DIPLOMACY",
            f"{EDGE_LABELS[e]} is not an open road (its owner's pieces continue at both ends).",
        )
    if new < 0:
        return None
    if s.eowner[e] != p:
        return Reason("CK-PC-DIPLOMACY", "Only after removing one's own road is a free road built.")
    t = s.copy()
    _remove_road(t, e)
    if new not in legal_road_edges(t, p) or t.roads[p] >= ROADS:
        return Reason(
            "CK-PC-DIPLOMACY",
            f"{EDGE_LABELS[new]} is not a legal road for {seat(p)} once {EDGE_LABELS[e]} is gone.",
        )
    return None


def _remove_road(s: State, e: int) -> None:
    q = s.eowner[e]
    s.eowner = tset(s.eowner, e, -1)
    s.roads = tadd(s.roads, q, -1)


def _do_diplomacy(s: State, p: int, e: int, new: int) -> None:
    """The road goes back to its owner's supply; the player's own may be rebuilt at once."""
    _remove_road(s, e)
    if new >= 0:
        s.eowner = tset(s.eowner, new, p)
        s.roads = tadd(s.roads, p, 1)
    awards.update_roads(s)


def _diplomacy_args(s: State, p: int) -> list[tuple]:
    """An open road; p's own may be rebuilt at once."""
    args: list[tuple] = []
    occ = occupancy(s)
    for e in (e for e, q in enumerate(s.eowner) if q >= 0 and open_road(s, e, occ)):
        args.append((e, -1))
        if s.eowner[e] == p:
            t = s.copy()
            _remove_road(t, e)
            args += [(e, f) for f in legal_road_edges(t, p)]
    return args


# ---------------------------------------------------------------- Encouragement
def _do_encouragement(s: State, p: int) -> None:
    """rule="CK-PC-ENCOURAGEMENT": all p's knights stand up (they still cannot act)."""
    s.kn = tuple(
        k
        if k is None or k.owner != p or k.active
        else Knight(k.owner, k.level, True, True, k.promoted)
        for k in s.kn
    )


# ---------------------------------------------------------------- Espionage
def _espionage(s: State, p: int, q: int, card: int) -> Reason | None:
    if not 0 <= q < s.n or q == p:
        return Reason("CK-PC-ESPIONAGE", "Espionage looks at another player's progress cards.")
    if card >= 0 and card not in s.phand[q]:
        return Reason("CK-PC-ESPIONAGE", f"{seat(q)} holds no {card_title(card)} card.")
    return None


def _do_espionage(s: State, p: int, q: int, card: int) -> None:
    if card >= 0:
        hand = list(s.phand[q])
        hand.remove(card)
        s.phand = tset(tset(s.phand, q, tuple(hand)), p, tuple(sorted((*s.phand[p], card))))


def _espionage_args(s: State, p: int) -> list[tuple]:
    return [(q, c) for q in range(s.n) if q != p for c in (-1, *sorted(set(s.phand[q])))]


# ---------------------------------------------------------------- Intrigue
def _intrigue(s: State, p: int, v: int) -> Reason | None:
    """rule="CK-PC-INTRIGUE": a foreign knight on a corner one of p's roads touches."""
    k = s.kn[v] if 0 <= v < len(s.kn) else None
    if k is None or k.owner == p:
        return Reason("CK-PC-INTRIGUE", f"{VERTEX_LABELS[v]} holds no other player's knight.")
    if v not in knights.road_ends(s, p):
        where = knights.road_corner(seat(p))
        return Reason("CK-PC-INTRIGUE", f"{VERTEX_LABELS[v]} is not {where}.")
    return None


def _do_intrigue(s: State, p: int, v: int) -> None:
    k = s.kn[v]
    assert k is not None, "the check found a knight there"
    s.kn = tset(s.kn, v, None)
    awards.update_roads_near(s, v)  # rule="CK-AWARD-LONGEST-ROUTE": off the board at once
    knights.start_relocation(s, k, v)


def _intrigue_args(s: State, p: int) -> list[tuple]:
    """Another player's knight at one of p's roads."""
    touched = knights.road_ends(s, p)
    return [(v,) for v, k in knights.on_board(s) if k[0] != p and v in touched]


# ---------------------------------------------------------------- Sabotage
def _sabotage(s: State, p: int) -> Reason | None:
    return None  # rule="CK-PC-NO-TARGET"


def _do_sabotage(s: State, p: int) -> None:
    """rule="CK-PC-SABOTAGE": each other player with at least p's VP discards half their
    hand, rounded down; rule="CK-PC-SABOTAGE-SELF": never p."""
    mine = victory_points(s, p)
    s.discards = tuple(
        sum(h) // 2 if q != p and q < s.n and victory_points(s, q) >= mine else 0
        for q, h in enumerate(s.hands)
    )
    if any(s.discards):
        s.phase = SABOTAGE


# ---------------------------------------------------------------- Taxation
def _taxation(s: State, p: int, h: int) -> Reason | None:
    if not s.attacked:
        return Reason(
            "CK-PC-TAXATION",
            "Taxation needs the robber, which comes after the first barbarian attack.",
        )
    if h == s.robber:  # the card's own words: "move the robber to another hex"
        return Reason(
            "CK-PC-TAXATION",
            f"Taxation moves the robber to another hex; it is on {HEX_NAMES[h]} now.",
        )
    return None


def _do_taxation(s: State, p: int, h: int) -> None:
    """rule="CK-PC-TAXATION": one random card from each other player with a building there."""
    s.robber = h
    order = [(p + i) % s.n for i in range(1, s.n)]
    s.taxed = tuple(q for q in order if any(s.vowner[v] == q for v in HEX_VERTICES[h]))
    next_tax(s)


def next_tax(s: State) -> None:
    """The next Taxation steal (a chance event), skipping empty hands."""
    while s.taxed:
        q, s.taxed = s.taxed[0], s.taxed[1:]
        if sum(s.hands[q]):
            s.victim, s.resume, s.phase = q, MAIN, STEAL
            return


@lru_cache(maxsize=1024)
def _taxation_plays_of(p: int, card: int, robber: int) -> tuple[PlayProgress, ...]:
    return tuple(make(PlayProgress, p, card, (h,)) for h in range(N_HEXES) if h != robber)


def _taxation_plays(s: State, p: int, card: int) -> tuple[PlayProgress, ...]:
    """The robber, once on the board, to another hex."""
    return _taxation_plays_of(p, card, s.robber) if s.attacked else ()


# ---------------------------------------------------------------- Wedding
def _do_wedding(s: State, p: int) -> None:
    """rule="CK-PC-WEDDING": each other player with more VP gives p 2 hand cards of their
    choice (all if fewer)."""
    mine = victory_points(s, p)
    s.discards = tuple(
        min(2, sum(h)) if q != p and q < s.n and victory_points(s, q) > mine else 0
        for q, h in enumerate(s.hands)
    )
    if any(s.discards):
        s.phase = WEDDING


def check_gift(s: State, a: Gift) -> Reason | None:
    q = a.player
    if s.phase != WEDDING or not s.discards[q]:
        return Reason("CK-PC-WEDDING", f"{seat(q)} owes no wedding gift now.")
    if len(a.cards) != len(s.bank) or min(a.cards) < 0 or sum(a.cards) != s.discards[q]:
        return Reason("CK-PC-WEDDING", f"{seat(q)} gives exactly {count(s.discards[q], 'card')}.")
    if not can_pay(s.hands[q], a.cards):
        return Reason("CK-PC-WEDDING", f"{seat(q)} does not hold those cards.")
    return None


def apply_gift(s: State, a: Gift) -> None:
    give(s, a.player, s.active, a.cards)
    s.discards = tset(s.discards, a.player, 0)
    if not any(s.discards):
        s.phase = MAIN


def gift_options(s: State) -> list[Gift]:
    return [
        make(Gift, q, c)
        for q in range(s.n)
        if s.discards[q]
        for c in discard_options(s.hands[q], s.discards[q])
    ]


# ---------------------------------------------------------------- the deck
CARDS = (
    Card("constitution", "CK-PC-CONSTITUTION"),  # a VP card (CK-PROGRESS-VP-CARDS)
    Card("diplomacy", "CK-PC-DIPLOMACY", _diplomacy, _do_diplomacy, listed(_diplomacy_args)),
    Card("encouragement", "CK-PC-ENCOURAGEMENT", no_check, _do_encouragement, bare),
    Card("espionage", "CK-PC-ESPIONAGE", _espionage, _do_espionage, listed(_espionage_args)),
    Card("intrigue", "CK-PC-INTRIGUE", _intrigue, _do_intrigue, listed(_intrigue_args)),
    Card("sabotage", "CK-PC-SABOTAGE", _sabotage, _do_sabotage, bare),
    Card("taxation", "CK-PC-TAXATION", _taxation, _do_taxation, _taxation_plays),
    Card("treason", "CK-PC-TREASON", check_treason, apply_treason, listed(treason_args)),
    Card("wedding", "CK-PC-WEDDING", _sabotage, _do_wedding, bare),
)  # fmt: skip
