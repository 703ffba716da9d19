"""What a fresh learner (l35) typed and read in the course (s29)."""

from __future__ import annotations

import pytest

# 1. "from <player>": whom it is taken from, never the one who moves


@pytest.mark.course
@pytest.mark.parametrize(
    ("typed", "move"),
    [
        ("take the science metropolis from white", "P1 improve science"),
        ("take the trade metropolis from blue", "P1 improve trade A6"),
        ("improve trade and take the metropolis from P2", "P1 improve trade A6"),
        ("take the trade metropolis from P2", "P1 improve trade A6"),
    ],
)
def test_CK_METRO_TAKE_the_player_taken_from_is_not_the_mover(typed, move):
    """l35 at 10.6 typed "take the science metropolis from white" and was told "it is P1's
    move, not P3's": the player after "from" was read as the one improving."""
    from puzzle_answers import judged

    j = judged("puzzle_ck_metropolis", 5, typed)
    assert j.read and j.move == move, j.text
    assert "not P3's" not in j.text and "not P2's" not in j.text, j.text
    assert j.correct == move.endswith("A6"), j.text


@pytest.mark.course
@pytest.mark.parametrize("typed", ["steal from blue", "rob blue"])
def test_BASE_ROBBER_MOVE_whom_to_rob_said_alone_asks_for_the_hex(typed):
    """l35's "steal from blue" was "That is not a move … It does not say which move": it is the
    robber's move with its hex left out."""
    from puzzle_answers import judged

    j = judged("puzzle_base_robber", 3, typed)
    assert not j.read and j.text.startswith("Which hex?"), j.text


# 2. "move it": the robber, where it is the piece that moves


@pytest.mark.course
@pytest.mark.parametrize(
    "typed", ["move it to the hills 5 (Q) and rob blue", "move it to Q", "move to Q and rob P2"]
)
def test_BASE_ROBBER_MOVE_move_it_in_a_game_without_knights_is_the_robber(typed):
    """l35 at 2.2 typed "move it to the hills 5 (Q) and rob blue" and was told "There are no
    knights to move in this game"."""
    from puzzle_answers import judged

    j = judged("puzzle_base_robber", 3, typed)
    assert j.correct and j.move == "P1 robber Q P2", j.text
    assert "knight" not in j.text, j.text


def _ck_game(name: str, node: int):
    from puzzle_answers import lesson

    from catan_tutor.game import Game

    tl = lesson(name).timeline
    return Game(tl.rules, tl.nodes[node].state)


@pytest.mark.course
def test_CK_KNIGHT_MOVE_move_it_with_knights_on_the_board_reads_the_spot_or_what_may_move():
    """With knights, "move it" to a hex is the robber, from corner to corner a knight; with
    no spot, the robber where it must move now, else a knight (the notation's "move")."""
    from catan_tutor.move_words import PartLeftOut, as_notation

    g = _ck_game("ck_knight_chase_robber", 4)  # (no robber to move: a knight may chase it)
    assert as_notation(g, "move it to Q and rob blue") == "robber Q P2"
    assert as_notation(g, "move it to K") == "robber K"
    with pytest.raises(PartLeftOut) as e:
        as_notation(g, "move it")
    assert str(e.value).startswith("Which knight"), e.value
    g = _ck_game("ck_robber_awakens", 13)  # the robber must move
    with pytest.raises(PartLeftOut) as e:
        as_notation(g, "move it")
    assert e.value.question == "Which hex?"


def test_move_with_no_spot_where_the_robber_and_a_knight_may_both_move_asks_which():
    from catan_tutor.actions import MoveRobber
    from catan_tutor.ambiguous_words import WHICH_PIECE, moved_piece
    from catan_tutor.move_words import PartLeftOut
    from catan_tutor.variants.ck_actions import MoveKnight

    class Both:
        is_over = is_chance = staticmethod(lambda: False)
        legal_actions = staticmethod(lambda: [object.__new__(k) for k in (MoveRobber, MoveKnight)])

    with pytest.raises(PartLeftOut) as e:
        moved_piece(Both(), [])  # type: ignore[arg-type]
    assert e.value.question == WHICH_PIECE
    assert WHICH_PIECE == "Which piece moves: the robber (to a hex) or a knight (to a corner)?"
    assert moved_piece(Both(), ["F6", "J4"]) == "move"  # type: ignore[arg-type]
    assert moved_piece(Both(), ["K"]) == "robber"  # type: ignore[arg-type]


# 3. The trade tokens a settlement earns, said in the move's sentence


def _log_lines(name: str) -> dict[int, str]:
    from puzzle_answers import lesson

    from catan_tutor.widgets.path_log import PathLog

    tl = lesson(name).timeline
    log = PathLog()
    return {n.id: log.lines(tl, n)[0] for n in tl.walk() if n.action is not None}


@pytest.mark.course
def test_2P_TOKEN_INCOME_BOTH_the_settlements_tokens_are_said_with_the_move():
    """l35 at 5.2 read "P1 builds a settlement on Q4. P1 now has 1 victory point (+1).": the
    3 tokens the corner of the desert and the coast earned, the lesson's point, were not
    said. Each settlement's tokens now are, counted right, and none for one earning none."""
    lines = _log_lines("base_2p_token_income")
    assert lines[1].startswith(
        "P1 builds a settlement on Q4 and earns 3 trade tokens (2 next to the desert and 1 on "
        "the coast: this tutor's reading pays both). P1 now has 1 victory point (+1)."
    ), lines[1]
    assert lines[3].startswith(
        "P2 builds a settlement on M4 and earns 2 trade tokens (next to the desert)."
    ), lines[3]
    assert lines[5].startswith(
        "P2 builds a settlement on A2, takes 2 grain from the hexes it touches and earns 1 "
        "trade token (on the coast)."
    ), lines[5]
    assert "token" not in lines[7].split(". ")[0], lines[7]  # F6: inland, no tokens


@pytest.mark.course
def test_2P_TOKEN_SUPPLY_a_short_supply_is_said_with_the_tokens_earned():
    line = _log_lines("base_2p_token_supply")[8]
    assert "and earns 1 trade token: 3 are due (2 next to the desert and 1 on the coast" in line
    assert "but the supply held only 1. P1 now has 3 victory points (+1)." in line, line


def test_2P_TOKEN_INCOME_the_income_rule_is_cited_with_the_event():
    from catan_tutor import new_game
    from catan_tutor.words import narrate, token_income

    g = new_game("base-2p", players=2, seed=3)
    before = g.state
    a = next(a for a in g.legal_actions() if token_income.earned(before, a, before)[0])
    g.play(a)
    ev = narrate.events(g.rules, before, a, g.state)[0]
    assert ev.facts["token_rule"] == token_income.earned(before, a, g.state)[1], ev
    assert ev.facts["token_rule"].startswith("2P-TOKEN-INCOME-"), ev
    assert "earns" in ev.text and "trade token" in ev.text, ev.text


# 4. Words


@pytest.mark.course
def test_lesson_5_1_says_the_red_dies_number_when_it_comes():
    """l35 at 5.1 read "The white die shows 2. The red die comes next", then "The first roll
    is a 6.": the red die's number was never said (the step's own dice sentence gives way to
    a lesson's text that names the white die). Each roll step of the lesson says each red
    die's number, in order, in the step's one wording ("the red die 4")."""
    import re

    from test_lesson_rule_marks import _lesson, _Steps
    from test_lesson_texts import _roll_steps

    from catan_tutor.actions import Die
    from catan_tutor.widgets.roll_steps import roll_nodes

    sc = _lesson("base_2p_double_roll.catan.yaml")
    steps = _Steps(sc)
    checked = 0
    for node, _ in _roll_steps(sc):
        nodes = [*roll_nodes(sc.tree.rules, node), node]
        reds = [str(n.action.value) for n in nodes if isinstance(n.action, Die)][1::2]
        said = re.findall(r"\bred (?:die )?(\d)\b", " ".join(steps.texts(node)))
        assert said == reds, (node.id, steps.texts(node))
        checked += len(reds)
    assert checked >= 6


def _said_back(name: str, node: int, typed: str) -> str:
    from puzzle_answers import lesson

    from catan_tutor.game import Game
    from catan_tutor.move_words import MoveWordsError, as_notation

    tl = lesson(name).timeline
    try:
        return as_notation(Game(tl.rules, tl.nodes[node].state), typed)
    except MoveWordsError as e:
        return e.why


@pytest.mark.course
def test_BASE_BUILD_ROAD_a_road_toward_the_desert_names_only_the_edges_it_may_join():
    """l35: "a road toward the desert" was asked "Which edge of the desert: M5, N7, Q3, Q5,
    Q7 or Q9?", edges that no piece of the builder's touches among them."""
    said = _said_back("base_2p_token_income", 1, "road toward the desert")  # (setup: Q4)
    assert said.startswith("Which edge of the desert next to P1's roads or buildings: Q3 or Q5?")
    said = _said_back("base_2p_double_roll", 7, "build a road towards the desert")
    assert said.startswith("No edge of the desert touches P1's roads or buildings"), said


# 5. A refused tap said once


def test_BASE_SETUP_ROUND1_a_refused_tap_on_a_narrow_board_is_said_once():
    """l35 at 1.1 on a tablet tapped K5 and read its refusal three times: the why-not line by
    the board, What to notice and Try a move's verdict. The line by the board says it; the
    other two name the move and point there."""
    from html import unescape

    from test_page_words import page_text

    from catan_tutor import board
    from catan_tutor.study.resources import packaged_lessons
    from catan_tutor.study.scenario import load_scenario
    from catan_tutor.widgets import Tutor
    from catan_tutor.widgets.refusal_once import BY_THE_BOARD

    t = Tutor(load_scenario(packaged_lessons() / "base_setup.catan.yaml"))
    t.session.goto(t.timeline.nodes[1])  # P1's setup road, after the settlement on N6
    t.view.set_shown_width("420")  # a narrow board: its why-not line shows
    assert t.view.narrow
    t.board.click(*t.view.vp.px(board.edge_xy(board.parse_edge("K5"))))
    said = "the setup road must touch the settlement just placed on n6; k5 does not"
    text = " ".join(page_text(t.widget).split()).lower()
    assert text.count(said) == 1, text
    assert t.view.why_not is not None and said in t.view.why_not.value.lower()
    assert f"P1 can't build a road on K5{BY_THE_BOARD}." in unescape(t.controls.try_verdict.value)
    assert f"P1 may not build a road on K5{BY_THE_BOARD}." in unescape(t.lesson.value)


@pytest.mark.course
@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("take the trade metropolis from white", "The trade metropolis was P2's (blue), not P3's"),
        ("take the trade metropolis from P3", "The trade metropolis was P2's (blue), not P3's"),
        ("take the trade metropolis from blue", ""),
        ("improve trade A6", ""),
    ],
)
def test_CK_METRO_TAKE_a_wrong_holder_named_is_told_who_holds_it(typed, said):
    """l35 at 10.6: a metropolis taken "from" a player who does not hold it was "Right" with
    no word that another held it; the reply now names the holder (the move stays right)."""
    from puzzle_answers import judged

    j = judged("puzzle_ck_metropolis", 5, typed)
    assert j.correct, j.text
    assert ("was P2's" in j.text) == bool(said) and said in j.text, j.text
