"""The learner's page holds nothing a learner does not need (issue "The learner's page"), read
from the widgets and the session without a browser: a verdict says the move in words (never
its notation), the log's next wait has no "chance:", the new game's seats (P1 human, the
others the computer, strengths named for a learner), a free game in no chapter, a form that
starts empty, a puzzle's form that lists every spot, and the editor's pieces of the variant.
"""

from __future__ import annotations

import re

from puzzle_answers import course_puzzles
from test_page_words import page_text
from test_puzzle_secret import at_question

from catan_tutor import board, new_game
from catan_tutor.actions import BuildRoad, Settle
from catan_tutor.study.puzzle import answer_nodes
from catan_tutor.widgets import verdicts
from catan_tutor.widgets.app import FREE_GAME, App
from catan_tutor.widgets.computer import CHOICES, STRENGTHS
from catan_tutor.widgets.forms import ActionForm
from catan_tutor.widgets.tutor import TABS, Tutor
from catan_tutor.widgets.verdicts import verdict_html

NOTATION = re.compile(r"\bP\d (settle|road|city|roll|end)\b")  # a move as typed, not said


def _setup_settle(t: Tutor) -> ActionForm:
    t.session.choose_kind("settle")
    form = t.controls.form
    assert form is not None
    return form


def test_a_verdict_says_the_move_in_words_not_its_notation():
    """A legal settlement reads "P1 may build a settlement on A12"; P2 on the same corner
    once it is taken "P2 may not build a settlement on A12"; never "P1 settle A12"."""
    g = new_game("base", players=3)
    a12 = board.parse_vertex("A12")
    said = verdict_html(g.explain(Settle(0, a12)), g)
    assert "P1 may build a settlement on A12." in said and not NOTATION.search(said), said
    assert "builds a settlement" not in said  # the engine's sentence for it: not said twice
    g.play("P1 settle A12")
    g.play("P1 road A11")
    refused = g.explain(Settle(1, a12))
    assert not refused.legal
    said = verdict_html(refused, g)
    assert "P2 may not build a settlement on A12." in said and not NOTATION.search(said), said


def test_the_next_wait_after_a_move_is_said_without_chance():
    """BASE-PROD-ROLL: after P1 rolls, the log says "Next: roll the dice." (the chance event
    in words), never "Next: chance: roll the dice"."""
    g = new_game("base", players=3, seed=1)
    while g.state.phase != "pre-roll":
        g.play(g.legal_actions()[0])
    before = g.clone()
    roll = g.parse(f"P{g.state.active + 1} roll")
    ex = g.explain(roll)
    g.play(roll)
    line = verdicts.narrate(before, roll, ex, g)
    assert "Next: roll the dice." in line and "chance:" not in line.lower(), line
    assert not g.prompt().lower().startswith("chance"), g.prompt()


def test_a_new_games_seats_play_the_computer_with_strengths_in_a_learners_words():
    """P1 human, every other seat the computer by default; the strengths read "Beginner",
    "Greedy builder", "Thinks ahead", each with its line; none of the engine's names."""
    app = App(query="")
    app.new_game.value = True
    assert [d.value for d in app.seats.pickers] == ["human", "greedy", "greedy", "greedy"]
    app.players.value = 3
    assert [d.value for d in app.seats.pickers] == ["human", "greedy", "greedy"]
    text = page_text(app.new_form.widget)
    for name, line in STRENGTHS:
        assert f"Computer: {name}" in text and line in text, (name, text)
    labels = " ".join(label for d in app.seats.pickers for label, _ in d.options)
    assert not re.search(r"\b(random|greedy|playout)\b", labels), labels
    assert {label for label, _ in CHOICES} >= {"Human", "Computer: Beginner"}
    app.start_button.click()
    assert dict(app.session.computers) == {1: "greedy", 2: "greedy"}


def test_a_free_game_shows_in_no_chapter():
    """After a lesson of chapter 1, a new game: the chapter list shows "Free game", the
    lesson list is empty; a chapter chosen again lists its lessons."""
    app = App(query="")
    app.open(next(iter(app.lessons)))
    assert app.chapter_picker.value == 1
    app.start_button.click()
    assert app.chapter_picker.value == FREE_GAME and not app.picker.options
    assert app.chapter_picker.label.startswith("Free game")
    assert app.session.lesson_id is None or not app.session.lesson_id
    app.chapter_picker.value = 1  # its first lesson opens and its lessons are listed
    assert app.picker.options and app.session.lesson_id


def test_a_free_games_form_starts_empty_and_a_lessons_next_move_is_filled_in():
    """A new game's settle form suggests no corner ("Choose a corner"; Play off); a corner
    picked fills it. In a lesson the lesson's next move is filled in as before."""
    t = Tutor(new_game("base", players=3))
    form = _setup_settle(t)
    assert form.pickers["vertex"].value is None and form.action() is None
    assert form.play_button.disabled and "Choose a corner" in form.status.value
    assert form.pickers["player"].value == 0  # one value only: no choice to make
    form.pickers["vertex"].value = board.parse_vertex("C6")
    assert form.action() == Settle(0, board.parse_vertex("C6")) and not form.play_button.disabled
    assert "Choose" not in form.status.value and "may build" in form.status.value
    app = App(query="", start="Setting up a base game")
    s = app.session
    nxt = s.node.children[0].action
    app.tutor.session.choose_kind(next(k for k in s.kinds() if any(a == nxt for a in s.of_kind(k))))
    assert app.tutor.controls.form.action() == nxt


def _roads(asked) -> bool:
    """The puzzle's answers are roads."""
    tl = asked.scenario().timeline
    found = answer_nodes(asked.puzzle, tl.nodes[asked.node], tl.rules)
    return bool(found) and all(isinstance(n.action, BuildRoad) for n in found)


def test_a_road_puzzles_form_lists_every_edge_and_an_illegal_one_is_judged():
    """A road question: the form lists all 72 edges, not only the legal ones (they would
    narrow the answer); an illegal edge played from it is judged (why not), not played."""
    asked = next(a for a in course_puzzles() if a.lesson.startswith("puzzle_base") and _roads(a))
    t = at_question(asked)
    s = t.session
    question = s.timeline.current
    s.choose_kind("build road")
    form = t.controls.form
    assert form is not None
    edges = {v for _, v in form.pickers["edge"].options}
    legal = {a.edge for a in s.legal() if isinstance(a, BuildRoad)}
    assert len(edges) == len(board.EDGE_LABELS) and legal < edges
    wrong = next(e for e in sorted(edges - legal))
    form.pickers["edge"].value = wrong
    assert not form.play_button.disabled  # any edge is an answer to judge
    form.play_button.click()
    assert s.timeline.current is question and s.puzzle.tries == 1
    assert s.puzzle.verdict is not None and not s.puzzle.verdict.correct


def test_the_editor_offers_the_pieces_of_the_variant():
    """Walls, knights and the merchant only where the variant has them (capabilities):
    none in a base lesson, all in a Cities & Knights one; the knight's strength likewise."""
    for start, ck in (("Production, the 7 and the robber", False), ("Knight displacement", True)):
        t = App(query="", start=start).tutor
        t.explore.value = True
        t.tabs.selected_index = TABS.index("Editor")
        offered = set(t.editor.piece.options)
        assert {"settlement", "city", "road", "robber", "remove"} <= offered
        assert bool({"wall", "knight", "merchant"} & offered) is ck, (start, offered)
        assert (t.editor.level.layout.display != "none") is ck
