"""The "*" mark on every sentence of a lesson that presents this tutor's reading (s15, a fresh
learner): the key under the text says "* marks this tutor's own reading where the rulebooks
are silent", but 6.1 ("this tutor's reading is that only the tied players roll again … is
out.§") and 8.1 ("… this tutor's reading is that nobody takes a token …§") ended in "§" alone:
a reading said in words lost its "*", and a goal saying "(this tutor's reading)" with no rule
cited had none. A sentence presents a reading when it cites a rule of the reference's readings
table (``rulebook.reading``) or says "this tutor's reading"."""

from __future__ import annotations

import re

import pytest
from test_lesson_rule_marks import LESSONS, _lesson, _Steps

from catan_tutor.widgets import verdicts
from catan_tutor.widgets.said_readings import cites_reading, says_reading

pytestmark = pytest.mark.course  # a sweep over the course (min_versions.sh leaves it out)

_SENTENCE = re.compile(r"[^.!?]*(?:[.!?]+(?=\s|$)|$)")
_MARK = re.compile(r"<span class='catan-reading-mark'")
_TAGS = re.compile(r"<[^>]*>")


def _readings(text: str) -> int:
    """How many sentences of a lesson text present a reading."""
    return sum(
        1 for s in _SENTENCE.findall(text) if s.strip() and (cites_reading(s) or says_reading(s))
    )


@pytest.mark.parametrize("name", LESSONS)
def test_every_sentence_presenting_a_reading_shows_the_mark(name: str) -> None:
    """Every step of the lesson (goal, tutor texts, a puzzle's question, hints and
    explanation): as many "*" marks as sentences presenting a reading, at least."""
    sc = _lesson(name)
    steps = _Steps(sc)
    unmarked = []
    for node in sc.tree.walk():
        texts = steps.texts(node) + ([sc.goal] if node is sc.root else [])
        puzzle = sc.puzzles.get(node.id)
        texts += [puzzle.prompt, *puzzle.hints, puzzle.explain] if puzzle else []
        for text in texts:
            marks = len(_MARK.findall(verdicts.lesson_html(text)))
            if marks < _readings(text):
                unmarked.append(f"{node.action or 'start'}: {text[:80]!r}")
    assert unmarked == [], f"{name}: " + "; ".join(unmarked)


def _shown(html: str) -> str:
    """The words and marks a learner sees (the rule's opened text, hidden, and the
    screen reader's words left out)."""
    html = re.sub(r"<div class='catan-rule-text'.*?</div>\s*</div>", "", html, flags=re.S)
    html = re.sub(r"<span class='catan-sr-only'>[^<]*</span>", "", html)
    return " ".join(_TAGS.sub("", html).split())


def test_6_1_and_8_1_readings_said_in_words_keep_their_mark() -> None:
    """The two sentences the learner saw end "§*" now (the rule's marker and the "*")."""
    first = _lesson("base_first_player.catan.yaml")
    tied = next(n.tutor for n in first.tree.walk() if "tied players roll again" in n.tutor)
    assert _MARK.search(verdicts.lesson_html(tied))
    gone = _lesson("ck_barbarians_tokens_gone.catan.yaml")
    none = next(n.tutor for n in gone.tree.walk() if "nobody takes a token" in n.tutor)
    page = verdicts.lesson_html(none)
    assert re.search(r"§<span class='catan-reading-mark'", page), page
    goal = verdicts.lesson_html(gone.goal)  # says the reading and cites it (learner 16)
    assert re.search(r"§<span class='catan-reading-mark'", goal), goal
    assert _shown(goal).startswith(gone.goal.split("(")[0].strip() + ".§*"), _shown(goal)


def test_a_sentence_not_presenting_a_reading_has_no_mark() -> None:
    """The mark is not put everywhere: a rule the sources state, or no rule, no "*"."""
    plain = verdicts.lesson_html("A road (BASE-BUILD-ROAD). The reading of the dice is easy.")
    assert not _MARK.search(plain)
