"""A hint taken after a wrong answer keeps that answer's reply, shortened to its heading
and first sentence, above the hint (l21, l23: the hint replaced it, and what was wrong with
the try was gone). Without a browser: the puzzle widget's own parts."""

from __future__ import annotations

import html
import re

from puzzle_answers import at_question, course_puzzles

from catan_tutor.widgets.hint_reply import first_sentence


def _text(value: str) -> str:
    return html.unescape(re.sub(r"<[^>]*>", " ", value))


def _first_with_hints():
    return next(a for a in course_puzzles() if len(a.puzzle.hints) >= 2)


def test_a_hint_after_a_wrong_answer_keeps_its_reply_shortened_above_it() -> None:
    asked = _first_with_hints()
    t = at_question(asked)
    view, st = t.puzzle, t.session.puzzle
    view.submit("protect the metropolis")  # not read
    wrong = st.verdict
    assert wrong is not None and not wrong.correct
    view.take_hint()
    box = _text(view.hint_box.value)
    first = first_sentence(wrong.text.split("”. ", 1)[1])  # (not "That is not a move: …")
    assert first == "I cannot read “protect”."
    assert "Not read as a move" in box and first in box and "That is not" not in box, box
    assert box.index("Not read as a move") < box.index("Hint 1:")
    # said as the last try's, not the hint's reply to it (l46 at 1.4)
    assert re.search(r"Your last try:\s+Not read as a move", box), box
    assert "Type a move like" in wrong.text and "Type a move like" not in box  # shortened
    assert "Not read as a move" not in _text(view.result.value)  # said once, not twice


def test_a_new_try_after_the_hint_says_its_own_reply_only() -> None:
    asked = _first_with_hints()
    t = at_question(asked)
    view = t.puzzle
    view.submit("protect the metropolis")
    view.take_hint()
    view.submit("win the game")
    assert "“protect" not in _text(view.hint_box.value)
    assert "Hint 1:" in _text(view.hint_box.value)
    assert "win the game" in _text(view.result.value)


def test_a_hint_without_a_wrong_answer_before_it_is_alone() -> None:
    t = at_question(_first_with_hints())
    t.puzzle.take_hint()
    assert "catan-puzzle-held" not in t.puzzle.hint_box.value


def test_a_judged_wrong_answer_keeps_its_reason_above_the_hint() -> None:
    """s21: the shortening kept "P1 can't…" and lost why (2.2: which hex blocks what)."""
    from catan_tutor.widgets.hint_reply import KEPT_CHARS, lead_sentences

    assert lead_sentences("One. Two. Three.", 9) == "One. Two."
    assert lead_sentences("A" * 300 + ". B.") == "A" * 300 + "."  # the first, however long
    t = at_question(next(a for a in course_puzzles() if a.lesson == "puzzle_base_robber"))
    t.puzzle.submit("P1 robber M P2")
    wrong = t.session.puzzle.verdict
    assert wrong is not None and wrong.read and not wrong.correct
    t.puzzle.take_hint()
    box = _text(t.puzzle.hint_box.value)
    reason = wrong.text.split(". ", 1)[1][:40]
    assert len(wrong.text.split(". ", 1)[0]) < KEPT_CHARS and reason in box, (wrong.text, box)
