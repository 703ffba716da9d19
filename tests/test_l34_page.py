"""What a fresh learner (l34) met on the page, checked without a browser (the page's own
checks: test_browser_l34_page.py): a question just solved names it in the title line, not
the next step's task; a hand holding nothing has no row while every hand is empty; a tap on
the board after solving says "Solved. Press ▶" no more (the title and the line by ▶ say it)."""

from __future__ import annotations

import html
import re

from puzzle_answers import at_question, course_puzzles

from catan_tutor import board, new_game
from catan_tutor.study.puzzle import answer_nodes
from catan_tutor.widgets.play_panel import held_nothing, own_hand_html
from catan_tutor.widgets.puzzle_state import GO_ON
from catan_tutor.widgets.tutor import Tutor


def _text(value: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", value)).split())


def _title(t) -> str:
    """The title line's words (over who acts)."""
    found = re.search(r"<div class='catan-head-title'[^>]*>(.*?)</div>", t.header.value, re.S)
    assert found is not None
    return _text(found[1])


def _solved_1_4(k: int = 0):
    """The tutor at 1.4's question ``k`` answered right, resting until ▶ (0: P1's road)."""
    asked = [a for a in course_puzzles() if a.lesson == "puzzle_base_setup"][k]
    t = at_question(asked)
    s = t.session
    own = answer_nodes(asked.puzzle, s.timeline.current, s.timeline.rules)[0]
    t.puzzle.submit(str(own.action))
    assert s.puzzle.resting()
    return t


def test_a_solved_question_s_title_says_solved_not_the_next_step_s_task():
    """l34 at 1.4 (375x740): after P1's road the title line said "setup · placing the
    starting pieces", P2's task at the next step, while the lesson waited for ▶."""
    t = _solved_1_4()
    title = _title(t)
    assert title.endswith("· puzzle solved"), title
    assert "placing" not in title
    t.session.step("forward")  # ▶: the step's own words again
    title = _title(t)
    assert "placing" in title and "solved" not in title, title


def test_a_hand_holding_nothing_has_no_row():
    """l34 at 1.4: "P2's hand: nothing" under the solved question (BASE-INFO: a seat's own
    cards; none held, nothing to say)."""
    t = _solved_1_4()
    g = t.session.game
    seat = g.current_player
    assert not any(g.state.hands[seat])
    assert held_nothing(g, seat) and "hand" not in _text(t.controls.hand.value)
    assert "P2's hand" in _text(own_hand_html(g, seat, False))  # (at a question: said)
    t = _solved_1_4(1)  # P3's second settlement: its cards, in a row
    g = t.session.game
    seat = g.current_player
    assert any(g.state.hands[seat]) and "P3's hand: 1 brick" in _text(t.controls.hand.value)


def test_an_empty_hand_keeps_its_row_while_another_holds_cards():
    """learner22 at 3.1: P1's row went once P1 had spent every card, beside "Other hands: P3:
    nothing", and read as the panel failing: the row goes only while every hand is empty."""
    from catan_tutor.widgets.app import App

    app = App(start="base_trading_harbors", query="")
    s = app.session
    while s.timeline.current.children:
        s.step("forward")
        g = s.game
        if held_nothing(g, s.own_seat()) and not all(held_nothing(g, p) for p in range(g.players)):
            break
    else:
        raise AssertionError("no step where the seat to move holds nothing and another cards")
    assert f"{g.names[s.own_seat()]}'s hand: nothing" in _text(app.tutor.controls.hand.value)


def test_a_tap_after_solving_does_not_say_solved_again():
    """l34: each tap on the board after a right answer said "Solved. Press ▶ to go on with
    the lesson." again under Roll and End turn, the third time on the page."""
    t = _solved_1_4()
    t.act_at(("vertex", board.parse_vertex("H6")))
    t.act_at(("hex", board.HEX_NAMES.index("J")))
    assert t.controls.message.value == ""
    assert GO_ON in html.unescape(t.header.value)  # said once, on the status line


def test_a_game_against_the_computer_keeps_the_learner_s_empty_hand_row():
    """Against the computer the learner's own row stays when it holds nothing ("Your hand (P1):
    nothing", BASE-INFO: the Play tab's own hand, issue 33); only a lesson's empty row of the
    seat to move goes (l34)."""
    t = Tutor(new_game("base", players=4, seed=1))
    t.computer.set_seats({1: "greedy", 2: "random", 3: "greedy"}, seed=4, paused=True)
    g = t.session.game
    assert t.session.against_computer() and held_nothing(g, 0)
    t.session.show()
    assert "Your hand (P1): nothing" in _text(t.controls.hand.value)
