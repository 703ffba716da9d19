"""Treason (CK-PC-TREASON, CK2P-PC-TREASON): the card's check and effect, then the knight its
victim removes (phase DESERT) and the one the player may place (phase DESERTER). Its record
is in ``politics_cards``."""

from __future__ import annotations

from ..actions import Desert, PlaceDeserter, make, neutral_arg, seat
from ..state import MAIN, Knight, State, tset
from ..variants.ck_state import DESERT, DESERTER, RemovedKnight
from . import awards, knights
from .common import Reason, chooser, occupancy


def _party(s: State, x: int) -> int:
    """The party a "party" argument names (a neutral as ``neutral_arg``)."""
    return x if x >= 0 else s.n - 2 - x


def check_treason(s: State, p: int, x: int) -> Reason | None:
    if x == p:
        return Reason("CK-PC-TREASON", "Treason names another player.")
    return None  # rule="CK-PC-NO-TARGET": a player without knights loses nothing


def treason_args(s: State, p: int) -> list[tuple]:
    """rule="CK2P-PC-TREASON": another player, or a neutral."""
    return [(q,) for q in range(s.n) if q != p] + [(neutral_arg(i),) for i in range(s.owners - s.n)]


def _deserters(s: State, q: int) -> list[int]:
    """The knights q may give up: any of a player's; a neutral's weakest (CK2P-PC-TREASON)."""
    mine = knights.knights_of(s, q)
    if q >= s.n and mine:
        levels = {v: k.level for v in mine if (k := s.kn[v]) is not None}
        low = min(levels.values())
        mine = [v for v in mine if levels[v] == low]
    return mine


def apply_treason(s: State, p: int, x: int) -> None:
    """rule="CK-PC-TREASON": q removes a knight of their choice (at once if only one).

    rule="CK2P-PC-TREASON": a neutral loses its weakest knight; among equals the player picks.
    """
    q = _party(s, x)
    mine = _deserters(s, q)
    if len(mine) == 1:
        _desert(s, q, mine[0])
    elif mine:
        s.treason = RemovedKnight(q, 0, False)
        s.phase = DESERT


def removed_knight(s: State) -> RemovedKnight:
    """The knight Treason is removing (phases DESERT and DESERTER)."""
    r = s.treason
    assert r, "Treason removes no knight now"
    return r


def _desert(s: State, q: int, v: int) -> None:
    k = s.kn[v]
    assert k is not None, "the check found a knight there"
    s.kn = tset(s.kn, v, None)
    awards.update_roads(s)
    s.treason = RemovedKnight(q, k.level, k.active)
    s.phase = DESERTER if deserter_options(s) else MAIN
    if s.phase == MAIN:
        s.treason = ()


def check_desert(s: State, a: Desert) -> Reason | None:
    if s.phase != DESERT:
        return Reason("CK-PC-TREASON", "No knight is being removed by Treason now.")
    q = removed_knight(s).victim
    if q >= s.n:
        if a.player != s.active or a.vertex not in _deserters(s, q):
            return Reason(
                "CK2P-PC-TREASON", f"{seat(s.active)} removes one of {s.name(q)}'s weakest knights."
            )
        return None
    k = s.kn[a.vertex]
    if a.player != q or k is None or k.owner != q:
        return Reason("CK-PC-TREASON", f"{seat(q)} removes one of their own knights.")
    return None


def apply_desert(s: State, a: Desert) -> None:
    _desert(s, removed_knight(s).victim, a.vertex)


def desert_options(s: State) -> list[Desert]:
    q = removed_knight(s).victim
    return [make(Desert, chooser(s, q), v) for v in _deserters(s, q)]


def deserter_options(s: State) -> list[PlaceDeserter]:
    """Knights of the removed one's strength or lower, from supply, by the recruiting rule."""
    p, level = s.active, removed_knight(s).level
    occ = occupancy(s)
    sites = [v for v in knights.road_ends(s, p) if occ[v] < 0]
    return [
        make(PlaceDeserter, p, v, lv)
        for lv in range(1, level + 1)
        if len(knights.knights_of(s, p, lv)) < knights.PER_LEVEL
        for v in sites
    ]


def check_deserter(s: State, a: PlaceDeserter) -> Reason | None:
    if s.phase != DESERTER or a.player != s.active:
        return Reason("CK-PC-TREASON", "No knight may be placed for Treason now.")
    if a not in deserter_options(s):
        return Reason(
            "CK-PC-TREASON",
            f"A knight of strength {removed_knight(s).level} or "
            f"lower, from {seat(a.player)}'s supply, on "
            f"{knights.road_corner(seat(a.player), empty=True)}.",
        )
    return None


def apply_deserter(s: State, a: PlaceDeserter) -> None:
    """The new knight keeps the removed one's status (a mighty one needs no politics 3)."""
    s.kn = tset(s.kn, a.vertex, Knight(a.player, a.level, removed_knight(s).active, True, False))
    s.treason = ()
    s.phase = MAIN
    awards.update_roads(s)


def pass_deserter(s: State) -> None:
    s.treason = ()
    s.phase = MAIN
