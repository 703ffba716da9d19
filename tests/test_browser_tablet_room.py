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
    pick_lesson,
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
    assert board[2] - board[0] >= 470, box  # was 411, then 442 (s35)
    assert switch[3] <= chapter[3] and switch[0] >= chapter[2], box  # beside it, uncovered
    assert answer[3] <= 1024, box  # the answer's row on the first screen
    # s35: the board used ~440 px of 768 and 593 of 820: it takes the room the page's top
    # margin, the gap over the panels and the line of "Answer the puzzle to go on." left it,
    # the answer's row still on the first screen at the course's lowest (9.18's first
    # question at 768x1024, 11.16's second: test_browser_layout) and at 820x1180 (the same
    # page made taller, its top in sight: no page load of its own); 9.18 picked from the
    # lists and played to its first question by "last", in this page (a load cost ~5 CPU-s)
    pick_lesson(page, "Puzzles: progress cards")
    page.get_by_title("last (End on the board)").click()  # stops at the open question
    page.locator(".catan-puzzle-state[data-node='4'][data-asked='1'][data-solved='0']").wait_for(
        state="attached"
    )
    page.locator(".catan-puzzle-entry input").wait_for()
    for size, least in (((768, 1024), 470), ((820, 1180), 620)):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.evaluate("() => window.scrollTo(0, 0)")
        settle(page)  # the board's new width told to the kernel, its answer drawn
        box = page.evaluate(BOXES)
        page.screenshot(path=ARTIFACTS / f"tablet_room_{size[0]}.png")
        board, answer = box["board"], box["answer"]
        assert board[2] - board[0] >= least and answer[3] <= size[1], (size, box)
    page.set_viewport_size({"width": 768, "height": 1024})

    # s32 at 7.1: a tap on the board keeps the board where it is. Tapping the lit corner A4
    # for "Recruit a knight" moved the page ~240 px to bring "This is not the lesson's next
    # move" in, A4 went off the screen's top, and the next tap landed on the dice bar: the
    # reply is held at the screen's foot instead, under the board
    pick_lesson(page, "Recruiting, activating and promoting knights")
    forward = page.get_by_title("forward (], or PageDown on the board)", exact=True)
    recruit = page.get_by_role("button", name="Recruit a knight", exact=False)
    for _ in range(8):  # ▶ to P1's recruit (its node 6)
        if recruit.count() and recruit.first.is_visible():
            break
        forward.tap()
        settle(page)
    recruit.first.tap()
    settle(page)
    canvas = page.locator(".catan-board canvas").last
    x, y = _spot_xy(page, "A4")  # a lit corner at the board's top
    top = canvas.bounding_box()["y"]
    page.touchscreen.tap(x, y)
    reply = page.locator(".catan-actions .catan-message", has_text="not the lesson's next move")
    reply.wait_for()
    settle(page)
    page.screenshot(path=ARTIFACTS / "tablet_room_tap.png")
    assert abs(canvas.bounding_box()["y"] - top) < 1  # the board under the finger
    held = reply.bounding_box()
    assert held["y"] + held["height"] <= 1024 + 1, held  # in sight
    board = canvas.bounding_box()
    assert held["y"] >= board["y"] + board["height"] - 1, (held, board)  # not over the board


def _spot_xy(page, label: str) -> tuple[float, float]:
    """Corner ``label``'s place on the screen (CSS px): the board's Viewport in the canvas's
    own pixels, under the strip of the dice."""
    from catan_tutor import board
    from catan_tutor.widgets import style
    from catan_tutor.widgets.board_view import Viewport

    canvas = page.locator(".catan-board canvas").last
    box = canvas.bounding_box()
    width, height = canvas.evaluate("c => [c.width, c.height]")
    ratio = width / box["width"]
    vp = Viewport.fit(width, height - round(style.STRIP_HEIGHT * ratio))
    x, y = vp.px(board.vertex_xy(board.parse_vertex(label)))
    return box["x"] + x / ratio, box["y"] + y / ratio
