"""A class opening the tutor at once: N visitors (Chromium pages) on standalone Voilà, or
each logged in to their own server on a local JupyterHub (``--hub``).

    python benchmarks/class_load.py 4 8 16 30 [--clicks 5] [--voila-arg=--X.y=z ...]
    python benchmarks/class_load.py 30 --class auto --compare --no-bare
    python benchmarks/class_load.py 4 8 --hub [--cull-timeout 120 --wait-servers 600]
    python benchmarks/class_load.py 30 --hub --prestart [--prestart-at-once 4]

For each N, on a fresh Voilà serving the start notebook with the packaged settings
(``catan_tutor/jupyter-config/voila.json``), N pages are opened at the same moment, each in its
own browser context (its own cookies, as N students), and the script prints:

- pages that loaded (board painted within ``--load-timeout`` s, counting a page whose
  "cannot start" message retried by itself and then loaded), pages that showed the message
  at least once (and the reasons the cards gave), pages still showing Voilà's progress or
  "Starting the tutor" at the time-out ("slow") and pages blank at the time-out (neither
  board, message nor progress; the "Session lost" overlay, which does not retry by
  itself, counts as blank);
- time to the first painted board (median, p95, max) from the moment all N were requested;
- click -> redraw under load: every loaded page clicks a glowing target (where the
  lesson's knight may go) at the same time, ``--clicks`` times (median and p95 over all);
- resident memory of the kernels (total and per visitor, psutil) and of the Voilà server;
- CPU seconds per visitor until every page is painted (or timed out), from the moment all N
  were requested: the server's (Voilà and its kernels; on a hub, the hub, proxy, users'
  servers and their kernels) and the browsers' (every Chromium process) apart, since the
  browsers share this machine here while a real class brings its own;
- the machine's load average (1 min) before and after, as other work skews every figure;
- seconds until the kernels are gone after every tab is closed (as a user closes a tab:
  ``beforeunload`` runs, Voilà's shutdown request goes out), and kernels left after two
  minutes. ``--close abrupt`` closes the contexts instead (no unload: a crashed browser or a
  laptop lid), so only the culling of disconnected kernels frees them.

``--class K`` (``auto``: K = N): Voilà keeps K kernels ready, as ``catan-tutor serve --class
K`` does (``serve.class_args``); the class arrives once the pool is full and the server idle
(up to ``--warm`` s, 900 if not given). Its row is marked ``class``, with the pages that got a
ready kernel and the seconds after the class came until the pool was full again (refills
wait for ``CATAN_TUTOR_POOL_QUIET`` s without a page arriving: ``server/kernel_pool.py``;
watched up to ``--refill-wait`` s, 600). The server CPU per visitor counts from the class's
arrival: the ready kernels' own start before it is not in it.
The kernels kept ready are not counted as left after the tabs close. ``--compare``: each N
without the pool first, then with it (needs ``--class``).

``--hub``: on a fresh JupyterHub (hosting/jupyterhub_config.py through hosting/local_hub.py:
127.0.0.1, the test spawner and shared password, LOCAL TESTING ONLY), N users ``student01``...
log in at the same moment and land on the same lesson; the same figures, with the memory of
the users' single-user servers, the hub and the proxy in the server column, and the users'
servers still running after the tabs closed (the hub's idle culler stops them after
``--cull-timeout`` s of inactivity, 1800 by default; ``--wait-servers`` watches that long).
``--hub --prestart``: before the class, the N students' servers are started through the hub's
REST API (``catan-tutor hub-prestart``: ``catan_tutor/server/hub_prestart.py``,
``--prestart-at-once`` at a time) and the hub left to settle; then the class logs in at once
and is measured as with ``--hub``. The row adds ``prestart s`` (the servers' start, not in the
class's wait), and the line after it the server CPU per student of that start and what the
hub and the idle servers held before the class came.

After each N, a ``bare`` row (unless ``--no-bare``): N visitors of the bare page of
``bare_page.py`` (one ipycanvas ``Canvas`` painted in ``on_client_ready``) on a fresh
standalone Voilà with the same settings, measured the same way (no clicks): what any canvas
page costs on this stack, the yardstick for the tutor's row.

Not a test: it takes minutes and needs an otherwise quiet machine to mean much. The figures in
the README's hosting section come from this script.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from urllib.parse import quote

import psutil
from bare_page import (
    ANY_CANVAS_PAINTED_JS,
    BARE_NOTEBOOK,
    CpuMeter,
    browsers,
    tree,
    write_bare_notebook,
)
from ui_latency import (  # benchmarks/ui_latency.py
    AWAIT_JS,
    DRAWN,
    LESSON_QUERY,
    PAINTED_JS,
    knight_target,
)

from catan_tutor import board
from catan_tutor.server.hub_prestart import HubAPI, prestart, summary
from catan_tutor.server.serve import (
    CHROMIUM,
    CHROMIUM_ARGS,
    class_args,
    kernel_processes,
    kernel_rss_mib,
    voila,
)
from catan_tutor.study.resources import START_NOTEBOOK
from catan_tutor.widgets import style
from catan_tutor.widgets.board_view import Viewport

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "hosting"))
from local_hub import Hub, local_hub  # noqa: E402  (hosting/local_hub.py)


# What a page shows: 'board', 'message' (the "cannot start" card of catan_kernel.js),
# 'loading' (Voilà's spinner and progress text, or catan_kernel.js's "Starting the tutor"
# line while the widgets come), 'lost' (catan_page.js's "session lost",
# which does not retry by itself) or '' (blank: none of these).
def state_js(painted_js: str) -> str:
    """What a page shows, with ``painted_js`` telling a painted board."""
    return f"""() => {{
  if (({painted_js})()) return 'board';
  if (location.pathname.includes('/hub/')) return 'loading';  // log-in, server starting
  if (document.querySelector('.catan-retry')) return 'message';
  if (document.querySelector('.catan-lost')) return 'lost';
  if (document.querySelector('.catan-starting')) return 'loading';  // "Starting the tutor"
  const spinner = document.getElementById('loading');
  return spinner && spinner.getClientRects().length ? 'loading' : '';
}}"""


STATE_JS = state_js(PAINTED_JS)
BARE_STATE_JS = state_js(ANY_CANVAS_PAINTED_JS)
REASON_JS = "() => document.querySelector('.catan-retry')?.dataset.reason || '?'"
FREED_WITHIN = 120  # s: every kernel should be gone this long after the tabs close
PRESTART_CULL_MIN = 900  # s: --prestart's servers must outlive their start and the class


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, max(0, round(q * (len(values) - 1))))]


def spot(box: dict, label: str) -> tuple[float, float]:
    vp = Viewport.fit(round(box["width"]) * 2, round(box["height"]) * 2 - style.STRIP_HEIGHT * 2)
    x, y = vp.px(board.vertex_xy(board.parse_vertex(label)))
    return box["x"] + x / 2, box["y"] + y / 2


async def drawn(page) -> int:
    return int(await page.locator(DRAWN).first.get_attribute("data-drawn"))


async def wait_drawn_after(page, n: int) -> None:
    await asyncio.wait_for(page.evaluate(AWAIT_JS, [DRAWN, n]), 120)


async def wait_state(page, selector: str) -> None:
    """Until the tutor's hidden state element matches (``[data-depth='0']``...)."""
    await asyncio.wait_for(page.evaluate(AWAIT_JS, [f".catan-state{selector}", None]), 120)


async def visit(
    browser,
    url: str,
    t0: float,
    timeout: float,
    hub: tuple[str, str] | None = None,
    bare: bool = False,
) -> dict:
    """One visitor: open the page (on a hub: log in as ``hub`` = (user, password), which
    leads to the page; ``bare``: the bare page), watch it until the board (the bare page's
    canvas) is painted or time runs out."""
    context = await browser.new_context(viewport={"width": 1280, "height": 1000})
    page = await context.new_page()
    page.set_default_timeout(120_000)
    out = {
        "context": context,
        "page": page,
        "first_board": None,
        "message": False,
        "state": "",
        "errors": [],
        "reasons": [],
    }
    page.on("console", lambda m: m.type == "error" and out["errors"].append(m.text))
    page.on("pageerror", lambda e: out["errors"].append(str(e)))
    try:
        if hub:
            after = quote(f"/hub/user-redirect/voila/render/{START_NOTEBOOK}{LESSON_QUERY}")
            await page.goto(f"{url}hub/login?next={after}", timeout=timeout * 1000)
            await page.fill("#username_input", hub[0])
            await page.fill("#password_input", hub[1])
            await page.click("#login_submit", no_wait_after=True)
        else:
            query = "" if bare else LESSON_QUERY
            await page.goto(url + query, wait_until="commit", timeout=timeout * 1000)
    except Exception as e:  # noqa: BLE001 - recorded, the page counts as not loaded
        out["error"] = str(e).splitlines()[0]
        return out
    while time.perf_counter() - t0 < timeout:
        try:
            state = await page.evaluate(BARE_STATE_JS if bare else STATE_JS)
        except Exception:  # noqa: BLE001 - navigating (the automatic retry reloads)
            state = ""
        out["state"] = state
        if state == "message" and not out.get("card_shown"):
            try:  # why this page could not start (once per card)
                out["reasons"].append(await page.evaluate(REASON_JS))
            except Exception:  # noqa: BLE001 - reloading by itself
                pass
        out["card_shown"] = state == "message"
        out["message"] |= state == "message"
        if state == "board":
            out["first_board"] = time.perf_counter() - t0
            break
        await asyncio.sleep(0.25)
    return out


async def clicks(page, n: int, target: str) -> list[float]:
    """click the glowing ``target`` -> board redrawn, ``n`` times (as
    benchmarks/ui_latency.py)."""
    out = []
    await wait_state(page, "[data-node='0']")
    for _ in range(n):
        await page.get_by_role("button", name="move knight").click()
        await page.wait_for_timeout(200)
        canvas = page.locator(".catan-board canvas").last
        # ipycanvas focuses the canvas on mouse down, which scrolls a board partly out of
        # view into it, and then reads the click where the board has moved to: in view first.
        await canvas.focus()
        box = await canvas.bounding_box()
        k = await drawn(page)
        start = time.perf_counter()
        await page.mouse.click(*spot(box, target))
        await wait_drawn_after(page, k)
        out.append((time.perf_counter() - start) * 1000)
        await wait_state(page, "[data-depth='1']")
        await page.keyboard.press("PageUp")
        await wait_state(page, "[data-depth='0']")
    return out


def spy(served, folder: Path, n: int) -> list[subprocess.Popen]:
    """py-spy recording the Voilà server and one page's kernel while the clicks run
    (``--spy``): collapsed stacks (``py-spy record --format raw``) in ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    exe = shutil.which("py-spy") or str(Path(sys.executable).parent / "py-spy")
    pids = {"server": served.proc.pid}
    kernels = kernel_processes(served.proc)
    if kernels:
        pids["kernel"] = kernels[0].pid
    return [
        subprocess.Popen(
            [
                exe,
                "record",
                "--format",
                "raw",
                "--rate",
                "50",
                "--nonblocking",
                "--pid",
                str(pid),
                "-o",
                str(folder / f"{name}_{n}.txt"),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for name, pid in pids.items()
    ]


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
            print(
                f"  warmed up in {time.perf_counter() - t0:.0f} s, "
                f"{len(kernel_processes(proc))} kernel(s) waiting"
            )
            return
    if limit > 0:
        print(f"  still busy after {limit:.0f} s of warm-up")


async def fill_pool(served: Standalone, size: int, limit: float) -> None:
    """Before the class arrives: wait (up to ``limit`` s) until the pool is full."""
    t0 = time.perf_counter()
    while not served.pool_fills() and time.perf_counter() - t0 < limit:
        await asyncio.sleep(1)
    took = time.perf_counter() - t0
    print(f"  pool of {size}: {'full' if served.pool_fills() else 'NOT full'} after {took:.0f} s")


def rss_mib(procs) -> list[float]:
    out = []
    for p in procs:
        try:
            out.append(p.memory_info().rss / 2**20)
        except psutil.Error:  # it ended meanwhile
            continue
    return out


KERNEL_FILE = re.compile(r"kernel-([0-9a-f-]{36})\.json")


class Standalone:
    """What the class measures on standalone Voilà (``log``: its log, which tells the
    kernels of its pool, ``--class``)."""

    def __init__(self, proc, log: Path | None = None):
        self.proc, self.log = proc, log

    def kernels(self) -> list[float]:
        return kernel_rss_mib(self.proc)

    def page_kernels(self) -> int:
        """Kernels but those the pool keeps ready (started for it and not taken yet)."""
        text = self.log.read_text() if self.log else ""
        waiting = set(re.findall(r"Kernel (\S+) started for the pool", text)) - set(
            re.findall(r"Using pre-heated kernel: (\S+)", text)
        )
        ids = []
        for p in kernel_processes(self.proc):
            try:
                found = KERNEL_FILE.search(" ".join(p.cmdline()))
            except psutil.Error:  # it ended meanwhile
                continue
            ids.append(found.group(1) if found else "")
        return sum(k not in waiting for k in ids)

    def pool_used(self) -> int:
        """Pages that got a kernel the pool kept ready."""
        return self.log.read_text().count("Using pre-heated kernel") if self.log else 0

    def pool_fills(self) -> int:
        """Times the pool was full (after its start, after each refill)."""
        text = self.log.read_text() if self.log else ""
        return len(re.findall(r"Kernel pool of .* is filled", text))

    def server(self) -> float:
        return psutil.Process(self.proc.pid).memory_info().rss / 2**20

    def servers_left(self) -> int:
        return 0

    def processes(self) -> list[psutil.Process]:
        """Voilà and its kernels."""
        return tree(self.proc.pid)


class OnHub:
    """What the class measures on a local JupyterHub: kernels of every user's server; the
    servers, hub and proxy as the server."""

    def __init__(self, hub: Hub):
        self.hub = hub

    def kernels(self) -> list[float]:
        return rss_mib(self.hub.kernels())

    def server(self) -> float:
        kernels = {k.pid for k in self.hub.kernels()}
        others = [p for p in self.hub.processes() if p.pid not in kernels]
        return sum(rss_mib([psutil.Process(self.hub.proc.pid), *others]))

    def servers_left(self) -> int:
        return len(self.hub.servers())

    def page_kernels(self) -> int:
        return len(self.hub.kernels())

    def pool_used(self) -> int:
        return 0

    def pool_fills(self) -> int:
        return 0

    def processes(self) -> list[psutil.Process]:
        """The hub and everything under it: proxy, users' servers, their kernels."""
        return tree(self.hub.proc.pid)


async def class_of(n: int, args: argparse.Namespace, pool: int = 0) -> dict:
    """N visitors on a fresh server (``pool`` kernels kept ready: ``--class``)."""
    folder = Path(tempfile.mkdtemp(prefix="class_load_"))
    if args.hub:
        env = {
            "CATAN_HUB_CULL_TIMEOUT": str(args.cull_timeout),
            "CATAN_HUB_CULL_EVERY": str(max(10, min(300, args.cull_timeout // 4))),
        }
        with local_hub(folder / "hub", env=env) as hub:
            users = [(f"student{i + 1:02}", hub.password) for i in range(n)]
            before = await prestart_class(hub, [u for u, _ in users], args) if args.prestart else {}
            r = await measure(n, args, hub.url + "/", OnHub(hub), users)
            r.update(before)
            r["log"] = hub.log
            r["iopub"] = hub.log.read_text().count("Timeout waiting for IOPub")
            return r
    log = folder / f"voila_{n}.log"
    # the class's N visitors all come from 127.0.0.1 here, each with its own browser context
    # (its own visitor cookie): no cap per address (server_limits' default, kept off here)
    os.environ.setdefault("CATAN_TUTOR_KERNELS_PER_CLIENT", "0")
    with voila(START_NOTEBOOK, log, args=[*args.voila_arg, *class_args(pool)]) as (url, proc):
        served = Standalone(proc, log)
        if pool:
            await fill_pool(served, pool, args.warm or 900)
        await warm_up(proc, args.warm or (30 if pool else 0))  # its last notebook settles
        r = await measure(n, args, url, served, [None] * n)
        r["log"] = log
        r["pool"] = pool
        r["iopub"] = log.read_text().count("Timeout waiting for IOPub")
        return r


async def prestart_class(hub: Hub, names: list[str], args: argparse.Namespace) -> dict:
    """Before the class: the students' servers started through the hub's REST API (timed,
    with the server CPU it took), then the hub left to settle (up to 30 s)."""
    served = OnHub(hub)
    meter = CpuMeter(served.processes)
    api = HubAPI(hub.url, hub.api_token)
    t0 = time.perf_counter()
    try:
        outcomes = await prestart(api, names, at_once=args.prestart_at_once)
    finally:
        api.close()
    took = time.perf_counter() - t0
    cpu = meter.seconds() / len(names)
    print(f"  prestart: {summary(outcomes, took)}", flush=True)
    for o in outcomes:
        if o.status == "failed":
            print(f"    {o.line()}", flush=True)
    quiet = CpuMeter(served.processes)
    for _ in range(15):  # the servers' last start-up work done before the class comes
        await asyncio.sleep(2)
        if quiet.seconds() < 0.2:
            break
        quiet = CpuMeter(served.processes)
    return {
        "prestart": took,
        "prestart_cpu": cpu,
        "prestart_ready": sum(o.status != "failed" for o in outcomes),
        "prestart_servers": len(hub.servers()),
        "prestart_mib": served.server(),
    }


async def bare_class_of(n: int, args: argparse.Namespace) -> dict:
    """N visitors of the bare page on a fresh standalone Voilà with the same settings."""
    folder = Path(tempfile.mkdtemp(prefix="class_load_bare_"))
    write_bare_notebook(folder)
    log = folder / f"voila_bare_{n}.log"
    os.environ.setdefault("CATAN_TUTOR_KERNELS_PER_CLIENT", "0")
    with voila(BARE_NOTEBOOK, log, root=folder, args=args.voila_arg) as (url, proc):
        r = await measure(n, args, url, Standalone(proc), [None] * n, bare=True)
        r["log"] = log
        r["iopub"] = log.read_text().count("Timeout waiting for IOPub")
        r["bare"] = True
        return r


async def measure(
    n: int, args: argparse.Namespace, url: str, served, users: list, bare: bool = False
) -> dict:
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        server_cpu, browser_cpu = CpuMeter(served.processes), CpuMeter(browsers)
        fills = served.pool_fills()
        refilled: list[float] = []  # s after the class came until the pool was full again

        async def watch_pool() -> None:
            while served.pool_fills() == fills:
                await asyncio.sleep(0.5)
            refilled.append(time.perf_counter() - t0)

        t0 = time.perf_counter()
        watcher = asyncio.ensure_future(watch_pool()) if fills else None
        visits = await asyncio.gather(
            *(visit(browser, url, t0, args.load_timeout, user, bare) for user in users)
        )
        cpu = {"server": server_cpu.seconds() / n, "browser": browser_cpu.seconds() / n}
        loaded = [v for v in visits if v["first_board"] is not None]
        for v in visits:
            if v["first_board"] is None:  # where it stopped, and why if the page said so
                print(
                    f"  not loaded: {v['page'].url[:100]} ({v['state'] or 'blank'}); "
                    f"last error: {(v['errors'] or ['none'])[-1][:160]}"
                )
        times = [v["first_board"] for v in loaded]
        kernels = served.kernels()
        server = served.server()
        lat: list[float] = []
        if args.clicks and loaded and not bare:
            target = knight_target()
            click_cpu = CpuMeter(served.processes), CpuMeter(browsers)
            spies = spy(served, args.spy, n) if args.spy else []
            results = await asyncio.gather(
                *(clicks(v["page"], args.clicks, target) for v in loaded), return_exceptions=True
            )
            for s in spies:  # py-spy writes its file on SIGINT
                s.send_signal(signal.SIGINT)
                s.wait(30)
            lat = [ms for r in results if isinstance(r, list) for ms in r]
            failed = [r for r in results if not isinstance(r, list)]
            if failed:
                print(f"  {len(failed)} page(s) failed the clicks: {failed[0]!r:.200}")
            loops = max(1, len(lat))
            print(
                f"  CPU per click loop (the move button, the click, PageUp: 3 round trips): "
                f"server {click_cpu[0].seconds() / loops:.3f} s, "
                f"browser {click_cpu[1].seconds() / loops:.3f} s"
            )
        kernels_busy = served.kernels()
        closed = time.perf_counter()
        for v in visits:
            if args.close == "abrupt":
                await v["context"].close()
            else:
                await v["page"].close(run_before_unload=True)
        gone_after = None
        left = served.page_kernels()
        while time.perf_counter() - closed < FREED_WITHIN:
            left = served.page_kernels()
            if left == 0:
                gone_after = time.perf_counter() - closed
                break
            await asyncio.sleep(0.5)
        await browser.close()
        if watcher is not None:  # the pool refilled after the class, waited for a while
            try:
                await asyncio.wait_for(
                    watcher, max(1.0, args.refill_wait - (time.perf_counter() - t0))
                )
            except TimeoutError:
                pass
        servers_gone = None
        servers = served.servers_left()
        while servers and time.perf_counter() - closed < args.wait_servers:
            await asyncio.sleep(2)
            servers = served.servers_left()
            if not servers:
                servers_gone = time.perf_counter() - closed
    return {
        "n": n,
        "loaded": len(loaded),
        "message": sum(v["message"] for v in visits),
        "loading": sum(v["first_board"] is None and v["state"] == "loading" for v in visits),
        "blank": sum(v["first_board"] is None and v["state"] in ("", "lost") for v in visits),
        "reasons": Counter(r for v in visits for r in v["reasons"]),
        "times": times,
        "clicks": lat,
        "kernels": kernels,
        "kernels_busy": kernels_busy,
        "server": server,
        "cpu": cpu,
        "gone_after": gone_after,
        "left": left,
        "servers": servers,
        "servers_gone": servers_gone,
        "pool_used": served.pool_used(),
        "refilled": refilled[0] if refilled else None,
    }


def report(r: dict) -> str:
    t, c = r["times"], r["clicks"]
    mem = sum(r["kernels_busy"]) or sum(r["kernels"])
    per = mem / max(1, len(r["kernels_busy"]) or len(r["kernels"]))
    first = f"{'-':>5} {'-':>5} {'-':>5}"
    if t:
        first = f"{statistics.median(t):5.1f} {pct(t, 0.95):5.1f} {max(t):5.1f}"
    click = f"{statistics.median(c):6.0f} {pct(c, 0.95):6.0f}" if c else f"{'-':>6} {'-':>6}"
    gone = f"{r['gone_after']:6.1f}" if r["gone_after"] is not None else "     -"
    return (
        f"{'bare ' if r.get('bare') else 'class' if r.get('pool') else 'tutor'} "
        f"{r['n']:>3} {r['loaded']:>3}/{r['n']:<3} {r['message']:>4} {r['loading']:>4} "
        f"{r['blank']:>5}   "
        f"{first}   {click}   {r['cpu']['server']:6.2f} {r['cpu']['browser']:7.2f}   "
        f"{mem:6.0f} {per:5.0f} {r['server']:5.0f}   {gone} "
        f"{r['left']:>4}"
        + (f" {r['servers']:>7}" if "hub" in r else "")
        + (f" {r['prestart']:>8.0f}" if "prestart" in r else "")
    )


HEADER = (
    "page    N  loaded  msg  slow blank   first board s      click ms   CPU s/visitor"
    "    kernels MiB  voila   freed  left\n"
    "                                    med   p95   max    med    p95   server browser"
    "    total  each   MiB       s  2min"
)
HEADER_HUB = (
    HEADER.replace("voila", "hub+ ")
    .replace("  left\n", "  left servers\n")
    .replace("   MiB       s  2min", "   MiB       s  2min    left")
)
HEADER_PRESTART = HEADER_HUB.replace(" servers\n", " servers prestart\n", 1) + "        s"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument(
        "n",
        type=int,
        nargs="*",
        default=[4, 8, 16, 30],
        help="class sizes to try, one fresh Voilà each (default 4 8 16 30)",
    )
    ap.add_argument("--clicks", type=int, default=5, help="clicks per page under load")
    ap.add_argument(
        "--spy",
        type=Path,
        help="standalone: record the server and a kernel with py-spy while the clicks run",
    )
    ap.add_argument(
        "--load-timeout", type=float, default=240, help="seconds a page may take to show the board"
    )
    ap.add_argument(
        "--close",
        choices=["tab", "abrupt"],
        default="tab",
        help="tab: close each page as a user does; abrupt: no unload at all",
    )
    ap.add_argument(
        "--warm",
        type=float,
        default=0,
        help="seconds Voilà may take to settle before the class arrives (for "
        "a preheated pool); 0: they arrive as soon as it listens",
    )
    ap.add_argument(
        "--bare",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="after each N, N visitors of the bare canvas page (standalone Voilà)",
    )
    ap.add_argument(
        "--class",
        dest="pool",
        metavar="K",
        help="keep K kernels ready (catan-tutor serve --class K); 'auto': as many as pages",
    )
    ap.add_argument(
        "--refill-wait",
        type=float,
        default=600,
        help="with --class: seconds after the class came to wait for the pool to be full again",
    )
    ap.add_argument(
        "--compare",
        action="store_true",
        help="with --class: each N without the pool first, then with it",
    )
    ap.add_argument(
        "--hub",
        action="store_true",
        help="each visitor logs in to a local JupyterHub (hosting/) instead",
    )
    ap.add_argument(
        "--cull-timeout",
        type=int,
        default=1800,
        help="--hub: seconds of inactivity before the culler stops a server",
    )
    ap.add_argument(
        "--wait-servers",
        type=float,
        default=0,
        help="--hub: seconds after closing to watch the users' servers go",
    )
    ap.add_argument(
        "--prestart",
        action="store_true",
        help="--hub: start the students' servers through the hub's REST API before the "
        "class comes (timed apart: prestart s)",
    )
    ap.add_argument(
        "--prestart-at-once",
        type=int,
        default=4,
        metavar="K",
        help="--prestart: servers starting at the same time (default 4)",
    )
    ap.add_argument(
        "--voila-arg",
        action="append",
        default=[],
        help="more Voilà settings, e.g. --voila-arg=--VoilaExecutor.iopub_timeout=4",
    )
    args = ap.parse_args()
    if args.pool is not None and args.pool != "auto" and not args.pool.isdigit():
        ap.error(f"--class {args.pool}: a number of kernels, or auto")
    if args.compare and args.pool is None:
        ap.error("--compare needs --class")
    if args.hub and args.pool is not None:
        ap.error("--class is for standalone Voilà, not --hub")
    if args.hub and args.spy:
        ap.error("--spy is for standalone Voilà, not --hub")
    if args.prestart and not args.hub:
        ap.error("--prestart needs --hub")
    if args.prestart and args.cull_timeout < PRESTART_CULL_MIN:
        ap.error(
            f"--prestart with --cull-timeout {args.cull_timeout}: the culler counts a server "
            f"nobody opened as idle from its start and could stop it before the class comes "
            f"(at least {PRESTART_CULL_MIN} s)"
        )
    where = (
        f"local JupyterHub (culler after {args.cull_timeout} s idle)"
        if args.hub
        else f"standalone Voilà, settings {args.voila_arg or 'as packaged'}"
    )
    print(f"{where}, start notebook, {psutil.cpu_count()} cores, close={args.close}")
    print(HEADER_PRESTART if args.prestart else HEADER_HUB if args.hub else HEADER, flush=True)
    for n in args.n:
        pool = 0 if args.pool is None else n if args.pool == "auto" else int(args.pool)
        for ready in (0, pool) if args.compare else (pool,):
            r = run_class(n, args, ready)
        if args.bare:
            load = psutil.getloadavg()[0]
            b = asyncio.run(bare_class_of(n, args))
            print(
                report(b)
                + (f"   ({b['iopub']} IOPub timeouts logged)" if b["iopub"] else "")
                + f"   load {load:.0f} -> {psutil.getloadavg()[0]:.0f}"
                + f"   tutor/bare server CPU {r['cpu']['server'] / b['cpu']['server']:.2f}x",
                flush=True,
            )


def run_class(n: int, args: argparse.Namespace, pool: int) -> dict:
    """One row: N visitors (``pool`` kernels kept ready), printed; returns its figures."""
    load = psutil.getloadavg()[0]
    r = asyncio.run(class_of(n, args, pool))
    if args.hub:
        r["hub"] = True
    gone = r.get("servers_gone")
    print(
        report(r)
        + (f"   ({r['iopub']} IOPub timeouts logged)" if r["iopub"] else "")
        + (f"   servers culled {gone:.0f} s after closing" if gone else "")
        + (
            f"   {(sum(r['kernels_busy'] or r['kernels']) + r['server']) / n:.0f} MiB a "
            "visitor in all"
            if args.hub
            else ""
        )
        + f"   load {load:.0f} -> {psutil.getloadavg()[0]:.0f}",
        flush=True,
    )
    if "prestart" in r:
        print(
            f"      prestart: {r['prestart_ready']} of {n} servers ready in "
            f"{r['prestart']:.0f} s, {r['prestart_cpu']:.2f} s of server CPU a student; "
            f"{r['prestart_servers']} running when the class came, the hub and its servers "
            f"holding {r['prestart_mib']:.0f} MiB ({r['prestart_mib'] / n:.0f} a student)",
            flush=True,
        )
    if r["reasons"]:
        print(
            "      cards shown: "
            + ", ".join(f"{why} x{k}" for why, k in r["reasons"].most_common()),
            flush=True,
        )
    if pool:
        again = r["refilled"]
        print(
            f"      pool of {pool}: {r['pool_used']} of {n} pages got a ready kernel; the pool "
            + (
                f"was full again {again:.0f} s after the class came"
                if again
                else f"was not full again within {args.refill_wait:.0f} s"
            ),
            flush=True,
        )
    return r


if __name__ == "__main__":
    main()
