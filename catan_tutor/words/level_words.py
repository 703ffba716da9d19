"""The level a learner types with a city improvement, held against the level it reaches.

A track rises one level at a time (CK-IMPROVE-BUILD: no skipping), so an improvement's
notation names no level: the next one is meant. l31 typed "raise trade to level 5" with
trade at level 0 and was told "P3 can improve trade to level 1, but it is not the move the
question asks for", and "raise science to level 3" with science at level 4 was read as the
right answer, level 5: the level typed was never looked at. A level typed that is not the
next one is said so ("P3's science is at level 4: the next is 5."); the move is not judged.
"""

from __future__ import annotations

import re

from ..actions import TRACK_NAMES, Action
from ..count_words import NUMBER_WORDS
from ..rules.improvements import TOP
from ..state import State

# A track brought to a level in other verbs ("get trade up to level 5", "bring science to
# level 3", "trade up to level 5": l34 at 10.6 was told "The word “get” was not understood
# here"): an improvement of that track (CK-IMPROVE-BUILD), its level held as typed
_BROUGHT = re.compile(
    r"\b(?:(?:get|gets|got|getting|bring|brings|brought|push|pushes|pushed|take|takes|took)"
    r"\s+(?:(?:the|my|our)\s+)?)?(?P<track>science|trade|politics)(?P<named>\s+track)?"
    r"\s+(?:all\s+the\s+way\s+)?up\s+(?=to\s+levels?\b)"
    r"|\b(?:get|gets|got|getting|bring|brings|brought|push|pushes|pushed)\s+"
    r"(?:(?:the|my|our)\s+)?(?P<track2>science|trade|politics)(?P<named2>\s+track)?\s+"
    r"(?=to\s+levels?\b)",
    re.IGNORECASE,
)


def brought_to_level(text: str) -> str:
    """``text`` with a track brought to a level in other verbs ("get trade up to level 5")
    as its improvement ("improve trade to level 5"); else unchanged."""
    return _BROUGHT.sub(lambda m: f"improve {m['track'] or m['track2']} ", text)


_LEVEL = re.compile(r"\blevels?\s+(\d{1,2}|[a-z]+)\b", re.IGNORECASE)


def typed_level(text: str) -> int | None:
    """The level ``text`` names ("to level 5", "level three"), None for none."""
    m = _LEVEL.search(text)
    if m is None:
        return None
    word = m[1].lower()
    return int(word) if word.isdigit() else NUMBER_WORDS.get(word)


def level_not_next(s: State, action: Action, text: str) -> str:
    """Why the level ``text`` names is not the one ``action`` (an improvement) reaches ("P3's
    science is at level 4: the next is 5."); '' when it names none, the next one, or
    ``action`` is no improvement of a track below the top."""
    track = getattr(action, "track", None)
    if type(action).__name__ != "Improve" or not isinstance(track, int) or not s.caps.improvements:
        return ""
    wanted = typed_level(text)
    now = s.levels[action.player][track]
    if wanted is None or now >= TOP or wanted == now + 1:
        return ""
    name = f"{s.name(action.player)}'s {TRACK_NAMES[track]}"
    rises = "a track rises one level at a time (CK-IMPROVE-BUILD)"
    if wanted > TOP:
        return f"A track has no level {wanted}: {TOP} is the top. {name} is at level {now}."
    return f"{name} is at level {now}: the next is {now + 1}, as {rises}."
