"""10.6's metropolis city (l26): a part left out that one legal move alone fills is judged as
that move, asked for only where several cities could take the metropolis; a corner refused
for it is told its own fault (CK-METRO-TAKE), not the rule back."""

from __future__ import annotations

from dataclasses import replace

from puzzle_answers import course_puzzles, lesson

from catan_tutor.board import VERTEX_LABELS
from catan_tutor.move_words import INCOMPLETE
from catan_tutor.state import tset
from catan_tutor.study.puzzle import judge
from catan_tutor.study.timeline import Node

TRADE = 1  # the trade track


def _at_10_6():
    asked = next(a for a in course_puzzles() if (a.lesson, a.node) == ("puzzle_ck_metropolis", 5))
    tl = lesson(asked.lesson).timeline
    return asked.puzzle, tl.nodes[asked.node], tl.rules


def _second_city(node: Node) -> tuple[Node, str]:
    """10.6's position with a second city of P1's on an empty corner (its label)."""
    s = node.state
    v = next(v for v in range(len(VERTEX_LABELS)) if s.vowner[v] < 0 and VERTEX_LABELS[v] != "I6")
    s = s.copy()
    s.vowner, s.vcity = tset(s.vowner, v, 0), tset(s.vcity, v, True)
    return replace(node, state=s), VERTEX_LABELS[v]


def test_one_city_for_the_metropolis_is_judged_not_asked() -> None:
    puzzle, node, rules = _at_10_6()
    for typed in ("improve trade to level 5", "P1 improve trade", "upgrade trade"):
        j = judge(puzzle, node, rules, typed)
        assert j.correct and "on A6" in j.text, (typed, j.text)


def test_several_cities_for_the_metropolis_are_asked_which() -> None:
    puzzle, node, rules = _at_10_6()
    two, _ = _second_city(node)
    j = judge(puzzle, two, rules, "improve trade to level 5")
    assert not j.read and j.text == f"On which city does the metropolis go? {INCOMPLETE}"


def test_a_corner_refused_for_the_metropolis_is_told_its_fault() -> None:
    puzzle, node, rules = _at_10_6()
    j = judge(puzzle, node, rules, "P1 improve trade I6")  # (l26's click: an empty corner)
    assert j.text.endswith(": I6 is not one of P1's cities."), j.text
    assert "name one of" not in j.text and j.rule == "CK-METRO-TAKE"
    two, label = _second_city(node)
    s = two.state.copy()
    s.metro = tset(s.metro, 0, VERTEX_LABELS.index(label))  # science's metropolis there
    held = replace(two, state=s)
    j = judge(puzzle, held, rules, f"P1 improve trade {label}")
    assert j.text.endswith(f": P1's city on {label} already has a metropolis."), j.text
