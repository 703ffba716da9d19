"""A wrong try at a puzzle is told why it is refused, as far as the why keeps the answer's
secret (l32: 7.8's "P3 can't build a settlement on C6. That is not the answer." and 11.16's
neutral knight on H6 gave no reason: the engine's one sentence named the answer, so all of
it was held back). The engine says the cause and the piece due in clauses of their own;
the puzzle keeps the cause (CK-SETUP-ROUND2, CK2P-NEUTRAL-KNIGHT-FALLBACK)."""

from __future__ import annotations

import pytest
from puzzle_answers import judged

from catan_tutor.study.puzzle import SECRET_WHY


@pytest.mark.parametrize(
    ("lesson", "node", "typed", "cause", "secret"),
    [
        (
            "puzzle_ck_knights",
            6,
            "P3 settle C6",
            "P3 can't build a settlement on C6: in Cities & Knights the second setup round "
            "places a different piece from the first.",
            "city",
        ),
        (
            "puzzle_ck_2p",
            20,
            "P1 neutral N1 knight H6",
            "P1 can't place a basic knight for Neutral 1 on H6: P1 owes a neutral basic "
            "knight, but none fits anywhere now.",
            "road",
        ),
    ],
    ids=["CK-SETUP-ROUND2", "CK2P-NEUTRAL-KNIGHT-FALLBACK"],
)
def test_a_wrong_try_is_told_its_cause_not_the_answer(lesson, node, typed, cause, secret):
    said = judged(lesson, node, typed)
    assert not said.correct and said.read
    assert said.text.startswith(cause), said.text
    assert SECRET_WHY not in said.text and secret not in said.text.lower(), said.text
