"""Words a fresh learner met on the page: the Editor's lists call the neutrals "Neutral 1"
as every other part of the page does (not "N1", a corner's label); a card's button says what
it does ("Offer (Commercial Harbor)" said neither what nor for what); the wait before the
roll offers Alchemy only to a player who holds it (CK-PC-ALCHEMY: lesson 7.1 read "P1: roll
the three dice, or first play Alchemy" with P1 holding no progress card)."""

from __future__ import annotations

import re
from functools import cache

import pytest

from catan_tutor.progress_cards import CARDS
from catan_tutor.rules.words import prompt
from catan_tutor.state import PRE_ROLL
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import SUFFIX, load_scenario
from catan_tutor.widgets import wording
from catan_tutor.widgets.app import App
from catan_tutor.widgets.tutor import TABS

CK = sorted(p.name for p in packaged_lessons().glob(f"*{SUFFIX}") if p.name.startswith("ck"))
ALCHEMY = CARDS.index("alchemy")


def test_the_editor_names_the_neutrals_as_the_page_does() -> None:
    t = App(query="", start="Building for the neutrals").tutor
    t.explore.value = True
    t.tabs.selected_index = TABS.index("Editor")
    for box in (t.editor.owner, t.editor.who):
        shown = [label for label, _ in box.options]
        assert "Neutral 1" in shown and "Neutral 2" in shown, shown
        assert not {"N1", "N2"} & set(shown), shown
    t.editor.owner.label = "Neutral 2"
    assert t.editor.owner.value == "N2"  # the edit still names the party as notation does


def test_a_card_s_button_says_what_it_does() -> None:
    """A button is a verb and what it acts on, never a bare verb before a card's name."""
    bare = {k: w for k, w in wording.KIND_WORDS.items() if re.fullmatch(r"\w+ \(.*\)", w)}
    assert bare == {}
    said = wording.kind_words("harbor offer")
    assert said.startswith("Offer a resource") and "commodity" in said  # the card's words


@cache
def _pre_roll(name: str) -> list:
    sc = load_scenario(packaged_lessons() / name)
    return [(sc.tree.rules, n.state) for n in sc.tree.nodes.values() if n.state.phase == PRE_ROLL]


@pytest.mark.parametrize("name", CK)
def test_the_roll_offers_alchemy_only_to_a_player_who_holds_it(name: str) -> None:
    bad = []
    for rules, s in _pre_roll(name):
        said = prompt(rules, s)
        if ("Alchemy" in said) != (ALCHEMY in s.phand[s.active]):
            bad.append(said)
    assert bad == []


def test_some_lesson_waits_for_a_roll_with_and_without_alchemy_in_hand() -> None:
    held = {ALCHEMY in s.phand[s.active] for name in CK for _, s in _pre_roll(name)}
    assert held == {True, False}
