"""Words a learner says around a move that name no part of it: a reason, a direction (l29).

A fresh learner (l29) typed "move the robber toward G so P1 gets nothing" and "build a road
toward the harbor" and was told "The word “so” was not understood" ("toward" too). This
tutor's reading:

- A reason after the move ("so P1 gets nothing", "so that…", "because…") says why, not what:
  the words from "so" (or "because") on are not read, so none of them changes the move (the
  "P1" of "so P1 gets nothing" is no player to rob); "since" too. "so" first ("so, road
  N3") is dropped.
- "toward" and "towards" say where a piece goes, as "to" does ("toward G" is "to G": words
  that name no part, ``move_words.FILLER``); a place they point at that names no spot ("the
  harbor", "the sea", "the coast") is dropped with them (``AIMED_AT``), so the move's spot
  is asked for as when none is typed.

- A time said after the move ("before rolling", "before the roll", "this turn", "right
  now", l32: "play the knight before rolling") is not read either: the move is judged where
  it is typed.

Any other word still gets the reader's reply ("The word “x” was not understood here.").
"""

from __future__ import annotations

import re

# A reason's first word, after the move's words: the rest of the sentence is not read
_REASON = re.compile(r"(?<=\S)[\s,;:]+(?:so|because|since)\b.*$", re.IGNORECASE | re.DOTALL)
# When a move is made, said after it ("play the knight before rolling": l32 was told "The
# word “before” was not understood"): the move is judged where it is typed, so not read
_WHEN = re.compile(
    r"(?<=\S)[\s,;:]+(?:before|first,? before) (?:rolling|the (?:dice|roll)|(?:i|we) roll)\b"
    r"|(?<=\S)[\s,;:]+(?:right now|this turn|first)\s*$",
    re.IGNORECASE,
)
_SO_FIRST = re.compile(r"^\s*so\b[\s,]*", re.IGNORECASE)
# Places a piece may be put toward or at that are no spot of the board (no label): dropped
AIMED_AT = frozenset({"harbor", "harbors", "harbour", "harbours", "sea", "coast", "shore"})


def without_reason(text: str) -> str:
    """``text`` without a reason said after its move ("… so P1 gets nothing", "… because
    P2 has 8 cards") and without a leading "so"; else unchanged."""
    return _SO_FIRST.sub("", _WHEN.sub("", _REASON.sub("", text)))
