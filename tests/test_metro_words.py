"""A city improvement below the level that wins a metropolis names no metropolis corner
(CK-METRO-TAKE: level 4 first, or 5 from a level-4 holder): lesson 10.1's form offered
"P3 buys politics level 1, the metropolis on A12" over 54 corners. Swept over every
position of every C&K lesson, as a lesson's form and a puzzle's form list the moves."""

from __future__ import annotations

from functools import cache

import pytest

from catan_tutor.game import Game
from catan_tutor.rules.improvements import metro_due
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import SUFFIX, load_scenario
from catan_tutor.variants.ck_actions import Improve
from catan_tutor.widgets.forms import every_spot, option_labels
from catan_tutor.widgets.taken_spots import free_spots

CK = sorted(p.name for p in packaged_lessons().glob(f"*{SUFFIX}") if "ck" in p.name)


@cache
def _improving(name: str) -> list:
    """The positions of a lesson's tree where its mover may buy an improvement."""
    sc = load_scenario(packaged_lessons() / name)
    out = []
    for node in sc.tree.walk():
        g = Game(sc.tree.rules, node.state)
        acts = [a for a in g.legal_actions() if type(a) is Improve]
        if acts:
            out.append((g, acts))
    return out


def test_some_lesson_offers_a_metropolis_beside_a_level_that_wins_none() -> None:
    """The sweep below meets the case lesson 10.1 showed (else it could not fail)."""
    both = [
        acts
        for name in CK
        for _, acts in _improving(name)
        if any(a.vertex >= 0 for a in acts) and any(a.vertex < 0 for a in acts)
    ]
    assert both


@pytest.mark.parametrize("name", CK)
def test_an_improvement_names_a_metropolis_only_at_a_level_that_wins_one(name: str) -> None:
    bad = []
    for g, acts in _improving(name):
        s = g.state
        for spots in (every_spot(acts, unused_too=False), every_spot(acts)):
            shown = free_spots(s, spots) or spots
            for a, words in zip(shown, option_labels(g, shown), strict=True):
                due = metro_due(s, a.player, a.track)
                if ("metropolis" in words or a.vertex >= 0) and not due:
                    bad.append(words)
    assert bad == [], sorted(set(bad))[:5]
