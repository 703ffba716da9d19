"""A rule's title on the page is plain words (issue 33, "The learner's page"): a fresh learner
read "Rule: Turn: Roll Dice phase", a heading of the reference used as a title. Every place a
rule's title shows (a verdict, a lesson's "§", a rule named in a sentence, the Rules tab, a
puzzle's rule) reads ``plain_title``."""

from __future__ import annotations

import re

import pytest

from catan_tutor import new_game, rulebook
from catan_tutor.widgets import verdicts
from catan_tutor.widgets.rules_panel import rules_html
from catan_tutor.words.rule_titles import PLAIN, plain_title

RULES = rulebook.rules()
# A heading and its detail: "Turn: Roll Dice phase", "Words: coast" (a colon inside a rate,
# "3:1", is no heading)
_HEADING = re.compile(r"^[A-Z][A-Za-z7 ]*: ")


@pytest.mark.parametrize("rule_id", sorted(RULES))
def test_every_rules_title_on_the_page_is_plain_words(rule_id: str) -> None:
    """No title a learner reads starts with a heading; a reference title with one has a line
    of its own in PLAIN or is a card's rule ("Alchemy card")."""
    shown = verdicts.title_of(rule_id)
    assert shown and not _HEADING.match(shown), (rule_id, shown)
    title = RULES[rule_id].title
    if _HEADING.match(title):
        assert rule_id in PLAIN or shown.endswith(" card"), (rule_id, shown)


def test_plain_titles_are_for_rules_the_reference_has() -> None:
    assert sorted(set(PLAIN) - set(RULES)) == []
    assert plain_title("CK-PC-ALCHEMY", "Progress card: Alchemy") == "Alchemy card"
    assert plain_title("BASE-BUILD-DISTANCE", "Distance rule") == "Distance rule"


def test_CK_TURN_ROLL_PHASE_a_verdict_names_its_rule_in_plain_words() -> None:
    """The learner's case: a move refused before the roll in Cities & Knights."""
    g = new_game("ck", players=3, seed=3)
    while g.state.phase != "pre-roll":
        g.play(g.legal_actions()[0])
    ex = g.explain("P1 road A3")
    assert ex.rule == "CK-TURN-ROLL-PHASE"
    page = verdicts.verdict_html(ex, g)
    assert "Rule: <b>The dice roll phase</b>" in page
    assert "Turn: Roll Dice phase" not in page and ex.rule_title == "The dice roll phase"


def test_BASE_SETUP_ROUND1_a_lesson_marker_and_the_rules_tab_say_plain_titles() -> None:
    note = verdicts.rule_note_html(["BASE-SETUP-ROUND1", "BASE-DEF-COAST"])
    assert "aria-label='Rules: First round of setup; Coastal corners and edges" in note
    assert "<strong>First round of setup</strong>" in note and "Setup: round 1" not in note
    tab = rules_html("base", "round 1")
    assert "<b>First round of setup</b>" in tab and "Setup: round 1" not in tab
