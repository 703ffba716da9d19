"""A class opening the tutor at once: N visitors (Chromium pages) on standalone Voilà.

    python benchmarks/class_load.py 4 8 16 30 [--clicks 5] [--voila-arg=--X.y=z ...]

For each N, on a fresh Voilà serving the start notebook with the packaged settings
(``catan_tutor/jupyter-config/voila.json``), N pages are opened at the same moment, each in its
own browser context (its own cookies, as N students), and the script prints:

- pages that loaded (board painted within ``--load-timeout`` s, counting a page whose
  "cannot start" message retried by itself and then loaded), pages that showed the message
  at least once, pages still showing Voilà's progress at the time-out ("slow") and pages
  blank at the time-out (neither board, message nor progress);
- time to the first painted board (median, p95, max) from the moment all N were requested;
- click -> redraw under load: every loaded page clicks a glowing target at the same time,
  ``--clicks`` times (median and p95 over all);
- resident memory of the kernels (total and per visitor, psutil) and of the Voilà server;
- the machine's load average (1 min) before and after, as other work skews every figure;
- seconds until the kernels are gone after every tab is closed (as a user closes a tab:
  ``beforeunload`` runs, Voilà's shutdown request goes out), and kernels left after two
  minutes. ``--close abrupt`` closes the contexts instead (no unload: a crashed browser or a
  laptop lid), so only the culling of disconnected kernels frees them.

Not a test: it takes minutes and needs an otherwise quiet machine to mean much. The figures in
the README's hosting section come from this script.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
from pathlib import Path

import psutil
from ui_latency import LESSON_QUERY, PAINTED_JS  # as benchmarks/ui_latency.py

from catan_tutor import board
from catan_tutor.resources import START_NOTEBOOK
from catan_tutor.serve import CHROMIUM, CHROMIUM_ARGS, kernel_processes, kernel_rss_mib, voila
from catan_tutor.widgets import style
from catan_tutor.widgets.board_view import Viewport

# What a page shows: 'board', 'message' (the "cannot start" card of catan_kernel.js),
# 'loading' (Voilà's spinner and progress text) or '' (blank: none of these).
STATE_JS = f"""() => {{
  if (({PAINTED_JS})()) return 'board';
  if (document.querySelector('.catan-retry')) return 'message';
  const spinner = document.getElementById('loading');
  return spinner && spinner.getClientRects().length ? 'loading' : '';
}}"""
FREED_WITHIN = 120  # s: every kernel should be gone this long after the tabs close


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, max(0, round(q * (len(values) - 1))))]


def spot(box: dict, label: str) -> tuple[float, float]:
    vp = Viewport.fit(round(box["width"]) * 2, round(box["height"]) * 2 - style.STRIP_HEIGHT * 2)
    x, y = vp.px(board.vertex_xy(board.parse_vertex(label)))
    return box["x"] + x / 2, box["y"] + y / 2


async def drawn(page) -> int:
    return int(await page.locator(".catan-drawn").first.get_attribute("data-drawn"))


async def wait_drawn_after(page, n: int) -> None:
    await page.wait_for_function(
        "(n) => +document.querySelector('.catan-drawn').dataset.drawn > n", arg=n,
        timeout=120_000)


async def wait_state(page, selector: str) -> None:
    """Until the tutor's hidden state element matches (``[data-depth='0']``...)."""
    await page.locator(f".catan-state{selector}").first.wait_for(state="attached")


async def visit(browser, url: str, t0: float, timeout: float) -> dict:
    """One visitor: open the page, watch it until the board is painted or time runs out."""
    context = await browser.new_context(viewport={"width": 1280, "height": 1000})
    page = await context.new_page()
    page.set_default_timeout(120_000)
    out = {"context": context, "page": page, "first_board": None, "message": False,
           "state": ""}
    try:
        await page.goto(url + LESSON_QUERY, wait_until="commit", timeout=timeout * 1000)
    except Exception as e:  # noqa: BLE001 - recorded, the page counts as not loaded
        out["error"] = str(e).splitlines()[0]
        return out
    while time.perf_counter() - t0 < timeout:
        try:
            state = await page.evaluate(STATE_JS)
        except Exception:  # noqa: BLE001 - navigating (the automatic retry reloads)
            state = ""
        out["state"] = state
        out["message"] |= state == "message"
        if state == "board":
            out["first_board"] = time.perf_counter() - t0
            break
        await asyncio.sleep(0.25)
    return out


async def clicks(page, n: int) -> list[float]:
    """click a glowing target -> board redrawn, ``n`` times (as benchmarks/ui_latency.py)."""
    out = []
    await wait_state(page, "[data-node='0']")
    for _ in range(n):
        await page.get_by_role("button", name="move knight").click()
        await page.wait_for_timeout(200)
        box = await page.locator(".catan-board canvas").last.bounding_box()
        k = await drawn(page)
        start = time.perf_counter()
        await page.mouse.click(*spot(box, "J4"))
        await wait_drawn_after(page, k)
        out.append((time.perf_counter() - start) * 1000)
        await wait_state(page, "[data-depth='1']")
        await page.keyboard.press("PageUp")
        await wait_state(page, "[data-depth='0']")
    return out


def cpu_seconds(proc) -> float:
    """CPU time used so far by Voilà and its kernels."""
    total = 0.0
    for p in [psutil.Process(proc.pid), *kernel_processes(proc)]:
        try:
            t = p.cpu_times()
        except psutil.Error:
            continue
        total += t.user + t.system
    return total


async def warm_up(proc, limit: float) -> None:
    """Before the class arrives: wait (up to ``limit`` s) until the kernels Voilà starts by
    itself (a preheated pool) are up and Voilà and its kernels are idle."""
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < limit:
        before = cpu_seconds(proc)
        await asyncio.sleep(2)
        if time.perf_counter() - t0 > 6 and cpu_seconds(proc) - before < 0.2:
            print(f"  warmed up in {time.perf_counter() - t0:.0f} s, "
                  f"{len(kernel_processes(proc))} kernel(s) waiting")
            return
    if limit > 0:
        print(f"  still busy after {limit:.0f} s of warm-up")


async def class_of(n: int, args: argparse.Namespace) -> dict:
    from playwright.async_api import async_playwright

    log = Path(tempfile.mkdtemp(prefix="class_load_")) / f"voila_{n}.log"
    with voila(START_NOTEBOOK, log, args=args.voila_arg) as (url, proc):
        await warm_up(proc, args.warm)
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            t0 = time.perf_counter()
            visits = await asyncio.gather(*(visit(browser, url, t0, args.load_timeout)
                                            for _ in range(n)))
            loaded = [v for v in visits if v["first_board"] is not None]
            times = [v["first_board"] for v in loaded]
            kernels = kernel_rss_mib(proc)
            server = psutil.Process(proc.pid).memory_info().rss / 2**20
            lat: list[float] = []
            if args.clicks and loaded:
                results = await asyncio.gather(*(clicks(v["page"], args.clicks) for v in loaded),
                                               return_exceptions=True)
                lat = [ms for r in results if isinstance(r, list) for ms in r]
                failed = [r for r in results if not isinstance(r, list)]
                if failed:
                    print(f"  {len(failed)} page(s) failed the clicks: {failed[0]!r:.200}")
            kernels_busy = kernel_rss_mib(proc)
            closed = time.perf_counter()
            for v in visits:
                if args.close == "abrupt":
                    await v["context"].close()
                else:
                    await v["page"].close(run_before_unload=True)
            gone_after = None
            left = len(kernel_rss_mib(proc))
            while time.perf_counter() - closed < FREED_WITHIN:
                left = len(kernel_rss_mib(proc))
                if left == 0:
                    gone_after = time.perf_counter() - closed
                    break
                await asyncio.sleep(0.5)
            await browser.close()
        text = log.read_text()
    return {
        "n": n, "loaded": len(loaded), "message": sum(v["message"] for v in visits),
        "loading": sum(v["first_board"] is None and v["state"] == "loading" for v in visits),
        "blank": sum(v["first_board"] is None and v["state"] == "" for v in visits),
        "times": times, "clicks": lat, "kernels": kernels, "kernels_busy": kernels_busy,
        "server": server, "gone_after": gone_after, "left": left,
        "iopub": text.count("Timeout waiting for IOPub"), "log": log,
    }


def report(r: dict) -> str:
    t, c = r["times"], r["clicks"]
    mem = sum(r["kernels_busy"]) or sum(r["kernels"])
    per = mem / max(1, len(r["kernels_busy"]) or len(r["kernels"]))
    first = f"{statistics.median(t):5.1f} {pct(t, 0.95):5.1f} {max(t):5.1f}" if t else "    -"
    click = f"{statistics.median(c):6.0f} {pct(c, 0.95):6.0f}" if c else "     -"
    gone = f"{r['gone_after']:6.1f}" if r["gone_after"] is not None else "     -"
    return (f"{r['n']:>3} {r['loaded']:>3}/{r['n']:<3} {r['message']:>4} {r['loading']:>4} "
            f"{r['blank']:>5}   "
            f"{first}   {click}   {mem:6.0f} {per:5.0f} {r['server']:5.0f}   {gone} "
            f"{r['left']:>4}")


HEADER = ("  N  loaded  msg  slow blank   first board s      click ms    kernels MiB  voila"
          "   freed  left\n"
          "                              med   p95   max    med    p95    total  each   MiB"
          "       s  2min")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("n", type=int, nargs="*", default=[4, 8, 16, 30],
                    help="class sizes to try, one fresh Voilà each (default 4 8 16 30)")
    ap.add_argument("--clicks", type=int, default=5, help="clicks per page under load")
    ap.add_argument("--load-timeout", type=float, default=240,
                    help="seconds a page may take to show the board")
    ap.add_argument("--close", choices=["tab", "abrupt"], default="tab",
                    help="tab: close each page as a user does; abrupt: no unload at all")
    ap.add_argument("--warm", type=float, default=0,
                    help="seconds Voilà may take to settle before the class arrives (for "
                    "a preheated pool); 0: they arrive as soon as it listens")
    ap.add_argument("--voila-arg", action="append", default=[],
                    help="more Voilà settings, e.g. --voila-arg=--VoilaExecutor.iopub_timeout=4")
    args = ap.parse_args()
    print(f"standalone Voilà, start notebook, {psutil.cpu_count()} cores, close={args.close}, "
          f"settings {args.voila_arg or 'as packaged'}")
    print(HEADER, flush=True)
    for n in args.n:
        load = psutil.getloadavg()[0]
        r = asyncio.run(class_of(n, args))
        print(report(r) + (f"   ({r['iopub']} IOPub timeouts logged)" if r["iopub"] else "")
              + f"   load {load:.0f} -> {psutil.getloadavg()[0]:.0f}", flush=True)


if __name__ == "__main__":
    main()
