"""Words the page makes are sentences (a fresh learner after the s17 merge): "can't build a
city wall on H4 (+2 hand limit)" (a bracket where a sentence belongs), "P1: forced trade:
give 2 cards back" (two colons), "…a basic knight on N4; it starts inactive; ▶ goes on with
the lesson." (clauses run together). The sweep: what the game waits for, at every node of
every packaged lesson, has at most one colon a wait."""

from __future__ import annotations

import re

from catan_tutor import board, new_game
from catan_tutor.actions import BuildWall
from catan_tutor.rules import words
from catan_tutor.rules.words import can
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import SUFFIX, load_scenario
from catan_tutor.widgets.puzzle_state import _what


def test_a_city_wall_is_said_in_sentences_never_in_brackets():
    game = new_game("ck", players=3)
    v = board.parse_vertex("H4")
    refused = can(game.state, BuildWall(0, v), False)
    assert refused == "P1 can't build a city wall on H4.", refused
    said = BuildWall(0, v).sentence(game.state)
    assert "(" not in said and "hold 2 more cards on a 7" in said, said


def test_every_wait_the_course_meets_has_one_colon_a_wait():
    waits = 0
    for path in sorted(packaged_lessons().glob(f"*{SUFFIX}")):
        sc = load_scenario(path)
        if sc.timeline is None:
            continue
        for node in sc.timeline.nodes.values():
            said = words.prompt(sc.timeline.rules, node.state)
            for wait in said.split("; "):
                waits += 1
                assert wait.count(": ") <= 1, (path.name, node.id, said)
    assert waits > 1000


def test_a_forced_trades_cards_back_are_one_wait():
    sc = load_scenario(packaged_lessons() / f"ck_2p_forced_trade{SUFFIX}")
    assert sc.timeline is not None
    said = {words.prompt(sc.timeline.rules, n.state) for n in sc.timeline.nodes.values()}
    assert any(re.fullmatch(r"P\d: give 2 cards back for the forced trade", w) for w in said)


def test_another_right_answer_names_the_lessons_own_as_a_move_and_says_press_go_on():
    """7.8's knight: "The lesson's own answer was a basic knight on N4; it starts inactive;
    ▶ goes on with the lesson." is now "…was a basic knight on N4. Press ▶ to go on…"."""
    assert _what("P1 recruits a basic knight on N4; it starts inactive.") == "a basic knight on N4"
    assert _what("P1 builds a road on N5.") == "a road on N5"


def test_the_go_on_button_is_named_in_a_sentence_of_its_own():
    """ "…; ▶ goes on with the lesson." and "…; ▶ follows the lesson." ran a clause into the
    sentence before it: each text of the page naming ▶ says it in a sentence of its own."""
    from catan_tutor.widgets.go_on_note import OFF_LINE
    from catan_tutor.widgets.puzzle_state import GO_ON

    for text in (OFF_LINE, GO_ON):
        assert "; ▶" not in text and ": ▶" not in text, text
