"""Cards and board spots as a learner reads them: the engine's card ids (``vp``,
``roadbuilding``, ``merchant-fleet``) never reach the page, and a spot out of range reads as
its number."""

from __future__ import annotations

import re

from .board import CARD_NAMES, EDGE_LABELS, HEX_NAMES, VERTEX_LABELS
from .progress_cards import ALIASES, CARDS

DEV_CARDS = ("knight", "vp", "roadbuilding", "plenty", "monopoly")  # the development cards' ids

# Every card as it is printed: development cards, then the progress cards (older names too).
_DEV_TITLES = {
    "knight": "Knight",
    "vp": "Victory Point",
    "roadbuilding": "Road Building",
    "plenty": "Year of Plenty",
    "monopoly": "Monopoly",
}
CARD_TITLES: dict[str, str] = _DEV_TITLES | {
    name: " ".join(w.capitalize() for w in name.split("-")) for name in ALIASES
}


def card_title(card: str | int, dev: bool = False) -> str:
    """A development or progress card as printed: ``"merchant-fleet"`` -> "Merchant Fleet",
    ``"vp"`` -> "Victory Point"; an index is into ``DEV_CARDS`` (``dev``) or ``CARDS``."""
    if isinstance(card, int):
        names = DEV_CARDS if dev else CARDS
        card = names[card] if 0 <= card < len(names) else str(card)
    return CARD_TITLES.get(card, card)


def card_list(text: str) -> str:
    """A comma-separated list of card ids as printed ("alchemy, road-building" -> "Alchemy,
    Road Building"); a part that is no card id stays as written."""
    return ", ".join(card_title(part.strip()) for part in text.split(","))


# The notation's joined words, apart (a move shown to a learner, not one to type).
_JOINED = {"robber-home": "robber home", "discard-progress": "discard progress"}


def notation_words(move: str) -> str:
    """A move's notation with the card ids in it as printed ("P1 roadbuilding" -> "P1 Road
    Building", "P2 progress trade merchant-fleet" -> "P2 progress trade Merchant Fleet") and
    its joined words apart ("P1 robber-home" -> "P1 robber home")."""
    return " ".join(CARD_TITLES.get(w, _JOINED.get(w, w)) for w in move.split(" "))


def vertex_name(v: int) -> str:
    return VERTEX_LABELS[v] if 0 <= v < len(VERTEX_LABELS) else str(v)


def edge_name(e: int) -> str:
    return EDGE_LABELS[e] if 0 <= e < len(EDGE_LABELS) else str(e)


def hex_name(h: int) -> str:
    return HEX_NAMES[h] if 0 <= h < len(HEX_NAMES) else str(h)


def card_name(k: int) -> str:
    return CARD_NAMES[k] if 0 <= k < len(CARD_NAMES) else str(k)


def party_like(label: str, neutrals: bool) -> bool:
    """A spot's ``label`` a learner may read as a player (P4, P6...) or, in a game with
    neutrals, a neutral (N5): said with its noun, "corner N4" (l24; ``rules.spot_nouns``)."""
    if re.fullmatch(r"P\d+", label):
        return True
    return neutrals and re.fullmatch(r"N\d+", label) is not None
