"""When a progress card may be played, said right (learner s17 at 9.18: "A progress card is
played in the player's own turn, after the roll" where the Alchemist is played before it,
as 9.14 teaches; CK-PC-PLAY, CK-PC-ALCHEMY): a lesson sentence that says progress cards are
played after the roll names the Alchemist's exception."""

from __future__ import annotations

import re

import pytest
from test_lesson_rule_marks import LESSONS, _lesson

_AFTER = re.compile(r"progress cards?\b[^.]*\b(?:is|are) played\b[^.]*\bafter the roll", re.I)


def _texts(name: str) -> list[str]:
    sc = _lesson(name)
    out = [sc.goal or ""] if hasattr(sc, "goal") else []
    for node in sc.tree.walk():
        out += [node.comment, node.tutor]
    out += [p.prompt for p in sc.puzzles.values()]
    return [re.sub(r"\s+", " ", t) for t in out if t]


@pytest.mark.parametrize("name", LESSONS)
def test_progress_cards_after_the_roll_is_said_with_the_alchemist_before_it(name: str) -> None:
    wrong = [
        m[0]
        for t in _texts(name)
        for m in _AFTER.finditer(t)
        if not re.search(r"\bAlchemist\b|\bAlchemy\b", t[m.start() : t.find(".", m.end()) + 1])
    ]
    assert wrong == []
