"""Whole games played through the tutor by gestures alone: palette, board clicks, the form and
the Roll and End turn buttons, as a user would; the game must reach a winner in every variant."""

from __future__ import annotations

import random
from dataclasses import fields

import pytest

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


# Each variant's game from one seed. ck-2p's seed 5 game ran 2,465 gestures (greedy seats
# seldom defend against the barbarians); seeds 1-7 gave 617, 1,293, 1,043, over 4,000, 2,465,
# 1,985 and 1,133. Seed 1's, the shortest (a whole game all the same: setup to 13 points,
# barbarians, progress cards), keeps CI's run within its 15 minutes (seed 7's took 34 s there).
SEEDS = {"ck-2p": 1}


@pytest.mark.slow
@pytest.mark.parametrize(
    ("variant", "players"),
    [("base", 3), ("base-2p", 2), ("base-dummy", 2), ("ck", 3), ("ck-2p", 2)],
)
def test_a_whole_game_by_gestures(variant: str, players: int) -> None:
    t = play_by_gestures(variant, players, seed=SEEDS.get(variant, 5), limit=4000)
    g = t.game
    assert g.winner is not None and g.victory_points(g.winner) >= (13 if "ck" in variant else 10)
    assert f"{g.names[g.winner]} wins" in t.header.value
