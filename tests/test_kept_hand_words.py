"""A lesson's "P2 keeps 2 ore, 1 lumber and 1 wool" names the hand as it is after the move.

A fresh learner read "P1 now holds a wool and an ore" (puzzle 7.8) beside a hand of 1 wool,
1 grain, 2 ore and 1 coin; a "P<n> holds …" list says each kind it names as many times as
the hand has it (it may leave kinds out: "P1 now holds 5 cloth").

A fresh learner read "P2 keeps the ore, the lumber and 1 wool" (lesson 2.1) as 3 cards right
after "P2 held 8 and gave back 4": it was 4 (2 ore). Every "P<n> keeps …" list of resource
cards in a lesson's comment or text says each kind's count (a, an or a number, never "the"),
and the counts are that player's hand after the move."""

from __future__ import annotations

import re

import pytest

from catan_tutor.board import CARD_NAMES
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import SUFFIX, load_scenario

# the rules engine alone: left out of the minimum-versions lane (scripts/min_versions.sh)
pytestmark = pytest.mark.engine

CARD = "|".join(CARD_NAMES)
ITEM = rf"(?:(?:a|an|the|\d+) (?:{CARD}))"
KEEPS = re.compile(rf"\bP(\d) (keeps|now holds|holds) ({ITEM}(?:(?:, | and ){ITEM})*)(?=[.;:]|$)")
COUNT = {"a": 1, "an": 1}


def test_a_kept_hand_is_said_with_its_counts_and_they_are_true():
    checked = []
    for path in sorted(packaged_lessons().glob(f"*{SUFFIX}")):
        sc = load_scenario(path)
        if sc.timeline is None:
            continue
        for node in sc.timeline.nodes.values():
            asked = sc.puzzles.get(node.id)
            for text in (node.comment, node.tutor, asked.prompt if asked else ""):
                for m in KEEPS.finditer(text):
                    seat, verb, listed = int(m[1]) - 1, m[2], m[3]
                    said = [0] * len(CARD_NAMES)
                    for item in re.split(r", | and ", listed):
                        n, card = item.split(" ")
                        assert n != "the", f"{path.name}: {m[0]!r} does not say how many"
                        said[CARD_NAMES.index(card)] += COUNT.get(n) or int(n)
                    hand = list(node.state.hands[seat])
                    hand += [0] * (len(said) - len(hand))
                    if verb != "keeps":  # "holds 5 cloth": those kinds, as many as said
                        hand = [h if n else 0 for h, n in zip(hand, said, strict=True)]
                    assert said == hand, (path.name, m[0], node.state.hands[seat])
                    checked.append(m[0])
    assert len(checked) >= 2, checked
