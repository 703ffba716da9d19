"""A development card played with its name left out: which one is asked (BASE-DEV-PLAY).

A fresh learner (s35) typed "P1 play developement card"; typed right, "P1 play a development
card" read as buying one ("development" is the buying move's word), a move the words never
said. A card played is named by its own word ("play knight", "play road building"): the
reply asks which card and says each card's words, the same for every question (it names no
answer: every card of the game alike).
"""

from __future__ import annotations

from collections.abc import Collection

from ..actions import PlayKnight, PlayMonopoly, PlayPlenty, PlayRoadBuilding
from ..grammar import or_list

DEV_CARD_ASKED = "Which development card?"

# Each development card played -> its words as the move reader takes them
_PLAYED = (
    (PlayKnight, "“play knight”"),
    (PlayRoadBuilding, "“play road building”"),
    (PlayPlenty, "“play year of plenty” and two resources"),
    (PlayMonopoly, "“play monopoly” and a resource"),
)


def dev_cards_played(applies: Collection[type]) -> str:
    """How each development card of a game whose kinds of move are ``applies`` is played,
    typed: "A development card is played by its name: “play knight”, … or “play monopoly”
    and a resource." ('' for none)."""
    said = [words for cls, words in _PLAYED if cls in applies]
    return f"A development card is played by its name: {or_list(said)}." if said else ""
