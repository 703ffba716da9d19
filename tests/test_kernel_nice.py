"""Kernels yield the processor to the server (issue 36): each kernel process the local
provisioner starts runs at the niceness asked for."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import time

import psutil
import pytest

from catan_tutor.server import kernel_nice


def test_the_niceness_is_read_from_the_environment_with_bounds():
    assert kernel_nice.niceness({}) == kernel_nice.DEFAULT == 10
    assert kernel_nice.niceness({kernel_nice.ENV: "0"}) == 0
    assert kernel_nice.niceness({kernel_nice.ENV: " 12 "}) == 12
    for bad in ("-1", "20", "five", "1e2", "٣"):
        with pytest.raises(ValueError, match="CATAN_TUTOR_KERNEL_NICE"):
            kernel_nice.niceness({kernel_nice.ENV: bad})


def test_a_launched_kernel_runs_at_the_lower_priority(monkeypatch):
    """The provisioner's launch, wrapped: the process it starts (a stand-in kernel) is at
    niceness 10 afterwards; the server's own niceness is unchanged."""
    from jupyter_client.provisioning.local_provisioner import LocalProvisioner

    started: list[subprocess.Popen] = []

    async def launch(self, cmd, **kwargs):
        self.process = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
        started.append(self.process)
        return {}

    monkeypatch.setattr(LocalProvisioner, "launch_kernel", launch)
    monkeypatch.delenv(kernel_nice.ENV, raising=False)
    kernel_nice.apply()
    assert LocalProvisioner.launch_kernel is not launch
    provisioner = object.__new__(LocalProvisioner)
    mine = psutil.Process().nice()
    try:
        asyncio.run(LocalProvisioner.launch_kernel(provisioner, ["kernel"]))
        assert psutil.Process(started[0].pid).nice() == max(mine, 10)
        assert psutil.Process().nice() == mine
    finally:
        for p in started:
            p.kill()
            p.wait()


def test_lower_never_raises_a_priority_and_ignores_a_process_gone():
    want = min(psutil.Process().nice() + 8, 19)  # os.nice adds to the runner's own niceness
    p = subprocess.Popen([sys.executable, "-c", "import os, time; os.nice(8); time.sleep(30)"])
    try:
        for _ in range(100):  # until the child has set its own niceness
            if psutil.Process(p.pid).nice() == want:
                break
            time.sleep(0.1)
        assert psutil.Process(p.pid).nice() == want
        kernel_nice.lower(p.pid, 5)
        assert psutil.Process(p.pid).nice() == want
    finally:
        p.kill()
        p.wait()
    kernel_nice.lower(p.pid, 5)  # gone: nothing raised
