"""A spot named by the hexes it lies between, as a learner says it (l27 in base-2p: "road
between N and Q" was "The word “between” was not understood").

Two hexes that touch share one edge: "between N and Q" is that edge (N7, also called Q1);
three hexes that meet share one corner: "between N, Q and R" is that corner. A hex and the
sea ("between A and the sea") name a coast edge only when the hex has one: a coastal hex
meets the sea along two or three edges, so which one is asked. ``spot_between`` puts the
spot's label in place of those words, for the notation's reader; hexes that share no such
spot are said so plainly ("Hexes N and A do not touch.").
"""

from __future__ import annotations

import re

from .board import (
    COASTAL_EDGES,
    EDGE_HEXES,
    EDGE_LABELS,
    HEX_NAMES,
    N_EDGES,
    N_VERTICES,
    VERTEX_HEXES,
    VERTEX_LABELS,
)
from .grammar import count

# a hex: its letter, after its terrain's word or "hex" if said ("forest M", "hex M")
_TERRAIN = r"(?:(?:the\s+)?(?:forest|fields?|pasture|hills?|mountains?|desert)\s+)?"
_HEX = rf"{_TERRAIN}(?:hex\s+)?([A-S])\b"
_SEA = r"(?:the\s+)?(?:sea|ocean|coast|water)\b"
# between two hexes of a list: a comma, "and", "&", or a space alone ("between M N Q", s42)
_SEP = r"(?:\s*,\s*(?:(?:and|&)\s+)?|\s+(?:and|&)\s+|\s*&\s*|\s+)"
# two or three hexes, or one or two and the sea: groups 1-3 the hexes, 4 or 5 the sea
_HEXES = rf"(?:hexe?s\s+)?{_HEX}{_SEP}(?:{_HEX}(?:{_SEP}(?:{_HEX}|({_SEA})))?|({_SEA}))"
_BETWEEN = re.compile(rf"\bbetween\s+(?:the\s+)?{_HEXES}", re.IGNORECASE)
_THREE = rf"{_HEX}{_SEP}{_HEX}{_SEP}{_HEX}()()"  # (no sea: groups 4 and 5 empty)


# "where M, N and Q meet" (l33: "P1 settlement where M, N and Q meet" was told "The word
# “where” was not understood"): the spot the hexes meet at, as "between" says it
_WHERE = re.compile(
    rf"\b(?:where|at which)\s+(?:the\s+)?{_HEXES}\s+(?:all\s+)?(?:meet|touch|join)s?\b",
    re.IGNORECASE,
)
# "at M, N and Q", "the corner of M, N, Q" (s42: "“M” is not a corner", the hexes said): three
# letters said as a list after "at", "of" or "on" name the corner they share too (two, as in
# Invention's "the number tokens of hexes A and F", are two hexes, not their edge)
_AT = re.compile(rf"\b(?:at|of|on)\s+(?:the\s+)?{_THREE}(?![\w-])", re.IGNORECASE)


def _match(text: str) -> re.Match[str] | None:
    """The words of ``text`` that name a spot by its hexes ("between N and Q", "where M, N
    and Q meet", "at M, N, Q"), groups 1-3 the hexes, 4 or 5 the sea; None for none."""
    return _BETWEEN.search(text) or _WHERE.search(text) or _AT.search(text)


def spot_between(text: str) -> str:
    """``text`` with "between N and Q" or "where M, N and Q meet" (and the like) as the label
    of the spot those hexes share; itself when it says no such thing. Raises
    ``MoveWordsError`` when the hexes share no spot, ``PartLeftOut`` when a hex meets the sea
    along several edges."""
    m = _match(text)
    if m is None:
        return text
    named = [x.upper() for x in (m[1], m[2], m[3]) if x]
    label = _label(named, sea=bool(m[4] or m[5]))
    rest = f"{text[: m.start()]} {text[m.end() :]}"
    if label in EDGE_LABELS and _CORNER_WORDS.search(rest) and not _EDGE_WORDS.search(rest):
        raise _not_that_spot(named, label, "an edge", "a corner")
    if label in VERTEX_LABELS and _EDGE_WORDS.search(rest) and not _CORNER_WORDS.search(rest):
        raise _not_that_spot(named, label, "a corner", "an edge")
    return f"{text[: m.start()]}{label}{text[m.end() :]}"


def said_between(text: str) -> str:
    """The words of ``text`` that name a spot by its hexes ("between N and O", "where M, N
    and Q meet"), '' for none."""
    m = _match(text)
    return m[0] if m is not None else ""


# The words of a move on a corner, and of one on an edge (a spot of the other kind named by
# its hexes is said so: "settlement between N and Q" was "“N7” is not a corner")
_CORNER_WORDS = re.compile(
    r"\b(?:settle\w*|villages?|cit(?:y|ies)|knights?|walls?|metropolis|corner)\b", re.I
)
_EDGE_WORDS = re.compile(r"\b(?:roads?|streets?|edge)\b", re.I)


def _not_that_spot(named: list[str], label: str, got: str, wanted: str) -> Exception:
    from .move_words import MoveWordsError

    how = (
        "a corner lies between three hexes, or two on the coast and the sea"
        if wanted == "a corner"
        else "an edge lies between two hexes, or one hex and the sea"
    )
    return MoveWordsError(f"Between {_listed(named)} lies {got} ({label}), not {wanted}: {how}.")


def _listed(named: list[str]) -> str:
    return " and ".join([", ".join(named[:-1]), named[-1]] if len(named) > 2 else named)


def _label(named: list[str], sea: bool) -> str:
    from .move_words import MoveWordsError, PartLeftOut

    hexes = {HEX_NAMES.index(x) for x in named}
    listed = _listed(named)
    if len(hexes) < len(named):
        raise MoveWordsError(f"Hex {named[0]} is named twice: a spot lies between two hexes.")
    if sea and len(hexes) == 2:  # "between A, B and the sea": their corner on the coast
        corners = [v for v in range(N_VERTICES) if set(VERTEX_HEXES[v]) == hexes]
        if not corners:
            raise MoveWordsError(f"Hexes {listed} and the sea do not meet at a corner.")
        return VERTEX_LABELS[corners[0]]
    if sea:
        (h,) = hexes
        coast = [e for e in COASTAL_EDGES if EDGE_HEXES[e] == (h,)]
        if not coast:
            raise MoveWordsError(f"Hex {named[0]} does not touch the sea.")
        if len(coast) > 1:  # (every coastal hex meets it along 2 or 3 edges)
            n = count(len(coast), "edge")
            raise PartLeftOut(f"Which edge? Hex {named[0]} meets the sea along {n}.")
        return EDGE_LABELS[coast[0]]
    if len(hexes) == 2:
        edges = [e for e in range(N_EDGES) if set(EDGE_HEXES[e]) == hexes]
        if not edges:
            raise MoveWordsError(f"Hexes {listed} do not touch.")
        return EDGE_LABELS[edges[0]]
    corners = [v for v in range(N_VERTICES) if set(VERTEX_HEXES[v]) == hexes]
    if not corners:
        raise MoveWordsError(f"Hexes {listed} do not meet at a corner.")
    return VERTEX_LABELS[corners[0]]
