"""Try a move's help (widgets/try_words.py, issue 33): what to type in words, with a worked
example from the position shown, never one that could give a question's answer away."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from ipywidgets import Button
from puzzle_answers import at_question, course_puzzles

import catan_tutor
from catan_tutor import Game, new_game
from catan_tutor.actions import BuildRoad, Settle
from catan_tutor.study.scenario import load_scenario
from catan_tutor.variants import rules_for
from catan_tutor.widgets import Tutor
from catan_tutor.widgets.try_words import example, try_help
from catan_tutor.widgets.tutor import TABS


def html_text(value: str) -> str:
    """The help as it reads: its text, the example's notation (<code>) included."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", value)).split())


def test_the_example_is_a_move_legal_now_written_out_in_words():
    """At the start of a game the example is a settlement P1 may build now, and the help
    reads it out in the move list's words; after the settlement, a road (the next move)."""
    g = new_game("base", players=3, seed=2)
    move = example(g)
    action = g._action(move)
    assert isinstance(action, Settle) and action in g.legal_actions()
    said, placeholder = try_help(g)
    label = move.split()[-1]
    text = html_text(said)
    assert f"for example, “{move}” means “P1 builds a settlement on {label}”" in text
    assert "<code>" not in said  # a sentence's quotes, not code type (a learner's report)
    assert "who, what and where" in text and placeholder == f"e.g. {move}"
    g.play(action)
    assert isinstance(g._action(example(g)), BuildRoad)


def test_while_a_question_waits_no_move_is_given_as_an_example():
    """Any move named under a question could be its answer (a fixed "P1 road H3" was the
    answer of a two-player puzzle): there the help says what each part is, and names none;
    with no move on a spot legal (the dice to roll) another move legal now: the roll (a
    fixed "P1 road H3" was refused before the roll, beside P3's settlement: learner s31,
    BASE-TURN-PHASES), and at a chance event none (what each part is)."""
    g = new_game("base", players=3, seed=2)
    assert example(g, secret=True) == ""
    said, placeholder = try_help(g, secret=True)
    text = html_text(said)
    assert "the kind of move (settle, road, city…)" in text and placeholder == "who, what, where"
    assert not re.search(r"\b[A-S](1[0-2]|[1-9])\b", text), text  # no spot named
    rolls = new_game("base", players=3, seed=2)
    while rolls.state.turn == 0:
        rolls.play(rolls.legal_actions()[0])
    assert example(rolls) == "P1 roll"  # P1's turn starts with the dice
    assert rolls.explain(example(rolls)).legal
    assert "“P1 roll” means “P1 rolls" in html_text(try_help(rolls)[0]), try_help(rolls)[0]
    rolls.play("P1 roll")  # the dice: chance's, no one's move to type
    assert rolls.is_chance() and example(rolls) == ""
    assert try_help(rolls)[1] == "who, what, where"
    t = Tutor(new_game("base", players=3, seed=2))
    t.tabs.selected_index = TABS.index("Play")
    t.refresh()
    assert example(t.session.game) in t.controls.try_help.value  # the Play tab shows it
    assert t.controls.try_text.placeholder == f"e.g. {example(t.session.game)}"


def _buttons(w) -> list:
    """Every button under ``w`` (its children, a Box's or a Tab's, walked)."""
    found = [w] if isinstance(w, Button) else []
    for child in getattr(w, "children", ()):
        found += _buttons(child)
    return found


def test_the_play_tab_has_one_play_and_its_buttons_say_what_they_play():
    """Issue 33 (a free game): the Play tab, the form's button and Try a move's button were
    three "Play"s. The form's button says "Play this move", Try a move's "Play the typed
    move"; no button is called just "Play"; the typed move's button plays the typed move."""
    t = Tutor(new_game("base", players=3, seed=2))
    t.tabs.selected_index = TABS.index("Play")
    t.session.choose_kind("settle")
    t.refresh()
    form = t.controls.form
    assert form is not None
    said = [b.description for b in _buttons(t.widget)]
    assert "Play" not in said
    assert said.count("Play this move") == 1  # Try a move's row is built when it opens
    assert form.play_button.description == "Play this move"
    assert t.controls.try_play.description == "Play the typed move"
    move = example(t.session.game)
    action = t.session.game._action(move)
    t.controls.check_try(move)
    assert not t.controls.try_play.disabled
    t.controls.try_play.click()  # the typed move is played
    assert t.session.game.history[-1] == action


def test_an_allowed_try_says_what_playing_it_would_do_never_as_if_played():
    """Nothing is played by Try a move: a road typed by another of its names ("N1" for J7,
    p43 at 4.3) read "Allowed. “N1” is edge J7 on the board. P1 can build a road on J7." and
    under it "P1 builds a road on J7.", as if built (s32). The move's words again are
    dropped; a reason that says more reads as what playing it would do."""
    from catan_tutor.game import Explanation
    from catan_tutor.widgets.verdicts import verdict_html

    sc = load_scenario(Path(catan_tutor.__file__).parent / "lessons/puzzle_base_awards.catan.yaml")
    node = sc.timeline.root
    while str(node.action) != "P1 roadbuilding":  # its main line: two free roads to build
        node = node.children[0]
    g = Game(rules_for(sc.variant, preview=True), node.state)
    road, label, other, typed = g.parse("P1 road J7"), "J7", "N1", "P1 road N1"
    said = html_text(verdict_html(g.explain(typed), g, typed=typed))
    assert said.startswith(
        f"Allowed. “{other}” is the edge the board labels {label} (an edge has a name on each"
    )
    assert f"P1 can build a road on {label}." in said
    assert "builds a road" not in said  # (as if built)
    more = Explanation(road, True, "BASE-BUILD-ROAD", f"P1 builds a road on {label}; it cuts.")
    said = html_text(verdict_html(more, g))
    assert f"Playing it: P1 builds a road on {label}; it cuts." in said


@pytest.mark.parametrize("asked", course_puzzles(), ids=lambda a: f"{a.lesson}@{a.node}")
def test_a_puzzles_answer_box_shows_the_form_with_a_move_no_answer_can_be(asked):
    """The answer box's placeholder types a move out in full (learner18: "who, what, where"
    alone left the form to guess), a road on an edge no move legal at the question names:
    it reads as a move of the variant, and neither it nor its spot can be the answer."""
    t = at_question(asked)
    g = t.session.game
    shown = t.puzzle.answer.placeholder
    assert shown.startswith("who, what, where: e.g. "), shown
    move = shown.rsplit("e.g. ", 1)[1]
    action = g.parse(move)  # a move of the variant's notation
    assert isinstance(action, BuildRoad) and action not in g.legal_actions(), move
    label = move.split()[-1]
    assert not any(label in str(a).split() for a in g.legal_actions()), move
