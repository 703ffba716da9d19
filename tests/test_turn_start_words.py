"""A two-player turn's start offers only what the player can do there (2P-ROLL-TIMING,
CK2P-ROLL-TIMING): "roll twice, or first play a card or take a token action" was said at every
turn start, to a player with no card to play and no token action open."""

from __future__ import annotations

import pytest
from helpers import after_setup, from_fields, position_fields

# the rules engine alone: left out of the minimum-versions lane (scripts/min_versions.sh)
pytestmark = pytest.mark.engine

# P1 holds one of the science deck's two Alchemy cards
HOLDS_ALCHEMY = {
    "phand": "alchemy/-/-/-",
    "pdecks": "1,2,1,2,2,2,2,1,2,2:-/2,2,6,2,4,2:-/1,2,2,3,2,2,2,2,2:-",
}
BOTH_HOLD_TWO = {"hands": "1,1,1,0,0/0,0,0,1,1/0,0,0,0,0/0,0,0,0,0", "bank": "18,18,18,18,18"}


def _start(variant: str, **changes: str) -> str:
    """The base-2p or ck-2p turn start after setup, fields changed, as the page's prompt."""
    head, f = position_fields(after_setup(variant, 2), changes)
    if variant == "ck-2p" and "hands" in changes:  # ck-2p hands have 8 counts
        f["hands"] = "/".join(h + ",0,0,0" for h in changes["hands"].split("/"))
        f["bank"] = changes.get("bank", f["bank"]) + ",12,12,12"
    game = from_fields(head, f)
    assert game.state.phase == "pre-roll"
    return game.prompt()


@pytest.mark.parametrize(
    "changes, said",
    [
        ({}, "P1: roll twice"),  # 1 card in hand: no forced trade; the robber on the desert
        (BOTH_HOLD_TWO, "P1: roll twice, or first take a token action"),
        ({**BOTH_HOLD_TWO, "tokens": "0,6,0,0", "supply": "14"}, "P1: roll twice"),
        ({"robber": "A"}, "P1: roll twice, or first take a token action"),  # robber home
        ({"robber": "A", "tokused": "1"}, "P1: roll twice"),  # one token action a turn
        ({"dev": "1,0,0,0,0/0,0,0,0,0/0,0,0,0,0/0,0,0,0,0", "deck": "13,5,2,2,2"},
         "P1: roll twice, or first play a development card"),
        ({"dev": "1,0,0,0,0/0,0,0,0,0/0,0,0,0,0/0,0,0,0,0", "deck": "13,5,2,2,2",
          "newdev": "1,0,0,0,0"}, "P1: roll twice"),  # bought this turn: not playable yet
        ({"dev": "1,0,0,0,0/0,0,0,0,0/0,0,0,0,0/0,0,0,0,0", "deck": "13,5,2,2,2", "robber": "A"},
         "P1: roll twice, or first play a development card or take a token action"),
        ({"knights": "1,0,0,0", "deck": "13,5,2,2,2"},
         "P1: roll twice, or first return a played Knight card"),
    ],
)  # fmt: skip
def test_a_base_2p_turn_start_offers_what_is_possible(changes, said):
    assert _start("base-2p", **changes) == said


@pytest.mark.parametrize(
    "changes, said",
    [
        ({}, "P1: roll twice"),
        (BOTH_HOLD_TWO, "P1: roll twice, or first take a token action"),
        ({**BOTH_HOLD_TWO, "tokens": "0,6,0,0", "supply": "14"}, "P1: roll twice"),
        (HOLDS_ALCHEMY, "P1: roll twice, or first play Alchemy"),
    ],
)  # fmt: skip
def test_a_ck_2p_turn_start_offers_what_is_possible(changes, said):
    assert _start("ck-2p", **changes) == said


@pytest.mark.parametrize(
    "changes, said",
    [
        ({}, "P1: roll"),  # no development card in hand
        ({"dev": "1,0,0,0,0/0,0,0,0,0/0,0,0,0,0", "deck": "13,5,2,2,2"},
         "P1: roll or play a development card"),
        ({"dev": "1,0,0,0,0/0,0,0,0,0/0,0,0,0,0", "deck": "13,5,2,2,2",
          "newdev": "1,0,0,0,0"}, "P1: roll"),  # bought this turn: not playable yet
        ({"dev": "0,1,0,0,0/0,0,0,0,0/0,0,0,0,0", "deck": "14,4,2,2,2"},
         "P1: roll"),  # a Victory Point card is never played
    ],
)  # fmt: skip
def test_base_dev_play_a_base_turn_start_offers_a_card_only_when_one_may_be_played(changes, said):
    """BASE-DEV-PLAY: a card before the roll only when one may be played (the page offered one
    at every turn start, to players holding none)."""
    head, f = position_fields(after_setup("base", 3), changes)
    game = from_fields(head, f)
    assert game.state.phase == "pre-roll"
    assert game.prompt() == said
