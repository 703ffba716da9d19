"""A spot's label typed alone ("G6") as the answer to a question that asks for a spot.

l28 at 1.4's third question ("P1 places the last settlement of the setup. Which free corner
has the most dots?") typed "G6" and was told "I cannot read “G6”"; only "settlement G6"
was read. A label alone (with the seat, "on", "corner"...), or a hex said by its terrain
and number ("the hills 5", "hills 5 (Q)": l34 at 2.2), is read as a move of the kind
chosen on the page's palette, else of the kind the question is about when the question
names it (the settlement, the road), else of the one kind of move legal now that goes on
such a spot; where several kinds could be meant, which is asked ("Which move on C6:
recruiting a knight or a city wall?"), the kinds listed being those the palette offers now
(nothing of the answer). The move is then judged as if typed so (its parts after the spot
left out: asked for, or the one the rules choose).
"""

from __future__ import annotations

import re

from ..actions import spot_fields
from ..between_words import spot_between
from ..board import LabelError, parse_edge, parse_hex, parse_vertex
from ..errors import CatanError
from ..game import Game
from ..move_words import is_filler
from ..typed_forms import FORMS
from ..words.place_words import hexes_by_terrain, or_list, seats_by_colour

_SEAT = re.compile(r"^p[1-9]$", re.IGNORECASE)
_PLACEHOLDER = {"vertex": "{corner}", "edge": "{edge}", "hex": "{hex}"}
_PARSE = (("vertex", parse_vertex), ("edge", parse_edge), ("hex", parse_hex))


def _spot(text: str) -> tuple[str, str, str] | None:
    """(seat typed or '', the label, its kind of spot) when ``text`` is a label alone, with
    words that name no move ("on", "the", "corner"); else None."""
    try:  # "between N and O": the edge those hexes share (l31 at 1.4: "I cannot read “N3”")
        text = spot_between(text)
    except CatanError:  # (hexes that share none: the reader says so, as for any move)
        return None
    tokens = re.findall(r"[^\s,.;:!?()\"“”]+", text)
    seat = tokens.pop(0).upper() if tokens and _SEAT.match(tokens[0]) else ""
    said = [t for t in tokens if t.lower() in ("a", "i") or not is_filler(t)]
    if len(said) != 1 or (said[0].lower() in ("a", "i") and len(tokens) > 1):
        return None
    for kind, parse in _PARSE:
        try:
            parse(said[0])
        except (LabelError, ValueError):
            continue
        return seat, said[0].upper(), kind
    return None


def _typed(cls: type, label: str, kind: str) -> str | None:
    """A move of ``cls`` on ``label`` in notation (its parts after the spot left out), when
    its form puts a spot of ``kind`` first; else None."""
    form = FORMS.get(cls.__name__)
    if form is None or "N1" in form[2]:  # (a neutral's form names a neutral: not guessed)
        return None
    head, found, _ = form[2].partition(_PLACEHOLDER[kind])
    if not found or "{" in head:
        return None
    return f"{head}{label}"


def _kinds_on(game: Game, kind: str) -> list[type]:
    """The kinds of the moves legal now that go on a spot of ``kind`` first (as the palette
    offers them), in the order first met."""
    out: list[type] = []
    for a in game.legal_actions():
        spots = spot_fields(type(a))
        if spots and spots[0][1] == kind and spots[0][2] and type(a) not in out:
            out.append(type(a))
    return out


def spot_move(game: Game, text: str, meant: list[type]) -> tuple[str, str] | None:
    """``text`` (a label alone) as (the move's notation, '') or ('', the question which kind
    is meant); None when ``text`` is not a label alone or no kind of move goes there.
    ``meant``: the kinds the page means, first first (the palette's chosen, the question's
    named kind)."""
    text = seats_by_colour(game.state, text)  # "blue M4": P2's (l31)
    text = hexes_by_terrain(game.state, text)[0]  # "hills 5 (Q)", "the hills 5" (l34, 2.2)
    spot = _spot(text)
    if spot is None:
        return None
    seat, label, kind = spot
    on = [k for k in _kinds_on(game, kind) if _typed(k, label, kind) is not None]
    for cls in [*meant, *(on if len(on) == 1 else [])]:
        if (typed := _typed(cls, label, kind)) is not None:
            return f"{seat} {typed}".strip(), ""
    if len(on) > 1:
        said = or_list([FORMS[k.__name__][0][:1].lower() + FORMS[k.__name__][0][1:] for k in on])
        return "", f"Which move on {label}: {said}?"
    return None
