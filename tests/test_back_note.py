"""A link past a question not answered yet (catan_tutor/widgets/back_note.py; l26 at 11.16: a
copied link to node 12, reloaded, opened at node 8 without a word): the page opens at that
question and the note under the step buttons says why, once."""

from __future__ import annotations

from catan_tutor.widgets import App
from catan_tutor.widgets.back_note import BACK
from catan_tutor.widgets.board_panel import HELD_NOTE


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
