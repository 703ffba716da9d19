"""A lesson's comment beside its move's row in the Moves tab, said without repeating the row
(a fresh learner: "P1 ends the turn. P1 ends the turn; the two players take turns, so P2 is
next."): a comment that only says the row's words is dropped; after "<row>;" or "<row>." the
rest is its own sentence; a comment going on from the row's words ("P2 accepts P1's offer.",
"P1 builds a road on Q5, touching…") continues the row's sentence. Plain Python."""

from __future__ import annotations

import re


def beyond_row(row: str, comment: str) -> tuple[str, bool]:
    """(what the comment adds to ``row``, whether it continues the row's sentence): '' when
    it says only the row; after "<row>;" or "<row>." the rest as its own sentence; a comment
    going on from the row's words, from where the row stops (True: " P1's offer. …",
    ", touching…"); any other comment whole."""
    said = comment.strip()
    opening = row.strip().rstrip(".")
    m = re.match(rf"{re.escape(opening)}(?=[\s;.,:(]|$)", said, re.IGNORECASE) if opening else None
    if m is None:
        return said, False
    rest = said[m.end() :]
    if rest[:1] in (";", ".", ""):
        rest = rest[1:].strip()
        return rest[:1].upper() + rest[1:], False
    return rest, True
