"""Rolling and production (BASE-PROD-*), the start of a 7 (BASE-SEVEN-*) and roll-offs."""

from __future__ import annotations

from functools import lru_cache

from ..actions import DICE_COLORS, Action, Die, Roll, make
from ..board import HEX_VERTICES, Layout
from ..state import DICE, DISCARD, MAIN, PRE_ROLL, ROBBER, ROLLOFF, SETUP_SETTLE, State
from .common import Reason, phase_refusal
from .improvements import walls_of


@lru_cache(maxsize=64)
def _yields(layout: Layout) -> tuple[tuple[tuple[int, int, tuple[int, ...]], ...], ...]:
    """For each sum 0..12: (hex, resource, corner vertices) of the hexes carrying it."""
    return tuple(
        tuple((h, layout.terrain[h], HEX_VERTICES[h]) for h in hexes)
        for hexes in layout.hexes_by_number()
    )


def check_roll(s: State, a: Roll) -> Reason | None:
    if s.phase == PRE_ROLL:
        return None
    if s.phase == MAIN:
        return Reason("BASE-TURN-PHASES", "The dice have already been rolled this turn.")
    return phase_refusal(s, "rolling the dice")


def apply_roll(s: State, a: Roll) -> None:
    s.phase = DICE
    s.rolled = ()


_FACES: dict[str, list[tuple[Action, int]]] = {
    d: [(make(Die, d, v), 1) for v in range(1, 7)] for d in DICE_COLORS
}


def die_outcomes(s: State) -> list[tuple[Action, int]]:
    """rule="BASE-CHANCE-EVENTS": each die is its own chance event with 6 equal faces."""
    return _FACES[DICE_COLORS[len(s.rolled)]]


def apply_die(s: State, a: Die) -> None:
    total = add_die(s, a)
    if total is not None:
        resolve_roll(s, total, MAIN)


def add_die(s: State, a: Die) -> int | None:
    """Record one die; the sum once the roll is complete (a roll-off goes on by itself)."""
    s.rolled = (*s.rolled, a.value)
    if len(s.rolled) < len(DICE_COLORS):
        return None
    faces, s.rolled = s.rolled, ()
    if s.phase == ROLLOFF:
        _rolloff_result(s, sum(faces))
        return None
    s.dice = faces
    return sum(faces)  # rule="BASE-PROD-ROLL"


def resolve_roll(s: State, total: int, then: str) -> None:
    """Production, or a 7's discards and robber; ``then`` is the phase that follows."""
    if total == 7:
        start_seven(s)
        s.resume = then
    else:
        produce(s, total)
        s.phase = then


def start_seven(s: State) -> None:
    """rule="BASE-SEVEN-NOPROD", rule="BASE-SEVEN-DISCARD": every player over 7 cards owes half.

    rule="DUMMY-SEVEN-DISCARD": only players discard, never the dummy.
    """
    n = s.n
    limit = _hand_limits(s)
    s.discards = tuple(
        sum(h) // 2 if p < n and sum(h) > limit[p] else 0 for p, h in enumerate(s.hands)
    )
    owed = any(s.discards)
    s.resume = MAIN
    s.phase = DISCARD if owed else ROBBER


# rule="CK-PROD-CITY": a city on forest, pasture or mountains gives 1 resource + 1 commodity
CITY_COMMODITY = {1: 5, 2: 6, 4: 7}  # lumber -> paper, wool -> cloth, ore -> coin


def production(s: State, total: int) -> dict[int, list[int]]:
    """Cards owed for a roll of ``total``: card kind -> count per seat (rule="BASE-PROD-YIELD",
    rule="CK-PROD-SETTLEMENT", rule="CK-PROD-ROBBER")."""
    owed: dict[int, list[int]] = {}
    vowner, vcity, robber, n = s.vowner, s.vcity, s.robber, s.n
    commodities = s.caps.commodities
    for h, r, corners in _yields(s.layout)[total]:
        if h == robber:
            continue  # rule="BASE-ROBBER-BLOCK"
        for v in corners:
            o = vowner[v]
            if 0 <= o < n:  # rule="2P-SETUP-PLAYERS": neutrals never produce
                seats = owed.get(r)
                if seats is None:
                    seats = owed[r] = [0] * s.n
                if not vcity[v]:
                    seats[o] += 1
                elif commodities and r in CITY_COMMODITY:
                    seats[o] += 1
                    c = CITY_COMMODITY[r]
                    owed.setdefault(c, [0] * s.n)[o] += 1
                else:
                    seats[o] += 2
    return owed


def produce(s: State, total: int) -> set[int]:
    """Pay out a roll of ``total``; rule="BASE-PROD-SHORTAGE" when the bank runs short
    (rule="CK-PROD-SHORTAGE": commodities alike). Returns the seats that received cards."""
    owed = production(s, total)
    if not owed:
        return set()
    bank = list(s.bank)
    hands = list(s.hands)
    got: set[int] = set()
    for r, need in owed.items():
        if sum(need) > bank[r]:
            takers = [p for p, k in enumerate(need) if k]
            if len(takers) > 1:
                continue  # several owed and not enough for all: nobody gets it
            need[takers[0]] = bank[r]
        for p, k in enumerate(need):
            if k:
                h = hands[p]
                hands[p] = (*h[:r], h[r] + k, *h[r + 1 :])
                bank[r] -= k
                got.add(p)
    if got:
        s.hands, s.bank = tuple(hands), tuple(bank)
    return got


def _hand_limits(s: State) -> list[int]:
    """rule="CK-SEVEN-DISCARD": 7 cards, +2 per city wall of the player's on the board."""
    if not s.caps.improvements:
        return [7] * len(s.hands)
    return [7 + 2 * walls_of(s, p) for p in range(len(s.hands))]


# ---------------------------------------------------------------- roll-off
def start_rolloff(s: State) -> None:
    """rule="BASE-SETUP-FIRST-PLAYER": everybody rolls both dice, the highest total is P1."""
    s.rolloff = (tuple(range(s.n)), ())
    s.phase = ROLLOFF


def rolloff_candidate(s: State) -> int:
    cands, totals = s.rolloff
    return cands[len(totals)]


def _rolloff_result(s: State, total: int) -> None:
    """rule="BASE-CHANCE-ROLLOFF": only those tied at the top roll again, in seat order."""
    cands, totals = s.rolloff
    totals = (*totals, total)
    s.rolloff = (cands, totals)
    if len(totals) < len(cands):
        return
    best = max(totals)
    stay = tuple(c for c, t in zip(cands, totals, strict=True) if t == best)
    if len(stay) > 1:
        s.rolloff = (stay, ())
        return
    w = stay[0]  # seats rotate so the winner becomes P1; clockwise order is kept
    seats, others = s.colors[: s.n], s.colors[s.n :]  # neutrals and the dummy keep theirs
    s.colors = seats[w:] + seats[:w] + others
    s.rolloff = ((), ())
    s.phase = SETUP_SETTLE
