"""A whole game played through the tutor by gestures alone, as a user would: the palette,
board clicks, the form and the Roll and End turn buttons (tests/test_tutor_games.py, and
benchmarks/form_steps.py, which times it)."""

from __future__ import annotations

import random
from dataclasses import fields

from catan_tutor import board, new_game
from catan_tutor.actions import Die, EndTurn, Offer, Roll
from catan_tutor.game import Game
from catan_tutor.sampler import greedy_choice
from catan_tutor.widgets import Tutor
from catan_tutor.widgets.dice_form import DiceForm
from catan_tutor.widgets.kinds import kind_name, target_of

XY = {"vertex": board.vertex_xy, "edge": board.edge_xy, "hex": board.hex_centre_xy}


def gesture(t: Tutor, a) -> None:
    """Play ``a`` the way a user would: choose its kind, click its spot if it has one, and
    finish the form (its lists and card counts) when the click leaves a choice open."""
    before = t.timeline.current
    if isinstance(a, EndTurn):  # its own button (not again in the palette)
        t.controls.end_button.click()
    elif t.controls.palette.value != kind_name(a):
        t.controls.palette.value = kind_name(a)
    spot = target_of(a)
    if spot is not None and t.timeline.current is before:
        t.board.click(*t.view.vp.px(XY[spot[0]](spot[1])))
    if t.timeline.current is before and isinstance(t.controls.form, DiceForm):  # the dice
        return throw(t, a, before)
    if t.timeline.current is before:
        t.controls.form.set(**{f.name: getattr(a, f.name) for f in fields(a)})
        t.controls.form.play_button.click()
    assert t.timeline.current.action == a, (
        str(a),
        t.controls.message.value,
        t.controls.form.status.value,
    )


def throw(t: Tutor, a, before) -> None:
    """The dice form's throw: ``a`` (the Roll or the first die) and each die after it as the
    sampler would throw it (the game the same as one rolled by the Roll button)."""
    form = t.controls.form
    g = Game(t.game.rules, t.game.state)
    depth = before.depth
    if isinstance(a, Roll):
        g.play(a)
        depth += 1
    values = {}
    for k, label in enumerate(form.pickers):
        die = a if k == 0 and not isinstance(a, Roll) else t.session.sampler.chance_at(g, depth)
        values[label] = die.value if isinstance(die, Die) else die.face
        g.play(die)
        depth += 1
    form.set(**values)
    form.play_button.click()
    path = t.timeline.path()
    assert path[path.index(before) + 1].action == a, (str(a), form.status.value)


def play_by_gestures(variant: str, players: int, seed: int, limit: int) -> Tutor:
    """A seeded game of ``variant`` played to its winner by gestures (greedy seats; the
    sampler's chance outcome forced through the form every fifth chance event), at most
    ``limit`` of them."""
    t = Tutor(new_game(variant, players=players, seed=seed), seed=seed)
    rng = random.Random(seed)
    for i in range(limit):
        g = t.game
        if g.is_over():
            return t
        if g.is_chance():
            if i % 5:
                t.controls.roll_button.click()
            else:  # force the sampler's outcome through the form now and then
                gesture(t, t.session.sampler.chance(g))
            continue
        acts = [a for a in g.legal_actions() if not isinstance(a, Offer)]
        gesture(t, greedy_choice(rng, g.state, acts))
    raise AssertionError(f"{variant}: no winner after {limit} gestures")
