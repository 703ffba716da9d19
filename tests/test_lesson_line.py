"""The lesson's line in the tutor's session (``session_line.py``, issue "one task at a time"): a
move of the learner's own off a lesson's line is said, kept as their variation, and "Back to
the lesson" returns to where they left it; a step that leads nowhere is greyed and says so;
Roll on a lesson's line rolls the lesson's own dice; the end of a lesson is said."""

from __future__ import annotations

import re

from catan_tutor.study.library import library
from catan_tutor.study.resources import lessons_dir
from catan_tutor.study.scenario import load_scenario
from catan_tutor.widgets.line_panel import AGAIN, OVER, PLAY_ON, LinePanel
from catan_tutor.widgets.session_line import AT_END, AT_START, GAME_END, OWN_END
from catan_tutor.widgets.session_open import EDITED, EDITED_SEATS
from catan_tutor.widgets.session_tree import LESSON_KEPT, LESSON_ORDER
from catan_tutor.widgets.tutor_session import FULL, TutorSession


def lesson_session(lesson_id: str) -> TutorSession:
    found = next(x for x in library(lessons_dir()) if x.id == lesson_id)
    s = TutorSession(load_scenario(found.path))
    s.open(load_scenario(found.path), lesson_id=lesson_id)
    return s


def test_roll_on_a_lesson_s_line_rolls_the_lesson_s_dice_and_stays_on_it():
    s = lesson_session("ck_knight_recruit")  # 7.1: P1 roll, white 4, red 6, event trade
    s.roll()
    assert s.game.state.dice == (4, 6) and s.node.depth == 4
    assert s.is_lesson_node(s.node) and s.left_lesson_at() is None


def test_a_move_off_the_lesson_s_line_is_kept_and_back_to_the_lesson_returns_where_it_left():
    s = lesson_session("ck_knight_recruit")
    s.roll()
    here = s.node  # the lesson goes on with P1's offer to P2
    s.play("P1 end")  # off-script (CK-TURN-ACTION-PHASE allows it): the learner's own
    assert s.left_lesson_at() is here
    own = s.node
    s.step("forward")  # the lesson has nothing after the learner's move: said, not silent
    assert s.node is own and s.message == OWN_END and not s.can_step("forward")
    s.back_to_lesson()
    assert s.node is here and s.left_lesson_at() is None and s.message == ""
    assert own in here.children  # the learner's move stays, a variation of their own
    s.step("forward")
    assert s.is_lesson_node(s.node) and str(s.node.action) == "P1 offer P2 1 brick for 1 wool"


def test_steps_to_nowhere_are_greyed_and_say_so():
    s = lesson_session("base_setup")
    assert not s.can_step("first") and not s.can_step("back") and s.can_step("forward")
    s.step("back")
    assert s.node.depth == 0 and s.message == AT_START
    s.step("last")
    assert not s.can_step("forward") and not s.can_step("last") and s.can_step("back")
    end = s.node
    s.step("forward")
    assert s.node is end and s.message == AT_END
    game = TutorSession(s.game)  # a game's last move: play on
    game.step("forward")
    assert game.message == GAME_END and game.left_lesson_at() is None


# Words from chess study a Catan learner does not know (issue 33, l11_ownmove.png,
# l14_solved1.png, editor_3.png): "the lesson's line", "a new line", "variation", "move tree".
STUDY_WORDS = re.compile(r"\bline\b|variation|move tree|main line", re.I)


def test_what_the_page_says_of_moves_of_ones_own_is_in_plain_words():
    s = lesson_session("ck_knight_recruit")
    s.roll()
    s.play("P1 end")  # off the lesson's moves: the learner's own
    panel = LinePanel(s, lambda f: f, lambda: None)
    said, state = panel.said()
    assert state == "left" and said.startswith("You are trying moves of your own.")
    panel.render()
    assert panel.back.description == "Back to the lesson"
    s.step("forward")
    assert s.message == OWN_END
    said = re.sub(r"<[^>]+>", " ", said)  # the words shown, not the tags' classes
    for text in (said, panel.back.tooltip, OWN_END, EDITED, EDITED_SEATS, LESSON_KEPT):
        assert not STUDY_WORDS.search(text), text
    assert not STUDY_WORDS.search(LESSON_ORDER + FULL), LESSON_ORDER + FULL


def _at_end(lesson_id: str) -> TutorSession:
    s = lesson_session(lesson_id)
    tl = s.timeline
    end = tl.root
    while end.children:
        end = end.children[0]
    for node in tl.path(end):
        if node.id in s.scenario.puzzles:
            s.puzzle.solved.add(s.puzzle.key(node))
    s.goto(end.id)
    return s


def test_a_lesson_s_end_says_what_the_moves_under_it_are_for_while_the_game_goes_on():
    """l32 at 5.21: "This lesson is over." then the dummy's die's form, never explained. Where
    the game goes on the end says the moves under it play on; at a won game it says no more."""
    going_on = LinePanel(_at_end("puzzle_base_dummy"), lambda f: f, lambda: None)
    assert going_on.said() == (f"{OVER} {PLAY_ON} {AGAIN}", "over")  # (a lesson of questions:
    # how one is practised again, l41)
    # the words promise no next lesson (the course's last has none: l40 at 11.16); the Next
    # lesson button offers one where there is
    assert "next lesson" not in going_on.said()[0].lower()
    won = _at_end("base_win_ten")
    assert won.game.state.winner >= 0 and not won.legal()
    assert LinePanel(won, lambda f: f, lambda: None).said() == (OVER, "over")
