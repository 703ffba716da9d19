"""A kernel's automatic restart never outlives its shutdown (issue 36; ``hosting/README.md``
has the upstream report).

jupyter_client 8.10 runs a kernel manager's ``restart_kernel`` and ``shutdown_kernel`` at
the same time when asked to: the restarter restarts a kernel that died (a tab's kernel
killed mid-render) while the culler, or a closed tab, shuts it down. Both share the
manager's ``_ready`` future (``in_pending_state``), and the shutdown can end between the
restart's own shutdown and its start: the manager is then dropped by the server, the
restart launches a new kernel process, fails setting the settled future
(``asyncio.InvalidStateError``) and the process lives on, known to no manager, until the
server exits.

``apply()`` swaps three members of ``AsyncKernelManager`` (the class of every server's
kernel managers, jupyter_server's ``ServerKernelManager`` calls them through ``super()``):

- ``shutdown_kernel`` notes at once that the kernel is closing (a final shutdown, not a
  restart's), then runs after any restart or shutdown of that kernel in progress, one at a
  time; a kernel already shut down is not shut again (that would send a shutdown request
  to no kernel and hand its cached ports back a second time, maybe while another kernel
  holds them);
- ``restart_kernel`` of a closing kernel does nothing (logged) when its turn comes;
  otherwise it runs whole before a shutdown asked meanwhile, which then shuts the new
  kernel down;
- ``start_kernel`` (an explicit start, not a restart's) makes the manager usable again;
- ``cleanup_resources`` (nbclient calls it, without any of the above, when a page's kernel
  died before answering ``kernel_info``) waits for a restart or shutdown in progress, then
  leaves a live kernel's resources alone (its shutdown frees them) and frees those of a
  dead one once only, as a final shutdown: the kernel is not restarted after. Unguarded, it
  handed the cached ports back while a restart reused them (another kernel took them:
  "Address already in use") and deleted the restarted kernel's connection file.

And ``MultiKernelManager._async_shutdown_kernel`` (what jupyter_server's kernel manager
calls for the culler, a closed tab and ``DELETE /api/kernels/<id>``) waits for a restart in
progress before its own checks: it read the restart's unsettled ``ready`` future and failed
(``InvalidStateError: Exception is not set.``), leaving the kernel to the next cull.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

_LOCK = "_catan_tutor_lifecycle"  # per manager: (loop, lock) ordering restarts and shutdowns
_CLOSING = "_catan_tutor_closing"  # a final shutdown was asked: no restart any more
_CLOSED = "_catan_tutor_closed"  # that shutdown ended: nothing left to shut
_GUARDED = "_catan_tutor_guarded"
log = logging.getLogger("Voila")
ORIGINALS: dict[str, Any] = {}  # member name: the member swapped out


def _lock(km: Any) -> asyncio.Lock:
    """``km``'s lock on the running loop (a manager driven from another loop gets a new one)."""
    loop = asyncio.get_running_loop()
    held = km.__dict__.get(_LOCK)
    if held is None or held[0] is not loop:
        held = km.__dict__[_LOCK] = (loop, asyncio.Lock())
    return held[1]


def closing(km: Any) -> bool:
    """Whether a final shutdown of ``km``'s kernel was asked (since its last start)."""
    return bool(km.__dict__.get(_CLOSING))


async def shutdown_kernel(self: Any, now: bool = False, restart: bool = False) -> None:
    """The kernel's shutdown, after any restart or shutdown of it in progress."""
    if not restart:
        self.__dict__[_CLOSING] = True
    async with _lock(self):
        if self.__dict__.get(_CLOSED):
            return
        await ORIGINALS["shutdown_kernel"](self, now=now, restart=restart)
        if not restart:
            self.__dict__[_CLOSED] = True


async def restart_kernel(self: Any, now: bool = False, newports: bool = False, **kw: Any) -> None:
    """The kernel's restart, unless it is being (or was) shut down when its turn comes."""
    async with _lock(self):
        if closing(self):
            log.info(
                "catan_tutor.server.kernel_restart: kernel %s is being shut down; not restarted",
                self.kernel_id,
            )
            return
        await ORIGINALS["restart_kernel"](self, now=now, newports=newports, **kw)


async def start_kernel(self: Any, **kw: Any) -> None:
    """An explicit start: the manager's kernel may be restarted and shut down again."""
    self.__dict__.pop(_CLOSING, None)
    self.__dict__.pop(_CLOSED, None)
    await ORIGINALS["start_kernel"](self, **kw)


async def cleanup_resources(self: Any, restart: bool = False) -> None:
    """The kernel's resources freed, once no restart or shutdown of it is in progress; not
    those of a live kernel, nor twice (a final shutdown freed them)."""
    async with _lock(self):
        if restart:
            await ORIGINALS["cleanup_resources"](self, restart=True)
            return
        if self.__dict__.get(_CLOSED):
            return
        if await self.is_alive():
            log.info(
                "catan_tutor.server.kernel_restart: kernel %s is alive; its resources are "
                "freed when it is shut down",
                self.kernel_id,
            )
            return
        self.__dict__[_CLOSING] = True  # its ports go back: it must not be restarted on them
        self.stop_restarter()
        await ORIGINALS["cleanup_resources"](self, restart=False)
        self.__dict__[_CLOSED] = True


async def shutdown_kernel_by_id(
    self: Any, kernel_id: str, now: bool = False, restart: bool = False
) -> None:
    """A multi-kernel manager's shutdown of ``kernel_id``, once a restart in progress ends."""
    km = self._kernels.get(kernel_id)
    if km is not None and not restart:
        km.__dict__[_CLOSING] = True
        async with _lock(km):  # a restart in progress ends first
            pass
    await ORIGINALS["_async_shutdown_kernel"](self, kernel_id, now=now, restart=restart)


PATCHES: dict[str, Any] = {
    "shutdown_kernel": shutdown_kernel,
    "restart_kernel": restart_kernel,
    "start_kernel": start_kernel,
    "cleanup_resources": cleanup_resources,
}
for _f in (*PATCHES.values(), shutdown_kernel_by_id):
    setattr(_f, _GUARDED, True)


def apply(logger: logging.Logger | None = None) -> None:
    """Swap in the ordered ``shutdown_kernel``, ``restart_kernel``, ``start_kernel`` and
    ``cleanup_resources`` of ``AsyncKernelManager`` and the waiting
    ``MultiKernelManager._async_shutdown_kernel``. Safe to call again."""
    global log
    from jupyter_client.manager import AsyncKernelManager
    from jupyter_client.multikernelmanager import MultiKernelManager

    if logger is not None:
        log = logger
    for name, member in PATCHES.items():
        current = AsyncKernelManager.__dict__[name]
        if not getattr(current, _GUARDED, False):
            ORIGINALS[name] = current
            setattr(AsyncKernelManager, name, member)
    current = MultiKernelManager.__dict__["_async_shutdown_kernel"]
    if not getattr(current, _GUARDED, False):
        ORIGINALS["_async_shutdown_kernel"] = current
        MultiKernelManager._async_shutdown_kernel = shutdown_kernel_by_id  # type: ignore[method-assign,assignment]


def is_applied() -> bool:
    from jupyter_client.manager import AsyncKernelManager
    from jupyter_client.multikernelmanager import MultiKernelManager

    return all(
        getattr(AsyncKernelManager.__dict__[n], _GUARDED, False) for n in PATCHES
    ) and getattr(MultiKernelManager.__dict__["_async_shutdown_kernel"], _GUARDED, False)
