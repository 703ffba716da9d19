"""How the suite's workers spent the run, printed at its end (scripts/test.sh keeps the run
under its time budget): when each xdist worker sent its last result, and each module's
seconds (setup, call and teardown of its tests) with the worker that ran it. The run waits
for the last worker: a heavy module dealt late leaves the other idle (conftest's FIRST puts
the heaviest first)."""

from __future__ import annotations

import os
import time
from collections import defaultdict

import psutil
import pytest

SHOWN = 32  # the heaviest modules listed


class WorkerTimes:
    """On the controller: each result as it arrives from a worker."""

    def __init__(self) -> None:
        self.start = time.monotonic()
        self.cpu0 = _cpu()
        self.machine0 = psutil.cpu_times()  # every process's: those not waited for too
        self.seconds: dict[str, float] = defaultdict(float)
        self.worker: dict[str, str] = {}
        self.last: dict[str, float] = {}
        self.busy: dict[str, float] = defaultdict(float)  # each worker's seconds of tests

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        node = getattr(report, "node", None)
        worker = node.gateway.id if node is not None else "main"
        module = report.nodeid.split("::", 1)[0].rsplit("/", 1)[-1]
        self.seconds[module] += report.duration
        self.worker[module] = worker  # (the last: under ``--dist load`` a module is split)
        self.busy[worker] += report.duration
        self.last[worker] = time.monotonic() - self.start

    def pytest_terminal_summary(self, terminalreporter) -> None:
        if len(self.last) < 2:
            return
        write = terminalreporter.write_line
        ends = sorted(self.last.items(), key=lambda kv: kv[1])
        busy = {
            w: sum(s for m, s in self.seconds.items() if self.worker[m] == w) for w in self.last
        }
        write(
            "worker times: "
            + ", ".join(f"{w} ended at {t:.0f} s ({busy[w]:.0f} s of tests)" for w, t in ends)
            + f"; {ends[-1][0]} ran alone for its last {ends[-1][1] - ends[0][1]:.0f} s"
        )
        # how busy the machine's cores were: a share well under 100 % is time the workers
        # spent waiting (on a page's timers, a server, a frame), not computing
        wall, cpu, cores = time.monotonic() - self.start, _cpu() - self.cpu0, os.cpu_count() or 1
        write(
            f"CPU of the run: {cpu:.0f} s (user+sys of the workers and the processes they "
            f"started and ended), {100 * cpu / (wall * cores):.0f} % of {cores} cores "
            f"over {wall:.0f} s"
        )
        # the whole machine's cores (on CI the run is all it does): what was not idle
        now, was = psutil.cpu_times(), self.machine0
        spent = {f: getattr(now, f) - getattr(was, f) for f in now._fields}
        idle = spent["idle"] + spent.get("iowait", 0.0)
        write(
            f"the machine's cores: {100 * (1 - idle / max(sum(spent.values()), 1e-9)):.0f} % busy "
            f"over the run (every process, on a machine that runs nothing else)"
        )
        heavy = sorted(self.seconds.items(), key=lambda kv: -kv[1])[:SHOWN]
        for i in range(0, len(heavy), 4):
            write("  " + "; ".join(f"{m} {s:.0f} s {self.worker[m]}" for m, s in heavy[i : i + 4]))


def _cpu() -> float:
    """CPU seconds (user+sys) of this process and of every ended process it waited for (the
    workers, once they are gone, with theirs: browsers, servers, kernels)."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def pytest_configure(config: pytest.Config) -> None:
    if not hasattr(config, "workerinput"):  # the controller (or a run without workers)
        config.pluginmanager.register(WorkerTimes(), "worker_times_of_the_run")
