"""Kernels yield the processor to the server (issue 36).

On a small machine a class arriving at once starts 30 kernels, each importing the tutor; at
the same priority they starve the server's event loop, which then answers late (pings of
5–6 s in the stress run on 2 cores) though it is never stuck. ``apply()`` wraps jupyter_client's
``LocalProvisioner.launch_kernel`` so that each kernel process it starts runs at a lower
priority (``nice``, ``CATAN_TUTOR_KERNEL_NICE``, default 10; 0 leaves it as it is): the
server's loop (HTTP, websockets, the culler) is served first, and the kernels share the
rest as before. Set with psutil after the launch (the kernel's own children inherit it).
"""

from __future__ import annotations

import functools
import logging
import os
from collections.abc import Mapping
from typing import Any

import psutil

ENV = "CATAN_TUTOR_KERNEL_NICE"
DEFAULT = 10
_GUARDED = "_catan_tutor_guarded"
log = logging.getLogger("Voila")
ORIGINALS: dict[str, Any] = {}


def niceness(env: Mapping[str, str] | None = None) -> int:
    """The niceness asked for (0 to 19); a bad value is refused with what and where."""
    raw = (os.environ if env is None else env).get(ENV, str(DEFAULT)).strip()
    if not raw.isascii() or not raw.isdigit() or not 0 <= int(raw) <= 19:
        raise ValueError(f"{ENV}={raw!r}: a whole number from 0 to 19")
    return int(raw)


def lower(pid: int, nice: int) -> None:
    """Run process ``pid`` at niceness ``nice`` (never raise it back: only ever lower)."""
    try:
        p = psutil.Process(pid)
        if p.nice() < nice:
            p.nice(nice)
    except psutil.Error as e:  # gone already, or not ours: nothing to do
        log.debug("catan_tutor.server.kernel_nice: process %s left as it is (%s)", pid, e)


def apply() -> None:
    """Wrap ``LocalProvisioner.launch_kernel`` (safe to call again)."""
    from jupyter_client.provisioning.local_provisioner import LocalProvisioner

    current = LocalProvisioner.launch_kernel
    if getattr(current, _GUARDED, False):
        return
    nice = niceness()
    ORIGINALS["launch_kernel"] = current

    @functools.wraps(current)
    async def launch_kernel(self: Any, cmd: list[str], **kwargs: Any) -> Any:
        info = await current(self, cmd, **kwargs)
        if nice and getattr(self, "process", None) is not None:
            lower(self.process.pid, nice)
        return info

    setattr(launch_kernel, _GUARDED, True)
    LocalProvisioner.launch_kernel = launch_kernel  # type: ignore[method-assign]
