"""Counts, articles and lists in English, for every sentence the tutor builds: "1 victory
point", "2 victory points", "an 8", "an edge", "P2 and P3 decide". One place for agreement,
used by the engine's words (``rules/words.py``, ``rules/common.py``) and the page's.
"""

from __future__ import annotations

from .board import CARD_NAMES

# Plurals the rules below do not make (the rest add "s", "es" or "ies"); the cards of a
# hand are counted by their names, as on the cards ("3 wool").
_PLURALS = {"die": "dice"} | {card: card for card in CARD_NAMES}
# Words spelled with a vowel but said with a consonant sound (and the reverse).
_A_BEFORE = ("one", "once", "uni", "use", "usu", "eu", "ewe")
_AN_BEFORE = ("hour", "honest", "honour", "honor")


def plural(noun: str) -> str:
    """``settlement`` -> ``settlements``, ``city`` -> ``cities``, ``wool`` -> ``wool``
    (resources are counted as the cards' names: "3 wool")."""
    if noun in _PLURALS:
        return _PLURALS[noun]
    if " " in noun:  # "victory point": the last word counts
        head, last = noun.rsplit(" ", 1)
        return f"{head} {plural(last)}"
    if noun.endswith(("s", "sh", "ch", "x")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in "aeiou":
        return noun[:-1] + "ies"
    return noun + "s"


def count(n: int, noun: str, many: str | None = None) -> str:
    """``n`` and the noun agreeing with it: ``count(1, "victory point")`` -> "1 victory
    point", ``count(0, ...)`` / ``count(2, ...)`` -> "0 / 2 victory points" (``many``: the
    plural when it is not regular)."""
    return f"{n} {noun if n == 1 else many or plural(noun)}"


def _number_sound(word: str) -> bool | None:
    """Whether a number written in digits is said with a vowel first: 8, 11, 18, 80-89,
    800...; None when ``word`` does not start with a digit."""
    digits = ""
    for ch in word:
        if not ch.isdigit():
            break
        digits += ch
    if not digits:
        return None
    # eight..., eleven, eighteen (and eleven/eighteen thousand...)
    return digits.startswith("8") or (len(digits) % 3 == 2 and digits[:2] in ("11", "18"))


def article(word: str) -> str:
    """The indefinite article before ``word``: "an" for 8, 11, 18, "edge", "hour"; else
    "a" (letters are said as words: "a P1 road" is not written here)."""
    w = word.strip().lower()
    by_number = _number_sound(w)
    if by_number is not None:
        return "an" if by_number else "a"
    if w.startswith(_AN_BEFORE):
        return "an"
    if w.startswith(_A_BEFORE):
        return "a"
    return "an" if w[:1] in ("a", "e", "i", "o", "u") else "a"


def a(word: str) -> str:
    """``word`` with its article: ``a("8")`` -> "an 8", ``a("edge")`` -> "an edge"."""
    return f"{article(word)} {word}"


def and_list(words: list[str] | tuple[str, ...]) -> str:
    """``["P2"]`` -> "P2", ``["P2", "P3"]`` -> "P2 and P3", three or more with commas."""
    items = [w for w in words if w]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def verb(subjects: int, singular: str, many: str) -> str:
    """The verb agreeing with how many subjects: ``verb(2, "decides", "decide")``."""
    return singular if subjects == 1 else many


def sentence(text: str) -> str:
    """``text`` starting with a capital letter ("chance decides" -> "Chance decides")."""
    return text[:1].upper() + text[1:]
