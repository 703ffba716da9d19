"""A tool's tab built when first opened says so at once: the page shows "Opening the Odds
tab…" while the kernel builds it (pandas and matplotlib load, the odds are computed), not a
blank panel (the Odds tab stood blank ~4 s at first opening, l32), and then the tool alone."""

from __future__ import annotations

import pytest

from catan_tutor import new_game
from catan_tutor.widgets import Tutor
from catan_tutor.widgets.tutor import TABS


@pytest.mark.parametrize("tab", ["Odds", "Editor", "File", "Moves", "Rules"])
def test_a_tab_built_on_first_opening_shows_a_line_first_then_its_tool(tab: str) -> None:
    t = Tutor(new_game("ck", players=3))
    t.explore.value = True
    box = t.tabs.children[TABS.index(tab)]
    seen: list[tuple] = []
    box.observe(lambda change: seen.append(change["new"]), names="children")
    t.tabs.selected_index = TABS.index(tab)
    assert len(seen) == 2, seen
    (line,) = seen[0]
    assert line.value == f"<i>Opening the {tab} tab…</i>"
    assert len(seen[1]) == 1 and seen[1][0] is not line  # the tool, in its place
    # opened again: the tool as it was, no line
    t.tabs.selected_index = 0
    t.tabs.selected_index = TABS.index(tab)
    assert len(seen) == 2
