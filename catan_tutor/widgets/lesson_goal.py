"""How a lesson's goal shows over its texts: in full under its heading where the lesson
starts (or at its first question, where it opens), as one short line at every other step
(lesson 1.3's ~30 steps of one hex or harbor each said nothing of what they were for once
the goal went with the first ▶; its heading over each step pushed the step down, s41). Both
carry the class that lets a short window keep the goal over an open question, the rest of
the lesson's words after the actions (``style.GOAL_FIRST_CSS``). Plain Python."""

from __future__ import annotations

import re
from typing import Any

from ..words.older_names import names_line
from . import markup


def goal_shown(node: Any, opening: bool) -> bool:
    """The goal shows in full, under its heading, at timeline ``node``: the root, or a
    lesson's first question (``opening``); elsewhere it stays as one short line
    (``goal_line``)."""
    return node.parent is None or opening


GOAL = "catan-lesson-goal"
LINE = "catan-goal-line"


def goal_block(goal: str) -> str:
    """The lesson's goal (``goal``: its sentence as HTML) under its heading, in a block of its
    own in the lesson's text."""
    return f"<div class='{GOAL}'><p><b>Goal</b></p>{goal}</div>"


def goal_line(goal: str) -> str:
    """The lesson's goal (``goal``: its sentence as HTML) as one short line over a later
    step's text: a fresh learner (s41, 2.2 after Roll; 1.4 once solved) lost sight of what
    the lesson asked once the first step went, and 1.3's heading stood over each of its ~30
    steps."""
    inner = goal.strip()
    if inner.startswith("<p>") and inner.endswith("</p>") and inner.count("<p>") == 1:
        inner = inner[3:-4]
    return f"<div class='{GOAL} {LINE}'><p><b>Goal:</b> {inner}</p></div>"


def goal_parts(title: str, source: str, goal: str, whole: bool) -> list[str]:
    """The lesson's goal (``source`` as written, ``goal`` as HTML) as the lesson's text shows
    it: in full (``whole``), with the older names its words use said (l25), else as a line."""
    if not whole:
        return [goal_line(goal)]
    said = names_line(f"{title} {source}")  # a deck with older names
    return [goal_block(goal)] + ([f"<p>{markup.text(said)}</p>"] if said else [])


# An introduction this short (characters of its text) stays with the goal over a question the
# lesson opens at: where the window is short (1024x768) the rest of the lesson's words go after
# the actions (``style.GOAL_FIRST_CSS``), and 8.11's three lines of who holds what came after
# the build buttons (s43); a longer one keeps its place there (the actions in sight first)
BRIEF_INTRO = 160


def _text_length(parts: list[str]) -> int:
    """The length of the text ``parts`` show (a rule mark's "§" and its hidden text left out)."""
    hidden = r"<sup\b.*?</sup>|<span class='catan-rule-ref-text'.*?</span>|<[^>]+>"
    return len(re.sub(hidden, "", "".join(parts), flags=re.DOTALL).strip())


def with_intro(parts: list[str], intro: list[str], opening: bool) -> list[str]:
    """The lesson's texts: its goal's ``parts`` (``goal_parts``), then its introduction
    (``intro``, HTML), inside the goal's block where the lesson opens at a question
    (``opening``) and the introduction is brief (``BRIEF_INTRO``)."""
    block = f"<div class='{GOAL}'>"
    if not (opening and intro and parts and parts[0].startswith(block)):
        return parts + intro
    if _text_length(intro) > BRIEF_INTRO:
        return parts + intro
    return [parts[0].removesuffix("</div>") + "".join(intro) + "</div>", *parts[1:]]
