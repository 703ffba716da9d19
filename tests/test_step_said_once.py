"""Each step of a lesson says a thing once, as the page shows it: the lesson's texts at the
step (``TutorSession.texts``: the step's comment and tutor text, a roll's taken in) and the
event die's line under the board (``dice_shown.event_words``, silent where the texts tell it:
``RollSteps.roll_told``). Lesson 10.6 (l22) said the politics castle twice: "The politics
castle with a red 6: only politics level 5 would draw a card." above the question, "Event die:
blue politics castle. The red die shows 6: ..." under the board."""

from __future__ import annotations

import re

import pytest

from catan_tutor import new_game
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import SUFFIX, load_scenario
from catan_tutor.widgets.dice_shown import CASTLE_COLOURS, event_words, tells_event
from catan_tutor.widgets.tutor_session import TutorSession

pytestmark = pytest.mark.course  # a sweep over the course's steps

LESSONS = sorted(p.name[: -len(SUFFIX)] for p in packaged_lessons().glob(f"*{SUFFIX}"))


def _sentences(text: str) -> list[str]:
    flat = " ".join(text.split())
    return [s.lower().rstrip(".!?") for s in re.split(r"(?<=[.!?])\s+", flat) if len(s) > 12]


def test_the_event_die_s_face_named_by_a_lesson_counts_as_told():
    assert tells_event("The politics castle with a red 6: only level 5 draws.", "politics")
    assert tells_event("A 5, and a blue castle: P1 draws first.", "politics")
    assert tells_event("The ship moves on: two steps from Catan.", "ship")
    assert tells_event("A 10, and a green castle on the event die.", "trade")
    assert not tells_event("A politics castle with a red 1 or 2 will give P1 a card.", "science")
    assert not tells_event("An 8 pays P2 an ore.", "ship")
    assert set(CASTLE_COLOURS) == {"science", "trade", "politics"}


@pytest.mark.parametrize("name", LESSONS)
def test_every_step_of_a_lesson_says_each_thing_once(name: str):
    """Every node of the lesson's tree, as a step shows it: no sentence said twice, and the
    event die's face said by the texts or by the line under the board, not both."""
    s = TutorSession(new_game("base", players=3))
    s.open(load_scenario(packaged_lessons() / f"{name}{SUFFIX}"), lesson_id=name)
    twice = []
    for node in s.timeline.walk():
        texts = " ".join(s.texts(node))
        line = "" if s.roll_told(node) else event_words(node.state)
        face = str(node.state.event or "")
        if line and tells_event(texts, face):
            twice.append(f"{node.id}: the event die ({face}) in the text and under the board")
        said = _sentences(texts) + _sentences(line)
        twice += [f"{node.id}: {x!r}" for x in {x for x in said if said.count(x) > 1}]
    assert twice == [], f"{name}:\n  " + "\n  ".join(twice)
