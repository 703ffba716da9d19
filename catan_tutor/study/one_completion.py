"""A move typed with an optional part left out that only one legal move fills: judged as that.

l26 at 10.6 typed "improve trade to level 5" and was asked "On which city does the metropolis
go?" though one city alone could take it (the form offered A6 alone): a question with one
answer is no question. Where exactly one legal move completes the part left out, that move is
judged; the part is asked for only when several do (``puzzle.left_out``). Only the parts
listed here. A robber's victim left out is the one player who can be robbed there, when one
is: the rules choose the victim among the opponents with a building on the hex
(BASE-ROBBER-STEAL: robbing nobody is refused while one has), so "move the robber to R" at
2.2 is no question (l28; l23's "put the robber on Q" is still asked whom where two could be
robbed, and "rob nobody" typed is still refused by that rule).

A piece named by its kind alone ("activate the knight", l28 at 7.8 and 8.11, asked "Which
corner?"; "P1 builds a city wall" with one city, l29) is the one piece of the seat's the move
may act on, when there is one (``only_piece``): a knight to activate or promote, a city to
wall, a settlement to upgrade.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import fields
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..actions import Action
    from ..game import Game
    from ..state import State

# Kind.field of the parts a move may leave out that the one legal move filling them decides
FILLED_WHEN_ONE = frozenset(
    {
        "Improve.vertex",  # the metropolis's city (CK-METRO-TAKE)
        "MoveRobber.victim",  # the one opponent by the hex (BASE-ROBBER-STEAL)
    }
)


def _knights(s: State, p: int, inactive: bool = False, below_mighty: bool = False) -> list[int]:
    kn = s.kn if s.caps.knights else ()
    return [
        v
        for v, k in enumerate(kn)
        if k is not None
        and k.owner == p
        and not (inactive and k.active)
        and not (below_mighty and k.level >= 3)
    ]


def _walls(s: State, p: int) -> list[int]:
    walls = s.walls if s.caps.improvements else (False,) * len(s.vowner)  # (CK-WALL-BUILD)
    return [v for v, o in enumerate(s.vowner) if o == p and s.vcity[v] and not walls[v]]


# The kinds of move on a piece of the seat's own -> the corners a move of the kind may act
# on (whatever the rules then say of it there): the one there is decides, when the words
# name none ("activate the knight", "P1 builds a city wall" with one city: l29 was asked
# "Which corner?"). Pieces on the board only, never which moves are legal: where a rule
# refuses one knight and not another (CK-KNIGHT-PROMOTE-MIGHTY), which is still asked, and
# the one piece there is is judged with the rule's reason.
ON_OWN_PIECE: dict[str, Callable[[State, int], list[int]]] = {
    "Activate": lambda s, p: _knights(s, p, inactive=True),  # CK-KNIGHT-ACTIVATE
    "Promote": lambda s, p: _knights(s, p, below_mighty=True),  # CK-KNIGHT-PROMOTE
    "BuildWall": _walls,  # CK-WALL-BUILD: under one of the builder's cities without a wall
    "BuildCity": lambda s, p: [  # BASE-BUILD-CITY: a settlement of the builder's, upgraded
        v for v, o in enumerate(s.vowner) if o == p and not s.vcity[v]
    ],
}


def _placed_new(game: Game, kind: type, seat: int) -> bool:
    """A city (a building on a building of the seat's) may go on a corner that is not the
    seat's own now (C&K's setup city on a free corner, CK-SETUP-ROUND2): no piece of the
    seat's decides its spot. (A knight stands on a corner no building of the seat's is on.)"""
    s = game.state
    return kind.__name__ == "BuildCity" and any(
        type(a) is kind and a.player == seat and s.vowner[getattr(a, "vertex", -1)] != seat
        for a in game.legal_actions()
        if hasattr(a, "vertex")
    )


def only_completion(game: Game, action: Action) -> Action | None:
    """The legal move that fills ``action``'s empty parts (of ``FILLED_WHEN_ONE``), when
    exactly one does; else None."""
    kind: type = type(action)
    names = [f.name for f in fields(kind)]
    empty = {n for n in names if getattr(action, n) in (-1, None, "", ())}
    empty &= {n for n in names if f"{kind.__name__}.{n}" in FILLED_WHEN_ONE}
    if not empty:
        return None
    fills = []
    for a in game.legal_actions():
        if type(a) is not kind:
            continue
        differ = {n for n in names if getattr(a, n) != getattr(action, n)}
        if differ and differ <= empty:
            fills.append(a)
    return fills[0] if len(fills) == 1 else None


def only_piece(game: Game, kind: type | None, typed: str) -> Action | None:
    """The move of ``kind`` (of ``ON_OWN_PIECE``) by the seat ``typed`` names first (else
    the mover) on the one piece of the seat's it may act on, when there is one: "activate
    the knight" with one knight to activate, "P1 builds a city wall" with one city; else
    None (none, or several: which is asked)."""
    if kind is None or kind.__name__ not in ON_OWN_PIECE or game.is_over() or game.is_chance():
        return None
    first = typed.split()[0] if typed.split() else ""
    who = game.rules.actors(game.state)
    if re.fullmatch(r"[pP][1-9]", first):
        seat = int(first[1]) - 1
    elif who:
        seat = who[0]
    else:
        return None
    spots = ON_OWN_PIECE[kind.__name__](game.state, seat)
    if len(spots) != 1 or _placed_new(game, kind, seat):
        return None
    move: Action = kind(seat, spots[0])
    return move
