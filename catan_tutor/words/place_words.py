"""Places and players a learner names in the lessons' words, not by label (l28).

The lessons call the players by colour ("blue steals...") and the hexes by terrain ("the
desert", "the forest 8"); a learner types them so: "robber Q steal from blue" was told "The
word “blue” was not understood" (2.2), and "move the robber to the desert" solved 5.13's
second question but was "not understood" at its third. A road is put "next to my
settlement" (1.4: read as a settlement, "A settlement is not the answer here"). Each is
written here as the label it names when one place fits; when several fit, the question
that asks which ("Which edge: N3, N5 or O7?"). Geometry only, never whether a move is legal
(the judge says that): the places listed are those the words name.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from ..board import (
    EDGE_LABELS,
    HEX_NAMES,
    TERRAINS,
    VERTEX_EDGES,
    VERTEX_LABELS,
    LabelError,
    parse_edge,
    parse_vertex,
)
from ..grammar import and_list, count, plural
from ..state import State

_WORD = r"(?<![\w'’-]){}(?![\w-])"
_NOT_A_DIE = r"(?!\s+(?:die|dice)\b)"
# Where the names a question without its list asks for are seen (the board opens with its
# labels off: issue 33). The Labels button shows every corner's and edge's label where the
# board has room; on a phone only the kind aimed at (``widgets/board_tags.label_kinds``): the
# corners while nothing glows, as at an open question, where l31 was sent to it for an edge.
# An edge is named by the letters of the hexes it lies between too (``between_words``), and
# every hex shows its letter.
SHOWN = " The Labels button under the board shows them."  # (corners: shown on every screen)
EDGE_NAMED = "name one by its label, or by the letters of the two hexes it lies between"
EDGE_SHOWN = " (“between … and …”: each hex shows its letter)."
HEX_SHOWN = " Each hex shows its letter on the board."


def name_one(what: str) -> str:
    """How to name one of several spots of ``what`` ("corner", "edge", "hex") the words fit,
    and where its name is seen: ": name one by its label. The Labels button …"."""
    if what == "edge":
        return f": {EDGE_NAMED}{EDGE_SHOWN}"
    if what == "hex":
        return f": name one by its letter.{HEX_SHOWN}"
    return f": name one by its label.{SHOWN}"


def or_list(items: list[str]) -> str:
    """``items`` said as a list: "N3, N5 or O7"."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}"


def seats_by_colour(s: State, text: str) -> str:
    """``text`` with each seat's colour word ("blue", "the blue player") as that seat's name
    ("P2"), for the seats of the game (``State.colors``)."""
    for p, colour in enumerate(s.colors[: s.n]):  # (not a die's: "the red die", CK-COMP-DICE)
        said = _WORD.format(rf"(?:the\s+)?{re.escape(colour)}(?:\s+player)?") + _NOT_A_DIE
        text = re.sub(said, s.name(p), text, flags=re.IGNORECASE)
    return _PLAYER_NUMBER.sub(lambda m: _seat_numbered(s, m), text)


# A seat by its number in words ("player three", "player 2" anywhere in the sentence: l32's
# "move robber to hex Q steal from player 2" was asked "Which hex?", the 2 read as a spot's)
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4}
_PLAYER_NUMBER = re.compile(r"\b(?:the\s+)?player\s+(one|two|three|four|[1-9])\b", re.I)


def _seat_numbered(s: State, m: re.Match) -> str:
    """The seat "player <n>" names ("P3"), for a seat of the game; else the words as typed."""
    n = int(m[1]) if m[1].isdigit() else _NUMBERS[m[1].lower()]
    return f"P{n}" if 1 <= n <= s.n else m[0]


# A terrain as a learner may type it -> its index in TERRAINS (the tutor's names and others;
# hex_spot_words reads hexes by these words too: one table)
TERRAIN_WORDS = {
    **{t: i for i, t in enumerate(TERRAINS)},
    "hill": 0, "woods": 1, "wood": 1, "forests": 1, "pastures": 2, "field": 3,
    "mountain": 4, "deserts": 5,
}  # fmt: skip
# ... its number before it ("the 6 fields", "the 6 wheat field": what it yields may come
# between) or after it ("the hills 5", "the hills with the 5": l33 at 2.2 was asked "Which
# fields: D, H, O or R?" for "the 6 wheat field", R the only 6)
_YIELDED = r"(?:wheat|grain|brick|clay|ore|stone|sheep|wool|wood|lumber)"
_TERRAIN = re.compile(
    rf"(?<![\w-])(?:(?P<before>\d{{1,2}})\s+(?:{_YIELDED}\s+)?)?(?P<t>"
    + "|".join(sorted(TERRAIN_WORDS, key=len, reverse=True))
    + r")(?:\s+(?:hex\s+)?(?:with\s+(?:the|a|an)\s+)?(?P<after>\d{1,2}))?(?![\w-])",
    re.IGNORECASE,
)


def hexes_by_terrain(s: State, text: str, secret: Collection[str] = ()) -> tuple[str, str]:
    """``text`` with a hex said by its terrain ("the desert") or terrain and number ("the
    forest 8", "8 forest") as its label, when one hex of the board fits; else ``text`` and
    the question that asks which hex ("Which forest: C, I, K or M?"; without the list where
    it would name a label of ``secret``, an open question's answer, as ``edges_next_to``),
    or '' when none fits or no terrain is said."""
    if s.layout is None:
        return text, ""
    for m in _TERRAIN.finditer(text):
        first = not text[: m.start()].strip() or re.fullmatch(
            r"\s*p[1-9]\s+", text[: m.start()], re.I
        )
        said = m["before"] or m["after"] or _LETTER_AFTER.match(text[m.end() :])
        if first and not (said and _hex_alone(text[m.end() :])):  # ("P1 desert": Treason's)
            continue  # a move's first word: Treason's "desert N4" (CK-PC-TREASON), not a hex
        terrain = TERRAIN_WORDS[m["t"].lower()]
        number = int(m["before"] or m["after"] or 0)
        fit = [
            h
            for h, t in enumerate(s.layout.terrain)
            if t == terrain and (not number or s.layout.numbers[h] == number)
        ]
        if len(fit) == 1:
            return _said_once(text, m, HEX_NAMES[fit[0]], _hex_said(s, fit[0]))
        if (letter := _LETTER_NEXT.match(text[m.end() :])) is not None:  # "the fields O"
            picked = [h for h in fit if HEX_NAMES[h] == letter[1]]  # (l38c at 9.18 was asked
            if picked:  # "Which fields?" after naming O): that hex, its terrain said once
                return _said_once(text, m, letter[1], _hex_said(s, picked[0]))
        listed = [HEX_NAMES[h] for h in fit]
        if len(fit) > 1 and not set(listed) & set(secret):
            return text, f"Which {TERRAINS[terrain]}: {or_list(listed)}?"
        if len(fit) > 1:
            said = f"{len(fit)} hexes are {TERRAINS[terrain]}"
            return text, f"Which {TERRAINS[terrain]}? {said}{name_one('hex')}"
    return text, ""


# A hex's letter said beside its terrain and number ("the 8 forest, M,", "hills 5 (Q)", "Q
# (hills 5)": l34 at 2.2 was told "“M” is not a seat", the hex read twice): the same hex
_LETTER_AFTER = re.compile(r"^\s*(?:,\s*|\(\s*)([A-Sa-s])\s*\)?(?=[\s,.;:!?]|$)")
# ... or after it with only a space, a capital ("the fields O", "pasture P")
_LETTER_NEXT = re.compile(r"^\s+([A-S])(?=[\s,.;:!?]|$)")
_LETTER_BEFORE = re.compile(r"(?<![\w'’-])([A-Sa-s])\s*(?:,|\()\s*(?:the\s+)?$")
_CLOSE = re.compile(r"^\s*\)")


def _hex_alone(rest: str) -> bool:
    """``rest`` (the words after a terrain said first) is nothing, or its letter alone
    ("hills 5 (Q)"): the words name a hex, not Treason's "desert N4"."""
    m = _LETTER_AFTER.match(rest)
    return not (rest[m.end() :] if m else rest).strip(" \t,.;:!?")


def _hex_said(s: State, h: int) -> str:
    """Hex ``h`` as the lessons say it: "the forest 8" (its number, if any)."""
    assert s.layout is not None
    n = s.layout.numbers[h]
    return f"the {TERRAINS[s.layout.terrain[h]]}{f' {n}' if n else ''}"


def _said_once(text: str, m: re.Match, label: str, said: str) -> tuple[str, str]:
    """``text`` with the terrain words ``m`` as the hex's ``label``, its letter said beside
    them left out (the same hex once); a letter of another hex beside them: which is
    asked ("The forest 8 is M, not Q: which hex?")."""
    before, after = text[: m.start()], text[m.end() :]
    if (b := _LETTER_BEFORE.search(before)) is not None:
        if b[1].upper() == label:  # "Q (hills 5)": Q, once
            return before[: b.start()] + label + _CLOSE.sub("", after), ""
        return text, _other_letter(said, label, b[1].upper())
    if (a := _LETTER_AFTER.match(after) or _LETTER_NEXT.match(after)) is not None:
        if a[1].upper() == label:  # "the 8 forest, M,": M, once
            return before + label + after[a.end() :], ""
        return text, _other_letter(said, label, a[1].upper())
    return before + label + after, ""


def _other_letter(said: str, label: str, other: str) -> str:
    """The question when a hex's terrain and a letter beside it name two hexes."""
    return f"{said[:1].upper()}{said[1:]} is {label}, not {other}: which hex?{HEX_SHOWN}"


_NEXT_TO = re.compile(
    r"\b(?:next\s+to|beside|besides|touching|adjacent\s+to|near|by|from|off)\s+"
    r"(?:(?P<whose>the\s+neutral['’]s|neutral\s+n?[12]['’]s|n[12]['’]s"
    r"|my|his|her|their|its|our|the|a|an|p[1-9]['’]?s?)\s+)?"
    r"(?:(?P<building>settlement|settlements|city|cities|house|town|village)\b|(?P<spot>[a-s]\d{1,2})\b)",
    re.IGNORECASE,
)
_ROAD = re.compile(r"\b(?:road|roads|street)\b", re.IGNORECASE)
# A neutral (two-player rules) said as the sentence's subject ("Neutral 1 builds…") or named
_NEUTRAL_FIRST = re.compile(r"^\s*(?:the\s+)?neutral\s+n?([12])\b", re.IGNORECASE)
_NEUTRAL_NAMED = re.compile(r"\bneutral\s+n?([12])\b|\bn([12])['’]s\b", re.IGNORECASE)


def _owners(s: State, seat: int, text: str, whose: str) -> list[int]:
    """The parties whose buildings "next to <whose> settlement" means: "my", "our" the
    seat's; "his", "her", "their" the subject's (a neutral when the sentence begins with one,
    "Neutral 1 builds a road next to its settlement": l29 was offered the learner's
    settlement's edges), "its" the neutral the sentence names (else the subject's); "the
    neutral's" the neutral named (else both); "P2's" P2's; no word, "the", "a": the
    subject's. (A neutral's road joins its own pieces, 2P-NEUTRAL-LEGAL: this tutor's
    reading of whose "its" is.)"""
    neutral = lambda k: s.n + k - 1 if s.n + k - 1 < s.owners else seat  # noqa: E731
    first = _NEUTRAL_FIRST.match(text)
    subject = neutral(int(first[1])) if first else seat
    named = _NEUTRAL_NAMED.search(text)
    said = neutral(int(named[1] or named[2])) if named else None
    whose = whose.lower()
    if whose in ("my", "our"):
        return [seat]
    if re.fullmatch(r"p[1-9]['’]?s?", whose):
        return [int(whose[1]) - 1]
    if "neutral" in whose or re.fullmatch(r"n[12]['’]s", whose):
        return [said] if said is not None else list(range(s.n, s.owners))
    if whose == "its" and said is not None:
        return [said]
    return [subject]


# A road by the corners it joins: "road N4 to N6", "road from N4 to N6", "road between N4 and
# N6"; or by a corner and its edge: "road N4 to N5" (l46 at 1.4 was told "“N4” is not an edge")
_CORNER_TO = re.compile(
    r"\b(?:(?:from|between)\s+)?(?:corner\s+)?(?P<a>[a-s]\d{1,2})\s+(?:to|and|-|towards)\s+"
    r"(?:(?:corner|edge)\s+)?(?P<b>[a-s]\d{1,2})\b",
    re.IGNORECASE,
)


def edge_of_corners(text: str) -> tuple[str, str]:
    """``text`` (a road) with two corners it joins, or a corner and one of its edges, as that
    edge's label ("road N4 to N6" -> "road N5"), and ''; two corners not side by side: the
    text, and why no road joins them; else ``text`` as it is and ''."""
    m = _CORNER_TO.search(text)
    if m is None or not _ROAD.search(text):
        return text, ""
    a, b = m["a"].upper(), m["b"].upper()
    # each corner by any of its names: a corner hexes share shows under one hex's name on the
    # board ("E12 is A4"), and "road N4 to Q2" (Q2 is N6) was told "“N4” is not an edge"
    try:
        edges = set(VERTEX_EDGES[parse_vertex(a)])
    except LabelError:
        return text, ""
    try:  # two corners: the edge they share
        edges &= set(VERTEX_EDGES[parse_vertex(b)])
        if not edges:
            return text, f"No road joins {a} and {b}: a road joins two corners side by side."
    except LabelError:  # a corner and an edge of it
        try:
            edges &= {parse_edge(b)}
        except LabelError:
            return text, ""
    if len(edges) != 1:
        return text, ""
    return text[: m.start()] + EDGE_LABELS[edges.pop()] + text[m.end() :], ""


def edges_next_to(s: State, seat: int, text: str, secret: Collection[str] = ()) -> tuple[str, str]:
    """``text`` (a road) with "next to my settlement" (or a city, or a corner: "next to N4")
    as the free edge that touches it, when one does; else ``text`` and the question that
    asks which ("Which edge: N3, N5 or O7?"), or '' when it says no such place. "my" is
    ``seat``'s (the mover's, or the seat typed); "P2's settlement" is P2's; "its" a
    neutral's (``_owners``). Where the list would name a label of ``secret`` (an open
    question's answer: l29 read 1.4's list as a give-away), the question lists none."""
    m = _NEXT_TO.search(text)
    if m is None or not _ROAD.search(text):
        return text, ""
    if _names_an_edge(text[: m.start()] + " " + text[m.end() :]):  # "road between N and O
        return text[: m.start()] + text[m.end() :], ""  # from my settlement": said where (l31)
    if m["spot"]:
        try:  # (by any of its names, as a road's two corners)
            corners = [parse_vertex(m["spot"])]
        except LabelError:
            return text, ""
        owners: list[int] = []
    else:
        owners = _owners(s, seat, text, m["whose"] or "")
        city = m["building"].lower() in ("city", "cities")
        corners = [v for v, o in enumerate(s.vowner) if o in owners and s.vcity[v] == city]
    touching = sorted({e for v in corners for e in VERTEX_EDGES[v]})
    free = [e for e in touching if s.eowner[e] < 0]
    if not free:
        return text, ""
    if len(free) == 1:
        return text[: m.start()] + EDGE_LABELS[free[0]] + text[m.end() :], ""
    labels = [EDGE_LABELS[e] for e in free]
    if not set(labels) & set(secret):
        return text, f"Which edge: {or_list(labels)}?"
    where = [VERTEX_LABELS[v] for v in corners]
    if not owners:
        what = f"Corner {where[0]}"
    else:
        piece = "city" if m["building"].lower() in ("city", "cities") else "settlement"
        who = "Your" if owners == [seat] and seat < s.n else f"{s.name(owners[0])}'s"
        if len(owners) > 1:
            who = "The neutrals'"
        what = f"{who} {piece if len(where) == 1 else plural(piece)} at {and_list(where)}"
    has = f"touch{'es' if len(where) == 1 else ''} {count(len(free), 'edge')}"
    if len(free) < len(touching):
        has = f"{'has' if len(where) == 1 else 'have'} {count(len(free), 'free edge')}"
    return text, f"Which edge? {what} {has}{name_one('edge')}"


_LABEL = re.compile(r"(?<![\w/|])[A-Sa-s]\d{1,2}(?![\w/|])")


def _names_an_edge(text: str) -> bool:
    """``text`` names an edge by its label (the first word, a seat's name, left out: "P1")."""
    first = re.match(r"\s*p[1-9]\b", text, re.IGNORECASE)
    rest = text[first.end() :] if first else text
    for m in _LABEL.finditer(rest):
        try:
            parse_edge(m[0])
        except LabelError:
            continue
        return True
    return False
