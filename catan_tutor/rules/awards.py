"""Longest Road and Largest Army (BASE-AWARD-*) and victory points (BASE-WIN-*)."""

from __future__ import annotations

from functools import lru_cache

from ..board import EDGE_OTHER_END, EDGE_VERTICES
from ..state import OVER, State, tset
from .common import occupancy, remember_last

LONGEST_MIN, ARMY_MIN = 5, 3


def road_length(s: State, p: int) -> int:
    """Longest trail of p's roads, never passing through another colour's building.

    rule="BASE-AWARD-ROAD-LENGTH": each road at most once, vertices may repeat, forks do not
    add up, and a trail may end at (but not go through) a vertex with a foreign building.
    Cached by p's roads and the foreign pieces on their vertices, which alone decide it.
    """
    edges = roads_by_owner(s.eowner).get(p)
    if not edges:
        return 0
    vowner = occupancy(s)  # rule="CK-AWARD-LONGEST-ROUTE": knights cut
    blocked = frozenset([v for e in edges for v in EDGE_VERTICES[e] if vowner[v] not in (-1, p)])
    return _trail_length(edges, blocked)


@remember_last
def roads_by_owner(eowner: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """Per owner, its roads (edges, in order); read-only, as it is shared."""
    out: dict[int, list[int]] = {}
    for e, o in enumerate(eowner):
        if o >= 0:
            out.setdefault(o, []).append(e)
    return {o: tuple(edges) for o, edges in out.items()}


# per vertex: (bit of the edge, the edge's other end) for each edge at it
_STEPS = tuple(tuple((1 << e, w) for e, w in ends) for ends in EDGE_OTHER_END)


@lru_cache(maxsize=1 << 14)
def _trail_length(edges: tuple[int, ...], blocked: frozenset[int]) -> int:
    """The longest trail over ``edges`` that may end at, not pass, a vertex of ``blocked``."""

    def walk(v: int, left: int) -> int:  # left: bits of the roads not used yet
        longest = 0
        for bit, w in _STEPS[v]:
            if left & bit:
                length = 1 if w in blocked else 1 + walk(w, left ^ bit)
                if length > longest:
                    longest = length
        return longest

    mine = 0
    for e in edges:
        mine |= 1 << e
    return max(walk(v, mine) for v in _trail_starts(edges, blocked))


def _trail_starts(edges: tuple[int, ...], blocked: frozenset[int]) -> list[int]:
    """Where a longest trail may start: a vertex with an odd number of the roads or a foreign
    piece, or any vertex of a network that has neither (a closed circuit).

    At any other vertex an unused road would lengthen the trail at its start, and a closed
    trail can be turned to start anywhere on it.
    """
    mine = set(edges)
    degree: dict[int, int] = {}
    for e in edges:
        for v in EDGE_VERTICES[e]:
            degree[v] = degree.get(v, 0) + 1
    starts, seen = [], set()
    for root in sorted(degree):
        if root in seen:
            continue
        part, todo = [], [root]  # one connected network of the roads
        seen.add(root)
        while todo:
            v = todo.pop()
            part.append(v)
            for e, w in EDGE_OTHER_END[v]:
                if e in mine and w not in seen:
                    seen.add(w)
                    todo.append(w)
        ends = [v for v in part if degree[v] % 2 or v in blocked]
        starts.extend(ends or part[:1])
    return starts


def _award(values: tuple[int, ...], holder: int, minimum: int) -> int:
    """rule="BASE-AWARD-LONGEST-ROAD" procedure, shared with BASE-AWARD-LARGEST-ARMY."""
    top = max(values)
    if top < minimum:
        return -1
    if holder >= 0 and values[holder] == top:
        return holder  # ties never take the card away
    leaders = [p for p, x in enumerate(values) if x == top]
    return leaders[0] if len(leaders) == 1 else -1  # a tie without the holder: set aside


def update_roads(s: State, owners=None) -> None:
    """Recompute road lengths (every piece owner by default) and the Longest Road holder.

    rule="BASE-AWARD-TIMING": called after every board change, on anybody's turn.
    rule="2P-NEUTRAL-LONGEST-ROAD": neutrals' roads compete too.
    """
    lengths = list(s.road_len)
    for p in range(s.owners) if owners is None else owners:
        lengths[p] = road_length(s, p)
    s.road_len = tuple(lengths)
    holder = _award(s.road_len, s.longest, LONGEST_MIN)
    if s.longest == s.dummy >= 0 and holder != s.dummy:  # rule="DUMMY-AWARD-RECLAIM"
        s.road_len = tset(s.road_len, s.dummy, 0)
    s.longest = holder


def update_roads_near(s: State, *vertices: int) -> None:
    """``update_roads`` for the parties a piece placed on or taken off ``vertices`` can
    affect (CK-KNIGHT-BLOCKS): only a route passing through a vertex can be cut or joined
    there, so only a party with two or more roads at it."""
    eowner = s.eowner
    parties: set[int] = set()
    for v in vertices:
        here = [eowner[e] for e, _ in EDGE_OTHER_END[v] if eowner[e] >= 0]
        parties.update(q for q in here if here.count(q) > 1)
    update_roads(s, sorted(parties))


def update_army(s: State) -> None:
    """rule="BASE-AWARD-LARGEST-ARMY": 3+ played Knights, same procedure as Longest Road."""
    holder = _award(s.knights, s.army, ARMY_MIN)
    if s.army == s.dummy >= 0 and holder != s.dummy:  # rule="DUMMY-AWARD-RECLAIM"
        s.knights = tset(s.knights, s.dummy, 0)
    s.army = holder


def public_points(s: State, p: int) -> int:
    """rule="BASE-WIN-VP" without hidden Victory Point cards; 0 for neutrals and the dummy
    (rule="2P-SETUP-PLAYERS", rule="DUMMY-SETUP-NOTHING-ON-BOARD")."""
    if p >= s.n:
        return 0
    vp = s.settlements[p] + 2 * s.cities[p]
    if s.longest == p:
        vp += 2
    if s.army == p:
        vp += 2
    return vp


def public_vp(rules, s: State, p: int) -> int:
    """The VP every player sees: :func:`public_points` (rule="BASE-INFO": Victory Point cards
    stay hidden), but in Cities & Knights every point, since progress VP cards lie face up
    (rule="CK-INFO")."""
    return rules.victory_points(s, p) if s.caps.improvements else public_points(s, p)


def vp_breakdown(s: State, p: int) -> dict[str, int]:
    """Where ``p``'s victory points come from (rule="BASE-WIN-VP"); sums to victory_points."""
    if p >= s.n:
        return {}
    parts = {"settlements": s.settlements[p], "cities": 2 * s.cities[p],
             "longest road": 2 * (s.longest == p), "largest army": 2 * (s.army == p),
             "VP cards": s.dev[p][1]}  # fmt: skip
    return {k: v for k, v in parts.items() if v}


def victory_points(s: State, p: int) -> int:
    """rule="BASE-WIN-VP": settlement 1, city 2, each award 2, Victory Point card 1."""
    return public_points(s, p) + s.dev[p][1] if p < s.n else 0


def check_win(s: State, target: int = 10, points=None) -> None:
    """rule="BASE-WIN-10": the active player wins at once with 10+ VP on their own turn
    (rule="CK-WIN-13", rule="CK-WIN-OFFTURN": 13 in C&K, checked for the active player only)."""
    vp = victory_points if points is None else points
    if s.turn > 0 and s.phase != OVER and vp(s, s.active) >= target:
        s.winner = s.active
        s.phase = OVER
