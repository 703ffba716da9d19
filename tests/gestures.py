"""A whole game played through the tutor by gestures alone, as a user would: the palette,
board clicks, the form and the Roll and End turn buttons (tests/test_tutor_games.py, and
benchmarks/form_steps.py, which times it)."""

from __future__ import annotations

import random
from dataclasses import fields

from catan_tutor import board, new_game
from catan_tutor.actions import EndTurn, Offer
from catan_tutor.sampler import greedy_choice
from catan_tutor.widgets import Tutor
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
    if t.timeline.current is before:
        t.controls.form.set(**{f.name: getattr(a, f.name) for f in fields(a)})
        t.controls.form.play_button.click()
    assert t.timeline.current.action == a, (
        str(a),
        t.controls.message.value,
        t.controls.form.status.value,
    )


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
