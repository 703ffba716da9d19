"""A knight's activation and promotion said in a learner's own words (CK-KNIGHT-ACTIVATE: a
grain stands a knight up; CK-KNIGHT-PROMOTE).

A fresh learner (l32) typed "feed my knight a grain so he wakes up" at 4.19 ("The new knight
lies on its side … Make it ready") and was told recruiting a knight is typed so: "feed" and
"wake" were not read, and "turn on my knight" was read as a recruit ("turn", "on" are words
that name no part of a move). Waking a knight, feeding it a grain, turning it on, standing it
up name its activation; the phrases are said as "activate" here, the single words
(``WORDS``) are the reader's kind words. "make the knight on K6 strong" was read as
recruiting a knight on K6: making a knight strong (or mighty) is its promotion.
"""

from __future__ import annotations

import re

# single words that name the activation (their other forms: ``move_words._base``)
WORDS = frozenset({"wake", "awake", "awaken", "woke", "woken", "feed", "fed"})

_WHOM = r"(?:(?:the|my|his|her|their|this|that|p[1-9]['’]s)\s+)?(?:new\s+)?(?:knights?|it|him|her)"
# "turn on my knight", "turn my knight on", "stand it up", "wake him up"
_TURN = "turn|turns|turned|turning|switch|switches|switched"
_UP = "stand|stands|stood|standing|wake|wakes|woke|waking"
_PHRASES = (
    re.compile(rf"\b(?:{_TURN})\s+on\s+(?={_WHOM}\b)", re.I),
    re.compile(rf"\b(?:{_TURN}|{_UP})\s+({_WHOM})\s+(?:on|up)\b", re.I),
)
# "make the knight on K6 strong": its promotion (CK-KNIGHT-PROMOTE; l32 read a recruit)
_MADE_STRONG = re.compile(
    rf"\b(?:make|makes|made|making)\s+({_WHOM}(?:\s+(?:on|at)\s+\S+)?)\s+"
    r"(?:strong|stronger|mighty)(?:\s+knights?)?\b",
    re.I,
)
_STAND_UP = re.compile(r"\b(?:stands?|stood|standing|wakes?|woke|waking)\s+up\b", re.I)


def said_as_knight_moves(text: str) -> str:
    """``text`` with a knight's activation said in a phrase ("turn my knight on", "wake him
    up", "so he stands up") said as "activate", its promotion ("make the knight on K6
    strong") as "promote"; else unchanged."""
    text = _PHRASES[0].sub("activate ", text)
    text = _PHRASES[1].sub(lambda m: f"activate {m[1]}", text)
    text = _MADE_STRONG.sub(lambda m: f"promote {m[1]}", text)
    return _STAND_UP.sub("activate", text)
