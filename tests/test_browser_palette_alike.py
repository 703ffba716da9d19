"""A question's palette in the page draws the kinds alike whatever they cost, and a kind pressed
fills in no spot (s23, two fresh learners: at 7.8's third question "Activate a knight" was the
one knight kind in bold, Recruit and Promote dotted as unpaid; at 8.11 Activate, the answer,
filled in "at O6" and the board ringed P1's one knight). Screenshots at 1280x900:
``palette_alike_<lesson>.png``.

Needs /usr/bin/chromium, skipped without it except under ``CI=true`` (browser_harness.py).
"""

from __future__ import annotations

import re

import pytest
from browser_harness import ARTIFACTS, Page, open_app, open_tab, pick_lesson, settle

from catan_tutor.study.library import library
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import load_scenario
from catan_tutor.widgets.forms import CHOOSE_LABEL
from catan_tutor.widgets.wording import kind_words

pytestmark = [pytest.mark.browser, pytest.mark.kernel]

PUZZLE = ".catan-puzzle-state"
KNIGHTS = ("recruit", "promote", "activate")
LOOK_JS = """(b) => { const s = getComputedStyle(b);
  return [s.fontWeight, s.borderTopStyle, s.backgroundColor, s.color, s.opacity,
          b.getAttribute('aria-disabled') || '']; }"""


def _button(page, kind: str):
    label = re.compile(rf"^\s*{re.escape(kind_words(kind))}\s*(·.*)?$")
    return page.locator(".catan-palette button", has_text=label).first


@pytest.fixture(scope="module")
def shared(browser):
    """One page (one kernel) for both questions, in their order: the first opened by its
    address, the next, a lesson's first question, picked from the lists and reached by
    "last" in it (as a learner goes on: a page load cost ~5 CPU-s); each still runs alone."""
    p = Page(browser, "palette_alike")
    yield p
    p.close()


def _at(p: Page, url: str, lesson: str, node: int) -> None:
    """The page at ``lesson``'s question ``node``: by its address in a page not yet open or
    at a question after a lesson's first, else picked from the lists and played to it."""
    first = min(load_scenario(packaged_lessons() / f"{lesson}.catan.yaml").puzzles)
    if not p.page.url.startswith("http") or node != first:
        open_app(p, f"{url}?lesson={lesson}&node={node}")
        return
    title = next(x.title for x in library(packaged_lessons()) if x.id == lesson)
    pick_lesson(p.page, title)
    p.page.get_by_title("last (End on the board)").click()  # stops at the open question


@pytest.mark.parametrize(
    ("lesson", "node"), [("puzzle_ck_knights", 20), ("puzzle_ck_barbarians", 1)]
)
def test_the_knight_kinds_look_alike_and_activate_names_no_corner(
    shared, app_server, lesson: str, node: int
) -> None:
    p = shared
    page = p.page
    _at(p, app_server, lesson, node)
    page.locator(f"{PUZZLE}[data-node='{node}'][data-asked='1'][data-solved='0']").wait_for(
        state="attached"
    )
    open_tab(page, "Play")
    _button(page, "activate").wait_for()
    settle(page)
    looks = {k: _button(page, k).evaluate(LOOK_JS) for k in KNIGHTS}
    assert looks["recruit"] == looks["promote"] == looks["activate"], looks
    assert page.locator(".catan-palette button[data-unpaid]").count() == 0
    _button(page, "activate").click()
    form = page.locator(".catan-form")
    form.wait_for()
    settle(page)
    _button(page, "activate").scroll_into_view_if_needed()
    page.screenshot(path=ARTIFACTS / f"palette_alike_{lesson}.png")
    picked = form.locator("select").evaluate_all(
        "(ss) => ss.map(s => s.options[s.selectedIndex] ?"
        " s.options[s.selectedIndex].text.replace(/\\u00a0/g, ' ') : '')"
    )
    assert picked[0] == "P1", picked  # (the player: the question's seat, not its secret)
    assert picked[1] == CHOOSE_LABEL, picked  # the corner left to the learner, not "O6"
