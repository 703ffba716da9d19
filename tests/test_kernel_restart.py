"""A kernel restarted while it is shut down leaves no process behind
(catan_tutor/server/kernel_restart.py, issue 36).

In a stress run a kernel killed mid-render was restarted by jupyter_client's restarter while
the culler shut it down: the shutdown ended between the restart's own shutdown and its
start, the server forgot the kernel, and the restart launched a new kernel process, failed
with ``InvalidStateError`` and left that process running, known to no manager. Here the same
race runs on real kernels, in the order the asyncio loop gives it (no sleeps): a kernel is
killed (SIGKILL), then the restarter's call (``km.restart_kernel(now=True)``) and the
culler's (``shutdown_kernel``) are made together. Without ``kernel_restart.apply()`` each
race leaves a live kernel process (and a call raises ``InvalidStateError``), and a kernel
shut down is restarted; with it both calls return and no process of that kernel is left.
"""

from __future__ import annotations

import asyncio
import os
import signal
import time
from pathlib import Path
from typing import Any

import psutil
import pytest
import zmq.asyncio
from jupyter_client.manager import AsyncKernelManager
from jupyter_server.services.kernels.kernelmanager import (
    AsyncMappingKernelManager,
    ServerKernelManager,
)

from catan_tutor.server import kernel_restart, voila_guard

pytestmark = pytest.mark.kernel


@pytest.fixture(autouse=True)
def patched() -> None:
    voila_guard.apply()  # as the server does: kernel_restart.apply() among the rest
    assert kernel_restart.is_applied()


def processes_of(km: Any) -> list[psutil.Process]:
    """The live kernel processes this test process started with ``km``'s connection file."""
    out = []
    for child in psutil.Process().children(recursive=True):
        try:
            alive = child.status() != psutil.STATUS_ZOMBIE
            if alive and os.path.realpath(km.connection_file) in child.cmdline():
                out.append(child)
        except psutil.Error:  # ended meanwhile
            continue
    return out


async def kill_kernel(km: Any) -> None:
    """SIGKILL the kernel and wait until it is dead (the manager still holds its process)."""
    os.kill(km.provisioner.pid, signal.SIGKILL)
    deadline = time.monotonic() + 10
    while km.provisioner.process.poll() is None and time.monotonic() < deadline:
        await asyncio.sleep(0.02)


async def left_behind(km: Any) -> list[psutil.Process]:
    await asyncio.sleep(0.5)  # a process the restart launched would be running by now
    left = processes_of(km)
    for proc in left:  # never leave one to the rest of the run
        proc.kill()
    return left


@pytest.mark.parametrize("first", ["restart", "shutdown"])
def test_a_restart_racing_a_shutdown_leaves_no_kernel_process(first: str) -> None:
    async def race() -> tuple[list[Any], list[psutil.Process], bool]:
        km = AsyncKernelManager(kernel_name="python3", context=zmq.asyncio.Context())
        km.shutdown_wait_time = 1.0
        await km.start_kernel()
        await kill_kernel(km)
        calls = {"restart": lambda: km.restart_kernel(now=True), "shutdown": km.shutdown_kernel}
        order = [first, *(c for c in calls if c != first)]
        tasks = {c: asyncio.create_task(calls[c]()) for c in order}
        results = await asyncio.wait_for(
            asyncio.gather(*tasks.values(), return_exceptions=True), 30
        )
        return results, await left_behind(km), km.has_kernel

    results, left, has_kernel = asyncio.run(race())
    assert not left, f"kernel processes left after the shutdown: {left}"
    assert not [r for r in results if isinstance(r, BaseException)], results
    assert not has_kernel


@pytest.mark.parametrize("first", ["culler", "restarter"])
def test_the_culler_shutting_a_kernel_being_restarted_leaves_no_orphan(
    first: str, tmp_path: Path
) -> None:
    """jupyter_server's kernel manager, as in the server. The culler first is the stress
    run's case: the server forgets the kernel and the restart's process stays. The
    restarter first: the culler's shutdown fails on the restart's unsettled ``ready``
    (``InvalidStateError: Exception is not set.``) and the kernel stays till the next cull."""

    async def race() -> tuple[list[Any], list[str], list[psutil.Process]]:
        mkm = AsyncMappingKernelManager(connection_dir=str(tmp_path))
        kid = await mkm.start_kernel(kernel_name="python3")
        km = mkm.get_kernel(kid)
        assert isinstance(km, ServerKernelManager)
        km.shutdown_wait_time = 1.0
        await kill_kernel(km)
        calls = {
            "culler": lambda: mkm.shutdown_kernel(kid),
            "restarter": lambda: km.restart_kernel(now=True),
        }
        order = [first, *(c for c in calls if c != first)]
        tasks = [asyncio.create_task(calls[c]()) for c in order]
        results = await asyncio.wait_for(asyncio.gather(*tasks, return_exceptions=True), 30)
        return results, mkm.list_kernel_ids(), await left_behind(km)

    results, known, left = asyncio.run(race())
    assert not left, f"a kernel process left behind: {left} (known: {known})"
    assert not [r for r in results if isinstance(r, BaseException)], results
    assert known == []


def test_a_kernel_shut_down_once_is_not_shut_again_and_may_start_again() -> None:
    async def twice() -> tuple[bool, bool, list[psutil.Process]]:
        km = AsyncKernelManager(kernel_name="python3", context=zmq.asyncio.Context())
        km.shutdown_wait_time = 1.0
        await km.start_kernel()
        await km.shutdown_kernel(now=True)
        await asyncio.wait_for(km.shutdown_kernel(), 10)  # nothing left to shut
        await km.restart_kernel(now=True)  # a closed kernel is not restarted
        restarted = km.has_kernel
        await km.start_kernel()  # an explicit start opens it again
        started = km.has_kernel and await km.is_alive()
        await km.shutdown_kernel(now=True)
        return restarted, started, await left_behind(km)

    restarted, started, left = asyncio.run(twice())
    assert not restarted and started and not left


def test_nbclients_cleanup_during_a_restart_keeps_the_restarted_kernels_ports_and_file() -> None:
    """nbclient, when a page's kernel died before answering ``kernel_info``, calls
    ``km.cleanup_resources()`` while the restarter may be restarting that kernel on the same
    ports. Here the restart is held once its new process is launched (events, no sleeps
    deciding the order) and the cleanup is called then: unguarded, it handed the ports back
    to the port cache (another kernel took them: "Address already in use") and deleted the
    restarted kernel's connection file."""
    from jupyter_client.provisioning.local_provisioner import LocalPortCache

    async def race() -> tuple[bool, set[int], bool, bool]:
        km = AsyncKernelManager(kernel_name="python3", context=zmq.asyncio.Context())
        km.shutdown_wait_time = 1.0
        await km.start_kernel()
        await kill_kernel(km)
        launched, go = asyncio.Event(), asyncio.Event()
        post_start = km._async_post_start_kernel

        async def held_post_start(**kw: Any) -> None:  # the restart's start, process launched
            launched.set()
            await go.wait()
            await post_start(**kw)

        km._async_post_start_kernel = held_post_start  # type: ignore[method-assign]
        restart = asyncio.create_task(km.restart_kernel(now=True))
        await asyncio.wait_for(launched.wait(), 30)
        cleanup = asyncio.create_task(km.cleanup_resources())
        for _ in range(20):  # the cleanup runs as far as it can (to its end, unguarded)
            await asyncio.sleep(0)
        cleaned_early = cleanup.done()
        go.set()
        await asyncio.wait_for(asyncio.gather(restart, cleanup), 30)
        ports = {km.shell_port, km.iopub_port, km.stdin_port, km.hb_port, km.control_port}
        returned = ports - LocalPortCache.instance().currently_used_ports
        has_file = Path(km.connection_file).exists()
        alive = await km.is_alive()
        await km.shutdown_kernel(now=True)
        await left_behind(km)
        return cleaned_early, returned, has_file, alive

    cleaned_early, returned, has_file, alive = asyncio.run(race())
    assert alive and not returned and has_file, (alive, returned, has_file)
    assert not cleaned_early, "the cleanup ran in the middle of the restart"


def test_nbclients_cleanup_of_a_dead_kernel_is_final() -> None:
    """The cleanup of a dead kernel (the restarter has not seen it die yet) hands its ports
    back once: the kernel is then not restarted on them, nor shut (and freed) again."""
    from jupyter_client.provisioning.local_provisioner import LocalPortCache

    async def dead() -> tuple[bool, set[int], list[psutil.Process]]:
        km = AsyncKernelManager(kernel_name="python3", context=zmq.asyncio.Context())
        km.shutdown_wait_time = 1.0
        await km.start_kernel()
        await kill_kernel(km)
        ports = {km.shell_port, km.iopub_port, km.stdin_port, km.hb_port, km.control_port}
        await km.cleanup_resources()
        cache = LocalPortCache.instance()
        assert not ports & cache.currently_used_ports  # handed back
        cache.currently_used_ports |= ports  # as if another kernel now held them
        await km.restart_kernel(now=True)  # the restarter's late call: refused
        restarted = km.has_kernel and await km.is_alive()
        await km.shutdown_kernel(now=True)  # the culler's: nothing left to free
        kept = ports & cache.currently_used_ports
        cache.currently_used_ports -= ports
        return restarted, kept, await left_behind(km)

    restarted, kept, left = asyncio.run(dead())
    assert not restarted and not left
    assert len(kept) == 5, "the ports were handed back a second time"
