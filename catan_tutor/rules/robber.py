"""Discards on a 7, moving the robber and stealing (BASE-SEVEN-DISCARD, BASE-ROBBER-*)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from ..actions import Action, Discard, MoveRobber, Steal, make, seat
from ..board import HEX_NAMES, HEX_VERTICES, N_HEXES
from ..grammar import and_list, or_list
from ..state import DISCARD, MAIN, ROBBER, STEAL, State, tset
from ..variants.ck_state import SABOTAGE
from .common import Reason, bundle_reason, can_pay, gain, give, one


def _discard_rule(s: State) -> str:
    """rule="BASE-SEVEN-DISCARD"; in Cities & Knights rule="CK-SEVEN-DISCARD" (walls raise the
    limit), and rule="CK-PC-SABOTAGE" for a Sabotage discard."""
    if s.phase == SABOTAGE:
        return "CK-PC-SABOTAGE"
    return "CK-SEVEN-DISCARD" if s.caps.knights else "BASE-SEVEN-DISCARD"


def check_discard(s: State, a: Discard) -> Reason | None:
    p = a.player
    if s.phase not in (DISCARD, SABOTAGE) or not s.discards[p]:
        return Reason(_discard_rule(s), f"{seat(p)} owes no discard now.")
    bad = bundle_reason(s, _discard_rule(s), a.cards)
    if bad:
        return bad
    n = sum(a.cards)
    if n != s.discards[p] or min(a.cards) < 0:
        return Reason(
            _discard_rule(s),
            f"{seat(p)} must discard exactly {s.discards[p]} "
            f"cards (half of {sum(s.hands[p])}, rounded down), not {n}.",
        )
    if not can_pay(s.hands[p], a.cards):
        return Reason(_discard_rule(s), f"{seat(p)} does not hold those cards.")
    return None


@lru_cache(maxsize=4096)
def discard_options(hand: tuple[int, ...], k: int) -> tuple[tuple[int, ...], ...]:
    """Every way to choose k cards from ``hand`` (counts per kind), in a fixed order: the
    first kind's count from high to low, then the next's..."""
    last = len(hand) - 1
    after = [0] * (last + 2)  # after[r]: the cards of kind r and the kinds after it
    for r in range(last, -1, -1):
        after[r] = after[r + 1] + hand[r]
    out: list[tuple[int, ...]] = []
    if k > after[0]:
        return ()
    counts = [0] * (last + 1)  # the choice being built, kind by kind

    def rec(r: int, left: int) -> None:
        if r == last:
            counts[last] = left  # left <= hand[last]: the bounds below keep it so
            out.append(tuple(counts))
            return
        high = hand[r] if hand[r] < left else left
        low = left - after[r + 1]  # what the later kinds cannot take
        for c in range(high, (low if low > 0 else 0) - 1, -1):  # no min/max calls: hot
            counts[r] = c
            rec(r + 1, left - c)

    rec(0, k)
    return tuple(out)


@lru_cache(maxsize=4096)
def discard_actions(q: int, hand: tuple[int, ...], k: int) -> tuple[Discard, ...]:
    """q's discards of k cards from ``hand``, in the order of :func:`discard_options`."""
    return tuple(make(Discard, q, c) for c in discard_options(hand, k))


def apply_discard(s: State, a: Discard) -> None:
    p = a.player
    gain(s, p, tuple(-c for c in a.cards))
    s.discards = tset(s.discards, p, 0)
    if not any(s.discards):  # all settled: then the robber moves (after Sabotage: play on)
        s.phase = ROBBER if s.phase == DISCARD else MAIN


def victims(s: State, h: int) -> tuple[int, ...]:
    """Opponents of the active player with a building on hex h, by seat.

    rule="2P-NEUTRAL-ON-BOARD": neutrals hold no cards, so they are never robbed.
    """
    return _victims(s.vowner, s.active, s.n)[h]


@lru_cache(maxsize=4096)
def _victims(vowner: tuple[int, ...], me: int, n: int) -> tuple[tuple[int, ...], ...]:
    return tuple(
        tuple(sorted({o for o in (vowner[v] for v in vs) if 0 <= o < n and o != me}))
        for vs in HEX_VERTICES
    )


def check_move_robber(s: State, a: MoveRobber) -> Reason | None:
    if s.phase != ROBBER:
        how = "a knight chasing it, or a card" if s.caps.knights else "a Knight card"
        return Reason(
            "BASE-ROBBER-MOVE",
            f"The robber moves only after a 7 (once all discards are made) or with {how}.",
        )
    if not 0 <= a.hex < N_HEXES or a.hex == s.robber:
        return Reason(
            "BASE-ROBBER-MOVE",
            f"The robber must move to a different land hex; it is on {HEX_NAMES[s.robber]} now.",
        )
    cands = victims(s, a.hex)
    if cands and a.victim not in cands:
        return Reason("BASE-ROBBER-STEAL", robbed_there(HEX_NAMES[a.hex], cands))
    if not cands and a.victim >= 0:
        return Reason(
            "BASE-ROBBER-STEAL",
            f"{s.name(a.victim)} has no building on "
            f"hex {HEX_NAMES[a.hex]}, so there is nobody to rob there.",
        )
    return None


def robbed_there(hex_name: str, cands: Iterable[int]) -> str:
    """Whom a robber on ``hex_name`` robs (BASE-ROBBER-STEAL): the one who moves it steals from
    a player with a building there (learner at 2.2: "On hex R, P1 must rob P2" read as if the
    hex chose)."""
    seats = [seat(p) for p in cands]
    if not seats:
        return f"Nobody else has a building on hex {hex_name}, so nobody is robbed there."
    if len(seats) == 1:
        who = f"only {seats[0]} has a building"
    else:
        who = f"{and_list(seats)} have buildings"
    return f"On hex {hex_name}, {who}, so whoever moves the robber steals from {or_list(seats)}."


def robber_options(s: State) -> tuple[MoveRobber, ...]:
    """Every robber move with each possible victim, by hex then seat."""
    return _robber_options(s.vowner, s.active, s.robber, s.n)


@lru_cache(maxsize=4096)
def _robber_options(
    vowner: tuple[int, ...], me: int, robber: int, n: int
) -> tuple[MoveRobber, ...]:
    table = _victims(vowner, me, n)
    return tuple(
        make(MoveRobber, me, h, v) for h in range(N_HEXES) if h != robber for v in table[h] or (-1,)
    )


def apply_move_robber(s: State, a: MoveRobber) -> None:
    s.robber = a.hex
    if a.victim >= 0 and sum(s.hands[a.victim]) > 0:
        s.victim = a.victim
        s.phase = STEAL
    else:
        s.phase = s.resume  # an empty hand yields nothing


def steal_outcomes(s: State) -> list[tuple[Action, int]]:
    """rule="BASE-ROBBER-STEAL": uniform over the victim's individual cards."""
    hand = s.hands[s.victim]
    return [(make(Steal, r), hand[r]) for r in range(len(hand)) if hand[r]]


def apply_steal(s: State, a: Steal) -> None:
    give(s, s.victim, s.active, one(a.resource, 1, len(s.bank)))
    s.victim = -1
    s.phase = s.resume
