"""After a wrong answer the move form keeps what the learner entered (l30 at 1.4's second
question: "P2 settle M4" judged wrong, the "at" list was empty again and the corner had to
be picked afresh); after a right answer the next question's form starts empty."""

from __future__ import annotations

from puzzle_answers import at_question, course_puzzles

from catan_tutor import board


def test_a_wrong_answers_fields_stay_and_a_right_ones_go_base_setup_round2() -> None:
    asked = [a for a in course_puzzles() if a.lesson == "puzzle_base_setup"][1]
    assert asked.puzzle.answers == ("P3 settle M4",)
    t = at_question(asked)
    s, c = t.session, t.controls
    m4 = board.parse_vertex("M4")
    s.choose_kind("settle")
    assert c.form is not None
    c.form.set(player=1, vertex=m4)  # P2: not whose turn it is (BASE-SETUP-ROUND2)
    c.form.play()
    assert s.puzzle_secret and s.puzzle.tries == 1  # judged wrong, asked again
    assert c.form is not None and s.kind == "settle"
    assert c.form.pickers["player"].value == 1 and c.form.pickers["vertex"].value == m4
    assert s.chosen == ("vertex", m4)  # and the board rings the corner the form names
    c.form.set(player=2)  # P3 at M4: right
    c.form.play()
    assert s.puzzle.right is not None and not s.puzzle_secret
    s.forward()  # on to the next question: its form starts with nothing chosen
    while not s.puzzle_secret and s.timeline.current.children:
        s.forward()
    s.choose_kind("settle")
    assert c.form is not None
    assert c.form.pickers["vertex"].value is None  # (its one player is filled: P1)


def test_the_typed_box_is_emptied_on_the_page_when_a_click_answers_base_setup_round1() -> None:
    """l30: words typed in the answer box and never sent (a tap on the board leaves the box
    focused) stayed after a click on the board answered the question: the kernel held ''
    and setting '' again sent nothing. A right answer now sends the page an empty box even
    then (a blank first, never judged as an answer)."""
    asked = [a for a in course_puzzles() if a.lesson == "puzzle_base_setup"][0]
    t = at_question(asked)
    s = t.session
    sent: list[str] = []
    t.puzzle.answer.observe(lambda change: sent.append(change["new"]), names="value")
    assert t.puzzle.answer.value == ""  # the page's words never reached the kernel
    s.choose_kind("build road")
    t.act_at(("edge", board.parse_edge("N3")))  # the click answers it
    assert s.puzzle.right is not None and s.puzzle.right.correct
    assert sent[-2:] == [" ", ""] and t.puzzle.answer.value == ""
    sent.clear()
    s.show()  # shown again: nothing more sent
    assert sent == []
