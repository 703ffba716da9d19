"""The server notices when its event loop stalls, and past a limit exits so that its
supervisor restarts it (issue 36).

Tornado runs every page, websocket, cull and signal of the server on one thread: anything
that blocks that thread (a join that never returns) stops them all, and the process looks
alive to its supervisor. :class:`Watchdog` has the loop run a beat every ``beat`` seconds
and a thread of its own check it:

- a beat ``LATE`` seconds or more late: the loop logs how late, how much CPU the server
  used meanwhile (near the lateness: work on the loop; far below: the process was waiting
  for a CPU, as when many kernels start at once on few cores, or for something else), and
  where the watching thread saw the loop's thread while it was late (its innermost frames:
  a ``join`` or a lock names what it waited for);
- ``stall`` seconds without a beat: it logs the stack of every thread (name and id), once
  per stall, and that the loop came back if it does;
- ``limit`` seconds without a beat: it logs that it gives up, stops the server's kernels
  (its child processes) and exits with ``EXIT_CODE``, so that a supervisor restarts it
  (systemd ``Restart=on-failure``; see ``hosting/README.md``);
- once the server is asked to stop (``stopping()``: SIGTERM), it exits the same way if the
  server is still there ``stop_within`` seconds later.

The watch starts with the first beat, so a server that takes long to start is not counted
as stalled. :func:`install` starts one on the current thread's loop (``voila_guard`` does).
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import threading
import time
import traceback
from collections.abc import Callable
from pathlib import Path

import psutil

BEAT = 1.0  # s between the loop's beats
LATE = 2.0  # s a beat may come late before the lateness is logged (with the CPU it used)
STALL = 10.0  # s without a beat: every thread's stack is logged
LIMIT = 60.0  # s without a beat: the server exits with EXIT_CODE
STOP_WITHIN = 8.0  # s after SIGTERM: the server exits with EXIT_CODE if still there
EXIT_CODE = 70  # EX_SOFTWARE: "internal software error"; any non-zero restarts it
SUPERVISED = (
    f"a server whose event loop stalls for {LIMIT:.0f} s exits with code "
    f"{EXIT_CODE}: run it under a supervisor that restarts it (systemd "
    "Restart=on-failure; see hosting/README.md)"
)


def thread_stacks() -> str:
    """The stack of every thread of this process, each headed by its name and ids."""
    frames = sys._current_frames()
    out = []
    for thread in threading.enumerate():
        frame = frames.get(thread.ident or -1)
        head = (
            f"Thread {thread.name!r} (id {thread.ident}, native {thread.native_id}"
            f"{', daemon' if thread.daemon else ''}):"
        )
        stack = "".join(traceback.format_stack(frame)) if frame else "  (no frame)\n"
        out.append(f"{head}\n{stack}")
    return "\n".join(out)


def where(ident: int | None, depth: int = 3) -> str:
    """The innermost ``depth`` frames of thread ``ident``, innermost first
    (``file:function:line < ...``), or ``"?"`` when it has none."""
    frame = sys._current_frames().get(ident or -1)
    if frame is None:
        return "?"
    inner = traceback.extract_stack(frame)[-depth:]
    return " < ".join(f"{Path(f.filename).name}:{f.name}:{f.lineno}" for f in reversed(inner))


def _cpu_seconds() -> float:
    """This process's CPU time (user and system, every thread)."""
    times = psutil.Process().cpu_times()
    return times.user + times.system


def stop_kernels_and_exit(code: int) -> None:
    """Terminate this process's children (the kernels), kill those left after 3 s, exit."""
    try:
        children = psutil.Process().children(recursive=True)
        for child in children:
            try:
                child.terminate()
            except psutil.Error:
                pass
        _, alive = psutil.wait_procs(children, timeout=3)
        for child in alive:
            try:
                child.kill()
            except psutil.Error:
                pass
    finally:
        logging.shutdown()
        os._exit(code)


class Watchdog:
    """Beats on ``loop``; a thread logs every stack after ``stall`` s without a beat and
    calls ``exit(EXIT_CODE)`` after ``limit`` s (see the module's docstring)."""

    def __init__(
        self,
        loop: asyncio.AbstractEventLoop,
        log: logging.Logger,
        *,
        beat: float = BEAT,
        stall: float = STALL,
        limit: float = LIMIT,
        stop_within: float = STOP_WITHIN,
        late: float = LATE,
        exit: Callable[[int], None] = stop_kernels_and_exit,
    ) -> None:
        if not 0 < beat < stall < limit:
            raise ValueError(
                f"watchdog: need 0 < beat < stall < limit, got {beat}, {stall}, {limit}"
            )
        self.loop, self.log, self.exit = loop, log, exit
        self.beat, self.stall, self.limit, self.stop_within = beat, stall, limit, stop_within
        self.late_after = late
        self.last: float | None = None  # monotonic time of the last beat
        self.cpu = 0.0  # the process's CPU seconds at the last beat
        self.late = 0  # late beats logged
        self.stop_by: float | None = None  # monotonic deadline once stopping
        self.stalls = 0  # stalls logged
        self.loop_thread: int | None = None  # the loop's thread (set by the first beat)
        self.seen: str | None = None  # where the loop's thread was, seen while it was late
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="catan-watchdog", daemon=True)

    def start(self) -> Watchdog:
        self.loop.call_soon_threadsafe(self._beat)
        self._thread.start()
        return self

    def close(self) -> None:
        """Stop watching (the thread ends within a beat)."""
        self._done.set()

    def stopping(self) -> None:
        """The server was asked to stop: exit if it is still there ``stop_within`` s on."""
        self.stop_by = time.monotonic() + self.stop_within

    def _beat(self) -> None:
        now, cpu = time.monotonic(), _cpu_seconds()
        last, used = self.last, cpu - self.cpu
        self.last, self.cpu = now, cpu
        seen, self.seen = self.seen, None  # after ``last`` moved on: not seen again
        if last is None:
            self.loop_thread = threading.get_ident()
            self.log.info("catan_tutor.server.watchdog: watching the event loop; %s", SUPERVISED)
        elif (late := now - last - self.beat) >= self.late_after:
            self.late += 1
            self.log.warning(
                "catan_tutor.server.watchdog: the event loop ran %.1f s late; the server "
                "used %.1f s of CPU meanwhile; its thread was seen in %s",
                late,
                used,
                seen or "(not seen)",
            )
        if not self._done.is_set():
            self.loop.call_later(self.beat, self._beat)

    def _watch(self) -> None:
        stalled_since: float | None = None
        while not self._done.wait(self.beat / 2):
            now = time.monotonic()
            if self.stop_by is not None and now > self.stop_by:
                self.log.error(
                    "catan_tutor.server.watchdog: still running %.0f s after being "
                    "asked to stop; exiting with code %d",
                    self.stop_within,
                    EXIT_CODE,
                )
                self.exit(EXIT_CODE)
                return
            if self.last is None:
                continue  # the loop has not started yet
            quiet = now - self.last
            if quiet >= self.beat + self.late_after / 2 and self.seen is None:
                self.seen = where(self.loop_thread)  # once per late beat, while it is late
            if quiet >= self.stall and stalled_since != self.last:
                stalled_since = self.last
                self.stalls += 1
                self.log.error(
                    "catan_tutor.server.watchdog: the event loop has not run for %.0f s; "
                    "every thread's stack:\n%s",
                    quiet,
                    thread_stacks(),
                )
            elif quiet < self.stall and stalled_since is not None:
                self.log.warning("catan_tutor.server.watchdog: the event loop runs again")
                stalled_since = None
            if quiet >= self.limit:
                self.log.critical(
                    "catan_tutor.server.watchdog: the event loop has not run for "
                    "%.0f s; stopping the kernels and exiting with code %d "
                    "so that the supervisor restarts the server",
                    quiet,
                    EXIT_CODE,
                )
                self.exit(EXIT_CODE)
                return


def install(
    log: logging.Logger | None = None,
    *,
    beat: float = BEAT,
    stall: float = STALL,
    limit: float = LIMIT,
    stop_within: float = STOP_WITHIN,
) -> Watchdog:
    """A started :class:`Watchdog` on the current thread's event loop (the one Tornado's
    ``IOLoop.current()`` gives the server)."""
    from tornado.ioloop import IOLoop

    loop = IOLoop.current().asyncio_loop  # type: ignore[attr-defined]
    return Watchdog(
        loop,
        log or logging.getLogger("Voila"),
        beat=beat,
        stall=stall,
        limit=limit,
        stop_within=stop_within,
    ).start()


def watch_voila() -> Watchdog:
    """:func:`install` for the voila command (before it starts), with SIGTERM arming the
    ``stop_within`` deadline (Voilà's own handler stops the loop, then its kernels)."""
    from voila.app import Voila

    dog = install()
    handle = Voila._handle_signal_stop

    def handle_signal_stop(app: Voila, sig: int, frame: object) -> None:
        dog.stopping()
        handle(app, sig, frame)

    Voila._handle_signal_stop = handle_signal_stop
    return dog
