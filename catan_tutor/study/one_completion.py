"""A move typed with an optional part left out that only one legal move fills: judged as that.

l26 at 10.6 typed "improve trade to level 5" and was asked "On which city does the metropolis
go?" though one city alone could take it (the form offered A6 alone): a question with one
answer is no question. Where exactly one legal move completes the part left out, that move is
judged; the part is asked for only when several do (``puzzle.left_out``). Only the parts
listed here: a robber's victim left out is asked for even when one player could be robbed
(robbing nobody is what "put the robber on Q" may mean: l23 at 2.2).
"""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..actions import Action
    from ..game import Game

# Kind.field of the parts a move may leave out that the one legal move filling them decides
FILLED_WHEN_ONE = frozenset({"Improve.vertex"})  # the metropolis's city (CK-METRO-TAKE)


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
