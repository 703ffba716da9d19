"""A sentence of a lesson text that says in words that it is "this tutor's reading" but cites
no rule the reference marks as a reading (a goal: "… (this tutor's reading)."): the place at
its end where the "*" mark goes, as a cited reading's "*" shows at its sentence's end. The key
under the text says the "*" marks each of this tutor's readings; a reading said without it
would read as a rule."""

from __future__ import annotations

import re

from .. import rulebook

PLACE = "\ue000"  # where a "*" goes: a private-use character no lesson text holds
_SAYS = re.compile(r"\btutor(?:'|’)s\s+(?:own\s+)?reading\b", re.I)
ID = re.compile(r"\b(?:BASE|2P|DUMMY|CK|CK2P)(?:-[A-Z0-9]+)+\b")  # a rule ID in a text
_SENTENCE = re.compile(r"[^.!?]*(?:[.!?]+(?=\s|$)|$)")


def cites_reading(text: str) -> bool:
    """Whether ``text`` cites a rule that is this tutor's reading (a [decision])."""
    return any(rulebook.reading(i) is not None for i in ID.findall(text))


def says_reading(text: str) -> bool:
    """Whether ``text`` says in words that it is this tutor's reading."""
    return bool(_SAYS.search(text))


def placed(source: str) -> str:
    """``source`` with ``PLACE`` after each sentence that says it is this tutor's reading and
    cites no reading (whose own mark says it)."""

    def one(m: re.Match) -> str:
        s = m[0]
        return s + PLACE if says_reading(s) and not cites_reading(s) else s

    return _SENTENCE.sub(one, source)
