"""Game.vp_breakdown: where the points come from, summing to victory_points in every variant
(BASE-WIN-VP, CK-VP-SOURCES)."""

from __future__ import annotations

import pytest

from catan_tutor import new_game, random_playout
from catan_tutor.study.editor import edit

# the rules engine alone: left out of the minimum-versions lane (scripts/min_versions.sh)
pytestmark = pytest.mark.engine


@pytest.mark.parametrize(
    ("variant", "players"),
    [("base", 4), ("base-2p", 2), ("base-dummy", 2), ("ck", 3), ("ck-2p", 2)],
)
def test_breakdown_sums_to_the_points_all_game_long(variant: str, players: int) -> None:
    g = random_playout(new_game(variant, players=players, seed=3), seed=3, policy="greedy")
    replay = new_game(variant, players=players, seed=3)
    for i, a in enumerate(g.history[len(replay.history) :]):
        replay.play(a)
        if i % 25 == 0 or replay.is_over():
            for p in range(len(replay.names)):
                parts = replay.vp_breakdown(p)
                assert sum(parts.values()) == replay.victory_points(p)
                assert all(v > 0 for v in parts.values())
    assert replay.is_over()


def test_base_breakdown_names_each_source() -> None:
    g = edit(
        new_game("base", players=3),
        "place P1 settlement J12",
        "place P1 city A4",
        "dev P1 1 vp",
        "turn P1 main 3",
    )
    assert g.vp_breakdown(0) == {"settlements": 1, "cities": 2, "VP cards": 1}
    assert g.vp_breakdown(1) == {}


def ck_every_source(variant: str = "ck", players: int = 3):
    """A C&K game where P1 has a point of every source (test_point_sources.py's too)."""
    return edit(
        new_game(variant, players=players),
        "place P1 city J12",
        "level P1 science 4",
        "metropolis science J12",
        "defender P1 1",
        "vp-cards P1 1",
        "merchant A P1",
        "turn P1 main 3",
    )


def test_ck_breakdown_names_each_source() -> None:
    g = ck_every_source()
    assert g.vp_breakdown(0) == {
        "cities": 2,
        "metropolises": 2,
        "merchant": 1,
        "defender": 1,
        "VP cards": 1,
    }
