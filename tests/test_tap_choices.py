"""A tap on a spot at an open question keeps the moves legal with that spot (``tap_choices``):
a fresh learner (768x1024, 5.13 "Build what P1 owes now, for Neutral 2") tapped G5, the one
legal edge for Neutral 2, and was asked to finish a form offering Neutral 1 too, Play grey
(2P-NEUTRAL-LEGAL: a neutral's road touches that neutral's pieces). One legal move left is
judged at once, as a click with one move is; at a question who moves the seat stays the
learner's to pick (``test_puzzle_secret``'s 1.4 test)."""

from __future__ import annotations

import pytest
from puzzle_answers import course_puzzles
from test_puzzle_secret import at_question

from catan_tutor import board
from catan_tutor.study.puzzle import answer_nodes
from catan_tutor.widgets.kinds import SPOT_WORDS, kind_name, moment_kinds, target_of
from catan_tutor.widgets.kinds_unavailable import unavailable
from catan_tutor.widgets.play_panel import SEVERAL
from catan_tutor.widgets.tap_choices import NOTHING_HERE
from catan_tutor.widgets.wording import kind_words

NEUTRAL_ROADS = [a for a in course_puzzles() if "neutral" in " ".join(a.puzzle.answers)]


def test_the_course_has_the_two_neutral_road_questions():
    assert [(a.lesson, a.node) for a in NEUTRAL_ROADS] == [
        ("puzzle_base_2p", 1),
        ("puzzle_ck_2p", 20),
    ]


@pytest.mark.parametrize("asked", NEUTRAL_ROADS, ids=lambda a: f"{a.lesson}@{a.node}")
def test_a_tap_on_an_answers_spot_is_judged_at_once_right(asked):
    t = at_question(asked)
    s = t.session
    at = s.timeline.current
    answers = answer_nodes(asked.puzzle, at, s.timeline.rules)
    spot = target_of(answers[0].action)
    assert spot is not None
    t.controls.act_at(spot)
    assert t.controls.message.value != SEVERAL
    assert s.puzzle.key(at) in s.puzzle.solved, t.controls.message.value


@pytest.mark.parametrize("asked", NEUTRAL_ROADS, ids=lambda a: f"{a.lesson}@{a.node}")
def test_a_tap_where_only_the_other_neutral_may_build_is_judged_wrong_at_once(asked):
    """The wrong spot is judged (not the answer), not left in a form to finish."""
    t = at_question(asked)
    s = t.session
    g = s.game
    named = int(asked.puzzle.answers[0].split()[2][1]) - 1  # "P1 neutral N2 road G5"
    other = [
        a for a in g.legal_actions() if type(a).__name__ == "NeutralRoad" and a.neutral != named
    ]
    assert other, "no edge for the other neutral: the test asks nothing"
    spot = target_of(other[0])
    assert spot is not None and spot[0] == "edge"
    t.controls.act_at(spot)
    assert t.controls.message.value != SEVERAL
    assert s.puzzle.tries == 1 and s.puzzle_secret, board.EDGE_LABELS[spot[1]]
    assert s.puzzle.key(s.timeline.current) not in s.puzzle.solved


@pytest.mark.parametrize("asked", course_puzzles(), ids=lambda a: f"{a.lesson}@{a.node}")
def test_a_tap_offers_no_kind_that_is_greyed(asked):
    """l24: a tap on the board with no kind chosen listed knight kinds greyed as no one's to
    play now ("Choose what to do first: … or “Move a knight”"). At every question, a tap on a
    corner, an edge and a hex names, or chooses, only kinds not greyed."""
    t = at_question(asked)
    s = t.session
    greyed = set(unavailable(s.game, moment_kinds(s.game), s.puzzle.seats()))
    for spot in (("vertex", 0), ("edge", 0), ("hex", 9)):
        if not s.puzzle_secret:
            break
        s.kind = ""
        t.controls.act_at(spot)
        assert s.kind not in greyed, (spot, s.kind)
        said = t.puzzle.result.value + t.controls.message.value
        if "Choose what to do first" in said:
            named = [k for k in greyed if f"“{kind_words(k)}”" in said]
            assert not named, (spot, named, said)


def test_a_tap_that_asked_for_the_kind_is_played_there_once_the_kind_is_chosen():
    """s44, a fresh learner: at a question where two kinds play on a corner, a tap on the
    answer's corner asked to choose the kind first, and the kind's button then asked for the
    corner again. The tap is kept: the kind's button judges the move on that spot (right, for
    the answer's kind), and the reply says so. A kind of another kind of spot, or a step away,
    forgets it."""
    met = 0
    for asked in course_puzzles():
        t = at_question(asked)
        s = t.session
        answer = answer_nodes(asked.puzzle, s.timeline.current, s.timeline.rules)[0].action
        spot = target_of(answer)
        if spot is None or s.puzzle.seats():  # (who moves: the form asks the seat too)
            continue
        s.kind = ""
        t.controls.act_at(spot)
        said = t.puzzle.result.value
        if "Choose what to do first" not in said:
            continue
        met += 1
        assert f"goes on the {SPOT_WORDS[spot[0]]} you tapped" in said, said
        at = s.timeline.current
        t.controls.palette.value = kind_name(answer)
        assert s.puzzle.key(at) in s.puzzle.solved, (asked.lesson, asked.node, s.message)
        assert s.timeline.current.action == answer and s.waiting is None
    assert met >= 2  # 7.8's and 8.x's corner questions at least


def test_a_kept_tap_is_forgotten_by_a_kind_of_another_spot_and_by_a_step():
    (asked,) = [a for a in course_puzzles() if (a.lesson, a.node) == ("puzzle_ck_knights", 19)]
    t = at_question(asked)
    s = t.session
    at = s.timeline.current
    answer = answer_nodes(asked.puzzle, at, s.timeline.rules)[0].action
    spot = target_of(answer)
    assert spot is not None and spot[0] == "vertex"
    t.controls.act_at(spot)
    assert s.waiting == (at, spot)
    t.controls.palette.value = "build road"  # an edge's kind: the corner is not its spot
    assert s.waiting is None and s.timeline.current is at and not s.puzzle.tries
    t.controls.palette.value = None
    s.kind = ""
    t.controls.act_at(spot)
    s.goto(at.parent)  # a step back, then forward again: the tap was at another moment
    s.goto(at)
    t.controls.palette.value = kind_name(answer)
    assert s.timeline.current is at and s.puzzle.key(at) not in s.puzzle.solved


def test_a_tap_on_a_spot_no_kind_plays_on_promises_no_spot():
    """s45: a hex tapped where only corners' and edges' kinds play named them with "and it goes
    on the hex you tapped", though none goes on a hex (the kind's button then asked for a
    spot); at a C&K turn it named all thirteen of the moment's buttons. A few are named, with
    no spot promised; many are not named at all."""
    (setup,) = [a for a in course_puzzles() if (a.lesson, a.node) == ("puzzle_base_setup", 1)]
    t = at_question(setup)
    at = t.session.timeline.current
    t.session.kind = ""
    t.controls.act_at(("hex", 9))
    said = t.puzzle.result.value
    assert "“Build a settlement” or “Build a road”." in said and "you tapped" not in said, said
    t.controls.palette.value = "settle"  # the hex is no corner: nothing judged, nothing played
    assert t.session.timeline.current is at and not t.session.puzzle.tries
    (walls,) = [a for a in course_puzzles() if (a.lesson, a.node) == ("puzzle_ck_walls", 4)]
    t = at_question(walls)
    t.session.kind = ""
    t.controls.act_at(("hex", 9))
    assert NOTHING_HERE in t.puzzle.result.value and "“" not in t.puzzle.result.value
    t.session.kind = ""
    t.controls.act_at(("vertex", 0))  # a corner: those played on one, the corner promised
    said = t.puzzle.result.value
    assert "“Build a city”" in said and "“Build a road”" not in said, said
    assert "goes on the corner you tapped" in said, said
