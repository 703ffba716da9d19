"""Stopping a kernel client never waits on its kernel for ever (issue 36; ``hosting/README.md``
has the upstream report).

When Voilà 0.5.13 finishes rendering a page it calls ``kc.stop_channels()`` on the server's
only thread (``NotebookRenderer._cleanup_resources``). jupyter_client 8.10's
``HBChannel.stop`` then joins the heartbeat thread with no time limit, and that thread can
be waiting for good in its own asyncio loop: ``_async_run`` awaits ``socket.send(b"ping")``
and ``socket.recv()`` with no time-out, and when the kernel is gone a send or a receive can
stay pending for ever. The join never returns, and every page, the culler and SIGTERM wait
behind it. A second race: ``stop()`` called before the thread has run sets ``_running =
False`` and the thread's first line sets it back to True, so it loops without end (each
round makes a socket, until its context has none left).

``apply()`` swaps three members of ``HBChannel`` (where every kernel client finds them):

- ``_running`` reads False once ``stop()`` was called, whatever the thread sets it to
  afterwards (a property over the flag);
- ``run`` runs ``_async_run`` as a task it records, and does not start it at all once
  ``stop()`` was called;
- ``stop`` cancels that task from the caller's thread (the pending send or receive raises
  ``CancelledError``, the thread ends), joins for ``STOP_WAIT`` seconds at most, and if the
  thread is somehow still alive logs it and leaves it (a daemon thread) instead of blocking.

Kernel shutdown needs no patch: jupyter_client's is asynchronous and bounded (the kernel's
``shutdown_wait_time``, then SIGKILL), so it never holds the loop's thread.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from typing import Any

STOP_WAIT = 2.0  # s: the longest HBChannel.stop waits for its thread (it normally takes ms)
_LOCK = threading.Lock()  # orders a channel's thread recording its task and stop() reading it
_FLAG = "_catan_tutor_running"  # where the _running property keeps the flag
_TASK = "_catan_tutor_task"  # (loop, task) of a heartbeat thread, while it runs
_GUARDED = "_catan_tutor_guarded"
log = logging.getLogger("Voila")  # apply(log=...) sets the server's logger
ORIGINALS: dict[str, Any] = {}  # method name: the HBChannel method swapped out


def _get_running(self: Any) -> bool:
    stopped = self.__dict__.get("_exit")
    return bool(self.__dict__.get(_FLAG)) and not (stopped is not None and stopped.is_set())


def _set_running(self: Any, value: bool | None) -> None:
    self.__dict__[_FLAG] = value


running = property(
    _get_running,
    _set_running,
    doc="Whether the heartbeat loop goes on: never again once stop() was called.",
)


def run(self: Any) -> None:
    """The heartbeat thread: ``_async_run`` as a task that ``stop`` can cancel."""
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    try:
        with _LOCK:
            if self._exit.is_set():  # stopped before it ran
                return
            task = loop.create_task(self._async_run())
            setattr(self, _TASK, (loop, task))
        try:
            loop.run_until_complete(task)
        except asyncio.CancelledError:
            pass
    finally:
        with _LOCK:
            setattr(self, _TASK, None)
        loop.close()


def stop(self: Any) -> None:
    """Stop the heartbeat thread without waiting on the kernel: cancel its pending send or
    receive, join for ``STOP_WAIT`` s at most, close the socket once the thread is gone."""
    self._running = False
    self._exit.set()
    with _LOCK:
        running = getattr(self, _TASK, None)
        if running is not None:
            loop, task = running
            try:
                loop.call_soon_threadsafe(task.cancel)
            except RuntimeError:  # its loop is closing: the thread is ending anyway
                pass
    if self.is_alive():
        self.join(STOP_WAIT)
    if self.is_alive():
        log.warning(
            "catan_tutor.server.kernel_cleanup: heartbeat thread %s to %s did not end "
            "within %.0f s; left behind",
            self.name,
            self.address,
            STOP_WAIT,
        )
        return
    self.close()


for _f in (run, stop, _get_running):
    setattr(_f, _GUARDED, True)
PATCHES: dict[str, Any] = {"_running": running, "run": run, "stop": stop}


def _guarded(member: Any) -> bool:
    return getattr(getattr(member, "fget", member), _GUARDED, False)


def apply(logger: logging.Logger | None = None) -> None:
    """Swap in the bounded ``run`` and ``stop`` of ``HBChannel``. Safe to call again."""
    global log
    from jupyter_client.channels import HBChannel

    if logger is not None:
        log = logger
    for name, member in PATCHES.items():
        current = HBChannel.__dict__.get(name)
        if not _guarded(current):
            ORIGINALS[name] = current
            setattr(HBChannel, name, member)


def is_applied() -> bool:
    from jupyter_client.channels import HBChannel

    return all(_guarded(HBChannel.__dict__.get(name)) for name in PATCHES)
