"""End to end: Voilà serves the start notebook, headless Chromium shows a painted board.

Needs /usr/bin/chromium (``apt-get install -y chromium``); skipped without it, except under
``CI=true`` where a missing browser is a failure. Screenshots go to tests/artifacts/.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from browser_harness import (
    Page,
    click_play_typed,
    open_new_game,
    open_tab,
    pick_lesson,
    settle,
)

from catan_tutor.study.resources import START_NOTEBOOK
from catan_tutor.widgets import style
from catan_tutor.widgets.wording import kind_words, palette_words

pytestmark = [pytest.mark.browser, pytest.mark.kernel]

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = START_NOTEBOOK
ARTIFACTS = ROOT / "tests" / "artifacts"
PAGE_TIMEOUT = 120_000  # ms for the notebook to run and the board to be drawn

# Runs in the page: pixel statistics of the board canvas, or null while it is still blank.
CANVAS_STATS_JS = """
(terrain) => {
  const canvas = document.querySelector('.catan-board canvas');
  if (!canvas || !canvas.width) return null;
  const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  const near = (i, c) => Math.abs(data[i] - c[0]) + Math.abs(data[i + 1] - c[1])
    + Math.abs(data[i + 2] - c[2]) <= 6;
  const counts = terrain.map(() => 0);
  const colours = new Set();
  let painted = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3] === 0) continue;
    painted++;
    colours.add((data[i] >> 4) + ',' + (data[i + 1] >> 4) + ',' + (data[i + 2] >> 4));
    terrain.forEach((c, k) => { if (near(i, c)) counts[k]++; });
  }
  const total = data.length / 4;
  if (painted < total / 2) return null;
  return {total, painted, colours: colours.size, terrain: counts};
}
"""


def _rgb(colour: str) -> list[int]:
    return [int(colour[i : i + 2], 16) for i in (1, 3, 5)]


@pytest.fixture(scope="module")
def page(browser, app_server: str) -> Iterator:
    """One browser page on the app, shared by the tests below in their order: a new
    visitor's page in the test process's kept Chromium (``browser_harness.Page``: its
    desktop context, whose disk cache holds the app's scripts compiled; a fresh context's
    load compiled them again, ~2.7 CPU-s), allowed the clipboard."""
    p = Page(browser, "browser", viewport={"width": 1280, "height": 1000})
    p.context.grant_permissions(["clipboard-read", "clipboard-write"])  # (cleared when lent)
    pg = p.page
    try:
        pg.goto(app_server, timeout=PAGE_TIMEOUT)
        pg.wait_for_function(f"() => ({STATE_JS})().startsWith('node')", timeout=PAGE_TIMEOUT)
        yield pg
    finally:
        pg.screenshot(path=ARTIFACTS / "last_page.png", full_page=True)
        print(f"\nscreenshots in {ARTIFACTS}")
        p.close()  # (prints the browser's console)


# Runs in the page: the tutor's hidden state (data-* attributes of .catan-state) as one line,
# "node 3 depth 3 relocate #1f392fc2" ('' before the tutor shows).
STATE_JS = """() => {
  const e = document.querySelector('.catan-tutor .catan-state');
  if (!e) return '';
  const d = e.dataset;
  return `node ${d.node} depth ${d.depth} ${d.phase} #${d.digest}`;
}"""
# What no page may show as text: the test markers, phase names, rule IDs as prompts.
INTERNALS = re.compile(
    r"drawn \d|node \d+ depth|#[0-9a-f]{8}\b|\b(setup-settle|setup-road|"
    r"pre-roll|progress-draw)\b|Expected here|(?i:chance): [A-Z0-9]+-"
)


def _marker(page) -> str:
    return page.evaluate(STATE_JS)


def _wait_marker(page, text: str) -> None:
    page.wait_for_function(f"(text) => ({STATE_JS})().includes(text)", arg=text)


def _no_internals(page) -> None:
    """Nothing meant for tests or developers shows: the page's text has no marker, no phase
    name, no raw rule ID as a prompt; the markers are there as hidden attributes."""
    text = page.locator("body").inner_text()
    found = INTERNALS.search(text)
    assert found is None, f"shown on the page: {found.group()!r}"
    assert re.fullmatch(r"node \d+ depth \d+ \S+ #[0-9a-f]{8}", _marker(page))
    assert page.locator(".catan-drawn").first.get_attribute("data-drawn").isdigit()


def _spot(page, kind: str, label: str) -> tuple[float, float]:
    """Page coordinates of a labelled vertex, edge or hex on the board canvas."""
    from catan_tutor import board
    from catan_tutor.widgets.board_view import Viewport

    box = page.locator(".catan-board canvas").last.bounding_box()
    ratio = 2  # BoardView's default: the canvas has twice the CSS pixels
    vp = Viewport.fit(
        round(box["width"]) * ratio, round(box["height"]) * ratio - style.STRIP_HEIGHT * ratio
    )
    parse = {"vertex": board.parse_vertex, "edge": board.parse_edge, "hex": board.parse_hex}
    xy = {"vertex": board.vertex_xy, "edge": board.edge_xy, "hex": board.hex_centre_xy}
    x, y = vp.px(xy[kind](parse[kind](label)))
    return box["x"] + x / ratio, box["y"] + y / ratio


BOARD_PIXELS_JS = "(() => document.querySelector('.catan-board canvas').toDataURL().length)"


def _board_pixels(page) -> int:
    """A fingerprint of the board's pixels (the length of its PNG data URL)."""
    return page.evaluate(f"{BOARD_PIXELS_JS}()")


# Runs in the page: the moves of the Moves tab's list, one a line, "↳ " before the first
# move of a variation, " *" after the current move.
TREE_JS = """() => [...document.querySelectorAll('.catan-moves .catan-mv')].map(m =>
  (m.parentElement.classList.contains('catan-mv-var') && m.parentElement.querySelector(
    '.catan-mv') === m ? '\u21b3 ' : '') + m.textContent
  + (m.classList.contains('catan-mv-current') ? ' *' : '')).join('\\n')"""


def _tree_text(page) -> str:
    """The moves of the move list (the Moves tab)."""
    return page.evaluate(TREE_JS)


def _tree_has(page, row: str) -> None:
    """Wait until the move list has a move reading ``row``."""
    page.wait_for_function(f"(row) => ({TREE_JS})().includes(row)", arg=row)


def _pick_lesson(page, title: str) -> None:
    """Open the lesson called ``title`` (its chapter first, then the lesson)."""
    pick_lesson(page, title)


def _board_stats(page, colours: list[str]) -> dict:
    """Painted share, distinct colours and the pixels of each of ``colours`` on the board
    (ipycanvas composes the layers into the one canvas the page shows)."""
    return page.evaluate(
        """(colours) => {
      const c = document.querySelector('.catan-board canvas');
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      const near = (i, k) => Math.abs(d[i] - k[0]) + Math.abs(d[i + 1] - k[1])
        + Math.abs(d[i + 2] - k[2]) <= 6;
      let painted = 0; const seen = new Set(); const counts = colours.map(() => 0);
      for (let i = 0; i < d.length; i += 4) {
        if (d[i + 3] === 0) continue;
        painted++; seen.add((d[i] >> 4) + ',' + (d[i + 1] >> 4) + ',' + (d[i + 2] >> 4));
        colours.forEach((k, j) => { if (near(i, k)) counts[j]++; });
      }
      return {painted: painted / (d.length / 4), colours: seen.size, counts,
              width: c.width, css: c.getBoundingClientRect().width};
    }""",
        [_rgb(c) for c in colours],
    )


def test_board_is_drawn_in_voila(page) -> None:
    """The start page: the app opens on a painted board with every terrain colour."""
    terrain = [_rgb(c) for c in style.TERRAIN_FILL]
    stats = page.wait_for_function(CANVAS_STATS_JS, arg=terrain, timeout=30_000).json_value()
    page.screenshot(path=ARTIFACTS / "voila_page.png", full_page=True)
    page.locator(".catan-board").first.screenshot(path=ARTIFACTS / "board.png")
    assert stats["painted"] > 0.6 * stats["total"], stats  # the sea frame covers about 70 %
    assert stats["colours"] >= 12, stats
    assert all(n >= 500 for n in stats["terrain"]), f"a terrain colour is missing: {stats}"
    _no_internals(page)


@pytest.mark.parametrize(
    ("title", "name"),
    [
        ("The distance rule and Longest Road", "board_base"),
        ("The metropolis race", "board_ck_midgame"),
        ("Building for the neutrals", "board_2p"),
    ],
)
def test_boards_are_painted(page, title: str, name: str) -> None:
    """A base board, a C&K mid-game board and a 2-player board: sea, land and pieces painted,
    sharp (the canvas has twice the CSS pixels)."""
    _pick_lesson(page, title)
    settle(page)
    page.locator(".catan-board").first.screenshot(path=ARTIFACTS / f"{name}.png")
    players = [style.player_fill(c) for c in ("red", "blue")]
    stats = _board_stats(page, [*players, style.STRIP_FILL, style.SEA])
    assert stats["painted"] > 0.65 and stats["colours"] >= 12, stats  # sea, land, strip
    assert stats["width"] == 2 * round(stats["css"]), stats  # sharp: twice the CSS pixels
    assert all(n >= 300 for n in stats["counts"]), f"pieces or strip missing: {stats}"


def test_knight_lesson_step_click_rewind_and_branch(page) -> None:
    _pick_lesson(page, "Knight displacement")
    _wait_marker(page, "node 0 depth 0")
    page.get_by_role("button", name="▶", exact=True).click()  # forward with the button
    _wait_marker(page, "depth 1 relocate")
    page.locator(".catan-board canvas").last.focus()  # keys go to the focused board
    page.keyboard.press("PageDown")
    _wait_marker(page, "depth 2")
    page.keyboard.press("Home")
    _wait_marker(page, "depth 0")
    page.get_by_role("button", name=kind_words("move knight"), exact=True).click()
    page.mouse.move(*_spot(page, "vertex", "O6"))
    page.locator(".catan-tutor").filter(has_text="Pointer on O6, a spot for").first.wait_for()
    page.screenshot(path=ARTIFACTS / "knight_targets.png")
    before = _board_pixels(page)
    page.mouse.click(*_spot(page, "vertex", "O6"))  # a glowing target
    _wait_marker(page, "depth 1 relocate")
    page.wait_for_function(f"() => {BOARD_PIXELS_JS}() !== {before!r}")  # the board changed
    open_tab(page, "Moves")
    _tree_has(page, "P1 moves the knight on N4 to O6 *")
    page.get_by_role("button", name="◀", exact=True).click()  # rewind
    _wait_marker(page, "depth 0")
    open_tab(page, "Play")
    page.locator(".catan-end-turn").click()  # one click
    _wait_marker(page, "depth 1 pre-roll")
    open_tab(page, "Moves")
    _tree_has(page, "↳ P1 ends the turn *")  # a variation
    assert "P1 moves the knight on N4 to O6" in _tree_text(page)
    page.screenshot(path=ARTIFACTS / "variation.png")
    # the tree's buttons in words, greyed with why (issue 33: "Move up" did nothing and said
    # nothing): in a lesson, its moves stay the moves ▶ plays; this one is another way already
    # (no chess study's "main line" / "side line")
    main = page.get_by_role("button", name="Make ▶ follow this move")
    side = page.get_by_role("button", name="Make ▶ follow the other move here")
    from playwright.sync_api import expect  # (not at import: the minimum-versions run has none)

    # the buttons' words follow the marker by a message: wait for them, do not read them once
    expect(main).to_have_attribute("title", re.compile("they stay first, and ▶ follows them"))
    expect(side).to_have_attribute("title", re.compile("already follows another move here"))
    assert main.is_disabled() and side.is_disabled()


def test_force_a_dice_outcome(page) -> None:
    """The dice set in one form, a list per die (learner 280: a form per die, five clicks
    for one throw); its button plays the roll and every die at once."""
    open_tab(page, "Play")
    page.get_by_role("button", name=palette_words("roll"), exact=True).click()
    form = page.locator(".catan-form")
    throw = form.get_by_role("button", name="Roll these dice")
    assert throw.is_disabled()  # till every die is chosen
    form.get_by_label("white die", exact=True).select_option(label="5")
    form.get_by_label("red die", exact=True).select_option(label="3")
    form.get_by_label("event die", exact=True).select_option(label="yellow trade castle")
    form.filter(has_text="The dice will show 5 and 3: 8.").wait_for()
    throw.click()
    open_tab(page, "Moves")  # a roll and its dice: one row, in words
    _tree_has(page, "rolls 5 and 3: 8 (event die: yellow trade castle)")


def test_roll_in_one_click_and_a_copied_link_reopens_the_node(page) -> None:
    """Back at P2's turn before the dice (one step back over the roll begun, a lesson's roll
    being one step): one click on Roll plays the roll and throws the
    three dice (C&K). Copy link there gives the address of the lesson with the learner's
    moves (their variation); a fresh page opened at it shows the same position (same
    digest), with nothing internal on show."""
    page.get_by_role("button", name="◀", exact=True).click()  # a roll is one step back
    _wait_marker(page, "depth 1 pre-roll")
    open_tab(page, "Play")
    page.locator(".catan-roll").click()
    page.wait_for_function(f"() => +({STATE_JS})().split(' ')[3] >= 5")  # roll + 3 dice
    state = _marker(page)
    assert " dice " not in state and " pre-roll " not in state, state
    page.screenshot(path=ARTIFACTS / "rolled_in_one_click.png")
    _no_internals(page)
    page.get_by_role("button", name="Copy link").click()
    field = page.locator("input.catan-link-input")
    page.wait_for_function(
        "() => { const i = document.querySelector('input.catan-link-input');"
        " return i && i.value.startsWith('http'); }"
    )
    link = field.input_value()
    page.locator(".catan-link-note").filter(has_text="copied").wait_for()
    assert page.evaluate("() => navigator.clipboard.readText()") == link
    page.locator(".catan-tutor").first.screenshot(path=ARTIFACTS / "copy_link.png")
    query = parse_qs(urlsplit(link).query)
    assert query.keys() <= {"lesson", "node", "moves"} and "moves" in query, link  # no ?s=
    assert query["lesson"] == ["7.3"] and len(link) < 1000, link  # ck_knight_displacement
    fresh = page.context.new_page()
    try:
        fresh.goto(link, timeout=PAGE_TIMEOUT)
        fresh.wait_for_function(f"() => ({STATE_JS})().startsWith('node')", timeout=PAGE_TIMEOUT)
        assert _marker(fresh).split("#")[1] == state.split("#")[1]  # the same position
        _no_internals(fresh)
        fresh.screenshot(path=ARTIFACTS / "link_reopened.png")
    finally:
        fresh.close()


def test_bad_upload_shows_the_error_and_keeps_the_game(page) -> None:
    before = _marker(page)
    open_tab(page, "File")
    with page.expect_file_chooser() as chooser:
        page.locator(".catan-tutor .widget-upload").click()
    chooser.value.set_files(
        files=[
            {
                "name": "broken.catan.yaml",
                "mimeType": "text/yaml",
                "buffer": b"title: Broken\nvariant: base\nplayers: [3\n",
            }
        ]
    )
    page.locator(".catan-tutor").filter(has_text="broken.catan.yaml:").first.wait_for()
    page.screenshot(path=ARTIFACTS / "bad_upload.png")
    assert _marker(page) == before


def test_barbarian_attack_shows_the_pillaged_city(page) -> None:
    _pick_lesson(page, "Which city falls")
    open_tab(page, "Play")
    page.locator(".catan-board canvas").last.focus()
    page.keyboard.press("PageDown")  # the roll and its three dice: one step
    _wait_marker(page, "depth 4 pillage")
    page.get_by_role("button", name="pillage").click()
    settle(page)  # the glow on the cities P3 may lose
    page.screenshot(path=ARTIFACTS / "pillage_choice.png")
    page.mouse.click(*_spot(page, "vertex", "H4"))  # P3's city, glowing
    _wait_marker(page, "depth 5 main")
    open_tab(page, "Players")
    assert "P3" in page.locator(".catan-tutor").first.inner_text()
    page.locator(".catan-board").first.screenshot(path=ARTIFACTS / "pillaged.png")


def test_new_game_played_by_clicks(page) -> None:
    """A new base game, every seat human: the first settlement and road placed by clicking
    glowing spots."""
    open_new_game(page)
    page.locator(".catan-new-game-box select").nth(0).select_option(label="Catan")
    page.locator(".catan-new-game-box select").nth(2).select_option(label="Beginner map")
    for seat in (2, 3, 4):  # every seat the learner's (the others default to the computer)
        page.locator(f".catan-seat-{seat} select").select_option(label="Human")
    page.locator(".catan-new-game-box").get_by_role("button", name="Start").click()
    _wait_marker(page, "node 0 depth 0 setup-settle")
    open_tab(page, "Play")
    page.get_by_role("button", name=kind_words("settle"), exact=True).click()
    page.mouse.click(*_spot(page, "vertex", "J12"))
    _wait_marker(page, "depth 1 setup-road")
    page.get_by_role("button", name=kind_words("build road"), exact=True).click()
    page.mouse.click(*_spot(page, "edge", "J1"))
    _wait_marker(page, "depth 2 setup-settle")
    assert "P2" in page.locator(".catan-tutor").first.inner_text()


def test_setup_played_with_the_keyboard_alone(page) -> None:
    """P2's first settlement and road with the keyboard only: the board takes focus (and Tab
    leaves it again), arrows move the cursor over the glowing spots, Enter plays there; the
    board in words follows, PageUp/PageDown step the moves."""
    _wait_marker(page, "depth 2 setup-settle")
    before = _marker(page)
    canvas = page.locator(".catan-board canvas").last
    canvas.focus()
    is_board = "() => !!document.activeElement.closest('.catan-board')"
    page.keyboard.press("Tab")  # Tab goes on to the next control (the board keeps no Tab)
    assert not page.evaluate(is_board)
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(is_board)
    status = page.locator(".catan-tutor .widget-label")
    page.keyboard.press("ArrowDown")
    status.filter(has_text="(a corner). Press Enter for").first.wait_for()  # a sentence
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    _wait_marker(page, "depth 3 setup-road")
    page.keyboard.press("ArrowUp")
    status.filter(has_text="a road spot (an edge). Press Enter for").first.wait_for()
    settle(page)  # the cursor's layer drawn
    page.locator(".catan-board").first.screenshot(path=ARTIFACTS / "keyboard_cursor.png")
    page.keyboard.press("Enter")
    _wait_marker(page, "depth 4 setup-settle")
    assert _marker(page).split("#")[1] != before.split("#")[1]
    words = page.locator(".catan-board-text")
    assert "P2 (blue): a settlement on " in words.text_content()  # read out, not shown
    assert words.evaluate("e => e.getBoundingClientRect().width") <= 1
    page.keyboard.press("PageUp")
    _wait_marker(page, "depth 3 setup-road")
    page.keyboard.press("PageDown")
    _wait_marker(page, "depth 4 setup-settle")


def test_editor_places_a_piece_and_refuses_an_impossible_one(page) -> None:
    open_tab(page, "Editor")
    page.get_by_role("button", name="Edit the board").click()
    page.locator(".catan-tutor").filter(has_text="editing").first.wait_for()
    page.get_by_role("button", name="city", exact=True).click()
    # S4: far from the setup pieces the click and keyboard tests placed (P2 took A6)
    page.mouse.click(*_spot(page, "vertex", "S4"))
    page.locator(".catan-editor").filter(has_text="place P1 city S4").wait_for()
    page.mouse.click(*_spot(page, "vertex", "S2"))  # beside S4: the distance rule
    page.locator(".catan-editor .catan-icon-no").first.wait_for()
    page.locator(".catan-board").first.screenshot(path=ARTIFACTS / "edited.png")
    open_tab(page, "Players")
    page.locator(".catan-tutor").filter(
        has_text="3 victory points (1 from settlements, 2 from cities)"
    ).first.wait_for()


def test_odds_panel_runs_playouts_in_voila(page) -> None:
    """The Odds tab: exact tables, then seeded playouts on worker processes with a progress bar
    until the table and the figure show."""
    _pick_lesson(page, "The metropolis race")
    open_tab(page, "Odds")
    odds = page.locator(".catan-odds")
    odds.filter(has_text="Cards each player gets per turn").wait_for(timeout=60_000)
    odds.locator("input").nth(0).fill("40")
    odds.locator("input").nth(1).fill("4")
    odds.locator("input").nth(1).press("Tab")
    odds.get_by_role("button", name="Run").click()
    said = "40 games played on by the computer over the next 4 turns"
    odds.filter(has_text=said).wait_for(timeout=120_000)
    odds.locator("img").wait_for()
    page.screenshot(path=ARTIFACTS / "odds.png", full_page=True)
    odds.screenshot(path=ARTIFACTS / "odds_panel.png")
    widths = odds.evaluate(
        "e => [...e.querySelectorAll('.catan-table')].map(t => [t.scrollWidth, t.clientWidth])"
    )
    assert len(widths) >= 3 and all(s <= c + 1 for s, c in widths), widths  # tables fit
    # lines as close as the lesson's, not a control's 28 px each (issue 33)
    spacing = odds.evaluate(
        "e => [...e.querySelectorAll('.widget-html-content')].map(c => { const s ="
        " getComputedStyle(c); return parseFloat(s.lineHeight) / parseFloat(s.fontSize); })"
    )
    assert spacing and max(spacing) <= 1.5, spacing
    assert "win" in odds.inner_text()
    assert "games, each played" in odds.inner_text()  # a sentence, not "games 40 looks 4"
    # headers on one line each, at a readable size (issue 33: "Chance to / win", 11 px)
    heads = odds.evaluate(
        "e => [...e.querySelectorAll('.catan-table thead th')].map(h => { const s ="
        " getComputedStyle(h); return [h.textContent, h.getBoundingClientRect().height,"
        " parseFloat(s.lineHeight), parseFloat(s.fontSize)]; })"
    )
    assert heads and all(h < 1.5 * line for _, h, line, _ in heads), heads
    assert any(size >= 13 for *_, size in heads)  # the games' tables (a wide one: smaller)
    cut = (  # no table runs past the tab's edge
        "e => { const r = e.getBoundingClientRect().right; return [...e.querySelectorAll("
        "'.catan-table table')].filter(t => t.getBoundingClientRect().right > r + 1).length; }"
    )
    assert odds.evaluate(cut) == 0
    # issue 33: a row per card, the Aqueduct's free resource "Any" (no card "Aqueduct"), each
    # figure clear of the next ("0.19 0.14" of grain and ore read as one); at 1024 px too,
    # where eleven columns ran past the tab's edge
    cards = odds.locator(".catan-table").first
    assert cards.locator("thead th").all_inner_texts() == ["Card", "P1", "P2", "P3"]
    assert "Any" in cards.inner_text() and "Aqueduct" not in cards.inner_text()
    page.set_viewport_size({"width": 1024, "height": 900})
    try:
        settle(page)
        gaps = cards.evaluate(
            "e => [...e.querySelectorAll('tr')].flatMap(tr => { const r = [...tr.children].map("
            "c => { const g = document.createRange(); g.selectNodeContents(c); return "
            "g.getBoundingClientRect(); }); return r.slice(1).map((b, i) => b.left - r[i].right);"
            " })"
        )
        assert gaps and min(gaps) >= 8, gaps
        exact = odds.evaluate(  # the cards' and the barbarians' tables: within the tab
            "e => { const r = e.getBoundingClientRect().right; return [...e.querySelectorAll("
            "'.catan-table table')].slice(0, 2).map(t => t.getBoundingClientRect().right <= r);}"
        )
        assert exact == [True, True], exact
        odds.screenshot(path=ARTIFACTS / "odds_panel_1024.png")
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})


def test_try_a_move_says_why_not_with_the_rule(page) -> None:
    """Why not?: a settlement typed beside another building is refused with the engine's
    reason and the rule's title; its text opens on a click, and "Open in Rules" shows it in
    the Rules tab (BASE-BUILD-DISTANCE)."""
    from catan_tutor.study.resources import packaged_lessons
    from catan_tutor.study.scenario import load_scenario

    title = "The distance rule and Longest Road"
    sc = load_scenario(packaged_lessons() / "base_distance_longest_road.catan.yaml")
    ex = sc.timeline.game.explain("P1 settle M4")
    assert not ex.legal and ex.rule == "BASE-BUILD-DISTANCE"
    _pick_lesson(page, title)
    _wait_marker(page, "node 0 depth 0")
    open_tab(page, "Play")
    box = page.locator(".catan-try input[type='text']")
    box.press_sequentially("P1 settle M4")  # no Enter: the verdict follows the typing
    verdict = page.locator(".catan-try .catan-verdict[data-rule='BASE-BUILD-DISTANCE']")
    verdict.wait_for()
    text = verdict.inner_text()
    assert "Not allowed" in text and ex.reason in text and ex.rule_title in text, text
    verdict.locator("summary").click()
    verdict.get_by_text(ex.rule_text[:30]).wait_for()  # the rule's text, opened
    page.locator(".catan-tutor").first.screenshot(path=ARTIFACTS / "try_a_move.png")
    _no_internals(page)
    assert _marker(page).startswith("node 0 depth 0")  # asking played nothing
    page.locator(".catan-try").get_by_role("button", name="Open in Rules").click()
    chosen = page.locator(".catan-rules .catan-rule-chosen [data-rule='BASE-BUILD-DISTANCE']")
    chosen.get_by_text(ex.rule_text[:30]).wait_for()
    page.locator(".catan-tutor").first.screenshot(path=ARTIFACTS / "rules_tab.png")
    open_tab(page, "Play")
    road = next(str(a) for a in sc.timeline.game.legal_actions() if " road " in str(a))
    box.fill(road)  # legal: played from the box, then told in What happened
    box.press("Enter")
    page.locator(".catan-try .catan-verdict[data-legal='1']").wait_for()
    play = page.locator(".catan-try").get_by_role("button", name="Play the typed move")
    click_play_typed(page)
    try:
        _wait_marker(page, "depth 1 main")
    except Exception as e:  # once in CI under load (s33): what the page held, for the next look
        page.screenshot(path=ARTIFACTS / "try_a_move_play_failed.png")
        seen = (
            f"marker {_marker(page)!r}, box {box.input_value()!r}, Play disabled "
            f"{play.is_disabled()}, verdict {page.locator('.catan-try').inner_text()!r}"
        )
        raise AssertionError(f"Play the typed move played nothing: {seen}") from e
    page.locator(".catan-log").filter(has_text=f"P1 builds a road on {road.split()[-1]}").wait_for()
    page.locator(".catan-tutor").first.screenshot(path=ARTIFACTS / "what_happened.png")
