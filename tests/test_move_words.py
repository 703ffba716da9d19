"""A move typed in the page's words (issue 33, a fresh learner: "P1 settlement E4" got "'settlement'
is not an action (at character 4…)"): ``catan_tutor.move_words`` reads the words the page
says moves in, for each kind of action (C&K's too), the seat left out when it is the mover's;
strict notation is unchanged; words it cannot read get a learner's sentence naming the words
it takes, never a character offset; and wrong input changes nothing, under Try a move and in
a puzzle's answer box.
"""

from __future__ import annotations

import re

import pytest
from puzzle_answers import course_puzzles
from test_puzzle_secret import at_question, widget_text

from catan_tutor import board, new_game
from catan_tutor.actions import parse_action
from catan_tutor.errors import NotationError
from catan_tutor.game import Game
from catan_tutor.move_words import (
    MoveWordsError,
    as_notation,
    examples,
    learner_notation,
    read_move,
)
from catan_tutor.study.editor import edit
from catan_tutor.widgets.tutor import Tutor


def _base() -> Game:
    """A base game in setup, P1 to place."""
    return new_game("base", players=3)


def _ck() -> Game:
    """A C&K game in its first turn, P1 to act: knights and improvements can be named."""
    return edit(
        new_game("ck", players=3),
        "place P1 settlement J12",
        "place P1 road J1",
        "turn P1 main 3",
    )


BASE = {
    "settle E4": [
        "P1 settlement E4", "settlement E4", "build a settlement on E4",
        "Build a settlement on corner E4.", "p1 settle e4", "P1's settlement on E4",
        "place a settlement at E4", "settlement E4 for P1", "I build a settlement on E4",
    ],
    "road N5": [
        "road N5", "P1 road N5", "build a road on N5", "build a road on edge N5",
        "place my road at N5", "Road n5!",
    ],
    "city A12": [
        "city A12", "P1 city A12", "build a city on A12",
        "upgrade my settlement on A12 to a city", "a city at corner A12",
    ],
    "robber K": ["move the robber to K", "robber K", "Move the robber to hex K."],
    "robber K P2": [
        "move the robber to K and steal from P2", "move the robber to K and rob P2",
        "put the robber on K, rob P2", "robber K P2",
    ],
    "robber A": ["move the robber to A", "Move the robber to hex A"],
    "robber I": ["I move the robber to I"],
    "roll": ["roll", "roll the dice", "P1 roll the dice", "throw the dice"],
    "end": ["end turn", "end my turn", "P1 end turn", "done"],
    "buy": ["buy a development card", "buy a dev card", "P1 buys a development card"],
    "knight": ["play a knight", "play the knight card"],
    "roadbuilding": ["play road building", "road building"],
    "plenty wool ore": ["year of plenty wool ore", "play year of plenty: wool and ore"],
    "monopoly wool": ["play monopoly on wool", "monopoly wool"],
    "bank 4 wool for ore": [
        "trade 4 wool for 1 ore", "trade 4 wool with the bank for ore", "bank 4 wool for 1 ore",
    ],
    "discard 2 wool, 1 ore": ["discard 2 wool and 1 ore", "P1 discards 2 wool, 1 ore"],
}  # fmt: skip
CK = {
    "recruit F6": ["recruit a knight on F6", "build a knight on F6", "knight F6", "P1 knight F6"],
    "promote F6": ["promote the knight on F6", "upgrade the knight on F6", "promote F6"],
    "activate F6": ["activate the knight on F6", "activate knight F6"],
    "wall A12": ["build a city wall on A12", "wall A12", "a wall on A12"],
    "move F6 J4": ["move the knight from F6 to J4", "move knight F6 to J4", "move F6 J4"],
    "chase F6 K": [
        "chase the robber with the knight on F6 to K",
        "chase the robber to K with the knight on F6",
    ],
    "improve science": ["improve science", "buy a science improvement", "science improvement"],
    "improve trade": ["improve trade", "trade improvement", "buy a trade improvement"],
    "robber K P2": ["move the robber to K and steal from P2"],
    "city A12": ["build a city on A12"],
}  # fmt: skip


@pytest.mark.parametrize(
    ("make", "notation", "typed"),
    [(_base, n, t) for n, ts in BASE.items() for t in ts]
    + [(_ck, n, t) for n, ts in CK.items() for t in ts],
)
def test_the_pages_words_for_a_move_read_as_its_notation(make, notation, typed):
    g = make()
    assert read_move(g, typed) == g.parse(notation), typed


def test_another_seat_is_named_first_and_the_mover_may_be_left_out():
    g = _base()
    assert read_move(g, "P2 build a road on N5") == g.parse("P2 road N5")
    assert read_move(g, "player 2 road N5") == g.parse("P2 road N5")
    assert read_move(g, "road N5").player == 0  # the mover, P1


def test_notation_is_read_as_it_is_and_stays_strict():
    """Notation goes through untouched; the engine's own reader still refuses the words."""
    g = _base()
    for text in (
        "P1 settle E4",
        "road N5",
        "P1 bank 4 wool for ore",
        "P1 offer P2 1 brick for 1 ore",
    ):
        assert as_notation(g, text) == text
    with pytest.raises(NotationError, match="at character"):
        parse_action("P1 settlement E4", 0)  # the notation is not weakened


@pytest.mark.parametrize(
    ("typed", "says", "word"),
    [
        ("fly to the moon", "I cannot read “fly”. Type a move like", "fly"),
        ("P1 sing", "I cannot read “sing”", "sing"),
        ("", "Nothing is typed", ""),
        ("settlement Z9", "“Z9” is not a corner", "Z9"),
        ("build a road on E4", "“E4” is not an edge", "E4"),
        ("settlement", "Which corner? The move does not say.", ""),
        ("move the robber to Z", "“Z” is not a hex", "Z"),
        # (a word left over, said where it was typed: "now" is a filler, l32)
        ("P1 settle E4 quickly", "The word “quickly” at the end was not understood", "quickly"),
    ],
)
def test_words_it_cannot_read_get_a_learners_sentence_without_offsets(typed, says, word):
    g = _base()
    with pytest.raises(MoveWordsError) as caught:
        read_move(g, typed)
    e = caught.value
    assert says in str(e), str(e)
    assert "character" not in str(e) and "cannot read '" not in str(e)  # the reader's words
    assert e.word == word


def test_the_examples_name_the_words_it_takes_and_no_label_to_avoid():
    """The examples are moves it reads; in a puzzle they name none of the answer's spots."""
    g, ck = _base(), _ck()
    said = examples(g)
    assert "“end turn”" in said and "knight" not in said and "“knight" in examples(ck)
    # each spot's example legal now (s31: "settlement H4" where a settlement stood), else
    # the form without a spot
    spots = re.findall(r"“((?:settlement|road|city|robber) \w+)”", said)
    assert spots and all(g.explain(read_move(g, m)).legal for m in spots), said
    assert "“city” and a corner" in said  # no city before a settlement (BASE-BUILD-CITY)
    for example in ("roll", "end turn"):
        read_move(g, example)
    avoid = {"H4", "H3", "J12", "K"}  # at a question: no spot at all (it would narrow)
    assert not re.findall(r"“(?:settlement|road|city|robber) \w+”", examples(g, avoid))


def test_try_a_move_reads_the_pages_words_and_wrong_input_changes_nothing():
    t = Tutor(_base())
    s = t.session
    before = (s.timeline.current, len(s.timeline.nodes), s.game.position())
    t.controls.try_text.value = "build a settlement on E4"
    assert s.verdict is not None and s.verdict.legal and str(s.tried) == "P1 settle E4"
    said = {}
    for wrong in ("fly to the moon", "settlement Z9", "P1 settlement"):
        t.controls.try_text.value = wrong
        shown = said[wrong] = t.controls.try_verdict.value
        assert s.verdict is None and s.tried is None and "Not a move" in shown
        assert "character" not in shown and t.controls.try_play.disabled
    # the kind chosen (a settlement, in the set-up): how it is typed (s16)
    assert (
        "A settlement is typed as the player, “settle” (or “settlement”) and a corner"
        in said["fly to the moon"]
    )
    assert "<mark class='catan-bad-word'>fly</mark>" in said["fly to the moon"]
    assert "is not a corner" in said["settlement Z9"]
    assert "Which corner? The move does not say." in said["P1 settlement"]
    assert (s.timeline.current, len(s.timeline.nodes), s.game.position()) == before
    t.controls.try_text.value = "P1 settlement E4"
    t.controls.try_play.click()
    assert [str(a) for a in s.timeline.moves()] == ["P1 settle E4"]


def test_a_puzzles_answer_box_reads_the_pages_words_and_wrong_words_change_nothing():
    """1.4's first road: junk is not a move (nothing played, the examples name none of the
    three answers' edges); "build a road on N5", the seat left out, is right."""
    first = course_puzzles()[0]
    t = at_question(first)
    s = t.session
    question, count = s.timeline.current, len(s.timeline.nodes)
    t.puzzle.submit("I fly a kite")
    shown = widget_text(t.puzzle.widget)
    assert s.timeline.current is question and len(s.timeline.nodes) == count
    assert "That is not a move: “I fly a kite”. I cannot read “fly”. Type a move like" in shown
    assert "character" not in shown
    for answer in ("N3", "N5", "O7"):
        assert answer not in shown
    t.puzzle.submit("build a road on N5")
    assert str(s.timeline.current.action) == "P1 road N5"
    assert "Right" in widget_text(t.puzzle.widget)


def test_a_ck_puzzle_is_answered_in_words():
    """puzzle_ck_knights' "put P3's second piece on F4": "build a city on F4" is right."""
    asked = next(a for a in course_puzzles() if a.lesson == "puzzle_ck_knights")
    t = at_question(asked)
    t.puzzle.submit("build a city on F4")
    assert str(t.session.timeline.current.action) == "P3 city F4"


def test_the_board_labels_are_read_in_any_case():
    g = _base()
    v = board.parse_vertex("E4")
    assert read_move(g, "SETTLEMENT e4").vertex == v  # type: ignore[attr-defined]


def test_a_label_it_cannot_read_is_answered_with_forms_a_learner_can_type():
    """A fresh learner: "“K4” is not an edge: … or two hexes (e.g. A|B)" read as a
    programmer's syntax. The message for a corner, an edge or a hex it cannot read holds no
    "|", and every example it gives ("e.g. A3") is a label its own parser reads."""
    for parse, bad in (
        (board.parse_edge, "K4"),
        (board.parse_vertex, "Z9"),
        (board.parse_hex, "Z"),
    ):
        with pytest.raises(board.LabelError) as caught:
            parse(bad)
        said = str(caught.value)
        assert "|" not in said, said
        shown = re.findall(r"e\.g\. ([^)\s]+)\)", said)
        assert shown or parse is board.parse_hex, said
        for label in shown:
            parse(label)


# Every verb the page's words name a kind of move by, and the words after it in a test.
VERBS = {
    "settle": "N5", "upgrade": "J12", "roll": "", "end": "", "finish": "", "buy": "",
    "recruit": "knight J12", "promote": "knight J12", "activate": "knight J12",
    "move": "knight J12 K4", "chase": "knight J12 robber K", "improve": "science",
    "force": "", "trade": "4 wool for ore", "exchange": "4 wool for ore", "discard": "2 wool",
    "throw": "", "build": "road J3", "place": "road J3", "play": "monopoly ore",
    "make": "wall J12",
}  # fmt: skip


def _forms(verb: str) -> list[str]:
    """``verb`` with -s, -d/-ed and -ing."""
    s = verb + ("es" if verb.endswith(("s", "sh", "ch", "x")) else "s")
    d = verb + ("d" if verb.endswith("e") else "ed")
    ing = (verb[:-1] if verb.endswith("e") else verb) + "ing"
    return [s, d, ing]


@pytest.mark.parametrize("verb", sorted(VERBS))
def test_a_verb_typed_in_another_form_reads_as_its_kind(verb: str):
    """A fresh learner's "P1 activates knight Q6" was read as recruiting a knight on a corner
    "activates". Every kind's verb with -s, -d/-ed or -ing reads as the verb itself does, in a
    C&K game and a base one."""
    for game in (_ck(), _base()):
        meant = learner_notation(game, f"P1 {verb} {VERBS[verb]}")
        assert meant is not None or verb in ("build", "place", "make", "play")
        for form in _forms(verb):
            assert learner_notation(game, f"P1 {form} {VERBS[verb]}") == meant, form


def test_the_learners_activates_reads_as_an_activation():
    assert as_notation(_ck(), "P1 activates knight Q6") == "P1 activate Q6"


def test_what_a_form_offers_for_an_empty_field_can_be_typed_as_offered():
    """A fresh learner (2.2 on a tablet): "rob from" offered "nobody", and "P1 robber Q
    nobody" was refused as "“nobody” is not a seat". Each word a form offers for an optional
    field left empty (``value_label`` of NONE: "nobody", "none") reads, typed after the move,
    as the move without that field."""
    from catan_tutor.widgets.forms import NONE, value_label

    game = _base()
    for name, typed in (
        ("victim", "P1 robber K"),
        ("second", "P1 plenty ore"),
    ):
        word = value_label(game, parse_action(typed, 0), name, NONE)
        assert as_notation(game, f"{typed} {word}") == typed, word
    robber = at_question(next(a for a in course_puzzles() if a.lesson == "puzzle_base_robber"))
    robber.puzzle.submit("P1 robber Q nobody")  # as the form offers it there: the rule answers
    shown = widget_text(robber.puzzle.widget)
    assert "not a seat" not in shown and "P1 can't move the robber to Q and rob nobody" in shown


def test_a_players_colour_as_the_page_shows_it_names_the_player():
    """The page says "P1 (red)": "red builds road at A2" was refused with "“red” is not an
    edge" (l19); a colour first reads as its player, in the games for two as well (a
    neutral's colour names no player)."""
    g = new_game("base", players=3)
    assert as_notation(g, "red settles on M4") == as_notation(g, "P1 settles on M4")
    assert as_notation(g, "White settle M4") == as_notation(g, "P3 settle M4")
    two = new_game("base-2p", players=2)
    assert as_notation(two, "blue settle M4") == as_notation(two, "P2 settle M4")
    with pytest.raises(MoveWordsError):
        as_notation(two, "orange settle M4")  # Neutral 2's colour
