"""The words a learner's slip is matched against besides a kind of move's and its verbs.

A fresh learner (s35) typed "P1 buy a developement card" and "P1 play developement card" and
got no "did you mean": a slip was matched against a kind of move's words and a move's verbs
only, and only where the reader blamed that word. The other words the move reader knows are
matched too: "development", the cards a hand holds, and in Cities & Knights "progress", the
progress cards' names and the tracks, a little closer than a kind's word (``NOUN_CUTOFF``).
An English word near one of them ("more": "ore", "number": "lumber", "corn": "coin") is a
word, never a slip (``NEAR_WORDS``).
"""

from __future__ import annotations

import difflib
from collections.abc import Collection

from ..actions import TRACK_NAMES
from ..board import COMMODITIES, RESOURCES

# A progress card's name's words matched: the longer ones, and none an English word is near
# ("engine": "engineer", "pointer": "printer", "desert": "deserter", "stream": "master")
_TITLE_WORDS = (
    "alchemy alchemist irrigation medicine mining smithing commercial merchant constitution "
    "diplomacy diplomat encouragement espionage intrigue sabotage saboteur taxation treason "
    "wedding warlord bishop".split()
)

# The words a move may be about that name no kind of move, in every game: its cards, a card's
# deck or name, a harbor, a neutral (2P-NEUTRAL-MIRROR)
_NOUNS = frozenset(
    "development victory roadbuilding building neutral harbor harbour resource".split()
) | frozenset(RESOURCES)
# ... and in Cities & Knights: the commodities (CK-COMP-COMMODITIES), the tracks and the
# metropolis (CK-IMPROVE-BUILD), the progress cards (CK-COMP-PROGRESS)
_CK_NOUNS = frozenset({"progress", "metropolis", "commodity", *COMMODITIES, *TRACK_NAMES})


def noun_spellings(ck: bool) -> tuple[str, ...]:
    """The nouns a slip is matched against in a game with Cities & Knights' cards and tracks
    (``ck``), or without them (a "did you mean “paper”?" names no card of a base game)."""
    return tuple(sorted(_NOUNS | (_CK_NOUNS | frozenset(_TITLE_WORDS) if ck else frozenset())))


CUTOFF = 0.75  # how close a slip of a kind of move's word or a verb is (difflib's ratio)
NOUN_CUTOFF = 0.85  # closer than a kind's word must be: more of them, and longer

# English words a known word is near ("more": "ore"; "gain": "grain"; "number": "lumber"),
# never taken for a slip of it
NEAR_WORDS = frozenset(
    "more bore core lore sore store tore wore gain rain again brain drain train trick thick "
    "cool pool tool fool number numbers corn icon source sources all once reason reasons".split()
)


def close_to(word: str, spellings: Collection[str], cutoff: float = CUTOFF) -> str:
    """The one of ``spellings`` the typed ``word`` is a close misspelling of (as close as
    ``cutoff``, or its letters swapped), '' for none: a word of ``spellings`` itself or its
    plural, an English word of ``NEAR_WORDS``, a word of fewer than 3 letters or with other
    signs than letters is none."""
    low = word.lower()
    if len(low) < 3 or not low.isalpha() or low in spellings or low in NEAR_WORDS:
        return ""
    if low.endswith("s") and (low[:-1] in spellings or low[:-2] in spellings):  # "cards"
        return ""
    close = difflib.get_close_matches(low, list(spellings), n=1, cutoff=cutoff)
    swapped = [w for w in spellings if sorted(w) == sorted(low)]  # "oer": two letters swapped
    return close[0] if close else swapped[0] if swapped else ""
