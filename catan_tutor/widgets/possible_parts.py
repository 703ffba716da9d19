"""The parts a form's lists offer for what is already chosen, as the engine has them (s18, a
fresh learner): 2.2's "rob from" at hex M offered "nobody | P2 | P3" though P3 has nothing on
M; 8.11's "Activate a knight" offered all 54 corners. A puzzle's and a lesson's lists offer
every spot of a kind (``forms.every_spot``: the legal ones only would narrow the answer), each
with the other parts that some legal move has; here the parts that cannot go with the spot
are left out: a knight's move only where the mover's knight stands (to activate: one not
active), and the player robbed on a hex only among those the engine lets be robbed there (on
a hex it does not allow, those with a building on it, or nobody). Nothing here narrows an
answer beyond what the board shows: every spot where the move is possible stays."""

from __future__ import annotations

from ..actions import Action, MoveRobber
from ..board import HEX_VERTICES
from ..state import State
from ..variants.ck_actions import (
    Activate,
    ChaseRobber,
    MoveKnight,
    Promote,
    RemoveKnight,
)

# A kind that acts on the mover's own knight -> the field naming its corner
_OWN_KNIGHT: dict[type, str] = {Activate: "vertex", Promote: "vertex", RemoveKnight: "vertex"}
_OWN_KNIGHT |= {MoveKnight: "src", ChaseRobber: "vertex"}
_ROBBING = (MoveRobber, ChaseRobber)


def _own_knight(state: State, a: Action) -> bool:
    """The corner ``a`` acts from holds the mover's knight (one not active, to activate)."""
    v = getattr(a, _OWN_KNIGHT[type(a)])
    k = state.kn[v] if isinstance(v, int) and 0 <= v < len(state.kn) else None
    return k is not None and k.owner == a.player and not (type(a) is Activate and k.active)


def _robbed(state: State, legal: list[Action], a: Action) -> bool:
    """``a``'s player robbed may be robbed on its hex: one a legal move robs there, else (a hex
    the robber may not go to) nobody or a player with a building on it."""
    victim, h = getattr(a, "victim", -1), getattr(a, "hex", -1)
    there = {b.victim for b in legal if type(b) is type(a) and getattr(b, "hex", -2) == h}  # type: ignore[attr-defined]
    if there:
        return victim in there
    if victim < 0:
        return True
    corners = HEX_VERTICES[h] if 0 <= h < len(HEX_VERTICES) else ()
    return victim != a.player and any(state.vowner[v] == victim for v in corners)


def possible_parts(state: State, legal: list[Action], actions: list[Action]) -> list[Action]:
    """``actions`` (a form's, every spot of a kind) without those whose parts cannot go
    together at ``state`` (``legal``: the engine's legal moves of the kind); all of them
    when none is left."""
    kept = [
        a
        for a in actions
        if (type(a) not in _OWN_KNIGHT or _own_knight(state, a))
        and (not isinstance(a, _ROBBING) or _robbed(state, legal, a))
    ]
    return kept or actions
