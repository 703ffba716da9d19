"""Counts typed in words ("discard two ore", "builds one road"), read where counts in digits
are: a number word before a card is its digit ("two ore": "2 ore"); "one" before a piece or
a kind of move is the article ("one road": "a road"). The reader of a learner's words
(``move_words``) knew digits there only ("The word “two” was not understood here").
"""

from __future__ import annotations

from .board import CARD_NAMES

NUMBER_WORDS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
}  # fmt: skip
# the words after a count that make it a count of cards: the cards, also in the plural
# ("ores") and the learners' other names for them (``move_words._CARDS_PAID``)
_CARDS = frozenset({*CARD_NAMES, "wood", "sheep", "wheat", "clay", "stone", "card", "cards"})


def _is_card(word: str) -> bool:
    low = word.lower()
    return low in _CARDS or (low.endswith("s") and low[:-1] in _CARDS)


def in_digits(tokens: list[str], kinds: frozenset[str] | dict) -> list[str]:
    """``tokens`` with their counts in words as the reader takes them: a number word before
    a card as its digit, "one" before a word of ``kinds`` (a piece: "road") as "a"; a card in
    the plural as the notation names it ("ores": "ore")."""
    out = []
    for i, tok in enumerate(tokens):
        low, nxt = tok.lower(), tokens[i + 1] if i + 1 < len(tokens) else ""
        if low in NUMBER_WORDS and _is_card(nxt):
            out.append(str(NUMBER_WORDS[low]))
        elif low == "one" and nxt.lower() in kinds:
            out.append("a")
        elif low.endswith("s") and low[:-1] in CARD_NAMES:  # "two ores" as "2 ore" (s21)
            out.append(tok[:-1])
        else:
            out.append(tok)
    return out
