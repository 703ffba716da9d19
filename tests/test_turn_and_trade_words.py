"""Two move sentences a fresh learner read wrong (session 16): an accepted offer as a lesson
says it may be made read "P3 may accept P1's offer and the cards change hands" (the cards'
changing hands is no part of what P3 may do), and the end of a turn read "the next seat
takes over" in the game log, never saying whose turn it is."""

from __future__ import annotations

import pytest
from test_lesson_rule_marks import LESSONS, _lesson

from catan_tutor.actions import Accept, Decline, EndTurn
from catan_tutor.game import Game
from catan_tutor.rules.words import may, say
from catan_tutor.widgets.wording import notice_lines

pytestmark = pytest.mark.course  # a sweep over the course (min_versions.sh leaves it out)


def test_an_offer_that_may_be_accepted_is_said_as_the_answer_alone() -> None:
    sc = _lesson("base_trading_harbors.catan.yaml")  # 3.1: P3 answers P1's offer
    node = next(n for n in sc.tree.walk() if isinstance(n.action, Accept)).parent
    game = Game(sc.tree.rules, node.state)
    assert may(node.state, game.parse("P3 accept"), True) == "P3 may accept P1's offer."
    assert say(node.state, game.parse("P3 accept")).startswith("P3 accepts P1's offer; the")
    lines = notice_lines(game, node)
    assert any("P3 may accept P1's offer;" in line for line in lines), lines
    assert not any("change hands" in line for line in lines), lines
    # the offer itself is said as pending (3.1, learner s31: "…; P3 accepts or declines." in
    # Last move read as if P3 had answered; BASE-TRADE-DOMESTIC)
    offer = node.action
    assert offer is not None and node.parent is not None
    said = say(node.parent.state, offer)
    assert said.endswith("; now P3 accepts or declines it."), said


@pytest.mark.parametrize("name", LESSONS)
def test_the_end_of_a_turn_says_whose_turn_comes(name: str) -> None:
    """Every end of a turn in the course, base, two-player, dummy (D after the players) and
    Cities & Knights: the sentence names the seat the game hands the turn to."""
    sc = _lesson(name)
    wrong = []
    for node in sc.tree.walk():
        if isinstance(node.action, EndTurn):
            said = say(node.parent.state, node.action)
            nxt = node.state.name(node.state.active)
            if not said.endswith(f"; now it is {nxt}'s turn."):
                wrong.append(f"{said!r} (next: {nxt})")
    assert wrong == [], f"{name}: {wrong}"


def test_an_answer_to_an_offer_plays_on_its_button_s_click() -> None:
    """3.1 (learner s31): "Accept the trade" only chose a form whose one field was the seat
    already chosen; "Play this move" was needed after it. A kind with nothing left to
    choose plays on its click, as Roll does (BASE-TRADE-DOMESTIC); one that would leave the
    lesson's line waits for the form's Play (issue 33), as does every move at an open
    question (test_puzzle_secret.py)."""
    from catan_tutor.widgets.app import App

    app = App(start="base_trading_harbors")
    s = app.session
    offer = next(n for n in s.timeline.nodes.values() if isinstance(n.action, Accept)).parent
    s.goto(offer)
    app.tutor.controls.palette.value = "accept"  # the lesson's own: played on the click
    assert s.node.parent is offer and isinstance(s.node.action, Accept), s.node.action
    s.goto(offer)
    app.tutor.controls.palette.value = "decline"  # its variation: played too
    assert s.node.parent is offer and isinstance(s.node.action, Decline), s.node.action
    s.goto(offer)  # a move that would leave the lesson's line: chosen only, Play confirms it
    s.leaves_line = lambda action: True  # type: ignore[method-assign]
    app.tutor.controls.palette.value = "accept"
    assert s.node is offer and app.tutor.controls.form is not None
