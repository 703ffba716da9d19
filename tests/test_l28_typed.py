"""What a fresh learner (l28) typed in the puzzles' answer box and was misunderstood in:

- 1.4 (third question, "Which free corner has the most dots?"): "G6" alone was "I cannot
  read “G6”"; only "settlement G6" was read (/tmp/l28/39_p3_G6_notread.png).
- 1.4 (first question, a road): "build a road next to my settlement" was read as a
  settlement (18_misread_road_settlement.png).
- 5.13: "move the robber to the desert" solved the second question, and was "The word
  “desert” was not understood" at the third (62_l513_desert.png); "the forest 8" too.
- 2.2: "robber Q steal from blue": "“blue” was not understood", though the lessons call the
  players by colour.
- 7.8, 8.11: "activate the knight" with one knight to activate was asked "Which corner?".
- 2.2: "move the robber to R", one player to rob there, was asked "Whom does the robber
  rob?" (BASE-ROBBER-STEAL: the rules choose that player).
- "it is P3's turn" was told "I cannot read “is”", as if one word of a move were wrong.
"""

from __future__ import annotations

import pytest
from puzzle_answers import course_puzzles, lesson

from catan_tutor import new_game
from catan_tutor.move_words import NOT_A_MOVE, MoveWordsError, PartLeftOut, as_notation
from catan_tutor.study.puzzle import INCOMPLETE, judge
from catan_tutor.words.place_words import name_one

pytestmark = pytest.mark.course


def _judge(name: str, node: int, typed: str, chosen: type | None = None):
    asked = next(a for a in course_puzzles() if (a.lesson, a.node) == (name, node))
    tl = lesson(name).timeline
    return judge(asked.puzzle, tl.nodes[node], tl.rules, typed, chosen)


@pytest.mark.parametrize("typed", ["G6", "on G6", "P1 G6", "corner G6"])
def test_a_label_alone_answers_a_question_that_names_its_kind_base_comp_numbers(typed):
    """1.4's third question names the settlement: a corner alone is that settlement."""
    j = _judge("puzzle_base_setup", 13, typed)
    assert j.correct and j.text.startswith("Right: P1 builds a settlement on G6."), j.text


def test_a_label_alone_is_judged_as_that_kind_when_wrong_too():
    j = _judge("puzzle_base_setup", 13, "A4")
    assert j.read and not j.correct
    assert j.text.startswith("P1 can build a settlement on A4, but it is not the move"), j.text
    road = _judge("puzzle_base_setup", 1, "N3")  # "Now place P1's first road."
    assert road.correct and road.text.startswith("Right: P1 builds a road on N3."), road.text


def test_a_label_alone_asks_which_kind_where_several_could_be_meant():
    """8.x's walls question ("Build what lets P3 hold more cards through a 7.") names no
    kind: a corner alone asks which of the kinds that go on a corner now (the palette's);
    the kind chosen on the page is the one meant."""
    from catan_tutor.actions import BuildWall

    j = _judge("puzzle_ck_walls", 4, "C6")
    said = "Which move on C6: recruiting a knight or a city wall?"
    assert not j.read and j.text == f"{said} {INCOMPLETE}", j.text
    chosen = _judge("puzzle_ck_walls", 4, "C6", BuildWall)
    assert chosen.correct and chosen.text.startswith("Right: P3 builds a city wall"), chosen.text


@pytest.mark.parametrize(
    ("typed", "what"),
    [
        ("build a road next to my settlement", "Your settlement at N4"),
        ("road next to my settlement", "Your settlement at N4"),
        ("road by N4", "Corner N4"),
    ],
)
def test_a_road_next_to_my_settlement_is_a_road_and_asks_which_edge(typed, what):
    """The edges are not listed while the question is open: the answer is one of them (l29
    read the list as a give-away; ``test_l29_typed``)."""
    j = _judge("puzzle_base_setup", 1, typed)
    said = f"Which edge? {what} touches 3 edges{name_one('edge')}"
    assert not j.read and j.text == said and j.left_out, j.text


def test_a_road_next_to_a_settlement_is_its_one_free_edge_else_which_is_asked():
    from catan_tutor.words.place_words import edges_next_to

    g = new_game("base", players=3)
    for move in ("P1 settle N4", "P1 road N3"):
        g.play(move)
    # P1's settlement N4: N3 taken, two free edges left; "P1's" said by another seat
    assert edges_next_to(g.state, 0, "road next to my settlement")[1] == "Which edge: N5 or O7?"
    with pytest.raises(PartLeftOut, match="Which edge: N5 or O7"):
        as_notation(g, "P2 road next to P1's settlement")
    coast = new_game("base", players=3)
    for move in ("P1 settle A12", "P1 road A1"):  # a coast corner: two edges, one free
        coast.play(move)
    assert edges_next_to(coast.state, 0, "road next to my settlement") == ("road A11", "")


def test_the_desert_reads_alike_at_both_robber_questions_2p_token_robber():
    """5.13: the same words are read the same at the second question (answer: the robber
    home) and at the third (where it may not go home: refused with its reason)."""
    second = _judge("puzzle_base_2p", 15, "move the robber to the desert")
    assert second.correct, second.text
    third = _judge("puzzle_base_2p", 16, "move the robber to the desert")
    assert third.read and "not understood" not in third.text
    assert third.text.startswith("P1 can't spend a trade token to put the robber back"), third.text


@pytest.mark.parametrize(
    ("typed", "hexes"),
    [("move the robber to the forest 8", "M"), ("move the robber to the hills 5", "Q")],
)
def test_a_terrain_and_number_name_the_one_hex_that_fits(typed, hexes):
    j = _judge("puzzle_base_robber", 3, typed)
    assert j.read and "not understood" not in j.text, j.text
    assert f"robber to {hexes}" in j.text or f"on {hexes}" in j.text, j.text


def test_a_terrain_that_fits_several_hexes_asks_which():
    j = _judge("puzzle_base_robber", 3, "move the robber to the forest")
    assert not j.read and j.text.startswith("Which forest: "), j.text


@pytest.mark.parametrize("typed", ["robber Q steal from blue", "robber Q rob the blue player"])
def test_a_seats_colour_word_is_that_seat(typed):
    j = _judge("puzzle_base_robber", 3, typed)
    assert j.correct and "steals a card from P2" in j.text, j.text


@pytest.mark.parametrize(("name", "node"), [("puzzle_ck_knights", 20), ("puzzle_ck_barbarians", 1)])
def test_activate_the_knight_with_one_knight_to_activate_is_that_one_ck_knight_activate(name, node):
    j = _judge(name, node, "activate the knight")
    assert j.correct and j.text.startswith("Right: P1 activates the "), j.text


def test_the_one_player_to_rob_is_robbed_base_robber_steal():
    j = _judge("puzzle_base_robber", 3, "move the robber to R")
    assert j.read and "Whom" not in j.text
    assert j.text.startswith("P1 can move the robber to R and steal a card from P2"), j.text


@pytest.mark.parametrize("typed", ["it is P3's turn", "I think it is P3"])
def test_a_sentence_that_is_no_move_is_told_the_box_reads_moves(typed):
    j = _judge("puzzle_base_setup", 9, typed)
    assert not j.read and NOT_A_MOVE in j.text and "cannot read" not in j.text, j.text
    assert "Type a move like" in j.text


def test_a_move_with_a_word_wrong_still_names_the_word():
    with pytest.raises(MoveWordsError, match="settlemnt"):
        as_notation(new_game("base", players=3), "settlemnt G6")


def test_whom_the_robber_robs_is_asked_where_two_could_be_robbed_base_robber_steal():
    """E touches P2's settlement and P3's: the victim is asked; Q touches P3's only: P3."""
    from catan_tutor.study.one_completion import only_completion
    from catan_tutor.study.puzzle import left_out

    g = new_game("base", players=3)
    for seat, corner in [("P1", "S4"), ("P2", "E2"), ("P3", "E8")] + [
        ("P3", "Q2"),
        ("P2", "C12"),
        ("P1", "H10"),
    ]:
        g.play(f"{seat} settle {corner}")
        g.play(g.legal_actions()[0])  # its road
    for move in ("P1 roll", "die white 3", "die red 4"):  # a 7
        g.play(move)
    two = g.parse("P1 robber E")
    assert left_out(g, two, "put the robber on E") == "Whom does the robber rob?"
    assert only_completion(g, two) is None
    one = g.parse("P1 robber Q")
    assert str(only_completion(g, one)) == "P1 robber Q P3"


def test_a_neutral_s_road_next_to_a_corner_asks_which_edge_not_that_a_road_is_wrong():
    """l29 at 5.13's first question (a neutral's road is the answer): "a free road for
    neutral 2 next to G6" was told "A road is not the answer here" (read as P1's road). The
    question asks for Neutral 1's road since s31 (5.1 played Neutral 2's there): at the
    answer's corner the edges go unnamed (the answer among them)."""
    j = _judge("puzzle_base_2p", 1, "a free road for neutral 1 next to H4")
    assert not j.correct and j.text.startswith("Which edge? Corner H4 touches 3 edges"), j.text


@pytest.mark.parametrize(
    "typed",
    ["I think P1 should settle A12", "maybe P1 settle A12", "P1 could build a settlement on A12"],
)
def test_a_learner_s_framing_around_a_move_is_read_as_the_move(typed):
    """s36: "I think P1 should build a road on N5" was told "“think” was not understood"."""
    assert as_notation(new_game("base", players=3), typed) == "P1 settle A12"


@pytest.mark.parametrize(
    "typed", ["P1 build a citywall on A6", "P1 city-wall A6", "P1 citywalls A6"]
)
def test_a_city_wall_typed_as_one_word_is_read_ck_wall(typed):
    """s36: "citywall" got no reading (only "city wal" its "did you mean")."""
    assert as_notation(new_game("ck", players=3), typed) == "P1 wall A6"
