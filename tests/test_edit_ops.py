"""The edit operations on a game state (``catan_tutor.study.edit_ops``), as the board editor and
any other caller use them: each changes the state in place, refuses what it alone can tell,
and ``validated`` applies the position reader's checks to the result."""

from __future__ import annotations

import pytest
from helpers import after_setup

from catan_tutor.board import EDGE_LABELS, VERTEX_LABELS, parse_edge, parse_hex, parse_vertex
from catan_tutor.position import encode
from catan_tutor.study import edit_ops

# the rules engine alone: left out of the minimum-versions lane (scripts/min_versions.sh)
pytestmark = pytest.mark.engine


def test_pieces_placed_and_removed_keep_the_counts():
    g = after_setup("base", 3)
    s = g.state.copy()
    free = next(v for v in range(len(VERTEX_LABELS)) if s.vowner[v] < 0)
    edit_ops.place_building(s, 1, free, city=True)
    assert (s.vowner[free], s.vcity[free], s.cities[1]) == (1, True, 1)
    with pytest.raises(edit_ops.EditOpError, match=f"{VERTEX_LABELS[free]} is taken"):
        edit_ops.place_building(s, 0, free)
    road = next(e for e, o in enumerate(s.eowner) if o == 0)
    with pytest.raises(edit_ops.EditOpError, match=f"{EDGE_LABELS[road]} already has a road"):
        edit_ops.place_road(s, 1, road)
    edit_ops.remove_road(s, road)
    edit_ops.clear_vertex(s, free)
    assert s.eowner[road] == -1 and s.vowner[free] == -1
    assert (s.roads[0], s.cities[1]) == (g.state.roads[0] - 1, 0)


def test_knights_walls_and_tracks_belong_to_cities_and_knights():
    s = after_setup("base", 3).state.copy()
    for op in (
        lambda: edit_ops.place_knight(s, 0, 0),
        lambda: edit_ops.place_wall(s, 0),
        lambda: edit_ops.set_level(s, 0, 0, 3),
        lambda: edit_ops.set_barbarians(s, 2),
    ):
        with pytest.raises(edit_ops.EditOpError, match="belong to Cities & Knights"):
            op()
    with pytest.raises(edit_ops.EditOpError, match="BASE-BOARD-ROBBER-START"):
        edit_ops.set_robber(s, -1)
    ck = after_setup("ck", 3).state.copy()
    with pytest.raises(edit_ops.EditOpError, match="no development deck"):
        edit_ops.set_deck_top(ck, [0])
    with pytest.raises(edit_ops.EditOpError, match="CK-PC-MERCHANT"):
        edit_ops.set_merchant(after_setup("ck-2p", 2).state.copy(), parse_hex("J"), 2)


def test_complete_fills_the_bank_and_the_decks_from_the_hands():
    g = after_setup("ck", 3)
    s = g.state.copy()
    edit_ops.set_hand(s, 0, [19, 0, 0, 0, 0, 0, 0, 1])
    edit_ops.set_progress(s, 1, [5, 2])
    edit_ops.complete(s)
    assert s.bank[0] == 0 and s.bank[7] == 12 - 1 - sum(h[7] for h in s.hands[1:])
    assert sum(sum(c) for c, _ in s.pdecks) + sum(map(len, s.phand)) + sum(s.pvp) == 54
    edit_ops.set_hand(s, 1, [1, 0, 0, 0, 0, 0, 0, 0])
    with pytest.raises(edit_ops.EditOpError, match="more than the 19 that exist"):
        edit_ops.complete(s)


def test_a_new_turn_drops_what_the_last_one_left_open():
    g = after_setup("base-dummy", 2)
    s = g.state.copy()
    s.bids, s.dice, s.discards = ((), None), (3, 4), (1, 0, 0)
    with pytest.raises(edit_ops.EditOpError, match="start on a player"):
        edit_ops.start_turn(s, s.dummy)
    edit_ops.start_turn(s, 1, "main", 7)
    assert (s.active, s.phase, s.turn, s.bids, s.dice, s.discards) == (
        1,
        "main",
        7,
        (),
        (),
        (0, 0, 0),
    )


def test_validated_applies_the_strict_checks_in_learner_words():
    """BASE-BUILD-ROAD, strictly (validity.validate): the learner reads which road is loose,
    not the position-text field holding every party's roads."""
    g = after_setup("base", 3)
    s = g.state.copy()
    edit_ops.place_road(s, 1, parse_edge("S3"))  # joined to nothing of P2's
    edit_ops.complete(s)
    with pytest.raises(edit_ops.EditOpError) as e:
        edit_ops.validated(g.rules, s)
    assert str(e.value) == "P2's road on S3 is not joined to P2's buildings (BASE-BUILD-ROAD)"
    s = g.state.copy()
    edit_ops.clear_vertex(s, parse_vertex("A4"))  # P2's settlement: its road A3 hangs loose
    with pytest.raises(edit_ops.EditOpError, match="P2's road on A3 is not joined"):
        edit_ops.validated(g.rules, s)
    s = g.state.copy()
    edit_ops.set_hand(s, 2, [0, 0, 0, 0, 4])
    edit_ops.complete(s)
    state = edit_ops.validated(g.rules, s)
    assert state.hands[2] == (0, 0, 0, 0, 4)
    assert state.bank[4] == 19 - sum(h[4] for h in state.hands)
    assert encode(g.rules, state) != g.position()
