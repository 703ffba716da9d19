"""How fast the tutor feels: Voilà serving the start notebook to headless Chromium.

    python benchmarks/ui_latency.py [--clicks 20]

Prints, from one run:
- time to the first painted board (page requested -> board canvas painted);
- click-to-redraw: a click on a glowing vertex until the board's draw count (the hidden
  ``data-drawn`` attribute) moves (the move is played in the kernel, the pieces redrawn and
  sent back), median of N;
- key-to-redraw: ← / → with the pointer on the board, median of N;
- a full redraw in the browser (a new game on a shuffled board redraws every layer), median;
- the kernel side alone, in this process: ``Tutor.refresh()``, ``BoardView.update()`` (pieces)
  and ``BoardView.redraw()`` (every layer), the peer of the browser figures;
- resident memory of the one kernel serving the page.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from catan_tutor import board
from catan_tutor.actions import MoveKnight
from catan_tutor.board import VERTEX_LABELS
from catan_tutor.server.serve import CHROMIUM, CHROMIUM_ARGS, kernel_rss_mib, voila
from catan_tutor.study.resources import START_NOTEBOOK, lesson_path
from catan_tutor.study.scenario import load_scenario
from catan_tutor.widgets import Tutor, style
from catan_tutor.widgets.board_view import Viewport

# The lesson the clicks are measured in (a link opens it: the start page opens 1.1).
LESSON_QUERY = "?lesson=ck_knight_displacement"

PAINTED_JS = """() => {
  const c = document.querySelector('.catan-board canvas');
  if (!c || !c.width) return false;
  const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
  let painted = 0;
  for (let i = 3; i < d.length; i += 16) if (d[i]) painted++;
  return painted > d.length / 16 / 2;
}"""


def knight_target() -> str:
    """Where the lesson's knight may go from its start: the glowing spot the clicks hit."""
    timeline = load_scenario(lesson_path(LESSON_QUERY.split("=", 1)[1])).timeline
    timeline.first()
    return next(
        VERTEX_LABELS[a.dst] for a in timeline.game.legal_actions() if isinstance(a, MoveKnight)
    )


# Waits that cost the page nothing while they wait: a MutationObserver resolves a promise
# when ``selector`` matches (and its data-drawn count exceeds ``after``, unless null).
# Playwright's own waits (wait_for_function, locator.wait_for) test on every animation
# frame, so each waiting page drew 60 frames a second: with 30 pages clicking at once, the
# benchmark's waits took the CPU the pages' redraws needed.
AWAIT_JS = """([selector, after]) => new Promise((resolve) => {
  const met = () => {
    const el = document.querySelector(selector);
    return !!el && (after === null || +el.dataset.drawn > after);
  };
  if (met()) return resolve(true);
  const seen = new MutationObserver(() => {
    if (met()) { seen.disconnect(); resolve(true); }
  });
  seen.observe(document.body, {subtree: true, childList: true, attributes: true});
})"""
DRAWN = ".catan-drawn"


def drawn(page) -> int:
    return int(page.locator(DRAWN).first.get_attribute("data-drawn"))


def wait_drawn_after(page, n: int) -> None:
    page.evaluate(AWAIT_JS, [DRAWN, n])


def wait_state(page, selector: str) -> None:
    """Until the tutor's hidden state element matches (``[data-depth='0']``...)."""
    page.evaluate(AWAIT_JS, [f".catan-state{selector}", None])


def spot(page, label: str) -> tuple[float, float]:
    box = page.locator(".catan-board canvas").last.bounding_box()
    vp = Viewport.fit(round(box["width"]) * 2, round(box["height"]) * 2 - style.STRIP_HEIGHT * 2)
    x, y = vp.px(board.vertex_xy(board.parse_vertex(label)))
    return box["x"] + x / 2, box["y"] + y / 2


def timed(fn, wait) -> float:
    t0 = time.perf_counter()
    fn()
    wait()
    return (time.perf_counter() - t0) * 1000


def kernel_side(reps: int = 50) -> dict[str, float]:
    t = Tutor(load_scenario(lesson_path("ck_knight_displacement")))
    out = {}
    for name, fn in (
        ("Tutor.refresh()", t.refresh),
        ("BoardView.update()", t.view.update),
        ("BoardView.redraw()", t.view.redraw),
    ):
        times = []
        for _ in range(reps):
            t0 = time.perf_counter()
            fn()
            times.append((time.perf_counter() - t0) * 1000)
        out[name] = statistics.median(times)
    return out


def main() -> None:
    from playwright.sync_api import sync_playwright

    ap = argparse.ArgumentParser()
    ap.add_argument("--clicks", type=int, default=20)
    n = ap.parse_args().clicks
    log = Path(tempfile.mkdtemp()) / "voila.log"
    with voila(START_NOTEBOOK, log) as (url, proc), sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        page.set_default_timeout(60_000)
        t0 = time.perf_counter()
        page.goto(url + LESSON_QUERY, timeout=180_000)
        page.wait_for_function(PAINTED_JS, timeout=180_000)
        first_paint = time.perf_counter() - t0
        wait_state(page, "[data-node='0']")
        page.get_by_role("button", name="move knight").click()
        page.wait_for_timeout(300)
        clicks, keys, target = [], [], knight_target()
        for _ in range(n):
            k = drawn(page)
            clicks.append(
                timed(
                    lambda: page.mouse.click(*spot(page, target)),
                    lambda k=k: wait_drawn_after(page, k),
                )
            )
            wait_state(page, "[data-phase='relocate']")
            k = drawn(page)
            keys.append(
                timed(lambda: page.keyboard.press("PageUp"), lambda k=k: wait_drawn_after(page, k))
            )
            wait_state(page, "[data-depth='0']")
            page.get_by_role("button", name="move knight").click()
            page.wait_for_timeout(100)
        page.locator(".catan-app select").nth(3).select_option("variable")
        full = []
        for _ in range(max(3, n // 4)):
            k = drawn(page)
            full.append(
                timed(
                    lambda: page.get_by_role("button", name="Start").click(),
                    lambda k=k: wait_drawn_after(page, k),
                )
            )
            page.wait_for_timeout(200)
        memory = kernel_rss_mib(proc)
        browser.close()
    kernel = kernel_side()
    print(f"Voilà + Chromium on 127.0.0.1 (start notebook, {n} clicks)")
    print(f"{'time to first painted board':<44}{first_paint:8.2f} s")
    print(
        f"{'click on a target -> redrawn (median)':<44}{statistics.median(clicks):8.1f} ms"
        f"   (min {min(clicks):.1f}, max {max(clicks):.1f})"
    )
    print(
        f"{'PageUp (a move back) -> redrawn (median)':<44}{statistics.median(keys):8.1f} ms"
        f"   (min {min(keys):.1f}, max {max(keys):.1f})"
    )
    print(f"{'new board, full redraw in browser (median)':<44}{statistics.median(full):8.1f} ms")
    for name, ms in kernel.items():
        print(f"{'kernel side: ' + name:<44}{ms:8.2f} ms")
    print(
        f"{'kernel memory (RSS) serving the page':<44}"
        f"{', '.join(f'{m:.0f}' for m in memory) or '?':>8} MiB"
    )


if __name__ == "__main__":
    main()
