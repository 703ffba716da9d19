"""Nothing stale across lessons and games (issue 33): opening a lesson or a new game empties
Try a move, takes the board's keyboard cursor away and chooses the kind afresh; the log starts
empty; a new free game says nothing about a lesson left behind (its moves are kept and said
so when it is opened again)."""

from __future__ import annotations

import html

import pytest

from catan_tutor.widgets import App
from catan_tutor.widgets.app import FREE_GAME


def app_with_state() -> App:
    """Knight displacement (7.3) with a move typed, a kind chosen and the cursor on the board."""
    app = App(start="Knight displacement", query="")
    s, t = app.session, app.tutor
    t.controls.check_try("P1 end")
    kind = s.kinds()[0]
    s.choose_kind(kind)
    t.board.move_cursor(1.0, 0.0)
    assert s.tried_text == "P1 end" and t.controls.try_text.value == "P1 end"
    assert s.kind == kind and t.board.view.cursor is not None
    return app


@pytest.mark.parametrize("how", ["lesson", "new game"])
def test_another_lesson_or_game_starts_with_nothing_of_the_last(how: str) -> None:
    app = app_with_state()
    s, t = app.session, app.tutor
    s.play("P1 end")  # the learner's own move: a log line
    assert s.lines
    if how == "lesson":
        assert app.open("Wedding and Sabotage")
    else:
        app.new()
    assert s.tried_text == "" and t.controls.try_text.value == ""
    assert s.verdict is None and t.controls.try_verdict.value == ""
    assert t.board.view.cursor is None and t.board.cursor_at is None
    assert s.kind in ("", *s.kinds()) and s.lines == []
    assert s.kind == "" or s.game.is_chance() or len(s.kinds()) == 1  # chosen afresh


def test_a_new_game_names_no_lesson_left_behind_and_the_lesson_keeps_the_moves() -> None:
    app = App(start="Knight displacement", query="")
    s = app.session
    for move in ("P1 end", "P2 roll"):
        s.play(move)
    own = s.own_moves()
    assert own >= 2
    app.new()
    note = html.unescape(app.status.value)
    assert "kept" not in note and "Knight displacement" not in note, note
    assert s.lesson_id == "" and s.lines == []
    assert app.open("Knight displacement")
    note = html.unescape(app.status.value)
    assert f"Your {own} moves in this lesson are as you left them." in note
    assert s.own_moves() == own and app.afresh.layout.display == ""
    assert app.open("Wedding and Sabotage")  # to another lesson: said where they are
    assert f"Your {own} moves in “Knight displacement” are kept" in html.unescape(app.status.value)
    app.new()
    assert app.status.value == ""  # a second new game: nothing about any lesson


@pytest.mark.parametrize("lesson", ["base_setup", "base_trading_harbors", "ck_city_walls_seven"])
def test_a_lessons_form_starts_empty_never_on_the_move_the_step_button_plays(lesson: str):
    """A plain lesson step's form came filled with the very move ▶ plays (lesson 1.1: the
    settle form on N6). At every step of a few lessons, the form of the next move's kind (the
    learner choosing it) names none of that move's choices where it has a choice to make: each
    list with more than one value starts empty, and the form spells no move (Play off)."""
    from catan_tutor.study.resources import packaged_lessons
    from catan_tutor.study.scenario import SUFFIX, load_scenario
    from catan_tutor.widgets import Tutor
    from catan_tutor.widgets.kinds import kind_name

    t = Tutor(load_scenario(packaged_lessons() / f"{lesson}{SUFFIX}"))
    s = t.session
    s.lesson_id = lesson
    met = 0
    for node in list(s.timeline.walk()):
        if not node.children or node.id in s.scenario.puzzles:
            continue
        s.goto(node)
        nxt = node.children[0].action
        if s.puzzle_secret or nxt is None or nxt not in s.legal() or s.lesson_throw():
            continue
        s.choose_kind(kind_name(nxt))
        form = t.controls.form
        if form is None:
            continue
        open_ = [dd for dd in form.pickers.values() if len(dd.options) > 1]
        if not open_:  # nothing to choose (one value each): the move it must be
            continue
        assert all(dd.value is None for dd in open_), (lesson, node.id, str(nxt))
        assert form.action() != nxt and form.play_button.disabled, (lesson, node.id, str(nxt))
        met += 1
    assert met >= 3, met


def test_a_new_game_opens_with_its_moves_in_reach_and_folds_its_settings_away():
    """After Start the game's moves are in reach (outside Explore, as a lesson opens: learner
    277 found every tool open; in Explore, the Play tab, not the tab last shown) and the New
    game settings close (a learner's finding)."""
    from catan_tutor.widgets import App

    app = App(start="base_setup", query="")
    app.tutor.explore.value = True
    app.tutor.tabs.selected_index = 2  # the Moves tab, last looked at in the lesson
    app.new_game.value = True  # the settings open
    app.new()
    t = app.tutor
    assert not t.explore.value and t.controls.palette in t.actions.children
    assert not app.new_game.value and app.new_form.widget.layout.display == "none"
    t.explore.value = True
    assert t.tabs.selected_index == 0


def test_a_reading_mark_is_small_and_quiet_beside_the_rule_it_marks():
    """A rule that is this tutor's reading carries a small raised "*" (its tooltip and opened
    text say what it means), not the words "our reading" beside the title (learner 3)."""
    import re

    from catan_tutor import rulebook
    from catan_tutor.widgets.verdicts import rule_ref_html

    rule_id = next(r for r in rulebook.rules() if rulebook.reading(r) is not None)
    shown = re.sub(r"<span[^>]*\shidden>.*?</span>", "", rule_ref_html(rule_id, "Title"))
    text = re.sub(r"<[^>]+>", "", shown)  # the rule's text is folded (hidden) until asked for
    assert text == "Title*"  # a small raised mark, not words glued to the title


@pytest.mark.parametrize("how", ["lesson", "new game", "position", "reopened lesson"])
def test_the_editors_mode_and_the_copy_link_field_stay_with_the_game_they_were_used_in(
    how: str,
) -> None:
    """A learner's finding (issue 33): "Edit the board" on, then lesson 2.1 read "· editing",
    offered no Roll and showed the link field of the last game; only a reload helped."""
    app = App(start="Production, the 7 and the robber", query="")
    s, t = app.session, app.tutor
    t.explore.value = True
    t.editor.mode.value = True
    t.board.show_link()
    t.controls.why_toggle.value = True  # "Why can't I…?" open
    assert s.editing and s.kinds() == [] and "editing" in t.header.value
    assert "catan-link-input" in t.board.link_box.value
    if how == "lesson":
        assert app.open("Knight displacement")
    elif how == "new game":
        app.new()
    elif how == "position":
        assert s.set_position(s.game.position()) == ""
    else:  # the same lesson again, kept as the learner left it
        assert app.open("Knight displacement")
        t.editor.mode.value = True
        assert app.open("Production, the 7 and the robber")
    assert not s.editing and not t.editor.mode.value
    assert "editing" not in t.header.value and s.kinds()
    assert "catan-link-input" not in t.board.link_box.value
    assert "data-link=" in t.board.link_box.value  # the page's script still copies it
    assert not t.controls.why_toggle.value  # folded again


def test_an_edit_keeps_the_editors_mode_on() -> None:
    """An edit is this game going on from an edited position: clicks still edit."""
    app = App(start="Production, the 7 and the robber", query="")
    s, t = app.session, app.tutor
    t.editor.mode.value = True
    t.board.show_link()
    assert s.apply_edit("robber A") == ""
    assert s.editing and t.editor.mode.value and "editing" in t.header.value
    assert "catan-link-input" in t.board.link_box.value


def test_choosing_free_game_in_the_chapter_list_starts_one_in_place_of_the_lesson() -> None:
    """A learner's finding: "Free game (no lesson)" chosen in the chapter list left the 3.2
    puzzle and its chapter line ("Chapter 3 · Building and trading") on screen until New game,
    then Start. Chosen, a free game starts at once with the New game settings: no lesson, no
    chapter line, no question, the tab titled "New game"."""
    app = App(query="?lesson=puzzle_base_trading")
    s = app.session
    assert s.lesson_id == "puzzle_base_trading" and "Chapter 3" in app.chapter.value
    assert s.puzzle.asks()  # a puzzle: it asks questions
    app.chapter_picker.value = FREE_GAME
    assert not s.lesson_id and s.scenario is None and not s.puzzle.asks()
    assert app.chapter.value == "" and app.picker.layout.display == "none"
    assert "New game · Catan tutor" in app.title.value
    assert dict(s.computers) == app.seats.seats() and s.game.players == app.players.value
    assert s.node is s.origin_node  # at the new game's start


def test_what_the_board_showed_goes_with_the_lesson_left() -> None:
    """l30: at 8.11 the pointer rested on the answer's knight (O6, ringed, its line 'Pointer
    on O6' labelling it); 7.8 chosen from the list (the mouse never left the board) still
    labelled O6 on its board. Another lesson: no pointer ring or line, no label, no ring of
    the form, the hint or a why-not from the lesson left."""
    from catan_tutor import board

    app = App(start="puzzle_ck_barbarians", query="")
    t, v = app.tutor, app.tutor.view
    x, y = v.vp.px(board.vertex_xy(board.parse_vertex("O6")))
    t.board.on_pointer(
        {
            "type": "mousemove",
            "relativeX": x / v.ratio,
            "relativeY": y / v.ratio,
            "boundingRectWidth": v.canvas.width / v.ratio,
            "boundingRectHeight": v.canvas.height / v.ratio,
        }
    )
    assert "O6" in t.board.pointer.value and "O6" in v.named.values()
    t.puzzle.submit("P1 activate O6")  # the right answer: O6 named in the reply too
    hints = t.hints  # a hint's ring on O6, as a hint run here leaves it
    hints.asked_at = app.session.game.position()
    hints._ring(("vertex", board.parse_vertex("O6")))
    assert app.open("puzzle_ck_knights")
    assert t.board.pointer.value == ""
    assert "O6" not in v.named.values(), v.named
    assert v.hovered is None and v.hinted is None and v.chosen is None and v.refused is None
    assert "O6" not in v.marker.value
