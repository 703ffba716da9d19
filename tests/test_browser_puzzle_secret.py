"""End to end: the course's 20 puzzles keep their secret in the app's page (issue 33, scope 2).

One page (Voilà, headless Chromium) sweeps every puzzle as a learner meets it: the lesson is
picked in the list, "last" stops at the open question, and there the page's text, every tab's
text and every attribute (the hidden markers of the board and of the puzzle included) hold
none of the answer's words (``puzzle_answers.py``: the accepted moves' notation, the move
list's words for them, their spots' labels); texts the page shows at a new game too (labels,
placeholders, examples) are left out, they cannot hold it. Then the answer is typed, and the
Moves tab shows the line with it and the puzzle box the explanation.

Needs /usr/bin/chromium, skipped without it except under ``CI=true`` (browser_harness.py).
Reads only hidden ``data-*`` markers and what a learner sees.
"""

from __future__ import annotations

import time

import pytest
from browser_harness import ARTIFACTS, PAGE_TIMEOUT, open_app
from puzzle_answers import Asked, answer_words, course_puzzles, found

from catan_tutor import rulebook
from catan_tutor.library import library
from catan_tutor.puzzle import answer_nodes, judge
from catan_tutor.resources import packaged_lessons
from catan_tutor.timeline import Node
from catan_tutor.widgets.move_list import move_words

pytestmark = [pytest.mark.browser, pytest.mark.kernel, pytest.mark.slow]

PUZZLE = ".catan-puzzle-state"
WRITTEN_WHEN_SHOWN = ("Rules", "File")  # and Moves; Odds (playouts) never names a move
WRONG = "P1 road K5"  # at the course's first puzzle: away from the settlement just placed
SHOTS = {"puzzle_base_setup", "puzzle_ck_knights"}  # screenshots at their first question

# Every text of the app and every attribute value, one string each (no style or script).
SEGMENTS_JS = """() => {
  const root = document.querySelector('.catan-app') || document.body;
  const out = [document.title];
  const w = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (w.nextNode()) {
    const p = w.currentNode.parentElement;
    if (p && p.closest('style, script')) continue;
    const t = w.currentNode.textContent.replace(/\\u00a0/g, ' ').trim();
    if (t) out.push(t);
  }
  for (const el of root.querySelectorAll('*')) {
    for (const a of el.attributes)
      if (a.name !== 'class' && a.name !== 'style' && a.value.trim()) out.push(a.value);
    if ((el.tagName === 'INPUT' || el.tagName === 'TEXTAREA') && el.value.trim())
      out.push(el.value);
  }
  return out;
}"""
# The lesson list's select and the index of its option that names the title
PICK_JS = """(title) => {
  const selects = [...document.querySelectorAll('.catan-app select')];
  for (const [k, s] of selects.entries()) {
    const i = [...s.options].findIndex(
      o => o.textContent.replace(/\\u00a0/g, ' ').includes(title));
    if (i >= 0) return [k, i];
  }
  return [-1, -1];
}"""


def _segments(page, node: int) -> set[str]:
    """The page's texts and attribute values at ``node``, every tab written: the tabs the
    kernel writes when shown (Rules, File) are shown first, then Moves, which stays shown
    (the other tabs are in the page all along, hidden)."""
    for tab in WRITTEN_WHEN_SHOWN:
        page.get_by_role("tab", name=tab, exact=True).click()
        page.wait_for_timeout(150)  # no marker tells that these tabs are written
    page.get_by_role("tab", name="Moves", exact=True).click()
    page.locator(f".catan-mv-current[data-node='{node}']").wait_for(state="attached")
    return set(page.evaluate(SEGMENTS_JS))


def _wait_question(page, node: int) -> None:
    page.locator(f"{PUZZLE}[data-node='{node}'][data-asked='1'][data-solved='0']").wait_for(
        state="attached"
    )


def _answer(asked: Asked) -> Node:
    """The answer played: the lesson's own line when it is one, else the first accepted."""
    sc = asked.scenario()
    assert sc.timeline is not None
    node = sc.timeline.nodes[asked.node]
    answers = answer_nodes(asked.puzzle, node, sc.timeline.rules)
    chosen = node.children[0] if node.children[0] in answers else answers[0]
    assert chosen.action is not None
    return chosen


def _wrong_try(page, asked: Asked) -> None:
    """An illegal try at the question: judged, nothing played, why in a plain sentence."""
    sc = asked.scenario()
    assert sc.timeline is not None
    node = sc.timeline.nodes[asked.node]
    j = judge(asked.puzzle, node, sc.timeline.rules, WRONG)
    assert not j.legal, f"{WRONG} is meant to be refused at {asked.lesson}@{asked.node}"
    page.locator(".catan-puzzle-answer input").fill(WRONG)
    page.locator(".catan-puzzle-submit").click()
    page.locator(f"{PUZZLE}[data-node='{asked.node}'][data-tries='1']").wait_for(state="attached")
    said = page.locator(".catan-puzzle-verdict").inner_text()
    assert "Not the answer" in said and "is not allowed here" in said
    assert "..P" not in said and rulebook.rule(j.rule).text not in said, said


def test_every_puzzle_of_the_course_keeps_its_secret_until_solved(new_page, app_server) -> None:
    puzzles = course_puzzles()
    assert len(puzzles) == 20
    titles = {x.id: x.title for x in library(packaged_lessons())}
    p = new_page("puzzle_secret")
    page = p.page
    open_app(p, app_server)  # a new game: what shows whatever the position
    static = _segments(page, 0)
    started = time.monotonic()
    lesson = ""
    leaks: dict[str, list[str]] = {}
    for asked in puzzles:
        if asked.lesson != lesson:
            lesson = asked.lesson
            select, index = page.evaluate(PICK_JS, titles[lesson])
            assert index >= 0, titles[lesson]
            page.locator(".catan-app select").nth(select).select_option(index=index)
            page.locator(".catan-state[data-node='0']").wait_for(state="attached")
        page.get_by_title("last (End)").click()  # stops at the open question
        _wait_question(page, asked.node)
        text = " \n ".join(sorted(_segments(page, asked.node) - static))
        assert asked.puzzle.prompt.split(" (")[0][:40] in text
        leaks[f"{asked.lesson}@{asked.node}"] = found(answer_words(asked), text)
        if lesson in SHOTS and asked.node == min(a.node for a in puzzles if a.lesson == lesson):
            page.screenshot(path=ARTIFACTS / f"puzzle_secret_{lesson}.png")
        if asked is puzzles[0]:  # a wrong try: one plain sentence, never the rule's text
            _wrong_try(page, asked)
        # solved: the line with the answer shows in the Moves tab, the explanation above it
        answer = _answer(asked)
        assert answer.action is not None
        page.locator(".catan-puzzle-answer input").fill(str(answer.action))
        page.locator(".catan-puzzle-submit").click()
        page.locator(f"{PUZZLE}[data-node='{answer.id}'][data-correct='1']").wait_for(
            state="attached"
        )
        moves = page.locator(".catan-moves-box")
        moves.filter(has_text=move_words(answer.action)).wait_for()
        box = page.locator(".catan-puzzle").inner_text()
        assert asked.puzzle.explain.split(" (")[0][:40] in box, box
        if lesson in SHOTS and asked.node == min(a.node for a in puzzles if a.lesson == lesson):
            page.screenshot(path=ARTIFACTS / f"puzzle_secret_{lesson}_solved.png")
    took = time.monotonic() - started
    print(f"20 puzzles swept in {took:.1f} s")
    assert {k: v for k, v in leaks.items() if v} == {}
    assert p.outside == []
    assert took < PAGE_TIMEOUT / 1000
