"""A form's lists offer, for what is already chosen, only what the engine lets go with it (s18,
a fresh learner): 2.2's "rob from" at hex M offered "nobody | P2 | P3" though P3 has nothing
on M; 8.11's "Activate a knight" listed all 54 corners. At every course question, a robber's
victims at each hex are those a legal move robs there, and a knight's move is offered only
where the mover has a knight it can act with (``widgets.possible_parts``); every such corner
stays (the answer is not narrowed beyond the board)."""

from __future__ import annotations

import pytest
from puzzle_answers import course_puzzles
from test_puzzle_secret import at_question

from catan_tutor.actions import MoveRobber
from catan_tutor.board import HEX_NAMES, parse_hex
from catan_tutor.variants.ck_actions import Activate, Promote
from catan_tutor.widgets.kinds import moment_kinds, variant_kinds


def _asked(lesson: str, node: int):
    return at_question(next(a for a in course_puzzles() if (a.lesson, a.node) == (lesson, node)))


def _form_of(t, cls: type):
    s = t.session
    kind = next(k for k, c in variant_kinds(s.game).items() if c is cls)
    s.choose_kind(kind)
    return t.controls.form


def test_the_robbers_victims_at_a_hex_are_those_it_may_rob_there():
    t = _asked("puzzle_base_robber", 3)  # 2.2
    g = t.session.game
    legal = [a for a in g.legal_actions() if isinstance(a, MoveRobber)]
    form = _form_of(t, MoveRobber)
    assert len(form.offered("hex")) == len(HEX_NAMES)  # every hex still: none narrowed
    for name in ("M", "Q", "K"):
        h = parse_hex(name)
        form.set(hex=h)
        there = {a.victim for a in legal if a.hex == h}
        assert set(form.offered("victim")) == there, name
    form.set(hex=parse_hex("M"))
    assert 2 not in form.offered("victim")  # P3 has nothing on M


@pytest.mark.parametrize(("node", "cls"), [(1, Activate), (7, Promote)])
def test_a_knights_move_is_offered_where_the_mover_has_a_knight_for_it(node, cls):
    t = _asked("puzzle_ck_barbarians", node)  # 8.11
    s = t.session.game.state
    me = t.session.game.rules.actors(s)[0]
    knights = {
        v
        for v, k in enumerate(s.kn)
        if k is not None and k.owner == me and not (cls is Activate and k.active)
    }
    form = _form_of(t, cls)
    assert knights and set(form.offered("vertex")) == knights


@pytest.mark.course
def test_no_question_offers_a_victim_a_legal_move_does_not_rob():
    for asked in course_puzzles():
        t = at_question(asked)
        g = t.session.game
        if "move robber" not in moment_kinds(g):
            continue
        legal = [a for a in g.legal_actions() if isinstance(a, MoveRobber)]
        if not legal:
            continue
        form = _form_of(t, MoveRobber)
        for h in {a.hex for a in legal}:
            form.set(hex=h)
            assert set(form.offered("victim")) <= {a.victim for a in legal if a.hex == h}


def test_the_setup_city_s_form_asks_where_the_city_goes():
    """C&K's second placement is a city on a free corner (l19 at 11.16's setup: the form said
    "Choose which settlement becomes a city"); in the game a city still replaces a settlement."""
    from catan_tutor import new_game
    from catan_tutor.actions import BuildCity
    from catan_tutor.widgets.forms import ActionForm

    g = new_game("ck", players=3)
    while not any(isinstance(a, BuildCity) for a in g.legal_actions()):
        g.play(g.legal_actions()[0])  # the first placements, in order
    assert g.state.phase.startswith("setup")
    cities = [a for a in g.legal_actions() if isinstance(a, BuildCity)]
    form = ActionForm(g, cities, lambda a: None)
    assert form.asks() == "where the city goes: a corner, where hexes meet"
    assert "which settlement becomes a city" not in form.status.value
    assert "where the city goes" in form.status.value
