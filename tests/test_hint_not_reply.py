"""A hint says something the learner has not just been told (l19 at 1.4's second question:
"It is not P1." was its first hint, right after the wrong try "P1 settle M4" was told "P1
can't build a settlement on M4: it is not P1's move now."). Swept over every puzzle: no
sentence of a hint repeats the prompt, or the reply to a wrong try: each legal move of the
moment that is not an answer, and each answer made by another seat."""

from __future__ import annotations

import re

import pytest
from puzzle_answers import Asked, course_puzzles, lesson

from catan_tutor.errors import CatanError
from catan_tutor.game import Game
from catan_tutor.study.puzzle import judge

PUZZLES = course_puzzles()
IDS = [f"{p.lesson}@{p.node}" for p in PUZZLES]


def _plain(text: str) -> str:
    text = re.sub(r"\s*\((?:[A-Z0-9]+-)+[A-Z0-9-]+(?:, [A-Z0-9-]+)*\)", "", text)  # rule ids
    return re.sub(r"\s+", " ", text).strip().lower()


def _sentences(text: str) -> list[str]:
    return [s for s in (_plain(p) for p in re.split(r"(?<=[.;:?!])\s+", text)) if s]


def _replies(asked: Asked) -> list[str]:
    sc = lesson(asked.lesson)
    rules, node = sc.timeline.rules, sc.timeline.nodes[asked.node]
    g = Game(rules, node.state)
    tries = [str(a) for a in g.legal_actions()]
    for answer in asked.puzzle.answers:
        seat = answer.split()[0]
        tries += [answer.replace(seat, other, 1) for other in g.names if other != seat]
    out = []
    for move in tries:
        try:
            j = judge(asked.puzzle, node, rules, move)
        except CatanError:  # a move the notation cannot say: no reply to repeat
            continue
        if not j.correct:
            out.append(_plain(j.text))
    return out


@pytest.mark.parametrize("asked", PUZZLES, ids=IDS)
def test_no_hint_repeats_a_wrong_try_s_reply_or_the_prompt(asked: Asked) -> None:
    said = [_plain(asked.puzzle.prompt), *_replies(asked)]
    repeated = [
        sentence.rstrip(".;:")
        for hint in asked.puzzle.hints
        for sentence in _sentences(hint)
        if any(sentence.rstrip(".;:") in text for text in said)
    ]
    assert repeated == [], f"{asked.lesson}@{asked.node}: {repeated}"
