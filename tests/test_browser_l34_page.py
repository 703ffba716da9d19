"""What a fresh learner (l34) met on the page, in Chromium, one page load per test: on a
phone (375x740) at 7.8, a right answer beside the lesson's line held at the screen's foot,
its "Back to the lesson's move: ..." button in lines within the screen (it ran 117 px past
its right edge), the reply's "more" over no line's end; Copy link at the page's foot (l35).

Screenshots: tests/artifacts/l34_*.png (looked at). Needs /usr/bin/chromium.
"""

from __future__ import annotations

import pytest
from browser_harness import ARTIFACTS, settle

from catan_tutor import board
from catan_tutor.server.serve import BOARD_PAINTED_JS
from catan_tutor.widgets import style
from catan_tutor.widgets.board_view import Viewport

pytestmark = [pytest.mark.browser, pytest.mark.kernel]

PHONE = {"width": 375, "height": 740}

# Runs in the page: the visible parts of the app wider than the screen or past its right
# edge ([class, words, left, right])
PAST_EDGE_JS = """() => [...document.querySelectorAll('.catan-app *')].filter(e =>
  e.checkVisibility()).map(e => { const r = e.getBoundingClientRect();
  return [String(e.className).slice(0, 40), (e.innerText || '').slice(0, 40), r.left, r.right]; })
  .filter(x => x[3] > innerWidth + 1)"""
# Runs in the page: the lines of the held reply's words that reach under its "more" (each
# line's box, where the button shows)
UNDER_MORE_JS = """() => {
  const more = document.querySelector('.catan-reply-further');
  const held = document.querySelector('.catan-reply-held');
  if (!more || more.hidden || !held) return null;
  const m = more.getBoundingClientRect(), out = [];
  const walk = document.createTreeWalker(held, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const range = document.createRange(); range.selectNodeContents(n);
    for (const r of range.getClientRects())
      if (r.width && r.right > m.left && r.left < m.right && r.bottom > m.top && r.top < m.bottom)
        out.push([n.textContent.slice(0, 30), r.left, r.right, r.top, r.bottom]);
  }
  return out;
}"""


def _tap_corner(page, label: str) -> None:
    """Tap corner ``label`` on the board (its place on the screen now)."""
    box = page.locator(".catan-board canvas").last.bounding_box()
    width, height = page.evaluate(
        "() => { const c = document.querySelector('.catan-board canvas'); "
        "return [c.width, c.height]; }"
    )
    vp = Viewport.fit(width, height - style.STRIP_HEIGHT * 2)
    x, y = vp.px(board.vertex_xy(board.parse_vertex(label)))
    k = box["width"] / width
    page.touchscreen.tap(box["x"] + x * k, box["y"] + y * k)


def test_a_right_answer_beside_the_line_fits_a_phone_s_screen(app_server, phone):
    """7.8's "Spend it … on a new piece for the board" answered with a knight on A8
    (CK-KNIGHT-RECRUIT; the lesson's is M4) by a tap: nothing on the page reaches past the
    screen's right edge, the button back to the lesson's move in lines; the held reply's
    "more" covers no word."""
    page = phone
    page.goto(f"{app_server}?lesson=7.8&node=19", timeout=120_000)
    page.wait_for_function(BOARD_PAINTED_JS, timeout=120_000, polling=100)
    page.locator(".catan-puzzle").filter(has_text="P1 holds a wool for the first time").wait_for()
    settle(page)
    page.get_by_role("button", name="Recruit a knight").first.tap()
    settle(page)
    page.evaluate(
        "() => { for (let e = document.querySelector('.catan-board'); e; e = e.parentElement)"
        " if (e.scrollTop) e.scrollTop = 0; }"
    )
    settle(page)
    _tap_corner(page, "A8")
    page.locator(".catan-reply-held").filter(has_text="Right").wait_for()
    settle(page)
    page.screenshot(path=ARTIFACTS / "l34_phone_back_button.png")
    assert page.evaluate(PAST_EDGE_JS) == []
    back = page.locator(".catan-puzzle-main-line")
    assert back.is_visible() and "Back to the lesson's move" in back.inner_text()
    box = back.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    assert page.evaluate(UNDER_MORE_JS) in (None, [])
    # l35 at 10.1: Copy link stood alone between the step's story and Roll / End turn; it is
    # a tool of the page's, at its foot after the actions
    roll, copy = page.locator(".catan-roll").bounding_box(), page.locator(".catan-copy-link")
    assert copy.bounding_box()["y"] >= roll["y"] + roll["height"], (copy.bounding_box(), roll)


def test_what_happened_shows_its_lines_whole_and_says_there_are_more(app_server, new_page):
    """l34 at 1280x900: "What happened" was a box of 8 lines that scrolled with no sign of it
    (the scrollbar drawn only while scrolling), its last line cut mid-sentence. Now its
    newest lines show whole, nothing scrolls, and the older ones fold under "N earlier
    lines", which opens them."""
    page = new_page("l34_desk").page  # (1280x900)
    page.goto(f"{app_server}?lesson=base_dev_cards&node=27", timeout=120_000)
    page.wait_for_function(BOARD_PAINTED_JS, timeout=120_000, polling=100)
    settle(page)
    page.locator(".catan-explore").first.click()  # the Play tab, with the log
    log = page.locator(".catan-log")
    log.filter(has_text="What happened").wait_for()
    settle(page)
    log.scroll_into_view_if_needed()
    page.screenshot(path=ARTIFACTS / "l34_log_1280.png")
    cut = page.evaluate(
        "() => [...document.querySelectorAll('.catan-log *')].filter(e => e.checkVisibility()"
        " && e.scrollHeight > e.clientHeight + 1).map(e => e.tagName)"
    )
    assert cut == [], cut  # no box in it scrolls (or cuts a line)
    shown = log.locator("li").filter(visible=True)
    assert shown.count() == 8
    fold = log.locator("summary")
    assert fold.inner_text() == "10 earlier lines"
    fold.click()
    assert log.locator("li").filter(visible=True).count() == 18


# Runs in the page: the key sentences to the rule marks on the page as shown ([the mark,
# the box it is under]), and those of the "§" alone
SAID_KEYS_JS = """() => [...document.querySelectorAll('.catan-marks-key [data-mark]')]
  .filter(e => e.checkVisibility()).map(e => [e.dataset.mark,
    e.closest('.catan-puzzle') ? 'question' : 'lesson'])"""


def test_a_tablet_gives_the_chapter_line_the_row_and_says_the_marks_key_once(app_server, new_page):
    """l34 at 768x1024: the chapter's line under the lesson lists was squeezed to ~360 px
    (three lines) by the room kept for the course's summary beside it; now it has the row's
    width. At 5.13 with both hints taken, "Click or tap a § ..." was said under the question
    and again under the lesson's text: once on the page now, where it was needed first (l35:
    once a page view), the lesson's text that showed a "§" before the hints."""
    page = new_page("l34_tablet", viewport={"width": 768, "height": 1024}).page
    page.goto(f"{app_server}?lesson=5.13&node=1", timeout=120_000)
    page.wait_for_function(BOARD_PAINTED_JS, timeout=120_000, polling=100)
    settle(page)
    row = page.locator(".catan-note-row").bounding_box()
    chapter = page.locator(".catan-chapter").bounding_box()
    assert chapter["width"] >= 0.95 * row["width"], (chapter, row)
    assert chapter["height"] <= 2 * 18 + 1, chapter  # two lines at most (it took three)
    for _ in range(2):
        page.get_by_role("button", name="Hint").first.click()
        settle(page)
    page.locator(".catan-puzzle .catan-puzzle-hint-text").last.wait_for()
    settle(page)
    page.locator(".catan-puzzle").scroll_into_view_if_needed()
    page.screenshot(path=ARTIFACTS / "l34_tablet_marks_key.png")
    said = page.evaluate(SAID_KEYS_JS)
    assert [m for m, _ in said].count("rule") == 1, said
    assert ["rule", "lesson"] in said and ["reading", "lesson"] in said, said
    # l35: chapter 1's line took one line, a 26 px blank band over the board; every
    # chapter's line now takes two (its goal on a line of its own): the board stays put
    top = page.locator(".catan-board canvas").bounding_box()["y"]
    page.locator(".catan-chapter-picker select").select_option(index=1)
    page.wait_for_function("() => document.title.startsWith('1.1 ')")
    settle(page)
    first = page.locator(".catan-chapter")
    assert first.bounding_box()["height"] == 2 * 18, first.bounding_box()
    assert first.inner_text().splitlines()[1].startswith("Set up a game"), first.inner_text()
    assert page.locator(".catan-board canvas").bounding_box()["y"] == top
