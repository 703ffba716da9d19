"""A phone (375x740, touch): a refused tap's why-not shows whole without a scroll, under whose
turn it is (it was under ◀ ▶, its third line past the screen's foot; then over the heading's
words, hiding whose turn it was), said once on the page; with the labels on, every
hex's letter stays readable; entering a puzzle's step with ▶ shows its question and answer's
row under the board, stuck at the screen's top, and leaving it with ◀ moves neither the board
nor ◀ (the heading's kept lines came back over it: 53 px down); a solved puzzle's key of
marks under its "Right".

Screenshots: tests/artifacts/phone_*.png (looked at). Needs /usr/bin/chromium.
"""

from __future__ import annotations

import math
from types import SimpleNamespace

import pytest
from browser_harness import (
    ARTIFACTS,
    COUNT_ROWS_JS,
    COVERED_JS,
    CUT_JS,
    SIDEWAYS_JS,
    frames,
    pick_lesson,
    settle,
)
from test_board_view import stand_in_game

from catan_tutor import board
from catan_tutor.server.serve import BOARD_PAINTED_JS
from catan_tutor.widgets import BoardView, style
from catan_tutor.widgets.board_view import Viewport
from catan_tutor.widgets.letter_room import LETTER_EM, letter_box
from catan_tutor.widgets.palette_key import GREYED

pytestmark = [pytest.mark.browser, pytest.mark.kernel]

PHONE = {"width": 375, "height": 740}
BOARD = ".catan-board canvas"
STATE_JS = "() => document.querySelector('.catan-tutor .catan-state')?.dataset.depth ?? ''"
# Runs in the page: px from the words of the puzzle reply's "Rule: ..." to the foot of the
# puzzle's box inside its border
UNDER_RULE_JS = """() => {
  const s = document.querySelector('.catan-puzzle-result .catan-rule>summary');
  const r = document.createRange(); r.selectNodeContents(s);
  const words = Math.max(...[...r.getClientRects()].map(x => x.bottom));
  const box = document.querySelector('.catan-puzzle');
  return box.getBoundingClientRect().bottom - parseFloat(getComputedStyle(box).borderBottomWidth)
    - words;
}"""


# Runs in the page: the screen's y under which the page is seen: the foot of the board where it
# sticks at the screen's top (style.LAYOUT_CSS), else 0 (page_facts.js's catanCover)
BOARD_FOOT_JS = "() => window.catanCover(document.querySelector('.catan-tutor .catan-step'))"
COVER_JS = "(sel) => window.catanCover(document.querySelector(sel))"


# Runs in the page: px the page is scrolled (the window's, and Voilà's box's) and the top of
# the page's title ("Catan tutor")
# The step count and ▶ (their rects), the step's first words and the goal's line (their tops)
END_ROW_JS = """() => {
  const rect = (e) => e.getBoundingClientRect();
  const box = document.querySelector('.catan-tutor .catan-step-count');
  const forward = [...document.querySelectorAll('.catan-tutor .catan-step')]
    .find((b) => b.innerText.trim() === '▶');
  const goal = document.querySelector('.catan-tutor .catan-lesson .catan-goal-line');
  const words = [...goal.parentElement.children].find(
    (e) => !e.matches('.catan-goal-line,.catan-marks-key,.catan-notice') && e.innerText.trim());
  return {count: box.querySelector('.catan-step-short').innerText,
          steps: box.querySelector('[data-steps]').dataset.steps,
          box: rect(box).toJSON(), forward: rect(forward).toJSON(), width: innerWidth,
          goal: rect(goal).top, words: rect(words).top};
}"""
TOP_JS = """() => [scrollY, ...[...document.querySelectorAll('*')].filter((e) => e.scrollTop > 0)
  .map((e) => e.scrollTop), document.querySelector('.catan-heading').getBoundingClientRect().top]"""


def _open(page, url: str, heading: str) -> None:
    """Open ``url``: its first paint shows the page's top, its title whole (s33: at a question
    the page opened 25 to 43 px down, "Catan tutor" cut, question_in_view.js)."""
    page.goto(url, timeout=120_000)
    page.wait_for_function(BOARD_PAINTED_JS, timeout=120_000, polling=100)
    page.locator(".catan-tutor").filter(has_text=heading).first.wait_for()
    settle(page)  # (late lines over the board)
    frames(page)
    *scrolled, title = page.evaluate(TOP_JS)
    assert scrolled == [0] and title >= 0, (url, scrolled, title)


def _board(page) -> tuple[dict, Viewport, int]:
    """The board's box on the page, its viewport and its canvas's width (canvas px)."""
    box = page.locator(BOARD).last.bounding_box()
    width, height = page.evaluate(
        "() => { const c = document.querySelector('.catan-board canvas'); "
        "return [c.width, c.height]; }"
    )
    return box, Viewport.fit(width, height - style.STRIP_HEIGHT * 2), width


def _board_y(page, xy: tuple[float, float]) -> float:
    """Board point ``xy``'s y on the screen (CSS px)."""
    box, vp, width = _board(page)
    return box["y"] + vp.px(xy)[1] * box["width"] / width


def _tap(page, xy: tuple[float, float]) -> None:
    """Tap board point ``xy`` (board units)."""
    box, vp, width = _board(page)
    x, y = vp.px(xy)
    page.touchscreen.tap(box["x"] + x * box["width"] / width, box["y"] + y * box["width"] / width)


def test_a_refused_tap_s_why_not_shows_whole_and_labels_leave_the_letters(app_server, phone):
    page = phone
    _open(page, app_server + "?lesson=base_setup", "Goal")
    assert page.evaluate(SIDEWAYS_JS) == []  # the lesson's lines whole at its start (l32)
    n6 = board.vertex_xy(board.parse_vertex("N6"))
    _tap(page, n6)  # the lesson's settlement: a road next
    page.wait_for_function(f"() => ({STATE_JS})() === '1'")
    page.locator(".catan-tutor").get_by_text("place a road").first.wait_for()
    settle(page)
    canvas = page.locator(BOARD).last
    box, vp, width = _board(page)
    # with every label on (the edges: a road is aimed at) each hex's letter shows as with
    # them off: no tag drawn over it (corner and edge tags covered A to S on a phone:
    # labels_v_before.png), but round N6, whose roads glow
    view = BoardView(stand_in_game())
    view.set_shown_width(str(box["width"]))  # as the page told the kernel (board_width.js)
    size, k = view.painter.text(LETTER_EM), box["width"] / width  # (CSS px a canvas px)
    letters = {}
    for h, letter in enumerate(board.HEX_NAMES):
        tile = SimpleNamespace(letter=letter, centre=board.hex_centre_xy(h))
        left, top, right, bottom = letter_box(vp, tile, size)
        letters[letter] = {  # (less a pixel round: a tag's smoothed edge beside it)
            "x": box["x"] + left * k + 1, "y": box["y"] + top * k + 1,
            "width": (right - left) * k - 2, "height": (bottom - top) * k - 2,
        }  # fmt: skip

    def shots() -> dict[str, bytes]:
        return {x: page.screenshot(clip=c) for x, c in letters.items() if x not in "NQR"}

    settle(page)
    without = shots()
    page.locator(".catan-labels-toggle").tap()
    page.locator(".catan-labels-shown").wait_for(state="attached")
    settle(page)  # (the board drawn with its labels)
    page.screenshot(path=ARTIFACTS / "phone_labels_edges.png", clip=box)
    with_labels = shots()
    assert [x for x in without if without[x] != with_labels[x]] == []
    page.locator(".catan-labels-toggle").tap()
    page.locator(".catan-labels-shown").wait_for(state="detached")
    # a road far from the settlement: why not, every word, on the first screen, under the
    # heading's words right over the board (under ◀ ▶ a third line ran past the screen's
    # foot: ~48 px were left there); whose turn it is stays in sight (over the heading's
    # words it hid "P1: place a road", issue s14); the board stays under the finger (the
    # page scrolls by the reason's lines, board_still.js: pushed down by them, l276's next
    # tap landed elsewhere), and the reason said once on the page (Try a move's verdict,
    # below the fold, said it again)
    far = max(range(board.N_EDGES), key=lambda e: math.dist(board.edge_xy(e), n6))
    _tap(page, board.edge_xy(far))
    why = page.locator(".catan-why-not")
    why.wait_for()
    settle(page)
    said, now = why.bounding_box(), canvas.bounding_box()
    page.screenshot(path=ARTIFACTS / "phone_whynot.png")
    turn = page.locator(".catan-head .catan-head-prompt").bounding_box()
    assert turn is not None and turn["height"] > 0 and turn["y"] >= 0
    assert turn["y"] + turn["height"] <= said["y"], (turn, said)  # under it, not over it
    assert 0 <= said["y"] and said["y"] + said["height"] <= now["y"], (said, now)
    assert now["x"] == box["x"] and abs(now["y"] - box["y"]) <= 2, (now, box)
    reason = page.locator(".catan-refused").get_attribute("data-reason")
    assert reason and reason in why.inner_text()
    seen = page.evaluate("document.body.innerText").lower()
    assert seen.count(reason.lower()) == 1, seen.count(reason.lower())
    assert page.evaluate(COVERED_JS) == []  # Explore beside the heading's words
    # the longest reasons take three lines at this width: on the screen too, over no
    # control, the board where it was
    text = why.locator(".catan-why-not-text")
    text.evaluate("e => { e.textContent = e.textContent.repeat(2); }")
    frames(page)  # (no kernel: the page lays out and looks again)
    said = why.bounding_box()
    page.screenshot(path=ARTIFACTS / "phone_whynot_long.png")
    lines = said["height"] / float(text.evaluate("e => getComputedStyle(e).lineHeight")[:-2])
    assert lines >= 3, said
    assert 0 <= said["y"] and said["y"] + said["height"] <= canvas.bounding_box()["y"], said
    assert page.locator(".catan-head .catan-head-prompt").bounding_box()["y"] < said["y"]
    assert page.evaluate(COVERED_JS) == []
    # a fresh learner on this phone (s15): New game said nothing but "+" (m01.png); a lesson
    # opened from the list with the page scrolled down left the board out of view; the
    # free game's "I pick chance outcomes" sat a line under its box (m07.png)
    new = page.locator(".catan-bar .catan-new-game")
    said = new.bounding_box()
    assert new.inner_text().strip() == "New game" and said["x"] + said["width"] <= 375, said
    shown = new.evaluate(WORDS_WIDTH_JS)  # its words as wide as they read (not 0 px)
    assert shown >= 20, shown
    heading = page.locator(".catan-tutor .catan-head")
    was = heading.inner_text()
    chapters = page.locator(".catan-chapter-picker select")
    two = next(t for t in chapters.evaluate("s => [...s.options].map(o => o.text)") if t[0] == "2")
    page.evaluate(SCROLL_DOWN_JS)  # the learner scrolled down, then picks chapter 2
    chapters.select_option(label=two)
    page.wait_for_function(
        "(w) => document.querySelector('.catan-tutor .catan-head').innerText !== w", arg=was
    )
    settle(page)
    top = heading.bounding_box()["y"]
    page.screenshot(path=ARTIFACTS / "phone_chapter_opened.png")
    assert 0 <= top <= 740 / 2, top  # the heading at the screen's top, the board under it
    # and the page's bar over it (the heading scrolled to the screen's top hid the bar, its
    # lists and theme switch, above the screen: l38), the page at its top when that fits
    bar = page.locator(".catan-bar").bounding_box()
    assert bar["y"] >= 0 and page.evaluate(SCROLLED_JS) == 0, bar
    page.locator(".catan-chapter-picker select").select_option(label="Free game (no lesson)")
    box = page.locator(".catan-force-chance input")
    box.wait_for()
    settle(page)
    words = page.locator(".catan-force-chance .widget-label-basic span")
    box.scroll_into_view_if_needed()
    page.screenshot(path=ARTIFACTS / "phone_chance_box.png")
    b, w = box.bounding_box(), words.bounding_box()
    # the words level with the box (drawn in its middle: they sat 17 px under it), after it
    middle = w["y"] + w["height"] / 2 - (b["y"] + b["height"] / 2)
    assert abs(middle) <= 3 and w["x"] >= b["x"] + b["width"], (b, w)


# Runs in the page on a button: how wide its words are drawn (CSS px)
WORDS_WIDTH_JS = """(b) => {
  const t = [...b.childNodes].find((n) => n.nodeType === 3 && n.textContent.trim());
  const r = document.createRange();
  r.selectNodeContents(t);
  return r.getBoundingClientRect().width;
}"""


# Runs in the page: the page scrolled to its foot (in the box that scrolls it)
SCROLL_DOWN_JS = """() => {
  const canvas = document.querySelector('.catan-board canvas');
  let p = canvas.parentElement;
  for (; p; p = p.parentElement) {
    const y = getComputedStyle(p).overflowY;
    if (p.scrollHeight > p.clientHeight + 1 && (y === 'auto' || y === 'scroll')) break;
  }
  (p || document.scrollingElement).scrollTop = 1e6;
}"""


def _prompt_box(page) -> dict:
    """The open question's words (its prompt, in the box)."""
    return page.locator(".catan-puzzle-prompt").bounding_box()


def test_entering_a_puzzle_s_step_sticks_the_board_and_leaving_it_moves_neither_it_nor_the_steps(
    app_server, phone
):
    from catan_tutor.study.resources import packaged_lessons
    from catan_tutor.study.scenario import load_scenario

    page = phone
    sc = load_scenario(packaged_lessons() / "puzzle_base_robber.catan.yaml")
    asked = next(iter(sc.puzzles))
    before = next(n for n in sc.timeline.walk() if n.id == asked).parent.id  # the step before
    _open(page, f"{app_server}?lesson=puzzle_base_robber&node={before}", "Puzzle: the robber")
    canvas = page.locator(BOARD).last
    steps_ = page.locator(".catan-board-col").get_by_role("button")
    back, forward = steps_.filter(has_text="◀").nth(1), steps_.filter(has_text="▶").first
    box, steps, depth = canvas.bounding_box(), back.bounding_box(), page.evaluate(STATE_JS)
    # ▶ into the question at the top of the page: the page goes to where the board sticks
    # at the screen's top, ◀ ▶ right under it, the question and its answer's row under them
    # (board_still.js: the step's words with the board; they began at the screen's foot)
    forward.tap()
    page.wait_for_function(f"(d) => ({STATE_JS})() !== d", arg=depth)
    page.locator(".catan-puzzle").first.wait_for()
    settle(page)
    page.screenshot(path=ARTIFACTS / "phone_puzzle_step.png")
    assert page.evaluate(SIDEWAYS_JS) == []  # no box scrolls sideways, cutting letters (l32)
    # the question and its answer's row on the first screen (s17's 2.2; the roll's story over
    # the box put it under the fold, s20), the story under it headed as the step before it
    # (bare under the box it read as the reply: l21)
    # (the whole row: the box, Answer and Hint; 9.18's Answer was under the fold, l24;
    # question_in_view.js scrolls the page, no farther than it takes, when it is not)
    prompt = _prompt_box(page)
    answer = page.locator(".catan-puzzle-entry").bounding_box()
    box, steps = canvas.bounding_box(), back.bounding_box()  # where the question put them
    foot = page.evaluate(BOARD_FOOT_JS)  # (the board sticks at the top: under it is covered)
    assert 0 <= box["y"] <= 20 and steps["y"] >= foot, (box, steps, foot)
    assert prompt["y"] >= foot and answer["y"] + answer["height"] <= 741, (prompt, answer)
    depth = page.evaluate(STATE_JS)
    back.tap()  # out of the puzzle: its question goes, the heading's kept lines come back
    page.wait_for_function(f"(d) => ({STATE_JS})() !== d", arg=depth)
    page.locator(".catan-puzzle").first.wait_for(state="hidden")
    settle(page)
    page.screenshot(path=ARTIFACTS / "phone_puzzle_step_back.png")
    # (the board came 53 px down, ◀ with it: a second tap landed on the board)
    assert abs(canvas.bounding_box()["y"] - box["y"]) <= 1, (canvas.bounding_box(), box)
    assert abs(back.bounding_box()["y"] - steps["y"]) <= 1, (back.bounding_box(), steps)
    # ◀ ▶ in sight under the board, not under it (the page keeps its height: the step's
    # shorter page took the board ~200 px down under the finger)
    assert back.bounding_box()["y"] >= page.evaluate(BOARD_FOOT_JS), back.bounding_box()
    # solved: "Right", then the key of its "§" under the words it explains, as on a desktop
    # (the key went over "Right": phone_puzzle_key_before.png)
    forward.tap()
    page.locator(".catan-puzzle-answer input").wait_for()
    # a tap on hex M: only P2 can be robbed there (s18: the form offers the victims the engine
    # lets be robbed there), so the tap answers at once: the reply in sight (learner 14's
    # m03.png: out of sight, unsaid); the board stays under the finger (a scroll took it
    # away: s17; reply_in_view.js); then the page as it was (asked after the step left
    # and entered again above: a wrong answer stays on the page)
    scrolled = page.evaluate(SCROLLED_JS)
    tapped = canvas.bounding_box()
    _tap(page, board.hex_centre_xy(board.HEX_NAMES.index("M")))
    several = page.locator(".catan-puzzle-result").filter(has_text="Not the answer")
    several.wait_for()
    settle(page)
    page.screenshot(path=ARTIFACTS / "phone_puzzle_several.png")
    said = several.bounding_box()
    foot = page.evaluate(BOARD_FOOT_JS)  # (not under the board stuck at the top)
    assert said["y"] >= foot and said["y"] + said["height"] <= 741, (said, foot)  # (sub-pixel)
    # (the board goes up no farther than shows the question and its answer's row over the
    # reply held at the foot, M still in sight over it: s24, reply_in_view.js's roomFor)
    now, held = canvas.bounding_box(), page.locator(".catan-reply-held")
    m_y = _board_y(page, board.hex_centre_xy(board.HEX_NAMES.index("M")))
    foot = held.bounding_box()["y"] if held.count() else 740
    assert now["y"] <= tapped["y"] and 0 <= m_y <= foot - 20, (now, tapped, m_y, foot)
    page.evaluate(SCROLLED_JS, scrolled)
    settle(page)
    # a kind chosen from the palette opens its form under its button, not over it (the
    # player, hex and rob-from fields over "Move the robber": a fresh learner, s15, m04.png)
    kind = page.locator(".catan-palette button").filter(has_text="Move the robber")
    kind.tap()
    form = page.locator(".catan-form-box .widget-dropdown").first
    form.wait_for()
    settle(page)
    form.scroll_into_view_if_needed()
    page.screenshot(path=ARTIFACTS / "phone_puzzle_form.png")
    said = kind.bounding_box()
    assert said["y"] + said["height"] <= form.bounding_box()["y"], (said, form.bounding_box())
    page.locator(".catan-puzzle-answer input").fill("P1 robber Q P2")
    page.locator(".catan-puzzle-answer input").press("Enter")
    right = page.locator(".catan-puzzle-result .catan-puzzle-verdict")
    right.filter(has_text="Right").wait_for()
    settle(page)
    page.screenshot(path=ARTIFACTS / "phone_puzzle_key.png", full_page=True)
    # the reply cites its rule once, by its "Rule:" line: no "§" and no key to it (s27, l33)
    assert not page.locator(".catan-puzzle .catan-marks-key").is_visible()
    # "Solved. Press ▶ …" by ▶, not only in the heading above the board (10.6, l24)
    go_on = page.locator(".catan-step-go-on")
    assert go_on.is_visible() and "Press ▶" in go_on.inner_text()
    near, step = go_on.bounding_box(), forward.bounding_box()
    assert near["y"] + near["height"] >= step["y"] and near["y"] <= step["y"] + 2 * step["height"]
    assert not page.locator(".catan-head-solved").is_visible()  # (said once)
    # a C&K puzzle (6.7) on the same page: its question and answer's row on the first screen
    # too (the dice's caption under the board, a line of its own on a C&K phone, put the
    # answer's row 24 px under the fold; what the event die did, 11.16's, 56 px)
    sc = load_scenario(packaged_lessons() / "puzzle_ck_walls.catan.yaml")
    asked = next(iter(sc.puzzles))
    before = next(n for n in sc.timeline.walk() if n.id == asked).parent.id
    page.goto(f"{app_server}?lesson=puzzle_ck_walls&node={before}", timeout=120_000)
    page.wait_for_function(BOARD_PAINTED_JS, timeout=120_000, polling=100)
    page.locator(".catan-tutor").filter(has_text="Puzzle: ").first.wait_for()
    settle(page)  # (a tap while the new page still moved fell beside ▶ once, under load)
    depth = page.evaluate(STATE_JS)
    forward.tap()
    page.wait_for_function(f"(d) => ({STATE_JS})() !== d", arg=depth)
    page.locator(".catan-puzzle-answer input").wait_for()
    bottom = page.evaluate(SETTLED_BOTTOM_JS, ".catan-puzzle-entry")  # (its Answer too)
    page.screenshot(path=ARTIFACTS / "phone_puzzle_ck.png")
    assert bottom <= 741, bottom  # (sub-pixel)
    # the kinds' buttons whole: every kind of the turn at a question, the longest cut at the
    # phone's edge ("Offer a resource for a commodity (Commercial Harbor", a fresh learner, s17)
    assert page.evaluate(CUT_JS) == []
    assert page.locator(".catan-puzzle-prompt").bounding_box()["y"] >= 0
    box, steps, depth = canvas.bounding_box(), back.bounding_box(), page.evaluate(STATE_JS)
    back.tap()  # out of it: the course's summary (a puzzle solved) back, the board stays
    page.wait_for_function(f"(d) => ({STATE_JS})() !== d", arg=depth)
    page.locator(".catan-puzzle").first.wait_for(state="hidden")
    page.evaluate(SETTLED_BOTTOM_JS, ".catan-board canvas")
    page.screenshot(path=ARTIFACTS / "phone_puzzle_ck_back.png")
    assert abs(canvas.bounding_box()["y"] - box["y"]) <= 1, (canvas.bounding_box(), box)


# The bottom of an element once the page's layout holds still (ten frames alike): late
# lines (the dice's words, the heading's) come in the frames after a step
SETTLED_BOTTOM_JS = """(sel) => new Promise((done) => {
  let last = null, same = 0;
  const look = () => {
    const e = document.querySelector(sel);
    const now = e ? Math.round(e.getBoundingClientRect().bottom) : null;
    same = now === last ? same + 1 : 0;
    last = now;
    if (same >= 10) done(now); else requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
})"""

# The page's scroll (Voilà's: a box of its own scrolls, not the window): read, or set to ``y``
SCROLLED_JS = """(y) => {
  let e = document.querySelector('.catan-tutor');
  while (e && e.scrollHeight <= e.clientHeight) e = e.parentElement;
  if (!e) return 0;
  if (typeof y === 'number') e.scrollTop = y;
  return e.scrollTop;
}"""


# Runs in the page: the top and foot of the last shown box of each part named.
PARTS_JS = """(parts) => { const out = {};
  for (const [name, sel] of Object.entries(parts)) {
    const shown = [...document.querySelectorAll(sel)].filter((e) => e.getClientRects().length);
    if (shown.length) { const r = shown[shown.length - 1].getBoundingClientRect();
      out[name] = [r.top, r.bottom]; } }
  return out; }"""
GAME_PARTS = {
    "board": BOARD,
    "turn": ".catan-turn-buttons",
    "kinds": ".catan-palette",
    "form": ".catan-form-box",
    "seats": ".catan-computer",
}


# Runs in the page: the tabs scrolled to the stuck board's middle, what is on top there is the
# board
TABS_UNDER_JS = """() => new Promise((done) => {
  const tab = document.querySelector('.catan-tutor .lm-TabBar-tab.lm-mod-current');
  const board = document.querySelector('.catan-tutor .catan-board');
  const mid = (e) => { const r = e.getBoundingClientRect(); return r.top + r.height / 2; };
  const under = () => window.catanScroller(tab).scrollBy(0, mid(tab) - mid(board));
  under();  // (again once the board sticks: it went up with the first scroll)
  requestAnimationFrame(() => { under(); requestAnimationFrame(() => {
    const r = tab.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    done(board.contains(top));
  }); });
})"""
# Runs in the page: each of Explore's tabs as [its words, top, right, its words whole?]
TABS_JS = """() => [...document.querySelectorAll('.catan-tutor .lm-TabBar-tab')]
  .filter((t) => t.getClientRects().length).map((t) => {
    const r = t.getBoundingClientRect(), l = t.querySelector('.lm-TabBar-tabLabel') || t;
    return [t.innerText, r.top, r.right, l.scrollWidth <= l.clientWidth + 1]; })"""


def test_a_game_against_the_computer_has_the_hand_and_the_moves_under_the_board(app_server, phone):
    """A fresh learner (s16, w06_phone_rolled.png), a free game against the computer on a
    phone: Roll, the hand and the kinds to play sat two screens under the board, the seats'
    box (who plays, Pause, how each plays: 375 px) between. With the tools (the Play tab) and
    with fewer: the turn's buttons, the hand, the kinds and their form come first, less than
    half a screen under the board, the seats after the form; the hand's lines at the page's
    spacing (s34: doubled). The page's help pushes the page down, whole in the screen's width.
    The New game form's Start comes after the seats (s34: before them)."""
    page = phone
    _open(page, f"{app_server}?variant=base&players=3&seed=1&p2=greedy&p3=greedy", "P1")
    page.locator(".catan-computer").first.wait_for()
    for tools in ("fewer", "more"):  # (a game opens with fewer: every tool read as too much)
        at = page.evaluate(PARTS_JS, GAME_PARTS)
        assert set(at) == set(GAME_PARTS), (tools, at)
        under = at["board"][1]
        assert at["turn"][0] >= under and at["kinds"][0] - under < 0.55 * PHONE["height"], (
            tools,
            at,
        )
        assert at["turn"][0] < at["kinds"][0] < at["form"][0] < at["seats"][0], (tools, at)
        assert page.evaluate(SIDEWAYS_JS) == [], tools  # every line's last letters in sight
        if tools == "more":
            # the hand's lines at the page's spacing: its widget's 28 px line doubled them where
            # it wraps (9.2's "P2's hand: ...; progress cards: ...", s34 m12_phone_dark_tabs)
            spacing = page.locator(".catan-tutor .catan-own-hand .widget-html-content").evaluate(
                "e => parseFloat(getComputedStyle(e).lineHeight)"
                " / parseFloat(getComputedStyle(e).fontSize)"
            )
            assert spacing <= 1.5, spacing
            # Explore's seven tabs on one row in the screen, each word whole ("File" wrapped
            # alone onto a second row: a fresh learner, s31)
            tabs = page.evaluate(TABS_JS)
            tops = [t[1] for t in tabs]  # (the chosen tab sits 1 px lower)
            assert len(tabs) == 7 and max(tops) - min(tops) <= 2, tabs
            assert all(t[2] <= PHONE["width"] and t[3] for t in tabs), tabs
            # scrolled under the stuck board, the tabs go under it (Lumino's z-index of each
            # tab drew them over it: a fresh learner, l277)
            assert page.evaluate(TABS_UNDER_JS), "a tab over the board"
        else:
            page.get_by_role("button", name="Explore").click()
            page.locator(".catan-tutor .lm-TabBar").wait_for()
            settle(page)
    # the page's help opens in the page (over it, it hid what was under it: s16, t01_p3.png):
    # whole in the screen's width, the lists pushed under it
    page.locator(".catan-help summary").tap()
    shown = page.locator(".catan-help-body").bounding_box()
    chapter = page.locator(".catan-chapter-picker select").bounding_box()
    new_game = page.locator(".catan-new-game").bounding_box()  # the bar's right end
    assert shown["x"] >= 0 and shown["x"] + shown["width"] <= new_game["x"] + new_game["width"] + 1
    assert chapter["y"] >= shown["y"] + shown["height"], (shown, chapter)
    # Roll at 2.1, scrolled down to it under the lesson's words: what the dice did shows on
    # the board, whole on the screen (it was 307 px above the screen, its foot 36 px into it:
    # a fresh learner, s33); it sticks at the screen's top now (style.LAYOUT_CSS)
    page.locator(".catan-help summary").tap()  # (the help folded again)
    page.locator(".catan-chapter-picker select").select_option(index=2)  # chapter 2: 2.1
    page.locator(".catan-tutor .catan-head").filter(has_text="Production").wait_for()
    settle(page)
    roll, canvas = page.locator(".catan-roll").first, page.locator(BOARD).last
    roll.scroll_into_view_if_needed()
    settle(page)
    # (the board stays at the screen's top, stuck, the page scrolled under it to Roll)
    assert 0 <= canvas.bounding_box()["y"] <= 20 and page.evaluate(SCROLLED_JS) > 0
    depth = page.evaluate(STATE_JS)
    roll.tap()
    page.wait_for_function(f"(d) => ({STATE_JS})() !== d", arg=depth)
    settle(page)
    frames(page)
    page.screenshot(path=ARTIFACTS / "phone_rolled.png")
    board = canvas.bounding_box()
    assert 0 <= board["y"] and board["y"] + board["height"] <= PHONE["height"], board
    # the New game form: Start after the seats it starts the game with (it came before them,
    # the last of the variant's row: s34 m15_phone_dark_newgame.png)
    page.locator(".catan-bar .catan-new-game").tap()
    start = page.locator(".catan-new-game-box .catan-new-game-start")
    start.wait_for()
    page.screenshot(path=ARTIFACTS / "phone_new_game_form.png")
    seats = page.locator(".catan-new-game-box .catan-seats select").all()
    last = seats[-1].bounding_box()
    assert len(seats) >= 2 and start.bounding_box()["y"] >= last["y"] + last["height"], (
        start.bounding_box(),
        last,
    )


def test_the_next_lesson_opens_at_the_page_s_top(app_server, phone):
    """s35, a fresh learner on a phone: 2.2 opened scrolled past the page's title. Next
    lesson, pressed under 2.1's last words with the page scrolled to its foot, opens 2.2 at
    the page's top, "Catan tutor", the lists and the lesson's heading in sight, as its address
    opens it (_open) and as the lesson list does (lesson_top.js)."""
    page = phone
    _open(page, f"{app_server}?lesson=base_production_robber", "Production")
    page.get_by_title("last (End on the board)", exact=True).tap()  # 2.1's end
    following = page.get_by_role("button", name="Next lesson")
    following.wait_for()
    settle(page)
    # the step count ("n/n" at the end) on ◀ ▶'s row, whole; the goal's line after the
    # step's words (its 3-5 lines over every step pushed the words down: l276)
    end = page.evaluate(END_ROW_JS)
    box, forward, steps = end["box"], end["forward"], end["steps"]
    assert end["count"] == f"{steps}/{steps}", end
    assert abs(box["y"] + box["height"] / 2 - forward["y"] - forward["height"] / 2) < 4, end
    assert box["x"] + box["width"] <= end["width"] - 10, end
    assert end["words"] < end["goal"], end
    page.evaluate("(e) => window.catanScroller(e).scrollBy(0, 5000)", following.element_handle())
    following.scroll_into_view_if_needed()  # (as a learner reads down to it)
    *scrolled, _ = page.evaluate(TOP_JS)
    assert max(scrolled) > 0, scrolled
    following.tap()
    page.locator(".catan-tutor .catan-head").filter(has_text="Puzzle: the robber").wait_for()
    settle(page)
    frames(page)
    page.screenshot(path=ARTIFACTS / "phone_next_lesson.png")
    *scrolled, title = page.evaluate(TOP_JS)
    assert scrolled == [0] and title >= 0, (scrolled, title)


def test_a_question_s_palette_says_what_its_greyed_buttons_mean(app_server, phone):
    """l27, a fresh learner: the palette's buttons had looks and nothing said what they meant;
    a hover text shows on no phone. At 3.2's question a one-line key under the palette says
    it, the look drawn as its buttons are, on the screen's width; hidden from a screen reader
    (which hears each button's reason). No button is dotted for its cost (s23)."""
    from catan_tutor.study.resources import packaged_lessons
    from catan_tutor.study.scenario import load_scenario

    page = phone
    sc = load_scenario(packaged_lessons() / "puzzle_base_trading.catan.yaml")
    asked = next(iter(sc.puzzles))
    _open(page, f"{app_server}?lesson=puzzle_base_trading&node={asked}", "Puzzle: trading")
    page.locator(".catan-puzzle").first.wait_for()
    key = page.locator(".catan-palette-key .catan-key")
    key.wait_for()
    key.scroll_into_view_if_needed()
    settle(page)
    palette = page.locator(".catan-palette").bounding_box()
    said = key.bounding_box()
    page.screenshot(path=ARTIFACTS / "phone_palette_key.png")  # (the key in sight)
    words = " ".join(key.inner_text().split())
    assert words == GREYED.format(n="Greyed buttons:")  # (none dotted for its cost: s23)
    # right under the palette, inside the screen
    assert 0 <= said["y"] - (palette["y"] + palette["height"]) <= 12, (palette, said)
    assert said["x"] >= 0 and said["x"] + said["width"] <= 375, said
    assert key.get_attribute("aria-hidden") == "true"
    # the look's word drawn as its buttons are (play_panel.PLAY_CSS)
    greyed = page.locator(".catan-palette button[aria-disabled=true]").first
    style = "(e) => { const s = getComputedStyle(e); return [s.borderTopStyle, s.opacity]; }"
    assert key.locator(".catan-key-greyed").evaluate(style) == greyed.evaluate(style)
    # the offer's counts: no card's word alone on a row ("ore" under brick, lumber, wool,
    # grain on a 1280 page, under two rows of two here: a fresh learner, s31,
    # e04_offer_form.png)
    page.locator(".catan-palette button", has_text="Offer a trade").first.tap()
    page.locator(".catan-form-box .catan-counts").first.wait_for()
    rows = page.evaluate(COUNT_ROWS_JS)
    assert len(rows) == 2 and all(1 not in r for r in rows), rows
    # answered right: the box ends with its reply's "Rule: ...", no empty band under it
    # (its words sat at the top of the finger's 40 px: h05_phone_32_right.png)
    page.locator(".catan-puzzle-answer input").fill(sc.puzzles[asked].answers[0])
    page.locator(".catan-puzzle").get_by_role("button", name="Answer").tap()
    page.locator(".catan-puzzle-result").filter(has_text="Right").wait_for()
    settle(page)
    page.locator(".catan-puzzle").screenshot(path=ARTIFACTS / "phone_puzzle_solved.png")
    assert page.evaluate(UNDER_RULE_JS) <= 24  # (21: its tap target's lower half, the
    # box's padding; ~36 with the words at the target's top and the hints' empty line kept)


def test_a_right_answer_beside_the_lesson_s_line_is_said_in_a_row_of_its_own(app_server, phone):
    """Learner 278 at 1.4: O7, right beside the lesson's N3, then ▶: "The lesson goes on
    with its own answer…" stood beside ◀ ▶ in a column a word wide, and "Explore › Moves"
    meant nothing to a beginner. It says what to do, in a row of its own under ◀ ▶. Before
    it, a hint: its words came under the screen's foot (learner 278); brought into sight.
    The field typed in with the keyboard up, a form's list of moves: below."""
    page = phone
    _open(page, f"{app_server}?lesson=puzzle_base_setup&node=1", "Puzzle")
    page.locator(".catan-puzzle-hint").tap()
    hint = page.locator(".catan-puzzle-hint-text").first
    hint.wait_for()
    settle(page)
    frames(page)
    shown = hint.bounding_box()
    assert shown["y"] >= page.evaluate(BOARD_FOOT_JS) and shown["y"] + shown["height"] <= 741
    # typing with the keyboard up (375x420): the board does not stick over the question (it
    # took the screen, the question and its verdict under it: learner 278)
    field = page.locator(".catan-puzzle-answer input")
    page.evaluate(SCROLLED_JS, 400)  # (read down: the board stuck at the screen's top)
    field.tap()
    page.set_viewport_size({"width": 375, "height": 420})
    page.wait_for_function("() => window.innerHeight === 420")  # (not always at once)
    frames(page)
    field.evaluate("(e) => e.scrollIntoView({block: 'end'})")  # (as the browser does)
    frames(page)
    prompt = page.locator(".catan-puzzle-prompt p").first.bounding_box()
    cover = page.evaluate(COVER_JS, ".catan-puzzle-prompt p")
    assert prompt["y"] >= max(cover, 0) and field.bounding_box()["y"] + 40 <= 421, (prompt, cover)
    page.set_viewport_size({"width": 375, "height": 740})
    field.blur()
    page.locator(".catan-puzzle-answer input").fill("P1 road O7")
    page.locator(".catan-puzzle").get_by_role("button", name="Answer").tap()
    page.locator(".catan-puzzle-result").filter(has_text="Right").wait_for()
    depth = page.evaluate(STATE_JS)
    page.locator(".catan-board-col .catan-step").filter(has_text="▶").first.tap()
    page.wait_for_function(f"(d) => ({STATE_JS})() !== d", arg=depth)
    note = page.locator(".catan-step-note")
    note.wait_for(state="visible")
    settle(page)
    words = " ".join(note.inner_text().split())
    assert words == (
        "Yours, O7, was right too. The lesson goes on with its own, N3; "
        "to see yours again, open Explore, then Moves."
    )
    said, back = note.bounding_box(), page.locator(".catan-board-col .catan-step").nth(1)
    page.screenshot(path=ARTIFACTS / "phone_went_on.png")
    assert said["width"] >= 330 and said["y"] >= back.bounding_box()["y"] + 40, said
    # its own row leaves Labels and the count in the step buttons' (l280: the count gone,
    # Labels under the lesson's text)
    row = back.bounding_box()["y"]
    for kept in (".catan-labels-toggle", ".catan-step-count"):
        box = page.locator(f".catan-board-col {kept}").first.bounding_box()
        assert box is not None and abs(box["y"] + box["height"] / 2 - row - 20) < 25, (kept, box)
    # a form's list of moves: "or choose one here:" beside it took 130 px of the width and
    # squeezed the moves' words (l278); over it, the list the form's width (1.3, Explore,
    # "Place tile": hex, terrain, then the list of both; picked here: one kernel, s47)
    pick_lesson(page, "Laying out a variable board")
    page.get_by_role("button", name="Explore").first.tap()
    page.locator(".catan-palette button").filter(has_text="Place tile").tap()
    listed = page.locator(".catan-form .catan-form-listed")
    listed.wait_for()
    settle(page)
    label = listed.locator(".widget-label").bounding_box()
    chosen = listed.locator("select").bounding_box()
    form = page.locator(".catan-form").first.bounding_box()
    assert label["y"] + label["height"] <= chosen["y"] + 1, (label, chosen)
    assert chosen["width"] >= form["width"] - 40, (chosen, form)
