"""Words for people: what the tutor shows instead of the engine's internal names.

Phase names (``setup-settle``, ``pre-roll``) become short phrases, variant codes become the
games' names, and a lesson's expectations become "what to notice" lines (a refused move with
the engine's reason and rule; rule IDs read as the rules' titles, ``verdicts.plain``).
Everything here reads the engine's data; nothing decides what is legal.
"""

from __future__ import annotations

from ..game import Game
from ..timeline import Node
from .verdicts import plain, title_of

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


def phase_words(phase: str) -> str:
    """``pre-roll`` -> ``before the dice``; an unknown phase reads as its words."""
    return PHASE_WORDS.get(phase, phase.replace("-", " "))


def variant_name(variant: str) -> str:
    return VARIANT_NAMES.get(variant, variant)


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
    return [line for line, _ in notice_items(game, node)]


def notice_items(game: Game, node: Node) -> list[tuple[str, str]]:
    """``notice_lines`` with the rule each line is about ('' for most): (line, rule ID)."""
    out: list[tuple[str, str]] = []
    for ex in node.expect:
        if ex.key == "legal":  # one line for the moves allowed
            out.append(("Allowed here: " + "; ".join(v for _, v in _each(ex.value)) + ".", ""))
            continue
        for k, v in _each(ex.value):
            if ex.key == "illegal":
                out.append(_not_allowed(game, k, v))
            else:
                out.append((_notice(game, ex.key, k, v), ""))
    return [(line, rule) for line, rule in out if line]


def _not_allowed(game: Game, move: str, rule: str) -> tuple[str, str]:
    """A move the lesson says is refused here: the engine's reason and rule."""
    try:
        ex = game.explain(move)
        why, rule = (plain(ex.reason), ex.rule) if not ex.legal else ("", rule)
    except ValueError:
        why = ""
    why = why or title_of(rule)
    return f"Not allowed here: {move}" + (f" — {why}" if why else "."), rule


def _notice(game: Game, key: str, k: str, v: str) -> str:  # noqa: PLR0911 - one per key
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
