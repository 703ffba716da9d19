"""The learner's hand said once (s15, a fresh learner, lessons 1.1 and 8.1): "P1's hand:
nothing." was a line of "What to notice" and again the hand row just below. The hand row
(``play_panel.own_hand_html``) stays; "What to notice" no longer says the hand it shows, but
still says another seat's hand. The same walk over every step checks that no rule's ID shows."""

from __future__ import annotations

import re

import pytest
from test_lesson_rule_marks import LESSONS, _lesson
from test_tutor import RAW_ID, visible_text

from catan_tutor.study.scenario import Expect
from catan_tutor.widgets.hand_once import without_shown_hand

_NOTICE = re.compile(r"<div class='catan-notice'>(.*?)</ul></div>", re.S)
_ROW = re.compile(r"<b>(.+?)&#x27;s hand:</b>|<b>(.+?)'s hand:</b>")


def _shown_twice(tutor) -> list[str]:
    """The hands the hand row shows that "What to notice" says as well."""
    row = _ROW.search(tutor.controls.hand.value)
    if not row:
        return []
    who = row[1] or row[2]
    notice = "".join(_NOTICE.findall(tutor.lesson.value))
    return [who] if re.search(rf"<li>{re.escape(who)}(?:&#x27;|')s hand: ", notice) else []


@pytest.mark.course
@pytest.mark.parametrize("name", LESSONS)
def test_no_step_says_the_hand_row_again_or_shows_a_rule_id(name: str) -> None:
    """Every step of the lesson's main line and variations, walked once for both: "What to
    notice" says not the hand the row shows, and no rule's ID shows in the lesson's text (a
    rule is named by its title; its ID only in attributes, test_tutor.py), nor "a rule" the
    step's own text does not say."""
    from catan_tutor.widgets import Tutor

    sc = _lesson(name)
    t = Tutor(sc)
    t.session.lesson_id = name.split(".")[0]
    twice, ids = [], []
    for node in sc.tree.walk():
        t.session.goto(node.id)
        if said := _shown_twice(t):
            twice.append(f"{node.action or 'start'}: {said}")
        shown = visible_text(t.story.value + t.lesson.value)  # (a question's step: story)
        if RAW_ID.search(shown) or ("a rule" in shown and "a rule" not in node.tutor):
            ids.append(f"{node.action or 'start'}: {shown}")
    assert twice == [], f"{name}: {twice}"
    assert ids == [], f"{name}: {ids}"


def test_another_seats_hand_is_still_said() -> None:
    """Only the hand the row shows goes: P2's, which it does not show, stays."""
    sc = _lesson("base_setup.catan.yaml")
    from catan_tutor.game import Game

    game = Game(sc.tree.rules, next(n for n in sc.tree.walk() if n.action).state)
    seat = game.state.active
    me, other = game.names[seat], game.names[(seat + 1) % game.players]
    ex = [Expect("hand", {me: "nothing", other: "1 wool"}), Expect("vp", {me: "1"})]
    kept = without_shown_hand(ex, game, seat, False)
    assert [(e.key, e.value) for e in kept] == [("hand", {other: "1 wool"}), ("vp", {me: "1"})]
    alone = without_shown_hand([Expect("hand", {me: "nothing"})], game, seat, False)
    assert alone == []
