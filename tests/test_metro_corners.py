"""The Improve form's "metropolis on" list offers the seat's cities that can take one: l23 at
10.6 saw it offer all 54 corners (CK-METRO-TAKE: the metropolis goes on one of the seat's
cities, none with a metropolis already), as the "at" lists offer free corners (s19)."""

from __future__ import annotations

from functools import cache

import pytest
from puzzle_answers import at_question, course_puzzles
from test_metro_words import CK, _improving

from catan_tutor.game import Game
from catan_tutor.state import State
from catan_tutor.variants.ck_actions import Improve
from catan_tutor.widgets.forms import every_spot
from catan_tutor.widgets.taken_spots import free_spots


def _fit(s: State, p: int) -> set[int]:
    """The corners where seat ``p`` may put a metropolis: its cities with none yet."""
    return {v for v in range(len(s.vowner)) if s.vowner[v] == p and s.vcity[v] and v not in s.metro}


@pytest.mark.parametrize("name", CK)
def test_a_metropolis_is_offered_on_the_seats_free_cities_only(name: str) -> None:
    for g, acts in _improving(name):
        s = g.state
        kept = {a.vertex for a in free_spots(s, every_spot(acts)) if type(a) is Improve}
        p = acts[0].player
        assert kept - {-1} <= _fit(s, p), (name, sorted(kept - _fit(s, p) - {-1})[:5])
        assert {a.vertex for a in acts} <= kept  # every legal move stays offered


@cache
def _improve_questions() -> list:
    out = []
    for asked in course_puzzles():
        sc = asked.scenario()
        assert sc.timeline is not None
        node = sc.timeline.nodes[asked.node]
        g = Game(sc.timeline.rules, node.state)
        if any(type(a) is Improve for a in g.legal_actions()):
            out.append(asked)
    return out


def test_the_sweep_meets_the_question_where_a_metropolis_is_won() -> None:
    """10.6's question, whose form listed the 54 corners (the sweep below could fail)."""
    assert ("puzzle_ck_metropolis", 5) in {(a.lesson, a.node) for a in _improve_questions()}


@pytest.mark.parametrize("asked", _improve_questions(), ids=lambda a: f"{a.lesson}@{a.node}")
def test_the_improve_forms_metropolis_list_at_every_ck_question(asked) -> None:
    t = at_question(asked)
    s = t.session
    s.choose_kind("improve")
    form = t.controls.form
    assert form is not None
    if "vertex" not in form.pickers:  # no level a metropolis is won at: no list
        return
    st = s.game.state
    for track in form.offered("track") if "track" in form.pickers else [None]:
        if track is not None:
            form.set(track=track)
        offered = {v for v in form.offered("vertex") if v >= 0}
        p = s.game.current_player if s.game.current_player >= 0 else st.active
        assert offered <= _fit(st, p), (asked.lesson, asked.node, len(offered))
