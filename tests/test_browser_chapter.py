"""End to end: a whole chapter of the course in the app's page (Voilà, headless Chromium), as a
learner takes it (issue 19, "the course plays end to end in Voilà").

The app opens on the course's first lesson; the learner steps through it move by move, takes
*Next lesson* at its end, answers each puzzle of the next lesson (the first with one wrong try
and a hint), and at the chapter's end *Next lesson* leads into the next chapter. Each lesson is
marked completed as it ends, and the marks survive a reload (the browser's local storage).

The chapter is the course's first, the shortest of those with a puzzle. Every position shown
is checked against the lesson file played in Python (the digest of the hidden state marker).
Needs /usr/bin/chromium, skipped without it except under ``CI=true`` (browser_harness.py).
Reads only hidden ``data-*`` markers and what a learner sees.
"""

from __future__ import annotations

import json
import time
import zlib

import pytest
from browser_harness import (
    ARTIFACTS,
    BOARD_PAINTED_JS,
    PAGE_TIMEOUT,
    attribute,
    choose_chapter,
    open_app,
)

from catan_tutor.game import Game
from catan_tutor.study.course import course
from catan_tutor.study.library import library
from catan_tutor.study.puzzle import judge
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import Scenario, load_scenario
from catan_tutor.study.timeline import Node
from catan_tutor.widgets.progress import DONE
from catan_tutor.widgets.roll_steps import rolling

pytestmark = [pytest.mark.browser, pytest.mark.kernel]

CHAPTER = 1
WRONG = "P1 road K5"  # not touching the settlement just placed: refused (BASE-SETUP-ROUND1)
FORWARD = "forward (], or PageDown on the board)"  # the ▶ button's tooltip
STATE, PUZZLE = ".catan-state", ".catan-puzzle-state"
# ipywidgets writes a dropdown's spaces as no-break spaces
MARKED_JS = (  # a completed lesson's option holds progress.DONE
    """(title) => [...document.querySelectorAll('.catan-app select option')]
  .map(o => o.textContent.replace(/\\u00a0/g, ' '))
  .some(t => t.includes(DONE) && t.includes(title))""".replace("DONE", json.dumps(DONE))
)
KEPT_JS = "() => JSON.parse(localStorage.getItem('catan-tutor-progress') || '{}')"


def _chapter(number: int) -> list[tuple[str, str, Scenario]]:
    """(id, title, scenario) of each lesson of the chapter, in the course's order."""
    places = course(packaged_lessons())
    titles = {x.id: x.title for x in library(packaged_lessons())}
    ids = sorted(
        (i for i, p in places.items() if p.chapter == number), key=lambda i: places[i].number
    )
    return [(i, titles[i], load_scenario(packaged_lessons() / f"{i}.catan.yaml")) for i in ids]


def _digest(sc: Scenario, node: Node) -> str:
    """What the page's state marker says at ``node``: CRC-32 of the position text."""
    return f"{zlib.crc32(Game(sc.tree.rules, node.state).position().encode()):08x}"


def _wait(page, selector: str, **data: object) -> None:
    attrs = "".join(f"[data-{k}='{v}']" for k, v in data.items())
    # (a step of lesson 1.3 repaints the land: ~0.7 s a step in a software-drawn browser,
    # more under load; the walk checks where each step lands, not how fast)
    try:
        page.locator(selector + attrs).first.wait_for(state="attached", timeout=90_000)
    except Exception as e:  # what the page shows instead (CI on 586c67e: node 29 never came)
        held = page.evaluate(
            "(s) => [...document.querySelectorAll(s)].map(e => JSON.stringify(e.dataset))",
            selector,
        )
        raise AssertionError(f"waited for {selector}{attrs}; the page holds {held}") from e


def _answer(page, sc: Scenario, node: Node, with_help: bool) -> Node:
    """Answer the puzzle asked at ``node`` by typing the lesson's move (first, when
    ``with_help``, a wrong try and a hint); returns the node the answer leads to."""
    puzzle = sc.puzzles[node.id]
    answer = node.children[0]
    _wait(page, PUZZLE, node=node.id, asked=1, solved=0)
    box = page.locator(".catan-puzzle")
    assert puzzle.prompt in box.inner_text()
    if with_help:
        digest = _digest(sc, node)
        page.locator(".catan-puzzle-answer input").fill(WRONG)
        page.locator(".catan-puzzle-submit").click()
        _wait(page, PUZZLE, node=node.id, tries=1, solved=0)
        _wait(page, STATE, node=node.id, digest=digest)  # nothing was played
        rule = judge(puzzle, node, sc.tree.rules, WRONG).rule
        assert attribute(page, ".catan-puzzle-verdict", "data-rule") == rule
        page.locator(".catan-puzzle-hint").click()
        _wait(page, PUZZLE, node=node.id, hints=1)
        assert puzzle.hints[0] in box.inner_text()
    page.locator(".catan-puzzle-answer input").fill(str(answer.action))
    page.locator(".catan-puzzle-submit").click()
    _wait(page, PUZZLE, node=answer.id, correct=1)
    _wait(page, STATE, node=answer.id, digest=_digest(sc, answer))
    return answer


def _walk(page, sc: Scenario, helped: bool) -> tuple[int, int]:
    """Step the lesson's main line from its start to its end: ▶ for each move (a roll and its
    dice are one step, ``roll_steps.py``), the puzzles answered. Returns (steps, puzzles
    answered)."""
    node = sc.tree.root
    if node.children and node.children[0].id in sc.puzzles:  # it opens at its first
        node = node.children[0]  # step's question, not a ▶ before it (issue 33)
    _wait(page, STATE, node=node.id, digest=_digest(sc, node))
    steps = answered = 0
    while node.children:
        if node.id in sc.puzzles:
            node = _answer(page, sc, node, with_help=not helped and answered == 0)
            answered += 1
            continue
        page.get_by_title(FORWARD).click()
        node = node.children[0]
        while node.children and rolling(sc.tree.rules, node):  # the dice fall in the step
            node = node.children[0]
        _wait(page, STATE, node=node.id, digest=_digest(sc, node))
        steps += 1
    return steps, answered


def _kept(page) -> dict:
    return page.evaluate(KEPT_JS)


def _progress_marker(page) -> dict:
    """The progress the kernel holds (the hidden element the page script reads)."""
    return json.loads(attribute(page, ".catan-progress", "data-progress"))


def test_a_whole_chapter_is_walked_with_next_lesson_and_its_progress_kept(new_page, app_server):
    lessons = _chapter(CHAPTER)
    after = _chapter(CHAPTER + 1)
    assert len(lessons) >= 2 and any(sc.puzzles for _, _, sc in lessons)
    p = new_page("chapter")
    page = p.page
    started = time.monotonic()
    open_app(p, app_server)  # no address: the course's first lesson
    loaded = time.monotonic()
    print(f"\nchapter {CHAPTER}: page loaded in {loaded - started:.1f} s")
    line = page.locator(".catan-chapter")
    helped = False
    for i, (lesson_id, title, sc) in enumerate(lessons):
        began = time.monotonic()
        line.filter(has_text=f"Chapter {CHAPTER} · ").wait_for()
        page.locator(".catan-tutor").filter(has_text=title).first.wait_for()
        steps, answered = _walk(page, sc, helped)
        helped |= answered > 0
        assert answered == len(sc.puzzles)  # every question is on the main line

        # its end: completed, kept in the browser, and Next lesson offered
        page.wait_for_function(MARKED_JS, arg=title)
        page.wait_for_function(
            "(id) => ((JSON.parse(localStorage.getItem("
            "'catan-tutor-progress') || '{}').done) || []).includes(id)",
            arg=lesson_id,
        )
        kept = _kept(page)
        assert sorted(kept.get("solved", {}).get(lesson_id, [])) == sorted(sc.puzzles)
        assert {x for x, _, _ in lessons[: i + 1]} <= set(kept["done"])
        for later, _, _ in lessons[i + 1 :]:
            assert later not in kept["done"]
        nxt = page.locator(".catan-next-lesson")
        nxt.wait_for(state="visible")
        print(
            f"  {lesson_id}: {steps} moves stepped, {answered} puzzles answered in "
            f"{time.monotonic() - began:.1f} s"
        )
        nxt.click()
    page.screenshot(path=ARTIFACTS / "chapter_walked.png")

    # the chapter is over: Next lesson went on to the next chapter's first lesson
    next_id, next_title, next_sc = after[0]
    line.filter(has_text=f"Chapter {CHAPTER + 1} · ").wait_for()
    page.locator(".catan-tutor").filter(has_text=next_title).first.wait_for()
    _wait(page, STATE, node=next_sc.tree.root.id, digest=_digest(next_sc, next_sc.tree.root))
    walked = time.monotonic() - loaded
    held = _progress_marker(page)
    ids = [x for x, _, _ in lessons]
    assert set(ids) <= set(held["done"]) and next_id not in held["done"]

    # a reload: a new kernel, which learns the progress from the page
    page.reload(timeout=PAGE_TIMEOUT)
    page.wait_for_function(BOARD_PAINTED_JS, timeout=PAGE_TIMEOUT, polling=100)
    choose_chapter(page, lessons[0][1])  # the lesson list shows a chapter's lessons
    for _, title, _ in lessons:
        page.wait_for_function(MARKED_JS, arg=title, timeout=30_000)
    page.wait_for_function(
        "(ids) => { const s = document.querySelector('.catan-progress');"
        " if (!s) return false; const d = JSON.parse(s.dataset.progress).done;"
        " return ids.every(i => d.includes(i)); }",
        arg=ids,
        timeout=30_000,
    )
    again = _progress_marker(page)
    for lesson_id, _, sc in lessons:
        assert sorted(again["solved"].get(lesson_id, [])) == sorted(sc.puzzles)
    took = time.monotonic() - started
    page.screenshot(path=ARTIFACTS / "chapter_after_reload.png")
    print(
        f"chapter {CHAPTER}: {len(lessons)} lessons walked in {walked:.1f} s, "
        f"{took:.1f} s with both page loads"
    )  # figures, not tests
    assert p.outside == []
