"""The victory points row under the hands (learner21 at 5.20: "Both players have 9 points"
could be checked only by counting pieces; ``widgets/points_row.py``): every player's points
and the number that wins (BASE-WIN-10, CK-WIN-13); a hidden Victory Point card counted only
where its hand shows (BASE-DEV-VP); none at an open question."""

from __future__ import annotations

import html
import re

from puzzle_answers import at_question, course_puzzles

from catan_tutor import new_game
from catan_tutor.widgets import Tutor
from catan_tutor.widgets.app import App
from catan_tutor.widgets.points_row import ROW_CLASS, points_html


def _row(value: str) -> str:
    found = re.search(rf"<div class='{ROW_CLASS}'[^>]*>(.*?)</div>", value)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", found[1])).split()) if found else ""


def test_BASE_WIN_10_the_row_says_each_players_points_and_what_wins():
    app = App(start="base_dummy_race_to_ten", query="")  # 5.20: both at 9, P2's hidden card
    assert _row(app.tutor.controls.hand.value) == (
        "Victory points (10 to win): P1 9 (2 from Longest Road) · "
        "P2 9 (2 from Largest Army, 1 from a Victory Point card)"
    )  # (learner24: the awards' holders were said nowhere on the page)


def test_CK_WIN_13_a_cities_and_knights_game_is_won_at_13():
    app = App(start="ck_metropolis_race", query="")
    said = _row(app.tutor.controls.hand.value)
    assert said.startswith("Victory points (13 to win): P1 4 ") and "P3 5" in said, said
    # (learner24: P1's 4 beside a city and a settlement on the board, its card said nowhere)
    assert "P1 4 (1 from the Printing card or the Constitution card)" in said, said


def test_BASE_DEV_VP_a_computers_hidden_card_is_not_counted():
    app = App(start="base_dummy_race_to_ten", query="")  # P2 holds a Victory Point card
    t = app.tutor
    t.computer.set_seats({1: "greedy"}, seed=4, paused=True)  # P2 a computer: its hand hidden
    s = t.session
    assert s.game.victory_points(1) == 9 and 1 not in s.hand_seats()
    said = _row(points_html(s))
    assert (
        said
        == "Victory points (10 to win): P1 9 (2 from Longest Road) · P2 8 (2 from Largest Army)"
    )


def test_nobody_with_a_point_shows_no_row():
    t = Tutor(new_game("base", players=3, seed=1))
    assert points_html(t.session) == ""


def test_an_open_question_shows_no_points():
    asked = next(a for a in course_puzzles() if a.lesson == "puzzle_base_awards")
    t = at_question(asked)
    assert t.session.puzzle_secret and _row(t.controls.hand.value) == ""


def test_what_to_notice_leaves_the_points_to_the_row():
    """5.20's "P1 has 9 victory points." under What to notice, beside the row's "P1 9": said
    once (as the levels row's are)."""
    app = App(start="base_dummy_race_to_ten", query="")
    lesson = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", app.tutor.lesson.value)).split())
    assert "What to notice" in lesson and "P1 holds Longest Road" in lesson
    assert "victory points" not in lesson.split("What to notice")[1], lesson
    assert _row(app.tutor.controls.hand.value).startswith("Victory points (10 to win): P1 9 ")


def test_a_question_just_answered_shows_no_points_until_next():
    """A phone's tap answering 2.2 brought its reply in; a points row coming with it moved
    a step button under the finger (test_browser_layout): the row comes back with ▶."""
    asked = next(a for a in course_puzzles() if a.lesson == "puzzle_base_robber")
    t = at_question(asked)
    t.puzzle.submit("P1 robber Q")
    assert t.session.puzzle.resting() and _row(t.controls.hand.value) == ""
    t.session.step("forward")
    assert not t.session.puzzle.resting() and _row(t.controls.hand.value).startswith("Victory")


def test_the_final_score_stays_when_the_game_is_over():
    """learner24 at 4.2 and 5.20: the row went at the game's end, the winner's 10 unsaid."""
    app = App(start="base_win_ten", query="")
    app.session.step("last")
    assert app.session.game.is_over()
    assert _row(app.tutor.controls.hand.value).startswith("Victory points (10 to win): P1 10 ")
