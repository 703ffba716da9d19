"""A puzzle's palette greys the kinds no one can play this turn (s18): at 4.3's and 3.2's
questions "Play a Knight", "Play Monopoly"… looked like moves although P1 holds no such card
(a press said "Not allowed"). The engine decides (legal_actions, explain's rule); the answer's
kind and every kind legal now look alike, so nothing narrows the answer."""

from __future__ import annotations

import pytest
from puzzle_answers import at_question, course_puzzles

from catan_tutor.game import Game
from catan_tutor.study.puzzle import answer_nodes
from catan_tutor.widgets.kinds import kind_name, moment_kinds
from catan_tutor.widgets.kinds_unavailable import OFF_CLASS, unavailable


def _asked(lesson: str, node: int | None = None):
    return next(a for a in course_puzzles() if a.lesson == lesson and node in (None, a.node))


@pytest.mark.parametrize(
    ("lesson", "node", "off", "held"),
    [
        # 4.3's second question, before the roll: P1 holds a Knight (the prompt names it) and
        # no other card; buying a card waits for the roll (possible this turn: not greyed), so
        # do the builds
        ("puzzle_base_awards", 19, {"play road building", "play plenty", "play monopoly"},
         "Road Building"),
        # 3.2, after the roll: P2 holds no development card
        ("puzzle_base_trading", None,
         {"play knight", "play road building", "play plenty", "play monopoly"}, "Knight"),
    ],
)  # fmt: skip
def test_a_question_s_palette_greys_the_cards_its_seat_does_not_hold(lesson, node, off, held):
    t = at_question(_asked(lesson, node))
    palette = t.controls.palette
    kinds = [k for _, k in palette.options]
    greyed = {kinds[int(c.removeprefix(OFF_CLASS))] for c in palette._dom_classes
              if c.startswith(OFF_CLASS)}  # fmt: skip
    assert greyed == off
    tips = dict(zip(kinds, palette.tooltips, strict=True))
    seat = 1 if lesson == "puzzle_base_awards" else 2
    kind = {"Knight": "play knight", "Road Building": "play road building"}[held]
    assert tips[kind] == f"Not possible this turn: P{seat} holds no {held} card."
    assert all(tips[k] == "" for k in kinds if k not in off)


def test_no_question_greys_its_answer_s_kind_nor_a_kind_legal_now():
    """Every puzzle of the course: the kinds greyed are none of the answers' kinds and none
    legal now (those look the same as the right one); at least the cards not held are."""
    greyed_any = 0
    for asked in course_puzzles():
        sc = asked.scenario()
        at = sc.timeline.nodes[asked.node]
        game = Game(sc.timeline.rules, at.state)
        answers = {kind_name(n.action) for n in answer_nodes(asked.puzzle, at, sc.timeline.rules)}
        legal = {kind_name(a) for a in game.legal_actions()}
        off = unavailable(game, moment_kinds(game))
        assert not set(off) & (answers | legal), (asked.lesson, asked.node, off)
        greyed_any += bool(off)
    assert greyed_any >= 2


@pytest.mark.parametrize(
    ("lesson", "node", "off"),
    [
        # 8.11 after the roll: P1 holds no progress card (l20: "Play a progress card" and the
        # Commercial Harbor's offer looked playable); none can come but by playing one
        ("puzzle_ck_barbarians", 1, {"play progress", "harbor offer"}),
        # 9.18: the question's seat holds progress cards: both kinds stay as the answer's do
        ("puzzle_ck_progress", 4, set()),
        # C&K for two before the roll: the roll may bring a card (CK-PC-PLAY)
        ("puzzle_ck_2p", 8, set()),
    ],
)  # fmt: skip
def test_a_c_and_k_question_greys_progress_plays_when_no_card_is_held_after_the_roll(
    lesson, node, off
):
    t = at_question(_asked(lesson, node))
    palette = t.controls.palette
    kinds = [k for _, k in palette.options]
    greyed = {kinds[int(c.removeprefix(OFF_CLASS))] for c in palette._dom_classes
              if c.startswith(OFF_CLASS)}  # fmt: skip
    assert greyed & {"play progress", "harbor offer"} == off
    tips = dict(zip(kinds, palette.tooltips, strict=True))
    for kind in off:
        assert tips[kind] == "Not possible this turn: P1 holds no progress card."


def test_a_build_the_seat_cannot_pay_for_says_so_when_pressed_at_a_question():
    """l19, l20 and l21 at 3.2: "Build a road" looked playable and its press said "Click the
    spot on the board" though P2 holds 1 lumber and 4 wool. It stays offered (a trade first
    may pay for it), and its press says the price and the hand (both on the page already); a
    kind the seat can pay for, or one with no price list, says nothing of it."""
    t = at_question(_asked("puzzle_base_trading"))
    t.controls.palette.value = "build road"
    said = t.controls.message.value
    assert said == "P2 cannot pay for it now: it costs brick, lumber; P2 holds 1 lumber, 4 wool."
    t.controls.palette.value = "bank trade"
    assert "cannot pay" not in t.controls.message.value
    setup = at_question(_asked("puzzle_base_setup"))  # builds are free in the setup
    setup.controls.palette.value = "build road"
    assert "cannot pay" not in setup.controls.message.value


@pytest.mark.parametrize(
    ("lesson", "node", "seat"),
    [
        # 7.8 "Put a knight on the board" (l22): P1 has no knight, and "Activate a knight",
        # "Move a knight" and "Promote a knight" looked playable
        ("puzzle_ck_knights", 18, "P1"),
        # 9.18 and 11.16 (C&K for two: "Take a knight off for tokens" too): no knight either
        ("puzzle_ck_progress", 4, "P2"),
        ("puzzle_ck_2p", 8, "P1"),
    ],
)
def test_a_c_and_k_question_greys_the_knight_kinds_when_the_seat_has_no_knight(lesson, node, seat):
    t = at_question(_asked(lesson, node))
    palette = t.controls.palette
    kinds = [k for _, k in palette.options]
    greyed = {kinds[int(c.removeprefix(OFF_CLASS))] for c in palette._dom_classes
              if c.startswith(OFF_CLASS)}  # fmt: skip
    acts = {"activate", "promote", "move knight", "chase robber", "remove knight"} & set(kinds)
    assert {"activate", "promote", "move knight"} <= acts and acts <= greyed
    assert "recruit" in kinds and "recruit" not in greyed  # the way to a knight stays
    tips = dict(zip(kinds, palette.tooltips, strict=True))
    for kind in acts:  # (one recruited this turn may be activated: "now", not "this turn")
        assert tips[kind] == f"Not possible now: {seat} has no knight on the board."


def test_a_seat_with_a_knight_keeps_the_knight_kinds():
    """7.8's next question (node 19): P1's new knight lies on N4: no knight kind greyed."""
    t = at_question(_asked("puzzle_ck_knights", 19))
    palette = t.controls.palette
    kinds = [k for _, k in palette.options]
    greyed = {kinds[int(c.removeprefix(OFF_CLASS))] for c in palette._dom_classes
              if c.startswith(OFF_CLASS)}  # fmt: skip
    assert "activate" in kinds and not greyed & {"activate", "promote", "move knight"}
