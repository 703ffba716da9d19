"""Replies a fresh learner (l30) found renaming their spot or in words not for a learner:

- Try a move's "P1 road F11" was told "P1 can't build a road on B5" (the board's name for
  the same edge), a wrong answer "Q12 (also called M4)". Since s31 (a spot has one printed
  name, the one the board's Labels draws; "L11 (also called G5)" confused) a reply names the
  spot by its printed label and says once which one the learner's name is ("“F11” is edge
  B5 on the board."), never "also called"; the board's tag shows the printed label.
- The palette's roll said "(teacher)"; 3.1's "2 cards for 2; P3 has no ore of its own." was
  cryptic; 10.6's answer did not say what CK-METRO-OWN-LEVEL5 means.
"""

from __future__ import annotations

import pytest
from puzzle_answers import judged, lesson

from catan_tutor import new_game
from catan_tutor.board import EDGE_LABELS, parse_edge
from catan_tutor.widgets import Tutor
from catan_tutor.widgets.named_words import shown_text
from catan_tutor.widgets.wording import palette_words

pytestmark = pytest.mark.course


def test_try_a_move_names_the_edge_by_its_printed_label_and_the_board_tags_it_so():
    assert EDGE_LABELS[parse_edge("F11")] == "B5"  # one edge, two names
    t = Tutor(new_game("base", players=3, seed=0))
    t.controls.check_try("P1 road F11")
    said = " ".join(shown_text(t.controls.try_verdict.value).split())
    assert "P1 can't build a road on B5: " in said, said
    assert (
        "“F11” is the edge the board labels B5 (an edge has a name on each of its two hexes)."
        in said
        and "also called" not in said
    ), said
    assert t.view.named == {("edge", parse_edge("F11")): "B5"}


def test_a_wrong_answer_names_the_corner_by_its_printed_label():
    """1.4's second question: "P3 settlement E2" (the board's B6), legal but not the answer."""
    j = judged("puzzle_base_setup", 9, "P3 settlement E2")
    assert j.text.startswith(  # (in words naming no seat: the question asks whose turn, s33)
        "“E2” is the corner the board labels B6 (a corner has a name on each hex it touches). "
        "That is not the move the question asks for. B6 has "
    ), j.text
    assert j.text.count("“E2”") == 1, j.text  # (said once, first: l39)
    assert "also called" not in j.text, j.text


def test_the_palette_s_roll_says_no_teacher():
    said = palette_words("roll")
    assert said == "Set the dice yourself (for practice)"
    assert "teacher" not in said


def test_lesson_3_1_says_the_offer_in_plain_words():
    comments = [n.comment for n in lesson("base_trading_harbors").timeline.nodes.values()]
    assert not any("2 cards for 2" in c for c in comments)
    assert any(
        c.startswith("P1 offers P3 two cards, a grain and an ore, for the two") for c in comments
    )


def test_10_6_says_why_a_metropolis_won_first_at_level_5_cannot_be_taken():
    """10.6's second question asked for the same move as its first (a level-5 improvement)
    and rested on CK-METRO-OWN-LEVEL5, a reading; it now asks whether P3 can still take the
    trade metropolis P1 won first at level 5: no, a printed rule (CK-METRO-TAKE)."""
    j = judged("puzzle_ck_metropolis", 18, "P3 improve trade")
    assert j.read and not j.correct and j.rule == "CK-METRO-TAKE", j.text
    assert "P1 was the first to reach trade level 5" in j.text, j.text
    assert "later arrival at level 5 gains nothing" in j.text, j.text
    right = judged("puzzle_ck_metropolis", 18, "P3 end")
    assert right.correct and "P1's for good" in right.text, right.text
    assert "reading" not in right.text and "CK-METRO-OWN-LEVEL5" not in right.text


def test_with_the_labels_on_the_typed_edge_s_tag_says_its_printed_label(monkeypatch):
    t = Tutor(new_game("base", players=3, seed=0))
    t.view.show_labels(True)
    said: list[str] = []
    monkeypatch.setattr(t.view.label_layer, "fill_text", lambda text, *a: said.append(text))
    t.controls.check_try("P1 road F11")
    assert "B5" in said and "F11" not in said, said
