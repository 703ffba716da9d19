"""A fresh learner's findings on the typed box, the form and the keyboard cursor (s16): the
cursor at an open puzzle says what Enter does without judging the spot; a click counts what
the form already names; the bank trade's lists keep the game's resource order; a notation
error reads for a learner, with the form of the kind of move meant."""

from __future__ import annotations

from helpers import after_setup, conserve_bank, from_fields, position_fields
from puzzle_answers import course_puzzles
from test_puzzle_secret import at_question

from catan_tutor import board
from catan_tutor.board import CARD_NAMES
from catan_tutor.study.puzzle import answer_nodes
from catan_tutor.widgets.kinds import target_of
from catan_tutor.widgets.spot_sentences import TRY_SPOT
from catan_tutor.widgets.tutor import Tutor


def _asked(lesson: str, n: int):
    return [p for p in course_puzzles() if p.lesson == lesson][n]


def test_the_cursor_at_an_open_puzzle_says_enter_tries_the_spot_on_every_spot():
    """1.4 puzzle 3 (a learner, t04_kbd_g6.png): the cursor said "Press Enter to ask why not
    here" on every corner, the answer G6 too (where Enter plays and solves it), which read as
    if no corner were legal. At the open question every corner says the same: Enter tries the
    spot and the puzzle judges it (no corner told apart: the answer stays secret); Enter on
    the answer solves it (outside a puzzle the line is as before: test_page_sentences)."""
    asked = _asked("puzzle_base_setup", 2)
    t = at_question(asked)
    s = t.session
    answer = next(
        target_of(c.action)
        for c in answer_nodes(asked.puzzle, s.timeline.current, s.timeline.rules)
    )
    assert answer is not None
    s.choose_kind("settle")
    other = next(sp for sp in t.board.cursor_spots() if sp != answer and sp[0] == answer[0])
    for spot in (answer, other):
        t.view.set_cursor(spot)
        t.board.cursor_status()
        said = t.board.pointer.value
        assert said.endswith(TRY_SPOT) and "why not" not in said, said
    t.act_at(answer)  # what the line said: Enter tried the spot, and it was the answer
    assert s.puzzle.right, s.message


def test_the_bank_trades_give_and_get_lists_share_the_games_resource_order():
    """A bank trade's "give" listed brick, lumber, wool, grain, ore but its "get" lumber,
    wool, grain, ore, brick (the order its first move met them): both in the game's order."""
    head, f = position_fields(after_setup("base", 4), {"phase": "main", "dice": "3,4"})
    f["hands"] = "4,4,3,5,4/1,1,0,0,0/0,1,0,0,0/0,1,2,0,0"
    conserve_bank(f)
    t = Tutor(from_fields(head, f))
    t.session.choose_kind("bank trade")
    form = t.controls.form
    assert form is not None
    for name in ("give", "get"):
        assert [label for label, v in form.pickers[name].options if v is not None] == list(
            CARD_NAMES[:5]
        ), name


def test_a_click_counts_the_player_already_chosen_in_the_form():
    """1.4 puzzle 2 (a learner, b10_answer.png): P3 picked in the form, then corner M4
    clicked, and the page said "Several moves here: finish the form (choose the player)". The
    player chosen and the corner clicked name one move: it is judged at once (here the
    answer, which the learner had found), the form asking nothing more."""
    asked = _asked("puzzle_base_setup", 1)
    t = at_question(asked)
    s = t.session
    s.choose_kind("settle")
    form = t.controls.form
    assert form is not None
    form.pickers["player"].value = 2  # P3
    tries = s.puzzle.tries
    t.act_at(("vertex", board.parse_vertex("M4")))
    said = t.controls.message.value
    assert "Several moves" not in said and "choose the player" not in said, said
    assert s.puzzle.tries == tries + 1 and s.puzzle.verdict is not None
    assert s.puzzle.verdict.move == "P3 settle M4" and s.puzzle.verdict.correct
