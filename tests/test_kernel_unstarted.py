"""A kernel whose start failed is culled like any other (issue 36): jupyter_server leaves its
``last_activity`` unset, and every cull then raises on it and skips it."""

from __future__ import annotations

import asyncio
from datetime import datetime

import pytest
from traitlets import HasTraits, Instance, TraitError

from catan_tutor.server import kernel_unstarted


class _Kernel(HasTraits):
    """As jupyter_server's ServerKernelManager: ``last_activity`` a datetime, unset at first."""

    last_activity = Instance(datetime)


class _Manager:
    def __init__(self, kernel: _Kernel) -> None:
        self.kernel, self.culled = kernel, []

    def __contains__(self, kid: str) -> bool:
        return kid == "k1"

    def get_kernel(self, kid: str) -> _Kernel:
        return self.kernel

    async def cull_kernel_if_idle(self, kid: str) -> None:  # jupyter_server's reading
        self.culled.append((kid, self.kernel.last_activity))


def test_an_unset_last_activity_raises_where_jupyter_server_reads_it():
    with pytest.raises(TraitError):
        _ = _Kernel().last_activity
    assert kernel_unstarted.idle_since(_Kernel()) is None
    assert kernel_unstarted.idle_since(None) is None


def test_the_cull_gives_such_a_kernel_a_last_activity_and_then_culls_it_as_usual(monkeypatch):
    from jupyter_server.services.kernels.kernelmanager import MappingKernelManager

    monkeypatch.setattr(MappingKernelManager, "cull_kernel_if_idle", _Manager.cull_kernel_if_idle)
    monkeypatch.setitem(kernel_unstarted.ORIGINALS, "cull_kernel_if_idle", None)
    kernel_unstarted.apply()
    wrapped = MappingKernelManager.cull_kernel_if_idle
    kernel_unstarted.apply()  # once only
    assert wrapped is MappingKernelManager.cull_kernel_if_idle is not _Manager.cull_kernel_if_idle
    km = _Manager(_Kernel())
    asyncio.run(wrapped(km, "k1"))
    assert km.culled == [] and isinstance(km.kernel.last_activity, datetime)  # counted now
    asyncio.run(wrapped(km, "k1"))  # the next round: jupyter_server's own reading, no error
    assert km.culled == [("k1", km.kernel.last_activity)]


def test_server_limits_reads_an_unstarted_kernel_as_not_idle():
    from catan_tutor.server.server_limits import Limits, Tracker

    class Km(_Manager):
        _kernel_connections: dict = {}

    tracker = Tracker(Limits(), Km(_Kernel()))
    assert tracker.idle_for("k1", 0.0) == 0.0  # no TraitError


@pytest.mark.kernel
def test_a_kernel_whose_first_start_failed_is_forgotten_and_its_process_ended(
    monkeypatch, tmp_path
):
    """jupyter_client files such a kernel nowhere but left its id among those starting for
    good, with its process running: known to the reaper, seen by no culler."""
    import psutil
    from jupyter_server.services.kernels.kernelmanager import (
        AsyncMappingKernelManager,
        ServerKernelManager,
    )

    from catan_tutor.server import voila_guard
    from catan_tutor.server.kernel_reaper import kernel_id_of

    voila_guard.apply()  # as the server does: kernel_unstarted.apply() among the rest
    launched: list[int] = []

    async def failing_post_start(self, **kw):  # after the launch, as a kernel dying would
        launched.append(self.provisioner.pid)
        raise RuntimeError("the kernel died before it was ready")

    monkeypatch.setattr(ServerKernelManager, "_async_post_start_kernel", failing_post_start)

    def kernel_processes() -> list[psutil.Process]:
        out = []
        for child in psutil.Process().children():
            try:
                if child.status() != psutil.STATUS_ZOMBIE and kernel_id_of(child.cmdline()):
                    out.append(child)
            except psutil.Error:
                continue
        return out

    async def start() -> tuple[dict, list[psutil.Process]]:
        mkm = AsyncMappingKernelManager(connection_dir=str(tmp_path))
        with pytest.raises(RuntimeError, match="died before it was ready"):
            await mkm.start_kernel(kernel_name="python3")
        await asyncio.sleep(0.5)
        left = [p for p in kernel_processes() if p.pid in launched]
        for proc in left:  # never leave one to the rest of the run
            proc.kill()
        return dict(mkm._pending_kernels), left

    pending, left = asyncio.run(start())
    assert launched, "the failing start launched no process"
    assert pending == {} and not left, (pending, left)
