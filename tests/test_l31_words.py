"""What a fresh learner (l31) typed in the puzzles' answer box and was misread in:

1. "blue puts a settlement on M4" (1.4, second question) was asked "Which player makes it?",
   though the lessons say "red wins" and 8.11 read "blue's knight": a seat's colour, as the
   board draws it, names that seat wherever a player is named.
2. "I'd build a city wall" (8.11) was told "“I“d" is not a corner … a hex”s letter": a
   contraction is a word, never a label, and a reply quotes the learner's words in “…”.
3. "between N and O" alone (1.4's first road) was "I cannot read “N3”", a label never typed;
   with "from my settlement" it was asked "Which edge? … The Labels button under the board
   shows them", which a phone's Labels (the corners while nothing glows) does not.
4. "… name one by its label. … The move does not say.": said once; and "Nothing was played:
   say it another way" under words of which nothing at all was read.
5. Lesson 1.2's rule box for "Rolling again after a tie" said "(players from P1 on, hexes
   from A to S), one die unless the rule says otherwise", and the lesson rolls both dice.
6. 1.1: "trade any 3 equal cards for one" was marked "*" (the tutor's reading): it cited the
   beginner map's harbors (a reading) for the printed trade rule (BASE-TRADE-MARITIME).
7. "raise science to level 5" was read whatever level was next: the level typed is held
   against the one the improvement reaches (CK-IMPROVE-BUILD: one level at a time).
"""

from __future__ import annotations

import re

import pytest
from puzzle_answers import judged, lesson

from catan_tutor.game import Game
from catan_tutor.move_words import PartLeftOut, as_notation
from catan_tutor.study.puzzle import WHO_LEFT_OUT, names_a_seat
from catan_tutor.typed_forms import plain_reason

pytestmark = pytest.mark.course


def _game(name: str, node: int) -> Game:
    tl = lesson(name).timeline
    return Game(tl.rules, tl.nodes[node].state)


# 1. A seat by its colour (1.4's second question asks whose turn it is: P3's, white)

RIGHT = "Right: P3 builds a settlement on M4."


@pytest.mark.parametrize(
    "typed",
    [
        "white puts a settlement on M4",
        "the white player builds a settlement on M4",
        "White's settlement on M4",
        "white M4",  # a label alone, with the seat by its colour
    ],
)
def test_a_seat_named_by_its_colour_answers_who_moves(typed):
    j = judged("puzzle_base_setup", 9, typed)
    assert j.correct and j.text.startswith(RIGHT), j.text


def test_another_seat_by_its_colour_is_that_seat_not_a_player_left_out():
    """l31's words: blue is P2 (the board draws P2 blue), whose move it is not."""
    j = judged("puzzle_base_setup", 9, "blue puts a settlement on M4")
    assert not j.text.startswith(WHO_LEFT_OUT), j.text
    # (refused, and not said why: whose move it is is the question, s33)
    assert j.move == "P2 settle M4" and j.read, j
    assert j.text == "It is not P2's turn: whose is it?", j.text  # (its corner not confirmed)
    s = lesson("puzzle_base_setup").timeline.nodes[9].state
    assert s.colors[:3] == ("red", "blue", "white")
    assert names_a_seat(s, "blue's settlement") and names_a_seat(s, "the red player")
    assert not names_a_seat(s, "a settlement on M4")


# 2. Contractions are words; the reader's quotes are the page's


@pytest.mark.parametrize(
    "typed",
    [
        "I'd build a city wall",
        "I’d build a city wall",
        "I'll build a city wall",
        "I'm building a wall",
    ],
)
def test_a_contraction_is_a_word_never_a_label(typed):
    j = judged("puzzle_ck_barbarians", 7, typed)
    assert "is not a corner" not in j.text and "“I" not in j.text, j.text
    with pytest.raises(PartLeftOut) as e:  # read as a wall, its corner left out
        as_notation(_game("puzzle_ck_barbarians", 7), typed)
    assert e.value.question == "Which corner?"
    assert as_notation(_game("puzzle_ck_barbarians", 7), f"{typed} on O4") == "wall O4"


def test_a_word_with_an_apostrophe_not_read_is_quoted_whole():
    j = judged("puzzle_ck_barbarians", 7, "don't build a wall")
    assert "The word “don't” was not understood here." in j.text, j.text


@pytest.mark.parametrize("label", ["I'd", "I’d"])
def test_the_readers_reason_quotes_the_word_in_the_pages_marks_and_keeps_apostrophes(label):
    g = _game("puzzle_ck_barbarians", 7)
    with pytest.raises(Exception) as e:  # (the notation itself: "I'd" is no corner)
        g.parse(f"P2 wall {label}")
    why = plain_reason(e.value)
    assert why.startswith(f"“{label}” is not a corner: "), why
    assert "a hex's letter" in why and "”s" not in why and '"' not in why, why


# 3. A spot by the letters of its hexes; where an edge's name is seen


@pytest.mark.parametrize(
    "typed",
    [
        "between N and O",
        "the edge between N and O",
        "P1 between hexes N and O",
        "road between N and O from my settlement",  # (the edge named: where it is, said)
        "build a road next to my settlement between N and O",
    ],
)
def test_an_edge_named_by_its_two_hexes_is_that_edge(typed):
    j = judged("puzzle_base_setup", 1, typed)
    assert j.correct and j.text.startswith("Right: P1 builds a road on N3."), j.text


def test_a_corner_named_by_its_three_hexes_alone_is_that_corner():
    j = judged("puzzle_base_setup", 13, "between M, N and Q")
    assert j.text == "P1 can't build a settlement on M4: M4 is already taken by P3's settlement."


def test_a_spot_by_its_hexes_with_no_move_asks_which_move_in_the_learners_words():
    with pytest.raises(PartLeftOut) as e:
        as_notation(_game("puzzle_base_setup", 1), "between N and O")
    assert e.value.question == "Which move goes between N and O?"
    # no edge read from the hexes; the examples after it are moves legal now (s31)
    assert "N3" not in e.value.question
    g = _game("puzzle_base_setup", 1)
    assert all(g.explain(f"P1 {m}").legal for m in re.findall(r"“(road \w+)”", str(e.value)))


def test_which_edge_sends_the_learner_to_names_every_screen_shows():
    """A phone's Labels button shows the corners' labels while nothing glows (at an open
    question): an edge is told by its label or by its hexes' letters, drawn on every board."""
    from catan_tutor.palette import Viewport
    from catan_tutor.widgets.board_tags import label_kinds

    phone = Viewport.fit(360, 360)  # a phone's board: its Labels show one kind of spot
    assert label_kinds(phone, 1.0, 1.0, []) == ("vertex",)  # nothing glows: the corners
    j = judged("puzzle_base_setup", 1, "road next to my settlement")
    assert j.text.startswith("Which edge? Your settlement at N4 touches 3 edges: name one by "), (
        j.text
    )
    assert "Labels button" not in j.text
    assert "by the letters of the two hexes it lies between (“between … and …”" in j.text
    hills = judged("puzzle_base_robber", 3, "move the robber to the hills").text
    assert "name one by its letter. Each hex shows its letter on the board." in hills, hills
    corner = judged("puzzle_base_setup", 9, "P3 settlement on the forest 8").text
    assert "name one by its label. The Labels button under the board shows them." in corner


# 4. A question said once; what to do next, as the reply was read


def test_a_question_said_in_full_is_not_followed_by_the_move_does_not_say():
    j = judged("puzzle_base_setup", 1, "road next to my settlement")
    assert j.left_out and not j.read
    assert j.text.count("?") == 1 and "does not say" not in j.text, j.text
    bare = judged("puzzle_base_setup", 1, "road")  # a bare question: what is missing, said
    assert bare.left_out and bare.text == "Which edge? The move does not say.", bare.text


def test_the_next_step_under_a_reply_says_what_was_read():
    from catan_tutor.widgets.icons import NO
    from catan_tutor.widgets.puzzle import (
        ADD_PART,
        NONE_READ,
        NOT_DONE,
        NOT_READ,
        SAY_AGAIN,
        _judgement_html,
    )

    for typed in ("asdf qwer", "it is my turn", "?"):
        nothing = _judgement_html(judged("puzzle_base_setup", 1, typed))
        assert f"{NO} {NOT_READ}" in nothing and NONE_READ in nothing, nothing
        assert "No word of it names a move" in nothing and "Nothing was played" not in nothing
    wall = _judgement_html(judged("puzzle_ck_barbarians", 7, "don't build a wall"))  # a wall
    assert SAY_AGAIN in wall and NONE_READ not in wall, wall
    part = _judgement_html(judged("puzzle_base_setup", 1, "road next to my settlement"))
    assert f"{NO} {NOT_DONE}" in part and ADD_PART in part and SAY_AGAIN not in part
    assert "add the part asked for" in part


def test_punctuation_alone_is_not_said_to_be_nothing_typed():
    assert "It has no words." in judged("puzzle_base_setup", 1, "?").text
    assert "Nothing is typed." in judged("puzzle_base_setup", 1, "  ").text


# 5. The tie-breaking rule in plain, true words (BASE-CHANCE-ROLLOFF)


def test_the_tie_rule_says_plainly_that_who_goes_first_is_rolled_with_both_dice():
    import re

    from catan_tutor import rulebook
    from catan_tutor.widgets.verdicts import rule_details

    shown = re.sub(r"<[^>]+>", "", rule_details("BASE-CHANCE-ROLLOFF", opened=True))
    for internal in ("P1 on", "A to S", "one die unless"):
        assert internal not in shown, shown
    assert "roll one after another, P1 first" in shown, shown
    assert "to choose who goes first, they roll both dice each (Who goes first)" in shown, shown
    assert "only they roll again, until one is left" in shown
    first = rulebook.rule("BASE-SETUP-FIRST-PLAYER").text  # (the rule it settles the tie of)
    assert "roll both dice again" in first


# 6. A printed rule's sentence carries no reading's "*"


@pytest.mark.parametrize(("corner", "trade"), [("P6", "2 wool"), ("R4", "any 3 equal cards")])
def test_the_harbor_trade_of_lesson_1_1_is_not_marked_as_the_tutors_reading(corner, trade):
    import re

    from catan_tutor.study.resources import packaged_lessons
    from catan_tutor.study.scenario import load_scenario
    from catan_tutor.widgets.verdicts import lesson_html

    sc = load_scenario(packaged_lessons() / "base_setup.catan.yaml")
    node, texts = sc.tree.root, []
    while node is not None:
        texts.append(node.tutor or "")
        node = node.children[0] if node.children else None
    text = next(t for t in texts if f"{corner} is" in t or f"Corner {corner}" in t)
    page = re.sub(r"<span class='catan-rule-ref-text'.*?</span>", "", lesson_html(text))
    said = page[page.index(trade) :]
    said = said[: said.index("<")]  # the trade's sentence, up to what closes it
    mark = page.index("catan-reading-mark")  # (the map's harbor: the tutor's reading)
    assert mark < page.index(trade), page
    closes = page[page.index(trade) + len(said) :]
    assert "BASE-TRADE-MARITIME" in closes.split("</sup>")[0]  # cited for the trade
    assert "catan-reading-mark" not in closes.split("</sup>")[0], closes


# 7. The level typed with an improvement (10.6's second question: P3's science is at 4)


@pytest.mark.parametrize(
    ("typed", "said"),
    [
        ("raise science to level 3", "P3's science is at level 4: the next is 5"),
        ("P3 improve science to level three", "P3's science is at level 4: the next is 5"),
        ("raise politics to level 5", "P3's politics is at level 0: the next is 1"),
        ("raise trade to level 4", "P3's trade is at level 4: the next is 5"),
        ("raise science to level 9", "A track has no level 9: 5 is the top."),
    ],
)
def test_a_level_typed_that_is_not_the_next_is_said_so(typed, said):
    j = judged("puzzle_ck_metropolis", 18, typed)
    assert not j.correct and j.read and said in j.text, j.text  # (read: l32, s26)


@pytest.mark.parametrize("typed", ["raise science to level 5", "raise science to level five"])
def test_the_next_level_typed_is_the_improvement(typed):
    j = judged("puzzle_ck_metropolis", 18, typed)
    assert j.read and j.move == "P3 improve science", j.text
