"""A piece typed as the dummy's own: said why no such move exists.

s35 at 5.21: "dummy settlement P6" was asked "Which corner?", the corner given; the real
point is that the dummy never places a piece by a move of its own: it has no pieces on the
board (DUMMY-SETUP-NOTHING-ON-BOARD) and places nothing in the setup (DUMMY-SETUP-PLACEMENT).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import State

_WORD = re.compile(r"[\w'’-]+")
_LEAD = frozenset({"the", "a", "let", "lets", "let's", "have", "make"})  # before the subject
# (the third seat, "P3" to a learner counting seats: l50 typed "P3 settle P6" at 5.21 and was
# asked "Which corner?", the corner P6 given)
_DUMMY = frozenset({"dummy", "dummy's", "dummy’s", "d", "d's", "d’s", "p3", "p3's", "p3’s"})
_PIECES = frozenset(
    "settle settles settling settled settlement settlements road roads city cities".split()
)
NO_PIECES = (
    "The dummy never places a piece: it has no pieces on the board, and in the setup only "
    "the two players place (DUMMY-SETUP-NOTHING-ON-BOARD, DUMMY-SETUP-PLACEMENT)."
)


def dummy_piece(state: State, text: str) -> str:
    """``NO_PIECES`` when ``text`` has the dummy place a piece ("dummy settlement P6", "the
    dummy builds a road on P5", "D settle P6", "P3 settle P6"), in a game (``state``) with a
    dummy; else ''."""
    if not state.caps.dummy:
        return ""
    words = [w.lower() for w in _WORD.findall(text)]
    while words and words[0] in _LEAD:
        words = words[1:]
    if not words or words[0] not in _DUMMY or not _PIECES & set(words[1:]):
        return ""
    return NO_PIECES
