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

A knight named by its kind alone ("activate the knight", l28 at 7.8 and 8.11, asked "Which
corner?") is the one the seat can act on so, when one is (``only_piece``).
"""

from __future__ import annotations

import re
from dataclasses import fields
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..actions import Action
    from ..game import Game

# Kind.field of the parts a move may leave out that the one legal move filling them decides
FILLED_WHEN_ONE = frozenset(
    {
        "Improve.vertex",  # the metropolis's city (CK-METRO-TAKE)
        "MoveRobber.victim",  # the one opponent by the hex (BASE-ROBBER-STEAL)
    }
)
# The kinds of move on a piece of the seat's own (a knight) that the one piece they may act
# on now decides when the words name none ("activate the knight": CK-KNIGHT-ACTIVATE, any
# inactive knight, one price for all; not a promotion, which a rule may refuse one knight
# and not another: CK-KNIGHT-PROMOTE-MIGHTY, the point of a question there)
ON_OWN_PIECE = frozenset({"Activate"})


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
    """The one legal move of ``kind`` (of ``ON_OWN_PIECE``) by the seat ``typed`` names
    first (else the mover), when one is: "activate the knight" with one knight to activate;
    else None (none, or several: which is asked)."""
    if kind is None or kind.__name__ not in ON_OWN_PIECE or game.is_over() or game.is_chance():
        return None
    first = typed.split()[0] if typed.split() else ""
    seats = {int(first[1]) - 1} if re.fullmatch(r"[pP][1-9]", first) else None
    moves = [
        a for a in game.legal_actions() if type(a) is kind and (seats is None or a.player in seats)
    ]
    return moves[0] if len(moves) == 1 else None
