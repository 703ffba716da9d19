"""A click on the board fills a played card's spot (``widgets.card_spots``): l23 at 9.18 chose
"Play a progress card", picked the Merchant and clicked hex P, and was told "This move is not
made on the board" (CK-PC-MERCHANT: the Merchant is placed on a hex)."""

from __future__ import annotations

import pytest
from puzzle_answers import at_question, course_puzzles

from catan_tutor import board
from catan_tutor.progress_cards import CARDS, SCHEMA
from catan_tutor.variants.ck_actions import PlayProgress
from catan_tutor.widgets.card_spots import (
    CARD_FIRST,
    card_probe,
    card_spot,
    first_spot_arg,
    spot_values,
)
from catan_tutor.widgets.place_words import OFF_BOARD

MERCHANT_AT = [a for a in course_puzzles() if any(" play merchant " in x for x in a.puzzle.answers)]
SIZES = {"vertex": len(board.VERTEX_LABELS), "edge": len(board.EDGE_LABELS), "hex": 19}


def test_the_course_has_the_merchant_question():
    assert [(a.lesson, a.node) for a in MERCHANT_AT] == [("puzzle_ck_progress", 4)]


@pytest.mark.parametrize("card_chosen", [True, False])
def test_a_click_on_the_merchants_hex_answers_the_question(card_chosen):
    asked = MERCHANT_AT[0]
    t = at_question(asked)
    s, c = t.session, t.controls
    at = s.timeline.current
    s.choose_kind("play progress")
    assert c.form is not None
    if card_chosen:
        c.form.set(card=CARDS.index("merchant"))
    said: list[str] = []
    c.puzzle_note = said.append  # the tap's reply, at an open question
    hexes = [h for h in board.HEX_NAMES if f"merchant {h}" in " ".join(asked.puzzle.answers)]
    c.act_at(("hex", board.HEX_NAMES.index(hexes[0])))
    assert not any(OFF_BOARD in x for x in said), said
    assert s.puzzle.key(at) in s.puzzle.solved, said


def test_a_click_on_a_wrong_hex_for_the_merchant_is_judged_not_sent_off_the_board():
    t = at_question(MERCHANT_AT[0])
    s, c = t.session, t.controls
    s.choose_kind("play progress")
    assert c.form is not None
    c.form.set(card=CARDS.index("merchant"))
    said: list[str] = []
    c.puzzle_note = said.append
    c.act_at(("hex", board.HEX_NAMES.index("A")))  # the desert, far from P2's pieces
    assert s.puzzle.tries == 1 and not any(OFF_BOARD in x for x in said), said


SPOT_CARDS = [k for k, name in enumerate(CARDS) if name in SCHEMA and first_spot_arg(k)]


def test_every_card_that_names_a_spot_is_swept():
    assert {CARDS[k] for k in SPOT_CARDS} == {
        "crane", "engineering", "invention", "medicine", "smithing", "merchant",
        "diplomacy", "intrigue", "taxation",
    }  # fmt: skip


@pytest.mark.parametrize("card", SPOT_CARDS, ids=lambda k: CARDS[k])
def test_a_click_names_the_spot_of_every_card_that_names_one(card):
    """Each spot of the card's kind makes its move (the spot its first), unless the card
    needs more than a spot (the Crane's track, Invention's second hex: the form asks)."""
    where = first_spot_arg(card)
    assert where is not None
    kind = where[1]
    for i in range(SIZES[kind]):
        a = card_probe(PlayProgress, 1, card, (kind, i))
        if CARDS[card] in ("crane", "invention"):
            assert a is None
            continue
        assert a is not None and card_spot(a) == (kind, i), (CARDS[card], i)
        assert str(a).startswith(f"P2 play {CARDS[card]} ")
    other = next(k for k in SIZES if k != kind)
    assert card_probe(PlayProgress, 1, card, (other, 0)) is None


def test_a_click_before_the_card_is_chosen_asks_for_the_card_where_no_card_fits():
    """No card chosen, a hex clicked where no offered card's move is: the card first. At the
    question the form offers the Merchant on every land hex (l45: its five hexes alone
    narrowed the answer), so a click on A is judged as the Merchant there, as one on K is:
    no reply tells the hexes where it may go apart; once solved, the card first again."""
    t = at_question(MERCHANT_AT[0])
    s, c = t.session, t.controls
    at = s.timeline.current
    s.choose_kind("play progress")
    said: list[str] = []
    c.puzzle_note = said.append
    c.act_at(("hex", board.HEX_NAMES.index("A")))
    assert said == [] and s.puzzle.tries == 1, said
    assert "merchant on hex A" in s.puzzle.verdict.text, s.puzzle.verdict.text
    s.puzzle.solved.add(s.puzzle.key(at))  # the question solved: the legal moves alone
    s.goto(at.id)
    assert not s.puzzle_secret
    s.choose_kind("play progress")
    told: list[str] = []
    c.puzzle_note = s.say = told.append  # (wherever the tap's reply goes)
    c.act_at(("hex", board.HEX_NAMES.index("A")))
    assert told == [CARD_FIRST], told


def test_a_click_fills_the_card_and_its_spot_in_the_form():
    """One card's move at the spot (a move the form confirms): both lists are filled."""
    merchant = CARDS.index("merchant")
    p = board.HEX_NAMES.index("P")
    a = PlayProgress(1, merchant, (p,))
    assert spot_values([a], ("hex", p)) == {"card": merchant, "args": (p,)}
    b = PlayProgress(1, CARDS.index("taxation"), (p,))
    assert spot_values([a, b], ("hex", p)) == {}  # two cards: the form asks which


def test_the_inventors_two_hexes_are_filled_by_two_clicks():
    """l24: the Inventor (CK-PC-INVENTION: two number tokens swapped) could not be finished by
    board clicks: each click named its first hex again. The first click names the first hex,
    the next the second, and the move is played (the game of lesson ck_alchemy, P3 to play
    "P3 play invention F Q")."""
    import yaml

    from catan_tutor import new_game
    from catan_tutor.study.resources import packaged_lessons
    from catan_tutor.widgets import Tutor

    doc = yaml.safe_load((packaged_lessons() / "ck_alchemy.catan.yaml").read_text("utf-8"))
    g = new_game("ck", players=3)
    for move in doc["setup"][: doc["setup"].index("P3 play invention F Q")]:
        g.play(move)
    t = Tutor(g)
    s, c = t.session, t.controls
    s.choose_kind("play progress")
    assert c.form is not None
    c.form.set(card=CARDS.index("invention"))
    depth = s.node.depth
    c.act_at(("hex", board.HEX_NAMES.index("F")))
    assert s.node.depth == depth  # one hex named: the second to come
    c.act_at(("hex", board.HEX_NAMES.index("Q")))
    assert s.node.depth == depth + 1 and str(s.node.action) == "P3 play invention F Q"
