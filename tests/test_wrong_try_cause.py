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
            "knight, but a neutral's knight goes only where that neutral could recruit one, "
            "and neither neutral has such a corner now.",
            "road",
        ),
        (  # l36 at 5.13: "That is not the answer." and no reason
            "puzzle_base_2p",
            1,
            "settlement for neutral 2 on A2",
            "P1 can't build a free settlement for Neutral 2 on A2: a neutral settlement is "
            "owed only when P1 builds a settlement.",
            "road",
        ),
        (
            "puzzle_ck_walls",
            4,
            "P3 settle B4",
            "P3 can't build a settlement on B4: B4 is next to a building, and settlements "
            "need at least two road lengths between them.",
            "C6",
        ),
        (
            "puzzle_ck_progress",
            5,
            "P2 city K4",
            "P2 can't build a city on K4: P2 cannot pay for a city.",
            "grain",
        ),
    ],
    ids=[
        "CK-SETUP-ROUND2",
        "CK2P-NEUTRAL-KNIGHT-FALLBACK",
        "2P-NEUTRAL-MIRROR",
        "BASE-BUILD-DISTANCE",
        "CK-BUILD-COSTS",
    ],
)
def test_a_wrong_try_is_told_its_cause_not_the_answer(lesson, node, typed, cause, secret):
    said = judged(lesson, node, typed)
    assert not said.correct and said.read
    assert said.text.startswith(cause), said.text
    assert SECRET_WHY not in said.text and secret not in said.text.lower(), said.text
