"""The note under a lesson step's forms (go_on_note.TRY_NOTE: "Press ▶ under the board to see
the lesson's move, or try a move of your own here first", learner21, learner22) shows under
the form beside the board; it is no reply to a press: ▶ on a tablet leaves the page where it
is (reply_in_view.js brings a reply in), and a phone, whose message sits between ◀ ▶ and the
step's story, leaves it out (it came between them and moved the page: test_browser_phone)."""

from __future__ import annotations

import pytest
from browser_harness import ARTIFACTS, settle

from catan_tutor.server.serve import BOARD_PAINTED_JS
from catan_tutor.widgets.go_on_note import TRY_CLASS, TRY_NOTE

pytestmark = [pytest.mark.browser, pytest.mark.kernel]
LESSON = "?lesson=base_production_robber"  # 2.1: its robber step opens the robber's form
SCROLLED_JS = """() => [scrollY, ...[...document.querySelectorAll('*')]
  .filter((e) => e.scrollTop > 0).map((e) => e.scrollTop)]"""
NOTE_JS = f"""() => {{ const n = document.querySelector('.{TRY_CLASS}');
  return n ? n.getClientRects().length : -1; }}"""


def _open(page, url: str) -> None:
    page.goto(url, timeout=120_000)
    page.wait_for_function(BOARD_PAINTED_JS, timeout=120_000, polling=100)
    page.locator(".catan-lesson").filter(has_text="Goal").first.wait_for()
    settle(page)


def test_the_note_shows_under_the_form_beside_the_board(app_server, new_page):
    page = new_page("wide", viewport={"width": 1280, "height": 900}).page
    _open(page, app_server + LESSON)
    note = page.locator(f".{TRY_CLASS}")
    note.wait_for()
    assert " ".join(note.inner_text().split()) == TRY_NOTE.replace("  ", " ")
    form = page.locator(".catan-form-box").last.bounding_box()
    assert form is not None and note.bounding_box()["y"] >= form["y"], (form, note.bounding_box())
    page.screenshot(path=ARTIFACTS / "try_note.png")


def test_pressing_next_on_a_tablet_does_not_scroll_to_the_note(app_server, new_page):
    page = new_page(
        "tablet", viewport={"width": 768, "height": 1024}, has_touch=True, is_mobile=True
    ).page
    _open(page, app_server + LESSON)
    forward = page.locator(".catan-board-col").get_by_role("button", name="▶", exact=True)
    for step in range(5):  # to the robber's step, each with a move to try
        forward.first.tap()
        page.locator(".catan-step-count, .catan-tutor").filter(
            has_text=f"Step {step + 2} of"
        ).first.wait_for()
        settle(page)
        assert page.evaluate(NOTE_JS) > 0 or step < 4  # (the note is there, under the form)
        assert page.evaluate(SCROLLED_JS) == [0], step  # the page stays where ▶ was pressed


def test_a_phone_leaves_the_note_out(app_server, new_page):
    page = new_page(
        "phone", viewport={"width": 375, "height": 740}, has_touch=True, is_mobile=True
    ).page
    _open(page, app_server + LESSON)
    assert page.evaluate(NOTE_JS) == 0  # in the page, not shown
