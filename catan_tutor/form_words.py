"""A move typed as the page's form says it: its button's words, then each field's label and
value ("P1 Buy a city improvement, track trade, metropolis on A6"; "P2 Trade with the bank,
give wool, rate 4, get brick"). A fresh learner (l19) typed the improvement form's own words
"metropolis on A6" and was told "“metropolis” is not a corner": the labels the form shows
are words of the answer box too. ``FIELD_LABELS`` are the form's labels (``widgets.forms``
shows these); ``form_notation`` spells such a text in notation, which the engine's reader
then checks (a part left out is its "… is missing" reply).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import fields
from typing import TYPE_CHECKING

from .actions import REGISTRY
from .progress_cards import OLDER_NAMES

if TYPE_CHECKING:
    from .game import Game

# What each field of an action is called on the form (the engine's field names never show).
FIELD_LABELS = {
    "player": "player", "vertex": "at", "edge": "at", "hex": "hex", "resource": "resource",
    "give": "give", "get": "get", "count": "rate", "victim": "rob from", "track": "track",
    "die": "die", "value": "shows", "cards": "cards", "card": "card", "face": "face",
    "commodities": "draw from", "take": "take", "to": "to", "src": "from", "dst": "to",
    "neutral": "for", "level": "strength", "slot": "harbor at", "kind": "harbor",
    "terrain": "terrain", "first": "first card", "second": "second card", "args": "details",
    "commodity": "commodity",
}  # fmt: skip
WHOLE_HAND = "whole hand"  # the forced trade's "draw from" that takes commodities too
# A field that means something else in one kind: (kind's class name, field) -> its label.
KIND_FIELD_LABELS = {
    ("Improve", "vertex"): "metropolis on",
    ("DrawProgress", "track"): "deck",  # (s41: "track — choose —" for the deck drawn from)
}

# The neutral's piece as the notation writes it (``P1 neutral N2 road G5``)
_NEUTRAL_PIECES = {
    "NeutralSettle": "settle",
    "NeutralRoad": "road",
    "NeutralKnight": "knight",
    "NeutralPromote": "promote",
}
# What the reply asks when a field is left out ("Which corner? None is named."); the fields
# a move may leave empty (no one robbed, no metropolis, one card of Year of Plenty, the
# whole hand or not, a progress card that names nothing) are never asked for.
QUESTIONS = {
    "vertex": "Which corner?", "edge": "Which edge?", "hex": "Which hex?",
    "resource": "Which resource?", "give": "Which cards are given?",
    "get": "Which cards are wanted?", "count": "At what rate?",
    "track": "Which improvement?",  # (l38c: "Which track?"; the form names the three)
    "to": "To which player?", "cards": "Which cards?", "card": "Which card?",
    "take": "Which cards are taken?", "neutral": "For which neutral?",
    "level": "How strong is the knight?", "src": "Which knight moves?",
    "dst": "Which corner does it go to?", "commodity": "Which commodity?",
    "first": "Which card first?",
}  # fmt: skip
OPTIONAL = frozenset({"victim", "second", "commodities", "args", ("Improve", "vertex")})


class MissingPart(Exception):
    """A field the form's words leave out of a move of kind ``kind``: ``question`` asks
    for it."""

    def __init__(self, question: str, kind: type) -> None:
        super().__init__(question)
        self.question, self.kind = question, kind


_WORD = re.compile(r"[\w'’|-]+")
# A card's older name as the form's card list shows it after the card ("Alchemy (Alchemist)")
_OLDERS = "|".join(o.replace("-", "[ -]") for o in OLDER_NAMES.values())
_OLDER_SHOWN = re.compile(rf"\s*\((?:{_OLDERS})\)", re.I)


def field_label(name: str, cls: type | None = None) -> str:
    """A field's label on the form: ``src`` -> "from" (an unknown field: its words); in a
    kind where it means something else, that (``KIND_FIELD_LABELS``)."""
    if cls is not None and (cls.__name__, name) in KIND_FIELD_LABELS:
        return KIND_FIELD_LABELS[cls.__name__, name]
    return FIELD_LABELS.get(name, name.replace("_", " "))


def _words(text: str) -> list[str]:
    return [w.replace("’", "'") for w in _WORD.findall(text.lower())]


# How the page's buttons say a kind of move ("Buy a city improvement"), from its palette
# label ("improve"): ``widgets/wording.py`` adds its ``kind_words`` here when it is imported,
# as this layer cannot import it (as ``move_words.SAYINGS``).
BUTTON_WORDS: list[Callable[[str], str]] = []


def _kinds(game: Game) -> list[tuple[list[str], type]]:
    """Each kind of the game as its button says it (its words), and by its notation word;
    the longest first ("Build a settlement for a neutral" before "Build a settlement")."""
    out = []
    for cls in game.rules.applies:
        if getattr(cls, "is_chance", False) or "player" not in {f.name for f in fields(cls)}:
            continue
        label = re.sub(r"(?<!^)([A-Z])", r" \1", cls.__name__).lower()  # as the palette's
        out += [(_words(say(label)), cls) for say in BUTTON_WORDS]
        out += [(k.split(), cls) for k, c in REGISTRY.items() if c is cls]
    return sorted(out, key=lambda x: -len(x[0]))


def _notation_word(cls: type) -> str:
    return next((k for k, c in REGISTRY.items() if c is cls), "")


def form_notation(game: Game, text: str) -> str | None:
    """The notation of ``text`` said as the form says a move: a seat (or none: the mover's),
    the kind's button words or notation word, then "label value" per field, in any order
    (commas or not); None when ``text`` is not so said (no kind's words first, or no label
    after a notation word)."""
    toks = _WORD.findall(_OLDER_SHOWN.sub("", text))
    seat = ""
    if toks and re.fullmatch(r"[pP][1-9]", toks[0]):
        seat, toks = toks[0].upper(), toks[1:]
    low = [t.lower().replace("’", "'") for t in toks]
    said, cls = next(((w, c) for w, c in _kinds(game) if low[: len(w)] == w), ([], None))
    if cls is None:
        return None
    named = {f.name: field_label(f.name, cls) for f in fields(cls) if f.name != "player"}
    parts = _fields(toks[len(said) :], named)
    if parts is None or (not parts and said == [_notation_word(cls)] and named):
        return None
    for name in named:
        if name not in parts and name not in OPTIONAL and (cls.__name__, name) not in OPTIONAL:
            label = named[name]  # (a field asked by its label's question: "track")
            raise MissingPart(QUESTIONS.get(name, QUESTIONS.get(label, f"Which {label}?")), cls)
    return " ".join([seat, _compose(cls, parts)]).strip()


def _fields(toks: list[str], named: dict[str, str]) -> dict[str, str] | None:
    """Each field's value (its words after its label, up to the next label); None when a
    word comes before any label."""
    labels = sorted(((lab.split(), n) for n, lab in named.items()), key=lambda x: -len(x[0]))
    out: dict[str, list[str]] = {}
    current = ""
    i = 0
    while i < len(toks):
        low = [t.lower() for t in toks[i : i + 3]]
        hit = next(((lab, n) for lab, n in labels if low[: len(lab)] == lab and n not in out), None)
        if hit is not None:
            current, i = hit[1], i + len(hit[0])
            out[current] = []
            continue
        if not current and _glue_before(toks[i], named):  # "Force a blind draw from P2"
            i += 1
            continue
        if not current:
            return None
        if toks[i].lower() not in _POLITE:  # "road at N3 please": not the edge's (l32)
            out[current].append(toks[i])
        i += 1
    return {n: _value(n, v) for n, v in out.items()}


# Words a learner puts between a kind's button words and its fields that name no part:
# "Force a blind draw from P2" (l22: the page's own button, read "“blind” does not fit")
_GLUE = frozenset("from with against on the a an please now".split())
_POLITE = frozenset("please now thanks just".split())  # said after a field's value


def _glue_before(tok: str, named: dict[str, str]) -> bool:
    """``tok``, before any label, names nothing the kind takes: a glue word, or the other
    player when no field of the kind is a player (the forced draw's opponent)."""
    low = tok.lower()
    if low in _GLUE:
        return True
    return bool(re.fullmatch(r"p[1-9]", low)) and not {"to", "victim"} & set(named)


def _value(name: str, words: list[str]) -> str:
    """A field's words as the notation writes the value: a bundle's "2 brick, 1 lumber", a
    neutral's "N1", a progress card's "merchant-fleet"."""
    if [w.lower() for w in words] in (["nobody"], ["none"]):  # an optional field left empty
        return ""
    if name == "neutral" and len(words) == 2 and words[0].lower() == "neutral":
        return f"N{words[1]}"
    if name == "card":
        return "-".join(w.lower() for w in words)
    if name in ("cards", "give", "get", "take") and len(words) > 2:
        pairs = [" ".join(words[i : i + 2]) for i in range(0, len(words), 2)]
        return ", ".join(pairs)
    return " ".join(words)


def _compose(cls: type, v: dict[str, str]) -> str:
    """The notation of kind ``cls`` with the fields' values ``v`` (a missing one left out:
    the reader says it is missing)."""
    name = cls.__name__
    get = v.get
    whole = " all" if get("commodities", "").lower() in ("yes", WHOLE_HAND) else ""
    if name == "BankTrade":
        return f"bank {get('count', '')} {get('give', '')} for {get('get', '')}"
    if name in ("Offer", "Bid"):
        to = f" {get('to', '')}" if name == "Offer" else ""
        return f"{_notation_word(cls)}{to} {get('give', '')} for {get('get', '')}"
    if name == "ForcedTrade":
        return f"force{whole} take {get('take', '')} give {get('give', '')}"
    if name == "ForcedDraw":
        return f"force{whole}"
    if name in _NEUTRAL_PIECES:
        spot = get("vertex", get("edge", ""))
        return f"neutral {get('neutral', '')} {_NEUTRAL_PIECES[name]} {spot}"
    said = [get(f.name, "") for f in fields(cls) if f.name != "player"]
    return " ".join([_notation_word(cls), *said])
