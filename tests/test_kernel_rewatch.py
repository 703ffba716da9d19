"""A kernel its restarter brought back is watched again, so the culler can take it
(catan_tutor/server/kernel_rewatch.py, issue 36).

A real jupyter_server manager with the server's patches (``voila_guard.apply()``) starts a
kernel, which is "busy" (a cell running) when it is killed (SIGKILL); the restarter starts a
new process. Without the patch the state read "busy" for good (the culler skips the kernel);
with it the new process is watched and the state leaves "busy".
"""

from __future__ import annotations

import asyncio
import os
import signal

import pytest

BOUND = 30.0  # s the restart and the new watch may take


@pytest.mark.kernel
def test_a_kernel_killed_mid_cell_and_restarted_is_watched_again(tmp_path):
    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

    from catan_tutor.server import voila_guard

    voila_guard.apply()  # as the server does: kernel_rewatch.apply() among the rest

    async def run() -> tuple[str, bool]:
        mkm = AsyncMappingKernelManager(connection_dir=str(tmp_path))
        kid = await mkm.start_kernel(kernel_name="python3")
        try:
            km = mkm.get_kernel(kid)
            await km.ready
            pid = km.provisioner.pid
            km.execution_state = "busy"  # a cell running when the kernel dies
            os.kill(pid, signal.SIGKILL)
            loop = asyncio.get_running_loop()
            deadline = loop.time() + BOUND
            while loop.time() < deadline and km.execution_state == "busy":
                await asyncio.sleep(0.2)
            return km.execution_state, km.provisioner.pid != pid
        finally:
            await mkm.shutdown_kernel(kid, now=True)

    state, restarted = asyncio.run(run())
    assert restarted  # the restarter's new process
    assert state != "busy", "the restarted kernel is still read as busy: never culled"
