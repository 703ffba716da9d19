"""A kernel process that no kernel manager knows is killed (issue 36): the safety net under
:mod:`catan_tutor.server.kernel_restart`.

A kernel process of the voila command whose kernel id (its connection file,
``kernel-<id>.json``) the kernel manager has neither among its kernels nor among those
starting, for ``REAP_AFTER`` seconds in a row (longer than a kernel takes to start), is
killed with its process group and logged. A kernel being started is known by id before its
process is launched, and one being restarted keeps its id, so neither is reaped.

An id counts as starting for ``STARTING_FOR`` seconds at most: jupyter_client 8.10 files a
kernel whose first start failed after its process was launched nowhere but leaves its id
among those starting for good (``MultiKernelManager._pending_kernels``), so its process
would be known for ever. Past that bound the process is reaped, its time unknown counted
from when its id was first seen starting.
:func:`install` checks every ``CHECK_EVERY`` seconds (``voila_guard.main`` installs it).
"""

from __future__ import annotations

import logging
import os
import signal
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import PurePath
from typing import NamedTuple

import psutil

REAP_AFTER = 60.0  # s a kernel process may go unknown (a starting one is known before it runs)
CHECK_EVERY = 15.0  # s between looks: an orphan goes within 75 s, inside the 2-minute bound
# s an id may stay "starting": a start takes seconds, and no start time-out (nbclient's
# startup_timeout, Voila's kernel_info_timeout: 60 s) is near it; then its process is reaped
STARTING_FOR = 150.0


class Known(NamedTuple):
    """The kernel ids a kernel manager knows: its kernels, and those it is starting."""

    kernels: set[str]
    starting: set[str]


def kernel_id_of(cmdline: Sequence[str]) -> str | None:
    """The kernel id of an ``ipykernel`` command line (``-f .../kernel-<id>.json``), or None."""
    if not any("ipykernel" in part for part in cmdline):
        return None
    for i, part in enumerate(cmdline):
        path = part[len("--f=") :] if part.startswith("--f=") else None
        if part == "-f" and i + 1 < len(cmdline):
            path = cmdline[i + 1]
        name = PurePath(path).name if path else ""
        if name.startswith("kernel-") and name.endswith(".json"):
            return name[len("kernel-") : -len(".json")]
    return None


@dataclass
class Reaper:
    """Kills this process's kernel children unknown to ``known()`` for ``reap_after`` s."""

    known: Callable[[], Known | None]  # None: no kernel manager yet (nothing to judge)
    log: logging.Logger
    reap_after: float = REAP_AFTER
    starting_for: float = STARTING_FOR
    unknown_since: dict[tuple[int, float], float] = field(default_factory=dict)
    starting_since: dict[str, float] = field(default_factory=dict)  # id: first seen starting

    def check(self, now: float | None = None) -> list[str]:
        """Look once; the kernel ids reaped."""
        now = time.monotonic() if now is None else now
        ids = self.known()
        if ids is None:
            return []
        starting = ids.starting - ids.kernels
        self.starting_since = {k: self.starting_since.get(k, now) for k in starting}
        stuck = {k for k in starting if now - self.starting_since[k] >= self.starting_for}
        known = (ids.kernels | starting) - stuck
        seen, reaped = set(), []
        for child in psutil.Process().children():
            try:
                kid = kernel_id_of(child.cmdline())
                key = (child.pid, child.create_time())
            except psutil.Error:  # ended meanwhile
                continue
            if kid is None or kid in known:
                continue
            seen.add(key)
            since = self.unknown_since.setdefault(key, self.starting_since.get(kid, now))
            if now - since < self.reap_after:
                continue
            self.log.warning(
                "catan_tutor.server.kernel_reaper: kernel process %d (kernel %s) unknown to the "
                "kernel manager for %.0f s%s; killed",
                child.pid,
                kid,
                now - since,
                " (its id left among those starting: its start failed)" if kid in stuck else "",
            )
            _kill(child)
            reaped.append(kid)
        self.unknown_since = {k: t for k, t in self.unknown_since.items() if k in seen}
        return reaped


def _kill(child: psutil.Process) -> None:
    try:
        if os.getpgid(child.pid) == child.pid:  # a kernel leads its own group (its workers)
            os.killpg(child.pid, signal.SIGKILL)
        else:
            child.kill()
        child.wait(5)
    except (OSError, psutil.Error):  # ended meanwhile
        pass


def known_kernels(kernel_manager: object) -> Known:
    """The ids a multi-kernel manager knows: its kernels and those starting."""
    return Known(
        set(getattr(kernel_manager, "list_kernel_ids", list)()),
        set(getattr(kernel_manager, "_pending_kernels", {})),
    )


def install(log: logging.Logger | None = None) -> Reaper:
    """Check the voila command's kernels every ``CHECK_EVERY`` s on the current loop (the
    kernel manager is the running Voilà's, once it has one)."""
    from tornado.ioloop import PeriodicCallback
    from voila.app import Voila

    def known() -> Known | None:
        app = Voila.instance() if Voila.initialized() else None
        km = getattr(app, "kernel_manager", None)
        return None if km is None else known_kernels(km)

    reaper = Reaper(known, log or logging.getLogger("Voila"))

    def look() -> None:
        reaper.check()

    PeriodicCallback(look, CHECK_EVERY * 1000).start()
    return reaper
