"""A move in a learner's words: what the answer box and Try a move read besides notation.

The page says moves in words ("P1 builds a settlement on E4") and a learner types them so:
"P1 settlement E4", "settlement E4", "build a settlement on E4", "road N5", "city A12",
"move the robber to K and rob P2", "roll the dice", "end my turn", "buy a development card",
"recruit a knight on F6", "move the knight from F6 to J4", "trade 4 wool for 1 ore"...
``as_notation`` spells such words in the engine's notation, which ``actions.parse_action``
then reads unchanged: notation itself stays strict (and is read as it is, first); this reader
only knows the page's words for the moves. The seat may be left out when it is the mover's.
Words it cannot read get a learner's error (``MoveWordsError``): what is wrong and the words it
takes, never the notation reader's character offsets.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import TYPE_CHECKING

from .actions import MAX_NOTATION_CHARS, REGISTRY, TRACK_NAMES, Action, Recruit
from .errors import CatanError, NotationError

if TYPE_CHECKING:
    from .game import Game

_TOKEN = re.compile(r"[^\s,.;:!?()\"“”]+")
_SEAT = re.compile(r"^p([1-9])$", re.IGNORECASE)
_POSSESSIVE = re.compile(r"['’]s$", re.IGNORECASE)

# The page's words for a kind of move -> the kind they name (resolved by ``_kind``).
KIND_WORDS = {
    "settlement": "settle", "settlements": "settle", "settle": "settle", "village": "settle",
    "city": "city", "cities": "city", "upgrade": "upgrade",
    "road": "road", "roads": "road", "street": "road",
    "robber": "robber", "thief": "robber",
    "roll": "roll", "rolls": "roll", "dice": "roll", "throw": "roll",
    "end": "end", "ends": "end", "finish": "end", "done": "end",
    "buy": "buy", "buys": "buy", "development": "dev", "dev": "dev",
    "knight": "knight", "knights": "knight", "recruit": "recruit", "promote": "promote",
    "activate": "activate", "wall": "wall", "walls": "wall", "move": "move", "chase": "chase",
    "improve": "improve", "improvement": "improve",
    "trade": "trade", "trades": "trade", "bank": "trade", "exchange": "trade",
    "maritime": "trade", "plenty": "plenty", "monopoly": "monopoly", "discard": "discard",
    "discards": "discard",
}  # fmt: skip
# Words that say nothing the notation needs ("build a settlement on the corner E4").
FILLER = frozenset(
    "a an the on at to onto in into my our his her their its new please i want will would "
    "like lets let's let me build builds building place places put puts play plays make "
    "makes corner edge hex spot vertex intersection side path and then with of turn card "
    "cards steal steals rob robs from there here it go goes moves using by player year "
    "for".split()
)
_KEEP_FOR = frozenset({"trade", "bank"})  # kinds whose notation has its own "for"


class MoveWordsError(NotationError):
    """Words typed that are no move: ``why`` in a learner's sentence (no offsets), the
    ``word`` at fault ('' for none)."""

    def __init__(self, why: str, word: str = "") -> None:
        super().__init__(why)
        self.why, self.word = why, word


def _tokens(text: str) -> list[str]:
    return [_POSSESSIVE.sub("", t) for t in _TOKEN.findall(text)]


def _kind(keys: set[str], ck: bool, tracked: bool) -> str:
    """The notation word of the kind ``keys`` (the kind words typed) name; '' for none.
    ``ck``: the variant has knights on the board; ``tracked``: a track (science...) is named."""
    if "chase" in keys or (ck and "knight" in keys and "robber" in keys):
        return "chase"
    if "wall" in keys:
        return "wall"
    if ck and keys & {"knight", "recruit", "promote", "activate"}:
        for word in ("promote", "activate", "move"):
            if word in keys:
                return word
        return "promote" if "upgrade" in keys else "recruit"
    if "knight" in keys:  # the development card (a base game)
        return "knight"
    if "improve" in keys or (tracked and keys & {"buy", "upgrade", "city"}):
        return "improve"
    if keys & {"city", "upgrade"}:
        return "city"
    if "settle" in keys:
        return "settle"
    if "road" in keys and "building" in keys:
        return "roadbuilding"
    for word in ("road", "robber", "plenty", "monopoly", "discard", "trade"):
        if word in keys:
            return "bank" if word == "trade" else word
    if keys & {"buy", "dev"}:
        return "buy"
    for word in ("roll", "end"):
        if word in keys:
            return word
    return ""


def learner_notation(game: Game, text: str) -> str | None:
    """The notation the words of ``text`` spell, or None when they name no kind of move (the
    result is not checked: ``parse_action`` reads it)."""
    tokens = _tokens(text)
    seat = ""
    if tokens and _SEAT.match(tokens[0]):
        seat, tokens = tokens[0].upper(), tokens[1:]
    elif len(tokens) > 1 and tokens[0].lower() == "player" and tokens[1].isdigit():
        seat, tokens = f"P{tokens[1]}", tokens[2:]
    keys: set[str] = set()
    args: list[tuple[int, str]] = []  # (order, token): after "from" first (a knight's corner)
    after_from = False
    for k, tok in enumerate(tokens):
        low = tok.lower()
        last = k == len(tokens) - 1
        if low == "building" and "road" in keys:
            keys.add("building")
        elif low in KIND_WORDS and not (low == "trade" and keys & {"improve", "buy"}):
            keys.add(KIND_WORDS[low])
        elif low == "from":
            after_from = True
        elif low in ("a", "i") and not last:  # the article, the pronoun (not hex A, I)
            continue
        elif low in ("a", "i"):  # the last word: hex A or I ("move the robber to A")
            args.append((1, tok))
        elif low in FILLER and not (low == "for" and keys & _KEEP_FOR):
            continue
        else:
            args.append((0 if after_from else 1, tok))
            after_from = False
    if "trade" in keys and keys & {"improve", "buy"}:  # "trade improvement": the track
        keys.discard("trade")
        args.insert(0, (1, "trade"))
    tracked = any(t.lower() in TRACK_NAMES for _, t in args)
    ck = Recruit in game.rules.applies
    kind = _kind(keys, ck, tracked)
    if not kind:
        return None
    in_order = sorted(args, key=lambda x: x[0]) if kind == "move" else args
    words = [t for _, t in in_order]
    seats = [t for t in words if _SEAT.match(t)]
    if kind not in ("robber", "chase") and not seat and len(seats) == 1:  # "E4 for P1"
        seat = seats[0].upper()
        words = [t for t in words if t is not seats[0]]
    if kind in ("robber", "chase"):  # the spot(s), then whom to rob
        spots = [t for t in words if not _SEAT.match(t)]
        if kind == "chase":  # the knight's corner, then the hex
            spots.sort(key=lambda t: len(t) == 1)
        words = spots + [t.upper() for t in seats]
    if kind == "bank":  # "4 wool for 1 ore": the bank gives one card
        words = [t for i, t in enumerate(words) if not (t == "1" and i and words[i - 1] == "for")]
    return " ".join([seat, kind, *words]).strip()


def as_notation(game: Game, text: str, avoid: Collection[str] = ()) -> str:
    """``text`` as notation the engine reads: itself when it is notation, else what its words
    spell (``learner_notation``). Raises ``MoveWordsError`` with a learner's sentence: what
    is wrong, or the words it takes (examples naming none of the labels in ``avoid``: a
    puzzle's answer)."""
    if not isinstance(text, str):
        raise MoveWordsError("A move is typed as text.")
    if len(text) > MAX_NOTATION_CHARS:
        raise MoveWordsError(
            f"A move is at most {MAX_NOTATION_CHARS} characters long; this text has {len(text)}."
        )
    try:
        game.parse(text)
        return text
    except CatanError as strict:
        first = strict
    tokens = _tokens(text)
    spelled = learner_notation(game, text)
    if spelled is None:
        head = next((t for t in tokens if not _SEAT.match(t) and not _filler(t)), "")
        if head.lower() in REGISTRY or any(k.startswith(head.lower() + " ") for k in REGISTRY):
            raise _plain(first) from None  # notation's own word: its reader says what is wrong
        if not tokens:
            raise MoveWordsError(f"Nothing is typed. {examples(game, avoid)}") from None
        word = head or tokens[0]
        raise MoveWordsError(f"I cannot read “{word}”. {examples(game, avoid)}", word)
    try:
        game.parse(spelled)
    except CatanError as e:
        raise _plain(e) from None
    return spelled


def read_move(game: Game, text: str, avoid: Collection[str] = ()) -> Action:
    """The action ``text`` names, in notation or a learner's words (``as_notation``)."""
    return game.parse(as_notation(game, text, avoid))


def _filler(token: str) -> bool:
    """A word that names no part of a move ("build", "the"...)."""
    return token.lower() in FILLER or token.lower() in ("a", "i")


# The notation reader's reasons, said for a learner (the rest: as it says them).
_REASONS = (
    (re.compile(r"^expected (.+) after the end of the text$"), r"\1 is missing at the end"),
    (re.compile(r"^expected (.+)$"), r"\1 was expected here"),
    (re.compile(r"^unexpected extra words$"), "there are extra words at the end"),
    (re.compile(r"'([^']*)'"), r"“\1”"),
)


def _plain(e: CatanError) -> MoveWordsError:
    """The notation reader's error as a learner's one: its reason, no offsets."""
    why = getattr(e, "why", "") or str(e)
    if why.startswith("cannot read ") and ": " in why:
        why = why.split(": ", 1)[1]
    for pattern, words in _REASONS:
        why = pattern.sub(words, why)
    return MoveWordsError(why[:1].upper() + why[1:].rstrip(".") + ".", getattr(e, "word", ""))


# Example moves, each with labels to pick from (the first not to avoid).
_EXAMPLES = (
    ("settlement {}", ("H4", "C6", "Q2")),
    ("road {}", ("H3", "C5", "Q1")),
    ("city {}", ("J12", "D4", "R8")),
    ("robber {}", ("K", "E", "R")),
)
_CK_EXAMPLES = (("knight {}", ("F6", "L10", "B2")), ("wall {}", ("J12", "D4", "R8")))


def examples(game: Game, avoid: Collection[str] = ()) -> str:
    """The words the reader takes, as examples: "Type a move like “settlement H4”, …"."""
    shown = [*_EXAMPLES, *(_CK_EXAMPLES if Recruit in game.rules.applies else ())]
    said = []
    for pattern, labels in shown:
        label = next((x for x in labels if x not in avoid), labels[-1])
        said.append(f"“{pattern.format(label)}”")
    road = next((x for x in _EXAMPLES[1][1] if x not in avoid), "Q1")
    who = next((p for p in ("P2", "P3", "P1") if p not in avoid), "P2")
    return (
        f"Type a move like {', '.join(said)}, “roll” or “end turn”, with the player first "
        f"when it is another player's move (“{who} road {road}”)."
    )
