"""End to end: a teacher makes a lesson in the app's page (Voilà, headless Chromium) and it
round-trips: in the Author panel they set a title and a comment and mark a puzzle, download the
scenario, upload the file in a fresh page, and see the same lesson (issue 19, scope 5).

Needs /usr/bin/chromium, skipped without it except under ``CI=true`` (browser_harness.py).
Reads only hidden ``data-*`` markers and what a teacher sees.
"""

from __future__ import annotations

import hashlib
import time

import pytest
from browser_harness import ARTIFACTS, open_app, open_tab

from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import load_scenario, loads_scenario
from catan_tutor.widgets.authoring import title_digest

pytestmark = [pytest.mark.browser, pytest.mark.kernel]

LESSON = "base_setup"  # a lesson without puzzles
TITLE = "Teacher made: the first settlement"
COMMENT = "Why *here*? Count the pips."
PROMPT = "Where does P1's first road go?"
AUTHOR = ".catan-author-state"


def _puzzle_spot() -> int:
    """A move of the lesson's main line with a move after it and no expectation there that
    would give a puzzle's answer away."""
    sc = load_scenario(packaged_lessons() / f"{LESSON}.catan.yaml")
    node = sc.tree.root.children[0]
    while not node.children or any(e.key == "legal" for e in node.expect):
        node = node.children[0]
    return node.id


def _author_view(page) -> None:
    """The File tab, with the Author view on (the Author panel shows)."""
    open_tab(page, "File")
    page.get_by_label("Lesson author", exact=False).check()
    page.locator(".catan-author-title input").wait_for()


def _state(page, **data: str):
    attrs = "".join(f"[data-{k}='{v}']" for k, v in data.items())
    found = page.locator(AUTHOR + attrs).first
    found.wait_for(state="attached")
    return found


def test_a_teacher_made_lesson_round_trips_through_download_and_upload(
    new_page, app_server, tmp_path
):
    started = time.monotonic()
    p = new_page("authoring")
    page = p.page
    open_app(p, f"{app_server}?lesson={LESSON}&node={_puzzle_spot()}")
    _author_view(page)

    # title and a comment on the move shown, saved
    page.locator(".catan-author-title input").fill(TITLE)
    page.locator(".catan-author-comment textarea").fill(COMMENT)
    page.locator(".catan-author-save").click()
    _state(page, title=title_digest(TITLE))
    assert TITLE in page.locator(".catan-tutor").first.inner_text()  # the header

    # a puzzle here: its answer is the lesson's next move
    page.locator(".catan-author-prompt input").fill(PROMPT)
    page.locator(".catan-author-puzzle").click()
    marked = _state(page, title=title_digest(TITLE), puzzles=1)
    digest = marked.get_attribute("data-digest")
    page.screenshot(path=ARTIFACTS / "authoring_made.png")

    # the download: readable YAML, the lesson as made
    with page.expect_download() as got:
        page.locator(".catan-tutor a[download]").first.click()
    path = tmp_path / got.value.suggested_filename
    got.value.save_as(path)
    text = path.read_text(encoding="utf-8")
    assert hashlib.sha256(text.encode()).hexdigest()[:16] == digest
    assert path.name.endswith(".catan.yaml") and "position:" not in text
    sc = loads_scenario(text, path.name)
    assert sc.title == TITLE
    ((node_id, puzzle),) = sc.puzzles.items()
    assert puzzle.prompt == PROMPT and sc.tree.nodes[node_id].comment == COMMENT

    # a fresh page: upload it, and the same lesson shows (the same download, title, puzzle)
    # (the first closed first: the next visitor's page has the browser's context with the
    # app's scripts cached, not a fresh one of a second Chromium)
    p.close()
    q = new_page("authoring_upload")
    fresh = q.page
    open_app(q, app_server)
    _author_view(fresh)
    with fresh.expect_file_chooser() as chooser:
        fresh.locator(".catan-tutor .widget-upload").first.click()
    chooser.value.set_files(files=[str(path)])
    _state(fresh, title=title_digest(TITLE), puzzles=1, digest=digest)
    # the header: the lesson opened writes the File tab (and the marker above) before it
    from playwright.sync_api import expect  # (not at import: the minimum-versions run has none)

    expect(fresh.locator(".catan-tutor").first).to_contain_text(TITLE)
    assert fresh.locator(".catan-author-title input").input_value() == TITLE
    fresh.screenshot(path=ARTIFACTS / "authoring_uploaded.png")
    assert p.outside == [] and q.outside == []
    took = time.monotonic() - started
    print(f"\nauthoring round trip in the browser: {took:.1f} s")  # a figure, not a test
