"""Pages closed at every stage of their render, kernels killed mid-render: does the server
keep answering? (issue 36: one stuck kernel client froze every page.)

    python benchmarks/stress_close.py [--rounds 20] [--pages 30] [--browser 6] [--voila-arg=...]

On a fresh Voilà serving the start notebook with the packaged settings (loopback only; the
culling window shortened to ``--cull`` s so that a round's kernels go quickly), each round
opens ``--pages`` visits at once, each closing at one stage, in turn:

- ``headers``: the connection closed as soon as the response starts (the kernel is starting,
  the notebook has not run);
- ``cells``: closed once some of the page came (the notebook's cells are running);
- ``kill``: as ``cells``, and one of the round's kernels is killed (SIGKILL) at that moment;
- ``shutdown``: the whole page read, then the kernel shut down by Voilà's request at once
  (what a closed tab's page sends), while the render may still be cleaning up;
- ``full``: the whole page read, then closed without a word (curl; culled);
- with ``--browser N``, N of the visits are Chromium pages instead (at niceness 10: they
  stand for the visitors' own machines), closed (unload handlers
  run) half while the widgets' state comes (Voilà's script loaded, the board not drawn
  yet), half right after the board is first painted.

Throughout, a thread asks the server for ``/api/kernels`` every half second (5 s time-out; in
single-notebook mode Voilà answers it 403 at once: any answer shows its loop runs).
After a round it waits until every kernel is gone (at most ``--freed-within`` s, counting
those left), then the next round starts. If the server stops answering for ``--stall`` s
the script saves a py-spy dump of every thread of the server (``py-spy`` must be
installed) and stops. At the end it sends SIGTERM and times the exit. Prints the figures;
exits 1 on a stall, an unanswered ping, a kernel left, a kernel websocket that failed with a
500 (the server's log), or a slow exit.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import psutil

from catan_tutor.server.serve import (
    BOARD_PAINTED_JS,
    CHROMIUM,
    CHROMIUM_ARGS,
    kernel_processes,
    voila,
)
from catan_tutor.server.server_limits import ENV as LIMITS_ENV
from catan_tutor.study.resources import START_NOTEBOOK

HTTP_STAGES = ("headers", "cells", "kill", "shutdown", "full")
BROWSER_STAGES = ("widgets", "painted")
KERNEL_ID = re.compile(rb'"kernelId": ?"([0-9a-f-]{36})"')
# In the server's log: a kernel websocket answered 500 (its handshake failed: ws_handshake.py),
# and one that closed during its handshake (let go by the patch).
WEBSOCKET_500 = re.compile(r"\b500 GET /api/kernels/[^/ ]+/channels")
HANDSHAKE_DROPPED = "closed during its handshake"
# The watchdog's late beats: how late the loop ran, and the CPU the server used meanwhile.
LATE_BEAT = re.compile(r"event loop ran ([0-9.]+) s late; the server used ([0-9.]+) s of CPU")


@dataclass
class Figures:
    """What a stress run measured."""

    rounds: int = 0
    visits: Counter = field(default_factory=Counter)  # stage -> visits done
    errors: Counter = field(default_factory=Counter)  # stage -> visits that failed
    killed: int = 0  # kernels killed mid-render
    pings: int = 0  # answered pings
    ping_failures: int = 0  # pings without an answer within the time-out
    slowest_ping: float = 0.0  # s
    freed: list[float] = field(default_factory=list)  # s after each round's last close
    left: int = 0  # kernels still alive when a round's wait ran out (summed over rounds)
    stalled: str = ""  # the stack dump file, when the server stalled
    websocket_500s: int = 0  # kernel websockets that failed with a 500 (the server's log)
    handshakes_dropped: int = 0  # kernel websockets closed during their handshake
    late_beats: list[tuple[float, float]] = field(default_factory=list)  # (late, CPU) s
    sigterm_exit: float | None = None  # s from SIGTERM to exit (None: it did not exit)
    returncode: int | None = None

    def ok(self, freed_within: float, exit_within: float) -> bool:
        return (
            not self.stalled
            and not self.ping_failures
            and not self.left
            and not self.websocket_500s
            and all(f <= freed_within for f in self.freed)
            and self.sigterm_exit is not None
            and self.sigterm_exit <= exit_within
        )

    def late_line(self) -> str:
        """The loop's late beats (2 s or more: the watchdog's log): the worst, and whether the
        server was working then (its CPU near the lateness) or waiting for a CPU."""
        if not self.late_beats:
            return "event loop: never 2 s or more late"
        late, cpu = max(self.late_beats)
        return (
            f"event loop: {len(self.late_beats)} beats 2 s or more late; the worst "
            f"{late:.1f} s, while the server used {cpu:.1f} s of CPU "
            + ("(work on the loop)" if cpu >= late / 2 else "(waiting for a CPU)")
        )

    def lines(self) -> list[str]:
        freed = sorted(self.freed)
        return [
            f"rounds {self.rounds}; visits {sum(self.visits.values())} "
            f"({', '.join(f'{k} {v}' for k, v in sorted(self.visits.items()))}); "
            f"kernels killed mid-render {self.killed}",
            f"visits that failed: {dict(self.errors) or 0}",
            f"pings answered {self.pings}, unanswered {self.ping_failures}, "
            f"slowest {self.slowest_ping:.2f} s",
            "kernels gone after each round's last close: "
            + (f"median {freed[len(freed) // 2]:.1f} s, max {freed[-1]:.1f} s" if freed else "-")
            + f"; left {self.left}",
            f"stalled: {self.stalled or 'no'}",
            f"kernel websockets: {self.websocket_500s} failed with a 500, "
            f"{self.handshakes_dropped} closed during their handshake",
            self.late_line(),
            "SIGTERM -> exit: "
            + (
                f"{self.sigterm_exit:.1f} s (code {self.returncode})"
                if self.sigterm_exit is not None
                else "did not exit"
            ),
        ]


class Pinger(threading.Thread):
    """Asks ``url`` every half second; on ``stall`` s without an answer, dumps the stacks of
    ``pid`` with py-spy into ``dump`` and sets ``stalled``."""

    def __init__(
        self, url: str, pid: int, stall: float, dump: Path, figures: Figures, timeout: float = 5
    ):
        super().__init__(daemon=True)
        self.url, self.pid, self.stall, self.dump, self.figures = url, pid, stall, dump, figures
        self.timeout = timeout
        self.done = threading.Event()
        self.stalled = threading.Event()

    def run(self) -> None:
        last_answer = time.monotonic()
        while not self.done.wait(0.5):
            t0 = time.monotonic()
            try:
                try:
                    with urllib.request.urlopen(self.url, timeout=self.timeout) as response:
                        response.read()
                except urllib.error.HTTPError:
                    pass  # an answer all the same: the server's loop is alive
                self.figures.pings += 1
                self.figures.slowest_ping = max(self.figures.slowest_ping, time.monotonic() - t0)
                last_answer = time.monotonic()
            except OSError:
                self.figures.ping_failures += 1
                if time.monotonic() - last_answer > self.stall and not self.stalled.is_set():
                    self.figures.stalled = str(dump_stacks(self.pid, self.dump))
                    self.stalled.set()


def dump_stacks(pid: int, path: Path) -> Path:
    """py-spy's dump of every thread of ``pid`` (with locals' names) into ``path``."""
    spy = shutil.which("py-spy") or str(Path(sys.executable).parent / "py-spy")
    try:
        out = subprocess.run(
            [spy, "dump", "--pid", str(pid)], capture_output=True, text=True, timeout=60
        )
        path.write_text(out.stdout + out.stderr)
    except (OSError, subprocess.TimeoutExpired) as e:
        path.write_text(f"py-spy failed: {e}\n")
    return path


async def http_visit(
    port: int, stage: str, proc: subprocess.Popen, figures: Figures, rng: random.Random
) -> None:
    """One visit without a browser, closed at ``stage`` (see the module's docstring)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(
            f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode()
        )
        await writer.drain()
        await reader.readuntil(b"\r\n\r\n")
        if stage == "headers":
            return
        got = b""
        want = rng.randint(2_000, 40_000)  # somewhere in the head and the first cells
        while stage in ("cells", "kill") and len(got) < want:
            chunk = await asyncio.wait_for(reader.read(65536), 300)
            if not chunk:
                break
            got += chunk
        if stage == "kill":
            figures.killed += kill_a_kernel(proc, rng)
        if stage in ("cells", "kill"):
            return
        got += await asyncio.wait_for(reader.read(), 300)
        if stage == "shutdown":
            found = KERNEL_ID.search(got)
            if found:
                await asyncio.to_thread(shutdown_request, port, found.group(1).decode())
    finally:
        writer.close()


def kill_a_kernel(proc: subprocess.Popen, rng: random.Random) -> int:
    kernels = kernel_processes(proc)
    if not kernels:
        return 0
    try:
        rng.choice(kernels).kill()
        return 1
    except psutil.Error:
        return 0


def shutdown_request(port: int, kernel_id: str) -> None:
    """What a closed tab's page sends: Voilà's shutdown request (with an _xsrf pair)."""
    token = f"{random.getrandbits(128):032x}"
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/voila/api/shutdown/{kernel_id}",
        data=f"_xsrf={token}".encode(),
        method="POST",
        headers={"Cookie": f"_xsrf={token}"},
    )
    try:
        urllib.request.urlopen(request, timeout=30).close()
    except OSError:
        pass  # gone already: the visit's end is what matters


async def browser_visit(browser, url: str, stage: str) -> None:
    """One Chromium page, closed (unload handlers run) at ``stage``."""
    context = await browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = await context.new_page()
        voila_js = asyncio.Event()
        page.on("request", lambda r: voila_js.set() if "voila/static/voila.js" in r.url else None)
        await page.goto(url, wait_until="commit", timeout=300_000)
        if stage == "widgets":
            await asyncio.wait_for(voila_js.wait(), 300)
        else:
            await page.wait_for_function(BOARD_PAINTED_JS, timeout=300_000, polling=100)
        await page.close(run_before_unload=True)
    finally:
        await context.close()


async def one_round(
    port: int,
    proc: subprocess.Popen,
    pages: int,
    n_browser: int,
    browser,
    figures: Figures,
    rng: random.Random,
) -> None:
    url = f"http://127.0.0.1:{port}/"
    stages = [BROWSER_STAGES[i % 2] for i in range(n_browser)]
    stages += [HTTP_STAGES[i % len(HTTP_STAGES)] for i in range(pages - n_browser)]
    rng.shuffle(stages)

    async def visit(stage: str) -> None:
        await asyncio.sleep(rng.uniform(0, 2))  # a class arriving, not one instant
        try:
            if stage in BROWSER_STAGES:
                await browser_visit(browser, url, stage)
            else:
                await http_visit(port, stage, proc, figures, rng)
            figures.visits[stage] += 1
        except Exception as e:  # noqa: BLE001 - counted and printed, the run goes on
            figures.errors[stage] += 1
            print(f"  {stage}: {type(e).__name__}: {e}"[:300], flush=True)

    await asyncio.gather(*(visit(s) for s in stages))


def wait_freed(proc: subprocess.Popen, within: float, stalled: threading.Event) -> float | None:
    """Seconds until no kernel is left, or None after ``within`` s (or a stall)."""
    t0 = time.monotonic()
    while kernel_processes(proc):
        if time.monotonic() - t0 > within or stalled.is_set():
            return None
        time.sleep(0.5)
    return time.monotonic() - t0


def sigterm(proc: subprocess.Popen, within: float) -> float | None:
    """Seconds from SIGTERM (to the server only, as a supervisor sends it) to its exit."""
    t0 = time.monotonic()
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(within)
    except subprocess.TimeoutExpired:
        return None
    return time.monotonic() - t0


async def stress(
    rounds: int,
    pages: int,
    n_browser: int,
    cull: int,
    freed_within: float,
    stall: float,
    log: Path,
    dump: Path,
    voila_args: list[str],
    seed: int,
    exit_within: float = 10,
    ping_timeout: float = 5,
) -> Figures:
    """Run the stress; every figure in the returned :class:`Figures`."""
    figures = Figures()
    rng = random.Random(seed)
    args = [
        f"--MappingKernelManager.cull_idle_timeout={cull}",
        "--MappingKernelManager.cull_interval=1",
        *voila_args,
    ]
    # Every visit comes from 127.0.0.1, each its own visitor (a browser context, or plain
    # HTTP without cookies): the per-address kernel cap (server_limits) is off, as it must
    # be behind a proxy (the default; set here in case the environment sets it); the total
    # cap stays.
    per_client = LIMITS_ENV["per_address"]
    before = os.environ.get(per_client)
    os.environ[per_client] = "0"
    try:
        return await _stress(
            figures,
            rng,
            args,
            rounds,
            pages,
            n_browser,
            freed_within,
            stall,
            log,
            dump,
            exit_within,
            ping_timeout,
        )
    finally:
        if before is None:
            os.environ.pop(per_client, None)
        else:
            os.environ[per_client] = before


BROWSER_NICE = 10


def browsers_yield() -> None:
    """The Chromium processes this script started run at niceness ``BROWSER_NICE``: they
    stand for the visitors' own machines, so they must not take the server's CPU. Chromium
    sets its pages' niceness itself (0 in front, more behind), so this runs every half
    second."""
    for child in psutil.Process().children(recursive=True):
        try:
            if "chrom" in child.name().lower() and child.nice() < BROWSER_NICE:
                child.nice(BROWSER_NICE)
        except psutil.Error:
            pass


async def _stress(
    figures: Figures,
    rng: random.Random,
    args: list[str],
    rounds: int,
    pages: int,
    n_browser: int,
    freed_within: float,
    stall: float,
    log: Path,
    dump: Path,
    exit_within: float,
    ping_timeout: float,
) -> Figures:
    with voila(START_NOTEBOOK, log, args=args) as (url, proc):
        port = int(url.rstrip("/").rsplit(":", 1)[1])
        pinger = Pinger(f"{url}api/kernels", proc.pid, stall, dump, figures, ping_timeout)
        pinger.start()
        pw = browser = None
        try:
            if n_browser:
                from playwright.async_api import async_playwright

                pw = await async_playwright().start()
                browser = await pw.chromium.launch(
                    executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
                )
            for r in range(rounds):
                browsers_yield()
                t0 = time.monotonic()
                round_task = asyncio.ensure_future(
                    one_round(port, proc, pages, n_browser, browser, figures, rng)
                )
                while not round_task.done() and not pinger.stalled.is_set():
                    await asyncio.sleep(0.5)
                    browsers_yield()
                if pinger.stalled.is_set():
                    round_task.cancel()
                    break
                await round_task
                freed = await asyncio.to_thread(wait_freed, proc, freed_within, pinger.stalled)
                figures.rounds += 1
                if freed is None:  # counted, and the next round starts all the same
                    left = len(kernel_processes(proc))
                    figures.left += left
                    print(
                        f"round {r + 1}: {time.monotonic() - t0:.0f} s, {left} kernels "
                        f"left {freed_within:.0f} s after the last close",
                        flush=True,
                    )
                    continue
                figures.freed.append(freed)
                print(
                    f"round {r + 1}: {time.monotonic() - t0:.0f} s, kernels gone "
                    f"{freed:.1f} s after the last close, slowest ping "
                    f"{figures.slowest_ping:.2f} s",
                    flush=True,
                )
        finally:
            if browser is not None:
                await browser.close()
            if pw is not None:
                await pw.stop()
            pinger.done.set()  # and its last ping answered or timed out before SIGTERM: a
            pinger.join(ping_timeout + 1)  # ping under way as the server exited failed (s43)
            if pinger.stalled.is_set():
                figures.left = len(kernel_processes(proc))
            figures.sigterm_exit = sigterm(proc, exit_within)
            figures.returncode = proc.poll()
            text = log.read_text(errors="replace")
            figures.websocket_500s = len(WEBSOCKET_500.findall(text))
            figures.handshakes_dropped = text.count(HANDSHAKE_DROPPED)
            figures.late_beats = [(float(a), float(b)) for a, b in LATE_BEAT.findall(text)]
    return figures


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=20)
    ap.add_argument("--pages", type=int, default=30)
    ap.add_argument("--browser", type=int, default=0, help="of the pages, Chromium pages")
    ap.add_argument("--cull", type=int, default=10, help="s: the culling window")
    ap.add_argument("--freed-within", type=float, default=120)
    ap.add_argument("--stall", type=float, default=20, help="s without an answer: a stall")
    ap.add_argument("--seed", type=int, default=36)
    ap.add_argument("--out", default="stress_close", help="prefix of the log and the dump")
    ap.add_argument("--voila-arg", action="append", default=[])
    a = ap.parse_args()
    log, dump = Path(f"{a.out}.log"), Path(f"{a.out}_stacks.txt")
    load0 = os.getloadavg()[0]
    t0 = time.monotonic()
    figures = asyncio.run(
        stress(
            a.rounds,
            a.pages,
            a.browser,
            a.cull,
            a.freed_within,
            a.stall,
            log,
            dump,
            a.voila_arg,
            a.seed,
        )
    )
    print(
        f"\n{a.rounds} rounds of {a.pages} pages ({a.browser} in Chromium), "
        f"{time.monotonic() - t0:.0f} s, load {load0:.1f} -> {os.getloadavg()[0]:.1f}"
    )
    print("\n".join(figures.lines()))
    print(json.dumps({"ok": figures.ok(a.freed_within, 10)}))
    return 0 if figures.ok(a.freed_within, 10) else 1


if __name__ == "__main__":
    sys.exit(main())
