"""Refusals a learner reads, swept over every position of every lesson (a fresh learner's
look): a refusal names what stands on the corner it refuses ("H4 holds P3's settlement", not
"H4 holds none" after "a city wall under the city on H4"), a hex is called a hex ("on hex R",
not "on R P2 must rob"), and a move refused is not said to be "as the rules require"."""

from __future__ import annotations

from functools import cache

import pytest

from catan_tutor.actions import BuildCity, MoveRobber
from catan_tutor.board import EDGE_LABELS, HEX_NAMES, VERTEX_LABELS
from catan_tutor.game import Game
from catan_tutor.rules.words import can, say, why_not
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import SUFFIX, load_scenario
from catan_tutor.variants.ck_actions import BuildWall
from catan_tutor.variants.two_player_actions import NeutralKnight, NeutralRoad, NeutralSettle

pytestmark = pytest.mark.course  # a sweep over the course (min_versions.sh leaves it out)

LESSONS = sorted(p.name for p in packaged_lessons().glob(f"*{SUFFIX}"))


@cache
def _states(name: str) -> list:
    """The distinct positions of a lesson's tree (its variations too)."""
    sc = load_scenario(packaged_lessons() / name)
    seen, out = set(), []
    for node in sc.tree.walk():
        key = id(node.state)
        if key not in seen:
            seen.add(key)
            out.append((sc.tree.rules, node.state))
    return out


def _refused(rules, s, a):
    ex = Game(rules, s).explain(a)
    return None if ex.legal else ex.reason


@pytest.mark.parametrize("name", LESSONS)
def test_a_city_or_wall_refused_names_what_stands_on_the_corner(name: str) -> None:
    """Lesson 6.5 (C&K): "P3 can't build a city wall under the city on H4: … H4 holds none."
    said a city stands there and none does. A city (BASE-BUILD-CITY) or wall (CK-WALL-BUILD)
    refused for the corner names what stands there, and a wall's move says "under the city"
    only where the player's city stands."""
    bad = []
    for rules, s in _states(name):
        if s.phase != "main":
            continue
        p = s.active
        kinds = [BuildCity, BuildWall] if s.caps.improvements else [BuildCity]
        for v, where in enumerate(VERTEX_LABELS):
            for kind in kinds:
                a = kind(p, v)
                why = _refused(rules, s, a)
                if why is None or not why.startswith(("A city replaces", "A wall goes under")):
                    continue
                said = why_not(s, a, why)
                told = f"{where} holds " in why or f"nothing stands on {where}" in why
                city_said = f"under the city on {where}" in said
                if "holds none" in why or not told or city_said:
                    bad.append(said)
    assert bad == []


@pytest.mark.parametrize("name", LESSONS)
def test_a_robber_refused_for_robbing_nobody_says_the_move_as_made(name: str) -> None:
    """Lesson 2.2: "P1 can't move the robber to Q (nobody to rob there): on hex Q, P1 must rob
    P2." The bracket was false: P2 could be robbed (BASE-ROBBER-STEAL). A robber move that
    robs nobody, refused where someone can be robbed, says the move as the learner made it:
    "P1 can't move the robber to Q and rob nobody: …"."""
    bad, seen = [], 0
    for rules, s in _states(name):
        if s.phase != "robber":
            continue
        for h, letter in enumerate(HEX_NAMES):
            a = MoveRobber(s.active, h, -1)
            why = _refused(rules, s, a)
            if why is None or "whoever moves the robber steals" not in why:
                continue
            seen += 1
            said = why_not(s, a, why)
            if "nobody to rob there" in said or f"to {letter} and rob nobody" not in said:
                bad.append(said)
    assert bad == []
    if name.startswith("puzzle_base_robber"):
        assert seen > 0  # the sweep reaches the lesson the learner met


@pytest.mark.parametrize("name", [n for n in LESSONS if "2p" in n])
def test_a_neutral_build_refused_is_not_said_to_be_as_the_rules_require(name: str) -> None:
    """Lesson 5.13: "P1 can't build a free road for Neutral 1 on D7, as the rules require: D7
    touches none…" (2P-NEUTRAL-LEGAL): the refused move is said without the phrase."""
    bad = []
    for rules, s in _states(name)[:: max(1, len(_states(name)) // 12)]:
        if not s.caps.neutrals:
            continue
        for e in range(len(EDGE_LABELS)):
            a = NeutralRoad(s.active, 0, e)
            why = _refused(rules, s, a)
            if why is not None and "as the rules require" in why_not(s, a, why):
                bad.append(why_not(s, a, why))
    assert bad == []


@pytest.mark.parametrize("name", LESSONS)
def test_a_robber_refused_for_its_victim_says_hex_before_the_hex_letter(name: str) -> None:
    """Lesson 2.1: "… on R P2 must rob one of P1" read the hex letter R as a word
    (BASE-ROBBER-STEAL): the refusal says "On hex R, only P1 has a building, so whoever moves
    the robber steals from P1" (2.2's "on hex R, P1 must rob P2" read as if the hex chose)."""
    bad = []
    for rules, s in _states(name):
        if s.phase != "robber":
            continue
        for h, letter in enumerate(HEX_NAMES):
            for victim in range(-1, s.n):
                why = _refused(rules, s, MoveRobber(s.active, h, victim))
                if why is None or "rob" not in why or "must move to a different" in why:
                    continue
                if f" {letter} " in f" {why} " or f"hex {letter}" not in why or "one of" in why:
                    bad.append(why)
    assert bad == []


@pytest.mark.parametrize("name", [n for n in LESSONS if "2p" in n])
def test_no_move_is_said_to_be_as_the_rules_require(name: str) -> None:
    """Every option of a neutral's move list ended ", as the rules require", and a wrong
    puzzle answer read "P1 can't place a basic knight for Neutral 1 on I6, as the rules
    require: saying why would give the answer away" (as if the rules required it there;
    2P-NEUTRAL-MIRROR): a move's words, allowed or refused, never say it."""
    bad = []
    for rules, s in _states(name):
        g = Game(rules, s)
        for a in g.legal_actions():
            said = [say(s, a), can(s, a, True), why_not(s, a, "")]
            bad += [t for t in said if "as the rules require" in t]
        if s.caps.neutrals:
            for a in (NeutralKnight(s.active, 0, 20), NeutralSettle(s.active, 1, 20)):
                bad += [t for t in (why_not(s, a, "saying why would give it away"),)
                        if "as the rules require" in t]  # fmt: skip
    assert bad == []
