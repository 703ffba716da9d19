"""The reply to a wrong answer kept above the hint taken after it (l21, l23: the hint took
its place, and the learner lost what was wrong with the try): its heading and first sentence
("✕ Not the answer · P1 can't build a road on K5."), the hint under it; a move read and
judged keeps its reason too, as far as ``KEPT_CHARS`` ("On M the robber blocks the forest
8…" went with the shortening: s21)."""

from __future__ import annotations

import re

from ..study.puzzle import Judgement
from . import markup, verdicts

_QUOTED = re.compile(r"^That is not a move: “[^”]*”\.\s+")  # the words typed, quoted
_SENTENCE_END = re.compile(r"(?<=[.!?”])\s+(?=[A-Z“])")
KEPT_CHARS = 240  # a judged try's reply kept whole up to this many characters, by sentences


def first_sentence(text: str) -> str:
    """The first sentence of ``text`` (all of it when it is one)."""
    return _SENTENCE_END.split(text.strip(), maxsplit=1)[0]


def lead_sentences(text: str, limit: int = KEPT_CHARS) -> str:
    """The first sentence of ``text``, and those after it while all fit in ``limit``."""
    sentences = _SENTENCE_END.split(text.strip())
    kept = sentences[:1]
    for more in sentences[1:]:
        if len(" ".join([*kept, more])) > limit:
            break
        kept.append(more)
    return " ".join(kept)


# what the shortened reply is, above the hints (l46 at 1.4 read "✕ Not read as a move · …"
# over "Hint 1:" as the hint answering it)
LAST_TRY = "Your last try:"


def held_html(j: Judgement | None, heading: str, colour: str) -> str:
    """The wrong answer's reply, shortened (its ``heading`` and first sentence, a judged
    move's reason too), as shown above the hints; '' for none."""
    if j is None or j.correct:
        return ""
    text = _QUOTED.sub("", j.text, count=1)  # the heading says it: what was not read
    plain = verdicts.plain(verdicts.uncited(text))
    said = markup.text(lead_sentences(plain) if j.read else first_sentence(plain))
    return (
        f"<div class='catan-puzzle-held' style='margin:2px 0;color:#555'>"
        f"{LAST_TRY} <b style='color:{colour}'>{heading}</b> · {said}</div>"
    )
