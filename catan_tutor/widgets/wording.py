"""Words for people: what the tutor shows instead of the engine's internal names.

Phase names (``setup-settle``, ``pre-roll``) become short phrases, variant codes become the
games' names, the rule ID in front of a chance event's description is dropped (the rule's
title goes to a tooltip instead), and a lesson's expectations become "what to notice" lines.
Everything here reads the engine's data; nothing decides what is legal.
"""

from __future__ import annotations

import re

from ..game import Game
from ..timeline import Node

# One phrase per phase of the engine (catan_tutor.state), read as "turn 3 · <phrase>".
PHASE_WORDS = {
    "board": "laying out the board",
    "rolloff": "rolling for the first player",
    "setup-settle": "placing the starting pieces",
    "setup-road": "placing a starting road",
    "pre-roll": "before the dice",
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
}

VARIANT_NAMES = {
    "base": "Catan",
    "base-2p": "Catan for two",
    "base-dummy": "Catan with a dummy player",
    "ck": "Cities & Knights",
    "ck-2p": "Cities & Knights for two",
}

_RULE_ID = re.compile(r"\b(?:BASE|2P|DUMMY|CK|CK2P)(?:-[A-Z0-9]+)+\b")
_LEADING_ID = re.compile(r"^\s*(?:BASE|2P|DUMMY|CK|CK2P)(?:-[A-Z0-9]+)+\s*(?::\s*|\((.*)\)\s*$)?")


def phase_words(phase: str) -> str:
    """``pre-roll`` -> ``before the dice``; an unknown phase reads as its words."""
    return PHASE_WORDS.get(phase, phase.replace("-", " "))


def variant_name(variant: str) -> str:
    return VARIANT_NAMES.get(variant, variant)


def rule_title(rule_id: str) -> str:
    """The rule's title from the rules reference (``CK-KNIGHT-DISPLACE`` -> ``Knight
    displacement``), or '' when the reference has no such rule."""
    try:
        from ..rulebook import rule
    except ImportError:  # pragma: no cover - the reference ships with the package
        return ""
    try:
        return rule(rule_id).title
    except (KeyError, ValueError):
        return ""


def decision_words(decision: str, phase: str = "") -> str:
    """A pending decision as a learner reads it: a leading rule ID dropped
    (``CK-TURN-ROLL-PHASE: white, red, then the event die`` -> ``white, red, then the event
    die``, ``2P-ROLL-TWICE (second roll ...)`` -> ``second roll ...``), any other rule ID left
    out; the phase's words when nothing is left."""
    m = _LEADING_ID.match(decision)
    text = decision
    if m:
        text = m.group(1) if m.group(1) is not None else decision[m.end():]
    text = re.sub(r"\s*\(\s*\)", "", _RULE_ID.sub("", text)).strip(" :;,")
    return text or phase_words(phase)


# ---------------------------------------------------------------- what to notice
def _each(value: object) -> list[tuple[str, str]]:
    if isinstance(value, dict):
        return [(str(k), str(v)) for k, v in value.items()]
    if isinstance(value, list):
        return [("", str(v)) for v in value]
    return [("", str(value))]


def _who_has(what: str, holder: str) -> str:
    return f"Nobody holds {what}." if holder in ("-", "") else f"{holder} holds {what}."


def notice_lines(game: Game, node: Node) -> list[str]:
    """The lesson's expectations at ``node`` as plain sentences (no keys, no rule IDs):
    "P2 decides now.", "Not allowed: P1 move J2 F4 — a knight may displace only a weaker
    one.", "Knight on J4: P1 strong"."""
    out: list[str] = []
    for ex in node.expect:
        if ex.key == "legal":  # one line for the moves allowed
            out.append("Allowed here: " + "; ".join(v for _, v in _each(ex.value)) + ".")
            continue
        for k, v in _each(ex.value):
            out.append(_notice(game, ex.key, k, v))
    return [line for line in out if line]


def _notice(game: Game, key: str, k: str, v: str) -> str:  # noqa: PLR0911 - one per key
    if key == "illegal":
        try:
            ex = game.explain(k)
            why = decision_words(ex.reason) if not ex.legal else ""
        except ValueError:
            why = ""
        why = why or rule_title(v)
        return f"Not allowed here: {k}" + (f" — {why}" if why else ".")
    if key == "pending":
        return f"{v} decides now." if v not in ("-", "") else "Nobody has a decision to make."
    if key == "phase":
        return f"Now: {phase_words(v)}."
    if key == "vp":
        return f"{k} has {v} victory points."
    if key in ("longest", "army"):
        return _who_has("Longest Road" if key == "longest" else "Largest Army", v)
    if key == "winner":
        return f"{v} wins the game." if v not in ("-", "") else "Nobody has won yet."
    if key == "barbarians":
        return f"The barbarian ship is on step {v} of 7."
    if key == "hand":
        return f"{k}'s hand: {v}."
    if key == "tokens":
        return f"{k} has {v} trade tokens."
    if key == "knight":
        return f"No knight on {k}." if v == "-" else f"Knight on {k}: {v}."
    if key == "building":
        return f"Nothing is built on {k}." if v == "-" else f"On {k}: {v}."
    if key == "road":
        return f"No road on {k}." if v == "-" else f"Road on {k}: {v}."
    if key == "robber":
        return f"The robber is on hex {v}." if v != "-" else "The robber is off the board."
    if key == "progress":
        return f"{k}'s progress cards: {v}."
    if key == "levels":
        return f"{k}'s city improvements: {v}."
    if key == "defender":
        return f"{k} has {v} defender of Catan points."
    if key == "metropolis":
        return f"No {k} metropolis yet." if v == "-" else f"{k.capitalize()} metropolis: {v}."
    if key == "wall":
        return f"City wall on {k}: {v}."
    if key == "supply":
        return f"Trade tokens left in the supply: {v}."
    return f"{k}: {v}." if k else f"{v}."
