"""Try a move's help (widgets/try_words.py, issue 33): what to type in words, with a worked
example from the position shown, never one that could give a question's answer away."""

from __future__ import annotations

import html
import re

from catan_tutor import new_game
from catan_tutor.actions import BuildRoad, Settle
from catan_tutor.widgets import Tutor
from catan_tutor.widgets.try_words import FIXED, example, try_help
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
    assert f"for example {move} means “P1 builds a settlement on {label}”" in text
    assert "who, what and where" in text and placeholder == f"e.g. {move}"
    g.play(action)
    assert isinstance(g._action(example(g)), BuildRoad)


def test_while_a_question_waits_the_example_is_a_fixed_one():
    """A legal move shown under a question could be its answer: the fixed example there, and
    while the dice are to be thrown (no move on a spot is legal) too."""
    g = new_game("base", players=3, seed=2)
    assert example(g, secret=True) == FIXED
    said, _ = try_help(g, secret=True)
    assert "means “P1 builds a road on H3”" in html_text(said)
    t = Tutor(new_game("base", players=3, seed=2))
    t.tabs.selected_index = TABS.index("Play")
    t.refresh()
    assert example(t.session.game) in t.controls.try_help.value  # the Play tab shows it
    assert t.controls.try_text.placeholder == f"e.g. {example(t.session.game)}"
