"""What one Run of the tutor's Odds or Hint may ask, checked in the kernel, and the one worker
pool that runs them.

The page's number boxes have bounds, but their bounds are widget state a visitor's page can
change: one widget message raised a box's ``max`` and then its value (one Run of 10**8
playouts took 860 MiB at once and queued weeks of work). So each Run is checked here against
these constants before anything starts, and refused with a note saying which value and why.

Every Run of a process goes to one shared ``ProcessPoolExecutor`` (``shared_pool()``), not a
pool per Run: a kernel never holds more than ``pool_workers()`` worker processes, however many
Runs its visitor starts (``CATAN_TUTOR_WORKERS``, default 1: a class of 30 shares 2 cores).
"""

from __future__ import annotations

import atexit
import os
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from ..sampler import POLICIES

MAX_SEED = 2**32 - 1
WORKERS_ENV = "CATAN_TUTOR_WORKERS"


@dataclass(frozen=True)
class RunLimits:
    """The bounds of one kind of Run (playouts and turns; seeds 0..MAX_SEED)."""

    what: str
    max_playouts: int
    max_turns: int
    n_name: str = "games"  # what the page calls the number of games (its field's label)

    def problem(
        self, n: object, turns: object, policy: object = "greedy", seed: object = 0
    ) -> str | None:
        """Why a Run of ``n`` playouts of ``turns`` turns (``policy``, ``seed``) is refused,
        or None when it may start."""
        for name, value, hi in (
            (self.n_name, n, self.max_playouts),
            ("turns ahead", turns, self.max_turns),
            ("seed", seed, MAX_SEED),
        ):
            lo = 0 if name == "seed" else 1
            if type(value) is not int or not lo <= value <= hi:
                return (
                    f"{self.what} not run: {name} must be a whole number from {lo} to "
                    f"{hi:,}, not {str(value)[:40]}."
                )
        if policy not in POLICIES:
            return (
                f"{self.what} not run: the policy must be one of {', '.join(POLICIES)}, "
                f"not {str(policy)[:40]}."
            )
        return None


ODDS = RunLimits("The games were", max_playouts=20_000, max_turns=200)
HINT = RunLimits("The hint was", max_playouts=5_000, max_turns=100, n_name="games after each move")

_lock = threading.Lock()
_pool: ProcessPoolExecutor | None = None


def pool_workers() -> int:
    """Worker processes of the shared pool: ``CATAN_TUTOR_WORKERS`` (1 to the cores this
    process may use), default 1."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    try:
        wanted = int(os.environ.get(WORKERS_ENV, "1"))
    except ValueError:
        wanted = 1
    return max(1, min(wanted, cores))


def shared_pool() -> ProcessPoolExecutor:
    """This process's one pool for Odds and Hint runs (made on first use, shut at exit)."""
    global _pool
    with _lock:
        if _pool is None:
            _pool = ProcessPoolExecutor(
                pool_workers(), initializer=follow_parent, initargs=(os.getpid(),)
            )
            atexit.register(_pool.shutdown, wait=False, cancel_futures=True)
        return _pool


def follow_parent(parent: int) -> None:
    """In a pool worker: end when ``parent`` (the kernel that made the pool) is gone. A kernel
    killed outright (SIGKILL, out of memory) runs no exit handler, and its workers, waiting on
    a queue nobody writes to, were left running for ever, one per killed kernel."""

    if os.getpid() == parent:  # not a child (a pool of threads): nothing to follow
        return

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os.kill(os.getpid(), signal.SIGTERM)  # (a thread's exit would end only itself)

    threading.Thread(target=watch, name="follow-parent", daemon=True).start()
