"""The tutor widget driven in Python: clicks at labelled spots play what the engine allows."""

from __future__ import annotations

from catan_tutor import board, new_game
from catan_tutor.scenario import load_scenario
from catan_tutor.widgets import Tutor
from catan_tutor.widgets.tutor import target_of

ROOT = __import__("pathlib").Path(__file__).resolve().parent.parent


def click_at(t: Tutor, kind: str, label: str) -> None:
    parse = {"vertex": board.parse_vertex, "edge": board.parse_edge, "hex": board.parse_hex}
    xy = {"vertex": board.vertex_xy, "edge": board.edge_xy, "hex": board.hex_centre_xy}
    i = parse[kind](label)
    t.click(*t.view.vp.px(xy[kind](i)))


def test_palette_offers_exactly_the_engines_legal_kinds():
    t = Tutor(new_game("base", players=3))
    assert list(t.palette.options) == ["settle"]
    t.choose_kind("settle")
    assert len(t.view.targets) == len(t.legal()) == 54
    assert {o[1] for o in t.choices.options} == set(t.legal())


def test_clicks_play_setup_and_the_board_follows():
    t = Tutor(new_game("base", players=3))
    t.palette.value = "settle"
    click_at(t, "vertex", "J12")
    assert t.game.state.vowner[board.parse_vertex("J12")] == 0
    assert list(t.palette.options) == ["build road"]
    t.palette.value = "build road"
    assert all(k == "edge" for k, _ in t.view.targets)
    click_at(t, "edge", "S3")  # not next to the new settlement: nothing happens
    assert "Nothing" in t.message.value and t.game.state.turn == 0
    click_at(t, "edge", "J1")
    assert t.game.state.eowner[board.parse_edge("J1")] == 0
    assert t.timeline.moves() == [t.game.parse("P1 settle J12"), t.game.parse("P1 road J1")]
    assert "P2" in t.pending.value


def test_timeline_buttons_and_a_variation():
    t = Tutor(new_game("base", players=3))
    t.play("P1 settle J12")
    t.play("P1 road J1")
    t.back()
    t.back()
    assert t.timeline.current is t.timeline.root and t.log.value == ""
    t.play("P1 settle A4")  # another first move: a variation
    assert len(t.timeline.root.children) == 2
    t.first()
    t.last()
    assert [str(a) for a in t.timeline.moves()] == ["P1 settle E4", "P1 road F7"]


def test_chance_roll_and_forced_outcome():
    g = new_game("base", players=3)
    while g.state.phase != "pre-roll":
        g.play(g.legal_actions()[0])
    t = Tutor(g, seed=3)
    t.play("P1 roll")
    assert not t.roll_button.disabled and t.choices.options  # the outcomes to force
    t.play("die white 6")  # forced
    t.roll()  # the sampler picks the red die
    assert len(t.game.state.dice) == 2 and t.game.state.dice[0] == 6


def test_scenario_shows_its_lesson_text_and_explains():
    sc = load_scenario(ROOT / "scenarios" / "ck_knight_displacement.catan.yaml")
    t = Tutor(sc)
    assert "CK-KNIGHT-DISPLACE" in t.lesson.value
    t.palette.value = "move knight"
    assert ("vertex", board.parse_vertex("J4")) in t.view.targets
    t.choices.value = next(a for _, a in t.choices.options if str(a).endswith("J4"))
    t.explain_button.click()
    assert "legal" in t.message.value
    click_at(t, "vertex", "J4")
    assert t.game.state.phase == "relocate" and t.timeline.current.comment in t.lesson.value


def test_targets_of_actions():
    g = new_game("ck", players=3)
    assert target_of(g.parse("P1 settle J12")) == ("vertex", board.parse_vertex("J12"))
    assert target_of(g.parse("P1 road J1")) == ("edge", board.parse_edge("J1"))
    assert target_of(g.parse("P1 move J2 J4")) == ("vertex", board.parse_vertex("J4"))
    assert target_of(g.parse("P1 end")) is None
