"""Knights of Cities & Knights: recruit, promote, activate, move, displace, chase (CK-KNIGHT-*).

A knight is a ``variants.ck_state.Knight`` record on its vertex in ``State.kn``: level 1 basic,
2 strong, 3 mighty; ``fresh`` marks a knight placed, activated or used this turn (it cannot
act, CK-KNIGHT-ACTION-ELIGIBLE); ``promoted`` one promoted this turn.
"""

from __future__ import annotations

from ..actions import (
    KNIGHT_LEVELS,
    Activate,
    ChaseRobber,
    MoveKnight,
    Promote,
    Recruit,
    Relocate,
    make,
    seat,
)  # fmt: skip
from ..board import EDGE_OTHER_END, EDGE_VERTICES, HEX_NAMES, HEX_VERTICES, VERTEX_LABELS
from ..state import MAIN, STEAL, State, tset
from ..variants.ck_state import RELOCATE, DisplacedKnight, Knight
from . import awards
from .building import settle_candidates
from .common import (
    Reason,
    can_pay,
    chooser,
    cost_reason,
    occupancy,
    pay,
    phase_refusal,
    remember_last,
)  # fmt: skip
from .robber import robbed_there, victims


def road_corner(owner: str, empty: bool = False) -> str:
    """Where a knight may be placed, said one way everywhere: "a corner one of P1's roads
    touches" (``owner`` is a name, "P1", or "your", "its"). Recruiting, a neutral's knight,
    Treason's new knight and Intrigue's target all use it (CK-KNIGHT-RECRUIT,
    CK2P-NEUTRAL-KNIGHT-LEGAL, CK-PC-TREASON, CK-PC-INTRIGUE)."""
    whose = owner if owner in ("your", "its", "their") else f"{owner}'s"
    return f"{'an empty' if empty else 'a'} corner one of {whose} roads touches"


KNIGHT_COST = (0, 0, 1, 0, 1)  # rule="CK-BUILD-COSTS": recruit or promote: wool + ore
ACTIVATE_COST = (0, 0, 0, 1, 0)  # grain
PER_LEVEL = 2  # rule="CK-BUILD-LIMITS": 2 knights of each strength
POLITICS = 2


def knights_of(s: State, p: int, level: int | None = None) -> list[int]:
    """Vertices of p's knights (of one level if given)."""
    if level is None:  # k[0]: the owner (a NamedTuple's index is quicker than its name)
        return [v for v, k in on_board(s) if k[0] == p]
    return [v for v, k in on_board(s) if k[0] == p and k[1] == level]


def on_board(s: State) -> tuple[tuple[int, Knight], ...]:
    """(vertex, knight) of every knight on the board, by vertex."""
    return _on_board(s.kn)


@remember_last
def _on_board(kn: tuple[Knight | None, ...]) -> tuple[tuple[int, Knight], ...]:
    return tuple([(v, k) for v, k in enumerate(kn) if k is not None])


def eligible(k: Knight) -> bool:
    """rule="CK-KNIGHT-ACTION-ELIGIBLE": active, and not placed, activated or used this turn."""
    return k.active and not k.fresh


def strength(s: State, p: int) -> int:
    """rule="CK-BARB-DEFENSE": the summed strength of p's active knights."""
    return sum(k.level for k in s.kn if k is not None and k.owner == p and k.active)


def reachable(s: State, p: int, src: int) -> tuple[int, ...]:
    """Vertices p's knight on src can travel to along p's roads (CK-KNIGHT-MOVE), in order.

    It passes only vertices that are empty or hold p's own pieces; a vertex with another
    colour's piece may be reached (for a displacement) but not passed.
    """
    occ, eowner = occupancy(s), s.eowner
    memo = _reach_memo(occ, eowner)  # the same objects while no piece or road changes
    known = memo.get((p, src))
    if known is None:
        known = memo[p, src] = _reachable(occ, eowner, p, src)
    return known


@remember_last
def _reach_memo(occ: tuple[int, ...], eowner: tuple[int, ...]) -> dict[tuple[int, int], tuple]:
    """A fresh memo per (occupancy, roads) pair: (seat, vertex) -> reachable vertices."""
    return {}


def _reachable(occ: tuple[int, ...], eowner: tuple[int, ...], p: int, src: int) -> tuple[int, ...]:
    seen, todo, out = {src}, [src], set()
    while todo:
        v = todo.pop()
        for e, w in EDGE_OTHER_END[v]:
            if eowner[e] != p or w in seen:
                continue
            seen.add(w)
            out.add(w)
            if occ[w] in (-1, p):
                todo.append(w)
    return tuple(sorted(out))


def _knight(s: State, v: int) -> Knight:
    """The knight on v, which the caller knows is there."""
    k = s.kn[v]
    assert k is not None, f"no knight on {VERTEX_LABELS[v]}"
    return k


def displaced(s: State) -> DisplacedKnight:
    """The displaced knight waiting to be moved (phase RELOCATE)."""
    d = s.relocate
    assert d, "no displaced knight"
    return d


def _own_knight(s: State, p: int, v: int, what: str) -> Reason | None:
    if v < 0:  # (a form's question with no knight named: the seat has none on the board)
        return Reason("CK-KNIGHT-STRENGTH", f"{seat(p)} has no knight on the board to {what}.")
    k = s.kn[v]
    if k is None or k.owner != p:
        return Reason(
            "CK-KNIGHT-STRENGTH", f"{seat(p)} has no knight on {VERTEX_LABELS[v]} to {what}."
        )
    return None


def _action_phase(s: State, what: str) -> Reason | None:
    if s.phase == MAIN:
        return None
    return phase_refusal(s, what[0].lower() + what[1:], "CK-TURN-ACTION-PHASE")


# ---------------------------------------------------------------- recruit, promote, activate
def check_recruit(s: State, a: Recruit) -> Reason | None:
    p, v = a.player, a.vertex
    bad = _action_phase(s, "Recruiting a knight")
    if bad:
        return bad
    if occupancy(s)[v] >= 0:
        return Reason("CK-KNIGHT-RECRUIT", f"{VERTEX_LABELS[v]} is not empty.")
    if not any(s.eowner[e] == p for e, _ in EDGE_OTHER_END[v]):
        return Reason(
            "CK-KNIGHT-RECRUIT",
            f"{VERTEX_LABELS[v]} is not {road_corner(seat(p))}.",
        )
    if len(knights_of(s, p, 1)) >= PER_LEVEL:
        return Reason(
            "CK-KNIGHT-RECRUIT",
            f"{seat(p)} has no basic knight left in supply; promote one on the board first.",
        )
    return cost_reason(s, p, KNIGHT_COST, "a knight")


def apply_recruit(s: State, a: Recruit) -> None:
    pay(s, a.player, KNIGHT_COST)
    s.kn = tset(s.kn, a.vertex, Knight(a.player, 1, False, True, False))
    awards.update_roads_near(s, a.vertex)  # rule="CK-AWARD-LONGEST-ROUTE": it may cut a route


def promotable(k: Knight, politics: int) -> bool:
    """Whether knight k could be lifted a level this turn, supply aside, its owner at this
    ``politics`` level: not mighty, not promoted this turn (CK-KNIGHT-PROMOTE), and politics 3
    for a mighty one (rule="CK-KNIGHT-PROMOTE-MIGHTY")."""
    return not k[4] and (k[1] < 2 or (k[1] == 2 and politics >= 3))


def check_promote(s: State, a: Promote, free: bool = False) -> Reason | None:
    p, v = a.player, a.vertex
    bad = _action_phase(s, "Promoting a knight") or _own_knight(s, p, v, "promote")
    if bad:
        return bad
    k = _knight(s, v)
    level, promoted = k.level, k.promoted
    if level >= 3:
        return Reason("CK-KNIGHT-PROMOTE", f"The knight on {VERTEX_LABELS[v]} is already mighty.")
    if promoted:
        return Reason(
            "CK-KNIGHT-PROMOTE", f"The knight on {VERTEX_LABELS[v]} was promoted this turn already."
        )
    if level == 2 and s.levels[p][POLITICS] < 3:
        return Reason(
            "CK-KNIGHT-PROMOTE-MIGHTY",
            f"A mighty knight needs politics level 3 "
            f"(Fortress); {seat(p)} has {s.levels[p][POLITICS]}.",
        )
    if len(knights_of(s, p, level + 1)) >= PER_LEVEL:
        return Reason(
            "CK-KNIGHT-PROMOTE", f"{seat(p)} has no {KNIGHT_LEVELS[level]} knight left in supply."
        )
    return None if free else cost_reason(s, p, KNIGHT_COST, "a promotion")


def apply_promote(s: State, a: Promote, free: bool = False) -> None:
    if not free:  # rule="CK-PC-SMITHING": free
        pay(s, a.player, KNIGHT_COST)
    o, level, active, fresh, _ = _knight(s, a.vertex)
    s.kn = tset(s.kn, a.vertex, Knight(o, level + 1, active, fresh, True))


def check_activate(s: State, a: Activate) -> Reason | None:
    p, v = a.player, a.vertex
    bad = _action_phase(s, "Activating a knight") or _own_knight(s, p, v, "activate")
    if bad:
        return bad
    if _knight(s, v).active:
        return Reason("CK-KNIGHT-ACTIVATE", f"The knight on {VERTEX_LABELS[v]} is already active.")
    return cost_reason(s, p, ACTIVATE_COST, "activating a knight")


def apply_activate(s: State, a: Activate) -> None:
    pay(s, a.player, ACTIVATE_COST)
    o, level, _, _, promoted = _knight(s, a.vertex)
    s.kn = tset(s.kn, a.vertex, Knight(o, level, True, True, promoted))  # cannot act this turn


# ---------------------------------------------------------------- move and displace
def _can_act(s: State, p: int, v: int, what: str, verb: str) -> Reason | None:
    bad = _action_phase(s, what) or _own_knight(s, p, v, verb)
    if bad:
        return bad
    k = _knight(s, v)
    if not eligible(k):
        why = "inactive" if not k.active else "placed, activated or used this turn"
        return Reason(
            "CK-KNIGHT-ACTION-ELIGIBLE",
            f"The knight on {VERTEX_LABELS[v]} cannot act this turn: it is {why}.",
        )
    return None


def check_move(s: State, a: MoveKnight) -> Reason | None:
    p, src, dst = a.player, a.src, a.dst
    bad = _can_act(s, p, src, "Move", "move")
    if bad:
        return bad
    if dst not in reachable(s, p, src):
        return unreachable(s, p, src, dst)
    target = s.kn[dst]
    if target is not None:
        if target.owner == p:
            return Reason("CK-KNIGHT-MOVE", f"{VERTEX_LABELS[dst]} holds {seat(p)}'s own knight.")
        if target.level >= _knight(s, src).level:
            return Reason(
                "CK-KNIGHT-DISPLACE",
                f"Only a stronger knight displaces: the knight "
                f"on {VERTEX_LABELS[dst]} is {KNIGHT_LEVELS[target.level - 1]}.",
            )
        return None
    if s.vowner[dst] >= 0:
        return Reason("CK-KNIGHT-MOVE", f"{VERTEX_LABELS[dst]} holds a building.")
    return None


def unreachable(s: State, p: int, src: int, dst: int) -> Reason:
    """Why p's knight on src cannot travel to dst: its start, no road of p's leads there
    (CK-KNIGHT-MOVE), or another colour's piece stands in the way (rule="CK-KNIGHT-BLOCKS"
    for a knight, CK-KNIGHT-MOVE for a building)."""
    here, there = VERTEX_LABELS[src], VERTEX_LABELS[dst]
    if dst == src:
        return Reason(
            "CK-KNIGHT-MOVE", f"The knight already stands on {here}: a move ends on another corner."
        )
    seen, todo = {src}, [src]  # along p's roads, passing anything
    while todo:
        v = todo.pop()
        for e, w in EDGE_OTHER_END[v]:
            if s.eowner[e] == p and w not in seen:
                seen.add(w)
                todo.append(w)
    if dst not in seen:
        return Reason(
            "CK-KNIGHT-MOVE",
            f"No road of {seat(p)}'s leads from {here} to {there}: "
            "a knight travels only along its owner's roads.",
        )
    occ = occupancy(s)
    stops = [w for w in reachable(s, p, src) if occ[w] not in (-1, p)]
    pieces = [_piece(s, w) for w in stops]
    knights = [k.owner for k in (s.kn[w] for w in stops) if k is not None and k.owner != p]
    rule = "CK-KNIGHT-MOVE" if not knights else "CK-KNIGHT-BLOCKS"
    if knights and all(q >= s.n for q in knights):  # rule="CK2P-NEUTRAL-KNIGHT-INERT"
        rule = "CK2P-NEUTRAL-KNIGHT-INERT"
    return Reason(
        rule,
        f"The way from {here} to {there} along {seat(p)}'s roads passes "
        f"{' and '.join(pieces) or 'another colour' + chr(39) + 's piece'}: a knight "
        "cannot pass another colour's piece.",
    )


def _piece(s: State, v: int) -> str:
    """What stands on v, e.g. "P2's strong knight on J4" or "N1's settlement on H4"."""
    k = s.kn[v] if s.caps.knights else None
    if k is not None:
        return f"{s.name(k.owner)}'s {KNIGHT_LEVELS[k.level - 1]} knight on {VERTEX_LABELS[v]}"
    what = "city" if s.vcity[v] else "settlement"
    return f"{s.name(s.vowner[v])}'s {what} on {VERTEX_LABELS[v]}"


def apply_move(s: State, a: MoveKnight) -> None:
    """rule="CK-KNIGHT-MOVE" / rule="CK-KNIGHT-DISPLACE": the knight ends inactive."""
    o, level, _, _, promoted = _knight(s, a.src)
    target = s.kn[a.dst]
    kn = tset(s.kn, a.src, None)
    s.kn = tset(kn, a.dst, Knight(o, level, False, True, promoted))
    if target is not None:
        start_relocation(s, target, a.dst)
    awards.update_roads_near(s, a.src, a.dst)


def start_relocation(s: State, knight: Knight, v: int) -> None:
    """rule="CK-KNIGHT-RELOCATE": the owner moves the displaced knight along their roads to
    an empty vertex; with none, it goes back to their supply.

    rule="CK2P-NEUTRAL-KNIGHT-DISPLACE": a neutral knight goes along its neutral's roads, moved
    by the player who displaced it (``relocator``)."""
    s.relocate = DisplacedKnight(knight.owner, v, knight.level, knight.active)
    if relocation_sites(s):
        s.phase = RELOCATE
    else:
        s.relocate = ()  # no way to go: back to its owner's supply
        awards.update_roads(s)


def relocation_sites(s: State) -> list[int]:
    """Empty vertices the displaced knight can reach from where it stood."""
    q, v, _, _ = displaced(s)
    occ = occupancy(s)
    return [w for w in reachable(s, q, v) if occ[w] < 0]


def relocator(s: State) -> int:
    """Who moves the displaced knight: its owner, or for a neutral's the active player."""
    return chooser(s, displaced(s).owner)


def check_relocate(s: State, a: Relocate) -> Reason | None:
    if s.phase != RELOCATE:
        return Reason("CK-KNIGHT-RELOCATE", "No displaced knight is waiting to be moved.")
    q, who = displaced(s).owner, relocator(s)
    if a.player != who:
        if q != who:
            return Reason(
                "CK2P-NEUTRAL-CHOOSER",
                f"The displaced knight is {s.name(q)}'s; {seat(who)}, who displaced it, moves it.",
            )
        return Reason(
            "CK-KNIGHT-RELOCATE", f"The displaced knight is {seat(q)}'s; {seat(q)} moves it."
        )
    if a.vertex not in relocation_sites(s):
        return Reason(
            "CK-KNIGHT-RELOCATE",
            f"{VERTEX_LABELS[a.vertex]} is not an empty corner "
            f"reachable along {s.name(q)}'s roads.",
        )
    return None


def apply_relocate(s: State, a: Relocate) -> None:
    q, _, level, active = displaced(s)
    s.kn = tset(s.kn, a.vertex, Knight(q, level, active, True, False))
    s.relocate = ()
    s.phase = MAIN
    awards.update_roads(s)


def relocate_options(s: State) -> list[Relocate]:
    return [make(Relocate, relocator(s), w) for w in relocation_sites(s)]


# ---------------------------------------------------------------- chase the robber
def check_chase(s: State, a: ChaseRobber) -> Reason | None:
    p, v = a.player, a.vertex
    bad = _can_act(s, p, v, "Chasing the robber", "chase the robber")
    if bad:
        return bad
    if not s.attacked:
        return Reason(
            "CK-ROBBER-INACTIVE", "The robber stays off the board until the first barbarian attack."
        )
    if v not in HEX_VERTICES[s.robber]:
        return Reason(
            "CK-KNIGHT-CHASE-ROBBER",
            f"The knight on {VERTEX_LABELS[v]} is not next to the robber on {HEX_NAMES[s.robber]}.",
        )
    if a.hex == s.robber or not 0 <= a.hex < len(HEX_NAMES):
        return Reason("BASE-ROBBER-MOVE", "The robber must move to a different land hex.")
    cands = victims(s, a.hex)
    if (cands and a.victim not in cands) or (not cands and a.victim >= 0):
        return Reason("BASE-ROBBER-STEAL", robbed_there(HEX_NAMES[a.hex], cands))
    return None


def apply_chase(s: State, a: ChaseRobber) -> None:
    o, level, _, _, promoted = _knight(s, a.vertex)
    s.kn = tset(s.kn, a.vertex, Knight(o, level, False, True, promoted))
    s.robber = a.hex
    s.resume = MAIN
    if a.victim >= 0 and sum(s.hands[a.victim]) > 0:
        s.victim = a.victim
        s.phase = STEAL


def road_ends(s: State, p: int) -> tuple[int, ...]:
    """Vertices touched by p's roads, in order."""
    return _road_vertices(s.eowner).get(p, ())


@remember_last
def _road_vertices(eowner: tuple[int, ...]) -> dict[int, tuple[int, ...]]:
    """Per owner, the vertices its roads touch, in order (read-only: it is shared)."""
    return {
        o: tuple(sorted({v for e in edges for v in EDGE_VERTICES[e]}))
        for o, edges in awards.roads_by_owner(eowner).items()
    }


def options(s: State, p: int) -> list:
    """p's legal knight actions in the action phase, in a fixed order: exactly what the
    recruit, promote, activate, move and chase checks accept there (ck's Phase.exact relies
    on it)."""
    out: list = []
    mine = [(v, k) for v, k in on_board(s) if k[0] == p]
    per_level = [0, 0, 0, 0]
    for _, k in mine:
        per_level[k[1]] += 1
    hand = s.hands[p]
    pays = can_pay(hand, KNIGHT_COST)  # rule="CK-BUILD-COSTS"
    if pays and per_level[1] < PER_LEVEL:  # rule="CK-BUILD-LIMITS"
        out += [make(Recruit, p, v) for v in settle_candidates(s, p)]  # free road ends
    politics = s.levels[p][POLITICS]
    activates = can_pay(hand, ACTIVATE_COST)
    for v, k in mine:
        if pays and promotable(k, politics) and per_level[k.level + 1] < PER_LEVEL:
            out.append(make(Promote, p, v))
        if not k.active:
            if activates:
                out.append(make(Activate, p, v))
        elif eligible(k):
            for w in reachable(s, p, v):
                there = s.kn[w]
                if (
                    s.vowner[w] < 0
                    if there is None  # rule="CK-KNIGHT-DISPLACE": stronger only
                    else there.owner != p and there.level < k.level
                ):
                    out.append(make(MoveKnight, p, v, w))
            if s.attacked and v in HEX_VERTICES[s.robber]:
                out += [
                    make(ChaseRobber, p, v, h, q)
                    for h in range(len(HEX_NAMES))
                    if h != s.robber
                    for q in victims(s, h) or (-1,)
                ]
    return out


def end_turn(s: State) -> None:
    """Knights' per-turn marks are cleared when a turn ends."""
    if not s.caps.knights:
        return
    marked = [(v, k) for v, k in on_board(s) if k[3] or k[4]]  # fresh or promoted
    if marked:
        kn = list(s.kn)
        for v, k in marked:
            kn[v] = Knight(k.owner, k.level, k.active, False, False)
        s.kn = tuple(kn)
