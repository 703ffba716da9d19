"""No lesson tells the same roll word for word three times in a row. Learner s18 at 10.6 read
"The white die shows 2 … the roll is 8. An 8 pays P2's settlement on K4 an ore …" on turns 31,
32 and 33 alike and took it for a log that had not moved on. A lesson that needs the same
number again says so ("again"); elsewhere the rolls vary. Swept over every lesson's line."""

from __future__ import annotations

import pytest

from catan_tutor.actions import Die, EventDie
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import SUFFIX, load_scenario

LESSONS = sorted(p.name for p in packaged_lessons().glob(f"*{SUFFIX}"))


def roll_words(name: str) -> list[str]:
    """The comments of each roll on the lesson's line (its dice and event die), one per roll."""
    sc = load_scenario(packaged_lessons() / name)
    node, rolls, throw = sc.tree.root, [], []
    while node.children:
        node = node.children[0]
        if isinstance(node.action, (Die, EventDie)):
            throw.append(node.comment or "")
            continue
        if throw:
            rolls.append(" ".join(throw))
            throw = []
    return rolls + [" ".join(throw)] * bool(throw)


def test_lesson_10_6_rolls_three_different_numbers():
    rolls = roll_words(f"puzzle_ck_metropolis{SUFFIX}")
    assert [r.split("the roll is ")[1][:2] for r in rolls] == ["8.", "9.", "11"]


@pytest.mark.course
@pytest.mark.parametrize("name", LESSONS)
def test_no_three_rolls_in_a_row_read_alike(name: str) -> None:
    rolls = roll_words(name)
    alike = [
        rolls[i]
        for i in range(len(rolls) - 2)
        if rolls[i] == rolls[i + 1] == rolls[i + 2] and "again" not in rolls[i]
    ]
    assert alike == []
