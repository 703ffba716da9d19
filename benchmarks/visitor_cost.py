"""One visitor at a time: what the tutor's first board costs against a bare canvas page
(issue 35).

    python benchmarks/visitor_cost.py [--runs 5] [--voila-arg=--X.y=z ...]

Two standalone Voilà servers on 127.0.0.1 with the packaged settings (and the same
``--voila-arg``): one serves the start notebook (the tutor, opened at the lesson of
``ui_latency.py``), the other the bare page of ``bare_page.py`` (one ipycanvas ``Canvas``
painted in ``on_client_ready``). The runs interleave, tutor then bare, ``--runs`` times each,
one visitor alone each time: a fresh browser context (one Chromium for the whole run) opens
the page, and from the request to the first painted canvas the script counts

- the server's CPU seconds: the Voilà server and its kernels (the visit's kernel starts,
  runs the notebook, builds the widgets; the server renders the page and relays them), and
  the kernels' part of them;
- the browser's CPU seconds: every Chromium process (the page's renderer, the browser, GPU);
- the wall time, and the page's ``.jupyter-widgets`` nodes (widget views) at that moment.

Then the page is closed as a tab (its kernel is shut down) and the next run waits until that
kernel is gone and both servers are idle. Prints every run, the medians and the ratios
tutor / bare. Not a test: on a busy machine the figures are noisy (the load is printed).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import psutil
from bare_page import (
    ANY_CANVAS_PAINTED_JS,
    BARE_NOTEBOOK,
    CpuMeter,
    browsers,
    tree,
    write_bare_notebook,
)
from ui_latency import LESSON_QUERY  # benchmarks/ui_latency.py

from catan_tutor.server.serve import (
    BOARD_PAINTED_JS,
    CHROMIUM,
    CHROMIUM_ARGS,
    kernel_processes,
    voila,
)
from catan_tutor.study.resources import START_NOTEBOOK

WIDGET_VIEWS_JS = "() => document.querySelectorAll('.jupyter-widgets').length"
IDLE_CPU = 0.05  # s of server CPU per second: idle


@dataclass
class Page:
    """A page to visit: its server, address and how to tell it is painted."""

    name: str
    proc: object  # the Voilà server (subprocess.Popen)
    url: str
    painted_js: str


async def settle(pages: list[Page], limit: float) -> None:
    """Until no server has a kernel and their CPU is idle (``limit`` s at most)."""
    t0 = time.monotonic()
    while time.monotonic() - t0 < limit:
        meter = CpuMeter(lambda: [p for page in pages for p in tree(page.proc.pid)])
        await asyncio.sleep(1)
        busy = meter.seconds() > IDLE_CPU
        if not busy and not any(kernel_processes(page.proc) for page in pages):
            return
    print(f"  (not settled after {limit:.0f} s)")


async def one_visit(browser, page: Page, timeout: float) -> dict:
    """Open ``page`` in a fresh context; the costs until its canvas is painted."""
    context = await browser.new_context(viewport={"width": 1280, "height": 1000})
    tab = await context.new_page()
    server = CpuMeter(lambda: tree(page.proc.pid))
    kernel = CpuMeter(lambda: tree(page.proc.pid)[1:])  # the part of it the kernels spent
    chromium = CpuMeter(browsers)
    t0 = time.perf_counter()
    try:
        await tab.goto(page.url, wait_until="commit", timeout=timeout * 1000)
        await tab.wait_for_function(page.painted_js, timeout=timeout * 1000, polling=100)
        out = {
            "wall": time.perf_counter() - t0,
            "server": server.seconds(),
            "kernel": kernel.seconds(),
            "browser": chromium.seconds(),
            "views": await tab.evaluate(WIDGET_VIEWS_JS),
        }
    finally:
        await tab.close(run_before_unload=True)
        await context.close()
    return out


def median(runs: list[dict], key: str) -> float:
    return statistics.median(r[key] for r in runs)


async def run(args: argparse.Namespace) -> dict[str, list[dict]]:
    from playwright.async_api import async_playwright

    folder = Path(tempfile.mkdtemp(prefix="visitor_cost_"))
    write_bare_notebook(folder)
    results: dict[str, list[dict]] = {"tutor": [], "bare": []}
    with (
        voila(START_NOTEBOOK, folder / "tutor.log", args=args.voila_arg) as (tutor_url, tutor),
        voila(BARE_NOTEBOOK, folder / "bare.log", root=folder, args=args.voila_arg) as (
            bare_url,
            bare,
        ),
    ):
        pages = [
            Page("tutor", tutor, tutor_url + LESSON_QUERY, BOARD_PAINTED_JS),
            Page("bare", bare, bare_url, ANY_CANVAS_PAINTED_JS),
        ]
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for i in range(args.runs):
                for page in pages:
                    await settle(pages, args.settle)
                    r = await one_visit(browser, page, args.timeout)
                    results[page.name].append(r)
                    print(
                        f"  run {i + 1} {page.name:5}: first paint {r['wall']:5.1f} s, "
                        f"server CPU {r['server']:5.2f} s (kernel {r['kernel']:4.2f}), "
                        f"browser CPU {r['browser']:5.2f} s, "
                        f"{r['views']} .jupyter-widgets nodes, load {psutil.getloadavg()[0]:.1f}",
                        flush=True,
                    )
            await browser.close()
    return results


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5, help="visits of each page (interleaved)")
    ap.add_argument("--timeout", type=float, default=180, help="s a page may take to paint")
    ap.add_argument("--settle", type=float, default=60, help="s to wait for idle servers")
    ap.add_argument(
        "--voila-arg", action="append", default=[], help="more Voilà settings, for both servers"
    )
    args = ap.parse_args()
    print(
        f"one visitor at a time, {args.runs} run(s) of each page, {psutil.cpu_count()} cores, "
        f"load {psutil.getloadavg()[0]:.1f}, settings {args.voila_arg or 'as packaged'}",
        flush=True,
    )
    results = asyncio.run(run(args))
    print("medians          first paint s  server CPU s  (kernel)  browser CPU s  .jupyter-widgets")
    for name, runs in results.items():
        print(
            f"  {name:5}          {median(runs, 'wall'):11.1f}  {median(runs, 'server'):12.2f}"
            f"  {median(runs, 'kernel'):8.2f}  {median(runs, 'browser'):13.2f}"
            f"  {median(runs, 'views'):12.0f}"
        )
    tutor, bare = results["tutor"], results["bare"]
    print(
        f"ratio tutor/bare: server CPU {median(tutor, 'server') / median(bare, 'server'):.2f}x, "
        f"browser CPU {median(tutor, 'browser') / median(bare, 'browser'):.2f}x, "
        f"first paint {median(tutor, 'wall') / median(bare, 'wall'):.2f}x "
        f"(load {psutil.getloadavg()[0]:.1f} at the end)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
