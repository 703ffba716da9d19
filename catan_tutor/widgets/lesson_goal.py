"""When a lesson's goal shows over its texts: where the lesson starts (or at its first
question, where it opens), and at every step while chance lays the board out, through the
step that finishes it (lesson 1.3, BASE-BOARD-VARIABLE: ~30 steps of one hex or harbor each,
whose short texts "Hex C is forest, drawn by chance..." said nothing of what the steps were
for once ▶ was pressed: the goal line went with the first step); and the goal's block in the
lesson's text (its class lets a short window keep it over an open question, the rest of the
lesson's words after the actions: ``style.GOAL_FIRST_CSS``). Plain Python."""

from __future__ import annotations

from typing import Any

from ..state import BOARD


def goal_shown(node: Any, opening: bool) -> bool:
    """The goal shows at timeline ``node``: the root, a lesson's first question
    (``opening``), or a step of the board's laying out."""
    if node.parent is None or opening:
        return True
    return BOARD in (node.state.phase, node.parent.state.phase)


GOAL = "catan-lesson-goal"


def goal_block(goal: str) -> str:
    """The lesson's goal (``goal``: its sentence as HTML) under its heading, in a block of its
    own in the lesson's text."""
    return f"<div class='{GOAL}'><p><b>Goal</b></p>{goal}</div>"
