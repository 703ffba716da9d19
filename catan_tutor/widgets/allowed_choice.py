"""A lesson's list of moves allowed here, said as what it is: the whole choice, or a few
examples of a wider free choice.

Learner s18 at lesson 6.5 (the Aqueduct) read "Each of these is allowed here: P3 may take 1
lumber from the supply (Aqueduct); P3 may take 1 ore from the supply (Aqueduct)." as if the
Aqueduct allowed only those two: the lesson names two of the five resources P3 may take. When
the position allows more moves of the kinds listed (the same kind, by the same player) than the
lesson names, the sentence says the choice is free and the moves are examples: "P3 may take any
one resource here, for example: take 1 lumber from the supply (Aqueduct); or take 1 ore …".
Everything here reads the engine's legal moves; nothing decides what is legal.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, cast

from ..actions import Action
from ..game import Game

# What a free choice is of, by the one field the examples differ in ("any one resource").
_CHOICE_OF = {"resource": "take any one resource", "card": "take any one card"}
EXAMPLES = ", for example: "  # the words between the choice and its examples


def allowed_several(game: Game, moves: list[str], said: list[str]) -> str:
    """Two or more moves a lesson says are allowed (``said``: their words, "P3 may take 1
    lumber …"), as one sentence: "Each of these is allowed here: a; b." when they are all the
    position allows of their kinds; else a free choice with examples."""
    parsed = _parsed(game, moves)
    if parsed is None or not _wider(game, parsed):
        return f"Each of these is allowed here: {'; '.join(said)}."
    seats = {str(a).split()[0] for a in parsed}
    heads = [s.split(" may ", 1) for s in said]
    if len(seats) != 1 or any(len(h) != 2 for h in heads) or len({h[0] for h in heads}) != 1:
        return f"Among the moves allowed here: {'; '.join(said)}."
    who = heads[0][0]
    verb = _CHOICE_OF.get(_varying_field(parsed), "choose freely")
    return f"{who} may {verb} here{EXAMPLES}{example_list([h[1] for h in heads])}."


def example_list(items: list[str]) -> str:
    """ "a; b; or c" (items may hold commas of their own)."""
    return "; ".join(items[:-1]) + f"; or {items[-1]}" if len(items) > 1 else items[0]


def _parsed(game: Game, moves: list[str]) -> list[Action] | None:
    try:
        return [game.parse(m) for m in moves]
    except ValueError:
        return None


def _wider(game: Game, listed: list[Action]) -> bool:
    """The position allows a move of a listed kind, by a listed player, the list leaves out."""
    kinds = {(type(a), a.player) for a in listed}
    shown = {str(a) for a in listed}
    return any((type(a), a.player) in kinds and str(a) not in shown for a in game.legal_actions())


def _varying_field(listed: list[Action]) -> str:
    """The one field the listed moves differ in, when they are of one kind ('' otherwise)."""
    if len({type(a) for a in listed}) != 1:
        return ""
    names = [f.name for f in fields(cast(Any, listed[0]))]
    varying = [n for n in names if len({repr(getattr(a, n)) for a in listed}) > 1]
    return varying[0] if len(varying) == 1 else ""
