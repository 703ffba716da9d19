"""Public API, CLI, notation and position text of the two-player variants."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from catan_tutor import Game, NotationError, PositionError, new_game, random_playout
from catan_tutor.actions import (
    Bid,
    ForcedTrade,
    NeutralRoad,
    NeutralSettle,
    Pass,
    ReturnKnight,
    RobberHome,
    parse_action,
)  # fmt: skip
from catan_tutor.board import parse_edge, parse_vertex

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("variant", ["base-2p", "base-dummy"])
@pytest.mark.parametrize("players", [1, 3, 4])
def test_two_player_variants_refuse_other_seat_counts(variant, players):
    with pytest.raises(ValueError, match="for 2 players"):
        new_game(variant, players=players)


@pytest.mark.parametrize("variant", ["base-2p", "base-dummy"])
def test_cli_plays_a_two_player_variant_to_a_winner(variant):
    out = subprocess.run(
        [sys.executable, "-m", "catan_tutor.cli", "play", "--variant", variant, "--players", "2",
         "--seed", "1"], capture_output=True, text=True, check=True, cwd=ROOT, timeout=120)
    lines = out.stdout.splitlines()
    assert lines[-1].startswith("winner P")
    g = new_game(variant, players=2, seed=1)
    random_playout(g, 1, policy="greedy")
    assert lines[:-1] == [str(a) for a in g.history]


def test_party_names_and_colours():
    g2 = new_game("base-2p", players=2)
    assert g2.players == 2 and g2.names == ("P1", "P2", "N1", "N2") and len(g2.colors) == 4
    gd = new_game("base-dummy", players=2)
    assert gd.players == 2 and gd.names == ("P1", "P2", "D") and len(gd.colors) == 3


def test_observation_hides_the_opponent_but_shows_the_dummy():
    g = new_game("base-dummy", players=2, seed=3)
    random_playout(g, 3, policy="greedy")
    while not g.state.hands[1] or g.is_over():  # a position where P2 holds cards
        g.undo()
    obs = g.observation(viewer=0)
    p1, p2, d = obs["seats"]
    assert p1["hand"] == list(g.state.hands[0])
    assert p2["hand"] is None and p2["hand_size"] == sum(g.state.hands[1]) > 0
    assert d["seat"] == "D" and d["hand"] == list(g.state.hands[2])  # face up for everyone


NEW_ACTIONS = [
    (NeutralSettle(0, 0, parse_vertex("D4")), "P1 neutral N1 settle D4"),
    (NeutralRoad(1, 1, parse_edge("G5")), "P2 neutral N2 road G5"),
    (ForcedTrade(0, (1, 0, 0, 0, 1), (0, 0, 2, 0, 0)), "P1 force take 1 brick, 1 ore give 2 wool"),
    (RobberHome(1), "P2 robber-home"),
    (ReturnKnight(0), "P1 return knight"),
    (Bid(1, (2, 0, 0, 1, 0), 4), "P2 bid 2 brick, 1 grain for ore"),
    (Pass(0), "P1 pass"),
]  # fmt: skip


@pytest.mark.parametrize(("action", "text"), NEW_ACTIONS)
def test_new_actions_print_and_parse_back(action, text):
    assert str(action) == text
    assert parse_action(text, -1) == action


@pytest.mark.parametrize("text", [
    "P1 neutral N3 road A3", "P1 neutral N1 city D4", "P1 neutral N1 settle Z9",
    "P1 force take 1 brick give", "P1 force 1 brick give 1 ore", "P1 return", "P1 return army",
    "P2 bid 2 brick", "P2 bid for ore", "die purple 3", "die dev 7",
])  # fmt: skip
def test_bad_notation_names_the_text(text):
    with pytest.raises(NotationError) as info:
        parse_action(text, 0)
    assert repr(text) in str(info.value)


def _edited(text: str, **fields: str) -> str:
    words = text.split()
    out = words[:2]
    for w in words[2:]:
        k, _, v = w.partition("=")
        out.append(f"{k}={fields.pop(k, v)}")
    assert not fields
    return " ".join(out)


@pytest.fixture(scope="module")
def mid_2p() -> str:
    g = new_game("base-2p", players=2, seed=5)
    random_playout(g, 5)
    while g.state.phase != "main":
        g.undo()
    return g.position()


@pytest.fixture(scope="module")
def mid_dummy() -> str:
    g = new_game("base-dummy", players=2, seed=5)
    random_playout(g, 5, policy="greedy")
    while g.state.phase != "main":
        g.undo()
    return g.position()


@pytest.mark.parametrize(("fields", "key"), [
    ({"supply": "19"}, "supply"),
    ({"tokens": "5,5,1,0", "supply": "9"}, "tokens"),
    ({"knights": "0,0,1,0"}, "knights"),
    ({"sums": "1"}, "sums"),
    ({"sums": "4,5,6"}, "sums"),
    ({"nb": "castle:main"}, "nb"),
    ({"nb": "road:main"}, "nb"),
    ({"nb": "road:main:city"}, "nb"),
    ({"active": "N1"}, "active"),
    ({"winner": "N2"}, "winner"),
    ({"hands": "0,0,0,0,0/0,0,0,0,0/1,0,0,0,0/0,0,0,0,0"}, "bank"),
])  # fmt: skip
def test_bad_2p_position_names_the_field(mid_2p, fields, key):
    Game.from_position(mid_2p)  # the unedited text loads
    with pytest.raises(PositionError) as info:
        Game.from_position(_edited(mid_2p, **fields))
    assert f"field {key}=" in str(info.value) or f"field {key!r}" in str(info.value)


def test_neutral_city_is_refused(mid_2p):
    g = Game.from_position(mid_2p)
    text = _edited(mid_2p, cities="-/-/H4/-", settlements=_without(g, "H4"))
    with pytest.raises(PositionError, match="N1 has 1, more than 0"):
        Game.from_position(text)


def _without(g: Game, label: str) -> str:
    """The settlements field with the building on ``label`` removed."""
    field = next(w for w in g.position().split() if w.startswith("settlements="))
    parts = field.split("=", 1)[1].split("/")
    return "/".join(",".join(x for x in p.split(",") if x != label) or "-" for p in parts)


@pytest.mark.parametrize(("fields", "key"), [
    ({"settlements": "-/-/-/-"}, "settlements"),
    ({"bids": "?/pass"}, "bids"),
    ({"tb": "robber:K:-"}, "tb"),
    ({"phase": "dev-die"}, "phase"),
    ({"active": "D", "phase": "main"}, "phase"),
    ({"colors": "red,blue"}, "colors"),
    ({"droad": "x"}, "droad"),
])  # fmt: skip
def test_bad_dummy_position_names_the_field(mid_dummy, fields, key):
    Game.from_position(mid_dummy)
    with pytest.raises(PositionError) as info:
        Game.from_position(_edited(mid_dummy, **fields))
    assert f"field {key}=" in str(info.value)


def test_unknown_field_for_the_variant_is_refused(mid_dummy):
    with pytest.raises(PositionError, match="unknown field 'tokens' for base-dummy"):
        Game.from_position(mid_dummy + " tokens=5,5,0")
