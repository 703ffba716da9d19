"""A refused move that only leaves out a field a legal move of its kind fills: "P3 improve
science" (no city named) beside "P3 improve science C6". Its refusal says only that a field is
missing ("name one of P3's cities"), and as a notice it reads as a contradiction: "P3 may buy
science level 4, the metropolis on C6." then "P3 may not buy science level 4 …". Such a
refusal is not a notice."""

from __future__ import annotations

from dataclasses import fields

from ..actions import Action
from ..game import Game

EMPTY = -1  # an optional field left empty (no city, no victim, no second card)


def only_missing(game: Game, move: str) -> bool:
    """``move`` (a lesson's notation) is refused only for a field it leaves empty: a legal
    move of the same kind agrees with it on every field it fills."""
    try:
        a = game.parse(move)
    except ValueError:
        return False
    empty = {f.name for f in fields(a) if getattr(a, f.name) == EMPTY}  # type: ignore[arg-type]
    if not empty:
        return False
    return any(_fills(a, b, empty) for b in game.legal_actions() if type(b) is type(a))


def _fills(a: Action, b: Action, empty: set[str]) -> bool:
    """``b`` fills a field ``a`` leaves empty and agrees with ``a`` on every other."""
    named = [f.name for f in fields(a) if f.name not in empty]  # type: ignore[arg-type]
    return all(getattr(a, n) == getattr(b, n) for n in named) and any(
        getattr(b, n) != EMPTY for n in empty
    )
