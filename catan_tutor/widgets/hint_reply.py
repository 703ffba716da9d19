"""The reply to a wrong answer kept above the hint taken after it (l21, l23: the hint took
its place, and the learner lost what was wrong with the try): its heading and first sentence
("✕ Not the answer · P1 can't build a road on K5."), the hint under it."""

from __future__ import annotations

import re

from ..study.puzzle import Judgement
from . import markup, verdicts

_QUOTED = re.compile(r"^That is not a move: “[^”]*”\.\s+")  # the words typed, quoted
_SENTENCE_END = re.compile(r"(?<=[.!?”])\s+(?=[A-Z“])")


def first_sentence(text: str) -> str:
    """The first sentence of ``text`` (all of it when it is one)."""
    return _SENTENCE_END.split(text.strip(), maxsplit=1)[0]


def held_html(j: Judgement | None, heading: str, colour: str) -> str:
    """The wrong answer's reply, shortened (its ``heading`` and first sentence), as shown
    above the hints; '' for none."""
    if j is None or j.correct:
        return ""
    text = _QUOTED.sub("", j.text, count=1)  # the heading says it: what was not read
    said = markup.text(first_sentence(verdicts.plain(verdicts.uncited(text))))
    return (
        f"<div class='catan-puzzle-held' style='margin:2px 0;color:#555'>"
        f"<b style='color:{colour}'>{heading}</b> · {said}</div>"
    )
