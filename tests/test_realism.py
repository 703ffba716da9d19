"""Realistic lesson starts (catan_tutor.study.realism): every way a start could not arise in a game
is found and named with its rule, and ``unrealistic: why`` opts a drill out of the check."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from catan_tutor import Game, new_game
from catan_tutor.errors import ScenarioError
from catan_tutor.study.realism import problems
from catan_tutor.study.scenario import SUFFIX, loads_scenario

# the rules engine alone: left out of the minimum-versions lane (scripts/min_versions.sh)
pytestmark = pytest.mark.engine

ROOT = Path(__file__).resolve().parent.parent
BASE_SETUP = [
    "P1 settle N6",
    "P1 road N5",
    "P2 settle K4",
    "P2 road K5",
    "P3 settle H4",
    "P3 road H3",
    "P3 settle C6",
    "P3 road C5",
    "P2 settle P6",
    "P2 road P7",
    "P1 settle R4",
    "P1 road R3",
]
CK_SETUP = [
    "P1 settle N6",
    "P1 road N5",
    "P2 settle K4",
    "P2 road K5",
    "P3 settle H4",
    "P3 road H3",
    "P3 city C6",
    "P3 road C5",
    "P2 city O4",
    "P2 road O5",
    "P1 city A6",
    "P1 road A5",
]


def _played(variant: str, moves: list[str]) -> Game:
    g = new_game(variant, players=3, board="beginner", seed=0)
    for m in moves:
        g.play(m)
    return g


def _with(game: Game, **fields: str) -> Game:
    """The game's position with some fields of its position text replaced."""
    text = game.position()
    for key, value in fields.items():
        text, n = re.subn(rf"(?<= ){key}=\S+", f"{key}={value}", text)
        assert n == 1, key
    return Game.from_position(text)


@pytest.fixture(scope="module")
def base() -> Game:
    return _played("base", BASE_SETUP)


@pytest.fixture(scope="module")
def ck() -> Game:
    return _played("ck", CK_SETUP)


def test_games_played_from_a_new_game_are_realistic(base, ck):
    assert problems(new_game("base", players=4)) == []  # setup, nothing placed yet
    assert problems(_played("base", BASE_SETUP[:7])) == []  # mid-setup
    assert problems(base) == [] and problems(ck) == []
    g = base.clone()
    for m in ("P1 roll", "die white 3", "die red 4", "P1 robber P P2", "steal wool", "P1 end"):
        g.play(m)
    assert problems(g) == []


@pytest.mark.parametrize(
    ("variant", "players"),
    [("base", 4), ("base-2p", 2), ("base-dummy", 2), ("ck", 3), ("ck-2p", 2)],
)
def test_every_position_of_a_random_game_is_realistic(variant: str, players: int):
    """No false alarm: a seeded random game, checked every 40 moves and at its end (cities
    lost to the barbarians included, CK-BARB-LOSE)."""
    from helpers import random_step

    g = new_game(variant, players=players, seed=3)
    rng = random.Random(3)
    for i in range(4000):
        if g.is_over():
            break
        random_step(g, rng)
        if i % 40 == 0:
            assert problems(g) == [], (i, g.position())
    assert problems(g) == [] and g.state.turn > 20


def test_a_road_joined_to_nothing_of_its_owner(base):
    found = problems(_with(base, roads="N5,R3,A1/K5,P7/C5,H3"))
    assert found == ["P1's road on A1 is not joined to P1's buildings (BASE-BUILD-ROAD)"]


def test_a_knight_away_from_its_owners_roads(ck):
    found = problems(_with(ck, kn="S4:P1:1:---"))
    assert len(found) == 1
    assert "knight on S4 is not on a corner one of its roads touches" in found[0]
    assert "CK-KNIGHT-RECRUIT" in found[0]


def test_a_player_with_fewer_pieces_than_setup_gives(base):
    found = problems(
        _with(base, settlements="N6/K4,P6/C6,H4", roads="N5/K5,P7/C5,H3", bank="18,18,15,18,19")
    )
    assert "P1 has 1 building(s); setup gives every player two [BASE-SETUP-ROUND2]" in found
    assert "P1 has 1 road(s); setup gives every player two [BASE-SETUP-ROUND1]" in found


def test_a_building_without_a_road_of_its_owner(base):
    found = problems(_with(base, roads="N5,N3/K5,P7/C5,H3"))
    assert found == [
        "P1's settlement on R4 touches none of P1's roads; a building must touch "
        "one of its owner's roads [BASE-BUILD-SETTLEMENT]"
    ]


def test_cities_and_knights_without_the_setup_city(ck):
    found = problems(_with(ck, cities="-/O4/C6", settlements="N6,A6/K4/H4"))
    assert found == [
        "P1 has no city; setup gives every player a city in Cities & Knights [CK-SETUP-ROUND2]"
    ]


def test_a_neutral_without_its_start_settlement():
    g = new_game("base-2p", players=2, board="beginner", seed=0)
    for m in (
        "P1 settle N6",
        "P1 road N5",
        "P2 settle A6",
        "P2 road A5",
        "P2 settle O4",
        "P2 road O5",
        "P1 settle C6",
        "P1 road C5",
    ):
        g.play(m)
    assert problems(g) == []
    text = g.position()
    settled = re.search(r"(?<= )settlements=(\S+)", text)[1].split("/")
    found = problems(_with(g, settlements="/".join([*settled[:2], "-", settled[3]])))
    assert found == [
        "Neutral 1 has no settlement; setup puts one on the board [2P-SETUP-NEUTRAL-SETTLEMENTS]"
    ]


def test_victory_points_a_game_still_going_cannot_have(base):
    found = problems(
        _with(
            base,
            dev="0,5,0,0,0/0,0,0,0,0/0,0,0,0,0",
            deck="11,0,2,2,2",
            knights="3,0,0",
            army="P1",
            settlements="-/K4,P6/C6,H4",
            cities="N6,R4/-/-",
            bank="18,18,15,18,19",
        )
    )
    assert found == ["P1 has 11 VP in a game still going; 10 wins [BASE-WIN-10]"]


def test_awards_held_as_the_awards_give_them(base):
    assert problems(_with(base, longest="P1")) == [
        "P1 holds Longest Road with a road of 1, not the longest of 5 or more "
        "[BASE-AWARD-LONGEST-ROAD]"
    ]
    assert problems(_with(base, army="P2")) == [
        "P2 holds Largest Army with 0 Knights played, not the most of 3 or more "
        "[BASE-AWARD-LARGEST-ARMY]"
    ]
    assert problems(_with(base, knights="3,0,0", deck="11,5,2,2,2")) == [
        "nobody holds Largest Army, though P1 has played 3 Knights [BASE-AWARD-LARGEST-ARMY]"
    ]


def test_more_defender_tokens_than_the_box_holds(ck):
    """003's components: 6 VP tokens for the defenders (CK-BARB-TOKENS)."""
    assert problems(_with(ck, defender="2,0,5", attacked="1")) == [
        "7 defender tokens are held (P1 2, P3 5); the box holds 6 (CK-BARB-TOKENS)"
    ]
    assert not [w for w in problems(_with(ck, defender="1,0,5")) if "defender" in w]


def test_counts_beyond_the_supply_do_not_even_load():
    """Pieces, cards and tokens beyond the game's supply are refused when the start is read
    (the position's own checks), with the rule."""
    text = "title: x\nvariant: base\nplayers: 3\nstart:\n- hand P1 20 ore\n"
    with pytest.raises(
        ScenarioError,
        match=r"x.catan.yaml:5: start: .*more than the 19 that "
        r"exist \(BASE-COMP-CARDS\)",
    ):
        loads_scenario(text, "x.catan.yaml")


# ---------------------------------------------------------------- the command line
DRILL = """\
title: A drill
variant: base
players: 3
start:
- place P1 settlement J12
- place P1 road J1
- place P2 settlement A4
- place P2 road A3
- place P3 settlement S4
- place P3 road S3
- turn P1 main 3
expect:
  pending: P1
"""


def _check(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "catan_tutor.cli", "check", str(path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )


def test_check_fails_an_unrealistic_start_naming_why(tmp_path: Path):
    drill = tmp_path / f"drill{SUFFIX}"
    drill.write_text(DRILL)
    out = _check(drill)
    assert out.returncode == 1
    assert (
        f"{drill}:5: FAIL unrealistic: P1 has 1 building(s); setup gives every player two "
        "[BASE-SETUP-ROUND2]"
    ) in out.stdout.splitlines()
    assert out.stdout.count("FAIL unrealistic:") == 6  # a building and a road, for three
    assert (
        "1 passed, 0 failed in 1 scenario file(s) (0 puzzle(s)), 6 unrealistic start(s)"
        in out.stdout
    )


def test_unrealistic_opts_a_drill_out(tmp_path: Path):
    drill = tmp_path / f"drill{SUFFIX}"
    drill.write_text(
        DRILL.replace(
            "players: 3\n", "players: 3\nunrealistic: one piece each, to see the road rule alone\n"
        )
    )
    out = _check(drill)
    assert out.returncode == 0, out.stdout + out.stderr
    assert (
        f"{drill}:6: ok   realism not checked (unrealistic: one piece each, to see the "
        "road rule alone)"
    ) in out.stdout
    assert "FAIL" not in out.stdout


def test_unrealistic_needs_a_reason():
    text = DRILL.replace("players: 3\n", "players: 3\nunrealistic: ''\n")
    with pytest.raises(ScenarioError, match=r"^x.catan.yaml:4: unrealistic: say why"):
        loads_scenario(text, "x.catan.yaml")


def test_unrealistic_round_trips():
    from catan_tutor.study.scenario import dumps_scenario

    sc = loads_scenario(DRILL.replace("players: 3\n", "players: 3\nunrealistic: a drill\n"))
    assert sc.unrealistic == "a drill"
    text = dumps_scenario(sc)
    assert "\nunrealistic: a drill\n" in text
    assert dumps_scenario(loads_scenario(text)) == text
