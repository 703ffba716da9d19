"""The other seats' hands in a lesson, under the hand of the player to move (learner 276: they
showed in Explore's Players tab only, and whom a robber would rob could not be read outside
it); none at an open question (matched with its unnamed hand they would tell whose turn it
is), none against the computer, none while nobody else holds anything."""

from __future__ import annotations

from helpers import after_setup
from puzzle_answers import at_question, course_puzzles

from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import load_scenario
from catan_tutor.widgets import Tutor
from catan_tutor.widgets.panels import cards_text
from catan_tutor.widgets.play_panel import hand_bits


def _lesson(lesson: str) -> Tutor:
    t = Tutor(load_scenario(packaged_lessons() / f"{lesson}.catan.yaml"))
    t.session.lesson_id = lesson
    t.session.show()
    return t


def test_a_lesson_shows_every_other_hand_in_words():
    t = _lesson("base_production_robber")
    s = t.session
    while s.timeline.current.children and "Other hands:" not in t.controls.hand.value:
        s.step("forward")
    g, own = s.game, s.own_seat()
    shown = t.controls.hand.value
    assert "Other hands:" in shown, shown
    for p in range(g.players):
        if p != own:
            assert f"{g.names[p]}: {'; '.join(hand_bits(g, p))}" in shown, (p, shown)
    assert f"{g.names[own]}: " not in shown.split("Other hands:")[1]  # its own row over it


def test_no_other_hands_at_an_open_question_nor_against_the_computer_nor_in_setup():
    t = at_question(course_puzzles()[3])
    assert t.session.puzzle_secret and "Other hands" not in t.controls.hand.value
    t = _lesson("base_setup")  # the set-up: nobody holds anything yet
    assert "Other hands" not in t.controls.hand.value
    t = Tutor(after_setup("base", 3))
    t.computer.set_seats({1: "greedy", 2: "greedy"})
    assert "Other hands" not in t.controls.hand.value


def test_DUMMY_SETUP_HAND_the_dummys_face_up_cards_show_with_the_hands_in_its_turn_too():
    """learner19 at 5.15 and 5.18: the dummy's hand is face up, yet its cards were in
    Explore's Players tab only, and in the dummy's own turn (its robber, its bids) no hand
    showed at all. Under the hand row the dummy's cards follow the other hands; in its turn
    every hand shows, the dummy's with them. The cards are the game's (its trades change
    them: after the bid it holds P1's 2 brick and gave up the grain)."""
    t = _lesson("base_dummy_dummy_turn")
    s = t.session
    g = s.game
    dummy = g.state.dummy
    cards = g.observation(dummy)["seats"][dummy]["hand"]
    assert f"the dummy: {cards_text(cards)}" in t.controls.hand.value.split("Other hands:")[1]
    seen_turn = False
    while s.timeline.current.children:
        s.step("forward")
        g = s.game
        shown = t.controls.hand.value
        said = f"the dummy: {cards_text(g.observation(dummy)['seats'][dummy]['hand'])}"
        assert said in shown, (s.timeline.current.id, shown)
        if s.own_seat() == dummy:
            seen_turn = True
            assert "Hands:" in shown and "Other hands" not in shown
            assert all(f"{g.names[p]}: " in shown for p in range(g.players)), shown
    assert seen_turn
    assert "4 brick" in said and "1 grain" in said  # (after P1's winning bid of 2 brick)
