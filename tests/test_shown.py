"""Coverage by demonstration (issue 34): a rule counts as *shown* only where a lesson plays a
move that the rule decides (catan_tutor.shown); the packaged course keeps its shown count."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_tutor import rulebook
from catan_tutor.course import coverage
from catan_tutor.game import Game
from catan_tutor.resources import packaged_lessons
from catan_tutor.scenario import SUFFIX, load_scenario
from catan_tutor.shown import _QUIET, shown_in

LESSONS = Path(packaged_lessons())
# Issue 34 asks for 250 of the 254 rules shown. The course shows this many today; the rest are
# listed by `catan-tutor check --coverage` (components, board layouts, definitions and setup
# rules no move decides, and rules no lesson plays yet). Raise the floor as lessons come.
SHOWN_FLOOR = 219


def _lesson(name: str):
    return load_scenario(LESSONS / f"{name}{SUFFIX}")


@pytest.fixture(scope="module")
def packaged():
    return coverage(sorted(LESSONS.glob(f"*{SUFFIX}")))


def test_the_course_shows_at_least_the_floor_of_rules_in_play(packaged):
    shown = packaged.count("shown")
    assert shown >= SHOWN_FLOOR, packaged.report()
    assert shown + packaged.count("cited") + packaged.count("neither") == len(rulebook.rules())


@pytest.mark.parametrize(
    "rule_id",
    [
        "CK-WIN-OFFTURN",
        "CK-METRO-TAKE",
        "CK-METRO-OWN-LEVEL5",
        "CK2P-PC-TREASON",
        "CK2P-PC-INTRIGUE",
        "CK2P-PC-DIPLOMACY",
        "CK2P-PC-DIPLOMACY-NEUTRAL",
        "CK-PC-MINING",
        "CK-PC-MERCHANT-DESERT",
        "DUMMY-STEAL-EMPTY",
        "2P-NEUTRAL-NONE-POSSIBLE",
        "2P-NEUTRAL-LONGEST-ROAD",
        "CK2P-LONGEST-ROUTE",
        "DUMMY-DEV-LARGEST-ARMY",
        "CK-BARB-TOKENS",
        "CK-SETUP-FIRST-PLAYER",
    ],
)
def test_the_rules_issue_34_names_are_shown_by_a_lesson(packaged, rule_id: str):
    variant = rulebook.rule(rule_id).variant
    assert rule_id in packaged.shown[variant], packaged.report()


def test_each_quiet_rule_is_a_rule_of_the_variants_it_is_looked_for_in():
    for rule_id, (_, variants) in _QUIET.items():
        for variant in variants:
            assert rule_id in rulebook.rules_of(variant), (rule_id, variant)


def test_thirteen_points_off_turn_are_shown_only_where_they_do_not_win_at_once():
    # CK-WIN-OFFTURN: P3 reaches 13 on P1's turn and wins only when P3's turn begins
    assert "CK-WIN-OFFTURN" in shown_in(_lesson("ck_win_offturn"))
    assert "CK-WIN-OFFTURN" not in shown_in(_lesson("ck_win_13"))  # 13 on one's own turn


def test_a_holders_level_5_is_shown_only_when_no_free_city_is_left():
    # CK-METRO-OWN-LEVEL5 decides only without a free city; a level-5 takeover is CK-METRO-TAKE
    assert "CK-METRO-OWN-LEVEL5" in shown_in(_lesson("ck_alchemy"))
    level5 = shown_in(_lesson("ck_metropolis_level5"))
    assert "CK-METRO-TAKE" in level5 and "CK-METRO-OWN-LEVEL5" not in level5


def test_a_build_with_room_for_the_neutrals_does_not_show_the_no_room_rule():
    # 2P-NEUTRAL-NONE-POSSIBLE
    assert "2P-NEUTRAL-NONE-POSSIBLE" in shown_in(_lesson("base_2p_no_neutral_build"))
    assert "2P-NEUTRAL-NONE-POSSIBLE" not in shown_in(_lesson("base_2p_neutral_builds"))


def test_the_merchant_on_the_desert_is_narrated_under_its_own_rule_without_a_trade():
    # CK-PC-MERCHANT-DESERT: 1 VP, no 2:1 trade
    sc = _lesson("ck_pc_merchant_desert")
    node = sc.root.children[0]
    game = Game(sc.tree.rules, sc.root.state)
    game.play(node.action)
    merchant = [e for e in game.events if e.kind == "merchant"]
    assert [e.rule for e in merchant] == ["CK-PC-MERCHANT-DESERT"]
    assert "no resource to trade" in str(merchant[0])
    assert not game.explain("P2 bank 2 brick for wool").legal
