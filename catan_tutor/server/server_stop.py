"""SIGTERM ends the voila command within seconds, however many kernels it holds (issue 36).

Voilà 0.5.13 answers SIGTERM by stopping its event loop; then ``Voila.stop()`` shuts every
kernel down at once (``shutdown_all``: each kernel gets a shutdown request, half its
``shutdown_wait_time`` (5 s) to exit, SIGTERM, the other half, then SIGKILL and up to 5 s
more) and returns, and the interpreter tears itself down. The kernels' graceful exits
compete for the CPU: with 24 small kernels at a load of 21 on 2 cores, ``stop()`` took
2.9 s and the teardown 3.8 s more (6.7 s); tutor kernels at a load of 29 took over 10 s.

``apply()`` replaces ``Voila.stop`` for the voila command (``voila_guard.main``): the same
clean-up with each kernel given ``STOP_GRACE`` seconds (half for its shutdown request, half
after SIGTERM, then SIGKILL), all of it bounded by ``STOP_BOUND`` seconds; any kernel
process still there then (one still starting, one that did not die) is killed; the log says
how many kernels and how long, is flushed, and the process ends at once with code 0
(``os._exit``: nothing is left to save, so the interpreter's teardown is skipped).
"""

from __future__ import annotations

import asyncio
import logging
import os
import shutil
import sys
import time
from typing import Any

import psutil

STOP_GRACE = 1.0  # s a kernel has to exit: half after its shutdown request, half after SIGTERM
STOP_BOUND = 4.0  # s for every kernel's shutdown together; the processes left are killed
_GUARDED = "_catan_tutor_guarded"
ORIGINALS: dict[str, Any] = {}


def kill_children() -> int:
    """SIGKILL every process this one started (kernels and their workers) and reap them; how
    many were still running (a zombie, a kernel dead but not yet reaped, is not counted)."""
    children = psutil.Process().children(recursive=True)
    running = 0
    for child in children:
        try:
            running += child.status() != psutil.STATUS_ZOMBIE
            child.kill()
        except psutil.Error:  # ended meanwhile
            pass
    psutil.wait_procs(children, timeout=1)
    return running


async def shutdown_all(kernel_manager: Any, log: logging.Logger) -> None:
    """Every kernel shut down at once with ``STOP_GRACE`` s each, ``STOP_BOUND`` s in all."""
    for kid in kernel_manager.list_kernel_ids():
        try:
            kernel_manager.get_kernel(kid).shutdown_wait_time = STOP_GRACE
        except KeyError:  # gone meanwhile
            continue
    try:
        await asyncio.wait_for(kernel_manager.shutdown_all(), STOP_BOUND)
    except TimeoutError:
        log.warning(
            "catan_tutor.server.server_stop: kernels still shutting after %.0f s", STOP_BOUND
        )
    except Exception:  # noqa: BLE001 - whatever failed, the processes are killed below
        log.exception("catan_tutor.server.server_stop: shutting the kernels down failed")


def stop(app: Any) -> None:
    """``Voila.stop``, bounded: shut the kernels, kill what is left, exit with code 0."""
    from jupyter_core.utils import run_sync

    t0 = time.monotonic()
    kernels = len(app.kernel_manager.list_kernel_ids())
    try:
        shutil.rmtree(app.connection_dir, ignore_errors=True)
        run_sync(shutdown_all)(app.kernel_manager, app.log)
    finally:
        killed = kill_children()
        app.log.info(
            "catan_tutor.server.server_stop: %d kernels shut down in %.1f s%s; exiting",
            kernels,
            time.monotonic() - t0,
            f" ({killed} processes still running, killed)" if killed else "",
        )
        logging.shutdown()
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(0)


setattr(stop, _GUARDED, True)


def apply() -> None:
    """Swap in the bounded ``Voila.stop`` (safe to call again)."""
    from voila.app import Voila

    if not getattr(Voila.stop, _GUARDED, False):
        ORIGINALS["stop"] = Voila.stop
        Voila.stop = stop


def is_applied() -> bool:
    from voila.app import Voila

    return bool(getattr(Voila.stop, _GUARDED, False))
