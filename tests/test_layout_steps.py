"""Lesson 1.3, the board laid out by chance (BASE-BOARD-VARIABLE): ▶| goes to the end from a
tile of the learner's own (l30: it went nowhere, and the rest of the board took about 20
presses of "Let chance pick"), and that button's tooltip says what chance picks at the step,
not the dice."""

from __future__ import annotations

from catan_tutor.actions import PlaceTile
from catan_tutor.state import BOARD
from catan_tutor.widgets import App
from catan_tutor.widgets.kinds import moment_kinds
from catan_tutor.widgets.layout_steps import LESSON_PICK, ONE_DIE, PICKS, ROLL_TIP


def test_to_the_end_lays_the_rest_of_the_board_off_the_lessons_line_base_board_variable():
    app = App(start="base_variable_board", query="")
    s, t = app.session, app.tutor
    assert s.game.state.phase == BOARD and s.game.is_chance()
    lessons = s.timeline.current.children[0].action
    own = next(a for a in s.legal() if isinstance(a, PlaceTile) and a != lessons)
    s.play(own)  # a tile of the learner's own: off the lesson's line, nothing after it
    assert not s.timeline.current.children and s.own_moves() == 1
    last = t.board.nav[3]
    assert not last.disabled
    last.click()
    assert s.game.state.phase != BOARD  # the board laid out: the game's start
    assert not s.game.is_chance()
    assert last.disabled  # at the end now


def test_the_chance_buttons_tooltip_says_what_chance_picks_base_board_variable():
    app = App(start="base_variable_board", query="")
    s, t = app.session, app.tutor
    button = t.controls.roll_button
    assert button.description == "Let chance pick"
    # on the lesson's line, what ▶ plays too (learner21 at 5.15: which of the two to press?)
    assert button.tooltip == PICKS[PlaceTile] + LESSON_PICK and "dice" not in button.tooltip
    lessons = s.timeline.current.children[0].action
    s.play(next(a for a in s.legal() if isinstance(a, PlaceTile) and a != lessons))
    assert button.tooltip == PICKS[PlaceTile]  # (off the line: chance's own pick)
    s.step("last")
    while s.game.state.phase != "main":  # the setup played on: the dice are due later
        s.forward() if s.timeline.current.children else s.play(s.legal()[0])
    assert button.description == "Roll" and button.tooltip == ROLL_TIP


def test_the_dummys_single_die_says_roll_the_die_and_plays_what_the_lesson_plays():
    """learner21 at 5.15: at the dummy's tie-break dice the one lit button read "Let chance
    pick" beside ▶, and a newcomer did not know which to press (DUMMY-ROBBER-TARGET's die)."""
    app = App(start="base_dummy_dummy_turn", query="")
    s, button = app.session, app.tutor.controls.roll_button
    while not (s.game.is_chance() and button.description == ONE_DIE):
        s.forward()
    assert button.tooltip == "roll the die" + LESSON_PICK and not button.disabled
    assert button.button_style == ""  # (not lit beside ▶, which plays the same: learner23)
    lessons = s.timeline.current.children[0]
    button.click()
    assert s.timeline.current is lessons  # the lesson's own die, as ▶ plays it


def test_a_lessons_roll_is_not_lit_beside_next_but_off_its_line_it_is():
    """learner23 at 1.2 and 1.3: a green Roll beside ▶ in a lesson to watch; which to press?
    On the lesson's line Roll plays the lesson's throw, as ▶ does: ▶ is the way on."""
    app = App(start="base_production_robber", query="")  # 2.1 opens on P1's roll
    button = app.tutor.controls.roll_button
    assert button.description == "Roll" and not button.disabled
    assert button.button_style == ""
    app.tutor.explore.value = True  # Explore: the tools, Roll among them, lit
    assert button.button_style == "success"
    app.tutor.explore.value = False
    s = app.session
    while s.game.is_chance() or "end turn" not in moment_kinds(s.game):
        s.step("forward")  # to a step where the turn may end: End turn not lit either
    end = app.tutor.controls.end_button
    assert not end.disabled and end.button_style == "", s.game.state.phase
