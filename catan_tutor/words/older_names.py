"""A progress card's name in older Cities & Knights boxes, said once where the card is
explained (the Rules tab's entry for its rule): "Guild Dues card (older boxes: Master
Merchant)". A learner whose box prints the older names (the 001 summary) can match the card.
The reference's own shorthand at the head of a card's rule, "(2; Bishop)", reads as how many
the deck holds: "(2 in the deck)"."""

from __future__ import annotations

import re

from ..card_titles import card_title
from ..progress_cards import CARDS, OLDER_NAMES

_CARD_RULE = re.compile(r"^CK-PC-([A-Z-]+)$")
_HEAD = re.compile(r"^\((\d+)(?:; [^)]*)?\)\s*")


def older_name(rule_id: str) -> str:
    """The older boxes' name of the card a rule is about ("CK-PC-TAXATION" -> "Bishop"); ''
    for a rule about no card, or a card whose name never changed."""
    m = _CARD_RULE.match(rule_id)
    older = OLDER_NAMES.get(m[1].lower(), "") if m else ""
    return card_title(older) if older else ""


def with_older_name(rule_id: str, title: str) -> str:
    """``title`` with the card's older name after it: "Taxation card (older boxes: Bishop)"."""
    older = older_name(rule_id)
    return f"{title} (older boxes: {older})" if older else title


def card_count_words(text: str) -> str:
    """A card rule's text with its head "(2; Bishop)" or "(2)" as "(2 in the deck)"."""
    return _HEAD.sub(lambda m: f"({m[1]} in the deck) ", text, count=1)


def held_title(card: int) -> str:
    """A progress card (an index into ``CARDS``) as a hand or a card list shows it: its name
    with the older boxes' name after it, "Alchemy (Alchemist)" (l25: a class with an older
    or English deck could not match "Alchemy" to its cards)."""
    name = CARDS[card] if 0 <= card < len(CARDS) else ""
    older = OLDER_NAMES.get(name, "")
    return f"{card_title(card)} ({card_title(older)})" if older else card_title(card)


def names_line(text: str) -> str:
    """One line on the progress cards ``text`` (a lesson's title and goal) names whose older
    boxes print another name: "In older boxes, Sabotage is the Saboteur."; ''
    when it names none. Only what the text says is matched: nothing a puzzle keeps back."""
    found = [
        (m.start(), f"{card_title(name)} is the {card_title(older)}")
        for name, older in OLDER_NAMES.items()
        if (m := re.search(rf"\b{re.escape(card_title(name))}\b", text))
    ]
    said = [words for _, words in sorted(found)]
    if not said:
        return ""
    listed = said[0] if len(said) == 1 else ", ".join(said[:-1]) + " and " + said[-1]
    return f"In older boxes, {listed}."
