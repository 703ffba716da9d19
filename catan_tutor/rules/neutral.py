"""Building for the neutral parties of the two-player game (2P-NEUTRAL-*, 2P-SETUP-NEUTRAL-*)."""

from __future__ import annotations

from ..actions import NeutralRoad, NeutralSettle, make, seat
from ..board import EDGE_LABELS, VERTEX_LABELS, VERTEX_NEIGHBOURS, parse_vertex
from ..state import NEUTRAL, ROAD_BUILDING, ROADS, SETTLEMENTS, State, tadd, tset
from . import awards
from .building import (
    continue_road_building,
    distance_ok,
    legal_road_edges,
    road_touches_network,
    settle_candidates,
)
from .common import Reason

# rule="2P-SETUP-NEUTRAL-POSITIONS": N1 on H4 (H/I/M), N2 on G6 (G/K/L), on every board.
NEUTRAL_STARTS = (parse_vertex("H4"), parse_vertex("G6"))


def place_starts(s: State) -> None:
    """rule="2P-SETUP-NEUTRAL-SETTLEMENTS": one settlement per neutral, without a road."""
    for i, v in enumerate(NEUTRAL_STARTS):
        q = s.n + i
        s.vowner = tset(s.vowner, v, q)
        s.settlements = tadd(s.settlements, q, 1)


def settle_sites(s: State, i: int) -> list[int]:
    """rule="2P-NEUTRAL-LEGAL": free vertices at the end of neutral i's roads, distance rule."""
    q = s.n + i
    if s.settlements[q] >= SETTLEMENTS:
        return []
    return [v for v in settle_candidates(s, q) if distance_ok(s, v)]


def road_sites(s: State, i: int) -> tuple[int, ...]:
    """rule="2P-NEUTRAL-LEGAL": edges connected to neutral i's pieces, from its supply."""
    q = s.n + i
    if s.roads[q] >= ROADS:
        return ()
    return legal_road_edges(s, q)


def options(s: State) -> list[NeutralSettle | NeutralRoad]:
    """The builder's choices for the mirrored piece now due, by neutral then place."""
    kind = s.neutral_due[0]
    p = s.active
    if kind == "settle":
        return [make(NeutralSettle, p, i, v) for i in range(2) for v in settle_sites(s, i)]
    return [make(NeutralRoad, p, i, e) for i in range(2) for e in road_sites(s, i)]


def start(s: State, built: str) -> None:
    """After a player builds a road or settlement ("road"/"settle"), owe the neutral copy.

    rule="2P-NEUTRAL-MIRROR"; rule="2P-NEUTRAL-SETTLEMENT-FALLBACK": a road when no neutral
    settlement fits; rule="2P-NEUTRAL-NONE-POSSIBLE": nothing when no neutral piece fits.
    """
    kind = built
    if kind == "settle" and not any(settle_sites(s, i) for i in range(2)):
        kind = "road"
    if kind == "road" and not any(road_sites(s, i) for i in range(2)):
        return
    s.neutral_due = (kind, s.phase, built)
    s.phase = NEUTRAL


def _check_common(s: State, p: int, i: int, kind: str) -> Reason | None:
    if s.phase != NEUTRAL:
        return Reason("2P-NEUTRAL-MIRROR", "A neutral piece is built only right after a player "
                      "builds a road or a settlement.")
    if p != s.active:
        return Reason("2P-NEUTRAL-CHOOSER", f"{seat(s.active)} built, so {seat(s.active)} "
                      "places the neutral piece.")
    if i not in (0, 1):
        return Reason("2P-SETUP-PLAYERS", "The neutrals are N1 and N2.")
    due, _, built = s.neutral_due
    if due != kind:
        if due != built:
            return Reason("2P-NEUTRAL-SETTLEMENT-FALLBACK", f"{seat(p)} built a settlement, but "
                          "no neutral settlement fits anywhere, so a neutral road is owed.")
        what = "settlement" if due == "settle" else "road"
        return Reason("2P-NEUTRAL-MIRROR", f"{seat(p)} owes a neutral {what}, the same piece "
                      "they built.")
    return None


def check_settle(s: State, a: NeutralSettle) -> Reason | None:
    bad = _check_common(s, a.player, a.neutral, "settle")
    if bad:
        return bad
    v, q = a.vertex, s.n + a.neutral
    name, where = s.name(q), VERTEX_LABELS[v]
    if s.vowner[v] >= 0:
        return Reason("2P-NEUTRAL-LEGAL", f"{where} is already taken by {s.name(s.vowner[v])}.")
    if not distance_ok(s, v):
        near = next(VERTEX_LABELS[w] for w in VERTEX_NEIGHBOURS[v] if s.vowner[w] >= 0)
        return Reason("BASE-BUILD-DISTANCE", f"{where} is next to the building on {near}; the "
                      "distance rule holds for neutrals too.")
    if v not in settle_candidates(s, q):
        return Reason("2P-NEUTRAL-LEGAL", f"{where} is not at the end of one of {name}'s roads.")
    if s.settlements[q] >= SETTLEMENTS:
        return Reason("2P-NEUTRAL-LEGAL", f"{name} has no settlement left in supply.")
    return None


def check_road(s: State, a: NeutralRoad) -> Reason | None:
    bad = _check_common(s, a.player, a.neutral, "road")
    if bad:
        return bad
    e, q = a.edge, s.n + a.neutral
    name, where = s.name(q), EDGE_LABELS[e]
    if s.eowner[e] >= 0:
        return Reason("2P-NEUTRAL-LEGAL", f"{where} already has {s.name(s.eowner[e])}'s road.")
    if not road_touches_network(s, q, e):
        return Reason("2P-NEUTRAL-LEGAL", f"{where} touches none of {name}'s buildings or roads "
                      "(not through another colour's building).")
    if s.roads[q] >= ROADS:
        return Reason("2P-NEUTRAL-LEGAL", f"{name} has no road left in supply.")
    return None


def apply_settle(s: State, a: NeutralSettle) -> None:
    q, v = s.n + a.neutral, a.vertex
    s.vowner = tset(s.vowner, v, q)
    s.settlements = tadd(s.settlements, q, 1)
    awards.update_roads(s)  # rule="2P-NEUTRAL-ON-BOARD": it may cut others' roads
    _done(s)


def apply_road(s: State, a: NeutralRoad) -> None:
    q = s.n + a.neutral
    s.eowner = tset(s.eowner, a.edge, q)
    s.roads = tadd(s.roads, q, 1)
    awards.update_roads(s, (q,))  # rule="2P-NEUTRAL-LONGEST-ROAD"
    _done(s)


def _done(s: State) -> None:
    s.phase = s.neutral_due[1]
    s.neutral_due = ()
    if s.phase == ROAD_BUILDING:  # the neutral road may have taken the last free edge
        continue_road_building(s, s.active)
