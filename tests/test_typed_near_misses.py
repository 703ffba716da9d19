"""A typed near-miss keeps the secret (a fresh learner, 3.2 on a phone: "P2 trade 3 wool for
1 brick" was told "P2 trades wool with the bank at 2:1 or 4:1, not 3:1.", the answer's 2:1).
At each of the course's questions, each accepted answer is typed with one part changed (its
count, a card, a corner, edge or hex), and the reply names no part of the answer (spot, card,
kind, a bank trade's rate, the seat when the question asks who) that the try itself does not
say: a refusal whose reason would name it says ``SECRET_WHY`` instead."""

from __future__ import annotations

import pytest
from puzzle_answers import Asked, answer_words, course_puzzles, says, told_by_a_wrong_try

from catan_tutor import board
from catan_tutor.game import Game
from catan_tutor.rules.words import can
from catan_tutor.study.puzzle import SECRET_WHY, answer_nodes, judge, kind_words
from catan_tutor.widgets import verdicts

pytestmark = pytest.mark.course

PUZZLES = course_puzzles()
IDS = [f"{a.lesson}@{a.node}" for a in PUZZLES]
LABELS = (board.VERTEX_LABELS, board.EDGE_LABELS, board.HEX_NAMES)


def near_misses(answer: str) -> set[str]:
    """``answer`` (notation) with one word changed: a count, a card, or a spot's label (the
    seat, its first word, stays)."""
    words = answer.split()
    out: set[str] = set()
    for i, w in enumerate(words[1:], 1):
        others: list[str] = []
        if w.isdigit():
            others = [str(n) for n in range(1, 6)]
        elif w in board.CARD_NAMES:
            others = list(board.CARD_NAMES)
        else:
            others = next((list(lab) for lab in LABELS if w in lab), [])
        out.update(" ".join([*words[:i], o, *words[i + 1 :]]) for o in others)
    return out - {answer}


@pytest.mark.parametrize("asked", PUZZLES, ids=IDS)
def test_a_typed_near_miss_names_no_part_of_the_answer(asked: Asked):
    sc = asked.scenario()
    assert sc.timeline is not None
    node, rules = sc.timeline.nodes[asked.node], sc.timeline.rules
    secret = told_by_a_wrong_try(asked) | answer_words(asked)
    tried = 0
    for child in answer_nodes(asked.puzzle, node, rules):
        for typed in sorted(near_misses(str(child.action))):
            j = judge(asked.puzzle, node, rules, typed)
            if j.correct:
                continue
            tried += 1
            text = verdicts.plain(j.text)
            said = typed  # what the try itself says
            if not text.startswith("That is not a move"):
                move = Game(rules, node.state).parse(j.move)  # its kind it says itself
                said = " ".join([can(node.state, move, j.legal), *kind_words(move)])
            told = [w for w in secret if says(w, text) and not says(w, said)]
            assert told == [], f"{typed}: {text!r} tells {told}"
            if SECRET_WHY in text and not j.legal:  # a refusal: only where the real reason
                # would tell (s18: "2 wool for wool" was told it would, its reason "one kind of
                # card for another"). (A legal try: its kind the answer's, no comparison)
                why = Game(rules, node.state).explain(Game(rules, node.state).parse(j.move))
                would = [w for w in secret if says(w, why.reason) and not says(w, said)]
                assert would, f"{typed}: {text!r} hides {why.reason!r}"
    assert tried or not any(
        near_misses(str(c.action)) for c in answer_nodes(asked.puzzle, node, rules)
    )


def test_3_2s_wrong_rate_is_refused_without_the_answers_rate():
    """The learner's own try, as typed: the verdict, then its cause without the rates that
    would tell (l37: "That is not the answer." alone left the learner without a reason)."""
    asked = next(a for a in PUZZLES if a.lesson == "puzzle_base_trading")
    sc = asked.scenario()
    assert sc.timeline is not None
    node = sc.timeline.nodes[asked.node]
    j = judge(asked.puzzle, node, sc.timeline.rules, "P1 trade 2 wool for 1 brick")
    assert not j.correct and "3:1" not in j.text and "4:1" not in j.text, j.text
    assert j.text.endswith(": P1 has no 2:1 rate for wool."), j.text


# Words a learner types for the same move, which must read alike at every question: "no one"
# as "nobody" (a form's empty victim), and in a game without progress cards a progress card's
# name that is a development card's too (s18: "P1 play resource monopoly grain" in standard
# Catan was refused as "there are no progress cards").
ALIKE = (
    ("P1 robber K rob no one", "P1 robber K rob nobody"),
    ("P2 robber Q no-one", "P2 robber Q nobody"),
    ("P1 play resource monopoly grain", "P1 monopoly grain"),
    ("P2 play road building", "P2 roadbuilding"),
)


@pytest.mark.parametrize("asked", PUZZLES, ids=IDS)
def test_words_for_the_same_move_read_alike_at_each_question(asked: Asked):
    sc = asked.scenario()
    assert sc.timeline is not None
    node, rules = sc.timeline.nodes[asked.node], sc.timeline.rules
    ck = node.state.caps.improvements
    for typed, same in ALIKE:
        if ck and "play" in typed:  # C&K: the progress card itself
            continue
        j, k = (judge(asked.puzzle, node, rules, t) for t in (typed, same))
        assert "That is not a move" not in j.text, (typed, j.text)
        assert (j.move, j.correct, j.legal) == (k.move, k.correct, k.legal), (typed, j, k)
    if not ck:  # a Victory Point card is kept, never played (BASE-DEV-VP), whatever is typed
        for typed in ("P1 play victory point", "play a vp card"):
            text = judge(asked.puzzle, node, rules, typed).text
            assert "never played" in text and "progress" not in text, (typed, text)


def test_a_legal_wrong_card_of_the_answers_kind_is_not_told_the_rule_that_names_the_answer():
    """9.18 (l19): between the Merchant and the Merchant Fleet, "P2 plays Merchant Fleet on
    wool" was told "What decides it is the rule “Merchant card”": the answer's card. A legal
    try of the answer's kind is told what it leaves undone by the question's own measure
    (s21: "After that, P2 still has 3 victory points."), never the answer's card or rule."""
    asked = next(a for a in PUZZLES if a.lesson == "puzzle_ck_progress")
    sc = asked.scenario()
    assert sc.timeline is not None
    node = sc.timeline.nodes[asked.node]
    j = judge(asked.puzzle, node, sc.timeline.rules, "P2 plays Merchant Fleet on wool")
    assert j.legal and not j.correct, j.text
    assert "Merchant card" not in j.text and "decides" not in j.text, j.text
    assert "Merchant " not in j.text.replace("Merchant Fleet", ""), j.text
    assert j.text.endswith("After that, P2 still has 3 victory points."), j.text
