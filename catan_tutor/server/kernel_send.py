"""A message to a kernel never blocks the server's loop for more than a moment (issue 36).

jupyter_client 8.10's ``Session.send`` sends on a *blocking* shadow of the kernel client's
asyncio socket, with no flags. A DEALER socket blocks such a send while it has no peer to
queue for, or its queue is full; a kernel that died while its page was starting is such a
peer. Voilà 0.5.13 starts a page's kernel client on the server's only thread
(``NotebookRenderer._jinja_kernel_start`` → ``wait_for_ready`` → ``kernel_info``), so one such
send froze every page: the 20-round stress run of 2026-11-29 stalled in round 4 with the
loop's thread in ``Socket.send`` under ``KernelClient.kernel_info``.

``apply()`` wraps ``ConnectionFileMixin._create_connected_socket`` (where every kernel client
and the server's kernel websockets make their sockets) to give each socket a send time-out
(``zmq.SNDTIMEO``, ``SEND_LIMIT`` seconds): a send that cannot go raises ``zmq.Again``
instead of waiting, the page whose kernel is gone gets its error, and the loop goes on. A
live kernel's socket never waits that long (its queue holds 1,000 messages).
"""

from __future__ import annotations

from typing import Any

import zmq

from .patch import is_wrapped, wrap_method

SEND_LIMIT = 2.0  # s a send to a kernel may wait for room before it fails


def apply() -> None:
    """Wrap ``ConnectionFileMixin._create_connected_socket`` (safe to call again)."""
    from jupyter_client.connect import ConnectionFileMixin

    def make(current: Any) -> Any:
        def _create_connected_socket(self: Any, channel: str, identity: bytes | None = None) -> Any:
            sock = current(self, channel, identity=identity)
            sock.setsockopt(zmq.SNDTIMEO, int(SEND_LIMIT * 1000))
            return sock

        return _create_connected_socket

    wrap_method(ConnectionFileMixin, "_create_connected_socket", make)


def is_applied() -> bool:
    from jupyter_client.connect import ConnectionFileMixin

    return is_wrapped(ConnectionFileMixin, "_create_connected_socket")
