"""A part left out of a typed move is one kind of reply wherever the reader meets it (l22):
"P1 improve trade" at 10.6 (no city for the metropolis due), "P2 play merchant" at 9.18 (the
notation's last word left out: was "Not read as a move. That is not a move: …") and "a knight
for neutral 1" at 11.16 (was "That is not a move: …" under "Not complete") are each
"✕ Not complete", the part's question, then "The move does not say.", nothing before it.
Swept: at every course question, each kind legal there typed as its form says it with each
part it needs left out, and as its notation with its last word left out. A kind no answer
of the question has is told so instead ("Recruiting a knight is not the answer here."): no
completion of it would answer (l42 at 6.7: "P3 recruit knight" was asked "Which corner?").
"""

from __future__ import annotations

from dataclasses import fields
from functools import cache

import pytest
from puzzle_answers import course_puzzles, lesson
from test_form_words import OPTIONAL, _form_words

from catan_tutor.actions import BankTrade
from catan_tutor.board import CARD_NAMES
from catan_tutor.game import Game
from catan_tutor.move_words import INCOMPLETE, PartLeftOut, as_notation
from catan_tutor.study.one_completion import only_piece
from catan_tutor.study.puzzle import Judgement, answer_nodes, judge
from catan_tutor.typed_forms import FORMS
from catan_tutor.widgets.icons import NO
from catan_tutor.widgets.puzzle import NOT_DONE, _judgement_html

pytestmark = pytest.mark.course


def _not_complete(j: Judgement) -> bool:
    """The reply to a part left out: not read, "<question>? The move does not say." alone,
    under the "Not complete" heading."""
    question = j.text.removesuffix(f" {INCOMPLETE}")
    return (
        not j.read
        and j.text.endswith(INCOMPLETE)
        and question.endswith("?")
        and "?" not in question[:-1]
        and "not a move" not in j.text
        and f"{NO} {NOT_DONE}" in _judgement_html(j)
    )


def _replied_right(j: Judgement, kind: type, puzzle, node, rules) -> bool:
    """A part left out is asked for (``_not_complete``) when an answer is of ``kind``; of a
    kind no answer has, the reply says that kind is not the answer (not asked, not read)."""
    if kind in {type(c.action) for c in answer_nodes(puzzle, node, rules)}:
        return _not_complete(j)
    return not j.correct and j.text.startswith(f"{FORMS[kind.__name__][0]} is not the answer")


@cache
def _questions() -> list[tuple[str, object, object, Game, list]]:
    """Each course question: its lesson, puzzle, node, game, and a legal move of each kind."""
    out = []
    for asked in course_puzzles():
        tl = lesson(asked.lesson).timeline
        node = tl.nodes[asked.node]
        g = Game(tl.rules, node.state)
        kinds: dict[type, object] = {}
        for a in g.legal_actions():
            kinds.setdefault(type(a), a)
        out.append((asked.lesson, asked.puzzle, node, g, list(kinds.values())))
    return out


@pytest.mark.parametrize(
    ("where", "typed", "question"),
    [
        (("puzzle_ck_metropolis", 5), "P1 upgrade", "A city, or a city improvement?"),
        (("puzzle_ck_progress", 4), "P2 play merchant", "Which hex?"),
        (("puzzle_ck_2p", 20), "a road for neutral 1", "Which edge?"),
    ],
)
def test_l22s_parts_left_out_get_one_reply(where, typed, question):
    asked = next(a for a in course_puzzles() if (a.lesson, a.node) == where)
    tl = lesson(asked.lesson).timeline
    j = judge(asked.puzzle, tl.nodes[asked.node], tl.rules, typed)
    assert j.text == f"{question} {INCOMPLETE}"
    assert _not_complete(j)


def test_every_kind_with_a_part_left_out_is_not_complete_at_every_question():
    wrong, asked, kinds = [], 0, set()
    for name, puzzle, node, g, moves in _questions():
        for a in moves:
            head, parts = _form_words(g, a)
            needed = [p for p in parts if not any(p.startswith(f"{x} ") for x in OPTIONAL)]
            for part in needed:
                text = ", ".join([head, *(p for p in parts if p is not part)])
                if only_piece(g, type(a), text) is not None:  # one knight: that one (l28)
                    continue
                j = judge(puzzle, node, g.rules, text)
                asked += 1
                kinds.add(type(a).__name__)
                if not _replied_right(j, type(a), puzzle, node, g.rules):
                    wrong.append((name, text, j.text[:100]))
    assert not wrong, f"{len(wrong)} of {asked}: {wrong[:5]}"
    # (a wall, a promotion, a city on the one piece there is are judged: only_piece, l29)
    assert asked > 80 and len(kinds) > 13, (asked, sorted(kinds))


def test_a_notation_without_its_last_word_is_not_complete_or_read():
    """The notation's last word left out ("P2 play merchant"): a part missing is asked as
    the form's is; no reply says "not a move" with the question after it."""
    wrong, missing = [], 0
    for name, puzzle, node, g, moves in _questions():
        for a in moves:
            if len([f for f in fields(a) if f.name != "player"]) == 0:
                continue
            text = " ".join(str(a).split()[:-1])
            if only_piece(g, type(a), text) is not None:  # one knight: that one (l28)
                continue
            try:
                as_notation(g, text)
                left_out = False
            except PartLeftOut:
                left_out = True
            except ValueError:
                left_out = False
            j = judge(puzzle, node, g.rules, text)
            missing += left_out
            if (left_out or INCOMPLETE in j.text) and not _replied_right(
                j, type(a), puzzle, node, g.rules
            ):
                wrong.append((name, text, j.text[:100]))
    assert not wrong, f"{len(wrong)}: {wrong[:5]}"
    assert missing > 40, missing


@pytest.mark.parametrize(
    "typed",
    ["P1 bank ore for brick", "P1 trade ore for brick", "P1 trades ore for a brick",
     "P1 gets a brick for ore", "trade ore for brick"],
)  # fmt: skip
def test_a_bank_trade_with_no_count_asks_how_many_at_3_2(typed):
    """l22 at 3.2: "P2 bank wool for brick" was read as 1 wool (1:1) and refused; the count
    is asked (the rate is the question's answer: none is guessed for the learner). (3.2 asks
    for P1's ore trade since s43.)"""
    asked = next(a for a in course_puzzles() if (a.lesson, a.node) == ("puzzle_base_trading", 15))
    tl = lesson(asked.lesson).timeline
    j = judge(asked.puzzle, tl.nodes[asked.node], tl.rules, typed)
    assert j.text == f"How many ore for one brick? {INCOMPLETE}" and _not_complete(j)
    said = judge(asked.puzzle, tl.nodes[asked.node], tl.rules, "P1 trade an ore for brick")
    assert said.read and not said.legal  # a count said is judged as said


def test_no_bank_trade_is_refused_for_a_count_left_out_at_any_question():
    wrong, asked = [], 0
    for name, puzzle, node, g, _ in _questions():
        trades = {(a.player, a.give, a.get) for a in g.legal_actions() if isinstance(a, BankTrade)}
        for p, give, get in sorted(trades):
            text = f"P{p + 1} trade {CARD_NAMES[give]} for {CARD_NAMES[get]}"
            j = judge(puzzle, node, g.rules, text)
            asked += 1
            question = f"How many {CARD_NAMES[give]} for one {CARD_NAMES[get]}?"
            asks = _not_complete(j) and j.text.startswith(question)
            if not (asks or _replied_right(j, BankTrade, puzzle, node, g.rules)):
                wrong.append((name, text, j.text[:100]))  # (asked; or, no answer a bank
                # trade, told so: l42)
    assert not wrong, f"{len(wrong)} of {asked}: {wrong[:5]}"
    assert asked > 20, asked
