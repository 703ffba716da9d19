"""At an open question answered by playing a progress card, no example the page shows names
that card (learner s17 at 9.18: every typing error's example ended "like “P2 play merchant
E”", the answer's own card, as the spots of an answer were already kept out)."""

from __future__ import annotations

import re

from puzzle_answers import at_question, course_puzzles

from catan_tutor.actions import PlayProgress, parse_action
from catan_tutor.progress_cards import CARDS
from catan_tutor.typed_forms import how_to_type


def test_no_example_at_a_card_question_names_the_answer_s_card() -> None:
    seen = 0
    for asked in course_puzzles():
        sc = asked.scenario()
        n = sc.tree.nodes[asked.node].state.n
        cards = set()
        for text in asked.puzzle.answers:
            a = parse_action(text, -1, n, 8)
            if isinstance(a, PlayProgress):
                cards.add(CARDS[a.card])
        if not cards:
            continue
        s = at_question(asked).session
        how = how_to_type(s.game, PlayProgress, s.puzzle.secret_labels())
        assert how and "“" in how, how  # an example still
        example = set(re.findall(r"[\w-]+", how.split("“")[-1].lower()))
        assert not cards & example, (asked.lesson, how)
        seen += 1
    assert seen  # 9.18's Merchant at least


def test_9_18_s_question_does_not_send_a_card_to_the_board() -> None:
    """9.18 said "Choose a move below, then click its spot on the board" where the Merchant
    chosen and hex S clicked answered "This move is not made on the board": where a kind of
    the moment has no spot on the board, the question says a spot is clicked if the move
    has one there (else typed)."""
    asked = next(a for a in course_puzzles() if a.lesson == "puzzle_ck_progress")
    how = at_question(asked).puzzle.how.value
    assert "click its spot on the board if it has one, or type it" in how, how
