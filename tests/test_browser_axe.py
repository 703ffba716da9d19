"""axe-core on the app's page: no serious or critical violation on the start page (the
course's first lesson, a base lesson), a puzzle, a Cities & Knights lesson and a two-player
lesson, in the light and the dark theme, with the lesson view and with the tools open (the
Explore switch, then each tab of the tool set in turn, and the Play tab's list of what is not
possible now opened): every tab is checked in some page, each where its controls differ
(``PAGE_TABS``).

axe-core (4.x) comes from npm: ``scripts/test.sh`` installs it once into
``$CATAN_NPM_CACHE`` (default ``~/.cache/catan-tutor/npm``) and the test injects its
``axe.min.js`` as an inline script after the board paints (no request leaves 127.0.0.1).
One Voilà server and one page (one kernel): the start page from its address (light), each
next lesson picked from the lists as a learner goes on (a puzzle's "last" to its question),
each checked in both themes: each view whole in the light theme, and with the rules that read
colours, all a theme changes, in the dark theme, the page's own switch between them (one switch
a view, both ways in turn; the dark theme from the address is ``test_browser_theme.py``'s).
The findings per page, theme and view are written to tests/artifacts/axe_report.json (rule,
impact, how many elements, the first selectors).

Needs /usr/bin/chromium and axe-core; skipped without them (a failure under ``CI=true``).
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
from browser_harness import ARTIFACTS, Page, open_app, pick_lesson, settle

from catan_tutor.study.library import library
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import load_scenario

pytestmark = [pytest.mark.browser, pytest.mark.kernel, pytest.mark.slow]

NPM_CACHE = Path(os.environ.get("CATAN_NPM_CACHE", Path.home() / ".cache/catan-tutor/npm"))
AXE = NPM_CACHE / "node_modules" / "axe-core" / "axe.min.js"
SEVERE = ("serious", "critical")
PUZZLE = "puzzle_base_robber"
TABS = ("Play", "Players", "Moves", "Rules", "Odds", "Editor", "File")
# The tabs checked on each page. The start page opens the course's first lesson (base_setup:
# the same page as ``?lesson=base_setup``, widget for widget), the base lesson checked here.
# The puzzle (a base lesson) opens Explore with its Play, Players and Moves tabs (their own:
# the game's hands, the moves up to the question). A lesson of each game has the Rules and
# Odds tabs of its game too; the Editor's controls are its game's (Cities & Knights adds a
# knight's strength, its walls and commodities; a two-player game's are the base game's, its
# lists naming more parties), so it is checked in the base and the C&K lesson; the File tab
# is the same controls in every game (the position, the lesson file, the author's tools: only
# their text differs), so it is checked in the base lesson.
PAGE_TABS = {
    "start": TABS,
    "puzzle": TABS[:3],
    "C&K lesson": TABS[:6],
    "two-player lesson": TABS[:5],
}

# The rules that read the page's colours: all a theme changes (the page's structure, names and
# roles are the same in both; each view is checked whole in the light theme).
COLOUR_RULES = ["color-contrast", "link-in-text-block"]
# Runs in the page: axe over the whole document (only ``rules``, when given), the violations
# only, reduced to what a report needs (the nodes' first selectors and failure summaries).
RUN_AXE_JS = """async (rules) => {
  const only = rules ? {runOnly: {type: 'rule', values: rules}} : {};
  const r = await axe.run(document, {resultTypes: ['violations'], ...only});
  return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.length, targets: v.nodes.slice(0, 4).map(n => n.target.join(' ')),
    why: v.nodes.slice(0, 2).map(n => n.failureSummary.slice(0, 300))}));
}"""


def _puzzle_node() -> int:
    sc = load_scenario(packaged_lessons() / f"{PUZZLE}.catan.yaml")
    return next(iter(sc.puzzles))


def _pages() -> dict[str, str]:
    """What each page is, and its query."""
    return {
        "start": "",  # the course's first lesson, base_setup
        "puzzle": f"lesson={PUZZLE}&node={_puzzle_node()}",
        "C&K lesson": "lesson=ck_aqueduct",
        "two-player lesson": "lesson=base_2p_neutral_builds",
    }


@pytest.fixture(scope="module")
def axe_source() -> str:
    if not AXE.exists():
        message = f"{AXE} is missing: scripts/test.sh installs it (npm install axe-core@4)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    return AXE.read_text(encoding="utf-8")


def _axe(page, source: str, rules: list[str] | None = None) -> list[dict]:
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(content=source)
    return page.evaluate(RUN_AXE_JS, rules)


def _explore(page) -> None:
    """Open every tool: the Explore switch (``.catan-explore``, on when ``mod-active``) if
    the page has one and it is off; the tools are the tabs."""
    switch = page.locator(".catan-tutor .catan-explore")
    if switch.count() and "mod-active" not in (switch.first.get_attribute("class") or ""):
        switch.first.click()
    page.get_by_role("tab", name=TABS[0], exact=True).wait_for()


def _settle(page, tab: str) -> None:
    """Wait until the tab's panel is drawn (the Odds tab computes first: bounded)."""
    settle(page)
    if tab == "Odds":
        page.wait_for_function(
            "() => ![...document.querySelectorAll('.catan-tutor .widget-html')]"
            ".some(e => e.offsetParent && e.textContent.includes('computing'))",
            timeout=60_000,
        )


def _theme(page) -> str:
    dark = page.evaluate("() => document.body.dataset.jpThemeLight") == "false"
    return "dark" if dark else "light"


def _both_themes(page, source: str, view: str, found: dict[str, list[dict]]) -> None:
    """axe on ``view`` in the page's theme, then in the other (the page's switch, which
    stays: the next view starts in it); in the dark theme, the rules that read colours."""
    for turn in range(2):
        theme = _theme(page)
        found[f"{theme} | {view}"] = _axe(page, source, COLOUR_RULES if theme == "dark" else None)
        if turn:
            break
        page.locator(".catan-theme-switch").first.click()
        want = "true" if theme == "dark" else "false"  # jpThemeLight after the switch
        page.wait_for_function(f"() => document.body.dataset.jpThemeLight === '{want}'")
        settle(page)  # the kernel redraws the board's strip


def _open(p: Page, url: str, query: str) -> None:
    """Show the lesson of ``query`` (``lesson=ID``, ``&node=N`` its first question): by its
    address in a fresh page, else picked from the lists in this one, as a learner goes on
    (and "last" to the question: it stops there), each lesson's first look the same (a page
    load each cost ~5 CPU-s)."""
    page = p.page
    if not page.url.startswith("http"):
        open_app(p, f"{url}?{'&'.join(x for x in (query, 'theme=light') if x)}")
        settle(page)
        return
    q = dict(x.split("=", 1) for x in query.split("&"))
    found = next(x for x in library(packaged_lessons()) if x.id == q["lesson"])
    pick_lesson(page, found.title)
    assert found.place is not None  # (the tab's title starts with the lesson's number)
    number = f"{found.place.chapter}.{found.place.number} "
    page.wait_for_function("(n) => document.title.startsWith(n)", arg=number)
    if "node" in q:
        page.get_by_title("last (End on the board)").click()
        page.locator(f".catan-puzzle-state[data-node='{q['node']}'][data-asked='1']").wait_for(
            state="attached"
        )
    settle(page)


def _visit(p: Page, url: str, query: str, source: str, tabs) -> dict[str, list[dict]]:
    """axe's violations on the lesson of ``query`` in both themes: the lesson view, then
    each of the tool's ``tabs``."""
    page = p.page
    _open(p, url, query)
    found: dict[str, list[dict]] = {}
    _both_themes(page, source, "lesson view", found)
    _explore(page)
    for tab in tabs:
        page.get_by_role("tab", name=tab, exact=True).click()
        _settle(page, tab)
        _both_themes(page, source, f"tab {tab}", found)
        why = page.locator(".catan-tutor .catan-why-toggle")  # the kinds not possible now
        if tab == "Play" and why.count() and why.first.is_visible():
            if "mod-active" not in (why.first.get_attribute("class") or ""):
                why.first.click()
                settle(page)
                _both_themes(page, source, "tab Play, why not open", found)
    page.screenshot(path=ARTIFACTS / f"{p.name}.png", full_page=True)
    return found


def test_no_serious_or_critical_violation(browser, app_server, axe_source) -> None:
    started = time.monotonic()
    report: dict[str, list[dict]] = {}
    # one page (and kernel): the start page from its address, then each lesson picked
    p = Page(browser, "axe")
    try:
        for name, query in _pages().items():
            p.name = f"axe_{name.split()[0].replace('&', '')}"  # (its screenshot's name)
            found = _visit(p, app_server, query, axe_source, PAGE_TABS[name])
            report.update({f"{name} | {where}": v for where, v in found.items()})
    finally:
        p.close()
    (ARTIFACTS / "axe_report.json").write_text(json.dumps(report, indent=1), encoding="utf-8")
    summary = {
        where: sorted(f"{v['id']} ({v['impact']}, {v['nodes']})" for v in found)
        for where, found in report.items()
    }
    print(json.dumps(summary, indent=1))
    print(f"axe: {len(report)} views in {time.monotonic() - started:.0f} s")  # a figure only
    severe = {
        where: [f"{v['id']} {v['targets']}: {v['why'][:1]}" for v in found if v["impact"] in SEVERE]
        for where, found in report.items()
    }
    severe = {k: v for k, v in severe.items() if v}
    assert not severe, json.dumps(severe, indent=1)
