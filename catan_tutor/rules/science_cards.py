"""The science deck (green, CK-PC-COUNTS): each card's check, effect and plays, one
:class:`Card` record per card in ``CARDS``."""

from __future__ import annotations

from functools import lru_cache

from ..actions import BuildCity, BuildWall, Improve, PlayProgress, Promote, make
from ..board import HEX_NAMES, N_HEXES, VERTEX_HEXES, Layout
from ..state import CITIES, DICE, MAIN, ROAD_BUILDING, ROADS, State, laid
from . import improvements, knights
from .building import apply_city, check_city, city_candidates, legal_road_edges
from .card_record import Card, bare, listed, no_check
from .common import Reason, can_pay, gain, one

MEDICINE_COST = (0, 0, 0, 1, 2)  # rule="CK-PC-MEDICINE": 1 grain + 2 ore
FIELDS, MOUNTAINS = 3, 4
_BIG_NUMBERS = (2, 6, 8, 12)


# ---------------------------------------------------------------- Alchemy
def _alchemy(s: State, p: int, white: int, red: int) -> Reason | None:
    if not (1 <= white <= 6 and 1 <= red <= 6):
        return Reason("CK-PC-ALCHEMY", "Each die is set to a value from 1 to 6.")
    return None


def _do_alchemy(s: State, p: int, white: int, red: int) -> None:
    """rule="CK-PC-ALCHEMY": the two dice are set; only the event die is rolled."""
    s.rolled = (white, red)
    s.phase = DICE


@lru_cache(maxsize=256)
def _alchemy_plays_of(p: int, card: int) -> tuple[PlayProgress, ...]:
    return tuple(make(PlayProgress, p, card, (w, r)) for w in range(1, 7) for r in range(1, 7))


def _alchemy_plays(s: State, p: int, card: int) -> tuple[PlayProgress, ...]:
    """Any two dice."""
    return _alchemy_plays_of(p, card)


# ---------------------------------------------------------------- Crane
def _crane(s: State, p: int, track: int, vertex: int) -> Reason | None:
    """The improvement's own checks; what it costs is the card's (rule="CK-PC-CRANE")."""
    bad = improvements.check_improve(s, Improve(p, track, vertex), discount=1)
    if bad is not None and bad.rule == "CK-BUILD-COSTS":
        return Reason("CK-PC-CRANE", f"{bad.text} With Crane one commodity less.")
    return bad


def _do_crane(s: State, p: int, track: int, vertex: int) -> None:
    improvements.apply_improve(s, Improve(p, track, vertex), discount=1)


def _crane_args(s: State, p: int) -> list[tuple]:
    """An improvement p can pay, one commodity less."""
    return list(improvements.improve_options(s, p, improvements.cities_of(s, p), 1))


# ---------------------------------------------------------------- Engineering
def _engineering(s: State, p: int, v: int) -> Reason | None:
    return improvements.check_wall(s, BuildWall(p, v), free=True)


def _do_engineering(s: State, p: int, v: int) -> None:
    improvements.apply_wall(s, BuildWall(p, v), free=True)


def _engineering_args(s: State, p: int) -> list[tuple]:
    """A wall under a city without one."""
    return [(v,) for v in improvements.wall_sites(s, p, improvements.cities_of(s, p))]


# ---------------------------------------------------------------- Invention
def _invention(s: State, p: int, h1: int, h2: int) -> Reason | None:
    nums = laid(s).numbers
    if h1 == h2 or not (0 <= h1 < N_HEXES and 0 <= h2 < N_HEXES):
        return Reason("CK-PC-INVENTION", "Invention swaps the number tokens of two hexes.")
    for h in (h1, h2):
        if not nums[h] or nums[h] in _BIG_NUMBERS:
            return Reason(
                "CK-PC-INVENTION",
                f"{HEX_NAMES[h]}'s token may not move (no token, or a 2, 6, 8 or 12).",
            )
    return None


def _do_invention(s: State, p: int, h1: int, h2: int) -> None:
    layout = laid(s)
    nums = list(layout.numbers)
    nums[h1], nums[h2] = nums[h2], nums[h1]
    s.layout = Layout(layout.terrain, tuple(nums), layout.harbors)


@lru_cache(maxsize=1024)
def _invention_plays_of(p: int, card: int, numbers: tuple[int, ...]) -> tuple[PlayProgress, ...]:
    hs = [h for h in range(N_HEXES) if numbers[h] not in (0, *_BIG_NUMBERS)]
    return tuple(make(PlayProgress, p, card, (a, b)) for a in hs for b in hs if a != b)


def _invention_plays(s: State, p: int, card: int) -> tuple[PlayProgress, ...]:
    """Two hexes whose tokens may move."""
    return _invention_plays_of(p, card, laid(s).numbers)


# ---------------------------------------------------------------- Irrigation, Mining
def _hexes_touched(s: State, p: int, terrain: int) -> list[int]:
    return sorted(
        {
            h
            for v, o in enumerate(s.vowner)
            if o == p
            for h in VERTEX_HEXES[v]
            if laid(s).terrain[h] == terrain
        }
    )


def _take_per_hex(s: State, p: int, terrain: int) -> None:
    """rule="CK-PC-IRRIGATION", rule="CK-PC-MINING": 2 per hex touched, what the supply has."""
    want = 2 * len(_hexes_touched(s, p, terrain))
    gain(s, p, one(terrain, min(want, s.bank[terrain])))


def _do_irrigation(s: State, p: int) -> None:
    _take_per_hex(s, p, FIELDS)


def _do_mining(s: State, p: int) -> None:
    _take_per_hex(s, p, MOUNTAINS)


# ---------------------------------------------------------------- Medicine
def _medicine(s: State, p: int, v: int) -> Reason | None:
    bad = check_city(s, BuildCity(p, v), cost=MEDICINE_COST)
    return Reason("CK-PC-MEDICINE", bad.text) if bad else None


def _do_medicine(s: State, p: int, v: int) -> None:
    apply_city(s, BuildCity(p, v), cost=MEDICINE_COST)


def _medicine_args(s: State, p: int) -> list[tuple]:
    """A settlement becomes a city, for 1 grain and 2 ore."""
    if s.cities[p] < CITIES and can_pay(s.hands[p], MEDICINE_COST):
        return [(v,) for v in city_candidates(s, p)]
    return []


# ---------------------------------------------------------------- Road Building
def _road_building(s: State, p: int) -> Reason | None:
    return None  # rule="CK-PC-NO-TARGET": with no legal road it still counts as played


def _do_road_building(s: State, p: int) -> None:
    """rule="CK-PC-ROAD-BUILDING": 2 free roads (1 if only one is legal)."""
    s.free_roads = min(2, ROADS - s.roads[p])
    if s.free_roads and legal_road_edges(s, p):
        s.resume = MAIN
        s.phase = ROAD_BUILDING
    else:
        s.free_roads = 0


# ---------------------------------------------------------------- Smithing
def _smithing(s: State, p: int, v1: int, v2: int) -> Reason | None:
    """rule="CK-PC-SMITHING": up to two different knights, each by the promotion rules."""
    if v1 == v2:
        return Reason("CK-PC-SMITHING", "Smithing promotes two different knights.")
    t = s.copy()
    for v in (v1, v2):
        if v < 0:
            continue
        bad = knights.check_promote(t, Promote(p, v), free=True)
        if bad:
            return bad
        knights.apply_promote(t, Promote(p, v), free=True)
    return None


def _do_smithing(s: State, p: int, v1: int, v2: int) -> None:
    for v in (v1, v2):
        if v >= 0:
            knights.apply_promote(s, Promote(p, v), free=True)


def _smithing_args(s: State, p: int) -> list[tuple[int, int]]:
    """What ``_smithing`` accepts (rule="CK-KNIGHT-PROMOTE"): one promotable knight with a
    stronger one left in supply, then (in order) a second one, counted with the first
    already promoted."""
    count = [0, 0, 0, 0]
    level: dict[int, int] = {}  # the promotable knights' levels
    politics = s.levels[p][knights.POLITICS]
    for v, k in knights.on_board(s):
        if k[0] == p:
            count[k[1]] += 1
            if knights.promotable(k, politics):
                level[v] = k[1]
    mine = list(level)
    if not mine:
        return []
    first = [v for v in mine if count[level[v] + 1] < knights.PER_LEVEL]
    out = [(a, -1) for a in first]
    for a in first:
        after = count.copy()
        after[level[a]] -= 1
        after[level[a] + 1] += 1
        out += [(a, b) for b in mine if b != a and after[level[b] + 1] < knights.PER_LEVEL]
    return out


# ---------------------------------------------------------------- the deck
CARDS = (
    Card("alchemy", "CK-PC-ALCHEMY", _alchemy, _do_alchemy, _alchemy_plays, before_roll=True),
    Card("crane", "CK-PC-CRANE", _crane, _do_crane, listed(_crane_args)),
    Card("engineering", "CK-PC-ENGINEERING", _engineering, _do_engineering,
         listed(_engineering_args)),
    Card("invention", "CK-PC-INVENTION", _invention, _do_invention, _invention_plays),
    Card("irrigation", "CK-PC-IRRIGATION", no_check, _do_irrigation, bare),
    Card("medicine", "CK-PC-MEDICINE", _medicine, _do_medicine, listed(_medicine_args)),
    Card("mining", "CK-PC-MINING", no_check, _do_mining, bare),
    Card("printing", "CK-PC-PRINTING"),  # a VP card (CK-PROGRESS-VP-CARDS)
    Card("road-building", "CK-PC-ROAD-BUILDING", _road_building, _do_road_building, bare),
    Card("smithing", "CK-PC-SMITHING", _smithing, _do_smithing, listed(_smithing_args)),
)  # fmt: skip
