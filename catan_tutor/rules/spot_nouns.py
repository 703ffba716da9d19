"""A move's corner or edge said with its noun where its label looks like a party: "P1 builds
a settlement on corner P6", "a road on edge N5" in a game with neutrals (N1, N2), "moves the
knight from corner P4" (l24: the narration said "road on N5", "settlement on P6", read as a
player; s20 did so for the lessons' prose). Other labels stay bare ("on A6")."""

from __future__ import annotations

import re

from ..actions import Action, spot_fields
from ..board import EDGE_LABELS, VERTEX_LABELS
from ..card_titles import party_like
from ..state import State

_NOUNS = {"vertex": ("corner", VERTEX_LABELS), "edge": ("edge", EDGE_LABELS)}
_BEFORE = re.compile(
    r"(?:\b(?:on|at|to|from|onto|towards?|under|beside|near|between|and|or)\s+|,\s*)$",
    re.IGNORECASE,
)


def looks_like_a_party(label: str, s: State) -> bool:
    """``label`` may be read as a player (P4, P6...) or, with neutrals, a neutral (N5)."""
    return party_like(label, s.caps.neutrals > 0)


def corner_said(s: State, v: int) -> str:
    """Corner ``v`` as a sentence names it after "on": its label, with "corner" before one
    that looks like a party ("P1's basic knight on corner N4 leaves the board", s33 at 11.16:
    the line said "on corner N4" and then "on N4")."""
    label = VERTEX_LABELS[v]
    return f"corner {label}" if looks_like_a_party(label, s) else label


def with_nouns(s: State, a: Action, text: str) -> str:
    """``text`` (a sentence about ``a``) with each corner or edge of ``a`` whose label looks
    like a party said with its noun, where the label stands bare after a preposition."""
    for name, kind, _ in spot_fields(type(a)):
        if kind not in _NOUNS:
            continue
        noun, labels = _NOUNS[kind]
        x = getattr(a, name, None)
        if not isinstance(x, int) or not 0 <= x < len(labels):
            continue
        if looks_like_a_party(labels[x], s):
            text = _with_noun(text, labels[x], noun)
    return text


def _with_noun(text: str, label: str, noun: str) -> str:
    """``text`` with ``label`` said as "<noun> <label>" where it stands bare after a
    preposition."""
    out, at = [], 0
    for m in re.finditer(rf"(?<![\w'’-]){re.escape(label)}(?![\w'’-])", text):
        bare = _BEFORE.search(text[: m.start()]) is not None
        out += [text[at : m.start()], f"{noun} {label}" if bare else label]
        at = m.end()
    return "".join([*out, text[at:]])
