"""Words a fresh learner (l33) read wrong: what the game waits for from a neutral's builder
had no verb ("Next, it is up to P1 to a free road for Neutral 1 or Neutral 2": 2P-NEUTRAL-
MIRROR, CK2P-NEUTRAL-KNIGHT-PLACE, CK2P-NEUTRAL-KNIGHT-PROMOTE)."""

from __future__ import annotations

import re

from puzzle_answers import lesson

from catan_tutor.game import Game
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.variants.two_player import OWED
from catan_tutor.widgets.verdicts import next_sentence


def test_2P_NEUTRAL_MIRROR_what_a_neutral_is_owed_is_said_with_a_verb():
    said = set()
    for path in sorted(packaged_lessons().glob("*2p*.catan.yaml")):
        tl = lesson(path.name.removesuffix(".catan.yaml")).timeline
        for node in tl.walk():
            text = next_sentence(Game(tl.rules, node.state))
            if "for Neutral 1 or" in text or "of Neutral 1 or" in text:
                said.add(text)
    owed = {re.sub(r"P\d", "P", t) for t in said}
    assert owed == {f"Next, it is up to P to {what}." for what in OWED.values()}, said
    assert all(re.match(r"(build|place|promote) ", what) for what in OWED.values())


def test_BASE_ROBBER_MOVE_a_hex_said_with_its_number_and_yield_is_that_hex():
    """l33 at 2.2: "I'd put the robber on the 6 wheat field" was asked "Which fields: D, H, O
    or R?" (R the only 6), "the hills with the 5" "Which hills?" (Q the only 5)."""
    from puzzle_answers import course_puzzles, judged

    node = next(a.node for a in course_puzzles() if a.lesson == "puzzle_base_robber")
    wheat = judged("puzzle_base_robber", node, "I'd put the robber on the 6 wheat field")
    assert wheat.read and wheat.move.startswith("P1 robber R"), wheat
    for typed in ("put the robber on the hills with the 5", "the robber on the hills with a 5"):
        hills = judged("puzzle_base_robber", node, typed)
        assert hills.correct and hills.move.startswith("P1 robber Q"), (typed, hills)
