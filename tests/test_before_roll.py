"""A question's palette before the roll (catan_tutor/widgets/before_roll.py; l26 at 11.16's
first question: every build, trade and card kind looked playable, and a press said "before
the roll only Alchemy or a token action may be played"): a card's own move without its card
greyed; a kind the phase forbids looks like the others (muted, it left the roll and the
answer's kind alone in full colour: l27 read the answer off the palette); the answer's kind
never marked, and never alone with the roll among the kinds left. Swept over every question
of the course."""

from __future__ import annotations

import pytest
from puzzle_answers import Asked, at_question, course_puzzles

from catan_tutor.study.puzzle import answer_nodes
from catan_tutor.widgets.kinds import kind_name
from catan_tutor.widgets.kinds_unavailable import OFF_CLASS


def _marked(palette) -> tuple[dict[str, str], dict[str, str]]:
    """The palette's greyed and muted kinds, each with its hover text (muted: none since s23,
    no kind is set apart for its cost; the class any other look would carry)."""
    kinds = [k for _, k in palette.options]
    tips = dict(zip(kinds, palette.tooltips, strict=True))
    classes = palette._dom_classes

    def of(prefix: str) -> dict[str, str]:
        return {k: tips[k] for i, k in enumerate(kinds) if f"{prefix}{i}" in classes}

    return of(OFF_CLASS), of("catan-unpaid-")


def test_before_the_roll_at_11_16_a_card_without_it_is_greyed_and_builds_look_like_the_rest():
    asked = next(a for a in course_puzzles() if a.lesson == "puzzle_ck_2p")  # 11.16, first
    t = at_question(asked)
    s, palette = t.session, t.controls.palette
    assert s.game.state.phase == "pre-roll"
    greyed, muted = _marked(palette)
    assert greyed["play progress"] == "Not possible now: P1 holds no Alchemy card."
    assert greyed["harbor offer"] == "Not possible now: P1 holds no Commercial Harbor card."
    for kind in ("build road", "settle", "build city", "bank trade", "offer", "improve"):
        assert kind not in greyed and kind not in muted, kind  # (l27: the answer stood out)
    assert "roll" not in greyed | muted and "forced draw" not in greyed | muted
    palette.value = "build road"  # a press says why not
    assert s.kind == "build road" and s.message


@pytest.mark.parametrize("asked", course_puzzles(), ids=lambda a: f"{a.lesson}@{a.node}")
def test_no_greyed_or_muted_kind_is_the_answers_nor_is_it_the_only_one_left(asked: Asked):
    t = at_question(asked)
    s, palette = t.session, t.controls.palette
    q = s.node
    answers = {kind_name(c.action) for c in answer_nodes(asked.puzzle, q, s.timeline.rules)}
    kinds = [k for _, k in palette.options]
    greyed, muted = _marked(palette)
    where = f"{asked.lesson}@{asked.node}"
    assert not answers & (set(greyed) | set(muted)), (where, answers, greyed, muted)
    left = [k for k in kinds if k not in greyed and k not in muted]
    if greyed or muted:  # (a moment of one kind, the robber's: nothing is told apart)
        # other kinds look possible too, besides the roll (l27 at 11.16: the roll and the
        # answer's kind alone in full colour gave the answer away)
        assert set(left) - answers - {"roll"}, (where, answers, left)


def test_before_both_rolls_of_a_two_player_turn_builds_and_trades_look_like_the_rest():
    """The base game for two (2P-ROLL-TIMING: trades and builds only after both rolls): they
    are not muted, a press says why."""
    asked = next(a for a in course_puzzles() if (a.lesson, a.node) == ("puzzle_base_2p", 15))
    t = at_question(asked)
    assert t.session.game.state.phase == "pre-roll"
    _, muted = _marked(t.controls.palette)
    assert not {"settle", "build road", "bank trade", "offer"} & set(muted), muted
