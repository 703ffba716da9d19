"""One colon a sentence (issue 33): "P2 may not build a settlement on M4: M4 is next to the
building on N6: settlements need…" and "Next: P3: place a road." read as lists. A refusal whose
reason has a colon of its own says "because"; refusals alike but for their spot are one
sentence with one rule; the log says what comes next once, in words, and a robber's move
and its steal once."""

from __future__ import annotations

import re

from catan_tutor import Game, new_game
from catan_tutor.sampler import random_playout
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import load_scenario
from catan_tutor.widgets.tutor_session import TutorSession
from catan_tutor.widgets.wording import notice_items, notice_lines

SUFFIX = ".catan.yaml"


def colons(line: str) -> list[str]:
    """The sentences of ``line`` with more than one colon ("2:1" is a rate, not a colon)."""
    return [s for s in re.split(r"(?<=[.!?])\s+", line) if s.count(": ") > 1]


def test_BASE_BUILD_DISTANCE_lesson_1_1_step_2_says_the_three_corners_in_one_sentence():
    """Lesson 1.1 step 2 said "P2 may not build a settlement on M4: M4 is next to the
    building on N6: …" three times (M4, N4, Q4), each with the Distance rule."""
    sc = load_scenario(packaged_lessons() / f"base_setup{SUFFIX}")
    node = next(n for n in sc.tree.nodes.values() if n.id == 2)
    items = notice_items(Game(sc.tree.rules, node.state), node)
    distance = [line for line, rule in items if rule == "BASE-BUILD-DISTANCE"]
    assert distance == [
        "P2 may not build a settlement on M4, N4 or Q4: each is next to the building on N6, "
        "and settlements need at least two road lengths between them."
    ], items


def test_no_notice_of_any_lesson_has_two_colons_in_a_sentence():
    found = []
    for path in sorted(packaged_lessons().glob(f"*{SUFFIX}")):
        sc = load_scenario(path)
        for node in sc.tree.nodes.values():
            for line in notice_lines(Game(sc.tree.rules, node.state), node):
                found += [f"{path.name} node {node.id}: {s}" for s in colons(line)]
    assert found == [], "\n".join(found[:20])


def test_a_game_against_computers_is_told_with_one_colon_a_sentence_and_next_once():
    """BASE-ROBBER-MOVE, BASE-ROBBER-STEAL, BASE-PROD-YIELD: 300 moves of a greedy game:
    only the newest line says what comes next; the robber's move is told once with its steal
    (never "The robber moves to H." after "moves the robber to H", nor the steal again on a
    line of its own); a roll names its dice by colour."""
    done = random_playout(new_game("base", players=4, seed=3), seed=3, policy="greedy")
    s = TutorSession(new_game("base", players=4, seed=3))
    start = len(s.game.history)
    seen: list[str] = []
    for i, a in enumerate(done.history[start : start + 300]):
        s.advance(a)
        if i % 25 == 24:
            s.show()
            seen += s.lines
            assert s.lines[0].count("Next, ") == 1, s.lines[0]
            assert not any("Next" in line for line in s.lines[1:]), s.lines
    assert [c for line in seen for c in colons(line)] == []
    robbed = [line for line in seen if "moves the robber to" in line]
    assert robbed and not any("The robber moves to" in line for line in robbed), robbed
    assert not any(re.match(r"P\d steals a card from", line) for line in seen)
    rolls = [line for line in seen if " rolled " in line]
    assert rolls and all(re.search(r"rolled \d+ \(white \d, red \d\)", r) for r in rolls)


def test_CK_PROGRESS_players_without_progress_cards_are_said_in_one_sentence():
    """Lesson 6.2's notice said "P1's progress cards: nothing." then P2's, then P3's (issue
    33, a fresh learner: a list of checks); now one sentence for all who hold none."""
    for path in sorted(packaged_lessons().glob(f"*{SUFFIX}")):
        sc = load_scenario(path)
        for node in sc.tree.nodes.values():
            lines = notice_lines(Game(sc.tree.rules, node.state), node)
            assert not any(line.endswith("progress cards: nothing.") for line in lines), (
                path.name,
                node.id,
                lines,
            )
    sc = load_scenario(packaged_lessons() / f"ck_setup_commodities{SUFFIX}")
    node = next(n for n in sc.tree.nodes.values() if any(e.key == "progress" for e in n.expect))
    lines = notice_lines(Game(sc.tree.rules, node.state), node)
    assert "P1, P2 and P3 have no progress cards." in lines, lines


def test_no_notice_of_any_lesson_says_a_line_twice():
    """Lesson 4.1 said "P1 may not try to trade a development card, which is never allowed,
    because P1 cannot trade a Road Building card…" twice under What to notice (the card
    offered to P2 and to the bank read alike, BASE-TRADE-NO-DEV): each line once."""
    twice = []
    for path in sorted(packaged_lessons().glob(f"*{SUFFIX}")):
        sc = load_scenario(path)
        for node in sc.tree.nodes.values():
            lines = [line for line, _ in notice_items(Game(sc.tree.rules, node.state), node)]
            twice += [f"{path.name} node {node.id}: {x}" for x in set(lines) if lines.count(x) > 1]
    assert twice == []
