"""The board editor: edit operations set up positions; rule-breaking ones are refused."""

from __future__ import annotations

import pytest
from helpers import after_setup

from catan_tutor import Game
from catan_tutor.board import (
    EDGE_LABELS,
    EDGE_OTHER_END,
    EDGE_VERTICES,
    parse_hex,
    parse_vertex,
)
from catan_tutor.progress_cards import CARDS
from catan_tutor.study.editor import EditError, edit, edited_position

# the rules engine alone: left out of the minimum-versions lane (scripts/min_versions.sh)
pytestmark = pytest.mark.engine


@pytest.fixture(scope="module")
def ck() -> Game:
    # P1 A12 + C12 (city), P2 A4 + B4 (city), P3 A8 + B12 (city); roads A1,C1/A3,B3/A7,B1
    return after_setup("ck", 3)


def test_pieces_hands_turn_and_ck_fields_are_set(ck):
    g = edit(
        ck,
        "place P2 knight B2 strong active",
        "place P1 road C3",
        "hand P1 2 brick, 1 coin",
        "turn P2 main 12",
        "barbarians 5",
        "level P1 science 3",
        "attacked yes",
        "robber J",
        "merchant J P3",
        "progress P3 crane, alchemy",
        "place P1 wall C12",
        "defender P2 1",
    )
    s = g.state
    assert s.kn[parse_vertex("B2")] == (1, 2, True, False, False)
    assert (s.active, s.phase, s.turn) == (1, "main", 12)
    assert s.hands[0] == (2, 0, 0, 0, 0, 0, 0, 1) and s.bank[0] == 17 and s.bank[7] == 11
    assert s.barb == 5 and s.levels[0] == (3, 0, 0) and s.attacked
    assert s.robber == parse_hex("J") and s.merchant == (parse_hex("J"), 2)
    assert sorted(CARDS[c] for c in s.phand[2]) == ["alchemy", "crane"]
    assert s.walls[parse_vertex("C12")] and s.defender[1] == 1
    assert g.history == []  # a new root
    assert Game.from_position(g.position()).position() == g.position()
    assert g.legal_actions()  # playable from there


def _free_path(s, v: int, length: int, used: tuple = ()) -> list[int] | None:
    """Edges of a simple path of free edges from v past empty vertices (depth first)."""
    if len(used) == length:
        return list(used)
    for e, w in EDGE_OTHER_END[v]:
        if s.eowner[e] < 0 and e not in used and s.vowner[w] < 0:
            found = _free_path(s, w, length, (*used, e))
            if found:
                return found
    return None


def test_longest_road_follows_the_edited_board():
    g = after_setup("base", 3)
    s = g.state
    ends = [w for e, o in enumerate(s.eowner) if o == 0 for w in EDGE_VERTICES[e]]
    path = next(p for p in (_free_path(s, v, 5) for v in ends) if p)
    assert g.state.longest == -1
    g2 = edit(g, *(f"place P1 road {EDGE_LABELS[e]}" for e in path))
    assert g2.state.road_len[0] >= 5 and g2.state.longest == 0


@pytest.mark.parametrize(("ops", "words"), [
    (["place P1 settlement A6"], ["A4", "A6", "BASE-BUILD-DISTANCE"]),
    (["place P1 knight H4"], ["H4", "CK-KNIGHT-RECRUIT"]),
    (["place P2 road S3"], ["S3", "BASE-BUILD-ROAD"]),
    (["place P1 road C3", "place P1 road C5", "place P1 knight C4 mighty",
      "place P1 knight C2 mighty", "place P1 knight D2 mighty"], ["more than 2 knights"]),
    (["hand P1 30 ore"], ["30 ore", "19", "BASE-COMP-CARDS"]),
    (["place P9 road A3"], ["P9"]),
    (["frobnicate"], ["frobnicate", "not an edit"]),
    (["place P1 city Z9"], ["Z9"]),
    (["place P1 knight B2 fast"], ["fast"]),
    (["place P1 road A1"], ["A1", "already"]),
    (["place P1 city B4"], ["B4", "taken"]),
    (["remove B4"], ["B3", "BASE-BUILD-ROAD"]),  # P2's road would hang in the air
    (["level P1 magic 3"], ["magic"]),
    (["turn P1 discard"], ["pre-roll", "main"]),
    ([""], ["empty"]),
])  # fmt: skip
def test_bad_edits_name_what_and_where_and_change_nothing(ck, ops, words):
    before = ck.position()
    with pytest.raises(EditError) as info:
        edit(ck, *ops)
    assert isinstance(info.value, ValueError)
    for w in words:
        assert w in str(info.value), (w, str(info.value))
    assert ck.position() == before


def test_ck_only_edits_are_refused_in_base():
    g = after_setup("base", 3)
    with pytest.raises(EditError, match="Cities & Knights"):
        edit(g, "place P1 knight A2")


def test_neutral_pieces_and_tokens_in_ck_2p():
    g = after_setup("ck-2p", 2)
    n1_road = "H3"  # from N1's start settlement on H4
    g2 = edit(g, f"place N1 road {n1_road}", "place N1 knight H2", "tokens P1 7")
    s = g2.state
    assert s.kn[parse_vertex("H2")] == (2, 1, False, False, False)
    assert s.tokens[0] == 7 and s.token_supply == 20 - sum(s.tokens)
    with pytest.raises(EditError, match="CK2P-NEUTRAL-KNIGHT-INERT"):
        edit(g, f"place N1 road {n1_road}", "place N1 knight H2 mighty")


def test_removing_a_city_takes_its_wall(ck):
    g = edit(
        ck, "place P1 wall C12", "remove C12", "remove C1", "place P1 city C12", "place P1 road C1"
    )
    assert not g.state.walls[parse_vertex("C12")] and g.state.vcity[parse_vertex("C12")]


def test_edited_position_text_round_trips(ck):
    text = edited_position(ck.position(), "hand P3 1 paper")
    assert Game.from_position(text).position() == text


def test_development_hands_and_the_deck_top():
    g = after_setup("base", 3)
    g2 = edit(g, "dev P1 1 knight, 1 monopoly", "deck-top vp, knight")
    s = g2.state
    assert s.dev[0] == (1, 0, 0, 0, 1) and s.deck == (13, 5, 2, 2, 1)
    assert s.deck_top == (1, 0)  # vp first, then knight
    with pytest.raises(EditError, match="more vp cards on top than in the deck"):
        edit(g, "dev P2 5 vp", "deck-top vp")
    with pytest.raises(EditError, match="no development deck"):
        edit(after_setup("ck", 3), "deck-top knight")


@pytest.mark.parametrize(("variant", "party"), [("base-dummy", "D"), ("base-2p", "N1")])
def test_turns_start_on_a_player(variant, party):
    g = after_setup(variant, 2)
    with pytest.raises(EditError, match="start on a player"):
        edit(g, f"turn {party} main")
