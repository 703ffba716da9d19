"""Initial placement and building roads, settlements and cities (BASE-SETUP-*, BASE-BUILD-*)."""

from __future__ import annotations

from functools import lru_cache

from ..actions import BuildCity, BuildRoad, Settle, seat
from ..board import (
    EDGE_LABELS,
    EDGE_OTHER_END,
    EDGE_VERTICES,
    VERTEX_HEXES,
    VERTEX_LABELS,
    VERTEX_NEIGHBOURS,
)
from ..state import (
    CITIES,
    MAIN,
    PRE_ROLL,
    ROAD_BUILDING,
    ROADS,
    SETTLEMENTS,
    SETUP_ROAD,
    SETUP_SETTLE,
    State,
    laid,
    tadd,
    tset,
)
from . import awards
from .common import (
    CITY_COST,
    ROAD_COST,
    SETTLEMENT_COST,
    Reason,
    cost_reason,
    gain,
    occupancy,
    one,
    pay,
    phase_refusal,
    setup_order,
    setup_round_rule,
    stands_on,
)  # fmt: skip


def distance_ok(s: State, v: int) -> bool:
    """rule="BASE-BUILD-DISTANCE": no building on any adjacent vertex."""
    vowner = s.vowner
    return all(vowner[w] < 0 for w in VERTEX_NEIGHBOURS[v])


def setup_sites(s: State) -> list[int]:
    """Vertices a setup placement may take: no building or knight there, none next to it
    (BASE-BUILD-DISTANCE)."""
    kn = s.kn if s.caps.knights else None
    free = _free_sites(s.vowner)
    return list(free) if kn is None else [v for v in free if kn[v] is None]


@lru_cache(maxsize=1024)
def _free_sites(vowner: tuple[int, ...]) -> tuple[int, ...]:
    """The vertices with no building on them or next to them (BASE-BUILD-DISTANCE), once a
    placing of the buildings (a hint's playouts go through the same setups many times)."""
    return tuple(
        v
        for v, o in enumerate(vowner)
        if o < 0 and all(vowner[w] < 0 for w in VERTEX_NEIGHBOURS[v])
    )


def road_touches_network(s: State, p: int, e: int) -> bool:
    """rule="BASE-BUILD-ROAD": touches p's building, or p's road through a vertex not held by
    another colour (BASE-DEF-CONNECTED)."""
    return _touches(occupancy(s), s.eowner, p, e)


def _touches(vowner: tuple[int, ...], eowner: tuple[int, ...], p: int, e: int) -> bool:
    for v in EDGE_VERTICES[e]:
        o = vowner[v]
        if o == p:
            return True
        if o >= 0:
            continue
        for f, _ in EDGE_OTHER_END[v]:
            if eowner[f] == p:
                return True
    return False


# ---------------------------------------------------------------- settlements
def check_settle(s: State, a: Settle) -> Reason | None:
    p, v = a.player, a.vertex
    where = VERTEX_LABELS[v]
    if s.phase not in (SETUP_SETTLE, MAIN):
        return phase_refusal(s, "a settlement")
    if s.vowner[v] >= 0:
        return Reason(
            "BASE-BUILD-SETTLEMENT",
            f"{where} is already taken by "
            f"{s.name(s.vowner[v])}'s {'city' if s.vcity[v] else 'settlement'}.",
        )
    k = s.kn[v] if s.caps.knights else None
    if k is not None:
        return Reason("CK-BUILD-OCCUPIED", f"{where} holds {s.name(k.owner)}'s knight.")
    if not distance_ok(s, v):
        near = next(VERTEX_LABELS[w] for w in VERTEX_NEIGHBOURS[v] if s.vowner[w] >= 0)
        return Reason(
            "BASE-BUILD-DISTANCE",
            f"{where} is next to the building on {near}, and "
            "settlements need at least two road lengths between them.",
        )
    if s.phase == SETUP_SETTLE:
        return None  # rule="BASE-SETUP-ROUND1": no road needed, setup pieces are free
    if not any(s.eowner[e] == p for e, _ in EDGE_OTHER_END[v]):
        return Reason(
            "BASE-BUILD-SETTLEMENT", f"{where} is not at the end of one of {seat(p)}'s roads."
        )
    if s.settlements[p] >= SETTLEMENTS:
        return Reason(
            "BASE-BUILD-LIMITS",
            f"{seat(p)} has no settlement left in supply ({SETTLEMENTS} on the board).",
        )
    return cost_reason(s, p, SETTLEMENT_COST, "a settlement")


def setup_payout(s: State, p: int, v: int) -> None:
    """One resource per land hex around v (BASE-SETUP-RESOURCES, CK-SETUP-RESOURCES)."""
    for h in VERTEX_HEXES[v]:
        r = laid(s).terrain[h]
        if r < 5 and s.bank[r]:
            gain(s, p, one(r))


def apply_settle(s: State, a: Settle) -> None:
    p, v = a.player, a.vertex
    s.vowner = tset(s.vowner, v, p)
    s.settlements = tadd(s.settlements, p, 1)
    if s.phase == SETUP_SETTLE:
        if s.setup_step >= s.n:  # rule="BASE-SETUP-RESOURCES": second settlement pays out
            setup_payout(s, p, v)
        s.setup_vertex = v
        s.phase = SETUP_ROAD
    else:
        pay(s, p, SETTLEMENT_COST)
    # A new building can cut other colours' roads through v.
    cut = {s.eowner[e] for e, _ in EDGE_OTHER_END[v]} - {-1, p}
    awards.update_roads(s, cut)


# ---------------------------------------------------------------- roads
def check_road(s: State, a: BuildRoad) -> Reason | None:
    p, e = a.player, a.edge
    where = EDGE_LABELS[e]
    if s.phase not in (SETUP_ROAD, MAIN, ROAD_BUILDING):
        return phase_refusal(s, "a road")
    if s.eowner[e] >= 0:
        return Reason("BASE-BUILD-ROAD", f"{where} already has {s.name(s.eowner[e])}'s road.")
    if s.phase == SETUP_ROAD:
        if s.setup_vertex not in EDGE_VERTICES[e]:
            piece = "city" if s.vcity[s.setup_vertex] else "settlement"
            return Reason(
                setup_round_rule(s),
                f"The setup road must touch the {piece} just "
                f"placed on {VERTEX_LABELS[s.setup_vertex]}; {where} does not.",
            )
        return None
    if not road_touches_network(s, p, e):
        return _no_connection(s, p, e)
    if s.roads[p] >= ROADS:
        return Reason(
            "BASE-BUILD-LIMITS", f"{seat(p)} has no road left in supply ({ROADS} on the board)."
        )
    if s.phase == ROAD_BUILDING:
        return None  # rule="BASE-DEV-ROAD-BUILDING": free
    return cost_reason(s, p, ROAD_COST, "a road")


def _no_connection(s: State, p: int, e: int) -> Reason:
    """Why a road on e does not join p's network: nothing of p's there, or p's road reaches
    e only through a vertex another colour holds: a building (BASE-BUILD-ROAD), or a knight
    (rule="CK-BUILD-OCCUPIED": a road may end at another colour's knight, not pass it)."""
    where = EDGE_LABELS[e]
    for v in EDGE_VERTICES[e]:
        k = s.kn[v] if s.caps.knights else None
        if s.vowner[v] in (-1, p) and (k is None or k.owner == p):
            continue
        if any(s.eowner[f] == p for f, _ in EDGE_OTHER_END[v]):  # p's road ends at v
            if s.vowner[v] < 0 and k is not None:
                return Reason(
                    "CK-BUILD-OCCUPIED",
                    f"{s.name(k.owner)}'s knight stands on "
                    f"{VERTEX_LABELS[v]}: {seat(p)}'s road may end there but not "
                    f"continue past it to {where}.",
                )
            what = "city" if s.vcity[v] else "settlement"
            return Reason(
                "BASE-BUILD-ROAD",
                f"{s.name(s.vowner[v])}'s {what} stands on "
                f"{VERTEX_LABELS[v]}: a road cannot continue through another "
                f"colour's building to {where}.",
            )
    return Reason(
        "BASE-BUILD-ROAD",
        f"{where} touches none of {seat(p)}'s buildings or roads: "
        "a new road joins one's own road, settlement or city.",
    )


def legal_road_edges(s: State, p: int) -> tuple[int, ...]:
    """Edges where p could place a road by the connection rule (cost and supply aside)."""
    return _road_edges(occupancy(s), s.eowner, p)


@lru_cache(maxsize=4096)
def _road_edges(vowner: tuple[int, ...], eowner: tuple[int, ...], p: int) -> tuple[int, ...]:
    out: set[int] = set()
    for v in _network(vowner, eowner, p):
        for e, _ in EDGE_OTHER_END[v]:
            if eowner[e] < 0 and e not in out and _touches(vowner, eowner, p, e):
                out.add(e)
    return tuple(sorted(out))


def _network(vowner: tuple[int, ...], eowner: tuple[int, ...], p: int) -> set[int]:
    vs = {v for v, o in enumerate(vowner) if o == p}
    for e, o in enumerate(eowner):
        if o == p:
            vs.update(EDGE_VERTICES[e])
    return vs


def settle_candidates(s: State, p: int) -> tuple[int, ...]:
    """Free vertices (no building, no knight) at the end of p's roads."""
    return _road_ends(occupancy(s), s.eowner, p)


@lru_cache(maxsize=4096)
def _road_ends(vowner: tuple[int, ...], eowner: tuple[int, ...], p: int) -> tuple[int, ...]:
    vs: set[int] = set()
    for e, o in enumerate(eowner):
        if o == p:
            vs.update(EDGE_VERTICES[e])
    return tuple(sorted(v for v in vs if vowner[v] < 0))


def apply_road(s: State, a: BuildRoad) -> None:
    p = a.player
    s.eowner = tset(s.eowner, a.edge, p)
    s.roads = tadd(s.roads, p, 1)
    if s.phase == SETUP_ROAD:
        s.setup_step += 1
        order = setup_order(s.n)
        if s.setup_step == len(order):  # rule="BASE-SETUP-FREE": then P1 starts turn 1
            s.turn, s.active, s.phase, s.setup_vertex = 1, 0, PRE_ROLL, -1
        else:
            s.active = order[s.setup_step]
            s.phase = SETUP_SETTLE
    elif s.phase == ROAD_BUILDING:
        s.free_roads -= 1
        continue_road_building(s, p)
    else:
        pay(s, p, ROAD_COST)
    awards.update_roads(s, (p,))


def continue_road_building(s: State, p: int) -> None:
    """rule="BASE-DEV-ROAD-BUILDING": the card ends when its roads are built or none fits."""
    if s.free_roads <= 0 or s.roads[p] >= ROADS or not legal_road_edges(s, p):
        s.free_roads = 0
        s.phase = s.resume


# ---------------------------------------------------------------- cities
def city_candidates(s: State, p: int) -> list[int]:
    """p's settlements a city may replace now: all of them, or only the city laid on its side
    while p has one (CK-BARB-PILLAGE)."""
    own = [v for v, o in enumerate(s.vowner) if o == p and not s.vcity[v]]
    if s.toppled:
        down = [v for v in own if v in s.toppled]
        return down or own
    return own


def check_city(s: State, a: BuildCity, cost=CITY_COST) -> Reason | None:
    p, v = a.player, a.vertex
    if s.phase != MAIN:
        return phase_refusal(s, "a city")
    if s.vowner[v] != p or s.vcity[v]:
        return Reason(
            "BASE-BUILD-CITY",
            f"A city replaces one of {seat(p)}'s settlements; {stands_on(s, v)}.",
        )
    if s.toppled and v not in s.toppled and any(s.vowner[t] == p for t in s.toppled):
        return Reason(
            "CK-BARB-PILLAGE", f"{seat(p)}'s next city must stand up the city laid on its side."
        )
    if s.cities[p] >= CITIES:
        return Reason(
            "BASE-BUILD-LIMITS", f"{seat(p)} has no city left in supply ({CITIES} on the board)."
        )
    return cost_reason(s, p, cost, "a city")


def apply_city(s: State, a: BuildCity, cost=CITY_COST) -> None:
    p = a.player
    s.vcity = tset(s.vcity, a.vertex, True)
    s.settlements = tadd(s.settlements, p, -1)  # the settlement returns to supply
    s.cities = tadd(s.cities, p, 1)
    pay(s, p, cost)
    if a.vertex in s.toppled:
        s.toppled = tuple(v for v in s.toppled if v != a.vertex)
