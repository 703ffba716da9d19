"""A kernel whose start failed is culled like any other (issue 36).

In jupyter_server 2.21 ``MappingKernelManager._async_start_kernel`` sets a kernel's
``last_activity`` only after jupyter_client's start returned. When that start fails after the
kernel was filed (it died before it was ready: killed, or its port taken by another kernel
starting at the same moment), the kernel stays filed with ``last_activity`` unset; its
restarter may bring it back, and then every cull raises ``TraitError`` on it ("expected a
datetime, not the NoneType None") and skips it: nobody's kernel, alive until the server ends
(one such kernel in the 20-round stress run, round 14).

``apply()`` wraps ``cull_kernel_if_idle``: a kernel without ``last_activity`` gets it now
(logged), so the culler frees it once it has been idle with no page for the usual time.
``idle_since`` is the same reading for ``server_limits``.

A kernel whose first start failed after its process was launched (jupyter_client 8.10,
``MultiKernelManager._add_kernel_when_ready``) is not filed at all, yet its id stays among
those starting (``_pending_kernels``) for good and its process runs on: no culler sees it,
nobody may shut it down (the start raised; its caller has no id). ``apply()`` also wraps
``_add_kernel_when_ready``: when the kernel was not filed, its id leaves those starting and
its process, if any, is shut down (logged). ``kernel_reaper`` is the net under this.
"""

from __future__ import annotations

import functools
import logging
from datetime import datetime
from typing import Any

from traitlets import TraitError

_GUARDED = "_catan_tutor_guarded"
log = logging.getLogger("Voila")
ORIGINALS: dict[str, Any] = {}


def idle_since(kernel: Any) -> datetime | None:
    """The kernel's last activity, None where it was never set (a start that failed)."""
    try:
        return getattr(kernel, "last_activity", None)
    except TraitError:
        return None


async def _forget_failed_start(self: Any, kernel_id: str, km: Any, kernel_awaitable: Any) -> None:
    """jupyter_client's ``_add_kernel_when_ready`` (it logs a failed start), then a kernel
    not filed leaves those starting, its process shut down."""
    await ORIGINALS["_add_kernel_when_ready"](self, kernel_id, km, kernel_awaitable)
    if self._kernels.get(kernel_id) is km:
        return
    self._pending_kernels.pop(kernel_id, None)
    log.warning(
        "catan_tutor.server.kernel_unstarted: kernel %s failed to start; forgotten, its "
        "process shut down",
        kernel_id,
    )
    failed = getattr(km, "_ready", None)  # the start's error, which the caller is to get
    try:
        await km.shutdown_kernel(now=True)  # (it sets a ready of its own)
    except Exception:  # the reaper kills what is left
        log.exception("catan_tutor.server.kernel_unstarted: kernel %s not shut down", kernel_id)
    finally:
        if failed is not None:
            km._ready = failed


def apply() -> None:
    """Wrap jupyter_server's ``cull_kernel_if_idle`` and jupyter_client's
    ``MultiKernelManager._add_kernel_when_ready`` (safe to call again)."""
    from jupyter_client.multikernelmanager import MultiKernelManager

    if not getattr(MultiKernelManager._add_kernel_when_ready, _GUARDED, False):
        ORIGINALS["_add_kernel_when_ready"] = MultiKernelManager._add_kernel_when_ready
        setattr(_forget_failed_start, _GUARDED, True)
        MultiKernelManager._add_kernel_when_ready = _forget_failed_start  # type: ignore[method-assign]

    from jupyter_server._tz import utcnow
    from jupyter_server.services.kernels.kernelmanager import MappingKernelManager

    current = MappingKernelManager.cull_kernel_if_idle
    if getattr(current, _GUARDED, False):
        return
    ORIGINALS["cull_kernel_if_idle"] = current

    @functools.wraps(current)
    async def cull_kernel_if_idle(self: Any, kernel_id: str) -> Any:
        kernel = self.get_kernel(kernel_id) if kernel_id in self else None
        if kernel is not None and idle_since(kernel) is None:
            kernel.last_activity = utcnow()
            log.warning(
                "catan_tutor.server.kernel_unstarted: kernel %s has no last activity (its start "
                "failed); counted from now, it is culled when idle",
                kernel_id,
            )
            return None
        return await current(self, kernel_id)

    setattr(cull_kernel_if_idle, _GUARDED, True)
    MappingKernelManager.cull_kernel_if_idle = cull_kernel_if_idle  # type: ignore[method-assign]
