"""A metropolis typed as taken "from" a player who does not hold it: the reply names who
does (l35 at 10.6: "take the trade metropolis from white" was "Right", P2 holding it, and no
word that white held none). CK-METRO-TAKE."""

from __future__ import annotations

import re

from ..actions import TRACK_NAMES, Action
from ..state import State
from .place_words import seats_by_colour

_FROM_SEAT = re.compile(r"\bfrom\s+P([1-9])\b", re.IGNORECASE)


def holder_named_wrong(s: State, typed: str, action: Action) -> str:
    """The sentence saying who holds the metropolis ``action`` takes when ``typed`` names
    another player after "from" ("The trade metropolis was P2's (blue), not P3's (white).");
    '' when it names the holder, no one, or the move takes no metropolis."""
    track, vertex = getattr(action, "track", None), getattr(action, "vertex", -1)
    if not s.caps.improvements or track is None or vertex is None or vertex < 0:
        return ""
    said = _FROM_SEAT.search(seats_by_colour(s, typed))
    at = s.metro[track]
    if said is None or at < 0:
        return ""
    named, holder = int(said[1]) - 1, s.vowner[at]
    if named == holder or not 0 <= named < s.n:
        return ""
    return f"The {TRACK_NAMES[track]} metropolis was {_owned(s, holder)}, not {_owned(s, named)}."


def _owned(s: State, p: int) -> str:
    """ "P2's (blue)"."""
    return f"{s.name(p)}'s ({s.colors[p]})"
