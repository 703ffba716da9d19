"""Actions and waits in a learner's words: what a legal move does (``say``, each kind's
``sentence``) and what the game waits for (``prompt``). The rule IDs stay with the verdicts;
these are only sentences. The card titles live in ``catan_tutor.card_titles``."""

from __future__ import annotations

import re

from ..actions import NOBODY_ROBBED, NOBODY_THERE, Action, ChaseRobber, MoveKnight, seat
from ..board import HARBOR_EDGES, HEX_NAMES, VERTEX_LABELS
from ..card_titles import CARD_TITLES, card_list, card_title, notation_words
from ..grammar import a as with_article
from ..grammar import same_waits, unlabelled, with_reason
from ..progress_cards import TRACKS
from ..state import BOARD, DICE, DRAW, ROLLOFF, STEAL, State
from ..variants.ck_state import PROGRESS_DRAW
from ..variants.ck_two_player_state import FORCE_DRAW
from .said_once import said_once
from .spot_nouns import with_nouns

__all__ = [
    "CARD_TITLES", "can", "card_list", "card_title", "chance_words", "may", "notation_words",
    "prompt", "say", "why_not",
]  # fmt: skip


def say(s: State, a: Action) -> str:
    """What the legal action ``a`` does, in a sentence for a learner (each kind of action
    words itself: ``Action.sentence``); a label that looks like a party with its noun
    ("on corner P6": ``spot_nouns``)."""
    return with_nouns(s, a, a.sentence(s))


def _v(v: int) -> str:
    return VERTEX_LABELS[v] if 0 <= v < len(VERTEX_LABELS) else str(v)


def _h(h: int) -> str:
    return HEX_NAMES[h] if 0 <= h < len(HEX_NAMES) else str(h)


def _base_form(verb: str) -> str:
    """A verb after "may": "builds" -> "build", "passes" -> "pass", "carries" -> "carry"."""
    if verb.endswith(("sses", "shes", "ches", "xes")):
        return verb[:-2]
    if verb.endswith("ies"):
        return verb[:-3] + "y"
    return verb[:-1] if verb.endswith("s") and not verb.endswith("ss") else verb


def may(s: State, a: Action, legal: bool) -> str:
    """A move as a lesson says it, in words: "P1 may build a settlement on A12." or "P1 may
    not build a settlement on A12." (a chance outcome: what it is). No notation."""
    return _modal(s, a, "may" if legal else "may not")


def can(s: State, a: Action, legal: bool) -> str:
    """A move as a verdict on it says it: "P1 can build a road on N5." or "P1 can't build a
    road on N5." (a chance outcome: what it is). No notation."""
    return _modal(s, a, "can" if legal else "can't")


def why_not(s: State, a: Action, reason: str) -> str:
    """A refused move, what and why in one sentence: "P1 can't build a road on K5: the setup
    road must touch the settlement just placed on N4; K5 does not." (``reason``: the
    engine's, in plain words; none: the move alone)."""
    return with_reason(*said_once(can(s, a, False).rstrip("."), reason))


def _modal(s: State, a: Action, modal: str) -> str:
    return with_nouns(s, a, _modal_words(s, a, modal))  # "can't build a road on edge N5"


def _modal_words(s: State, a: Action, modal: str) -> str:
    try:
        said = say(s, a)
    except (IndexError, KeyError, TypeError, ValueError):  # an action no state has: its words
        said = ""
    if modal not in ("can", "may"):  # refused: "nobody to rob there" may be false; say the move
        said = said.replace(NOBODY_THERE, NOBODY_ROBBED)  # as made (BASE-ROBBER-STEAL)
    if a.is_chance:
        return said or f"The chance outcome “{notation_words(str(a))}”."
    who = seat(a.player)
    if type(a) is MoveKnight:
        return f"{who} {modal} move the knight on {_v(a.src)} to {_v(a.dst)}."
    if type(a) is ChaseRobber:
        return f"{who} {modal} chase the robber to {_h(a.hex)} with the knight on {_v(a.vertex)}."
    first = re.split(r"[;:] ", said, maxsplit=1)[0].rstrip(".")  # the move, not what follows
    head, _, rest = first.partition(" ")
    verb, _, tail = rest.partition(" ")
    if head != who or not verb.endswith("s") or " may " in first:
        return f"{who} {modal} play “{notation_words(str(a))}”."
    tail = re.sub(r"\b(and|then) (\w+s)\b", lambda m: f"{m[1]} {_base_form(m[2])}", tail)
    return f"{who} {modal} {' '.join(w for w in (_base_form(verb), tail) if w)}."


_RULE_ID = re.compile(r"^[A-Z0-9]+(?:-[A-Z0-9]+)+\b")

# What a chance event due now is, by phase (for prompts: never a raw rule ID).
_CHANCE_WORDS = {
    BOARD: "the board is laid out", ROLLOFF: "the roll-off for first player",
    DICE: "roll the dice", STEAL: "the robber steals a card at random",
    FORCE_DRAW: "a card is drawn blind for the forced trade",
    DRAW: "a development card is drawn", PROGRESS_DRAW: "a progress card is drawn",
    "tiebreak": "a die breaks the dummy's tie", "dev-die": "the dummy's development die",
    "card-die": "the dummy's card die", "resource-die": "the dummy's Monopoly die",
}  # fmt: skip


def prompt(rules, s: State) -> str:
    """What the game waits for now, in words: "P1: move the robber", "P2 and P3: discard 4 cards
    each", "roll the dice: white, then red, then the event die" (chance). No rule IDs (those go
    with the verdicts)."""
    pending = rules.pending(s)
    parts = [chance_words(rules, s) for p, _ in pending if p < 0]  # no "chance:" before it
    owed = [(s.name(p), what) for p, what in pending if p >= 0]
    # one wait of several players said once: "P2 and P3: discard 4 cards each"
    parts += [f"{who}: {unlabelled(what)}" for who, what in same_waits(owed)]
    return "; ".join(dict.fromkeys(parts)) or "nothing"


def board_words(s: State) -> str:
    """Where laying out a variable board stands (BASE-BOARD-VARIABLE): "3 of 19 hexes laid
    out", then the harbors, then the number tokens (their spiral's start drawn by chance)."""
    placed = len(s.tiles) - s.tiles.count(-1)
    if placed < len(s.tiles):
        return f"{placed} of {len(s.tiles)} hexes laid out"
    if s.shuffle_harbors and len(s.harbor_kinds) < len(HARBOR_EDGES):
        return f"all hexes laid out; {len(s.harbor_kinds)} of {len(HARBOR_EDGES)} harbors placed"
    return "all hexes laid out; the number tokens go on next"


def chance_words(rules, s: State) -> str:
    """The chance event due now as a phrase (the pending text without its rule ID)."""
    ph = s.phase
    if ph == DICE:
        if s.caps.knights:
            left = ("white", "red", "the event die")[len(s.rolled) :]
            text = "roll the dice: " + ", then ".join(left)
        else:
            text = "roll the dice"
        if s.sums and s.caps.double_roll:
            text += f" (second roll of the turn; its sum must differ from {s.sums[0]})"
        if s.caps.dummy and s.active == s.dummy:
            text += " for the dummy"
        return text
    if ph == BOARD:
        return board_words(s)
    if ph == STEAL and 0 <= s.victim < len(s.hands):  # who steals: the robber's mover, not it
        return f"{s.name(s.active)} steals a card at random from {s.name(s.victim)}"
    if ph == PROGRESS_DRAW and s.draws:
        p, t = s.draws[0]
        return f"{seat(p)} draws {with_article(TRACKS[t])} progress card"
    for q, what in rules.pending(s):
        if q < 0 and not _RULE_ID.match(what):  # already words (e.g. the dummy's dice)
            return what
    return _CHANCE_WORDS.get(ph, "a chance event")
