"""Words for people: what the tutor shows instead of the engine's internal names.

Phase names (``setup-settle``, ``pre-roll``) become short phrases, variant codes become the
games' names, and a lesson's expectations become "what to notice" lines (a refused move with
the engine's reason and rule; rule IDs read as the rules' titles, ``verdicts.plain``).
Everything here reads the engine's data; nothing decides what is legal.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..actions import spot_fields
from ..board import EDGE_LABELS, HEX_NAMES, VERTEX_LABELS
from ..errors import CatanError
from ..form_words import BUTTON_WORDS
from ..game import Game
from ..grammar import a, and_list, count, or_list, plural, sentence, with_reason
from ..rules.barbarians import ship_place
from ..rules.said_once import said_once
from ..rules.words import card_list, may, notation_words
from ..study.timeline import Node
from .allowed_choice import allowed_several
from .gone_pieces import ABSENT_KEYS, gone_notice
from .missing_field import only_missing
from .verdicts import plain, title_of

# One phrase per phase of the engine (catan_tutor.state), read as "turn 3 · <phrase>".
PHASE_WORDS = {
    "board": "laying out the board",
    "rolloff": "rolling to see who goes first",
    "setup-settle": "placing the starting pieces",
    "setup-road": "placing a starting road",
    "pre-roll": "before rolling",
    "dice": "rolling the dice",
    "discard": "discarding after a 7",
    "robber": "moving the robber",
    "steal": "stealing a card",
    "main": "trading and building",
    "road-building": "building free roads",
    "draw": "drawing a development card",
    "offer": "a trade offer waits for an answer",
    "over": "game over",
    "neutral": "building for a neutral player",
    "bids": "bidding for the dummy's cards",
    "tiebreak": "a die breaks a tie",
    "dev-die": "the dummy's development die",
    "card-die": "the dummy's card die",
    "resource-die": "the dummy's monopoly die",
    "progress-draw": "drawing a progress card",
    "pillage": "the barbarians take a city",
    "defender-deck": "the defender of Catan picks a deck",
    "aqueduct": "taking a free resource (aqueduct)",
    "progress-discard": "discarding progress cards",
    "relocate": "moving a displaced knight",
    "sabotage": "discarding for Sabotage",
    "wedding": "giving cards for the Wedding",
    "desert": "removing a knight (Treason)",
    "deserter": "placing a knight (Treason)",
    "harbor": "returning a commodity (Commercial Harbor)",
    "force-draw": "drawing 2 cards blind (forced trade)",
    "force-give": "giving 2 cards back (forced trade)",
}

VARIANT_NAMES = {
    "base": "Catan",
    "base-2p": "Catan for two",
    "base-dummy": "Catan with a dummy player",
    "ck": "Cities & Knights",
    "ck-2p": "Cities & Knights for two",
}


# Every kind of action as its button says it: the cards' and the rule book's words ("Build a
# road", "Play Year of Plenty"), never the engine's kind names ("settle", "buy dev").
KIND_WORDS = {
    "roll": "Roll the dice",
    "settle": "Build a settlement",
    "build road": "Build a road",
    "build city": "Build a city",
    "buy dev": "Buy a development card",
    "play knight": "Play a Knight",
    "play road building": "Play Road Building",
    "play plenty": "Play Year of Plenty",
    "play monopoly": "Play Monopoly",
    "move robber": "Move the robber",
    "discard": "Discard cards",
    "bank trade": "Trade with the bank",
    "offer": "Offer a trade",
    "accept": "Accept the trade",
    "decline": "Decline the trade",
    "end turn": "End the turn",
    "neutral settle": "Build a settlement for a neutral",
    "neutral road": "Build a road for a neutral",
    "forced trade": "Make a forced trade",
    "robber home": "Send the robber home",
    "return knight": "Return a Knight card",
    "bid": "Bid for the dummy's cards",
    "pass": "Pass",
    "recruit": "Recruit a knight",
    "promote": "Promote a knight",
    "activate": "Activate a knight",
    "move knight": "Move a knight",
    "chase robber": "Chase the robber away",
    "relocate": "Move your displaced knight",
    "build wall": "Build a city wall",
    "improve": "Buy a city improvement",
    "pillage": "Lose a city (pillage)",
    "choose deck": "Choose a progress deck",
    "aqueduct": "Take a resource (Aqueduct)",
    "discard progress": "Discard a progress card",
    "play progress": "Play a progress card",
    "gift": "Give a Wedding gift",
    "desert": "Treason: take a knight off",
    "place deserter": "Treason: place a knight",
    "harbor offer": "Offer a resource for a commodity (Commercial Harbor)",
    "return commodity": "Return a commodity (Commercial Harbor)",
    "neutral knight": "Place a knight for a neutral",
    "neutral promote": "Promote a neutral's knight",
    "remove knight": "Take a knight off the board",
    # the lessons' name for it, in either game for two ("Force a blind draw" beside lessons
    # saying "forced trade" read as another move: l27); its cards are drawn blind in C&K
    "forced draw": "Make a forced trade",
    "forced give": "Give 2 cards back",
}


# The palette's words where its button is not the kind's own: Roll has a button of its own
# (it throws the dice too); the palette's roll opens the form that lets the learner set
# what each die shows ("Roll the dice" there read as a second Roll button: learner 14).
# "Roll, choosing the dice" read as the Alchemy card, whose lessons say "you choose the
# dice" (l27): this roll is set by the one at the page, outside the rules, and says so in a
# learner's words (l30 read "(teacher)" as not for them).
# A chance step's one die (who goes first, C&K's event die...) said alike: "Die" alone, the
# engine's word, said nothing of what the button does (a fresh learner at 1.2, s31).
PALETTE_WORDS = {
    "roll": "Set the dice yourself (for practice)",
    "die": "Set a die yourself (for practice)",
}


def palette_words(kind: str, dice: int = 1) -> str:
    """A kind as the palette's button says it (``kind_words`` but for ``PALETTE_WORDS``);
    ``dice``: the dice a throw under way has still to fall (its form sets them all)."""
    if kind == "die" and dice > 1:
        kind = "roll"
    return PALETTE_WORDS.get(kind) or kind_words(kind)


def kind_words(kind: str) -> str:
    """A kind of action as its button says it: ``play plenty`` -> "Play Year of Plenty" (an
    unknown kind: its words, with a capital)."""
    return KIND_WORDS.get(kind, sentence(kind))


BUTTON_WORDS.append(kind_words)  # the buttons' words read back in the answer box (form_words)


def phase_words(phase: str) -> str:
    """``pre-roll`` -> ``before rolling``; an unknown phase reads as its words."""
    return PHASE_WORDS.get(phase, phase.replace("-", " "))


def variant_name(variant: str) -> str:
    return VARIANT_NAMES.get(variant, variant)


def variant_beside(title: str, variant: str) -> str:
    """The variant's name for a heading beside a lesson's ``title``; '' when the title names
    it already ("Puzzles: Catan for two · Catan for two" said it twice)."""
    name = variant_name(variant)
    return "" if name.lower() in title.lower() else name


# ---------------------------------------------------------------- what to notice
def _each(value: object) -> list[tuple[str, str]]:
    if isinstance(value, dict):
        return [(str(k), str(v)) for k, v in value.items()]
    if isinstance(value, list):
        return [("", str(v)) for v in value]
    return [("", str(value))]


def _who_has(what: str, holder: str) -> str:
    return f"Nobody holds {what}." if holder in ("-", "") else f"{holder} holds {what}."


# Expectations the page's header already says (whose move, the phase): no notice line.
_IN_THE_HEADER = {"pending", "phase"}


def notice_lines(game: Game, node: Node, topic: str = "") -> list[str]:
    """The lesson's expectations at ``node`` as plain sentences (no keys, no rule IDs):
    "Here P1 may build a road on N5.", "P1 may not move the knight on J2 to F4: a knight may
    displace only a weaker one.", "P1's strong knight on J4 is inactive."; ``topic`` is the
    lesson's title and goal (see ``notice_items``)."""
    return [line for line, _ in notice_items(game, node, topic=topic)]


def robber_moved(node: Node) -> bool:
    """The step to ``node`` moved the robber: it stands elsewhere than one or two moves
    before (a robber's move and its steal, a roll and the move it folds in, are one step)."""
    back = [n for n in (node.parent, node.parent and node.parent.parent) if n is not None]
    return any(n.state.robber != node.state.robber for n in back)


def notice_items(
    game: Game, node: Node, expects: list | None = None, topic: str = ""
) -> list[tuple[str, str]]:
    """``notice_lines`` with the rule each line is about ('' for most): (line, rule ID), of
    ``expects`` (default: the node's expectations). What the header says (whose move, the
    phase) is left out; where the robber is, unless the step moved it or the lesson (its
    title and goal: ``topic``) is about the robber."""
    out: list[tuple[str, str]] = []
    robber = "robber" in topic.lower() or robber_moved(node)
    for ex in node.expect if expects is None else expects:
        if ex.key in _IN_THE_HEADER or (ex.key == "robber" and not robber):
            continue
        if ex.key == "legal":  # one sentence for the moves allowed
            out.append((_allowed(game, [v for _, v in _each(ex.value)]), ""))
            continue
        if ex.key == "illegal":  # refusals for one reason at several spots: one sentence
            shown = [(m, r) for m, r in _each(ex.value) if not only_missing(game, m)]
            out += refusals(game, shown)  # (a field left out only: no notice)
            continue
        items = list(_each(ex.value))
        none = _without_progress(items) if ex.key == "progress" else []
        if none:  # several with none: one sentence ("P2 and P3 have no progress cards.")
            out += none
            items = [(k, v) for k, v in items if not _no_cards(v)]
        for k, v in items:
            if ex.key in ABSENT_KEYS and v in ("-", ""):  # nothing there: said if just emptied
                out.append((gone_notice(node, ex.key, k), ""))
                continue
            out.append((_notice(game, ex.key, k, v), ""))
    # two moves refused alike read alike (lesson 4.1: a development card offered to P2 and
    # to the bank): each line once
    return list(dict.fromkeys((line, rule) for line, rule in out if line))


def _no_cards(value: str) -> bool:
    return value.strip() in ("", "-", "nothing", "none")


def _without_progress(items: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Players a lesson expects to hold no progress card, two or more, in one sentence:
    "P1, P2 and P3 have no progress cards." (one line each repeated "…: nothing."; issue 33)."""
    empty = [neutral_words(k) for k, v in items if _no_cards(v)]
    return [(f"{and_list(empty)} have no progress cards.", "")] if len(empty) > 1 else []


def refusals(game: Game, moves: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The refused moves (move, rule) as sentences with their rules; moves alike but for
    their spot, refused for the same reason, are said once (issue 33: "P2 may not build a
    settlement on M4, N4 or Q4: each is next to the building on N6, and settlements need at
    least two road lengths between them.", not three lines alike)."""
    groups: dict[tuple[str, str, str], list[tuple[str, str]]] = {}
    for move, rule in moves:
        shown, why, rule = _refusal(game, move, rule)
        label = _spot_label(game, move)
        key = (shown, why, rule)
        rest = why.removeprefix(label) if label else why  # the spot may open the reason only
        if label and re.search(rf"\b{label}\b", shown) and not re.search(rf"\b{label}\b", rest):
            key = (re.sub(rf"\b{label}\b", "{}", shown), re.sub(rf"^{label}\b", "{}", why), rule)
        groups.setdefault(key, []).append((label, shown))
    out = []
    for (shown, why, rule), items in groups.items():
        if len(items) == 1 or "{}" not in shown:
            out += [(with_reason(said, why.replace("{}", label)), rule) for label, said in items]
            continue
        spots = or_list([label for label, _ in items])
        out.append((with_reason(shown.replace("{}", spots), why.replace("{}", "each")), rule))
    return out


def _spot_label(game: Game, move: str) -> str:
    """The label of the one spot a move names ('' for none or several)."""
    try:
        a = game.parse(move)
    except ValueError:
        return ""
    names = {"vertex": VERTEX_LABELS, "edge": EDGE_LABELS, "hex": HEX_NAMES}
    labels = [
        names[kind][getattr(a, n)]
        for n, kind, _ in spot_fields(type(a))
        if isinstance(getattr(a, n), int) and getattr(a, n) >= 0
    ]
    return labels[0] if len(labels) == 1 else ""


def _allowed(game: Game, moves: list[str]) -> str:
    """The moves a lesson says are allowed here, as a sentence: "Here P1 may build a road on
    N5."; several: "Each of these is allowed here: …; …."; chance outcomes: what may happen."""
    said = list(dict.fromkeys(move_words(game, m, True) for m in moves))  # two may read alike
    chance = all(_is_chance(game, m) for m in moves)
    if len(said) == 1:
        return f"This may happen here: {said[0]}." if chance else f"Here {said[0]}."
    if chance:
        return f"Each of these may happen here: {'; '.join(said)}."
    return allowed_several(game, moves, said)  # the whole choice, or examples of a free one


def _is_chance(game: Game, move: str) -> bool:
    try:
        return game.parse(move).is_chance
    except ValueError:
        return False


def _refusal(game: Game, move: str, rule: str) -> tuple[str, str, str]:
    """A move the lesson says is refused here: its words ("P1 may not build a road on H3"),
    the engine's reason ("It would not touch P1's roads or buildings."; the rule's title when
    it gives none) and its rule."""
    try:
        ex = game.explain(move)
        why, rule = (plain(ex.reason), ex.rule) if not ex.legal else ("", rule)
    except ValueError:
        why = ""
    what, why = said_once(move_words(game, move, False), (why or title_of(rule)).strip())
    return what, why, rule


def move_words(game: Game, move: str, legal: bool) -> str:
    """A lesson's move in a learner's words, without the full stop: "P1 may build a road on
    N5" (or "may not"); the notation's words only for a move the position cannot read."""
    try:
        return may(game.state, game.parse(move), legal).rstrip(".")
    except ValueError:
        return notation_words(move)


def _number(v: str, noun: str) -> str:
    """A count from a lesson's expectation with its noun ("1 victory point"); text that is
    not a number stays as written."""
    return count(int(v), noun) if v.strip().isdigit() else f"{v} {plural(noun)}"


def _absent_or(v: str, absent: str, present: str) -> str:
    return absent if v in ("-", "") else present


# What to notice, one sentence per kind of expectation (but those of _IN_THE_HEADER): (key)
# -> fn(k, v). ``k`` is the
# expectation's subject (a seat, a label; '' for none), ``v`` its value as the lesson writes it.
NOTICES: dict[str, Callable[[str, str], str]] = {
    "vp": lambda k, v: f"{k} has {_number(v, 'victory point')}.",
    "longest": lambda k, v: _who_has("Longest Road", v),
    "army": lambda k, v: _who_has("Largest Army", v),
    "winner": lambda k, v: _absent_or(v, "Nobody has won yet.", f"{v} wins the game."),
    "barbarians": lambda k, v: (  # (a lesson writes a number; anything else as written)
        f"The barbarian ship is {ship_place(int(v))}."
        if v.strip().isdigit()
        else f"The barbarian ship is at {v}."
    ),
    "hand": lambda k, v: f"{k}'s hand: {v}.",
    "tokens": lambda k, v: f"{k} has {_number(v, 'trade token')}.",
    "knight": lambda k, v: _knight_words(k, v),
    "building": lambda k, v: _absent_or(v, f"Nothing is built on {k}.", _built(k, v)),
    "road": lambda k, v: _absent_or(
        v, f"There is no road on {k}.", f"{_party_name(v)} has a road on {k}."
    ),
    "robber": lambda k, v: _absent_or(
        v, "The robber is off the board.", f"The robber is on hex {v}."
    ),
    "progress": lambda k, v: (
        f"{k} has no progress cards." if _no_cards(v) else f"{k}'s progress cards: {card_list(v)}."
    ),
    "levels": lambda k, v: f"{k}'s city improvements: {v}.",
    "defender": lambda k, v: f"{k} has {_number(v, 'Defender of Catan point')}.",
    "metropolis": lambda k, v: _absent_or(
        v, f"Nobody has the {k} metropolis yet.", _metropolis_words(k, v)
    ),
    "wall": lambda k, v: (
        f"The city on {k} has a city wall." if v == "yes" else f"There is no city wall on {k}."
    ),
    "supply": lambda k, v: f"Trade tokens left in the supply: {v}.",
}


# The expectations whose value names a party, and those whose subject is a seat: a neutral
# there reads "Neutral 1", never "N1" (a corner's label, to a learner).
_PARTY_VALUES = {"pending", "longest", "army", "winner"}  # (knights... parse their own)
_PARTY_SUBJECTS = {"vp", "hand", "tokens", "progress", "levels", "defender"}
DUMMY_WORDS = "the dummy"  # the dummy seat, as "What to notice" names it (DUMMY-SETUP-SEATS)
_NEUTRAL = re.compile(r"\bN([12])\b")
_NEUTRALS_PIECE = re.compile(r"\bN([12]) (?=\w)")


def neutral_words(text: str) -> str:
    """``text`` (a party's name or a value naming parties, as a lesson writes it) with each
    neutral named as the page names it: "N1" -> "Neutral 1", "N1 basic" -> "Neutral 1's
    basic"."""
    return _NEUTRAL.sub(r"Neutral \1", _NEUTRALS_PIECE.sub(r"Neutral \1's ", text))


def _party_name(party: str) -> str:
    """A party as a lesson's value names it ("P1", "N1") as the page names it ("Neutral 1")."""
    return _NEUTRAL.sub(r"Neutral \1", party)


def _knight_words(k: str, v: str) -> str:
    """A knight expectation ("P1 strong active" on N4) as a sentence: "P1's strong knight on
    N4 is active."; "-": "There is no knight on N4."."""
    if v in ("-", ""):
        return f"There is no knight on {k}."
    party, *rest = v.split()
    active = "active" in rest
    level = " ".join(w for w in rest if w != "active")
    state = "active" if active else "inactive"
    return f"{_party_name(party)}'s {level} knight on {k} is {state}.".replace("  ", " ")


def _built(k: str, v: str) -> str:
    """A building expectation ("P1 city" on K4): "P1 has a city on K4."."""
    party, _, piece = v.partition(" ")
    return f"{_party_name(party)} has {a(piece or 'building')} on {k}."


def _metropolis_words(track: str, v: str) -> str:
    """A metropolis expectation ("P1 A6" for trade): "P1's trade metropolis is on A6."."""
    party, _, spot = v.partition(" ")
    if not spot:
        return f"{_party_name(party)} has the {track} metropolis."
    return f"{_party_name(party)}'s {track} metropolis is on {spot}."


def _notice(game: Game, key: str, k: str, v: str) -> str:
    """One expectation as a sentence (``NOTICES``); an unknown key reads as written."""
    # the dummy's seat ("D") as the page names it (s35 at 5.14: "D's hand", "D" never said)
    dummy = game.state.names[-1] if game is not None and game.state.caps.dummy else None
    if key in _PARTY_VALUES:
        v = DUMMY_WORDS if v == dummy else neutral_words(v)
    if key in _PARTY_SUBJECTS:
        k = DUMMY_WORDS if k == dummy else neutral_words(k)
    say = NOTICES.get(key)
    if say is not None:
        return sentence(say(k, v))
    return sentence(f"{k}: {v}." if k else f"{v}.")


# ---------------------------------------------------------------- a move that cannot be read
_NOTATION_WORDS = (
    (re.compile(r"^expected (.+) after the end of the text$"), r"\1 is missing at the end"),
    (re.compile(r"^expected (.+)$"), r"\1 was expected here"),
    (re.compile(r"^unexpected extra words$"), "there are extra words at the end"),
    (re.compile(r"\ban action\b"), "a kind of move (settle, road, city, roll, end…)"),
    (re.compile(r"\bvertex\b"), "corner"),
    (re.compile(r"\bvertices\b"), "corners"),
    (re.compile(r"(?<!\w)'([^'\n]*?)'(?!\w)"), r"“\1”"),  # (not an apostrophe: hex's, l47)
)


def notation_problem(error: CatanError) -> tuple[str, str]:
    """What is wrong with a move typed, for a learner: (a sentence, the word at fault or '')
    — "“build” is not a kind of move (settle, road, city, roll, end…)." — without the
    notation reader's character offsets."""
    why = getattr(error, "why", "")
    if not why:  # not the reader's: its message without the "cannot read '…':" head
        text = str(error)
        why = text.split(": ", 1)[1] if text.startswith("cannot ") and ": " in text else text
    for pattern, words in _NOTATION_WORDS:
        why = pattern.sub(words, why)
    return sentence(why.rstrip(".") + "."), getattr(error, "word", "")


# A caption's first word that goes on after "P2 builds a settlement on K4:" in lower case (a
# place, a terrain); any other caption follows the move's sentence as a sentence of its own.
_CAPTION_ON = re.compile(
    r"(?:forest|fields|pasture|hills|mountains|desert|on|a|an|the|from|towards|beside|inland)\b"
)


def placed_words(node: Node) -> str:
    """Who placed what where at ``node`` in the engine's words ("P3 builds a road on H3."),
    '' for a move that places no settlement, city or road."""
    a, before = node.action, node.parent
    if a is None or before is None or type(a).__name__ not in _PLACED:
        return ""
    try:
        said = a.sentence(before.state).rstrip(".")
    except (IndexError, KeyError, TypeError, ValueError):
        return ""
    return f"{said}." if said else ""


def step_caption(node: Node) -> str:
    """A lesson step's comment as its caption: a piece placed (a settlement, city or road)
    whose comment does not name the player and the spot first says who placed what where, in the
    engine's words ("P2 builds a settlement on K4: forest 3, mountains 8 and pasture 5."),
    so that no caption lacks its subject; any other comment as written."""
    comment, a, before = node.comment.strip(), node.action, node.parent
    if not comment or a is None or before is None:
        return comment
    who, spot = getattr(a, "player", -1), str(a).split()[-1]  # ("P2 settle K4": K4)
    named = f"P{who + 1}" in comment or before.state.name(who) in comment
    if named and re.search(rf"\b{re.escape(spot)}\b", comment):
        return comment
    said = placed_words(node).rstrip(".")
    if not said:
        return comment
    if ":" not in comment and _CAPTION_ON.match(comment.lower()) and not comment[:2].isupper():
        return f"{said}: {comment[0].lower()}{comment[1:]}"
    return f"{said}. {comment}"


_PLACED = {"Settle", "BuildCity", "BuildRoad"}
