"""A lesson's comment beside its move's row in the Moves tab, said without repeating the row
(a fresh learner: "P1 ends the turn. P1 ends the turn; the two players take turns, so P2 is
next."): a comment that only says the row's words is dropped; after "<row>;" or "<row>." the
rest is its own sentence; a comment going on from the row's words ("P2 accepts P1's offer.",
"P1 builds a road on Q5, touching…") continues the row's sentence. A comment opening with the
row's move in other words ("P1 moves the robber to hex A and robs P2." then "P1 moves the
robber to A, because…"; "P1 builds a free road for Neutral 2 on G5." then "P1 builds Neutral
2's free road on G5, next to…") goes on from the row likewise. Plain Python."""

from __future__ import annotations

import re

# Words a retelling may leave out or add without saying more than the row.
_FILLER = frozenset({"a", "an", "the", "and", "hex", "of"})
_WORD = re.compile(r"[\w:']+")
_BOUNDARY = re.compile(r"[,;:.](?=\s|$)")


def beyond_row(row: str, comment: str) -> tuple[str, bool]:
    """(what the comment adds to ``row``, whether it continues the row's sentence): '' when
    it says only the row; after "<row>;" or "<row>." the rest as its own sentence; a comment
    going on from the row's words, from where the row stops (True: " P1's offer. …",
    ", touching…"); a comment opening with the row's move in other words (``retold``), what
    follows that opening; any other comment whole."""
    said = comment.strip()
    opening = row.strip().rstrip(".")
    m = re.match(rf"{re.escape(opening)}(?=[\s;.,:(]|$)", said, re.IGNORECASE) if opening else None
    end = m.end() if m is not None else retold(opening, said)
    if end is None:
        return said, False
    rest = said[end:]
    if rest[:1] in (";", ".", ""):
        rest = rest[1:].strip()
        return rest[:1].upper() + rest[1:], False
    if m is None and re.search(r"[;:]\s", opening) and rest[:1] in (",", ":"):
        # "<…; P2 accepts or declines>, because…" would hang on the row's last clause: the
        # reason as a sentence of its own ("P3 needs the wool…")
        rest = re.sub(r"^because\s+", "", rest[1:].strip())
        return rest[:1].upper() + rest[1:], False
    return rest, True


def _words(text: str) -> list[str]:
    return [w.lower().strip(":").removesuffix("'s") for w in _WORD.findall(text)]


def retold(row: str, comment: str) -> int | None:
    """Where the comment's opening stops when it says the row's move in other words: it
    starts with the row's subject and verb ("P1 moves") and, up to a comma, colon, semicolon
    or full stop, names nothing the row does not ("the robber to A" in "…to hex A and robs
    P2"); the longest such opening. None: the comment says more from its start."""
    head = row.split()[:2]
    if len(head) < 2 or comment.split()[:2] != head:
        return None
    known = set(_words(row))
    end = None
    for b in _BOUNDARY.finditer(comment):
        if not {w for w in _words(comment[: b.start()]) if w not in _FILLER} <= known:
            break
        end = b.start()
    else:
        if {w for w in _words(comment) if w not in _FILLER} <= known:
            end = len(comment.rstrip())
    return end
