"""City walls, city improvements and metropolises (CK-WALL-*, CK-IMPROVE-*, CK-METRO-*)."""

from __future__ import annotations

from ..actions import BuildWall, Improve, make, seat
from ..board import VERTEX_LABELS
from ..progress_cards import COMMODITY_OF_TRACK, TRACKS
from ..state import MAIN, State, tadd, tset
from .common import (
    Reason,
    can_pay,
    cost_reason,
    one,
    pay,
    phase_refusal,
    remember_last,
    stands_on,
)

WALL_COST = (2, 0, 0, 0, 0)  # rule="CK-BUILD-COSTS": 2 brick
WALLS = 3  # rule="CK-BUILD-LIMITS"
TOP = 5


def cities_of(s: State, p: int) -> list[int]:
    """p's standing cities (a toppled city is a settlement, CK-BARB-PILLAGE)."""
    return [v for v, o in _cities_on(s.vowner, s.vcity) if o == p]


@remember_last
def _cities_on(vowner: tuple[int, ...], vcity: tuple[bool, ...]) -> tuple[tuple[int, int], ...]:
    """(vertex, owner) of every standing city, by vertex."""
    return tuple((v, o) for v, o in enumerate(vowner) if vcity[v])


def free_cities(s: State, p: int) -> list[int]:
    """p's cities without a metropolis (CK-METRO-NEEDS-CITY)."""
    return [v for v in cities_of(s, p) if v not in s.metro]


def walls_of(s: State, p: int) -> int:
    """How many city walls p has on the board."""
    return _walls_per_owner(s.walls, s.vowner).get(p, 0)


@remember_last
def _walls_per_owner(walls: tuple[bool, ...], vowner: tuple[int, ...]) -> dict[int, int]:
    """Per owner, its walls on the board (read-only: it is shared)."""
    out: dict[int, int] = {}
    for v, w in enumerate(walls):
        if w:
            out[vowner[v]] = out.get(vowner[v], 0) + 1
    return out


def improve_cost(s: State, p: int, track: int, discount: int = 0) -> tuple[int, ...]:
    """rule="CK-BUILD-COSTS": level n costs n of the track's commodity (rule="CK-PC-CRANE":
    one less with a Crane)."""
    return one(COMMODITY_OF_TRACK[track], max(0, s.levels[p][track] + 1 - discount), 8)


# ---------------------------------------------------------------- walls
def check_wall(s: State, a: BuildWall, free: bool = False) -> Reason | None:
    p, v = a.player, a.vertex
    if s.phase != MAIN:
        return phase_refusal(s, "a city wall", "CK-TURN-ACTION-PHASE")
    if s.vowner[v] != p or not s.vcity[v]:
        return Reason(
            "CK-WALL-BUILD",
            f"A wall goes under one of {seat(p)}'s cities; {stands_on(s, v)}.",
        )
    if s.walls[v]:
        return Reason("CK-WALL-BUILD", f"The city on {VERTEX_LABELS[v]} has a wall already.")
    if walls_of(s, p) >= WALLS:
        return Reason("CK-BUILD-LIMITS", f"{seat(p)} has all {WALLS} walls on the board.")
    return None if free else cost_reason(s, p, WALL_COST, "a city wall")


def apply_wall(s: State, a: BuildWall, free: bool = False) -> None:
    if not free:
        pay(s, a.player, WALL_COST)
    s.walls = tset(s.walls, a.vertex, True)


# ---------------------------------------------------------------- improvements
def metro_due(s: State, p: int, track: int) -> bool:
    """Whether p's next level on ``track`` moves the metropolis to one of p's cities.

    rule="CK-METRO-TAKE": the first to level 4 takes it; the first to 5 takes it for good
    from a level-4 holder; rule="CK-METRO-OWN-LEVEL5": a holder's level 5 leaves it put (and,
    like any level 5, needs a free city, ``needs_city``).
    """
    new = s.levels[p][track] + 1
    v = s.metro[track]
    holder = s.vowner[v] if v >= 0 else -1
    if new == 4:
        return v < 0
    if new == TOP:
        return holder != p and (holder < 0 or s.levels[holder][track] < TOP)
    return False


def needs_city(s: State, p: int, t: int) -> Reason:
    """Why p, with no city free of a metropolis, may not buy the next level of track t.

    rule="CK-METRO-NEEDS-CITY": no level 4 or 5 without an available city;
    rule="CK-METRO-OWN-LEVEL5": that holds for the holder of the track's metropolis too (003:
    "If you do not have an available city, you may not purchase the level 4 (or level 5)
    improvement.")."""
    level = s.levels[p][t] + 1
    v = s.metro[t]
    if level == TOP and v >= 0 and s.vowner[v] == p:
        return Reason(
            "CK-METRO-OWN-LEVEL5",
            f"Level 5 of {TRACKS[t]} needs a city without a metropolis, even for the holder "
            f"of its metropolis; {seat(p)} has none.",
        )
    return Reason(
        "CK-METRO-NEEDS-CITY",
        f"Level {level} needs a city without a metropolis; {seat(p)} has none.",
    )


def check_improve(s: State, a: Improve, discount: int = 0) -> Reason | None:
    p, t = a.player, a.track
    if s.phase != MAIN:
        return phase_refusal(s, "a city improvement", "CK-TURN-ACTION-PHASE")
    if not 0 <= t < 3:
        return Reason("CK-IMPROVE-BUILD", "The tracks are science, trade and politics.")
    level = s.levels[p][t]
    if level >= TOP:
        return Reason("CK-IMPROVE-BUILD", f"{seat(p)} is at the top of {TRACKS[t]}.")
    if not cities_of(s, p):
        return Reason("CK-IMPROVE-KEEP", f"{seat(p)} needs a city on the board to raise a track.")
    if level + 1 >= 4 and not free_cities(s, p):
        return needs_city(s, p, t)
    if metro_due(s, p, t):
        if a.vertex not in free_cities(s, p):
            # rule="CK-METRO-TAKE": on one of p's cities without one; the corner's own fault
            # said plainly (l26 at 10.6: an empty I6 was told the rule back, "name one of
            # P1's cities without one for it", as if that answered it)
            v, where = a.vertex, VERTEX_LABELS[a.vertex] if a.vertex >= 0 else ""
            if v >= 0 and s.vowner[v] == p and s.vcity[v]:
                why = f"{seat(p)}'s city on {where} already has a metropolis."
            elif v >= 0:
                why = f"{where} is not one of {seat(p)}'s cities."
            else:
                why = (
                    f"Level {level + 1} of {TRACKS[t]} takes the metropolis: name one of "
                    f"{seat(p)}'s cities without one for it."
                )
            return Reason("CK-METRO-TAKE", why)
    elif a.vertex >= 0:
        return Reason(
            "CK-METRO-TAKE", f"Level {level + 1} of {TRACKS[t]} wins no metropolis for {seat(p)}."
        )
    return cost_reason(s, p, improve_cost(s, p, t, discount), f"level {level + 1} of {TRACKS[t]}")


def apply_improve(s: State, a: Improve, discount: int = 0) -> None:
    p, t = a.player, a.track
    pay(s, p, improve_cost(s, p, t, discount))
    if metro_due(s, p, t):
        s.metro = tset(s.metro, t, a.vertex)
    s.levels = tset(s.levels, p, tadd(s.levels[p], t, 1))


def options(s: State, p: int) -> list:
    """p's legal improvements and walls in the action phase, in a fixed order: exactly what
    ``check_improve`` and ``check_wall`` accept there (ck's Phase.exact relies on it)."""
    cities = cities_of(s, p)
    if not cities:  # rule="CK-IMPROVE-KEEP"; a wall goes under a city (CK-WALL-BUILD)
        return []
    out: list = [make(Improve, p, t, v) for t, v in improve_options(s, p, cities)]
    if can_pay(s.hands[p], WALL_COST):
        out += [make(BuildWall, p, v) for v in wall_sites(s, p, cities)]
    return out


def improve_options(
    s: State, p: int, cities: list[int], discount: int = 0
) -> list[tuple[int, int]]:
    """(track, metropolis vertex or -1) of every improvement ``check_improve`` accepts in the
    action phase with this ``discount`` (rule="CK-PC-CRANE": 1), p's ``cities`` given."""
    if not cities:  # rule="CK-IMPROVE-KEEP"
        return []
    out: list[tuple[int, int]] = []
    hand, levels = s.hands[p], s.levels[p]
    free = [v for v in cities if v not in s.metro]
    for t in range(3):
        level = levels[t]
        if level >= TOP or hand[COMMODITY_OF_TRACK[t]] < level + 1 - discount:
            continue  # rule="CK-BUILD-COSTS"
        if level + 1 >= 4 and not free:
            continue  # rule="CK-METRO-NEEDS-CITY", rule="CK-METRO-OWN-LEVEL5"
        if metro_due(s, p, t):
            out += [(t, v) for v in free]
        else:
            out.append((t, -1))
    return out


def wall_sites(s: State, p: int, cities: list[int]) -> list[int]:
    """Where ``check_wall`` accepts a wall in the action phase, cost aside: p's ``cities``
    without one, while p has a wall in supply (rule="CK-BUILD-LIMITS")."""
    return [v for v in cities if not s.walls[v]] if walls_of(s, p) < WALLS else []
