"""A question asked right after another (5.13's puzzles 2 and 3, back to back) starts clean
(l28, 65_l513_solved_again.png: the "Right" of puzzle 2 sat above puzzle 3 as if it were
its own, and its "Click or tap a §" key came under the new answer box): the "Right" is
said to be the previous question's, and the key to its marks stands under it."""

from __future__ import annotations

from catan_tutor.widgets import App
from catan_tutor.widgets.mark_key import MarksSaid
from catan_tutor.widgets.puzzle import PREVIOUS

KEY = "catan-marks-key"


def test_the_previous_questions_right_is_marked_so_with_its_key_under_it() -> None:
    app = App(query="?lesson=5.13&node=15&solved=1")  # puzzle 2: the robber home
    s, view = app.session, app.tutor.puzzle
    s.marks_said = MarksSaid()  # the first place this page view needs the key (l35)
    s.play("P1 robber-home")  # right; puzzle 3 is asked at once
    assert s.puzzle.holds() and s.node.id == 16
    prompt = view.prompt.value
    right_at, key_at, asked_at = (
        prompt.index(PREVIOUS),
        prompt.index(KEY),
        prompt.index("catan-puzzle-head"),
    )
    assert right_at < key_at < asked_at  # the previous "Right", its key, then the question
    assert KEY not in view.result.value  # nothing under the new answer box of the old one's
    assert "§" not in prompt[asked_at:]  # (the new question cites no rule itself)
