"""Counts, articles and lists in English, for every sentence the tutor builds: "1 victory
point", "2 victory points", "an 8", "an edge", "P2 and P3 decide". One place for agreement,
used by the engine's words (``rules/words.py``, ``rules/common.py``) and the page's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

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


def or_list(words: list[str] | tuple[str, ...]) -> str:
    """``["M4", "N4", "Q4"]`` -> "M4, N4 or Q4" (alternatives: where a move may not go)."""
    items = [w for w in words if w]
    return ", ".join(items[:-1]) + " or " + items[-1] if len(items) > 1 else "".join(items)


def with_reason(what: str, why: str) -> str:
    """A statement and its reason in one sentence: "P1 may not end the turn: P1 has not rolled
    yet."; a reason with a colon of its own follows "because", never a second colon ("x: y:
    z" reads as a list; issue 33). ``why`` goes on in small letters (``after_dash``)."""
    why = after_dash(why.strip()).rstrip(".")
    if not why:
        return f"{what}."
    return f"{what}, because {why}." if ": " in why else f"{what}: {why}."


def verb(subjects: int, singular: str, many: str) -> str:
    """The verb agreeing with how many subjects: ``verb(2, "decides", "decide")``."""
    return singular if subjects == 1 else many


def sentence(text: str) -> str:
    """``text`` starting with a capital letter ("chance decides" -> "Chance decides")."""
    return text[:1].upper() + text[1:]


_COUNTED = re.compile(r"\b\d+ [a-z]+s\b")  # "4 cards" (not "down to 4")


def same_waits(owed: Sequence[tuple[str, str]]) -> list[tuple[str, str]]:
    """Who owes what with one wait said once for all who owe it: ``[("P2", "discard 4
    cards"), ("P3", "discard 4 cards")]`` -> ``[("P2 and P3", "discard 4 cards each")]``."""
    by_what: dict[str, list[str]] = {}
    for who, what in owed:
        by_what.setdefault(what, []).append(who)
    return [
        (and_list(who), what + (" each" if len(who) > 1 and _COUNTED.search(what) else ""))
        for what, who in by_what.items()
    ]


def waits(owed: Sequence[tuple[str, str]]) -> str:
    """Who owes what, as the end of "Waiting for …": ``[("P2", "discard 4 cards"), ("P3",
    "discard 4 cards")]`` -> "P2 and P3 to discard 4 cards each"; different waits listed
    one after another: "P2 to discard 4 cards and P3 to discard 3 cards"; a labelled wait
    ("science 3: take a free resource") -> "P2 to take a free resource (science 3)"."""
    return and_list([f"{who} to {unlabelled(what)}" for who, what in same_waits(owed)])


def unlabelled(what: str) -> str:
    """A labelled wait with its label last: "science 3: take a free resource" -> "take a free
    resource (science 3)", so that "P1: …" before it is the sentence's one colon (a learner
    read "P1: forced trade: give 2 cards back"); any other wait as it is."""
    label, sep, do = what.partition(": ")
    return f"{do} ({label})" if sep and re.fullmatch(r"[\w ]+", label) else what


# Names a sentence may open with, kept capitalised after a dash ("— Red goes first"): the
# players' colours, the awards, the game; a card's title, a seat or a label (P2, J, A4) too
# (``after_dash``).
NAMES = frozenset(
    "Red Blue White Orange Green Brown Neutral Longest Largest Defender Catan Cities".split()
)


def after_dash(text: str) -> str:
    """``text`` to follow "— " inside a sentence: its first word loses its capital ("It is
    P2's move" -> "it is P2's move", "Waiting for P2" -> "waiting for P2") unless it is a
    name: ``NAMES``, a card's title ("Merchant Fleet"), a seat or a label (no small letter
    after its capital: P2, J, A4)."""
    from .card_titles import CARD_TITLES  # (card_titles imports the board, as this does)

    if re.match(r"A (?!(?:is|has|was|gives|produces)\b)[a-z]", text):  # the article, not hex A
        return "a" + text[1:]
    head = re.match(r"[A-Z][a-z]+\b", text)
    if head is None or head[0] in NAMES:
        return text
    if any(title == head[0] or title.startswith(head[0] + " ") for title in CARD_TITLES.values()):
        return text
    return text[:1].lower() + text[1:]


# "VP" as a learner reads it (issue 33: a newcomer does not know the abbreviation): the card
# by its printed name, a token or a count in words. Applied where rule and lesson texts reach
# the page (widgets/verdicts.py, words/rule_titles.py); the sources keep their words.
_VP = r"(?<![-\w])VP(?![-\w])"  # not inside a rule ID ("2P-TOKEN-VP-COUNT")
_VP_WORDS = (
    (re.compile(rf"\b1 {_VP}"), "1 victory point"),
    (re.compile(rf"{_VP}( progress)? card"), r"Victory Point\1 card"),
    (re.compile(rf"{_VP} token"), "victory point token"),
    (re.compile(_VP), "victory points"),
)


_QUOTE = re.compile(r'("[^"]*"|“[^”]*”)')  # a quotation keeps its words (a seed's)


def spelled_out(text: str) -> str:
    """``text`` with "VP" in words: "1 VP" -> "1 victory point", "VP cards" -> "Victory Point
    cards", "a defender VP token" -> "a defender victory point token", "10 VP" -> "10 victory
    points"; a rule ID ("2P-TOKEN-VP-COUNT") and a quotation stay as written."""
    if "VP" not in text:
        return text
    parts = _QUOTE.split(text)
    for i in range(0, len(parts), 2):  # the text between the quotations
        for pattern, words in _VP_WORDS:
            parts[i] = pattern.sub(words, parts[i])
    return "".join(parts)
