"""What a form still asks, said by name (issue s14: after a refused try in 2.2, "the robber
after a 7", the form's "rob from" field stood blank and the reply said only "finish the form").
Swept over the forms the course's puzzles open (every kind of their moment) and the forms of
every packaged lesson's first position: a list with nothing chosen shows its placeholder,
never a blank, and a click with several moves at the spot names the field left to choose."""

from __future__ import annotations

import pytest
from puzzle_answers import at_question, course_puzzles

from catan_tutor import board
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import SUFFIX, load_scenario
from catan_tutor.widgets.forms import CARD_FIELDS, CHOOSE_LABEL, ActionForm, _choose, card_order
from catan_tutor.widgets.kinds import clicked_fields, moment_kinds, target_of
from catan_tutor.widgets.tutor import Tutor

PUZZLES = course_puzzles()
LESSONS = sorted(p.name[: -len(SUFFIX)] for p in packaged_lessons().glob(f"*{SUFFIX}"))


def no_blank_list(form: ActionForm, where: str) -> None:
    for name, dd in form.pickers.items():
        if name in CARD_FIELDS:  # cards in the game's order, in every list (s16)
            values = [v for _, v in dd.options if v is not None]
            assert values == sorted(values, key=card_order), (where, name, dd.options)
        if dd.value is None and len(dd.options) > 1:
            assert dd.index == 0 and dd.label == CHOOSE_LABEL, (where, name, dd.options[:3])
        assert dd.index is not None or not dd.options, (where, name, "shows blank")


def several_named(t: Tutor, where: str) -> int:
    """Click a spot with several moves of the chosen kind: the reply names what to choose."""
    form = t.controls.form
    assert form is not None
    by_spot: dict = {}
    for a in form.actions:
        if target_of(a) is not None:
            by_spot.setdefault(target_of(a), []).append(a)
    spot = next((sp for sp, acts in by_spot.items() if len(acts) > 1), None)
    if spot is None or not clicked_fields(type(form.actions[0])):
        return 0
    t.controls.act_at(spot)
    said = t.controls.message.value
    if "Several moves here" not in said:
        return 0  # the click played or asked otherwise (a lesson's own move)
    form = t.controls.form
    assert form is not None
    acts = by_spot[spot]
    asks = form.asks(acts)
    assert asks, (where, said)
    assert f"finish the form (choose {asks}" in said, (where, said)
    open_fields = [n for n in form.pickers if len({getattr(a, n) for a in acts}) > 1]
    assert asks == _choose(open_fields[0], form.cls), (where, asks)
    dd = form.pickers[open_fields[0]]  # already set in its list: said so (l50, "whom to rob")
    if dd.value is not None:
        assert f"(choose {asks}: {dd.label} is chosen now)" in said, (where, said)
    else:
        assert f"(choose {asks})" in said, (where, said)
    no_blank_list(form, where)
    return 1


def sweep(t: Tutor, kinds: list[str], where: str) -> int:
    named = 0
    at = t.session.timeline.current.id
    for kind in kinds:
        t.session.goto(at)
        t.session.choose_kind(kind)
        if t.controls.form is None:
            continue
        no_blank_list(t.controls.form, f"{where} {kind}")
        named += several_named(t, f"{where} {kind}")
    return named


@pytest.mark.course
def test_every_puzzle_form_shows_a_placeholder_and_names_what_is_left():
    named = 0
    for asked in PUZZLES:
        t = at_question(asked)
        named += sweep(t, moment_kinds(t.session.game), f"{asked.lesson}@{asked.node}")
    assert named >= 1  # 2.2's robber at least: a hex with several victims


@pytest.mark.course
@pytest.mark.parametrize("lesson", LESSONS)
def test_every_lesson_form_shows_a_placeholder_and_names_what_is_left(lesson):
    t = Tutor(load_scenario(packaged_lessons() / f"{lesson}{SUFFIX}"))
    sweep(t, t.session.kinds(), lesson)


def test_after_a_refused_robber_the_form_shows_choose_not_blank_and_the_reply_names_it():
    """2.2 as the learner met it: hex M clicked. Only P2 can be robbed there (s18: the form
    offered P3 too, who has nothing on M), so the click tries "robber M P2" at once: refused,
    the form shows the move tried, no list blank (l277 at 1.4: a wrong tap's spot was not
    kept, and Play this move tried the last one again); hex R clicked: tried at once too."""
    asked = next(a for a in PUZZLES if a.lesson == "puzzle_base_robber")
    t = at_question(asked)
    t.controls.act_at(("hex", board.HEX_NAMES.index("M")))
    assert t.session.puzzle.tries == 1
    form = t.controls.form
    assert form is not None
    assert (form.pickers["hex"].label, form.pickers["victim"].label) == ("M", "P2")
    t.controls.act_at(("hex", board.HEX_NAMES.index("R")))
    assert t.session.puzzle.tries == 2
    form = t.controls.form
    assert form.pickers["hex"].label == "R" and form.pickers["victim"].label


def test_BASE_ROBBER_STEAL_a_hex_with_two_victims_says_whom_the_form_has_chosen():
    """l50 in a free game: a click on a hex touching two players said "finish the form
    (choose whom to rob)" with P2 already in the list, which read as a fault: the reply says
    which player is chosen now (BASE-ROBBER-STEAL)."""
    from catan_tutor.game import Game
    from catan_tutor.study.resources import packaged_lessons
    from catan_tutor.study.scenario import SUFFIX, load_scenario
    from catan_tutor.widgets.kinds import kind_name

    for path in sorted(packaged_lessons().glob(f"*{SUFFIX}")):
        sc = load_scenario(path)
        node = sc.tree.root
        while node.children:
            g = Game(sc.tree.rules, node.state)
            robs = [a for a in g.legal_actions() if kind_name(a) == "move robber"]
            by_hex: dict = {}
            for a in robs:
                by_hex.setdefault(target_of(a), []).append(a)
            spot = next((h for h, acts in by_hex.items() if len(acts) > 1), None)
            if spot is not None:
                t = Tutor(Game(sc.tree.rules, node.state))
                t.session.choose_kind("move robber")
                t.controls.act_at(spot)
                said = t.controls.message.value
                dd = t.controls.form.pickers["victim"]
                assert "Several moves here" in said, said
                assert dd.value is not None and f": {dd.label} is chosen now)" in said, said
                return
            node = node.children[0]
    pytest.fail("no lesson moves the robber to a hex with two players to rob")
