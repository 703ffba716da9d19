"""Building for the neutral parties of the two-player games (2P-NEUTRAL-*, 2P-SETUP-NEUTRAL-*),
and their knights in Cities & Knights for two (CK2P-NEUTRAL-*).

``State.neutral_due`` is ``(owed, phase after it, built, more)``: the piece owed ("settle",
"road", "knight" or "promote"), the phase to go back to, what the player did, and how many more
promotions follow (Smithing, CK2P-PC-SMITHING).
"""

from __future__ import annotations

from ..actions import NeutralKnight, NeutralPromote, NeutralRoad, NeutralSettle, make, seat
from ..board import EDGE_LABELS, VERTEX_LABELS, VERTEX_NEIGHBOURS, parse_vertex
from ..state import ROAD_BUILDING, ROADS, SETTLEMENTS, State, tadd, tset
from ..variants.ck_state import Knight
from ..variants.two_player_state import NEUTRAL, NeutralDue
from . import awards
from .building import (
    continue_road_building,
    distance_ok,
    legal_road_edges,
    road_touches_network,
    settle_candidates,
)
from .common import Reason, occupancy
from .knights import PER_LEVEL, knights_of, road_corner, road_ends

WHAT = {
    "settle": "settlement",
    "road": "road",
    "knight": "basic knight",
    "promote": "knight promotion",
}
_FALLBACK_RULE = {
    "settle": "2P-NEUTRAL-SETTLEMENT-FALLBACK",
    "knight": "CK2P-NEUTRAL-KNIGHT-FALLBACK",
}

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


def knight_sites(s: State, i: int) -> list[int]:
    """rule="CK2P-NEUTRAL-KNIGHT-LEGAL": empty vertices at the end of neutral i's roads, while
    a basic knight is in its supply."""
    q = s.n + i
    if len(knights_of(s, q, 1)) >= PER_LEVEL:
        return []
    occ = occupancy(s)
    return [v for v in road_ends(s, q) if occ[v] < 0]


def promote_sites(s: State, i: int) -> list[int]:
    """rule="CK2P-NEUTRAL-PROMOTE-LEVEL": neutral i's basic knights, while a strong one is in
    its supply (rule="CK2P-NEUTRAL-KNIGHT-PROMOTE": never mighty)."""
    q = s.n + i
    if len(knights_of(s, q, 2)) >= PER_LEVEL:
        return []
    return knights_of(s, q, 1)


_SITES = {
    "settle": settle_sites,
    "road": road_sites,
    "knight": knight_sites,
    "promote": promote_sites,
}
_ACTION = {
    "settle": NeutralSettle,
    "road": NeutralRoad,
    "knight": NeutralKnight,
    "promote": NeutralPromote,
}


# What owes a neutral piece of that kind, where one is tried after another move
# (2P-NEUTRAL-MIRROR; l41 read "P1 just built no settlement" as broken English)
_OWED_BY = {
    "settle": "builds a settlement",
    "road": "builds a road",
    "knight": "recruits a knight",
    "promote": "promotes a knight",
}


def options(s: State) -> list:
    """The builder's choices for the mirrored piece now due, by neutral then place."""
    kind = due(s).owed
    p, sites, cls = s.active, _SITES[kind], _ACTION[kind]
    return [make(cls, p, i, x) for i in range(2) for x in sites(s, i)]


def due(s: State) -> NeutralDue:
    """The neutral piece owed now (phase NEUTRAL)."""
    owed = s.neutral_due
    assert owed, "no neutral piece is owed"
    return owed


def start(s: State, built: str, more: int = 0) -> None:
    """After a player builds ("road", "settle"), recruits ("knight") or promotes ("promote"),
    owe the neutral copy; ``more``: further promotions owed after this one.

    rule="2P-NEUTRAL-MIRROR"; rule="2P-NEUTRAL-SETTLEMENT-FALLBACK": a road when no neutral
    settlement fits; rule="CK2P-NEUTRAL-KNIGHT-FALLBACK": a road when no neutral knight fits,
    never a settlement; rule="2P-NEUTRAL-NONE-POSSIBLE" and rule="CK2P-NEUTRAL-KNIGHT-PROMOTE":
    nothing when no neutral piece or promotion fits.
    """
    kind = built
    if kind in ("settle", "knight") and not any(_SITES[kind](s, i) for i in range(2)):
        kind = "road"
    if not any(_SITES[kind](s, i) for i in range(2)):
        return  # a promotion impossible now stays impossible for the ones that follow
    s.neutral_due = NeutralDue(kind, s.phase, built, more)
    s.phase = NEUTRAL


def _check_common(s: State, p: int, i: int, kind: str) -> Reason | None:
    if s.phase != NEUTRAL:
        if kind == "knight":  # rule="CK2P-NEUTRAL-KNIGHT-PLACE"
            return Reason(
                "CK2P-NEUTRAL-KNIGHT-PLACE",
                "A neutral knight is placed only right after a player recruits a knight.",
            )
        if kind == "promote":  # rule="CK2P-NEUTRAL-KNIGHT-PROMOTE"
            return Reason(
                "CK2P-NEUTRAL-KNIGHT-PROMOTE",
                "A neutral knight is promoted only "
                "right after a player promotes a basic knight to strong.",
            )
        return Reason(
            "2P-NEUTRAL-MIRROR",
            "A neutral piece is built only right after a player builds a road or a settlement.",
        )
    if p != s.active:
        # rule="CK2P-NEUTRAL-CHOOSER" restates rule="2P-NEUTRAL-CHOOSER"
        rule = "CK2P-NEUTRAL-CHOOSER" if s.caps.knights else "2P-NEUTRAL-CHOOSER"
        return Reason(
            rule, f"{seat(s.active)} built, so {seat(s.active)} places the neutral piece."
        )
    if i not in (0, 1):
        return Reason("2P-SETUP-PLAYERS", "The neutrals are N1 and N2.")
    owed, _, built, _ = due(s)
    if owed != kind:
        if owed != built:
            return Reason(
                _FALLBACK_RULE[built],
                # (the cause, then what is owed: a puzzle asking for it keeps the cause, l32)
                f"{seat(p)} owes a neutral {WHAT[built]}, but {_none_fits(s, built)}; "
                "a neutral road is owed instead.",
            )
        rule = (
            "2P-NEUTRAL-MIRROR"
            if owed in ("settle", "road")
            else (
                "CK2P-NEUTRAL-KNIGHT-PLACE" if owed == "knight" else "CK2P-NEUTRAL-KNIGHT-PROMOTE"
            )
        )
        # (the cause, then what is owed, in clauses of their own: a puzzle asking what is
        # owed keeps the cause; l36 at 5.13 was told no reason at all for a settlement)
        return Reason(
            rule,
            f"A neutral {WHAT[kind]} is owed only when {seat(p)} {_OWED_BY[kind]}; "
            f"{seat(p)} owes a neutral {WHAT[owed]}, mirroring what they did.",
        )
    return None


def _none_fits(s: State, built: str) -> str:
    """Why no neutral piece of the kind ``built`` fits now: for a knight, the placing rule
    said, not "none fits anywhere now" (a fresh learner at 11.16: said no why, and half
    said what is owed instead); the words name no road, a puzzle's answer there."""
    if built != "knight":
        return "none fits anywhere now"
    if all(len(knights_of(s, s.n + i, 1)) >= PER_LEVEL for i in range(2)):
        return "neither neutral has a basic knight left in its supply"
    # rule="CK2P-NEUTRAL-KNIGHT-LEGAL": placed as that neutral's own recruit would be
    return (
        "a neutral's knight goes only where that neutral could recruit one, "
        "and neither neutral has such a corner now"
    )


def due_reason(s: State, what: str) -> Reason:
    """The neutral piece owed now, and that ``what`` waits for it."""
    owed, _, built, _ = due(s)
    if owed != built:
        rule = _FALLBACK_RULE[built]
    else:
        rule = {
            "knight": "CK2P-NEUTRAL-KNIGHT-PLACE",
            "promote": "CK2P-NEUTRAL-KNIGHT-PROMOTE",
        }.get(owed, "2P-NEUTRAL-MIRROR")
    return Reason(
        rule,
        f"{seat(s.active)} first {'makes' if owed == 'promote' else 'places'} the neutral "
        f"{WHAT[owed]} they owe; "
        "any other move waits until then.",
    )


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
        return Reason(
            "BASE-BUILD-DISTANCE",
            f"{where} is next to the building on {near}; the distance rule holds for neutrals too.",
        )
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
        return Reason(
            "2P-NEUTRAL-LEGAL",
            f"{where} touches none of {name}'s buildings or roads "
            "(not through another colour's building).",
        )
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


def check_knight(s: State, a: NeutralKnight) -> Reason | None:
    bad = _check_common(s, a.player, a.neutral, "knight")
    if bad:
        return bad
    v, q = a.vertex, s.n + a.neutral
    name, where = s.name(q), VERTEX_LABELS[v]
    if occupancy(s)[v] >= 0:
        return Reason("CK2P-NEUTRAL-KNIGHT-LEGAL", f"{where} is not empty.")
    if v not in road_ends(s, q):
        return Reason("CK2P-NEUTRAL-KNIGHT-LEGAL", f"{where} is not {road_corner(name)}.")
    if len(knights_of(s, q, 1)) >= PER_LEVEL:
        return Reason("CK2P-NEUTRAL-KNIGHT-LEGAL", f"{name} has no basic knight left in supply.")
    return None


def check_promote(s: State, a: NeutralPromote) -> Reason | None:
    bad = _check_common(s, a.player, a.neutral, "promote")
    if bad:
        return bad
    v, q = a.vertex, s.n + a.neutral
    name, k = s.name(q), s.kn[v]
    if k is None or k.owner != q:
        return Reason("CK2P-NEUTRAL-KNIGHT-PROMOTE", f"{name} has no knight on {VERTEX_LABELS[v]}.")
    if k.level != 1:
        return Reason(
            "CK2P-NEUTRAL-KNIGHT-PROMOTE",
            f"{name}'s knight on {VERTEX_LABELS[v]} is "
            "already strong; neutral knights never become mighty.",
        )
    if len(knights_of(s, q, 2)) >= PER_LEVEL:
        return Reason("CK2P-NEUTRAL-PROMOTE-LEVEL", f"{name} has no strong knight left in supply.")
    return None


def apply_knight(s: State, a: NeutralKnight) -> None:
    """rule="CK2P-NEUTRAL-KNIGHT-INERT": a basic knight that is never active."""
    s.kn = tset(s.kn, a.vertex, Knight(s.n + a.neutral, 1, False, False, False))
    awards.update_roads_near(s, a.vertex)  # rule="CK2P-LONGEST-ROUTE": they cut routes
    _done(s)


def apply_promote(s: State, a: NeutralPromote) -> None:
    s.kn = tset(s.kn, a.vertex, Knight(s.n + a.neutral, 2, False, False, False))
    _done(s)


def _done(s: State) -> None:
    _, back, built, more = due(s)
    s.phase = back
    s.neutral_due = ()
    if more:  # rule="CK2P-PC-SMITHING": the next promotion of the same card
        start(s, built, more - 1)
        if s.phase == NEUTRAL:
            return
    if s.phase == ROAD_BUILDING:  # the neutral road may have taken the last free edge
        continue_road_building(s, s.active)
