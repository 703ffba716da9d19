"""l33 at 1280 read the same words twice at a puzzle: "Answer the question below." in the
heading over the question and "Answer the puzzle to go on." by ▶; a right answer's "§" and,
under it, "Rule:" of the same title. Each is said once: by ▶ (where a learner who presses it
looks), and the rule by its title under the verdict.

Needs /usr/bin/chromium (skipped without it, except under ``CI=true``). Only hidden
``data-*`` markers and the words shown are read."""

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

SHOWN = """(words) => [...document.querySelectorAll('.catan-app *')].filter(e =>
  !e.children.length && e.checkVisibility() && e.textContent.includes(words)).length"""


def test_an_open_question_and_its_right_answer_say_each_thing_once(
    new_page,  # noqa: F811
    app_server,
) -> None:
    p = new_page("said_once")
    page = p.page
    open_app(p, f"{app_server}?lesson=7.8&node=6")  # 7.8's first question
    page.locator(".catan-puzzle-entry input").wait_for()
    settle(page)
    assert page.evaluate(SHOWN, "Answer the question below.") == 0
    assert page.evaluate(SHOWN, "Answer the puzzle to go on.") == 1
    page.screenshot(path=ARTIFACTS / "said_once_asked.png")
    page.locator(".catan-puzzle-entry input").fill("P3 city F4")
    page.locator(".catan-puzzle-entry input").press("Enter")
    verdict = page.locator(".catan-puzzle-verdict")
    verdict.filter(has_text="Right").wait_for()
    settle(page)
    assert "Rule: Second round of setup, with a city" in verdict.inner_text()
    assert verdict.locator(".catan-rule-note").count() == 0  # no "§" citing it again
    assert page.evaluate(SHOWN, "Solved. Press ▶") == 1
    page.screenshot(path=ARTIFACTS / "said_once_right.png")
