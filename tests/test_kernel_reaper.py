"""A kernel process no kernel manager knows is killed, never one being started
(catan_tutor/server/kernel_reaper.py, issue 36).

Stand-in kernel processes (a sleeping Python whose command line is a kernel's:
``ipykernel_launcher -f .../kernel-<id>.json``) are children of the test, as kernels are of
the server; the clock is passed in.
"""

from __future__ import annotations

import logging
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator

import psutil
import pytest

from catan_tutor.server.kernel_reaper import (
    REAP_AFTER,
    STARTING_FOR,
    Known,
    Reaper,
    kernel_id_of,
    known_kernels,
)


def test_a_kernels_id_is_read_from_its_connection_file() -> None:
    kid = str(uuid.uuid4())
    launcher = [sys.executable, "-m", "ipykernel_launcher"]
    assert kernel_id_of([*launcher, "-f", f"/run/voila_x/kernel-{kid}.json"]) == kid
    assert kernel_id_of([*launcher, f"--f=/tmp/kernel-{kid}.json"]) == kid
    assert kernel_id_of([*launcher, "-f", "/tmp/other.json"]) is None
    assert kernel_id_of([sys.executable, "-f", f"/tmp/kernel-{kid}.json"]) is None  # no kernel


@pytest.fixture
def kernels(tmp_path) -> Iterator[dict[str, subprocess.Popen]]:
    procs = {}
    for _ in range(3):
        kid = str(uuid.uuid4())
        procs[kid] = subprocess.Popen(
            [
                sys.executable,
                "-c",
                "import time; time.sleep(120)",
                "ipykernel_launcher",
                "-f",
                str(tmp_path / f"kernel-{kid}.json"),
            ],
            start_new_session=True,  # as jupyter_client starts kernels
        )
    for kid, proc in procs.items():  # until each has exec'd: a child just forked shows
        for _ in range(100):  # its parent's command line, no kernel id (flaky under load)
            if kernel_id_of(psutil.Process(proc.pid).cmdline()) == kid:
                break
            time.sleep(0.05)
    yield procs
    for proc in procs.values():
        proc.kill()
        proc.wait()


def test_only_a_kernel_unknown_for_the_whole_grace_is_killed(kernels, caplog) -> None:
    known_one, orphan, starting = list(kernels)
    known = {known_one}
    reaper = Reaper(lambda: Known(set(known), set()), logging.getLogger("test_kernel_reaper"))
    with caplog.at_level(logging.WARNING):
        assert reaper.check(now=0.0) == []  # orphan and starting: unknown from now
        known.add(starting)  # its manager knows it (it was being started)
        assert reaper.check(now=REAP_AFTER / 2) == []
        known.discard(starting)  # unknown again (say, between a restart's two steps)
        assert reaper.check(now=REAP_AFTER - 1) == []
        assert reaper.check(now=REAP_AFTER + 1) == [orphan]
    kernels[orphan].wait(5)  # it has ended (TimeoutExpired if not)
    assert kernels[known_one].poll() is None and kernels[starting].poll() is None
    assert f"(kernel {orphan}) unknown to the kernel manager" in caplog.text
    assert reaper.check(now=REAP_AFTER + 2) == []  # its timer restarted when it came back


def test_nothing_is_judged_before_there_is_a_kernel_manager(kernels) -> None:
    reaper = Reaper(lambda: None, logging.getLogger("test_kernel_reaper"))
    assert reaper.check(now=0.0) == [] and reaper.check(now=10 * REAP_AFTER) == []
    assert all(p.poll() is None for p in kernels.values())


def test_a_kernel_manager_knows_its_kernels_and_those_starting() -> None:
    class Manager:
        _pending_kernels = {"b": None}

        def list_kernel_ids(self) -> list[str]:
            return ["a"]

    assert known_kernels(Manager()) == Known({"a"}, {"b"})


def test_a_kernel_left_starting_for_good_is_killed_past_the_bound(kernels, caplog) -> None:
    """jupyter_client leaves the id of a kernel whose first start failed (after its process
    was launched) among those starting for good: known only for ``STARTING_FOR`` s."""
    assert STARTING_FOR > 60  # longer than any start time-out (nbclient's, Voila's: 60 s)
    filed, stuck, starting = list(kernels)
    ids = Known({filed}, {stuck})
    reaper = Reaper(lambda: ids, logging.getLogger("test_kernel_reaper"))
    with caplog.at_level(logging.WARNING):
        assert reaper.check(now=0.0) == []
        ids.starting.add(starting)  # a start that begins later
        assert reaper.check(now=STARTING_FOR - 30) == []
        assert reaper.check(now=STARTING_FOR - 1) == []  # still starting, as far as we know
        assert reaper.check(now=STARTING_FOR + 1) == [stuck]  # no REAP_AFTER more
    kernels[stuck].wait(5)  # it has ended (TimeoutExpired if not)
    assert kernels[filed].poll() is None and kernels[starting].poll() is None
    assert f"(kernel {stuck}) unknown" in caplog.text and "its start failed" in caplog.text
    ids.starting.discard(starting)  # its start ended: filed
    ids.kernels.add(starting)
    assert reaper.check(now=10 * STARTING_FOR) == []
    assert kernels[starting].poll() is None
