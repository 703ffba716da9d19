"""A link past a question not answered yet (catan_tutor/widgets/back_note.py; l26 at 11.16: a
copied link to node 12, reloaded, opened at node 8 without a word): the page opens at that
question and the note under the step buttons says why, once."""

from __future__ import annotations

from catan_tutor.widgets import App
from catan_tutor.widgets.back_note import BACK
from catan_tutor.widgets.board_panel import HELD_NOTE
from catan_tutor.widgets.session_line import HIDDEN


def _note(app: App) -> str:
    held = app.tutor.board.held_note
    return held.value if held is not None and held.layout.display != "none" else ""


def test_a_link_past_an_open_question_opens_at_it_and_says_so_once():
    app = App(query="?lesson=puzzle_ck_2p&node=12")
    s = app.session
    assert s.node.id == 8 and s.puzzle.holds()  # its answer stays hidden: the question
    note = _note(app)
    assert BACK in note and HELD_NOTE not in note  # one line, said once
    s.step("forward")  # held: the note stays what it is
    assert s.node.id == 8 and BACK in _note(app)
    s.play(s.node.children[0].action)  # answered: the note goes, and is not said again
    assert BACK not in _note(app)
    s.goto(8)
    assert BACK not in _note(app)


def test_a_link_to_the_question_itself_says_only_to_answer_it():
    app = App(query="?lesson=puzzle_ck_2p&node=8")
    assert app.session.node.id == 8
    note = _note(app)
    assert BACK not in note and HELD_NOTE in note


def test_the_back_note_is_said_once_not_with_solve_the_puzzle_first_too():
    """l26, l27: a link landed back at a question showed the note by ▶ and "Solve the puzzle
    first…" under the palette, at once and on ▶: the same thing said twice. The note alone
    says it (the clearer: why the page is here, and what to do); once it is gone, a press of
    ▶ at an open question says "Solve the puzzle first…" as ever."""
    app = App(query="?lesson=puzzle_ck_2p&node=12")
    s, message = app.session, app.tutor.controls.message
    assert BACK in _note(app) and message.value == "" and s.message == ""  # at once
    for where in ("forward", "last"):
        s.step(where)  # ▶ and ▶|: held, the note says why
        assert s.node.id == 8 and BACK in _note(app)
        assert HIDDEN not in message.value and s.message == ""
    s.forward()
    s.goto(12)  # the Moves list's jump into the answer line
    assert s.node.id == 8 and BACK in _note(app) and s.message == ""
    s.back()  # left: the note is gone, and ▶ at the question says why it is held
    s.forward()
    s.step("forward")
    assert s.node.id == 8 and BACK not in _note(app) and s.message == HIDDEN
