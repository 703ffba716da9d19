"""Coverage by demonstration (issue 34): a rule counts as *shown* only where a lesson plays a
move that the rule decides (catan_tutor.study.shown); the packaged course keeps its shown count."""

from __future__ import annotations

from pathlib import Path

import pytest

from catan_tutor import rulebook
from catan_tutor.game import Game
from catan_tutor.study.course import coverage
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import SUFFIX, load_scenario
from catan_tutor.study.shown import shown_in
from catan_tutor.study.shown_predicates import QUIET

# the rules engine alone: left out of the minimum-versions lane (scripts/min_versions.sh)
pytestmark = pytest.mark.engine

LESSONS = Path(packaged_lessons())
# Issue 34 asks for 250 of the 254 rules shown. The course shows this many today; the rest are
# listed by `catan-tutor check --coverage`: the board's geometry (BASE-BOARD-GRID) and an option
# the engine does not implement (2P-EVENT-CARDS).
SHOWN_FLOOR = 252


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
        "CK-PROGRESS-EMPTY",
        "CK-PROD-SHORTAGE",
        "CK-PC-PLAY",
        "CK2P-TOKEN-SUPPLY",
    ],
)
def test_the_rules_issue_34_names_are_shown_by_a_lesson(packaged, rule_id: str):
    variant = rulebook.rule(rule_id).variant
    assert rule_id in packaged.shown[variant], packaged.report()


def test_each_quiet_rule_is_a_rule_of_the_variants_it_is_looked_for_in():
    for rule_id, (_, variants) in QUIET.items():
        for variant in variants:
            assert rule_id in rulebook.rules_of(variant), (rule_id, variant)


def test_thirteen_points_off_turn_are_shown_only_where_they_do_not_win_at_once():
    # CK-WIN-OFFTURN: P3 reaches 13 on P1's turn and wins only when P3's turn begins
    assert "CK-WIN-OFFTURN" in shown_in(_lesson("ck_win_offturn"))
    assert "CK-WIN-OFFTURN" not in shown_in(_lesson("ck_win_13"))  # 13 on one's own turn


def test_a_holders_level_5_is_shown_where_the_holder_buys_or_is_refused_it():
    # CK-METRO-OWN-LEVEL5: the holder needs a free city for its track's level 5 (refused, then
    # bought after a second city); a level-5 takeover is CK-METRO-TAKE
    assert "CK-METRO-OWN-LEVEL5" in shown_in(_lesson("ck_alchemy"))
    assert "CK-METRO-OWN-LEVEL5" in shown_in(_lesson("ck_pc_guild_dues"))
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


@pytest.mark.parametrize(
    ("rule_id", "shown_by", "not_by"),
    [
        # the ship lands on the track's last space / only moves one step
        ("CK-BOARD-TRACK", "ck_barbarian_defender", "ck_commodity_shortage"),
        # a settlement cuts a neutral's road / settlements that cut nothing
        ("BASE-DEF-CONNECTED", "base_2p_neutral_cuts_road", "base_2p_neutral_builds"),
        # a 3:1 and 2:1 harbor trade on the beginner map / a 4:1 bank trade there
        ("BASE-BOARD-BEGINNER-HARBORS", "base_trading_harbors", "base_dummy_race_to_ten"),
        ("BASE-DEF-COAST", "base_trading_harbors", "base_dummy_race_to_ten"),
        # the leader by hidden VP cards pays 1 / a public leader pays 2, a trailer 1
        ("BASE-INFO", "base_2p_hidden_points", "base_2p_forced_trade_price"),
        # the leader by a face-up Printing pays 2 / a lead from a settlement
        ("CK-INFO", "ck_2p_public_points", "ck_2p_forced_trade_leading"),
        # a settlement owed 3 tokens takes the supply's last / incomes the supply can pay
        ("2P-SETUP-TOKENS", "base_2p_token_supply", "base_2p_token_income"),
        # the last science card drawn while P3 still waits / draws from a full deck
        ("CK-PROGRESS-EMPTY", "ck_progress_empty_deck", "ck_barbarian_tie"),
        ("CK-PC-COUNTS", "ck_progress_empty_deck", "ck_barbarian_tie"),
        # 2 paper owed, 1 in the bank / city production the bank can pay
        ("CK-PROD-SHORTAGE", "ck_commodity_shortage", "ck_aqueduct"),
        ("CK-COMP-COMMODITIES", "ck_commodity_shortage", "ck_aqueduct"),
        # neutral roads from the start settlements / later neutral roads
        ("2P-SETUP-NEUTRAL-POSITIONS", "base_2p_forced_trade", "base_2p_neutral_builds"),
        # D takes Longest Road and scores nothing / D takes no award
        ("DUMMY-SETUP-NOTHING-ON-BOARD", "base_dummy_longest_road", "base_dummy_monopoly"),
        # a settlement refused by the distance rule / settlements without such a refusal
        ("BASE-DEF-ADJACENT", "puzzle_base_setup", "base_dev_cards"),
        # a roll hits a neutral settlement / rolls that hit only players
        ("2P-SETUP-PLAYERS", "base_2p_double_roll", "base_2p_forced_trade_price"),
        # a player's road in C&K for two owes a neutral road / setup roads owe nothing
        ("CK2P-INHERIT", "ck_2p_neutral_longest_route", "ck_2p_setup"),
        # a first improvement, from the start level 0 / improvements of cubes already raised
        ("CK-SETUP-IMPROVEMENTS", "ck_setup_commodities", "ck_metropolis_race"),
        # D gives a card of its untouched starting hand / D gives one after stealing one
        ("DUMMY-SETUP-HAND", "base_dummy_setup", "base_dummy_dummy_turn"),
        # a development card offered in a trade, refused / trades of resources only
        ("BASE-TRADE-NO-DEV", "base_dev_cards", "base_trading_harbors"),
    ],
)
def test_a_rule_is_shown_only_where_its_condition_decides_a_move(
    rule_id: str, shown_by: str, not_by: str
):
    assert rule_id in shown_in(_lesson(shown_by))
    assert rule_id not in shown_in(_lesson(not_by))


def test_a_ck_lay_out_keeps_the_robber_off_the_board():
    # CK-SETUP-ROBBER decides where BASE-BOARD-ROBBER-START would put it on the desert
    shown = shown_in(_lesson("ck_2p_variable_board"))
    assert {"CK-SETUP-ROBBER", "2P-SETUP-BOARD", "CK-BOARD-MAP"} <= shown
    assert "BASE-BOARD-ROBBER-START" not in shown
    assert "CK-SETUP-ROBBER" not in shown_in(_lesson("ck_2p_setup"))  # no lay-out there


def test_a_trade_naming_a_development_card_is_refused_under_the_no_dev_rule():
    # BASE-TRADE-NO-DEV: read as a trade and refused with the rule (not a notation error); in
    # Cities & Knights there are no development cards to trade (CK-COMP-REMOVED)
    sc = _lesson("base_dev_cards")
    game = Game(sc.tree.rules, sc.root.state)
    refused = game.explain("P1 offer P2 1 roadbuilding for 1 ore")
    assert (refused.legal, refused.rule) == (False, "BASE-TRADE-NO-DEV")
    assert "Road Building card" in refused.reason
    ck = _lesson("ck_setup_commodities")
    assert Game(ck.tree.rules, ck.root.state).explain("P1 bank 1 knight for ore").rule == (
        "CK-COMP-REMOVED"
    )


def test_the_first_improvement_is_shown_only_while_every_cube_is_at_level_0():
    # CK-SETUP-IMPROVEMENTS: P1's first level costs 1 coin because the cubes start at 0
    sc = _lesson("ck_setup_commodities")
    node = next(n for n in sc.tree.walk() if str(n.action) == "P1 improve politics")
    assert node.parent is not None and node.parent.state.levels[0] == (0, 0, 0)
    assert sum(node.parent.state.hands[0]) - sum(node.state.hands[0]) == 1  # 1 coin
