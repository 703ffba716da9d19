"""The Cities & Knights turn: setup city, three dice, event first, then production
(CK-SETUP-*, CK-TURN-*, CK-EVENT-*, CK-IMPROVE-SCIENCE-3, CK-VP-SOURCES)."""

from __future__ import annotations

from ..actions import DICE_COLORS, EVENT_FACES, Aqueduct, BuildCity, Die, EventDie, make, seat
from ..board import VERTEX_LABELS
from ..state import MAIN, ROBBER, SETUP_ROAD, SETUP_SETTLE, State, tadd, tset
from ..variants.ck_state import (
    AQUEDUCT,
    DEFENDER_DECK,
    PILLAGE,
    PROGRESS_DISCARD,
    PROGRESS_DRAW,
    RESOLVE,
)
from . import barbarians, progress
from .building import distance_ok, setup_payout
from .common import Reason, gain, one, setup_order
from .production import produce, start_seven

SCIENCE = 0
_DIE_FACES = {d: [(make(Die, d, v), 1) for v in range(1, 7)] for d in DICE_COLORS}
_EVENT = [(make(EventDie, f), 3 if f == "ship" else 1) for f in EVENT_FACES]


# ---------------------------------------------------------------- setup
def check_setup_city(s: State, a: BuildCity) -> Reason | None:
    """rule="CK-SETUP-ROUND2": the second placement is a city, by the distance rule."""
    v = a.vertex
    if s.vowner[v] >= 0:
        return Reason("CK-SETUP-ROUND2", f"{VERTEX_LABELS[v]} is already taken.")
    if not distance_ok(s, v):  # the round's own words: "distance rule applying" to the city
        return Reason(
            "CK-SETUP-ROUND2",
            f"The setup city obeys the distance rule: "
            f"{VERTEX_LABELS[v]} is next to another building.",
        )
    return None


def apply_setup_city(s: State, a: BuildCity) -> None:
    """rule="CK-SETUP-RESOURCES": one resource per land hex the city touches."""
    p, v = a.player, a.vertex
    s.vowner = tset(s.vowner, v, p)
    s.vcity = tset(s.vcity, v, True)
    s.cities = tadd(s.cities, p, 1)
    setup_payout(s, p, v)
    s.setup_vertex = v
    s.phase = SETUP_ROAD


def second_round(s: State) -> bool:
    return s.phase == SETUP_SETTLE and s.setup_step >= len(setup_order(s.n)) // 2


# ---------------------------------------------------------------- the dice
def dice_outcomes(s: State) -> list:
    """rule="CK-COMP-DICE": white, red, then the event die (3 ship faces of 6)."""
    if len(s.rolled) < len(DICE_COLORS):
        return _DIE_FACES[DICE_COLORS[len(s.rolled)]]
    return _EVENT


def apply_die(s: State, a: Die) -> None:
    s.rolled = (*s.rolled, a.value)


def apply_event(s: State, a: EventDie) -> None:
    """rule="CK-TURN-ROLL-PHASE": the event die is resolved in full before production."""
    s.dice, s.rolled, s.event = s.rolled, (), a.face
    if a.face == "ship":
        barbarians.advance(s)
    else:
        progress.castle_draws(s, EVENT_FACES.index(a.face) - 1)
    s.phase = RESOLVE


def resolve(s: State, production=None) -> None:
    """The next step of a roll: pillage choices, hand-limit discards, deck choices and draws,
    then ``production`` (default: ``produce_roll``); called while the phase is RESOLVE."""
    while True:
        if s.pillage:
            s.phase = PILLAGE
        elif s.pdiscards:  # rule="CK-PROGRESS-HAND-LIMIT": off turn, at once
            s.phase = PROGRESS_DISCARD
        elif s.draws:
            p, t = s.draws[0]
            if t < 0:
                s.phase = DEFENDER_DECK
            elif progress.deck_empty(s, t):  # rule="CK-PROGRESS-EMPTY"
                s.draws = s.draws[1:]
                continue
            else:
                s.phase = PROGRESS_DRAW
        else:
            (production or produce_roll)(s)
        return


def produce_roll(s: State) -> None:
    """rule="CK-TURN-PRODUCTION-PHASE": a 7 or production, then science level 3 claims."""
    total = sum(s.dice)
    if total == 7:
        start_seven(s)  # rule="CK-ROBBER-INACTIVE": discards even before the first attack
        return
    got = produce(s, total)
    # rule="CK-IMPROVE-SCIENCE-3": nothing received on a non-7 roll: a free resource
    levels = s.levels
    if any(levels[p][SCIENCE] >= 3 for p in range(s.n)):
        order = [(s.active + i) % s.n for i in range(s.n)]
        s.claims = tuple(p for p in order if p not in got and levels[p][SCIENCE] >= 3)
    s.phase = AQUEDUCT if s.claims else MAIN


def skip_inactive_robber(s: State) -> None:
    """rule="CK-ROBBER-INACTIVE": before the first attack a 7 moves no robber."""
    if s.phase == ROBBER and not s.attacked:
        s.phase = s.resume


def check_aqueduct(s: State, a: Aqueduct) -> Reason | None:
    if s.phase != AQUEDUCT:
        return Reason("CK-IMPROVE-SCIENCE-3", "No free resource is owed now.")
    p = s.claims[0]
    if a.player != p:
        return Reason("CK-IMPROVE-SCIENCE-3", f"{seat(p)} takes a free resource now.")
    if not 0 <= a.resource < 5 or not s.bank[a.resource]:
        return Reason("CK-IMPROVE-SCIENCE-3", "Choose a resource the supply still has.")
    return None


def apply_aqueduct(s: State, a: Aqueduct) -> None:
    gain(s, a.player, one(a.resource))
    s.claims = s.claims[1:]
    while s.claims and not any(s.bank[:5]):
        s.claims = s.claims[1:]
    s.phase = AQUEDUCT if s.claims else MAIN


def aqueduct_options(s: State) -> list[Aqueduct]:
    return [make(Aqueduct, s.claims[0], r) for r in range(5) if s.bank[r]]


# ---------------------------------------------------------------- points
def vp_breakdown(s: State, p: int) -> dict[str, int]:
    """Where ``p``'s victory points come from (rule="CK-VP-SOURCES"); sums to victory_points."""
    if p >= s.n:
        return {}
    parts = {"settlements": s.settlements[p], "cities": 2 * s.cities[p],
             "metropolises": 2 * sum(1 for v in s.metro if v >= 0 and s.vowner[v] == p),
             "longest road": 2 * (s.longest == p), "merchant": int(s.merchant[1] == p),
             "defender": s.defender[p], "VP cards": s.pvp[p]}  # fmt: skip
    return {k: v for k, v in parts.items() if v}


def victory_points(s: State, p: int) -> int:
    """rule="CK-VP-SOURCES": settlement 1, city 2, metropolis +2, Longest Route 2, merchant 1,
    defender token 1, VP progress card 1; all public."""
    if p >= s.n:
        return 0
    e = s.extras  # read directly: called after every action
    vp = s.settlements[p] + 2 * s.cities[p] + e.defender[p] + e.pvp[p]
    vowner = s.vowner
    for v in e.metro:
        if v >= 0 and vowner[v] == p:
            vp += 2
    if s.longest == p:
        vp += 2
    if e.merchant[1] == p:
        vp += 1
    return vp
