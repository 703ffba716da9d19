"""A corner or an edge named by the hexes it touches, each said by its terrain and number.

l30 at 1.4 typed "settlement on the 8 forest and 3 mountain, next to 5 hills" and was told
"“M” is not a corner": the first hex named was read as its letter, the other two not at all.
The tutor names hexes so ("the forest 8", "the mountains 3"), and a learner says a corner by
the hexes around it. Here each hex said by its terrain ("forest", "mountain", "mountains") or
by what it yields ("3 ore", with its number) is matched on the board, and the words naming
them become the label of the one corner (a settlement, a city...) or edge (a road) that
touches all of them. Where none or several fit, that is said in words (no letter of a terrain
word is ever read as a label). Geometry only: whether the move is legal the judge says.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from itertools import permutations

from ..board import (
    EDGE_HEXES,
    EDGE_LABELS,
    EDGE_VERTICES,
    N_EDGES,
    N_VERTICES,
    RESOURCES,
    TERRAINS,
    VERTEX_HEXES,
    VERTEX_LABELS,
)
from ..grammar import and_list, count
from ..rules.building import road_touches_network
from ..state import SETUP_ROAD, State
from .place_words import TERRAIN_WORDS, name_one, or_list

# What a hex yields, said for the hex ("next to the 3 ore"): only with its number, as "3 ore"
# alone is as much a count of cards
_YIELD_WORDS = {r: i for i, r in enumerate(RESOURCES)}
_MENTION = re.compile(
    r"(?<![\w-])(?:(?P<before>\d{1,2})\s+)?(?P<t>"
    + "|".join(sorted([*TERRAIN_WORDS, *_YIELD_WORDS], key=len, reverse=True))
    + r")(?:\s+(?:hex|hexes|tile|tiles)\b)?(?:\s+(?P<after>\d{1,2}))?(?![\w-])",
    re.IGNORECASE,
)
# The words of a move on a corner, and of one on an edge (between_words has the same)
_CORNER = re.compile(
    r"\b(?:settle\w*|villages?|houses?|towns?|cit(?:y|ies)|knights?|walls?|corner)\b", re.I
)
_BETWEEN = re.compile(r"\b(?:between|where|at which)\s+(?:the\s+)?$", re.I)
_MEET = re.compile(r"^\s+(?:all\s+)?(?:meet|touch|join)s?\b", re.I)  # "where ... meet" (l33)
_KNIGHT = re.compile(r"\bknights?\b", re.I)
_EDGE = re.compile(r"\b(?:roads?|streets?|edge)\b", re.I)
_LABEL = re.compile(r"(?<![\w-])[a-s](?:1[0-2]|[1-9])(?![\w-])", re.I)  # a spot typed
_SEAT = re.compile(r"^\s*p[1-9]\b", re.I)


def _said(terrain: int, number: int) -> str:
    """A hex said as the tutor says it: "the forest 8", "the desert"."""
    return f"the {TERRAINS[terrain]}{f' {number}' if number else ''}"


def spot_by_hexes(
    s: State,
    text: str,
    secret: Collection[str] = (),
    kind: str = "",
    knights: bool = True,
    seat: int | None = None,
) -> tuple[str, str]:
    """``text`` (a move on a corner or an edge) with the hexes it names by terrain ("on the 8
    forest and 3 mountain") as the label of the one spot of that kind touching them all, and
    ''; else ``text`` and what is said instead: the question which spot (its list left out
    where it would name a label of ``secret``), or that no spot touches them (no "?"). ``text``
    and '' when it names no hex by terrain, names a spot by label, or is no such move.
    ``kind``: "vertex" or "edge", the spot a card names (its words say no kind: "play
    medicine on the forest 8, ..."); '' to tell by the move's words. ``knights``: knights
    stand on corners (C&K); else a knight is a card that moves the robber to a hex.
    ``seat``: the road's builder; of several free edges, those its roads and buildings touch
    are the ones meant, when any do (l35: "a road toward the desert" listed all six)."""
    words = text if knights else _KNIGHT.sub(" ", text)
    corner, edge = bool(_CORNER.search(words)), bool(_EDGE.search(words))
    if kind:
        corner, edge = kind == "vertex", kind == "edge"
    if s.layout is None or corner == edge or _LABEL.search(_SEAT.sub("", text)):
        return text, ""
    lay = s.layout
    named: list[tuple[re.Match[str], list[int], str]] = []
    for m in _MENTION.finditer(text):
        if not text[: m.start()].strip() or re.fullmatch(r"\s*p[1-9]\s+", text[: m.start()], re.I):
            continue  # a move's first word: Treason's "desert N4" (CK-PC-TREASON), not a hex
        word, number = m["t"].lower(), int(m["before"] or m["after"] or 0)
        terrain = TERRAIN_WORDS.get(word, _YIELD_WORDS.get(word, -1))
        if word in _YIELD_WORDS and not number:
            continue  # "ore" alone: a card
        fit = [
            h
            for h, t in enumerate(lay.terrain)
            if t == terrain and (not number or lay.numbers[h] == number)
        ]
        if word in _YIELD_WORDS and not fit:
            continue  # "1 brick": cards, no hex
        named.append((m, fit, _said(terrain, number)))
    if not named:
        return text, ""
    if missing := [said for _, fit, said in named if not fit]:
        return text, f"The board has no {and_list([m.removeprefix('the ') for m in missing])}."
    spots = _touching([fit for _, fit, _ in named], edge)
    what = "edge" if edge else "corner"
    hexes = and_list([said for _, _, said in named])
    if edge and seat is not None and len(spots) > 1:  # a road: the edges it may join (l35)
        reached = [e for e in spots if _reached(s, seat, e)]
        pieces = f"{s.name(seat)}'s roads or buildings"
        if not reached:
            return text, f"No edge of {hexes} touches {pieces} (BASE-BUILD-ROAD)."
        if len(reached) < len(spots):
            spots, hexes = reached, f"{hexes} next to {pieces}"
    if len(spots) == 1:
        label = (EDGE_LABELS if edge else VERTEX_LABELS)[spots[0]]
        before = _BETWEEN.sub("", text[: named[0][0].start()])  # "between the forest 8 and..."
        return before + label + _MEET.sub("", text[named[-1][0].end() :]), ""
    if not spots:
        return text, f"No {what} touches {hexes}{' together' if len(named) > 1 else ''}."
    labels = [(EDGE_LABELS if edge else VERTEX_LABELS)[x] for x in spots]
    if not set(labels) & set(secret):
        return text, f"Which {what} of {hexes}: {or_list(labels)}?"
    return (
        text,
        f"Which {what}? {count(len(spots), what)} touch {hexes}{name_one(what)}",
    )


def _reached(s: State, p: int, e: int) -> bool:
    """Edge ``e`` is free and a road of ``p``'s there would touch p's pieces: the setup road
    the settlement just placed, else p's network (BASE-BUILD-ROAD, BASE-DEF-CONNECTED)."""
    if s.eowner[e] >= 0:
        return False
    if s.phase == SETUP_ROAD:
        return s.setup_vertex in EDGE_VERTICES[e]
    return road_touches_network(s, p, e)


def _touching(fits: list[list[int]], edge: bool) -> list[int]:
    """The spots (edges, else corners) that touch a different hex of each list of ``fits``."""
    around = EDGE_HEXES if edge else VERTEX_HEXES
    out = []
    for x in range(N_EDGES if edge else N_VERTICES):
        near = around[x]
        if len(fits) <= len(near) and any(
            all(h in fit for h, fit in zip(pick, fits, strict=True))
            for pick in permutations(near, len(fits))
        ):
            out.append(x)
    return out


# A terrain -> the resource it yields (BASE-COMP-TERRAIN: hills brick, forest lumber, ...)
_YIELDS = dict(zip(TERRAINS, RESOURCES, strict=False))


def resources_by_terrain(words: list[str]) -> list[str]:
    """``words`` with a terrain said for the resource it yields ("a monopoly on the
    mountains": ore) as that resource; the desert, which yields none, and other words as
    typed."""
    out = []
    for w in words:
        terrain = TERRAIN_WORDS.get(w.lower())
        out.append(_YIELDS.get(TERRAINS[terrain], w) if terrain is not None else w)
    return out
