"""l33 on a 768x1024 tablet: the board was ~411 px wide though the page had room: the
light/dark switch took a row of its own (~45 px) over the title's. The switch now stands
beside the title's row, right of the chapter's list, and the board takes that room (a
puzzle's answer row still on the first screen).

Needs /usr/bin/chromium (skipped without it, except under ``CI=true``)."""

from __future__ import annotations

import pytest
from browser_harness import (  # noqa: F401
    ARTIFACTS,
    browser,
    chromium,
    new_page,
    open_app,
    settle,
)

pytestmark = [pytest.mark.browser, pytest.mark.kernel]

BOXES = """() => Object.fromEntries(Object.entries({board: '.catan-board canvas',
  switch: '.catan-theme-switch', chapter: '.catan-chapter-picker select',
  answer: '.catan-puzzle-entry input'}).map(([k, s]) => {
    const r = document.querySelector(s).getBoundingClientRect();
    return [k, [r.left, r.top, r.right, r.bottom]]; }))"""


def test_a_tablet_gives_the_switch_s_row_to_the_board(
    new_page,  # noqa: F811
    app_server,
) -> None:
    p = new_page("tablet_room", has_touch=True)
    page = p.page
    page.set_viewport_size({"width": 768, "height": 1024})
    open_app(p, f"{app_server}?lesson=7.8&node=6")  # 7.8's first question
    page.locator(".catan-puzzle-entry input").wait_for()
    settle(page)
    box = page.evaluate(BOXES)
    page.screenshot(path=ARTIFACTS / "tablet_room.png")
    board, switch, chapter, answer = box["board"], box["switch"], box["chapter"], box["answer"]
    assert board[2] - board[0] >= 440, box  # was 411
    assert switch[3] <= chapter[3] and switch[0] >= chapter[2], box  # beside it, uncovered
    assert answer[3] <= 1024, box  # the answer's row on the first screen
