"""Who steals after the robber moves (fresh learners at 2.1): the heading read "The robber
steals a card at random", as if the robber took it; the player who moved it steals
(BASE-ROBBER-STEAL). And a robber refused for its victim says who robs whom, not "on hex R, P1
must rob P2" (2.2), read as if the hex chose."""

from __future__ import annotations

from catan_tutor import Game
from catan_tutor.rules import words
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import load_scenario


def _at_steal(name: str) -> Game:
    sc = load_scenario(packaged_lessons() / f"{name}.catan.yaml")
    tl = sc.timeline
    assert tl is not None
    node = next(n for n in tl.nodes.values() if n.state.phase == "steal")
    return Game(tl.rules, node.state)


def test_BASE_ROBBER_STEAL_the_wait_names_the_thief_and_the_victim():
    g = _at_steal("base_production_robber")
    assert g.prompt() == "P2 steals a card at random from P1"
    assert words.chance_words(g.rules, g.state) == g.prompt()
    assert "robber steals" not in g.prompt()


def test_BASE_ROBBER_STEAL_a_refused_victim_says_who_steals_from_whom():
    sc = load_scenario(packaged_lessons() / "puzzle_base_robber.catan.yaml")
    tl = sc.timeline
    assert tl is not None
    node = tl.nodes[next(iter(sc.puzzles))]
    g = Game(tl.rules, node.state)
    why = g.explain("P1 robber R P3")
    assert not why.legal and why.rule == "BASE-ROBBER-STEAL"
    assert why.reason == (
        "On hex R, only P2 has a building, so whoever moves the robber steals from P2."
    )
    assert "must rob" not in why.reason
