"""The move form's box, Play this move, Explain, Open in Rules and its verdict line are made once
a Play panel (``FormFrame``), not once a kind chosen: a form made whole was ~25 widget models,
each made by the kernel and opened and drawn by the page (39 % of the kernel's CPU over a game
played by gestures, benchmarks/form_steps.py). Each form makes its own fields only, and the
states the shared parts carry (the verdict, Open in Rules shown, the line hidden at a
question, Play lit) start afresh with each form: nothing of the last form's shows."""

from __future__ import annotations

import ipywidgets as widgets
from helpers import after_setup
from puzzle_answers import at_question, course_puzzles

from catan_tutor.actions import Die
from catan_tutor.widgets import Tutor
from catan_tutor.widgets.dice_form import DiceForm
from catan_tutor.widgets.forms import ActionForm


def _made(fn) -> int:
    """How many widget models ``fn`` makes."""
    made, init = [0], widgets.Widget.__init__

    def counted(self, *a, **k):
        made[0] += 1
        init(self, *a, **k)

    widgets.Widget.__init__ = counted  # type: ignore[method-assign]
    try:
        fn()
    finally:
        widgets.Widget.__init__ = init  # type: ignore[method-assign]
    return made[0]


def test_a_kind_chosen_makes_its_fields_only_and_the_buttons_stay() -> None:
    t = Tutor(after_setup("base", 3))
    s, c = t.session, t.controls
    s.choose_kind("roll")  # the dice set by hand (BASE-PROD-ROLL): a list per die
    roll = c.form
    assert isinstance(roll, DiceForm) and roll.play_button.disabled  # no die chosen yet
    roll.set(**{"white die": 2, "red die": 5})
    assert "2 and 5: 7" in roll.status.value and not roll.play_button.disabled
    assert roll.play_button.description == "Roll these dice"
    frame = c.form_frame
    buttons = (frame.play_button, frame.explain_button, frame.rule_button, frame.status)
    assert (roll.play_button, roll.explain_button, roll.rule_button, roll.status) == buttons
    picker = roll.pickers["white die"]
    c.roll_button.click()  # the seeded dice: a 7, the robber to move
    assert t.game.state.phase == "robber"
    made = _made(lambda: s.choose_kind("move robber"))
    robber = c.form
    assert robber is not None and robber is not roll
    # three lists (player, hex, victim) and "or choose one here": their Layout and style
    # shared; the form whole was 25 models
    assert made <= 6, made
    assert (robber.play_button, robber.explain_button, robber.rule_button, robber.status) == (
        buttons
    )
    assert picker.comm is None and roll.pickers["red die"].comm is None  # the last form's closed
    assert all(w.comm is not None for w in buttons)  # the frame's kept
    # no verdict of the roll's: what to choose, Play off, no rule to open
    assert "BASE-PROD-ROLL" not in robber.status.value and "Choose the hex" in robber.status.value
    assert robber.play_button.disabled and robber.rule_button.layout.display == "none"
    # the page's shape: .catan-form-box > .catan-form (the frame: the form's fields, then the
    # buttons and the line); the fields the robber form's alone
    assert c.form_box.children == (frame.widget,) and "catan-form" in frame.widget._dom_classes
    fields = (*robber.pickers.values(), robber.listed)  # in the frame's box itself (no box
    assert frame.widget.children[: len(fields)] == fields  # of their own: a view fewer)
    rest = frame.widget.children[len(fields) :]
    assert len(rest) == 2 and rest[0].children == buttons[:3] and rest[1] is frame.status


def test_the_line_hidden_at_a_question_shows_again_at_the_step_before() -> None:
    """A puzzle's form hides its verdict line (a "✓ allowed" would tell the answer); ◀ to the
    step before, the lesson's form shows its line again (the frame is shared)."""
    asked = next(a for a in course_puzzles() if a.lesson == "puzzle_base_setup")
    t = at_question(asked)
    s, c = t.session, t.controls
    s.choose_kind(s.kinds()[0])
    assert c.form is not None and c.form.status.layout.display == "none"
    parent = s.timeline.nodes[asked.node].parent
    assert parent is not None
    s.goto(parent.id)
    assert not s.puzzle_secret and c.form is not None
    assert c.form.status.layout.display == "" and "Choose where" in c.form.status.value


def test_play_and_explain_act_on_the_form_shown_and_a_closed_form_leaves_the_box() -> None:
    t = Tutor(after_setup("base", 3))
    s, c = t.session, t.controls
    s.choose_kind("roll")
    first = c.form
    assert first is not None
    s.choose_kind("roll")  # (chosen again: the same kind, shown anew)
    c._set_form(c._form(s.of_kind()))
    second = c.form
    assert isinstance(second, DiceForm) and second is not first
    assert first.explain_button.layout.display == "none"  # any throw is allowed: no Explain
    second.set(**{"white die": 1, "red die": 3})
    first.play_button.click()  # the frame's Play: the form shown's throw
    assert t.timeline.current.action == Die("red", 3) and t.game.state.dice == (1, 3)
    c._set_form(None)
    frame = c.form_frame
    assert c.form_box.children == () and frame.widget.children == (frame.buttons, frame.status)


def test_a_form_alone_has_a_frame_of_its_own() -> None:
    """A form made outside a panel (the tests', a notebook's) has a frame of its own, closed
    with it."""
    g = after_setup("base", 3)
    form = ActionForm(g, [a for a in g.legal_actions()], lambda a: None)
    other = ActionForm(g, [a for a in g.legal_actions()], lambda a: None)
    assert form.play_button is not other.play_button
    assert "catan-form" in form.widget._dom_classes
    form.close()
    assert form.pickers["player"].comm is None and form.play_button.comm is None
    assert form.widget.comm is None and form.status.layout.comm is None
    assert other.play_button.comm is not None


def test_the_list_of_whole_moves_opens_on_choose_not_blank():
    """l36 at 3.1's bank trade: "or choose one here:" showed an empty box, as if broken; it
    says "— choose —" first, as the other lists, and choosing it fills nothing."""
    from catan_tutor import new_game
    from catan_tutor.widgets.forms import CHOOSE_LABEL, ActionForm

    g = new_game("base", players=3, seed=1)
    robber = [g.parse(x) for x in ("P1 robber K P2", "P1 robber E P3", "P1 robber E")]
    form = ActionForm(g, robber, lambda a: None)
    assert form.listed.options[0] == (CHOOSE_LABEL, None) and form.listed.value is None
    assert form.listed.label == CHOOSE_LABEL
    form.listed.value = robber[1]
    form.listed.value = None
    assert form.action() == robber[1] and form.listed.label == CHOOSE_LABEL  # fields kept
