"""What a fresh learner (l29) typed in the puzzles' answer box and was misunderstood in:

- "move the robber toward G so P1 gets nothing", "build a road toward the harbor": "The word
  “so” was not understood" ("toward" too). A reason after the move is not read, "toward" is
  "to" (``words/clause_words.py``); a word the reader cannot use keeps its reply.
- "P1 builds a city wall" with one city was asked "Which corner?" (CK-WALL-BUILD): the one
  piece a move may act on is that move's spot, as "activate the knight" already was.
- "Neutral 1 builds a road next to its settlement" was read as the learner's settlement.
- "a road next to my settlement" was asked "Which edge: N3, N5 or O7?" at a question whose
  answer is one of them: read as a give-away.
"""

from __future__ import annotations

import pytest
from puzzle_answers import judged, lesson

from catan_tutor.study.puzzle import INCOMPLETE
from catan_tutor.words.clause_words import without_reason
from catan_tutor.words.place_words import edges_next_to, name_one

pytestmark = pytest.mark.course


# 1. "so", "because", "toward"


@pytest.mark.parametrize(
    ("typed", "plain"),
    [
        ("move the robber toward R so P1 gets nothing", "move the robber to R"),
        ("move the robber towards R", "move the robber to R"),
        ("so, move the robber to R", "move the robber to R"),
        ("move the robber to Q because P2 has the most dots there", "move the robber to Q"),
    ],
)
def test_a_reason_and_toward_read_as_the_move_without_them(typed, plain):
    j = judged("puzzle_base_robber", 3, typed)
    assert "not understood" not in j.text and j.read, j.text
    assert j.text == judged("puzzle_base_robber", 3, plain).text


def test_the_player_named_in_a_reason_is_not_the_player_robbed_base_robber_steal():
    """ "so P3 gets nothing" says why: P3 is not read as the player robbed (robbing P3 on Q
    is refused: P1 must rob P2 there), so the words dropped change nothing."""
    robbed = judged("puzzle_base_robber", 3, "move the robber to Q and rob P3")
    assert robbed.text.startswith("P1 can't move the robber to Q and steal a card from P3")
    j = judged("puzzle_base_robber", 3, "move the robber to Q so P3 gets nothing")
    assert j.correct and j.text.startswith("Right: P1 moves the robber to Q and steals a card")


def test_a_road_toward_the_harbor_asks_which_edge():
    j = judged("puzzle_base_setup", 1, "build a road toward the harbor")
    assert not j.read and j.text == f"Which edge? {INCOMPLETE}", j.text


@pytest.mark.parametrize(
    ("typed", "word"),
    [
        ("move the robber toward R quickly", "quickly"),
        ("build a road toward the castle", "castle"),
    ],
)
def test_a_word_the_reader_cannot_use_still_gets_its_reply(typed, word):
    where = ("puzzle_base_robber", 3) if "robber" in typed else ("puzzle_base_setup", 1)
    j = judged(*where, typed)
    assert f"The word “{word}” was not understood here." in j.text, j.text


def test_a_reason_is_cut_only_after_the_move():
    assert without_reason("robber R so P1 gets nothing") == "robber R"
    assert without_reason("robber R, because P2 leads") == "robber R"
    assert without_reason("P1 recruits a soldier on F6") == "P1 recruits a soldier on F6"


# 2. One piece the move may act on: that spot


@pytest.mark.parametrize("typed", ["P3 builds a city wall", "build a wall"])
def test_a_city_wall_with_one_city_is_on_that_city_ck_wall_build(typed):
    j = judged("puzzle_ck_walls", 4, typed)
    assert j.correct and j.text.startswith("Right: P3 builds a city wall under the city on C6")


def test_a_city_wall_on_the_one_city_is_judged_with_its_reason_ck_wall_build():
    j = judged("puzzle_ck_knights", 19, "P1 builds a city wall")
    assert j.read and "Which corner" not in j.text, j.text
    assert j.text.startswith("P1 can't build a city wall under the city on A6: P1 cannot pay")


def test_the_one_knight_to_promote_is_that_knight_ck_knight_promote():
    j = judged("puzzle_ck_knights", 22, "promote the knight")
    assert j.text.startswith("P1 can't promote the basic knight on M4 to strong"), j.text


def test_the_one_settlement_is_the_city_and_a_setup_city_still_asks_which_corner():
    """BASE-BUILD-CITY: a city goes on a settlement of the builder's, the one there is; in
    C&K's setup a city goes on a free corner (CK-SETUP-ROUND2): which is still asked."""
    one = judged("puzzle_base_setup", 1, "build a city")
    assert one.read and one.text.startswith("P1 can't build a city on N4"), one.text
    setup = judged("puzzle_ck_knights", 6, "build a city")
    assert setup.text == f"Which corner? {INCOMPLETE}", setup.text


# 3. "its", "their", "the neutral's": the subject's, the neutral's


def _base_2p():
    return lesson("puzzle_base_2p").timeline.nodes[1].state


@pytest.mark.parametrize(
    ("typed", "edges"),
    [
        ("Neutral 1 builds a road next to its settlement", "H3, H5 or I7"),
        ("Neutral 1 builds a road next to their settlement", "H3, H5 or I7"),
        ("Neutral 2 builds a road next to its settlement", "G5, G7 or K3"),
        ("a road for neutral 2 next to its settlement", "G5, G7 or K3"),
        ("road for neutral 1 next to the neutral's settlement", "H3, H5 or I7"),
        ("Neutral 1 builds a road next to my settlement", "C7, F3 or Q3"),  # the learner's
        ("road next to my settlement", "C7, F3 or Q3"),  # (P1's road on N7 since s31)
    ],
)
def test_a_possessive_is_the_subjects_or_the_neutral_named_2p_neutral_legal(typed, edges):
    assert edges_next_to(_base_2p(), 0, typed) == (typed, f"Which edge: {edges}?")


def test_a_neutral_subjects_settlement_is_asked_for_at_the_puzzle():
    j = judged("puzzle_base_2p", 1, "Neutral 1 builds a road next to its settlement")
    said = "Which edge? Neutral 1's settlement at H4 touches 3 edges: name one"  # (the answer's)
    assert not j.read and j.text.startswith(said), j.text


# 4. The candidates listed only where they name no answer


def test_the_edges_are_listed_unless_they_name_the_open_questions_answer():
    s = _base_2p()
    listed = edges_next_to(s, 0, "road next to my settlement", {"A1"})
    assert listed[1] == "Which edge: C7, F3 or Q3?"
    kept = edges_next_to(s, 0, "road next to my settlement", {"C7"})
    said = "Which edge? Your settlements at C6 and N6 have 3 free edges"
    assert kept[1] == f"{said}{name_one('edge')}"


def test_the_hexes_of_a_terrain_are_listed_unless_they_name_the_answer():
    """2.2's answer is hex Q, the hills 5: "the hills" asks which without listing Q; the
    forests (Q not among them) are listed as before."""
    j = judged("puzzle_base_robber", 3, "move the robber to the hills")
    said = f"Which hills? 3 hexes are hills{name_one('hex')}"
    assert not j.read and j.text == said and j.left_out, j.text
    forest = judged("puzzle_base_robber", 3, "move the robber to the forest")
    assert forest.text.startswith("Which forest: C, I, K or M?"), forest.text
