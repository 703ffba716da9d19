"""End to end: a puzzle in the app's page (Voilà, headless Chromium). A wrong answer changes
nothing and says why, a hint shows (and shows again after a reload: the address keeps it),
the right answer goes on, the lesson's end marks it done, and the mark survives a reload (the
browser's local storage).

Needs /usr/bin/chromium, skipped without it except under ``CI=true`` (browser_harness.py).
Reads only hidden ``data-*`` markers and what a learner sees.
"""

from __future__ import annotations

import json
import time

import pytest
from browser_harness import (
    ARTIFACTS,
    BOARD_PAINTED_JS,
    PAGE_TIMEOUT,
    attribute,
    choose_chapter,
    open_app,
    settle,
)

from catan_tutor.study.library import library
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import load_scenario
from catan_tutor.widgets.progress import DONE
from catan_tutor.widgets.puzzle_state import GO_ON

pytestmark = [pytest.mark.browser, pytest.mark.kernel]

LESSON = "puzzle_base_robber"
TITLE = "Puzzle: the robber after a 7"
STATE = ".catan-puzzle-state"
# ipywidgets writes a dropdown's spaces as no-break spaces
MARKED_JS = (  # a completed lesson's option holds progress.DONE
    """(title) => [...document.querySelectorAll('.catan-app select option')]
  .map(o => o.textContent.replace(/\\u00a0/g, ' '))
  .some(t => t.includes(DONE) && t.includes(title))""".replace("DONE", json.dumps(DONE))
)


def _wait_marker(page, **data: str) -> None:
    attrs = "".join(f"[data-{k}='{v}']" for k, v in data.items())
    page.locator(STATE + attrs).first.wait_for(state="attached")


def test_a_puzzle_with_a_wrong_try_and_a_hint_is_solved_and_kept(new_page, app_server) -> None:
    sc = load_scenario(packaged_lessons() / f"{LESSON}.catan.yaml")
    ((asked, puzzle),) = sc.puzzles.items()
    answer = sc.timeline.nodes[asked].children[0]
    p = new_page("puzzle")
    page = p.page
    started = time.monotonic()
    open_app(p, f"{app_server}?lesson={LESSON}&node={asked}")
    _wait_marker(page, node=asked, asked=1, solved=0)
    loaded = time.monotonic()
    box = page.locator(".catan-puzzle")
    assert puzzle.prompt in box.inner_text()
    # the board opens with its Labels off (issue 33: about 120 labels hid the pieces); the
    # words shown at the question name no corner: none labelled
    toggle_class = page.locator(".catan-labels-toggle").get_attribute("class") or ""
    assert "mod-active" not in toggle_class
    assert page.locator(".catan-named-labels").count() == 0
    page.locator(".catan-board").first.screenshot(path=ARTIFACTS / "puzzle_labels_off.png")
    digest = attribute(page, ".catan-state", "data-digest")

    # a wrong move (legal, but not the answer): nothing is played, the rule is cited
    page.locator(".catan-puzzle-answer input").fill("P1 robber M P2")
    page.locator(".catan-puzzle-submit").click()
    _wait_marker(page, node=asked, tries=1, solved=0)
    assert attribute(page, ".catan-state", "data-node") == str(asked)
    assert attribute(page, ".catan-state", "data-digest") == digest
    verdict = page.locator(".catan-puzzle-verdict")
    assert "Not the answer" in verdict.inner_text()
    assert verdict.get_attribute("data-rule") == puzzle.rule
    # why M is worse, not where the answer is (issue: it named the hills 5)
    assert "forest 8" in verdict.inner_text() and "hills 5" not in verdict.inner_text()

    # a hint; the address keeps it, so a reload shows it again (the question still open)
    page.locator(".catan-puzzle-hint").click()
    _wait_marker(page, node=asked, hints=1)
    assert puzzle.hints[0] in box.inner_text()
    # the hint takes the "Not the answer"'s place (issue 33: both showed, the verdict under
    # it), which stays above it shortened to its heading and its sentences as far as 240
    # characters, its reason kept (l21, l23; hint_reply.KEPT_CHARS)
    page.locator(".catan-puzzle-verdict").wait_for(state="detached")
    held = page.locator(".catan-puzzle-held").inner_text()
    assert "Not the answer" in held and "forest 8" in held, held
    page.wait_for_function("() => new URL(location.href).searchParams.get('hints') === '1'")
    page.reload(timeout=PAGE_TIMEOUT)
    page.wait_for_function(BOARD_PAINTED_JS, timeout=PAGE_TIMEOUT, polling=100)
    _wait_marker(page, node=asked, hints=1, solved=0)
    assert puzzle.hints[0] in box.inner_text()
    page.screenshot(path=ARTIFACTS / "puzzle_hint_after_reload.png")

    # the answer, typed: played, and the lesson goes on
    page.locator(".catan-puzzle-answer input").fill(str(answer.action))
    page.locator(".catan-puzzle-submit").click()
    # the steal it brings is random: it resolves itself as the lesson has it, never a form
    # with the thief's "choice" of card
    stolen = answer.children[0]
    assert stolen.action is not None and stolen.action.is_chance
    _wait_marker(page, node=stolen.id, correct=1)
    assert attribute(page, ".catan-state", "data-node") == str(stolen.id)
    assert "Right" in page.locator(".catan-puzzle-verdict").inner_text()
    assert "steals" not in page.locator(".catan-actions").inner_text()
    # solved, the lesson goes on with ▶: the panel says so and asks no move (issue 33: the
    # form under 1.4's solved question asked where the next settlement goes)
    # (on the status line, which offers no move the page greys: l22 read "…or end the turn"
    # over a grey End turn)
    page.locator(".catan-head-prompt").filter(has_text=GO_ON).wait_for()
    assert "end the turn" not in page.locator(".catan-head").inner_text()
    assert not page.locator(".catan-actions .catan-palette").is_visible()
    assert page.locator(".catan-actions .catan-form").count() == 0
    page.screenshot(path=ARTIFACTS / "puzzle_solved.png")

    # to the end of the lesson: completed, kept in the browser, Next lesson offered
    page.get_by_title("last (End on the board)").click()
    page.locator(".catan-next-lesson").wait_for(state="visible")
    page.wait_for_function(MARKED_JS, arg=TITLE)
    page.wait_for_function(
        f"() => (localStorage.getItem('catan-tutor-progress') || '').includes('{LESSON}')"
    )
    played = time.monotonic() - loaded
    kept = json.loads(page.evaluate("() => localStorage.getItem('catan-tutor-progress')"))
    assert LESSON in kept["done"] and asked in kept["solved"][LESSON]

    # Next lesson: the one after it in the course opens
    course = [x for x in library(packaged_lessons()) if not x.error]
    following = course[[x.id for x in course].index(LESSON) + 1]
    page.locator(".catan-next-lesson").click()
    page.locator(".catan-chapter").filter(
        has_text=f"Chapter {following.place.chapter} · {following.place.chapter_title}"
    ).wait_for()
    page.locator(".catan-tutor").filter(has_text=following.title).first.wait_for()

    # a reload: a new kernel, which learns the progress from the page
    page.reload(timeout=PAGE_TIMEOUT)
    page.wait_for_function(BOARD_PAINTED_JS, timeout=PAGE_TIMEOUT, polling=100)
    choose_chapter(page, TITLE)  # the lesson list shows a chapter's lessons
    page.wait_for_function(MARKED_JS, arg=TITLE, timeout=30_000)
    took = time.monotonic() - started
    page.screenshot(path=ARTIFACTS / "puzzle_after_reload.png")
    print(f"puzzle walk: {played:.1f} s of moves, {took:.1f} s with both page loads")
    assert p.outside == []


def test_a_reload_shows_a_right_answer_as_before_and_after_try_again_the_question_open(
    new_page, app_server
) -> None:
    """l28 at 1.4: puzzle 1 answered, then a reload: the step showed no "Right", no "Solved.
    Press ▶", every corner glowing and the form's full list of moves (24_reload.png). After
    the reload the page shows what it showed before it (answer_kept.py).

    l26, l27: then Try again at the solved question, and a reload: the question showed as
    solved again (the browser's progress, sent to the new kernel, answered it). The address
    names it asked afresh (``again=``): after the reload it is open, the progress
    notwithstanding. (One page for both: they were two tests, a page load each.)"""
    p = new_page("puzzle_reload")
    page = p.page
    open_app(p, f"{app_server}?lesson=1.4")
    _wait_marker(page, node=1, asked=1, solved=0)
    page.locator(".catan-puzzle-answer input").fill("P1 road N3")
    page.locator(".catan-puzzle-submit").click()
    _wait_marker(page, node=2, correct=1)
    page.wait_for_function("() => new URL(location.href).searchParams.get('solved_at') === '1'")
    page.wait_for_function(  # the browser keeps it solved (the course's count)
        "() => (localStorage.getItem('catan-tutor-progress') || '').includes('puzzle_base_setup')"
    )
    page.reload(timeout=PAGE_TIMEOUT)
    page.wait_for_function(BOARD_PAINTED_JS, timeout=PAGE_TIMEOUT, polling=100)
    _wait_marker(page, node=2, correct=1)
    settle(page)
    page.screenshot(path=ARTIFACTS / "puzzle_reloaded_at_answer.png")
    assert "Right" in page.locator(".catan-puzzle-verdict").inner_text()
    assert GO_ON in page.locator(".catan-head-prompt").inner_text()
    assert page.locator(".catan-actions .catan-form").count() == 0  # no move asked till ▶
    # a step back: the question, solved, its Try again offered
    page.get_by_title("back ([, or PageUp on the board)").click()
    _wait_marker(page, node=1, asked=1, solved=1)
    page.locator(".catan-puzzle-again").wait_for(state="visible")
    # Try again, then a reload: the question open
    page.locator(".catan-puzzle-again").click()
    _wait_marker(page, node=1, solved=0)
    page.wait_for_function("() => new URL(location.href).searchParams.get('again') === '1'")
    page.reload(timeout=PAGE_TIMEOUT)
    page.wait_for_function(BOARD_PAINTED_JS, timeout=PAGE_TIMEOUT, polling=100)
    # the progress has come from the page (the course's count says the puzzle solved) ...
    page.locator(".catan-progress-summary").filter(has_text="1 of").wait_for(timeout=30_000)
    # ... and the question is open all the same: to answer, no Try again
    _wait_marker(page, node=1, asked=1, solved=0)
    page.locator(".catan-puzzle-answer input").wait_for(state="visible")
    assert not page.locator(".catan-puzzle-again").is_visible()
    page.screenshot(path=ARTIFACTS / "try_again_reload.png")
    assert p.outside == []
