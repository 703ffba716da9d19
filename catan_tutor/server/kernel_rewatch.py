"""A kernel its restarter brought back is watched again, so the culler can take it (issue 36).

jupyter_server 2.21 watches each kernel's iopub for activity and its execution state; the
culler skips a kernel whose state is "busy" (``cull_busy`` is off). When a kernel dies in the
middle of a cell (killed, crashed), jupyter_client's restarter starts a new process (on new
random ports when the old ones are taken), but only a restart asked through the server
(``MappingKernelManager._async_restart_kernel``) watches it afresh. Here, with the server's
patches applied, the state read "busy" for good after such a restart, so the culler never took
the kernel: a page's kernel left until the server ended (CI's one-round stress test,
2026-11-29: one kernel of ten, after two kills).

``apply()`` wraps ``start_watching_activity``: each kernel also gets a "restart" callback
(fired by the restarter *before* it restarts) that waits until the new process is up (its
pid changed), then watches it afresh with the state "starting" (logged); the culler then
takes it like any idle kernel with no page.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from typing import Any

_GUARDED = "_catan_tutor_guarded"
_HOOKED = "_catan_tutor_rewatch"
WAIT_FOR = 60.0  # s the new process may take to be up
log = logging.getLogger("Voila")
ORIGINALS: dict[str, Any] = {}


def _pid(km: Any) -> int | None:
    provisioner = getattr(km, "provisioner", None)
    return getattr(provisioner, "pid", None) if provisioner is not None else None


async def rewatch(
    mkm: Any, kernel_id: str, old_pid: int | None, wait_for: float = WAIT_FOR
) -> bool:
    """Once ``kernel_id`` runs as a new process, watch its iopub afresh with the state
    "starting"; False when it went (or never came back) first."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + wait_for
    while loop.time() < deadline:
        await asyncio.sleep(0.2)
        if kernel_id not in mkm:
            return False
        km = mkm.get_kernel(kernel_id)
        pid = _pid(km)
        if pid is None or pid == old_pid or not await km.is_alive():
            continue
        mkm.stop_watching_activity(kernel_id)
        km.execution_state = "starting"
        ORIGINALS["start_watching_activity"](mkm, kernel_id)
        log.info(
            "catan_tutor.server.kernel_rewatch: kernel %s restarted by its restarter: "
            "watched again",
            kernel_id,
        )
        return True
    return False


def apply() -> None:
    """Wrap jupyter_server's ``MappingKernelManager.start_watching_activity`` (safe to call
    again)."""
    from jupyter_server.services.kernels.kernelmanager import MappingKernelManager

    current = MappingKernelManager.start_watching_activity
    if getattr(current, _GUARDED, False):
        return
    ORIGINALS["start_watching_activity"] = current

    @functools.wraps(current)
    def start_watching_activity(self: Any, kernel_id: str) -> None:
        current(self, kernel_id)
        km = self.get_kernel(kernel_id)
        if getattr(km, _HOOKED, False):
            return
        setattr(km, _HOOKED, True)
        km.add_restart_callback(
            lambda: asyncio.ensure_future(rewatch(self, kernel_id, _pid(km))), "restart"
        )

    setattr(start_watching_activity, _GUARDED, True)
    MappingKernelManager.start_watching_activity = start_watching_activity  # type: ignore[method-assign]
