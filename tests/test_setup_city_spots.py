"""C&K's setup city goes on a free corner (CK-SETUP-ROUND2), so its form's "at" list offers no
corner a piece holds, as "or choose one here" does not (l20 at 7.8, a lesson step: "at" listed
C6 and K4, taken, among all 54 corners)."""

from __future__ import annotations

import pytest

from catan_tutor import new_game
from catan_tutor.actions import BuildCity
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import load_scenario
from catan_tutor.widgets.kinds import variant_kinds
from catan_tutor.widgets.taken_spots import free_spots
from catan_tutor.widgets.tutor import Tutor


def _held(state, v: int) -> bool:
    return state.vowner[v] >= 0 or (v < len(state.kn) and state.kn[v] is not None)


def test_free_spots_leave_out_a_setup_city_on_a_held_corner() -> None:
    g = new_game("ck", players=3)
    while not any(isinstance(a, BuildCity) for a in g.legal_actions()):
        g.play(g.legal_actions()[0])  # the first placements, in order
    s = g.state
    held = [v for v in range(len(s.vowner)) if _held(s, v)]
    assert held
    every = [BuildCity(s.active, v) for v in range(len(s.vowner))]
    kept = {a.vertex for a in free_spots(s, every)}
    assert not kept & set(held)
    assert {a.vertex for a in g.legal_actions() if isinstance(a, BuildCity)} <= kept


@pytest.mark.course
def test_7_8_s_setup_city_step_offers_no_held_corner() -> None:
    name = "puzzle_ck_knights"
    sc = load_scenario(packaged_lessons() / f"{name}.catan.yaml")
    t = Tutor(sc)
    s = t.session
    s.lesson_id = name
    for node in sc.tree.walk():
        if node.id in sc.puzzles:
            s.puzzle.solved.add(s.puzzle.key(node))
    seen = 0
    for node in list(sc.tree.walk()):
        s.goto(node.id)
        legal = [a for a in s.game.legal_actions() if isinstance(a, BuildCity)]
        if s.puzzle_secret or not legal:
            continue
        kind = next(k for k, c in variant_kinds(s.game).items() if c is BuildCity)
        s.choose_kind(kind)
        offered = set(t.controls.form.offered("vertex"))
        st = s.game.state
        assert not {v for v in offered if _held(st, v)}, node.action
        assert {a.vertex for a in legal} <= offered
        seen += 1
    assert seen  # the lesson's setup-city steps were met


def test_a_city_or_a_wall_is_not_offered_on_another_party_s_piece() -> None:
    """In the game a city replaces the builder's settlement and a wall goes under the
    builder's city (BASE-BUILD-CITY, CK-WALL-BUILD): another party's corner is never one."""
    from catan_tutor.study.editor import edit
    from catan_tutor.variants.ck_actions import BuildWall

    g = edit(
        new_game("ck", players=3),
        "place P1 city J12",
        "place P2 settlement A4",
        "place P2 city C6",
        "turn P1 main 3",
    )
    s = g.state
    for cls in (BuildCity, BuildWall):
        every = [cls(0, v) for v in range(len(s.vowner))]
        kept = {a.vertex for a in free_spots(s, every)}
        others = {v for v in range(len(s.vowner)) if s.vowner[v] not in (-1, 0)}
        assert len(others) == 2 and not kept & others, cls.__name__
        assert {v for v in range(len(s.vowner)) if s.vowner[v] == 0} <= kept
