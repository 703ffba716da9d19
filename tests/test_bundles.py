"""One reader of card bundles ("2 brick, 1 ore"): notation, the board editor and scenario
expectations all read them with ``actions.parse_bundle`` (issue 17, item 4)."""

from __future__ import annotations

import pytest

from catan_tutor import NotationError, new_game
from catan_tutor.actions import bundle_text, parse_bundle
from catan_tutor.errors import EditError
from catan_tutor.study.editor import edit
from catan_tutor.study.scenario import Expect

# the rules engine alone: left out of the minimum-versions lane (scripts/min_versions.sh)
pytestmark = pytest.mark.engine


@pytest.mark.parametrize(
    "text, kinds, want",
    [
        ("2 brick, 1 ore", 5, (2, 0, 0, 0, 1)),
        ("brick ore ore", 5, (1, 0, 0, 0, 2)),
        ("1 wood, 3 sheep", 5, (0, 1, 3, 0, 0)),  # the older names too
        ("nothing", 5, (0, 0, 0, 0, 0)),
        ("-", 8, (0,) * 8),
        ("2 paper, 1 coin", 8, (0, 0, 0, 0, 0, 2, 0, 1)),
    ],
)
def test_parse_bundle_reads_what_bundle_text_writes(text, kinds, want):
    assert parse_bundle(text, kinds) == want
    assert parse_bundle(bundle_text(want), kinds) == want


@pytest.mark.parametrize(
    "text, kinds", [("2 paper", 5), ("2 gold", 5), ("2", 5), ("", 5), ("1 brick then", 5)]
)
def test_parse_bundle_refuses_what_names_no_cards(text, kinds):
    with pytest.raises(NotationError, match="cannot read"):
        parse_bundle(text, kinds)


def test_the_editor_and_scenarios_read_hands_alike():
    g = edit(new_game("base", players=3), "hand P2 2 brick, 1 ore")
    assert g.state.hands[1] == (2, 0, 0, 0, 1)
    assert Expect("hand", {"P2": "2 brick, 1 ore"}).check(g)[0]
    assert not Expect("hand", {"P2": "1 brick, 1 ore"}).check(g)[0]
    with pytest.raises(EditError, match="is not a resource"):
        edit(new_game("base", players=3), "hand P2 2 paper")
