"""A phone (375x740, touch): the board and the step's words are seen together. The board sticks
at the screen's top while the words under it scroll (style.LAYOUT_CSS, as a phone's board on
Lichess): a fresh learner found the step's words, a tap's reply and a question's verdict under
◀ ▶, under the board, so that reading them scrolled the board away and a tap on the board
scrolled them away. After ▶, after a tap on the board and after an answer, the board is whole
on the screen and the reply under it, not under the board nor under the screen's foot.

Screenshots: tests/artifacts/phone_sticky_*.png (looked at). Needs /usr/bin/chromium.
"""

from __future__ import annotations

import pytest
from browser_harness import ARTIFACTS, settle
from test_browser_phone import (
    BOARD,
    BOARD_FOOT_JS,
    SCROLLED_JS,
    STATE_JS,
    _board,
    _open,
    _tap,
)

from catan_tutor import board

pytestmark = [pytest.mark.browser, pytest.mark.kernel]

HEIGHT = 740
SEEN_PX = 60  # px of a reply at least on the screen (three lines)


def _seen_with_the_board(page, locator) -> None:
    """The board whole on the screen and ``locator``'s box under it, its top in sight."""
    canvas = page.locator(BOARD).last.bounding_box()
    foot = page.evaluate(BOARD_FOOT_JS)
    said = locator.bounding_box()
    assert canvas["y"] >= 0 and canvas["y"] + canvas["height"] <= HEIGHT, canvas
    assert said["y"] >= max(foot, canvas["y"] + canvas["height"]) - 1, (said, foot, canvas)
    assert said["y"] <= HEIGHT - SEEN_PX, said


def _swipe_up(page, x: float, y: float, by: float) -> None:
    """A finger on the page at ``(x, y)`` moved ``by`` px up and lifted (Chromium's own touch
    events: a learner's swipe)."""
    cdp = page.context.new_cdp_session(page)
    steps = 8
    for k in range(steps + 1):
        kind = "touchStart" if k == 0 else "touchMove"
        point = {"x": x, "y": y - by * k / steps}
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [point]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def _tap_while_scrolled(page, xy: tuple[float, float], by: float) -> None:
    """A finger down on board point ``xy`` (board units), the page scrolled ``by`` px by a
    script meanwhile (the board stuck: not moved on the screen), and lifted."""
    box, vp, width = _board(page)
    x, y = vp.px(xy)
    point = {"x": box["x"] + x * box["width"] / width, "y": box["y"] + y * box["width"] / width}
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    page.evaluate(f"(by) => {{ ({SCROLLED_JS})(({SCROLLED_JS})() + by); }}", by)
    assert page.locator(BOARD).last.bounding_box()["y"] == box["y"]  # (stuck)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def test_after_a_step_a_tap_and_an_answer_the_board_and_the_reply_are_both_seen(app_server, phone):
    page = phone
    _open(page, app_server + "?lesson=1.1", "Goal")
    canvas = page.locator(BOARD).last
    # a swipe that begins on the board scrolls the page and plays nothing (it played a move
    # where it began: a fresh learner, 277, built P3's settlement on M6 by two swipes;
    # board_touch.js); a tap on it plays (below)
    box = canvas.bounding_box()
    depth = page.evaluate(STATE_JS)
    _swipe_up(page, box["x"] + box["width"] * 0.4, box["y"] + box["height"] * 0.7, 120)
    settle(page)
    assert page.evaluate(SCROLLED_JS) > 40 and page.evaluate(STATE_JS) == depth
    assert "not the lesson" not in page.locator(".catan-tutor").inner_text()
    # scrolled down to read: the board stays at the screen's top, the words under it
    page.evaluate(SCROLLED_JS, 600)
    settle(page)
    box = canvas.bounding_box()
    assert 0 <= box["y"] <= 20 and box["y"] + box["height"] <= HEIGHT, box
    # a tap on the board there plays the lesson's move (P1's settlement on N6): the next
    # step's words come under the board, where they begin (they began under it, out of
    # sight), the board staying under the finger
    # (the page scrolled by a script while the finger is down, as board_still.js does to keep
    # the board under it on a late reply: still a tap; it was lost, CI s46)
    depth = page.evaluate(STATE_JS)
    _tap_while_scrolled(page, board.vertex_xy(board.parse_vertex("N6")), 40)
    page.wait_for_function(f"(d) => ({STATE_JS})() !== d", arg=depth)
    settle(page)
    page.screenshot(path=ARTIFACTS / "phone_sticky_played.png")
    assert canvas.bounding_box() == box
    _seen_with_the_board(page, page.locator(".catan-tutor .catan-lesson"))
    # the tutor's height kept for the tap (board_still.js) goes with the learner's own scroll:
    # scrolled down to read, a short step ended in half a screen of nothing (learner 278)
    least = "() => document.querySelector('.catan-tutor').style.minHeight"
    assert page.evaluate(least) != ""
    words = page.locator(".catan-tutor .catan-lesson").first.bounding_box()
    _swipe_up(page, words["x"] + 20, min(words["y"] + 150, HEIGHT - 20), 40)
    assert page.evaluate(least) == ""
    page.evaluate(SCROLLED_JS, 0)
    settle(page)
    # ▶ at the page's top (it sits at the screen's foot, the words under the fold): the
    # step's words under the board, ◀ ▶ between, the board whole
    depth = page.evaluate(STATE_JS)
    page.locator(".catan-board-col .catan-step").filter(has_text="▶").first.tap()
    page.wait_for_function(f"(d) => ({STATE_JS})() !== d", arg=depth)
    settle(page)
    page.screenshot(path=ARTIFACTS / "phone_sticky_step.png")
    _seen_with_the_board(page, page.locator(".catan-tutor .catan-lesson"))
    forward = page.locator(".catan-board-col .catan-step").filter(has_text="▶").first
    assert forward.bounding_box()["y"] >= page.evaluate(BOARD_FOOT_JS)  # (▶ not under it)
    # a question (1.4), scrolled down under the board to its foot: a wrong tap on the board
    # is answered under the board, the question over its verdict
    _open(page, app_server + "?lesson=1.4", "Puzzle")
    page.evaluate(SCROLLED_JS, 900)
    settle(page)
    _tap(page, board.edge_xy(board.parse_edge("A7")))  # (not touching N4)
    verdict = page.locator(".catan-puzzle-result").filter(has_text="Not the answer")
    verdict.wait_for()
    settle(page)
    page.screenshot(path=ARTIFACTS / "phone_sticky_tap.png")
    _seen_with_the_board(page, verdict)
    # an answer typed under it and Answer tapped: its verdict under the board, the board whole
    entry = page.locator(".catan-puzzle-answer input").first
    entry.fill("P1 road A7")
    page.locator(".catan-puzzle").get_by_role("button", name="Answer").tap()
    said = page.locator(".catan-puzzle-result").filter(has_text="A7")
    said.wait_for()
    settle(page)
    page.screenshot(path=ARTIFACTS / "phone_sticky_answer.png")
    _seen_with_the_board(page, said)
    # the right answer: the bar at the screen's foot says "Solved." between its ◀ ▶ (the note
    # by the tutor's ▶ saying so is under the board: s45)
    entry.fill("P1 road N3")
    page.locator(".catan-puzzle").get_by_role("button", name="Answer").tap()
    page.locator(".catan-puzzle-result").filter(has_text="Right").wait_for()
    settle(page)
    page.wait_for_function(FLOAT_SHOWN_JS)
    assert page.locator(FLOAT).inner_text().split() == ["◀", "Solved.", "▶"]


FLOAT = ".catan-step-float"
FLOAT_SHOWN_JS = f"() => !!document.querySelector('{FLOAT}:not([hidden])')"


def test_the_step_buttons_come_to_the_screen_s_foot_while_theirs_are_under_the_board(
    app_server, phone
):
    """s45, a fresh learner at 1.1 (375x740): reading a long step took ◀ ▶ under the stuck
    board, and stepping on meant scrolling back up. While the tutor's ▶ is out of sight a bar
    at the screen's foot holds ◀ and ▶ (step_float.js); its ▶ steps, the step's words come
    under the board with the tutor's own ◀ ▶, and the bar stays till a touch elsewhere.
    Between its ◀ ▶ the step count (a solved question's "Solved.": the note by the tutor's
    ▶, under the board too), and who acts and what."""
    page = phone
    _open(page, app_server + "?lesson=1.1&node=1", "Goal")
    settle(page)
    assert not page.evaluate(FLOAT_SHOWN_JS)  # ◀ ▶ in sight under the board: no bar
    stuck = page.locator(".catan-board-col>.catan-board.catan-board-stuck")
    assert stuck.count() == 0  # (not stuck at the page's top: no shadow)
    page.evaluate(SCROLLED_JS, 700)  # read on: ◀ ▶ scroll under the board
    page.wait_for_function(FLOAT_SHOWN_JS)
    # stuck, the board casts a shadow on what scrolls under it (board_stuck.js; l276 read the
    # rows half under it as slivers of buttons under the dice strip)
    stuck.wait_for(state="attached")
    assert "rgba" in stuck.evaluate("(b) => getComputedStyle(b).boxShadow")
    forward = page.locator(".catan-board-col .catan-step").filter(has_text="▶").first
    assert forward.bounding_box()["y"] < page.evaluate(BOARD_FOOT_JS)  # (under the board)
    bar = page.locator(FLOAT).bounding_box()
    assert bar["y"] + bar["height"] == pytest.approx(HEIGHT, abs=1) and bar["height"] >= 44
    # between its ◀ ▶ the step count, as by the tutor's own (step_count.py): 1.1's step 2
    count = page.locator(".catan-tutor .catan-step-short").inner_text()
    # and under it who acts and what, the heading's line scrolled away (learner22 at 9.1)
    prompt = page.locator(".catan-tutor .catan-head-prompt").inner_text().split()
    assert count.startswith("2/") and prompt == ["P1:", "place", "a", "road"], prompt
    assert page.locator(FLOAT).inner_text().split() == ["◀", count, *prompt, "▶"]
    page.screenshot(path=ARTIFACTS / "phone_sticky_float.png")
    depth = page.evaluate(STATE_JS)
    page.locator(FLOAT).get_by_role("button", name="Next step").tap()
    page.wait_for_function(f"(d) => ({STATE_JS})() !== d", arg=depth)
    settle(page)
    _seen_with_the_board(page, page.locator(".catan-tutor .catan-lesson"))
    assert forward.bounding_box()["y"] >= page.evaluate(BOARD_FOOT_JS)  # its own in sight
    # the bar stays for the thumb that pressed it, the next step's count between its ◀ ▶ (it
    # went, and a thumb on its place pressed nothing: learner 278 at 1.4)
    page.wait_for_function(FLOAT_SHOWN_JS)
    assert page.locator(FLOAT).inner_text().split()[1].startswith("3/")
    # a touch anywhere else, and it goes (the tutor's own ◀ ▶ in sight)
    words = page.locator(".catan-tutor .catan-lesson p").last.bounding_box()
    page.touchscreen.tap(words["x"] + 4, words["y"] + 4)
    page.wait_for_function(f"() => !({FLOAT_SHOWN_JS})()")


CANVAS_WIDTH_JS = (
    "() => document.querySelector('.catan-board canvas').getBoundingClientRect().width"
)
SCROLL_JS = (
    "() => Math.max(scrollY, ...[...document.querySelectorAll('*')].map((e) => e.scrollTop))"
)


def test_the_stuck_board_shrinks_to_read_under_it_and_grows_back(app_server, phone):
    """Learners 278 and 279: the board stuck at a phone's top took ~370 of 740 px and
    nothing shrank it while the lesson's words were read. Its button at its top right
    corner makes it about 72 % as wide (the page stays where it was read: the kernel is told
    the new width, and draws for it), keeps that for the next page, and makes it big again."""
    page = phone
    _open(page, app_server + "?lesson=1.1", "Goal")
    settle(page)
    page.evaluate(SCROLLED_JS, 700)
    page.locator(".catan-board-col>.catan-board.catan-board-stuck").wait_for(state="attached")
    big, foot = page.evaluate(CANVAS_WIDTH_JS), page.evaluate(BOARD_FOOT_JS)
    button = page.locator(".catan-board .catan-board-size")
    assert button.get_attribute("aria-label") == "Smaller board, more room to read"
    box = button.bounding_box()
    assert box["width"] >= 40 and box["height"] >= 40  # a finger's size
    scrolled = page.evaluate(SCROLL_JS)
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function(f"() => ({CANVAS_WIDTH_JS})() < {big} * 0.8")
    settle(page)
    assert page.evaluate(SCROLL_JS) == scrolled  # still where the learner read
    assert page.evaluate(BOARD_FOOT_JS) < foot - 60  # the room given to the words
    assert button.get_attribute("aria-pressed") == "true"
    assert (
        page.locator(".catan-page-facts input")
        .input_value()
        .endswith(f"width={round(page.evaluate(CANVAS_WIDTH_JS))}")
    )  # the kernel draws for the width shown
    page.screenshot(path=ARTIFACTS / "phone_board_small.png")
    page.reload()  # kept for the next page
    page.locator(".catan-board.catan-board-small").wait_for(state="attached")
    settle(page)
    page.evaluate(SCROLLED_JS, 700)
    box = page.locator(".catan-board .catan-board-size").bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function(f"() => ({CANVAS_WIDTH_JS})() > {big} - 2")
    assert page.locator(".catan-board .catan-board-size").get_attribute("aria-pressed") == "false"
