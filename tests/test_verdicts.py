"""Verdicts that teach: the most specific rule, a reason that fits, the rule's text, prompts
in words (issue 18, engine side). Test names cite the rule that decides."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from helpers import assert_illegal, assert_legal, play
from test_rules_ck2p_knights import load as load_2p
from test_rules_ck_cards import main_game as card_game
from test_rules_ck_pieces import (
    attack_game,
    cards,
    hands,
    knight_game,
    main_game,
    per,
    strike,
)  # fmt: skip

import catan_tutor
from catan_tutor import Game, NotationError, new_game, rulebook
from catan_tutor.rules.precedence import PARTIAL, most_specific, table
from catan_tutor.sampler import choose
from catan_tutor.study.scenario import load_scenario
from catan_tutor.variants import VARIANTS, rules_for

# the rules engine alone: left out of the minimum-versions lane (scripts/min_versions.sh)
pytestmark = pytest.mark.engine

LESSONS = Path(catan_tutor.__file__).parent / "lessons"


def lesson_game(name: str, after: str) -> Game:
    """The game of lesson ``name`` on its main line, right after the move ``after``."""
    sc = load_scenario(LESSONS / f"{name}.catan.yaml")
    node = sc.timeline.root
    while node.children:
        node = node.children[0]
        if str(node.action) == after:
            return Game(rules_for(sc.variant, preview=True), node.state)
    raise AssertionError(f"{after!r} is not on the main line of {name}")


# ---------------------------------------------------------------- the examples
def test_CK_ROBBER_INACTIVE_robber_move_after_a_seven_before_the_first_attack():
    """ck_robber_awakens: a 7 before the first attack, its discards made; the roller asks to
    move the robber (the issue's "P1 robber O P2", typed by the seat on turn)."""
    g = lesson_game("ck_robber_awakens", "P1 discard 2 brick, 1 ore, 1 coin")
    assert g.state.phase == "main" and not g.state.attacked and sum(g.state.dice) == 7
    who = g.names[g.state.active]
    e = g.explain(f"{who} robber O P2")
    assert (e.legal, e.rule) == (False, "CK-ROBBER-INACTIVE")
    assert "off the board" in e.reason and "only after a 7" not in e.reason
    assert_illegal(g, f"{who} robber O P2", "CK-ROBBER-INACTIVE")


def test_CK_ROBBER_INACTIVE_during_the_discards_before_the_first_attack():
    g = lesson_game("ck_robber_awakens", "event ship")
    assert g.state.phase == "discard" and not g.state.attacked
    assert_illegal(g, f"{g.names[g.state.active]} robber O P2", "CK-ROBBER-INACTIVE")


def test_CK_KNIGHT_MOVE_no_road_leads_there_is_not_blamed_on_a_piece():
    g = knight_game(kn="H6:P1:2:a--")
    e = g.explain("P1 move H6 A2")  # far from any of P1's roads
    assert (e.legal, e.rule) == (False, "CK-KNIGHT-MOVE")
    assert "passing" not in e.reason and "pass another" not in e.reason
    assert "No road of P1's leads" in e.reason
    e = g.explain("P1 move H6 H6")
    assert (e.legal, e.rule) == (False, "CK-KNIGHT-MOVE") and "already stands" in e.reason


def test_CK_KNIGHT_BLOCKS_a_foreign_knight_on_the_way_is_named():
    g = knight_game(kn="H6:P1:3:a--,H4:P2:1:---")
    e = g.explain("P1 move H6 I6")
    assert (e.legal, e.rule) == (False, "CK-KNIGHT-BLOCKS")
    assert "P2's basic knight on H4" in e.reason


def test_CK_BUILD_OCCUPIED_a_road_past_a_foreign_knight_names_the_knight():
    g = main_game(
        roads=per("H7,H5", "K5,L3", "A3,Q5"),
        kn="H4:P2:1:---",
        hands=hands(cards(brick=2, lumber=2, wool=1, grain=1)),
    )
    e = g.explain("P1 road I7")
    assert (e.legal, e.rule) == (False, "CK-BUILD-OCCUPIED")
    assert "knight" in e.reason and "building" not in e.reason


def test_CK2P_NEUTRAL_KNIGHT_PROMOTE_a_promotion_not_owed_is_not_the_mirror_rule():
    g = load_2p(
        roads=per("A3,D3", "C5,N3", "I7,I5", "K3"), kn="A6:P1:1:a--,I6:N1:1:---,K4:N2:1:---"
    )
    assert g.state.phase == "main"
    assert_illegal(g, "P1 neutral N1 promote I6", "CK2P-NEUTRAL-KNIGHT-PROMOTE")
    assert_illegal(g, "P1 neutral N1 knight I4", "CK2P-NEUTRAL-KNIGHT-PLACE")
    assert_illegal(g, "P1 neutral N1 road H3", "2P-NEUTRAL-MIRROR")


def test_CK_PC_MERCHANT_FLEET_trades_are_judged_under_the_card():
    g = card_game(phand="merchant-fleet/-/-", hands=hands(cards(paper=4, brick=2)))
    play(g, "P1 play merchant-fleet paper")
    assert_legal(g, "P1 bank 2 paper for ore", "CK-PC-MERCHANT-FLEET")
    assert_illegal(g, "P1 bank 3 paper for ore", "CK-PC-MERCHANT-FLEET")
    assert_illegal(g, "P1 bank 2 brick for ore", "CK-TRADE-BANK")  # not the named kind


def test_CK_PC_WEDDING_gifts_are_judged_under_the_card():
    g = card_game(
        phand="wedding/-/-",
        settlements="A4/-/K6",
        cities="D4/H4,C6/N6",
        hands=hands(cards(), cards(brick=2, ore=1, cloth=1), cards(wool=4)),
    )
    play(g, "P1 play wedding")
    e = g.explain("P2 give 1 ore, 1 cloth")
    assert (e.legal, e.rule) == (True, "CK-PC-WEDDING")
    assert "gives 1 ore and 1 cloth to P1" in e.reason


def test_CK_METRO_VALUE_and_CK_BARB_LOSE_voiced_when_a_city_is_chosen():
    """The issue's ck_barbarians_win case: losing a metropolis city, or a city of a player who
    defended more, is refused for its own rule, not "Waiting for ..."."""
    g = attack_game(
        cities=per("I4,D4", "K6,C6", "A4"),
        kn="A2:P3:1:a--",
        metro="K6,-,-",
        levels="0,0,0/4,0,0/0,0,0",
    )
    strike(g)
    assert g.state.phase == "pillage" and g.state.pillage == (0,)
    e = g.explain("P2 lose K6")
    assert e.rule == "CK-METRO-VALUE" and "metropolis" in e.reason
    e = g.explain("P3 lose A4")
    assert e.rule == "CK-BARB-LOSE" and "least" in e.reason
    assert_illegal(g, "P1 lose K6", "CK-METRO-VALUE")


def test_CK_BARB_LOSE_CHOICE_a_later_loser_waits_for_the_first():
    g = attack_game(cities=per("I4,D4", "K6,C6", "A4"), kn="A2:P3:1:a--")
    strike(g)
    assert g.state.pillage == (0, 1)
    assert_illegal(g, "P2 lose K6", "CK-BARB-LOSE-CHOICE")
    assert "first" in g.explain("P2 lose K6").reason


# ---------------------------------------------------------------- legal verdicts say what happens
def test_CK_KNIGHT_DISPLACE_a_legal_displacement_says_whose_knight_goes():
    g = knight_game(kn="H6:P1:2:a--,H4:P2:1:a--")
    e = g.explain("P1 move H6 H4")
    assert (e.legal, e.rule) == (True, "CK-KNIGHT-DISPLACE")
    assert "displaces P2's basic knight on H4" in e.reason
    assert "P2 must move it" in e.reason
    assert e.rule_title == "Knight displacement"
    assert e.rule_text == rulebook.rule("CK-KNIGHT-DISPLACE").text
    assert e.reference.id == "CK-KNIGHT-DISPLACE"


def test_CK_KNIGHT_MOVE_a_legal_move_in_words_with_the_typed_label():
    g = knight_game(kn="H6:P1:2:a--")
    e = g.explain("P1 move H6 I6")
    assert (e.legal, e.rule) == (True, "CK-KNIGHT-MOVE")
    assert e.reason == "P1's strong knight moves from H6 to I6 and ends inactive."
    alias = next(
        a for a in catan_tutor.board.vertex_aliases(e.action.dst) if "/" not in a and a != "I6"
    )
    e2 = g.explain(f"P1 move H6 {alias}")
    assert e2.action == e.action
    assert f"{alias} (I6)" in e2.reason  # the learner's label, the canonical one beside it


def test_BASE_BUILD_SETTLEMENT_legal_verdicts_never_just_echo_the_notation():
    g = new_game("base", players=3)
    for a in g.legal_actions()[:20]:
        e = g.explain(a)
        assert e.legal and "may play" not in e.reason and str(a) not in e.reason


# ---------------------------------------------------------------- why not: any typed action
@pytest.mark.parametrize("variant, players", [("base", 3), ("ck", 3)])
def test_BASE_TURN_PHASES_a_kind_not_of_the_roll_phase_gets_the_phase_reason(variant, players):
    g = new_game(variant, players=players, seed=3)
    while g.state.phase != "pre-roll":
        g.play(g.legal_actions()[0])
    rule = "CK-TURN-ROLL-PHASE" if variant == "ck" else "BASE-TURN-PHASES"
    for text in ("P1 road A3", "P1 end", "P1 bank 4 brick for ore", "P1 city A4"):
        e = g.explain(text)
        assert (e.legal, e.rule) == (False, rule), (text, e)
        assert "P1 has not rolled yet, and before the roll only" in e.reason, e.reason
        assert "phase" not in e.reason.lower(), e.reason  # issue 33: no phase names


def test_BASE_ROBBER_MOVE_anything_else_waits_for_the_robber():
    g = new_game("base", players=3, seed=2)
    while g.state.phase != "pre-roll":
        g.play(g.legal_actions()[0])
    p = g.names[g.state.active]
    play(g, f"{p} roll", "die white 3", "die red 4")
    assert g.state.phase == "robber"
    for text in (f"{p} end", f"{p} road A3", f"{p} bank 4 brick for ore"):
        e = g.explain(text)
        assert (e.legal, e.rule) == (False, "BASE-ROBBER-MOVE"), (text, e)
        assert "move the robber first" in e.reason


def test_BASE_COMP_PIECES_a_move_of_another_variant_is_explained():
    g = new_game("base", players=3, seed=1)
    while g.state.phase != "main":
        g.play(g.legal_actions()[0])
    p = g.names[g.state.active]
    for text, rule in (
        (f"{p} recruit A4", "BASE-COMP-PIECES"),
        (f"{p} robber-home", "BASE-COMP-PIECES"),
    ):
        e = g.explain(text)
        assert (e.legal, e.rule) == (False, rule), (text, e)
    g = new_game("ck", players=3, seed=1)
    while g.state.phase != "main":
        g.play(g.legal_actions()[0])
    assert g.explain(f"{g.names[g.state.active]} robber-home").rule == "CK-COMP-PIECES"


# ---------------------------------------------------------------- prompts and pending records
def test_BASE_CHANCE_EVENTS_prompts_never_show_raw_rule_ids():
    raw = re.compile(r"\b(BASE|2P|DUMMY|CK|CK2P)-[A-Z0-9-]+")
    for variant, n in (("base", 3), ("base-2p", 2), ("base-dummy", 2), ("ck", 3), ("ck-2p", 2)):
        g = new_game(variant, players=n, seed=5)
        rng = random.Random(5)
        for _ in range(300):
            if g.is_over():
                break
            text = g.prompt()
            assert not raw.search(text), (variant, text)
            for p in g.pending:
                assert not raw.search(p.prompt), (variant, p)
                assert p.rule in rulebook.rules_of(variant), (variant, p)
                assert p.kind and p.count >= 0
            g.play(choose(rng, g.rules, g.state, True, offers=False))


def _first_roll_made(variant: str) -> Game:
    """A two-player game at its first turn, the first roll made (not a 7), the second due."""
    g = new_game(variant, players=2, seed=3)
    rng = random.Random(3)
    while g.state.turn < 1 or g.state.phase != "pre-roll":
        g.play(choose(rng, g.rules, g.state, True, offers=False))
    g.play("roll")
    while len(g.state.sums) < 1 or g.state.phase != "dice":
        outcomes = [a for a, w in g.chance_weights()]
        g.play(next(a for a in outcomes if "7" not in str(a) or len(outcomes) == 1))
    return g


def test_2P_ROLL_TIMING_building_between_the_two_rolls_waits_for_the_second():
    g = _first_roll_made("base-2p")
    assert len(g.state.sums) == 1 and g.state.phase == "dice"
    for text in ("P1 road H3", "P1 buy", "P1 bank 4 brick for ore"):
        e = g.explain(text)
        assert not e.legal and e.rule == "2P-ROLL-TIMING", e
        assert "both rolls" in e.reason


def test_BASE_SETUP_FREE_a_second_settlement_in_a_row_is_not_said_to_wait_for_turn_1():
    g = play(new_game("base", players=3), "P1 settle N6")
    e = g.explain("P1 settle K4")
    assert not e.legal and e.rule == "BASE-SETUP-FREE"
    assert "turn 1" not in e.reason and "road" in e.reason, e


def test_BASE_SEVEN_DISCARD_pending_records_carry_kind_rule_and_count():
    g = card_game(hands=hands(cards(brick=5, ore=5), cards(wool=9)))
    g.play("P1 end")
    play(g, "P2 roll", "die white 3", "die red 4", "event trade")
    assert g.state.phase == "discard"
    recs = {p.player: p for p in g.pending}
    assert recs[0].kind == "discard" and recs[0].count == 5
    assert recs[0].rule == "CK-SEVEN-DISCARD"
    assert all(a.player == 0 for a in g.options(0)) and g.options(0)
    # scope 6: each record carries its legal options, a program can read and play them
    assert recs[0].options and set(recs[0].options) == set(g.options(0))
    assert recs[1].options and all(a.player == 1 for a in recs[1].options)
    assert all(sum(a.cards) == recs[0].count for a in recs[0].options)
    assert str(recs[0]) == f"P1: {recs[0].decision}"  # the text stays as the record's str
    g.play(recs[0].options[0])
    assert 0 not in {p.player for p in g.pending}


def test_BASE_CHANCE_EVENTS_a_chance_wait_lists_its_outcomes():
    g = new_game("base", players=3, seed=2)
    while not g.is_chance() or g.state.phase != "dice":
        g.play(g.legal_actions()[0] if not g.is_chance() else g.chance_weights()[0][0])
    (rec,) = g.pending
    assert rec.player == -1 and rec.kind == "chance"
    assert set(rec.options) == {a for a, _ in g.chance_weights()}
    setup = new_game("base", players=3).pending  # a seat's wait: its legal actions
    assert setup[0].options == tuple(new_game("base", players=3).legal_actions())


# ---------------------------------------------------------------- precedence, swept
def test_precedence_table_follows_the_reference():
    """Every rule a variant amends maps to a rule of that variant that is itself not amended
    there (rulebook/rules.md §0)."""
    for v in VARIANTS:
        own = rulebook.rules_of(v)
        amended = {g for r in own.values() if r.id not in PARTIAL for g in r.amends}
        for general, specific in table(v).items():
            assert general in amended and specific in own and specific not in amended, v
        assert most_specific(v, "BASE-BUILD-DISTANCE") == "BASE-BUILD-DISTANCE"
    # a partial amendment leaves the general rule deciding the cases it does not change
    assert most_specific("ck", "BASE-BUILD-ROAD") == "BASE-BUILD-ROAD"
    assert most_specific("base-2p", "BASE-TURN-PHASES") == "BASE-TURN-PHASES"
    assert most_specific("ck", "BASE-TRADE-MARITIME") == "CK-TRADE-BANK"
    assert most_specific("ck-2p", "BASE-TURN-PHASES") == "CK-TURN-PHASES"
    assert most_specific("ck-2p", "2P-ROLL-TWICE") == "CK2P-ROLL-DOUBLE"


# Every kind of action, as a learner types it (README notation), whatever the variant.
EXTRA = [
    "P1 roll",
    "P1 settle H4",
    "P1 road H3",
    "P1 city H4",
    "P1 buy",
    "P1 knight",
    "P1 roadbuilding",
    "P1 plenty ore wool",
    "P1 monopoly ore",
    "P1 robber K P2",
    "P1 discard 1 brick",
    "P1 bank 4 brick for ore",
    "P1 offer P2 1 brick for 1 ore",
    "P1 accept",
    "P1 decline",
    "P1 end",
    "P1 neutral N1 settle H4",
    "P1 neutral N1 road G5",
    "P1 neutral N1 knight G4",
    "P1 neutral N2 promote L2",
    "P1 force take 1 brick, 1 ore give 2 wool",
    "P1 robber-home",
    "P1 return knight",
    "P1 pass",
    "P1 bid 2 brick for ore",
    "P1 recruit E2",
    "P1 promote E2",
    "P1 activate E2",
    "P1 move E2 F4",
    "P1 chase E2 K P2",
    "P1 relocate F4",
    "P1 wall H4",
    "P1 improve science",
    "P1 improve politics H4",
    "P1 lose H4",
    "P1 deck politics",
    "P1 aqueduct ore",
    "P1 discard-progress crane",
    "P1 play alchemy 3 4",
    "P1 play merchant K",
    "P1 play espionage P2 crane",
    "P1 play diplomacy A3 B5",
    "P1 play treason P2",
    "P1 give 1 brick, 1 ore",
    "P1 desert E2",
    "P1 place F4 strong",
    "P1 hand P2 brick",
    "P1 return cloth",
    "P1 remove-knight E2",
    "die white 3",
    "event ship",
    "progress science crane",
    "steal brick",
    "draw knight",
]


RAW_ID = re.compile(r"\b(BASE|2P|DUMMY|CK|CK2P)-[A-Z0-9-]+")  # a learner reads no rule IDs
_PLAYERS = {"base": 3, "base-2p": 2, "base-dummy": 2, "ck": 3, "ck-2p": 2}


def _positions(variant: str, seed: int, steps: int, every: int) -> list[Game]:
    g = new_game(variant, players=_PLAYERS[variant], seed=seed)
    rng = random.Random(seed)
    out, last = [], None
    for i in range(steps):
        if g.is_over():
            break
        ph = g.state.phase
        if i % every == 0 or (ph not in ("main", "dice", "pre-roll") and ph != last):
            out.append(g.clone())
        last = ph
        g.play(choose(rng, g.rules, g.state, rng.random() < 0.7, offers=rng.random() < 0.05))
    return out


@pytest.fixture(scope="module")
def sweep_positions() -> dict[str, list[Game]]:
    return {v: [p for seed in (11, 12) for p in _positions(v, seed, 700, 60)] for v in VARIANTS}


@pytest.mark.slow  # a sweep: the fast lane leaves it out
def test_every_verdict_cites_the_most_specific_rule_of_its_variant(sweep_positions):
    """Any action a learner can type (every kind seen in any variant, typed by every seat, in
    positions of seeded playouts of every variant) gets a verdict, never an exception; its
    rule is one of the variant's and never a rule another rule of the variant replaces or
    wholly amends (rules/precedence.py: PARTIAL amendments leave the rest to the general rule)."""
    pool: dict[type, list[str]] = {}
    probe = new_game("ck", players=3)
    for text in EXTRA:
        pool.setdefault(type(probe.parse(text)), []).append(text)
    for games in sweep_positions.values():
        for g in games:
            for a in g.legal_actions():
                texts = pool.setdefault(type(a), [])
                if len(texts) < 3 and str(a) not in texts:
                    texts.append(str(a))
    assert len(pool) >= 49, sorted(k.__name__ for k in pool)
    seen: set[tuple[str, str, bool]] = set()
    for variant, games in sweep_positions.items():
        own = rulebook.rules_of(variant)
        amended = {g for r in own.values() if r.id not in PARTIAL for g in r.amends}
        typed: dict[str, object] = {}  # notation -> action, read once per variant
        for g in games[::3]:
            seats = [*g.names[: g.players], ""]
            for texts in pool.values():
                for text in texts:
                    for who in seats:
                        mine = re.sub(r"^[PND]\d?(?= )", who, text) if who else text
                        if mine not in typed:
                            try:
                                typed[mine] = g.parse(mine)
                            except NotationError:
                                typed[mine] = None  # not well-formed here (e.g. a 4th seat)
                        a = typed[mine]
                        if a is None or (not who and not a.is_chance):
                            continue
                        e = g.explain(a)
                        assert e.rule in own, (variant, mine, e)
                        assert e.rule not in amended, (variant, mine, e)
                        assert e.reason and "(phase:" not in e.reason, (variant, mine, e)
                        assert not RAW_ID.search(e.reason), (variant, mine, e)
                        seen.add((variant, e.rule, e.legal))
    assert len(seen) >= 150, len(seen)
