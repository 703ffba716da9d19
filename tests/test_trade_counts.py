"""A lesson that trades twice in a row for the same card says how many it needs. Lesson
10.1 read "4 lumber buy the paper P3 needs." and then traded 4 grain for a second paper
with no word that two were needed (CK-BUILD-COSTS: science level 4 costs 4 paper). Swept
over every lesson's line and variations."""

from __future__ import annotations

import re

import pytest

from catan_tutor.actions import BankTrade
from catan_tutor.card_titles import CARD_NAMES
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import SUFFIX, load_scenario

# the rules engine alone: left out of the minimum-versions lane (scripts/min_versions.sh)
pytestmark = pytest.mark.engine

LESSONS = sorted(p.name for p in packaged_lessons().glob(f"*{SUFFIX}"))
_COUNT = r"(?:two|three|four|five|\d+)(?: more)?"


@pytest.mark.parametrize("name", LESSONS)
def test_the_first_of_two_trades_for_a_card_says_how_many_are_needed(name: str) -> None:
    sc = load_scenario(packaged_lessons() / name)
    bad = []
    for node in sc.tree.nodes.values():
        a = node.action
        if type(a) is not BankTrade or not node.children:
            continue
        nxt = node.children[0].action
        if type(nxt) is not BankTrade or (nxt.player, nxt.get) != (a.player, a.get):
            continue
        card = CARD_NAMES[a.get]
        said = f"{node.comment} {node.tutor}"
        if not re.search(rf"\b{_COUNT} (?:more )?{card}", said, re.IGNORECASE):
            bad.append(node.comment)
    assert bad == []
