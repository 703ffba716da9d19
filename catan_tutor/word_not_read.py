"""A word of plain English the notation reader could not place, said as a learner's sentence.

A fresh learner (l22) typed moves as one says them and read the reader's own terms back:
"P1 offers a trade to P2: 1 brick for 2 wool" was told "“offers” is not a number", "steal the
cards" "“the” is not a card kind". A word (letters only, not a spot's label or a number) that
the reader found where it wanted a number, a card or a spot is said so: "The word “offers”
was not understood here." (how the move is typed follows it, ``move_words._plain``). A label
or number mistyped ("Z9", "99") keeps the reader's reason: it says what goes there.
"""

from __future__ import annotations

import re
from collections.abc import Callable

# "“x” is not a number.", "“x” is not a card kind (brick, …).", "“x” does not fit here: …"
_AT_FAULT = re.compile(r"^“([^”]+)” (?:is not (?:a|an) |does not fit here)")
# letters only, two or more, or a word with an apostrophe ("don't", "I'd": l31): no label,
# no number
_WORD = re.compile(r"[^\W\d_]{2,}|[^\W\d_]+(?:['’][^\W\d_]+)+")


def not_understood(why: str) -> str:
    """``why`` (a reason in plain words) as "The word “x” was not understood here." when the
    word at fault is plain English; else ``why`` unchanged."""
    m = _AT_FAULT.match(why)
    if m is None or not _WORD.fullmatch(m[1]):
        return why
    return f"The word “{m[1]}” was not understood here."


# "“for” is missing at the end": a word of the notation's own the move's words did not reach
_WORD_MISSING = re.compile(r"^“([^”]+)” is missing at the end\.?$")


def word_at_fault(why: str) -> str:
    """The word ``why`` (a reason in plain words) blames, or the notation's own word it says
    is missing at the end ("“for” is missing at the end"); '' for none."""
    m = _AT_FAULT.match(why) or _WORD_MISSING.match(why)
    return m[1] if m is not None else ""


def lacking(names: list[str], questions: dict[str, str], typed: list[str], cards: set[str]) -> str:
    """What a move typed in words the reader all reads ("trade for ore": every word read,
    the move still short of a part) lacks: for a trade (fields ``give`` and ``get``), the
    cards wanted when cards are typed and no "for" ("trade 4 wool"), else the cards given
    ("trade for ore"); for another kind its first field's question. ``names``: the kind's
    fields, the player's left out; ``typed``: the words typed, small letters."""
    if {"give", "get"} <= set(names):
        wants = "for" not in typed and any(t in cards or t.rstrip("s") in cards for t in typed)
        return questions["get" if wants else "give"]
    return next((questions[n] for n in names if n in questions), "")


EXTRA_AT_END = "There are extra words at the end."  # (the notation reader's, said plainly)


def left_over(why: str, word: str, typed: list[str], is_read: Callable[[str], bool]) -> str:
    """``why`` with the notation's "extra words at the end" said where the learner typed the
    word left over (l32: "just roll the dice" was told the extra words were at the end):
    "The word “just” at the start was not understood here."; ``typed``: the words typed,
    ``is_read``: whether a word is one the reader took. Else ``why`` unchanged."""
    at = next((k for k, t in enumerate(typed) if t.lower() == word.lower()), -1)
    if EXTRA_AT_END not in why or not word or at < 0:
        return why
    before = [t for t in typed[:at] if is_read(t)]
    after = [t for t in typed[at + 1 :] if is_read(t)]
    place = " at the start" if not before else " at the end" if not after else ""
    return why.replace(EXTRA_AT_END, f"The word “{word}”{place} was not understood here.")
