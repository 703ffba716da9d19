"""A tap at a question that asks who moves (1.4's "Whose turn is it to place?"): the players to
choose from as buttons under the tap's reply (seat_pick.py), every seat, legal or not; a press
is the learner's answer, judged. A fresh learner (276) on a phone read "finish the form (choose
the player)" with the form screens below."""

from __future__ import annotations

from puzzle_answers import at_question, course_puzzles

from catan_tutor import board
from catan_tutor.actions import BuildRoad, Settle
from catan_tutor.widgets.seat_pick import ASK, by_seat_only

M4 = ("vertex", board.parse_vertex("M4"))


def _who_moves():
    """1.4's second question, its tutor and the seat buttons' row (built at the first tap:
    none at the page's first paint, issue 35)."""
    asked = [p for p in course_puzzles() if p.lesson == "puzzle_base_setup"][1]
    t = at_question(asked)
    pick = t.controls.seat_pick
    assert pick.widget is None
    t.act_at(M4)
    assert pick.widget in t.actions.children  # (laid out under the reply once built)
    return t, pick.widget


def _buttons(row) -> dict[str, object]:
    return {b.description: b for b in row.children}


def test_a_tap_offers_every_player_and_a_press_is_judged_as_the_answer() -> None:
    t, row = _who_moves()
    s = t.session
    assert ASK in t.controls.message.value and row.layout.display != "none"
    assert list(_buttons(row)) == ["P1", "P2", "P3"]  # every seat: which may move is asked
    node, tries = s.timeline.current, s.puzzle.tries
    _buttons(row)["P1"].click()  # not P1's turn: a wrong answer, nothing played, judged
    assert s.timeline.current is node and s.puzzle.tries == tries + 1
    said = f"{s.puzzle.verdict.text} {s.puzzle.verdict.reason}"
    assert not s.puzzle.verdict.correct and "not P1's turn" in said, said
    assert row.children == () and row.layout.display == "none"  # (the choice was made)
    t.act_at(M4)
    _buttons(row)["P3"].click()
    assert s.puzzle.verdict.correct and s.puzzle.verdict.move == "P3 settle M4"
    assert str(s.timeline.current.action) == "P3 settle M4"


def test_the_players_go_with_another_tap_or_step() -> None:
    t, row = _who_moves()
    assert row.children
    t.act_at(("hex", board.HEX_NAMES.index("J")))  # the desert: no settlement there
    assert row.children == () and ASK not in t.controls.message.value
    t.act_at(M4)
    t.session.step("back")
    assert row.children == () and ASK not in t.controls.message.value


def test_only_moves_that_differ_in_their_player_alone_are_offered_so() -> None:
    v, w = board.parse_vertex("M4"), board.parse_vertex("N6")
    assert by_seat_only([Settle(0, v), Settle(2, v)])
    assert not by_seat_only([Settle(0, v)])  # one move: played, nothing to choose
    assert not by_seat_only([Settle(0, v), Settle(1, w)])  # another spot too
    assert not by_seat_only([Settle(0, v), Settle(0, v)])
    assert not by_seat_only([Settle(0, v), BuildRoad(1, board.parse_edge("N5"))])


def test_a_wrong_answer_by_a_tap_keeps_the_spot_tapped_in_the_form() -> None:
    """Learner 277 at 1.4: C6 tapped with P1 chosen in the form (not the answer), then M4
    tapped ("It is not P1's turn"): the form and its ring still said C6, and Play this move
    (P3 chosen) tried C6 again. A wrong answer by a tap keeps the spot tapped."""
    asked = [p for p in course_puzzles() if p.lesson == "puzzle_base_setup"][1]
    t = at_question(asked)
    s = t.session
    s.choose_kind("settle")
    t.controls.form.pickers["player"].value = 0  # P1
    for corner in ("C6", "M4"):
        spot = ("vertex", board.parse_vertex(corner))
        t.act_at(spot)
        assert not s.puzzle.verdict.correct and s.puzzle.verdict.move == f"P1 settle {corner}"
        form = t.controls.form
        assert form.pickers["vertex"].value == spot[1] and s.chosen == spot, corner
    form.pickers["player"].value = 2  # P3, and Play this move: P3 on M4, the answer
    t.controls.form_frame.play_button.click()
    assert s.puzzle.verdict.correct and s.puzzle.verdict.move == "P3 settle M4"
