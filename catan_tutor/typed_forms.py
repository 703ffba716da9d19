"""How each kind of move is typed, said to a learner, and the notation reader's reasons in a
learner's words.

A fresh learner (s16) typed "P1 improves trade" and read `A count (ASCII digits, at most 6),
got “improves” was expected here.`; a kind's button said "type it" and never what to type.
``how_to_type`` says the form of a kind of move: its words, a general pattern ("P<n> improve
<track>") and an example that the reader takes, for a seat and values that are no answer of
an open question (``avoid``: the answers' labels and moves, ``study.puzzle.secret_labels``).
``plain_reason`` says what the reader could not take, without its jargon (no "ASCII", no
"expected", no offsets). Plain Python: the answer box, Try a move and the puzzle's replies
share it (``move_words``).
"""

from __future__ import annotations

import re
from collections.abc import Collection
from itertools import product
from typing import TYPE_CHECKING

from .actions import REGISTRY, Action, parse_action
from .card_titles import CARD_TITLES
from .errors import CatanError
from .rules.absent_kinds import absent_sentence

if TYPE_CHECKING:
    from .game import Game

# Spots and values an example may name, each with others to take where one is an answer
_FILL = {
    "corner": ("H4", "C6", "Q2"),
    "corner2": ("J12", "D4", "R8"),
    "edge": ("H3", "C5", "Q1"),
    "hex": ("K", "E", "R"),
    "resource": ("ore", "wool", "brick"),
    "resource2": ("grain", "lumber", "ore"),
    "track": ("science", "politics", "trade"),
    "commodity": ("paper", "cloth", "coin"),
}
_SEATS = ("P2", "P1", "P3")  # the example's seat: the first that names no answer
_RESOURCES = "brick, lumber, wool, grain or ore"
_TRACKS = "science, trade or politics"

# A kind (its class's name) -> (its name for a learner, its parts in words, in the order they
# are typed, its own words in quotes; the example: its notation after the seat, with
# ``_FILL``'s fields and {other}: another seat). The parts are said in words, not as a pattern
# ("P<n> recruit <corner>" read as code to a fresh learner, s17).
FORMS: dict[str, tuple[str, str, str]] = {
    "Roll": ("A roll of the dice", "the player and “roll”", "roll"),
    "Settle": (
        "A settlement",
        "the player, “settle” (or “settlement”) and a corner",
        "settle {corner}",
    ),
    "BuildRoad": ("A road", "the player, “road” and an edge", "road {edge}"),
    "BuildCity": ("A city", "the player, “city” and a corner", "city {corner}"),
    "BuyDev": ("Buying a development card", "the player and “buy”", "buy"),
    "PlayKnight": ("Playing a Knight card", "the player and “knight”", "knight"),
    "PlayRoadBuilding": ("Playing Road Building", "the player and “roadbuilding”", "roadbuilding"),
    "PlayPlenty": (
        "Playing Year of Plenty",
        f"the player, “plenty” and two resources ({_RESOURCES})",
        "plenty {resource} {resource2}",
    ),
    "PlayMonopoly": (
        "Playing Monopoly",
        f"the player, “monopoly” and a resource ({_RESOURCES})",
        "monopoly {resource}",
    ),
    "MoveRobber": (
        "Moving the robber",
        "the player, “robber”, a hex and the player to rob",
        "robber {hex} {other}",
    ),
    "Discard": (
        "A discard",
        "the player, “discard” and the cards",
        "discard 2 {resource}, 1 {resource2}",
    ),
    "BankTrade": (
        "A trade with the bank",
        f"the player, “bank”, how many of a resource ({_RESOURCES}), “for” and the resource wanted",
        "bank 4 {resource} for {resource2}",
    ),
    "Offer": (
        "A trade offer",
        "the player, “offer”, the player asked, the cards given, “for” and the cards wanted",
        "offer {other} 1 {resource} for 1 {resource2}",
    ),
    "Accept": ("Accepting an offer", "the player and “accept”", "accept"),
    "Decline": ("Declining an offer", "the player and “decline”", "decline"),
    "EndTurn": ("Ending the turn", "the player and “end”", "end"),
    "Recruit": ("Recruiting a knight", "the player, “recruit” and a corner", "recruit {corner}"),
    "Promote": ("Promoting a knight", "the player, “promote” and a corner", "promote {corner}"),
    "Activate": (
        "Activating a knight",
        "the player, “activate” and a corner",
        "activate {corner}",
    ),
    "BuildWall": ("A city wall", "the player, “wall” and a corner", "wall {corner}"),
    "Pillage": ("The city to lose", "the player, “lose” and a corner", "lose {corner}"),
    "Relocate": (
        "Moving a displaced knight",
        "the player, “relocate” and a corner",
        "relocate {corner}",
    ),
    "Desert": (
        "Removing a knight (Treason)",
        "the player, “desert” and a corner",
        "desert {corner}",
    ),
    "RemoveKnight": (
        "Taking a knight off for tokens",
        "the player, “remove-knight” and a corner",
        "remove-knight {corner}",
    ),
    "PlaceDeserter": (
        "Placing the deserter's knight",
        "the player, “place”, a corner and the knight's strength (basic, strong or mighty)",
        "place {corner} basic",
    ),
    "MoveKnight": (
        "Moving a knight",
        "the player, “move”, the knight's corner and the corner it goes to",
        "move {corner} {corner2}",
    ),
    "ChaseRobber": (
        "Chasing the robber away",
        "the player, “chase”, the knight's corner, the hex the robber goes to and the player "
        "to rob",
        "chase {corner} {hex} {other}",
    ),
    "Improve": (
        "A city improvement",
        f"the player, “improve” and a track ({_TRACKS})",
        "improve {track}",
    ),
    "ChooseDeck": (
        "Choosing a progress deck",
        f"the player, “deck” and a track ({_TRACKS})",
        "deck {track}",
    ),
    "Aqueduct": (
        "The Aqueduct's resource",
        f"the player, “aqueduct” and a resource ({_RESOURCES})",
        "aqueduct {resource}",
    ),
    "DiscardProgress": (
        "Discarding a progress card",
        "the player, “discard-progress” and the card",
        "discard-progress crane",
    ),
    "Gift": (
        "A gift of cards (Wedding)",
        "the player, “give” and the cards",
        "give 1 {resource}, 1 {resource2}",
    ),
    "HarborOffer": (
        "Offering a resource for a commodity (Commercial Harbor)",
        f"the player, “hand”, the player asked and a resource ({_RESOURCES})",
        "hand {other} {resource}",
    ),
    "ReturnCommodity": (
        "Returning a commodity (Commercial Harbor)",
        "the player, “return” and a commodity (paper, cloth or coin)",
        "return {commodity}",
    ),
    "PlayProgress": (
        "Playing a progress card",
        "the player, “play”, the card and what it names",
        "play merchant {hex}",
    ),
    "Bid": (
        "A bid",
        "the player, “bid”, the cards bid, “for” and the resource wanted",
        "bid 2 {resource} for {resource2}",
    ),
    "Pass": ("Passing", "the player and “pass”", "pass"),
    "NeutralSettle": (
        "A settlement for a neutral",
        "the player, “neutral”, the neutral (N1 or N2), “settle” and a corner",
        "neutral N1 settle {corner}",
    ),
    "NeutralRoad": (
        "A road for a neutral",
        "the player, “neutral”, the neutral (N1 or N2), “road” and an edge",
        "neutral N1 road {edge}",
    ),
    "NeutralKnight": (
        "A knight for a neutral",
        "the player, “neutral”, the neutral (N1 or N2), “knight” and a corner",
        "neutral N1 knight {corner}",
    ),
    "NeutralPromote": (
        "A promotion for a neutral's knight",
        "the player, “neutral”, the neutral (N1 or N2), “promote” and a corner",
        "neutral N1 promote {corner}",
    ),
    "ForcedTrade": (
        "A forced trade",
        "the player, “force take”, the cards taken, “give” and the cards given",
        "force take 1 {resource}, 1 {resource2} give 2 wool",
    ),
    "ForcedDraw": ("A forced trade", "the player and “force”", "force"),
    "ForcedGive": (
        "Giving back after a forced trade",
        "the player, “force give” and the cards",
        "force give 2 {resource}",
    ),
    "RobberHome": ("Sending the robber home", "the player and “robber-home”", "robber-home"),
    "ReturnKnight": (
        "Handing back a Knight card",
        "the player and “return knight”",
        "return knight",
    ),
}


def kind_named(text: str, game: Game | None = None) -> type[Action] | None:
    """The kind of move notation ``text`` names (its first word after the seat, the longest
    of the reader's keys: "force take" before "force"), of the game's variant where a word
    names kinds of several ("force": base-2p's forced trade, ck-2p's draw); None for none."""
    words = [w.lower() for w in re.findall(r"[^\s,]+", text)]
    if words and re.fullmatch(r"p[1-9]", words[0]):
        words = words[1:]
    for n in (3, 2, 1):
        cls = REGISTRY.get(" ".join(words[:n])) if len(words) >= n else None
        if cls is not None:
            break
    else:
        return None
    if game is None or cls in game.rules.applies:
        return cls
    kin = [c for k, c in REGISTRY.items() if k.split()[0] == words[0] and c in game.rules.applies]
    return kin[0] if kin else cls


def example(game: Game, cls: type, avoid: Collection[str] = (), legal: bool = True) -> str:
    """A move of kind ``cls`` as typed: one legal now (learner s31 at 1.4: "like “P2 settle
    H4”" where P2's settlement stood, a move the position refuses), whose labels and seat
    are none of ``avoid``, nor its move one of ``avoid``'s for any seat ('' when none is: the
    form is said without one). ``legal=False``: one the reader takes, for the variant's
    seats, legal or not (a list of kinds every question shows alike)."""
    form = FORMS.get(cls.__name__)
    if form is None:
        return ""
    if legal:
        return _legal_example(game, cls, avoid)
    for tail in (form[2], *_OTHER_TAILS.get(cls.__name__, ())):
        shown = _example(game, cls, tail, avoid)
        # a card's id as printed ("merchant-fleet": "Merchant Fleet"; read too), whose words
        # name no answer's card either (the Merchant answers 9.18)
        shown = _JOINED_ID.sub(lambda m: CARD_TITLES.get(m[0], m[0]), shown)
        if shown and not any(w in avoid or w.lower() in avoid for w in shown.split()[1:]):
            return shown
    return ""


_JOINED_ID = re.compile(r"\b[a-z]+(?:-[a-z]+)+\b")  # "merchant-fleet", "road-building"


def _within(words: str, text: str) -> bool:
    """``words`` said in ``text``, whole words."""
    return re.search(rf"(?<![\w-]){re.escape(words)}(?![\w-])", text) is not None


def _legal_example(game: Game, cls: type, avoid: Collection[str]) -> str:
    """``example``'s move legal now: the first of ``cls`` (a card's id as printed) that
    names no seat, label, word or move of ``avoid``."""
    if game.is_over() or game.is_chance():
        return ""
    moves = {x.split(" ", 1)[1] for x in avoid if re.match(r"P[1-9] \S", x)}
    for action in game.legal_actions():
        if type(action) is not cls:
            continue
        text = str(action)
        seat, _, move = text.partition(" ")
        if seat in avoid or text in avoid or any(_within(m, move) for m in moves):
            continue  # (an answer's move inside it: "force all" for 11.16's "force")
        shown = _JOINED_ID.sub(lambda m: CARD_TITLES.get(m[0], m[0]), text)
        words = re.findall(r"[\w-]+", f"{move} {shown.partition(' ')[2]}")
        if not any(w in avoid or w.lower() in avoid for w in words):
            return shown
    return ""


# Another example where the form's names an answer's own word (a puzzle answered by playing
# the Merchant: "P2 play merchant E" named its card; learner s17 at 9.18)
_OTHER_TAILS = {"PlayProgress": ("play merchant-fleet {resource}", "play irrigation")}


def _example(game: Game, cls: type, tail: str, avoid: Collection[str]) -> str:
    """``example`` with the notation ``tail`` after the seat ('' when none fits)."""
    if any(w in avoid for w in re.findall(r"[\w-]+", re.sub(r"\{\w+\}", "", tail))):
        return ""  # the tail's own words name an answer's card
    # an answer for another seat gives it away still ("P2 monopoly ore" for P1's): the move's
    # words after the seat are compared too
    moves = {x.split(" ", 1)[1] for x in avoid if re.match(r"P[1-9] \S", x)}
    names = [n for n in _FILL if "{" + n + "}" in tail]
    seats = [p for p in _SEATS if int(p[1]) <= game.state.n]
    for p, other in product(seats, seats):
        if other == p and "{other}" in tail:
            continue
        for values in product(*(_FILL[n] for n in names)):
            if any(v in avoid for v in values) or p in avoid:
                continue
            text = f"{p} {tail.format(other=other, **dict(zip(names, values, strict=True)))}"
            try:
                a = parse_action(text, -1, game.state.n, len(game.state.bank))
            except CatanError:
                continue
            if type(a) is cls and str(a).split(" ", 1)[1] not in moves:
                return text
    return ""


def how_to_type(game: Game, cls: type | None, avoid: Collection[str] = ()) -> str:
    """How a move of kind ``cls`` is typed, in words and with an example: "A city improvement
    is typed as the player, “improve” and a track (science, trade or politics), like “P2
    improve science”." ('' for a kind with no form here). While a question is open
    (``avoid``: its answer's words) the words alone: a move legal there would narrow the
    answer (l41 at 3.2: "brik" was told "…like “P2 bank 2 wool for lumber”", the 2:1 rate
    the question asks for)."""
    if cls is not None and not any(issubclass(c, cls) for c in game.rules.applies):
        # a kind of another variant ("neutral" too, where no neutral plays): no form here
        return absent_sentence(game.variant, cls.__name__)
    form = FORMS.get(cls.__name__) if cls is not None else None
    if form is None or cls is None:
        return ""
    name, parts, _ = form
    said = f"{name} is typed as {parts}"
    shown = "" if avoid else example(game, cls, avoid)
    return f"{said}, like “{shown}”." if shown else f"{said}."


# The reader's reasons (``Reader.fail``'s ``why``), said for a learner: its words for what it
# wanted, then the reasons themselves. The reasons already plain ("“Z9” is not an edge: an
# edge is named by a hex's letter and…") pass unchanged.
_WANTED = (
    (re.compile(r" \(ASCII digits, at most \d+\)"), ""),
    (re.compile(r"\ba count\b"), "a number"),
    (re.compile(r"a die face 1-6"), "a die's number (1 to 6)"),
    (re.compile(r"a seat like P2"), "a player (P1, P2…)"),
    (re.compile(r"an action word"), "what the move is"),
    (re.compile(r"\ba track \(science, trade, politics\)"), "a track (science, trade or politics)"),
    (re.compile(r"\bvertex\b"), "corner"),
)
_REASONS = (
    (re.compile(r"^expected (.+) after the end of the text$"), r"\1 is missing at the end"),
    (re.compile(r"^expected (.+?),? got (“[^”]*”|'[^']*')$"), r"\2 is not \1"),
    (re.compile(r"^expected (.+)$"), r"\1 is missing here"),
    (re.compile(r"^unexpected extra words$"), "there are extra words at the end"),
    (re.compile(r"\(P1\.\.P(\d)\)"), r"(P1 to P\1)"),
    (re.compile(r" is not a seat \("), " is not a player ("),  # (l34: "seat" says nothing)
    # a word the reader quoted ('x', or "I'd" with its apostrophe) in the page's quote marks;
    # never an apostrophe inside a word ("hex's": l31 read "I“d" … a hex”s)
    (re.compile(r"(?<![\w’])'([^']*)'(?![\w’])"), r"“\1”"),
    (re.compile(r'(?<!\w)"([^"]*)"(?!\w)'), r"“\1”"),
)


# The reader's "expected 'for' (between the cards given and the card wanted)": a word of the
# notation's own where another stands, and where it goes (``actions.Reader.word``)
_FIT = re.compile(r"expected ('[^']+'(?: or an? \w+)?|nothing more)(?: \(([^()]+)\))?")


def plain_reason(e: CatanError) -> str:
    """What the notation reader could not take in ``e``, in a learner's sentence (no
    offsets, no "ASCII", no "expected")."""
    why = getattr(e, "why", "") or str(e)
    if why.startswith("cannot read ") and ": " in why:
        why = why.split(": ", 1)[1]
    word = getattr(e, "word", "")
    if why.startswith("expected cards like "):  # none read (the word before is not at fault)
        why = why.removeprefix("expected ") + " are missing here"
    elif word and (fit := _FIT.fullmatch(why)):  # the word at fault, and what goes there
        what, place = fit.groups()
        if what == "nothing more":  # ("the draw names no cards, as …")
            why = f"“{word}” does not fit here: {place}"
        elif place and place.startswith(("between ", "right after ")):  # where it goes
            why = f"“{word}” does not fit here: {what} goes there, {place}"
        else:  # (what it is: "“knight” or a commodity (paper, cloth or coin)")
            why = f"“{word}” does not fit here: {what}{f' ({place})' if place else ''} goes there"
    for pattern, words in _WANTED:
        why = pattern.sub(words, why)
    for pattern, words in _REASONS:
        why = pattern.sub(words, why)
    return why[:1].upper() + why[1:].rstrip(".") + "."
