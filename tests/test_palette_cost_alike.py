"""A question's palette sets no kind apart by its cost, and pressing a kind fills in no spot
(s23, two fresh learners): at 7.8's third question "Activate a knight" was the one knight kind
in bold, Recruit and Promote dotted because P1 could not pay for them, and the learner read
the bold one as the answer; at 8.11 Activate, the one payable knight move and the answer,
filled in "at O6" (P1's one knight) and the board ringed it. Swept over every question of the
course: no button is dotted, no greyed one is greyed for its cost, a kind chosen names no
spot; a kind the seat cannot pay for says so when pressed (CK-BUILD-COSTS, BASE-BUILD-COSTS).
"""

from __future__ import annotations

import pytest
from puzzle_answers import Asked, at_question, course_puzzles

from catan_tutor.study.puzzle import answer_nodes
from catan_tutor.widgets.kinds import COSTS, kind_name, spot_kind, variant_kinds
from catan_tutor.widgets.kinds_unavailable import OFF_CLASS

PUZZLES = course_puzzles()
IDS = [f"{a.lesson}@{a.node}" for a in PUZZLES]


def _asked(lesson: str, node: int) -> Asked:
    return next(a for a in PUZZLES if (a.lesson, a.node) == (lesson, node))


def _looks(t) -> dict[str, str]:
    """Each kind of the palette with its look: 'greyed', 'dotted' (any mark besides the
    greyed one the palette carries, as ``kind_marks.js`` reads it) or 'plain'."""
    palette = t.controls.palette
    kinds = [k for _, k in palette.options]
    classes = set(palette._dom_classes)
    marked = {c.rsplit("-", 1)[0] for c in classes if c[-1:].isdigit()}
    assert marked <= {OFF_CLASS.rstrip("-")}, marked  # (no other look: "catan-unpaid-N")
    return {k: "greyed" if f"{OFF_CLASS}{i}" in classes else "plain" for i, k in enumerate(kinds)}


@pytest.mark.parametrize("asked", PUZZLES, ids=IDS)
def test_no_kind_of_a_question_s_palette_is_set_apart_by_its_cost(asked: Asked):
    t = at_question(asked)
    looks = _looks(t)
    palette = t.controls.palette
    tips = dict(zip([k for _, k in palette.options], palette.tooltips, strict=True))
    for kind, look in looks.items():
        if kind in COSTS:  # greyed only for a reason the whole turn holds, never the price
            assert look == "plain" or "pay" not in tips[kind], (kind, tips[kind])
    assert "pay" not in t.controls.key.value and "Dotted" not in t.controls.key.value
    nodes = answer_nodes(asked.puzzle, t.session.node, t.session.timeline.rules)
    for kind in {kind_name(n.action) for n in nodes} & set(looks):
        assert looks[kind] == "plain", kind


@pytest.mark.parametrize(
    ("lesson", "node"), [("puzzle_ck_knights", 20), ("puzzle_ck_barbarians", 1)]
)
def test_at_7_8_and_8_11_the_knight_kinds_look_alike(lesson: str, node: int):
    """7.8's third question and 8.11's first: Recruit, Promote and Activate (P1 can pay for the
    last only) all plain, none bold alone."""
    looks = _looks(at_question(_asked(lesson, node)))
    assert [looks[k] for k in ("recruit", "promote", "activate")] == ["plain"] * 3, looks


def test_pressing_promote_at_8_11_says_p1_cannot_pay_for_it():
    """A kind the seat cannot pay for is still pressed, and says why (CK-BUILD-COSTS)."""
    t = at_question(_asked("puzzle_ck_barbarians", 1))
    t.session.choose_kind("promote")
    assert t.session.message.startswith(
        "P1 cannot pay for it now: it costs 1 wool and 1 ore; P1 holds"
    ), t.session.message


@pytest.mark.parametrize("asked", PUZZLES, ids=IDS)
def test_pressing_a_kind_at_a_question_fills_in_no_spot(asked: Asked):
    """Each kind of the palette with a spot, pressed at the question: its form leaves every
    spot list at "choose" (8.11: Activate filled in "at O6", the answer's spot) and the board
    rings nothing."""
    t = at_question(asked)
    s = t.session
    kinds = variant_kinds(s.game)
    for kind, look in _looks(t).items():
        if look != "plain" or spot_kind(kinds.get(kind)) is None:
            continue
        s.choose_kind(kind)
        form = t.controls.form
        if form is None:
            continue
        assert form.spot() is None and s.chosen is None, (kind, form.spot())
        for name, picker in form.pickers.items():
            if name in ("vertex", "edge", "hex", "dst", "src"):
                assert picker.value is None, (kind, name, picker.value)
