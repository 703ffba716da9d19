"""The server notices a stalled event loop (catan_tutor/server/watchdog.py, issue 36).

The loop is stalled on purpose (a callback that blocks it): the watchdog's thread logs every
thread's stack, names the blocking call, says when the loop runs again, and past its limit
exits with ``EXIT_CODE`` after stopping the server's child processes. In-process with a
recorded exit, and in a subprocess with the real exit.
"""

from __future__ import annotations

import asyncio
import logging
import subprocess
import sys
import threading
import time
from collections.abc import Iterator

import psutil
import pytest

from catan_tutor.server import watchdog
from catan_tutor.server.watchdog import EXIT_CODE, Watchdog

BOUND = 60  # s: the longest any step here may take before the test fails


class Records(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def text(self, level: int) -> str:
        return "\n".join(r.getMessage() for r in self.records if r.levelno == level)


@pytest.fixture
def log() -> Iterator[tuple[logging.Logger, Records]]:
    logger = logging.getLogger(f"test_watchdog.{time.monotonic_ns()}")
    logger.propagate = False
    records = Records()
    logger.addHandler(records)
    yield logger, records
    logger.removeHandler(records)


@pytest.fixture
def loop() -> Iterator[asyncio.AbstractEventLoop]:
    """An event loop running in a thread of its own (the server's loop, here)."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, name="server-loop", daemon=True)
    thread.start()
    yield loop
    loop.call_soon_threadsafe(loop.stop)
    thread.join(BOUND)
    loop.close()


def wait_until(condition, what: str) -> None:
    t0 = time.monotonic()
    while not condition():
        assert time.monotonic() - t0 < BOUND, f"not within {BOUND} s: {what}"
        time.sleep(0.05)


def render_page_forever(seconds: float) -> None:
    """Blocks the loop it runs on, as the heartbeat join did."""
    time.sleep(seconds)


def test_a_stall_is_logged_with_every_stack_then_the_loop_runs_again(loop, log) -> None:
    logger, records = log
    exits: list[int] = []
    dog = Watchdog(loop, logger, beat=0.1, stall=0.5, limit=30, exit=exits.append).start()
    try:
        wait_until(lambda: dog.last is not None, "the first beat")
        loop.call_soon_threadsafe(render_page_forever, 1.5)
        wait_until(lambda: "runs again" in records.text(logging.WARNING), "the loop back")
    finally:
        dog.close()
    dump = records.text(logging.ERROR)
    assert dog.stalls == 1 and not exits
    assert "has not run for" in dump
    assert "Thread 'server-loop' (id " in dump and "render_page_forever" in dump
    assert "Thread 'catan-watchdog'" in dump and "MainThread" in dump


def spin(seconds: float) -> None:
    """Blocks the loop it runs on with work (CPU), as a slow render would."""
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass


def test_a_late_beat_is_logged_with_the_cpu_used_and_where_the_loop_was(loop, log) -> None:
    """Each late beat: how late, the CPU used meanwhile (work: near the lateness; a wait:
    near nothing) and the innermost frame the watching thread saw the loop's thread in."""
    logger, records = log
    dog = Watchdog(loop, logger, beat=0.1, stall=5, limit=30, late=0.4, exit=print).start()

    def logged(where: str) -> list[str]:  # the late beats seen in ``where`` (a busy machine
        # may make the loop late elsewhere too: those are the machine's, not this test's)
        lines = records.text(logging.WARNING).splitlines()
        return [
            x for x in lines if x.split("seen in ")[-1].startswith(f"test_watchdog.py:{where}:")
        ]

    try:
        wait_until(lambda: dog.last is not None, "the first beat")
        loop.call_soon_threadsafe(spin, 0.8)  # work on the loop: CPU near the lateness
        wait_until(lambda: logged("spin"), "the late beat of work")
        loop.call_soon_threadsafe(render_page_forever, 0.8)  # waiting: almost no CPU
        wait_until(lambda: logged("render_page_forever"), "the late beat of a wait")
        time.sleep(0.5)  # on time again: each lateness logged once
    finally:
        dog.close()
    lines = logged("spin") + logged("render_page_forever")
    assert len(lines) == 2 and dog.stalls == 0, records.text(logging.WARNING)
    used = [float(line.split("used ")[1].split(" s")[0]) for line in lines]
    assert all("event loop ran" in line and "s late" in line for line in lines)
    assert used[0] >= 0.6 and used[1] <= 0.3, lines


def test_a_loop_stalled_past_the_limit_exits_non_zero(loop, log) -> None:
    logger, records = log
    exits: list[int] = []
    dog = Watchdog(loop, logger, beat=0.1, stall=0.3, limit=1.0, exit=exits.append).start()
    try:
        wait_until(lambda: dog.last is not None, "the first beat")
        loop.call_soon_threadsafe(render_page_forever, 3)
        wait_until(lambda: exits, "the exit")
    finally:
        dog.close()
    assert exits == [EXIT_CODE] and EXIT_CODE != 0
    assert "render_page_forever" in records.text(logging.ERROR)
    assert "exiting with code 70" in records.text(logging.CRITICAL)


def test_a_healthy_loop_is_left_alone_and_a_slow_start_is_not_a_stall(log) -> None:
    logger, records = log
    exits: list[int] = []
    loop = asyncio.new_event_loop()
    # stall 3 s: far beyond a beat's lateness on a loaded machine (0.3 s was not: flaky)
    dog = Watchdog(loop, logger, beat=0.1, stall=3, limit=6, exit=exits.append).start()
    try:
        time.sleep(3.5)  # the loop has not started, longer than a stall: nothing counted yet
        assert dog.last is None and not exits
        loop.run_until_complete(asyncio.sleep(1.0))  # the server runs, beating
        assert dog.last is not None and not exits and dog.stalls == 0
    finally:
        dog.close()
        loop.close()
    assert not records.text(logging.ERROR)


def test_stopping_exits_if_the_server_is_still_there_after_the_deadline(loop, log) -> None:
    logger, records = log
    exits: list[int] = []
    dog = Watchdog(
        loop, logger, beat=0.1, stall=5, limit=10, stop_within=0.5, exit=exits.append
    ).start()
    try:
        dog.stopping()
        wait_until(lambda: exits, "the exit after stopping")
    finally:
        dog.close()
    assert exits == [EXIT_CODE] and "asked to stop" in records.text(logging.ERROR)


def test_bad_settings_say_what() -> None:
    with pytest.raises(ValueError, match="beat < stall < limit, got 1, 1, 5"):
        Watchdog(asyncio.new_event_loop(), logging.getLogger("x"), beat=1, stall=1, limit=5)


STALLED_SERVER = """
import asyncio, logging, subprocess, sys, time
from catan_tutor.server import watchdog
logging.basicConfig(level=logging.INFO, stream=sys.stderr)
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
print(child.pid, flush=True)
loop = asyncio.new_event_loop()
asyncio.set_event_loop(loop)
watchdog.install(logging.getLogger("server"), beat=0.1, stall=0.5, limit=2)

def render_page_forever():
    time.sleep(600)

loop.call_later(0.5, render_page_forever)
loop.run_forever()
"""


def test_a_stalled_server_process_exits_non_zero_and_stops_its_kernels() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-c", STALLED_SERVER],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        out, err = proc.communicate(timeout=BOUND)
    finally:
        if proc.poll() is None:
            proc.kill()
    child = int(out.split()[0])
    assert proc.returncode == EXIT_CODE, err[-2000:]
    assert "watching the event loop" in err and watchdog.SUPERVISED in err
    assert "render_page_forever" in err and "exiting with code 70" in err
    assert not psutil.pid_exists(child) or psutil.Process(child).status() == "zombie"


def test_serve_says_how_to_run_it_supervised(monkeypatch, capsys) -> None:
    from catan_tutor import cli

    runs: list[list[str]] = []
    monkeypatch.setattr(cli.os, "chdir", lambda _: None)
    monkeypatch.setattr(cli.os, "execve", lambda _exe, argv, _env: runs.append(argv))
    cli.main(["serve", "--no-browser"])
    out = capsys.readouterr().out
    assert runs and "catan_tutor.server.voila_guard" in runs[-1]  # the command that installs it
    assert "exits with code 70" in out and "Restart=on-failure" in out


def test_the_server_extension_watches_only_a_hub_users_server(monkeypatch) -> None:
    """A JupyterHub user's server gets the watchdog (the hub sees it stop); a learner's own
    JupyterLab, with no supervisor, does not."""
    from catan_tutor.server import voila_guard

    installed: list[object] = []
    monkeypatch.setattr(voila_guard.watchdog, "install", installed.append)

    class ServerApp:
        log = logging.getLogger("test_watchdog.server")

    monkeypatch.delenv("JUPYTERHUB_SERVICE_PREFIX", raising=False)
    voila_guard._load_jupyter_server_extension(ServerApp())
    assert installed == []
    monkeypatch.setenv("JUPYTERHUB_SERVICE_PREFIX", "/user/student01/")
    voila_guard._load_jupyter_server_extension(ServerApp())
    assert installed == [ServerApp.log]
