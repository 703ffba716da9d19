"""A move in a learner's words: what the answer box and Try a move read besides notation.

The page says moves in words ("P1 builds a settlement on E4") and a learner types them so:
"P1 settlement E4", "settlement E4", "build a settlement on E4", "road N5", "city A12",
"move the robber to K and rob P2", "roll the dice", "end my turn", "buy a development card",
"recruit a knight on F6", "move the knight from F6 to J4", "trade 4 wool for 1 ore", "road for
Neutral 2 on G5", "N2 road G5"... And the page's own sentence for any move legal now (the
Moves tab's, the narration's: ``said_moves``) reads back as that move, whatever its kind.
``as_notation`` spells such words in the engine's notation, which ``actions.parse_action``
then reads unchanged: notation itself stays strict (and is read as it is, first); this reader
only knows the page's words for the moves. The seat may be left out when it is the mover's.
Words it cannot read get a learner's error (``MoveWordsError``): what is wrong and the words it
takes, never the notation reader's character offsets.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from dataclasses import fields
from typing import TYPE_CHECKING

from . import (
    ambiguous_words,
    between_words,
    count_words,
    dummy_words,
    forced_trade_typed,
    trade_card_words,
)
from .actions import (
    KNIGHT_LEVELS,
    MAX_NOTATION_CHARS,
    REGISTRY,
    TRACK_NAMES,
    Action,
    BankTrade,
    BuildRoad,
    BuyDev,
    Chance,
    ForcedGive,
    ForcedTrade,
    Improve,
    NeutralKnight,
    NeutralPromote,
    NeutralRoad,
    NeutralSettle,
    Offer,
    PlayProgress,
    Recruit,
)
from .board import CARD_NAMES, EDGE_LABELS, HEX_NAMES, RESOURCES, VERTEX_LABELS
from .errors import CatanError, NotationError
from .form_words import QUESTIONS, MissingPart, form_notation
from .grammar import and_list, or_list
from .progress_cards import CARDS
from .typed_forms import how_to_type, kind_named, plain_reason
from .word_not_read import lacking, left_over, not_understood, word_at_fault
from .words import (
    hex_spot_words,
    knight_words,
    level_words,
    place_words,
    slip_words,
    spaced_labels,
)
from .words.clause_words import AIMED_AT, without_reason
from .words.dev_card_words import DEV_CARD_ASKED, dev_cards_played

if TYPE_CHECKING:
    from .game import Game
    from .state import State

_TOKEN = re.compile(r"[^\s,.;:!?()\"“”]+")
_SEAT = re.compile(r"^p([1-9])$", re.IGNORECASE)
_POSSESSIVE = re.compile(r"['’]s$", re.IGNORECASE)

# The page's words for a kind of move -> the kind they name (resolved by ``_kind``).
KIND_WORDS = {
    "settlement": "settle", "settlements": "settle", "settle": "settle", "village": "settle",
    "house": "settle", "houses": "settle",  # a learner's word for it (l30)
    "raise": "improve",  # "raise science to level 5" (CK-IMPROVE-BUILD: "raises a track")
    "city": "city", "cities": "city", "upgrade": "upgrade",
    "road": "road", "roads": "road", "street": "road",
    "robber": "robber", "thief": "robber", "block": "robber",  # "block Q and steal…" (l32)
    "roll": "roll", "rolls": "roll", "dice": "roll", "throw": "roll",
    "end": "end", "ends": "end", "finish": "end", "done": "end",
    "buy": "buy", "buys": "buy", "development": "dev", "dev": "dev",
    "knight": "knight", "knights": "knight", "recruit": "recruit", "promote": "promote",
    "hire": "recruit",  # "hire a knight at N4" (l32)
    "spend": "buy",  # "spend the coin on politics": an improvement, beside a track (l32)
    "activate": "activate", "wall": "wall", "walls": "wall", "move": "move", "chase": "chase",
    "improve": "improve", "improvement": "improve", "improves": "improve", "improved": "improve",
    "improving": "improve", "level": "improve", "metropolis": "improve", "forced": "force",
    "force": "force", "forces": "force",
    "trade": "trade", "trades": "trade", "bank": "trade", "exchange": "trade",
    "maritime": "trade", "plenty": "plenty", "monopoly": "monopoly", "discard": "discard",
    "active": "activate", "soldier": "knight", "soldiers": "knight",
    "discards": "discard",
    **dict.fromkeys(knight_words.WORDS, "activate"),  # "wake", "feed" (l32 at 4.19)
}  # fmt: skip
# Words of KIND_WORDS that name what a move of a kind is about, not the move: they name it
# only beside a track or a verb of it ("trade metropolis", "improve to level 4"); alone, or
# beside a verb no move has ("protect the metropolis": "Which track?" at 10.6, l24), no kind.
_OBJECT_WORDS = frozenset({"metropolis", "level"})
# Words that say nothing the notation needs ("build a settlement on the corner E4"), and
# what a form offers for an optional field left empty ("rob from: nobody", a second card
# "none": ``widgets.forms.value_label``), which the notation leaves out.
FILLER = (
    frozenset(
        "a an the on at to onto in into my our his her their its new please i want will would "
        "like lets let's let me build builds building place places put puts play plays make "
        "makes corner edge hex spot vertex intersection side path and then with of turn card "
        "cards steal steals rob robs from there here it go goes using by player year "
        "for free owed owes nobody none name naming first second third last next another "
        "take takes took taking toward towards track tracks more also just".split()
        # "toward G": to G (l29, clause_words); "the science track" (l30)
    )
    | frozenset(  # a subject and its verb in one word: words, never a label (l31 at 8.11: "I'd
        # build a city wall" was told "“I'd” is not a corner", read as the label I and a "d")
        "i'd i'll i'm i've we'd we'll we're we've you'd you'll let's".split()
    )
    | frozenset(  # words said around a move that name no part of it (l32: "just roll the dice"
        # was told "There are extra words at the end", the word at the start), and a knight's
        # pronouns ("feed my knight a grain so he wakes up")
        "just now simply ok okay also ahead need he him she them they down thanks use "
        "hand".split()  # ("steal a card from P2's hand", "put down a road")
    )
    | frozenset({"pay"})  # the price said with the move ("I pay a grain to wake up my
    # knight": l33 was told "“pay” was not understood"; the cards paid are ``_AROUND``'s)
    | frozenset(  # a learner's framing of a move ("I think P1 should build a road on N5":
        # s36, "think" was not understood); with no kind or spot said, still no move
        # (``_no_move_said``: "I think it is P3")
        "think thinks guess maybe perhaps probably should could suppose".split()
    )
)
_NEUTRAL = re.compile(r"^n([12])$", re.IGNORECASE)  # a neutral (two-player rules): N1, N2
# A kind a neutral gets -> its word in the notation (``P1 neutral N2 road G5``).
_NEUTRAL_PIECES = {"settle": "settle", "road": "road", "recruit": "knight", "promote": "promote"}
# a bank trade's "(4:1)", as the page writes it, or "at the 2:1 harbor" (11.16 typed, s19)
_RATE = re.compile(r"\(\s*\d+\s*:\s*1\s*\)|\b\d+:1\b")
# kinds whose words before "trade" make it the track ("upgrade trade": l26 at 10.6 read a city)
_TRACK_VERBS = frozenset({"improve", "buy", "upgrade"})
_KEEP_FOR = frozenset({"trade", "bank"})  # kinds whose notation has its own "for"


# A verb typed in another form -> the form the words above know ("activates", "recruited",
# "settling": a fresh learner's "P1 activates knight Q6" was read as recruiting at a corner
# "activates"); the endings tried, in order, and the forms no ending makes.
_ENDINGS: tuple[tuple[str, str], ...] = (("ies", "y"), ("es", ""), ("s", ""), ("ed", ""))
_ENDINGS += (("ed", "e"), ("d", ""), ("ing", ""), ("ing", "e"))
_IRREGULAR = {"built": "build", "bought": "buy", "threw": "throw", "thrown": "throw",
              "made": "make", "upgrading": "upgrade", "placing": "place", "robbing": "rob",
              "stealing": "steal", "paid": "pay"}  # fmt: skip


def _base(low: str) -> str:
    """``low`` (a word in small letters) as KIND_WORDS or FILLER has it, when it is one of
    theirs in another form; else itself."""
    low = low.replace("’", "'")  # a curly apostrophe as a straight one ("I’d": "I'd")
    if low in KIND_WORDS or low in FILLER:
        return low
    for end, add in _ENDINGS:
        stem = low[: -len(end)] + add
        if low.endswith(end) and len(stem) >= 3 and (stem in KIND_WORDS or stem in FILLER):
            return stem
    return _IRREGULAR.get(low, low)


class MoveWordsError(NotationError):
    """Words typed that are no move: ``why`` in a learner's sentence (no offsets), the
    ``word`` at fault ('' for none), and ``meant``: the kind of move's word its "did you
    mean" takes it for ('' for none: "citty" is "city")."""

    def __init__(self, why: str, word: str = "", meant: str = "") -> None:
        super().__init__(why)
        self.why, self.word, self.meant = why, word, meant


INCOMPLETE = "The move does not say."  # after the question of the part a move leaves out


def asked(question: str) -> str:
    """The question of a part left out as the reply says it: a bare question ("Which hex?")
    then ``INCOMPLETE``; one said in full already ("Which edge? … name one by its label.")
    alone, once (l31 read "… name one by its label. The move does not say." as tacked on)."""
    return f"{question} {INCOMPLETE}" if question.rstrip().endswith("?") else question


class PartLeftOut(MoveWordsError):
    """A move typed with a part it needs left out (the form's field, the notation's last
    word, a bank trade's count): ``question`` asks for it ("Which hex?"). One kind of reply
    wherever the reader meets it (l22: "P2 play merchant" was "Not read as a move", "a knight
    for neutral 1" said "That is not a move" under "Not complete"): the puzzle box says
    "Not complete", the question and ``INCOMPLETE``; elsewhere ``how`` follows."""

    def __init__(self, question: str, how: str = "", kind: type | None = None) -> None:
        super().__init__(f"{asked(question)} {how}".strip())
        self.question, self.kind = question, kind  # (the kind of move it is, when known)


# "no one" (and "no-one", "noone") as the one word the forms offer: "nobody" (s18: "rob no
# one" read "no" as a seat)
_NO_ONE = re.compile(r"\bno[\s-]*one\b", re.IGNORECASE)


# "citywall" and "city-wall" as "city wall" (s36: "P1 build a citywall" got no reading)
_CITY_WALL = re.compile(r"\bcity-?(walls?)\b", re.IGNORECASE)


def _tokens(text: str) -> list[str]:
    text = _CITY_WALL.sub(r"city \1", _NO_ONE.sub("nobody", text))
    return [_POSSESSIVE.sub("", t) for t in _TOKEN.findall(text)]


def _kind(keys: set[str], ck: bool, tracked: bool) -> str:
    """The notation word of the kind ``keys`` (the kind words typed) name; '' for none.
    ``ck``: the variant has knights on the board; ``tracked``: a track (science...) is named."""
    if "force" in keys:  # a forced trade (2P-TOKEN-FORCED-TRADE), not the bank's
        return "force"
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
    if not ck and (verbs := keys & {"recruit", "activate", "promote"}):  # "wake", "hire" alone:
        return min(verbs)  # a knight's move, which this game has none of (said so: s26)
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
    if "move" in keys and not ck:  # "move it to Q": the robber, the one piece that moves here
        return "robber"  # (BASE-ROBBER-MOVE; l35 at 2.2 was told there are no knights)
    return ""


def learner_notation(game: Game, text: str) -> str | None:
    """The notation the words of ``text`` spell, or None when they name no kind of move (the
    result is not checked: ``parse_action`` reads it)."""
    tokens = _tokens(_RATE.sub(" ", text))
    seat = ""
    if tokens and _SEAT.match(tokens[0]):
        seat, tokens = tokens[0].upper(), tokens[1:]
    elif len(tokens) > 1 and tokens[0].lower() == "player" and tokens[1].isdigit():
        seat, tokens = f"P{tokens[1]}", tokens[2:]
    tokens, neutral = _neutral_of(game, tokens)
    tokens = count_words.in_digits(tokens, KIND_WORDS)  # "two ore", "one road" (l24)
    keys: set[str] = set()
    objects: set[str] = set()  # the object words typed (``_OBJECT_WORDS``)
    args: list[tuple[int, str]] = []  # (order, token): after "from" first (a knight's corner)
    after_from = False
    taken_from: list[str] = []  # a player named after "from": whom it is taken from (l35)
    for k, tok in enumerate(tokens):
        low = _base(tok.lower())
        last = k == len(tokens) - 1
        if low == "building" and "road" in keys:
            keys.add("building")
        elif low in _OBJECT_WORDS:  # "metropolis", "level": an improvement's only with a
            objects.add(low)  # track or its verb ("protect the metropolis" is none: l24)
        elif low == "raise" and not game.state.caps.improvements and len(tokens) > 1:
            # (no tracks to raise: "raises trade to level 5" is no move here; alone, the
            # word is an improvement's, which this game has none of)
            args.append((1, tok))
        elif low in KIND_WORDS and not (low == "trade" and keys & _TRACK_VERBS):
            keys.add(KIND_WORDS[low])
        elif low == "from":
            after_from = True
        elif low == "resource" and not last and tokens[k + 1].lower() == "monopoly":
            continue  # the card's name as C&K says it ("play resource monopoly": l19)
        elif low in ("a", "i") and not last:  # the article, the pronoun (not hex A, I)
            continue
        elif low in ("a", "i"):  # the last word: hex A or I ("move the robber to A")
            args.append((1, tok))
        elif low in FILLER and not (low == "for" and keys & _KEEP_FOR):
            continue
        else:
            args.append((0 if after_from else 1, tok))
            if after_from and _SEAT.match(tok):
                taken_from.append(tok)
            after_from = False
    if objects and _names_improvement(keys, [t for _, t in args]):
        keys.add("improve")  # "trade level 5", "buy level 4", "metropolis on A6" (its form's)
    if "trade" in keys and keys & _TRACK_VERBS:  # "trade improvement": the track
        keys.discard("trade")
        args.insert(0, (1, "trade"))
    tracked = any(t.lower() in TRACK_NAMES for _, t in args)
    ck = Recruit in game.rules.applies
    if not keys and _robs_on_hex(tokens, [t for _, t in args]):  # "M, and rob blue" (l34)
        keys.add("robber")
    kind = _kind(keys, ck, tracked)
    if _plays_unnamed_card(game, tokens, keys, [t for _, t in args]):  # not a purchase (s35)
        raise PartLeftOut(DEV_CARD_ASKED, dev_cards_played(game.rules.applies))
    if not kind and keys == {"move"}:  # "move it to Q": the robber or a knight (l35)
        kind = ambiguous_words.moved_piece(game, [t for _, t in args if not _SEAT.match(t)])
    if not kind:
        return None
    args = [(k, t) for k, t in args if not _said_around(kind, t)]
    in_order = sorted(args, key=lambda x: x[0]) if kind == "move" else args
    words = [t for _, t in in_order]
    seats = [t for t in words if _SEAT.match(t)]
    # (a forced trade's player named is the one taken from, never the mover: l32's "force a
    # trade with P2: …" was read as P2's move; and a player said after "from" is whom it is
    # taken from, never the mover: l35's "take the science metropolis from white" was P3's)
    from_named = any(t is s for t in seats for s in taken_from)
    if kind not in ("robber", "chase", "force") and not seat and len(seats) == 1:  # "E4 for P1"
        if not from_named:
            seat = seats[0].upper()
        words = [t for t in words if t is not seats[0]]
    if kind in ("robber", "chase"):  # the spot(s), then whom to rob
        spots = [t for t in words if not _SEAT.match(t)]
        if kind == "chase":  # the knight's corner, then the hex
            spots.sort(key=lambda t: len(t) == 1)
        words = spots + [t.upper() for t in seats]
    if kind == "improve":  # "trade level 1": the level is the next one, not typed
        words = [t for t in words if not t.isdigit() and t.lower() not in count_words.NUMBER_WORDS]
        if not any(t.lower() in TRACK_NAMES for t in words):  # "metropolis on A6": which track?
            words = []
    if kind == "force":  # "with P2": the opponent, whom the notation does not name
        # "1 brick for 2 wool": take, then give (base-2p's, or C&K's give-back when due);
        # else "for 2 cards" says the draw's two cards (l38 at 11.16 was told "Giving back")
        gives = ForcedTrade in game.rules.applies or "ForcedGive" in legal_kinds(game)
        words = [
            "give" if t.lower() == "for" else t
            for t in (words if gives else _without_draw_count(words))
            if not _SEAT.match(t) and t.lower() != "take"
        ]
        kind = "force take" if ForcedTrade in game.rules.applies else kind  # base-2p's
    if kind == "bank":  # "4 wool for 1 ore": the bank gives one card
        words = [t for i, t in enumerate(words) if not (t == "1" and i and words[i - 1] == "for")]
    if neutral and kind in _NEUTRAL_PIECES:  # "road for Neutral 2 on G5": P1 neutral N2 road G5
        said = lambda n: " ".join([seat, "neutral", n, _NEUTRAL_PIECES[kind], *words]).strip()  # noqa: E731
        return said(neutral if neutral != UNNAMED else neutral_meant(game, said))
    if neutral == UNNAMED:  # "a city for the neutral": no piece a neutral gets, not read
        return None
    return " ".join([seat, kind, *words]).strip()


def _plays_unnamed_card(game: Game, tokens: list[str], keys: set[str], args: list[str]) -> bool:
    """``tokens`` play a development card and name none ("P1 play a development card", "play
    a card"; every word read, ``args`` none) in a game with them (BASE-DEV-PLAY): s35's "P1
    play development card" was read as buying one, as "development" alone is."""
    if BuyDev not in game.rules.applies or args or not keys <= {"dev"}:
        return False
    words = {_base(t.lower()) for t in tokens}
    return bool(words & {"play", "plays"}) and bool("dev" in keys or words & {"card", "cards"})


def legal_kinds(game: Game) -> set[str]:
    """The class names of the moves legal now."""
    return {type(a).__name__ for a in game.legal_actions()}


def _without_draw_count(words: list[str]) -> list[str]:
    """``words`` without "for 2 cards" (a forced draw's two cards, CK2P-TOKEN-FORCED-TRADE)."""
    out, i = [], 0
    while i < len(words):
        if words[i].lower() == "for" and i + 1 < len(words) and words[i + 1].isdigit():
            i += 3 if i + 2 < len(words) and _base(words[i + 2].lower()) == "card" else 2
            continue
        out.append(words[i])
        i += 1
    return out


def _robs_on_hex(tokens: list[str], args: list[str]) -> bool:
    """``tokens`` say whom to rob, and a hex or none, with no word for the robber ("the 8
    forest, M, and rob blue": l34 at 2.2; "steal from blue", the hex asked: l35;
    BASE-ROBBER-MOVE): a robber's move."""
    robs = any(_base(t.lower()) in ("rob", "steal") for t in tokens)
    hexes = [t for t in args if len(t) == 1 and t.upper() in HEX_NAMES]
    seats = [t for t in args if _SEAT.match(t)]
    said = len(hexes) == 1 or (not hexes and seats)
    return robs and bool(said) and all(t in hexes or t in seats for t in args)


# Words a kind's move may carry that its notation leaves out (11.16 typed, s19): a knight's
# strength ("puts a basic knight on N4", "promotes it to a strong knight"), the cards paid
# ("activates the knight with a grain"), a metropolis taken ("and takes the metropolis").
_CARDS_PAID = frozenset({*CARD_NAMES, "wood", "sheep", "wheat", "clay", "stone", "grains"})
_AROUND = {
    **dict.fromkeys(("recruit", "activate", "promote"), frozenset(KNIGHT_LEVELS) | _CARDS_PAID),
    # (and a place no label names: "a road toward the harbor" asks which edge, l29)
    **dict.fromkeys(("settle", "road", "city", "wall"), _CARDS_PAID | {"around"} | AIMED_AT),
    "improve": _CARDS_PAID | {"take", "takes", "taking", "took", "win", "wins", "winning", "gets"},
}
# a wall goes under a city ("build a wall under the city": l38c-style, "under" was not read)
_AROUND["wall"] = _AROUND["wall"] | {"under", "beneath", "below", "round"}


def _said_around(kind: str, token: str) -> bool:
    """``token`` is a word a move of ``kind`` may be said with that its notation leaves out."""
    low = token.lower()
    return low in _AROUND.get(kind, ()) or (
        low.endswith("s") and low[:-1] in _CARDS_PAID and kind in _AROUND
    )


def _names_improvement(keys: set[str], args: list[str]) -> bool:
    """Whether a sentence with an object word ("metropolis", "level") and these kind words
    and other words is an improvement: with a kind word ("buy level 4", "trade level 5") or a
    track; or "metropolis on A6" (its form's words) where no other word is unread; never a
    sentence of no move's words ("protect the metropolis": l24 at 10.6)."""
    low = [t.lower() for t in args]
    if keys or any(t in TRACK_NAMES for t in low):
        return True
    spots = [t for t in args if t.upper() in VERTEX_LABELS]
    return bool(spots) and all(t in spots or t.isdigit() for t in args)


def _neutral_of(game: Game, tokens: list[str]) -> tuple[list[str], str]:
    """The tokens without the neutral they name ("Neutral 2", "neutral N2", or "N2" beside
    another spot), and that neutral as the notation writes it ("N2"; '' for none). Only
    where the rules have neutrals (2P-NEUTRAL-MIRROR): elsewhere N2 is a corner."""
    if NeutralRoad not in game.rules.applies:
        return tokens, ""
    low = [t.lower() for t in tokens]
    for i, t in enumerate(low):
        if t in ("neutral", "neutrals") and i + 1 < len(low):
            nxt = low[i + 1]
            if nxt in ("1", "2") or _NEUTRAL.match(nxt):
                return tokens[:i] + tokens[i + 2 :], f"N{nxt[-1]}"
    if said := [i for i, t in enumerate(low) if t in ("neutral", "neutrals")]:
        # "a road for the neutral": which one, ``_neutral_meant`` decides (or asks)
        return [t for i, t in enumerate(tokens) if i not in said], UNNAMED
    named = [i for i, t in enumerate(tokens) if _NEUTRAL.match(t)]
    spots = [t for t in tokens if re.fullmatch(r"[a-s](?:\d+|\|[a-s].*)", t, re.IGNORECASE)]
    if len(named) == 1 and len(spots) >= 2:  # "N2 road G5": N2 names the neutral here
        i = named[0]
        return tokens[:i] + tokens[i + 1 :], tokens[i].upper()
    return tokens, ""


UNNAMED = "?"  # a neutral said without its number ("the neutral")


def neutral_meant(game: Game, said: Callable[[str], str]) -> str:
    """The neutral "the neutral" means in the move ``said`` spells for each ("N1", "N2"):
    the one it is legal for (2P-NEUTRAL-CHOOSER: the builder picks); else, with no spot or a
    spot neither takes, the one that can take a piece of its kind now. Where both (or none)
    could be meant, which is asked, in the page's names for them (l27 in base-2p: "a road for
    the neutral" was "The word “neutral” was not understood")."""
    legal = set(game.legal_actions()) if not (game.is_over() or game.is_chance()) else set()
    kinds: dict[str, type] = {}
    moves: dict[str, Action] = {}
    for n in ("N1", "N2"):
        try:
            moves[n] = game.parse(said(n))
        except CatanError:
            continue
        kinds[n] = type(moves[n])
    fits = [n for n, a in moves.items() if a in legal]
    if len(fits) != 1:
        fits = [
            n
            for n, cls in kinds.items()
            if any(isinstance(a, cls) and f"neutral {n} " in str(a) for a in legal)
        ]
    if len(fits) == 1:
        return fits[0]
    s = game.state
    kind = next(iter(kinds.values()), None)
    if not kinds:  # its spot left out ("a road for the neutral"): the kind it reads as
        kind = _kind_asked(game, said("N1"), "Which edge?") or _kind_asked(
            game, said("N1"), "Which corner?"
        )
    raise PartLeftOut(f"Which neutral, {s.name(s.n)} or {s.name(s.n + 1)}?", kind=kind)


# A trade token asked for as if it were bought ("P1 buys a trade token" at 11.16 was told how
# to activate a knight, then how to improve a city): tokens are earned, never a move of their
# own; which moves earn them is what the lessons teach (and a question may ask), so not said
# (the whole text: "P1 removes the knight to gain a token" names a move, and is its reader's)
_TOKEN_GOT = re.compile(
    r"^\s*(?:p[1-9]\s+)?(?:wants? to\s+)?"
    r"(?:buy|buys|bought|buying|get|gets|got|getting|gain|gains|earn|earns|purchase[sd]?)"
    r"(?:\s+(?:a|an|one|1|another|more|the|trade))*\s+tokens?"
    r"(?:\s+(?:this turn|now|from the bank))?\s*[.!]?\s*$",
    re.IGNORECASE,
)
TOKEN_EARNED = (
    "A trade token is not bought or taken as a move of its own: a player earns tokens by "
    "certain moves and pieces on the board, and spends them on token actions."
)


def has_trade_tokens(game: Game) -> bool:
    """The game is one for two with trade tokens (2P-TOKEN-FORCED-TRADE, CK2P-TOKEN-*)."""
    from .variants.two_player_actions import ForcedDraw, ForcedTrade

    return bool({ForcedTrade, ForcedDraw} & set(game.rules.applies))


def as_notation(
    game: Game, text: str, avoid: Collection[str] = (), chosen: type | None = None
) -> str:
    """``text`` as notation the engine reads: itself when it is notation, else what its words
    spell (``learner_notation``). Raises ``MoveWordsError`` with a learner's sentence: what
    is wrong, and how the kind of move named (else the kind ``chosen`` on the page) is typed
    (``typed_forms``), or the words it takes; no example names the labels or moves in
    ``avoid`` (a puzzle's answer). Words that leave a part out raise ``PartLeftOut``."""
    try:
        return _words_as_notation(game, text, avoid, chosen)
    except MoveWordsError as e:  # "P1 buys a trade token" (11.16): not read, tokens said
        said = isinstance(text, str) and _TOKEN_GOT.search(text) and has_trade_tokens(game)
        if type(e) is MoveWordsError and said:
            raise MoveWordsError(TOKEN_EARNED, "token") from None
        raise


def _words_as_notation(
    game: Game, text: str, avoid: Collection[str] = (), chosen: type | None = None
) -> str:
    """``as_notation``, but for a token asked for as if bought."""
    read = lambda rest: _as_notation(game, rest, avoid, chosen)  # noqa: E731
    if isinstance(text, str):  # a seat by its colour, for every reader after (l31: "blue's")
        text = _seat_by_colour(game, _track_by_colour(text))
        text = forced_trade_typed.made_to_give(game, text)  # "forces P2 to give 2 wool" (l38c)
    if isinstance(text, str) and (drawn := forced_trade_typed.with_scope(game, text, read)):
        return drawn  # "... a blind draw from P2's whole hand" (l23)
    try:
        notation = _as_notation(game, text, avoid, chosen)
    except PartLeftOut:
        raise
    except MoveWordsError as first:  # "gives back a brick and a lumber" (s33 at 11.16: "back"
        # was not understood, read as Wedding's gift): the forced trade's give-back, when due
        back = forced_trade_typed.given_back(game, text) if isinstance(text, str) else text
        if back == text:
            raise
        try:
            notation = _as_notation(game, back, avoid, chosen)
        except PartLeftOut:  # "gives back 2 cards": which cards
            raise
        except MoveWordsError:
            raise first from None  # (the text's own reply, read once)
        if type(game.parse(notation)) is not ForcedGive:  # "gives back", no card said
            how = how_to_type(game, ForcedGive, avoid)
            raise PartLeftOut(QUESTIONS["give"], how, ForcedGive) from None
    if (seat := _seat_read_as_spot(game, text, notation)) is not None:  # "from P2": the player
        notation = _as_notation(game, text.replace(seat, " "), avoid, chosen)
    if notation != text and (asks := forced_trade_typed.scope_left_out(game, text, notation)):
        raise PartLeftOut(asks, kind=type(game.parse(notation)))
    if notation != text and (level := _level_not_next(game, text, notation)):
        raise LevelNotNext(level, notation)  # "raise science to level 5", science at 2 (l31)
    return notation


class LevelNotNext(MoveWordsError):
    """An improvement read whose typed level is not the one it reaches (CK-IMPROVE-BUILD):
    the move was read (``notation``), only its level is wrong (l32 was told "Not read as a
    move" above the level's sentence)."""

    def __init__(self, why: str, notation: str) -> None:
        super().__init__(why)
        self.notation = notation


def _level_not_next(game: Game, text: str, notation: str) -> str:
    """Why the level ``text`` names is not the one its improvement reaches ('' for none)."""
    try:
        return level_words.level_not_next(game.state, game.parse(notation), text)
    except CatanError:
        return ""


_SEAT_AFTER = re.compile(r"\b(?:from|to|of|with|against|for) (P[1-9])\b", re.IGNORECASE)


def _seat_read_as_spot(game: Game, text: str, notation: str) -> str | None:
    """The words "from P2" (or to, of, with, against, for) of ``text`` where its notation
    took the player as a spot's label (corner P2 is a spot too; l24 at 10.6: "P1 takes the
    trade metropolis from P2" was read as the metropolis on corner P2, said as "on L6"); None
    when no seat's name was read so. A player's name after those words is the player."""
    from .actions import spot_fields
    from .board import parse_edge, parse_vertex

    try:
        a = game.parse(notation)
    except CatanError:
        return None
    for m in _SEAT_AFTER.finditer(text):
        if int(m[1][1:]) > game.state.n:
            continue
        for name, kind, _ in spot_fields(type(a)):
            parse = parse_vertex if kind == "vertex" else parse_edge if kind == "edge" else None
            try:
                if parse is not None and getattr(a, name) == parse(m[1].upper()):
                    return m[0]
            except (CatanError, ValueError):
                continue
    return None


_NEUTRAL_JOINED = re.compile(r"\bneutral([12])\b", re.IGNORECASE)


def _as_notation(game: Game, text: str, avoid: Collection[str], chosen: type | None) -> str:
    if not isinstance(text, str):
        raise MoveWordsError("A move is typed as text.")
    if len(text) > MAX_NOTATION_CHARS:
        raise MoveWordsError(
            f"A move is at most {MAX_NOTATION_CHARS} characters long; this text has {len(text)}."
        )
    text = _seat_by_colour(game, _track_by_colour(text))
    text = _NEUTRAL_JOINED.sub(r"neutral \1", text)  # "neutral1" (l43: told "not an edge")
    try:
        strict = game.parse(text)
        return _development_card(game, strict) or ambiguous_words.pass_as_end(game, strict) or text
    except CatanError as e:
        first = e
    if said_no := dummy_words.dummy_piece(game.state, text):  # "dummy settlement P6" (s35 at 5.21)
        raise MoveWordsError(said_no)
    text = spaced_labels.joined(text)  # "road N 5": the label N5 (s35)
    text = without_reason(text)  # "... so P1 gets nothing": why, not what (l29)
    if game.state.caps.improvements:  # "get trade up to level 5" (l34, CK-IMPROVE-BUILD)
        text = level_words.brought_to_level(text)
    if Recruit in game.rules.applies:  # "turn my knight on", "wake him up" (l32)
        text = knight_words.said_as_knight_moves(text)
    hexes_said = between_words.said_between(text)  # "between N and O", as typed
    text = between_words.spot_between(text)  # "road between N and Q": their edge (l27)
    if (played := ambiguous_words.monopoly(game, text)) is not None:  # C&K: which monopoly
        return played
    ambiguous_words.upgrade(game, text)  # C&K's "upgrade" alone: a city or an improvement?
    if _plays_vp(game, text):  # (not "there are no progress cards": s18)
        raise MoveWordsError(VP_NOT_PLAYED)
    said = said_move(game, text)
    if said is not None:  # the page's own sentence for a move legal now
        return str(said)
    try:  # the form's words: "improve, metropolis on A6" (l19)
        formed = form_notation(game, text)
    except MissingPart as e:  # a field left out: asked for, unless said in other words
        if (other := _trade_said(game, text)) is not None:  # "Offer a trade to P2: 1 brick…"
            return other
        raise PartLeftOut(e.question, how_to_type(game, e.kind, avoid), e.kind) from None
    if formed is not None:
        try:
            game.parse(formed)
        except CatanError as e:
            raise _plain(e, game, formed, avoid, chosen) from None
        return formed
    try:
        spelled = trade_card_words.spelled(game, text) or forced_trade_typed.spelled(game, text)
        if spelled is None and (trade := _buys_cards(game, text)) is not None:
            raise PartLeftOut(QUESTIONS["give"], kind=trade)  # "buy a brick" (s32): a trade
        if spelled is None:  # "the desert", "next to my settlement" (l28)
            text = _places_named(game, text, avoid)
        tokens = _tokens(text)
        spelled = spelled or learner_notation(game, text)
    except PartLeftOut as e:  # asked with no how (its example must name no answer: ``avoid``)
        if e.kind is None or e.why != asked(e.question):
            raise
        raise PartLeftOut(e.question, how_to_type(game, e.kind, avoid), e.kind) from None
    if spelled is None:
        head = next((t for t in tokens if not _SEAT.match(t) and not _filler(t)), "")
        named = kind_named(text, game) is not None  # "P1 place": a word of notation too
        if (
            named
            or head.lower() in REGISTRY
            or any(k.startswith(f"{head.lower()} ") for k in REGISTRY)
        ):
            # notation's own word: its reader says what is wrong, or a slip the word meant
            # ("P1 play developement card": s35 was told there are no progress cards)
            plain = _plain(first, game, text, avoid, chosen)
            unread = [t for t in tokens if _unknown(t) and not _LABEL_LIKE.match(t)]
            if "did you mean" not in plain.why and (slips := _every_slip(game, unread, avoid)):
                raise _slip_reply(game, text, slips, unread[0], avoid, plain.why) from None
            raise plain from None
        how = how_to_type(game, chosen, avoid) or examples(game, avoid)
        if (lone := _lone_noun(tokens)) is not None:  # "science", "brick": which move? (l24)
            raise PartLeftOut(f"Which move is meant with “{lone}”?", how)
        if hexes_said:  # a spot by its hexes, no move named (l31: "I cannot read “N3”")
            raise PartLeftOut(f"Which move goes {hexes_said}?", how)
        if not tokens:  # ("?" is typed, and no word: not "Nothing is typed")
            none = "It has no words." if text.strip() else "Nothing is typed."
            raise MoveWordsError(f"{none} {how}") from None
        if _no_move_said(tokens):  # "it is P3's turn" (l28): no word of a move at all
            raise MoveWordsError(f"{NOT_A_MOVE} {how}")
        if (offer := _OFFERED.sub("offer", text)) != text:  # "P1 offers 1 lumbr for 1 ore"
            return _as_notation(game, offer, avoid, chosen)  # (s32): the offer's own reply
        word, card = _card_misspelt_in(game, text, avoid)
        if card:  # "trade 4 wol for ore": the card meant (s32), as a kind's word is
            raise MoveWordsError(f"{card} {how}", word)
        # the first word read as nothing (not "brick" of "I want a brick": a card, read)
        word = next((t for t in tokens if _unknown(t)), "")
        if word and (meant := misspelt_kind(word)):  # "rode on N3", "raod N7" (l37)
            how = how_to_type(game, _kind_class(game, meant), avoid) or how
            why = f"I cannot read “{word}”: did you mean “{meant}”? {how}"
            raise MoveWordsError(why, word, meant)
        unread = [t for t in tokens if _unknown(t) and not _LABEL_LIKE.match(t)]  # (not n3)
        if word and (slips := _slips(game, unread, avoid)):  # "bild a raod at n3" (l47)
            meant = next((m for _, m in slips if m in _KIND_SPELLINGS), "")
            how = how_to_type(game, _kind_class(game, meant), avoid) if meant else ""
            raise _slip_reply(game, text, slips, word, avoid, how)
        unsaid = f"I cannot read “{word}”." if word else "It does not say which move."
        raise MoveWordsError(f"{unsaid} {how}", word or head or tokens[0])
    try:
        game.parse(spelled)
    except CatanError as e:
        plain = _plain(e, game, spelled, avoid, chosen)
        unread = [t for t in tokens if _unknown(t) and not _LABEL_LIKE.match(t)]
        cls = kind_named(spelled, game)
        if "did you mean" not in plain.why and cls in game.rules.applies:
            # a kind read, a word of it misspelt ("buy a developement card", "improve sciense":
            # s35 was told only the word was not understood, or asked which track)
            if slips := _every_slip(game, unread, avoid):
                how = how_to_type(game, cls, avoid)
                raise _slip_reply(game, text, slips, unread[0], avoid, how) from None
        why = left_over(plain.why, getattr(e, "word", ""), tokens, lambda t: not _unknown(t))
        raise (plain if why == plain.why else MoveWordsError(why, plain.word)) from None
    return spelled


# The words a kind of move is named by that a misspelling is matched against (not the words
# a move is about, "level", "metropolis": ``_OBJECT_WORDS``)
_KIND_SPELLINGS = sorted(w for w in KIND_WORDS if w not in _OBJECT_WORDS and len(w) > 2)


_close_to = slip_words.close_to  # the one "did you mean" of the reader (a kind, a card...)


_LABEL_LIKE = re.compile(r"^[a-s]\d{1,2}$", re.IGNORECASE)  # a spot's label, as typed
# The verbs said around a move ("build a road") a misspelling is matched against too
_VERB_SPELLINGS = ("build", "make", "place", "play", "steal", "take")  # (all in FILLER)


def _every_slip(
    game: Game, words: list[str], avoid: Collection[str], close: bool = True
) -> list[tuple[str, str]]:
    """Each of ``words`` (none the reader placed) with the word of a move, of a move's verb
    or another word the reader knows it is a close misspelling of (``misspelt_word``), when
    every one is such a slip; else []. ``close``: as close as a noun's slip must be (where a
    move's kind is read already, a slip is told beside its reply: "once" is no "done")."""
    slips = [(w, misspelt_word(w, game, avoid, close)) for w in words]
    return slips if slips and all(m for _, m in slips) else []


def _slips(game: Game, words: list[str], avoid: Collection[str]) -> list[tuple[str, str]]:
    """``_every_slip`` of ``words`` when one of them names a kind of move ("bild a raod":
    “build” and “road”; l47 was told only "I cannot read “bild”"); else []."""
    slips = _every_slip(game, words, avoid, close=False)
    return slips if any(m in _KIND_SPELLINGS for _, m in slips) else []


def _slip_reply(
    game: Game,
    text: str,
    slips: list[tuple[str, str]],
    word: str,
    avoid: Collection[str],
    how: str = "",
) -> MoveWordsError:
    """The reply to ``text`` with ``slips`` (each word typed and the word meant): "I cannot
    read “bild” and “raod”: did you mean “build” and “road”?", then how the kind the words
    meant name is typed (``_how_meant``), else ``how``, else the reader's examples."""
    meant = next((m for _, m in slips if m in _KIND_SPELLINGS), "")
    how = _how_meant(game, text, dict(slips), avoid) or how or examples(game, avoid)
    typed = " and ".join(f"“{w}”" for w, _ in slips)
    fixed = " and ".join(f"“{m}”" for _, m in slips)
    return MoveWordsError(f"I cannot read {typed}: did you mean {fixed}? {how}", word, meant)


def _how_meant(game: Game, text: str, fixes: dict[str, str], avoid: Collection[str]) -> str:
    """How the kind of move ``text`` names with each slip of ``fixes`` read as the word meant
    is typed (s35 at 6.7: "P3 build a city wal" was told how a city is typed, "city" read as
    the kind; "wall" names a city wall, CK-WALL-BUILD); '' when it names no kind of the game.
    Said with ``avoid`` (an open question's answer: no example names it)."""
    fixed = text
    for slip, meant in fixes.items():
        fixed = re.sub(rf"(?<![\w'’]){re.escape(slip)}(?![\w'’])", meant, fixed)
    try:
        cls = kind_named(learner_notation(game, fixed) or "", game)
    except PartLeftOut as e:  # ("which neutral?": the kind asked about; else its question)
        if e.kind is None:
            return e.why
        cls = e.kind
    except CatanError:
        return ""
    return how_to_type(game, cls, avoid) if cls in game.rules.applies else ""


# Words of the game spelt right that lie near a kind's word ("token": "woken", which answered
# "P1 buys a trade token" at 11.16 with "did you mean “woken”?" and how to activate a knight)
_NO_SLIP = frozenset({"token", "tokens"})


def misspelt_word(
    word: str, game: Game | None = None, avoid: Collection[str] = (), close: bool = False
) -> str:
    """The word of a kind of move, of a move's verb, or (in ``game``) another word its reader
    knows ``word`` is a close misspelling of ("wal": "wall"; "bild": "build"; "lumbr":
    "lumber"; "merchent": "merchant" in Cities & Knights: ``slip_words``), '' for none, and
    for a noun named by ``avoid`` (an open question's answer: its card, its track).
    ``close``: a kind's or a verb's word as close as a noun's (``slip_words.NOUN_CUTOFF``)."""
    if word.lower() in _NO_SLIP:
        return ""
    cutoff = slip_words.NOUN_CUTOFF if close else slip_words.CUTOFF
    meant = _close_to(word, _KIND_SPELLINGS, cutoff) or _close_to(word, _VERB_SPELLINGS, cutoff)
    if meant or game is None:
        return meant
    nouns = slip_words.noun_spellings(game.state.caps.commodities)
    meant = _close_to(word, nouns, slip_words.NOUN_CUTOFF)
    secret = {w for a in avoid for w in re.split(r"[\s-]+", a.lower())}
    return "" if meant in secret else meant


def misspelt_kind(word: str) -> str:
    """The word of a kind of move ``word`` (a word no reader placed) is a close misspelling of
    ("rode", "raod": "road"; "setlement": "settlement"; "knigth": "knight"), '' for none: a
    learner's slip is answered with how that move is typed, never played (l37 at 1.4 and 4.3
    was told "I cannot read “rode”" and a list of every kind's example)."""
    return _close_to(word, _KIND_SPELLINGS)


def _card_names(game: Game) -> tuple[str, ...]:
    """The cards a hand holds in ``game``: the resources, and C&K's commodities
    (CK-COMP-COMMODITIES)."""
    return CARD_NAMES if game.state.caps.commodities else RESOURCES


def misspelt_card(game: Game, word: str, avoid: Collection[str] = ()) -> str:
    """The sentence for ``word``, a close misspelling of a card's name (s32: "P1 offer P2 1
    lumbr for 1 ore" was asked "Which cards are given?", not told what was wrong): "“lumbr”
    is not a card name: did you mean “lumber”?"; the cards listed instead when the card
    meant is named in ``avoid`` (an open question's answer: a reply names none of it); ''
    when ``word`` is near no card's name (or a word the reader knows)."""
    names = _card_names(game)
    if not _unknown(word) or word.lower().rstrip("s") in names:  # ("bricks": a card, read)
        return ""
    if not (meant := _close_to(word, names)):  # ("one more road": a word, not "ore" misspelt)
        return ""
    if any(re.search(rf"\b{meant}\b", a, re.IGNORECASE) for a in avoid):
        return f"“{word}” is not a card name: the cards are {and_list(list(_card_names(game)))}."
    return f"“{word}” is not a card name: did you mean “{meant}”?"


def _card_misspelt_in(game: Game, text: str, avoid: Collection[str]) -> tuple[str, str]:
    """The first word of ``text`` that is a card's name misspelt where a card goes (after a
    count, "for", "and" or a card, or before "for"; not before a kind's word or a noun: "one
    more road"), and its sentence (``misspelt_card``); ("", "") for none ("roll once more",
    "I gain a brick": words, not cards)."""
    typed = _tokens(text)
    tokens = [t.lower() for t in typed]
    for k in range(len(tokens)):
        before = tokens[k - 1] if k else ""
        after = tokens[k + 1] if k + 1 < len(tokens) else ""
        placed = (
            before.isdigit()
            or before in count_words.NUMBER_WORDS
            or before in _BEFORE_CARD
            or _base(before) in ("monopoly", "plenty", "discard")
            or before.rstrip("s") in CARD_NAMES
            or after == "for"
        )
        if not placed or _base(after) in KIND_WORDS or _noun(after):
            continue
        if said := misspelt_card(game, typed[k], avoid):
            return typed[k], said
    return "", ""


_BEFORE_CARD = frozenset({"a", "an", "for", "and", "of"})  # words a card's name follows


_BUYS = frozenset({"buy", "buys", "bought", "buying", "purchase", "purchases"})
_DEVELOPMENT = frozenset({"development", "dev", "card", "cards", "progress"})


def _buys_cards(game: Game, text: str) -> type | None:
    """The kind of trade ``text`` is when it buys a card named ("buy a brick", "P1 buys 1
    ore from P2"), no development card: an offer when another player is named
    (BASE-TRADE-DOMESTIC), else a trade with the bank (BASE-TRADE-MARITIME); None for any
    other text, or a game without that kind. s32: "buy a brick" was told how a development
    card is bought, like “P1 buy”, as if that were the trade's example."""
    tokens = _tokens(text)
    low = {t.lower() for t in tokens}
    if not low & _BUYS or low & _DEVELOPMENT or low & set(TRACK_NAMES):
        return None
    if any(KIND_WORDS.get(_base(t), "buy") != "buy" for t in low):  # "buy the politics
        return None  # upgrade with the coin", "buy a road": another kind's words (l33)
    cards = set(_card_names(game)) | {"wood", "sheep", "wheat", "clay", "stone"}
    if not any(t in cards or t.rstrip("s") in cards for t in low):
        return None
    mover = game.names[game.state.active] if 0 <= game.state.active < game.players else ""
    others = {t.upper() for t in tokens if _SEAT.match(t)} - {mover}
    kind = Offer if others else BankTrade
    return kind if kind in game.rules.applies else None


# An offer said in another form of its verb, read as the notation's "offer"
_OFFERED = re.compile(r"\boffer(?:s|ed|ing)\b", re.IGNORECASE)


def _kind_class(game: Game, meant: str) -> type | None:
    """The kind of move the kind word ``meant`` names in ``game`` (None for none)."""
    ck = Recruit in game.rules.applies
    word = _kind({KIND_WORDS[meant]}, ck, False)
    return kind_named(word, game) if word else None


# What a sentence that says no move is told (l28 typed "it is P3's turn" and was told "I
# cannot read “is”", as if one word were wrong): the box reads moves only
NOT_A_MOVE = "Only moves are read here, not other sentences."


# A statement's words: its subject first ("it is..."), or its verb ("P3 is next", "I
# think"); a move is said with its own verb first ("fly to the moon", "I fly a kite": "fly"
# is the word not read; "I" begins moves too: "I build a road")
_SUBJECTS = frozenset("it it's this that there he she they who what whose".split())
_STATING = frozenset(
    "is are was were be been has have had does did think thinks guess believe know means "
    "should could can must might may isn't wasn't".split()
)


def _no_move_said(tokens: list[str]) -> bool:
    """``tokens`` are a statement (``_SUBJECTS``, ``_STATING``) of which no word names a kind
    of move or a spot (a player's name may be said): no move, not a move with a word wrong."""
    words = [t for t in tokens if not _SEAT.match(t)]
    if not words or not any(_unknown(t) for t in words) or any(_spot(t) for t in words):
        return False
    return words[0].lower() in _SUBJECTS or any(t.lower() in _STATING for t in words)


def _spot(token: str) -> bool:
    """``token`` is a label of the board: a corner, an edge, a hex (not "a" or "I", which
    are words)."""
    up = token.upper()
    hexes = len(up) == 1 and up in HEX_NAMES and up not in "AI"
    return up in VERTEX_LABELS or up in EDGE_LABELS or hexes


# Nouns a move may be about that name no kind of move: a track, a card, a metropolis...
_NOUNS = frozenset({*TRACK_NAMES, *_CARDS_PAID, *_OBJECT_WORDS, "harbor", "harbour"})


def _lone_noun(tokens: list[str]) -> str | None:
    """The one word typed besides a seat and fillers when it is a noun a move may be about
    (``_NOUNS``: "science", "brick", "metropolis"), in the learner's letters; else None. A
    lone noun says no move: which one is asked ("Not complete"), as for a lone "road"."""
    said = [t for t in tokens if not _SEAT.match(t) and not _filler(t)]
    if len(said) == 1 and (said[0].lower() in _NOUNS or _base(said[0].lower()) in _NOUNS):
        return said[0]
    return None


def _trade_said(game: Game, text: str) -> str | None:
    """The notation of ``text`` read as a trade or card in a learner's words, when the
    engine reads it; else None (a button's words before them: "P1 Offer a trade to P2: 1
    brick for 2 wool" has no "give" label, and says the cards all the same)."""
    try:
        spelled = trade_card_words.spelled(game, text)
        if spelled is not None:
            game.parse(spelled)
    except CatanError:
        return None
    return spelled


def _seat_by_colour(game: Game, text: str) -> str:
    """``text`` with a player's colour as the page shows it ("P1 (red)") read as that
    player: "red builds a road at A2" is P1's (l19: "“red” is not an edge"), "robber Q steal
    from blue" robs P2 (l28 at 2.2: "“blue” was not understood")."""
    return place_words.seats_by_colour(game.state, text)


# A track by its colour, as rules.md names them (CK-COMP-PROGRESS: science green, trade
# yellow, politics blue): "the green track" is science (l30), not a player's colour
_TRACK_COLOURS = {"green": "science", "yellow": "trade", "blue": "politics"}
_TRACK_COLOUR = re.compile(
    r"\b(?:the\s+)?(green|yellow|blue)(?=\s+(?:tracks?|improvements?|upgrades?|level|"
    r"cit(?:y|ies)\s+improvements?)\b)",
    re.IGNORECASE,
)
# a colour said before the track's own name ("the blue politics upgrade": l33's reply was
# P2's move, blue read as P2's colour): the name says the track, the colour nothing more
_COLOUR_AND_TRACK = re.compile(r"\b(green|yellow|blue)\s+(science|trade|politics)\b", re.IGNORECASE)


# a track "up" ("P3 science up", "level up trade": l38 at 10.6 was told "I cannot read 'up'"):
# the track improved (CK-IMPROVE-BUILD)
_TRACK_UP = re.compile(
    r"\b(science|trade|politics)\s+up\b(?!\s+to\b)|\b(?:level\s+)?up\s+(science|trade|politics)\b",
    re.IGNORECASE,
)


def _track_by_colour(text: str) -> str:
    """``text`` with a track said by its colour ("raise the green track", "the blue
    upgrade") as its name, a colour before the track's name ("blue politics") left out
    when it is that track's, and a track "up" as improved ("science up")."""
    text = _TRACK_UP.sub(lambda m: f"improve {m[1] or m[2]}", text)
    text = _COLOUR_AND_TRACK.sub(
        lambda m: m[2] if _TRACK_COLOURS[m[1].lower()] == m[2].lower() else m[0], text
    )
    return _TRACK_COLOUR.sub(lambda m: _TRACK_COLOURS[m[1].lower()], text)


_RESOURCE_CARD = re.compile(r"\b(?:monopoly|plenty)\b", re.IGNORECASE)  # (their resources)


def _places_named(game: Game, text: str, avoid: Collection[str]) -> str:
    """``text`` with a hex said by its terrain ("the desert", "the forest 8") and a road's
    edge said as "next to my settlement" written as their labels when one place fits (l28:
    "desert" read at 5.13's second question, "not understood" at its third; "build a road
    next to my settlement" read as a settlement); several: which is asked."""
    m = _SEAT.match(text.strip().split(" ")[0]) if text.strip() else None
    who = game.rules.actors(game.state)
    seat = int(m[1]) - 1 if m else (who[0] if who else game.state.active)
    if _RESOURCE_CARD.search(text):  # "monopoly on the mountains": ore (BASE-DEV-MONOPOLY)
        return " ".join(hex_spot_words.resources_by_terrain(text.split(" ")))
    knights = Recruit in game.rules.applies  # (else a knight is a card: no corner)
    text, asked = hex_spot_words.spot_by_hexes(  # l30; a road's edges reached only (l35)
        game.state, text, avoid, knights=knights, seat=seat
    )
    if asked and not asked.endswith("?"):  # "No corner touches the forest 8 and ...": said
        cls = kind_named(learner_notation(game, text) or "", game)
        raise MoveWordsError(f"{asked} {how_to_type(game, cls, avoid)}".strip())
    if not asked:
        text, asked = place_words.hexes_by_terrain(game.state, text, avoid)
    cls = kind_named(learner_notation(game, text) or "", game) if asked else None
    if not asked:  # a road's edge: never a settlement, whatever the words around it
        text, apart = place_words.edge_of_corners(text)  # ("road N4 to N6": l46)
        if apart:
            raise MoveWordsError(f"{apart} {how_to_type(game, BuildRoad, avoid)}".strip())
        text, asked = place_words.edges_next_to(game.state, seat, text, avoid)
        # (a neutral's road, "road for neutral 2 next to G6": l29 was told a road is not
        # the answer at 5.13, whose answer is Neutral 2's road)
        neutral = re.search(r"\bneutral\b", text, re.IGNORECASE)
        cls = (NeutralRoad if neutral else BuildRoad) if asked else None
    if asked:
        raise PartLeftOut(asked, how_to_type(game, cls, avoid), cls)
    return text


# A Victory Point card "played" (BASE-DEV-VP, BASE-DEV-PLAY): why it is no move
VP_NOT_PLAYED = (
    "A Victory Point card is never played: its owner keeps it hidden, and it counts 1 victory "
    "point all the same."
)
_VP_WORDS = frozenset({"vp", "victory", "victorypoint", "victory-point"})


def _plays_vp(game: Game, text: str) -> bool:
    """``text`` plays a Victory Point card ("P1 play victory point") in a game with development
    cards."""
    if game.state.caps.improvements:
        return False
    words = {_base(t.lower()) for t in _tokens(text)}
    return "play" in words and bool(words & _VP_WORDS)


# A progress card whose name is also a development card's (C&K's Resource Monopoly, Road
# Building) -> that card's notation word, in a game without progress cards (BASE-DEV-*)
_DEV_TWINS = {"resource-monopoly": "monopoly", "road-building": "roadbuilding"}


def _development_card(game: Game, a: Action) -> str:
    """``a``, a progress card played in a game that has none, as the development card of
    that name (s18: "P1 play resource monopoly grain" in standard Catan was refused as "no
    progress cards"): its notation; '' for any other move."""
    if not isinstance(a, PlayProgress) or game.state.caps.improvements:
        return ""
    name = CARDS[a.card] if 0 <= a.card < len(CARDS) else ""
    if name not in _DEV_TWINS:
        return ""
    args = str(a).split()[3:]  # the card's own words: Resource Monopoly's resource
    return " ".join([str(a).split()[0], _DEV_TWINS[name], *args])


# How the page says a move, besides the engine's sentence (``Action.sentence``) and the
# narration's (``rules.describe``): the Moves tab adds its short words here when it is
# imported (``widgets/move_list.py``), as this layer cannot import it.
SAYINGS: list[Callable[[Action, State], str]] = []
_CARDS = frozenset(CARD_NAMES)  # every sentence of a move names the cards its notation does


def _plain_words(text: str) -> str:
    """A sentence as compared with the page's: small letters, words and labels only (no
    stops, commas, quotes or brackets)."""
    text = text.lower().replace("’", "'")
    words = [t.strip(":'") for t in re.findall(r"[\w:'|/]+", text) if t.strip(":'")]
    return " ".join(count_words.in_digits(words, KIND_WORDS))  # "one lumber": "1 lumber" (l24)


def said_move(game: Game, text: str) -> Action | None:
    """The move legal now whose sentence on the page ``text`` is (the Moves tab's, the
    narration's, the engine's; the mover's seat may be left out), else None."""
    typed = _plain_words(text)
    if not typed or game.is_over() or game.is_chance():
        return None
    s = game.state
    who = game.rules.actors(s)
    mover = f"p{who[0] + 1} " if who else ""
    wanted = {typed, mover + typed}
    sayings = (
        lambda a, st: a.sentence(st),
        lambda a, st: game.rules.describe(st, a).text,
        *SAYINGS,
    )
    words = set(typed.split())
    for a in game.legal_actions():
        if any(t in _CARDS and t not in words for t in str(a).split()):
            continue  # a card it names is not in the words (most of the offers: quickly)
        for say in sayings:
            try:
                said = say(a, s)
            except (IndexError, KeyError, TypeError, ValueError, AttributeError):
                continue
            if _plain_words(said) in wanted:
                return a
    return None


def read_move(
    game: Game, text: str, avoid: Collection[str] = (), chosen: type | None = None
) -> Action:
    """The action ``text`` names, in notation or a learner's words (``as_notation``)."""
    return game.parse(as_notation(game, text, avoid, chosen))


def _unknown(token: str) -> bool:
    """A word that is not a player, a filler, a card or a number: what the reader could
    not place."""
    low = token.lower()
    known = low in _NOUNS or _base(low) in KIND_WORDS or low in count_words.NUMBER_WORDS
    return not (_SEAT.match(token) or _filler(token) or known or low.isdigit())


def _noun(token: str) -> bool:
    """A noun a move may be about (a card, a track: ``_NOUNS``), in any of its forms."""
    return token.lower() in _NOUNS or _base(token.lower()) in _NOUNS


def _filler(token: str) -> bool:
    """A word that names no part of a move ("build", "the", "I'd"...)."""
    low = token.lower().replace("’", "'")
    return low in FILLER or low in ("a", "i")


is_filler = _filler  # (for the readers beside this one: a label alone, "upgrade" alone)


def _plain(
    e: CatanError, game: Game, text: str, avoid: Collection[str], chosen: type | None
) -> MoveWordsError:
    """The notation reader's error as a learner's one: its reason in plain words, then how
    the kind of move ``text`` names (else the kind ``chosen``) is typed."""
    cls = kind_named(text, game) or chosen
    how = how_to_type(game, cls, avoid)
    if how and cls not in game.rules.applies:
        # a kind of another game: that this one has none is the reply, not what the text lacks
        return MoveWordsError(how, getattr(e, "word", ""))
    word, card = _card_misspelt_in(game, text, avoid)
    if card:  # a card's name misspelt: said first, whatever else the move lacks (s32)
        return MoveWordsError(f"{card} {how or examples(game, avoid)}".strip(), word)
    why = _number_for_card(plain_reason(e))
    if asked := _which(why):
        if asked == "Which number?":  # the notation's count: what the move lacks first (s21)
            asked = _first_question(cls, text)
        return PartLeftOut(asked, how, _kind_asked(game, text, asked) or cls)
    if (asked := _read_yet_short(why, cls, text)) and cls is not None:  # "trade for ore"
        return PartLeftOut(asked, how, cls)
    word = word_at_fault(why)
    if word and not _unknown(word) and _noun(word):  # "“cloth” is not a resource": its reason
        pass
    elif not_understood(why) != why and not _unknown(word):  # a filler read: no part asked
        why, how = "It does not say which move.", how or examples(game, avoid)
    elif (plain := not_understood(why)) != why:  # "“offers” is not a number": plainly (l22)
        why, how = plain, how or examples(game, avoid)
        if meant := misspelt_word(word, game, avoid):  # "P3 city wal C6" (l48): "wall"
            why = f"{why.rstrip('.')}: did you mean “{meant}”?"
            how = _how_meant(game, text, {word: meant}, avoid) or how  # a wall's, not a city's
    why = _LISTED.sub(lambda m: "" if _said_in(m[1], how) else m[0], why)
    why = _NOT_A_PLAYER.sub(lambda m: f"{m[1]}: {players_named(game.state)}.", why)
    return MoveWordsError(f"{why} {how}".strip(), getattr(e, "word", ""))


# A number where the reader wanted a card's kind ("steal 2 wool from P2": l37 at 11.16 was
# told "“2” is not a card kind (brick, …)", as if "2" were a misspelt card)
_NUMBER_NOT_CARD = re.compile(r"^“(\d+)” is not (a resource|a card kind) \(([^()]*)\)\.")


def _number_for_card(why: str) -> str:
    """``why`` with a number read where a card's kind goes said as that: "“2” is a number,
    where the move names one card kind: brick, lumber, … or coin." (the kinds listed)."""
    m = _NUMBER_NOT_CARD.match(why)
    if m is None:
        return why
    what = "resource" if m[2] == "a resource" else "card kind"
    kinds = or_list(m[3].split(", "))
    return f"“{m[1]}” is a number, where the move names one {what}: {kinds}.{why[m.end() :]}"


_NOT_A_PLAYER = re.compile(r"(“[^”]*” is not a player) \(P1 to P\d\)\.")


def players_named(s: State) -> str:
    """The players as a learner may name them: "the players are P1 (red), P2 (blue) and P3
    (white)" (l34 was told "“M” is not a seat (P1 to P3)")."""
    return f"the players are {and_list([s.seat_words(p) for p in range(s.n)])}"


def _read_yet_short(why: str, cls: type | None, text: str) -> str:
    """What the move lacks, when the word ``why`` blames is one the reader reads (a filler,
    a card, a kind's word: 9.18, l26's "trade for ore" was told "The word “for” was not
    understood here", and the example after it used "for") or the notation's own word
    missing at the end ("trade 4 wool"); '' otherwise."""
    word = word_at_fault(why)
    if not word or cls is None or issubclass(cls, Chance):  # (the dice's, the robber's draw)
        return ""
    if _unknown(word) and not why.endswith("missing at the end."):
        return ""
    if _noun(word) and "is not a number" not in why:  # "“cloth” is not a resource": its own
        return ""
    kind: type = cls
    names = [f.name for f in fields(kind) if f.name != "player"]
    if names[:1] == ["to"] and "is not a player" in why:  # "P1 offer 1 lumber for 1 ore":
        return QUESTIONS["to"]  # the player asked is what it lacks, not the cards (s32)
    typed = [_base(t.lower()) for t in _tokens(text)]
    return lacking(names, QUESTIONS, typed, set(_CARDS_PAID))


_MISSING = re.compile(r"^(?:A|An|The) ([^()]+?)(?: \([^()]*\))? is missing at the end\.$")
_ASKED = {  # a part said otherwise than "Which <part>?"
    "knight's corner": "Which knight?",
    # (Merchant Fleet's: l38 at 9.18 was asked "Which card kind?", read as no word it knew;
    # the kinds not listed: one of them may be a question's answer)
    "card kind": "Which resource or commodity?",
    "track": QUESTIONS["track"],  # (l38c: "Which track?" read as no word it knew)
}


def _first_question(cls: type | None, text: str) -> str:
    """What a move of kind ``cls`` typed with nothing after its word ("bank", "trade") is
    asked first: its first field's question ("Which cards are given?"), or which move the
    word means when the kind is not known (the notation's "Which number?" asked neither)."""
    named = [f.name for f in fields(cls) if f.name != "player"] if cls is not None else []
    if named and named[0] in QUESTIONS:
        return QUESTIONS[named[0]]
    word = next((t for t in _tokens(text) if not _SEAT.match(t) and not _filler(t)), text)
    return f"Which move is meant with “{word}”?"


def _which(why: str) -> str:
    """The question of a part missing at the end ("Which resource?"), '' when ``why`` is no
    part missing: l19's "P1 play resource monopoly" was told "“resource” is not a
    resource"."""
    m = _MISSING.match(why)
    if _NO_CARDS.match(why):  # "discard", "forced" alone: no cards at all (a lone kind word)
        return "Which cards?"
    return (_ASKED.get(m[1]) or f"Which {m[1]}?") if m else ""


_NO_CARDS = re.compile(r"^Cards like “[^”]*” are missing here\.$")


# A spot of each kind, to read a move whose spot is left out as its kind (any spot will do)
_ANY_SPOT = {"corner": VERTEX_LABELS[0], "edge": EDGE_LABELS[0], "hex": HEX_NAMES[0]}


def _kind_asked(game: Game, text: str, asked: str) -> type | None:
    """The kind of move ``text`` (notation with its spot left out, ``asked`` for) is: what it
    reads as with a spot put in ("P1 neutral N1 knight" a knight for a neutral); None when
    it is not a spot left out or the text does not read so."""
    m = re.match(r"Which (corner|edge|hex)\?", asked)
    if m is None:
        return None
    try:
        return type(game.parse(f"{text} {_ANY_SPOT[m[1]]}"))
    except CatanError:
        return None


_LISTED = re.compile(r" \(([^()]*)\)")  # a reason's list: "(brick, lumber, wool, grain, ore)"


def _said_in(items: str, how: str) -> bool:
    """Every item of a reason's list said in ``how`` already (said once: the form's "where
    <resource> is brick, lumber, ..." after "“x” is not a resource (brick, lumber, ...)")."""
    words = [w.strip() for w in re.split(r",| or ", items) if w.strip()]
    return bool(words) and all(re.search(rf"\b{re.escape(w)}\b", how) for w in words)


# Example moves, each with its spot legal now (``_spot_example``)
_EXAMPLES = ("settlement {}", "road {}", "city {}", "robber {}")
_CK_EXAMPLES = ("knight {}", "wall {}")


_NEUTRAL_KINDS = (NeutralSettle, NeutralRoad, NeutralKnight, NeutralPromote)


def neutral_forms(game: Game) -> str:
    """How to type a piece owed to a neutral, while one is (2P-NEUTRAL-MIRROR): every kind a
    neutral may get in the variant, so the form names no answer ("the neutral", read where
    only one can be meant, ``neutral_meant``, is not said: a line more put 11.16's answer row
    under a tablet's fold); '' when none is owed."""
    if game.is_over() or game.is_chance():
        return ""
    if not any(isinstance(a, _NEUTRAL_KINDS) for a in game.legal_actions()):
        return ""
    kinds = ["settlement", "road"] + (["knight"] if Recruit in game.rules.applies else [])
    forms = " or ".join(f"“{k} for Neutral 1 on …”" for k in kinds)
    return f"A piece for a neutral is typed with the neutral's name: {forms} and the spot."


def examples(game: Game, avoid: Collection[str] = ()) -> str:
    """The words the reader takes, as examples: "Type a move like “settlement C6”, …", each
    spot one where the move is legal now (learner s31: "settlement H4" where a settlement
    stood); where none is, or while a question is open (``avoid``: a legal spot would narrow
    its answer), the form without a spot: "“settlement” and a corner"."""
    shown = [*_EXAMPLES, *(_CK_EXAMPLES if Recruit in game.rules.applies else ())]
    said = [_spot_example(game, pattern, avoid) for pattern in shown]
    said += [f"“{x}”" for x in trade_card_words.examples(game, avoid)]  # trades, cards (s18)
    if Improve in game.rules.applies:  # (l38 at 10.6: "science up" met no such example)
        answers = " ".join(avoid)
        track = next((t for t in ("science", "politics", "trade") if t not in answers), None)
        said += [f"“improve {track}”"] if track else []
    who = next((p for p in ("P2", "P3", "P1") if p not in avoid), "P2")
    road = _spot_example(game, f"{who} road {{}}", avoid)
    neutral = neutral_forms(game)
    return (
        f"Type a move like {', '.join(said)}, “roll” or “end turn”, with the player first "
        f"when it is another player's move ({road}).{' ' if neutral else ''}"
        f"{neutral}"
    )


# Each example's kind (its pattern's word) and what its spot is
_SPOT_KINDS = {
    "settlement": ("Settle", "a corner"),
    "road": ("BuildRoad", "an edge"),
    "city": ("BuildCity", "a corner"),
    "robber": ("MoveRobber", "a hex"),
    "knight": ("Recruit", "a corner"),
    "wall": ("BuildWall", "a corner"),
}


def _spot_example(game: Game, pattern: str, avoid: Collection[str]) -> str:
    """``pattern`` ("road {}", "P2 road {}") in quotes with a spot where its move is legal
    now (for its seat when it names one), else the form without one ("“road” and an edge")."""
    words = pattern.split()
    seat = words[0] if _SEAT.match(words[0]) else ""
    kind, noun = _SPOT_KINDS[words[1] if seat else words[0]]
    head = pattern.replace(" {}", "")
    if avoid or game.is_over() or game.is_chance():
        return f"“{head}” and {noun}"
    for action in game.legal_actions():
        text = str(action)
        if type(action).__name__ != kind or (seat and not text.startswith(f"{seat} ")):
            continue
        label, *rest = text.split()[2:]  # (and the robber's victim: BASE-ROBBER-STEAL)
        if label not in avoid and not set(rest) & set(avoid):
            return f"“{' '.join([pattern.format(label), *rest])}”"
    return f"“{head}” and {noun}"
