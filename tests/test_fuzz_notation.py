"""Fuzzing the notation parser: any text gives an action or a NotationError, and playing it
either is legal or raises a CatanError that leaves the game unchanged."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from catan_tutor import new_game, random_playout
from catan_tutor.errors import CatanError, NotationError, quote

# the rules engine alone: left out of the minimum-versions lane (scripts/min_versions.sh)
pytestmark = pytest.mark.engine

WORDS = [
    "P1",
    "P2",
    "P3",
    "N1",
    "N2",
    "D",
    "roll",
    "settle",
    "city",
    "road",
    "knight",
    "move",
    "recruit",
    "promote",
    "play",
    "treason",
    "force",
    "all",
    "take",
    "give",
    "bank",
    "for",
    "neutral",
    "die",
    "white",
    "red",
    "event",
    "ship",
    "progress",
    "science",
    "crane",
    "offer",
    "bid",
    "discard",
    "robber",
    "remove-knight",
    "relocate",
    "desert",
    "end",
    "J4",
    "J3",
    "H4",
    "Z9",
    "K",
    "2",
    "0",
    "7",
    "-1",
    "brick",
    "ore",
    "coin",
    ",",
    "pass",
    "improve",
    "place",
    "strong",
    "return",
    "hand",
    "aqueduct",
    "deck",
]
SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=300)

GAMES = {}


def game_of(variant: str):
    if variant not in GAMES:
        players = 2 if variant in ("base-2p", "base-dummy", "ck-2p") else 3
        g = new_game(variant, players=players, seed=4)
        random_playout(g, 4, policy="greedy")
        for _ in range(len(g.history) // 2):
            g.undo()
        GAMES[variant] = g
    return GAMES[variant]


@settings(**SETTINGS)
@given(
    variant=st.sampled_from(["base", "base-2p", "base-dummy", "ck", "ck-2p"]),
    words=st.lists(st.one_of(st.sampled_from(WORDS), st.text(max_size=6)), max_size=8),
)
def test_any_text_parses_or_fails_cleanly_and_changes_nothing(variant, words):
    g = game_of(variant)
    text = " ".join(words)
    before, n = g.position(), len(g.history)
    try:
        action = g.parse(text)
    except NotationError as e:
        assert quote(text) in str(e)  # the text, cut to 60 characters
        return
    legal = g.explain(action).legal
    try:
        g.play(action)
    except CatanError:
        assert not legal
        assert g.position() == before and len(g.history) == n
        return
    assert legal and len(g.history) == n + 1
    g.undo()
    assert g.position() == before
