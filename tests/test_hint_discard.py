"""A discard's hint says why (learner18: it said no reason): what the cards kept are, and what
they build or come one card short of (BASE-SEVEN-DISCARD, BASE-BUILD-COSTS), read from the
hand; in Cities & Knights no development card is named (it has none)."""

from __future__ import annotations

from catan_tutor.actions import Discard
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import load_scenario
from catan_tutor.widgets.hint_words import why


def _at_discard(lesson: str):
    sc = load_scenario(packaged_lessons() / f"{lesson}.catan.yaml")
    tl, node = sc.timeline, sc.timeline.root
    while node.children and not isinstance(node.children[0].action, Discard):
        node = node.children[0]
    tl.goto(node)
    return tl.game


def test_BASE_SEVEN_DISCARD_a_discard_hint_says_what_is_kept_and_what_it_builds():
    game = _at_discard("base_production_robber")  # 2.1: P2 and P3 discard 4 of 8
    assert game.state.hands[1] == (0, 1, 5, 0, 2)  # P2: 1 lumber, 5 wool, 2 ore
    said = why(game, Discard(1, (0, 0, 4, 0, 0)))
    assert said == (
        "P2 discards 4 wool: it keeps 1 lumber, 1 wool and 2 ore, one card short of a "
        "development card."  # (1 wool, 1 grain, 1 ore: the grain is missing)
    ), said
    assert game.state.hands[2] == (1, 4, 2, 1, 0)  # P3: 1 brick, 4 lumber, 2 wool, 1 grain
    said = why(game, Discard(2, (0, 2, 2, 0, 0)))
    assert said.endswith("it keeps 1 brick, 2 lumber and 1 grain, the cards for a road."), said
    said = why(game, Discard(1, (0, 1, 1, 0, 2)))  # kept: 4 wool, short of everything
    assert said.endswith("it keeps 4 wool."), said
