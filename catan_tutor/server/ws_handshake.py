"""A kernel websocket that closes during its handshake never leaves its kernel counted as
connected (issue 36; ``hosting/README.md`` has the upstream report).

jupyter_server 2.21.1's ``KernelWebsocketHandler.get`` awaits ``pre_get()`` (authorise, make
the page's connection, ``prepare()`` it: register the session, wait for the kernel to be
ready and to answer ``kernel_info``, up to ``kernel_info_timeout``) before the websocket
handshake; only the handshake's ``open()`` calls ``connection.connect()``, which counts the
kernel's connection (``notify_connect``). Tornado calls ``on_close()`` as soon as the browser
drops the socket, handshake or not, and ``on_close`` always calls ``connection.disconnect()``
(``notify_disconnect``):

- dropped while ``prepare()`` waits: the count goes to -1 (never counted, uncounted once),
  ``on_close`` sets ``connection`` to None, ``pre_get`` returns and the handshake reads
  ``self.connection.kernel_ws_protocol`` in ``select_subprotocol``: ``AttributeError``, a 500.
  The culler frees a kernel only when its count is 0 (``not connections``): -1 keeps it for
  ever;
- dropped before ``pre_get`` made the connection (while the user is authorised):
  ``on_close`` fails on the missing ``connection`` and tornado never calls it again; the
  handshake then runs on the dead socket, ``open()`` counts the connection and nothing
  uncounts it: the count stays 1 and the kernel is never culled either.

Voilà's kernel websocket handler is a subclass (every Voilà page's widgets use one). A page
closed while its kernel is busy rendering is exactly that case.

``apply()`` swaps two methods of ``KernelWebsocketHandler``:

- ``on_close`` marks the handler closed; a connection that ``open()`` counted (the handshake
  answered 101: tornado calls ``open()`` with no await in between, and ``connect()`` counts
  before its first await) is disconnected as before; one that was never counted is
  counted first, then disconnected (``disconnect()`` is jupyter_server's whole clean-up:
  session, pending ``kernel_info`` channel, streams), so the count ends where it was;
- ``pre_get`` does nothing for a closed handler, and once the original returns, a handler
  closed meanwhile gives up its connection the same way and ends the request with a 400
  (no error page, no handshake on a dead socket).

It is version-checked: only a handler with the methods it wraps (jupyter_server 2.4+, where
kernel websockets have ``pre_get`` and a ``connection``) is patched; on older servers
``apply()`` changes nothing and says so.
"""

from __future__ import annotations

import logging
from typing import Any

_CLOSED = "_catan_tutor_ws_closed"  # set on a handler once its socket closed
_GUARDED = "_catan_tutor_guarded"
WRAPPED = ("pre_get", "on_close")
ORIGINALS: dict[str, Any] = {}  # method name: the KernelWebsocketHandler method swapped out
log = logging.getLogger("Voila")


def _handler_class() -> Any:
    """jupyter_server's kernel websocket handler, or None where it has no ``pre_get``."""
    try:
        from jupyter_server.services.kernels.websocket import KernelWebsocketHandler
    except ImportError:  # jupyter_server < 2.4: kernels/handlers.py, another design
        return None
    if not all(callable(getattr(KernelWebsocketHandler, name, None)) for name in WRAPPED):
        return None
    return KernelWebsocketHandler


def _release_uncounted(handler: Any, connection: Any) -> None:
    """Tear down a connection ``connect()`` never ran on: record it as ``connect()`` does
    (counted, and among the open sockets where the class keeps them), then let its own
    ``disconnect()`` undo both and clean up (session, kernel_info channel, streams)."""
    handler.kernel_manager.notify_connect(handler.kernel_id)
    open_sockets = getattr(type(connection), "_open_sockets", None)
    if open_sockets is not None:
        open_sockets.add(connection)
    connection.disconnect()


def _give_up(handler: Any) -> Exception:
    """End the request without a handshake (the client is gone): a 400 in the access log."""
    from tornado import web

    handler.log.info("Kernel websocket to %s closed during its handshake", handler.kernel_id)
    handler.set_status(400)
    return web.Finish()


def on_close(self: Any) -> None:
    """The socket closed: disconnect what ``open()`` counted, release what it did not."""
    setattr(self, _CLOSED, True)
    connection = self.__dict__.get("connection")
    if connection is None:  # pre_get has not made it yet, or it was let go already
        return
    self.connection = None
    if self.get_status() == 101:  # the handshake ran open(): connect() counted it
        connection.disconnect()
    else:
        _release_uncounted(self, connection)


async def pre_get(self: Any) -> None:
    """The original ``pre_get``, unless the socket closed before it or while it ran."""
    if getattr(self, _CLOSED, False):
        raise _give_up(self)
    await ORIGINALS["pre_get"](self)
    if getattr(self, _CLOSED, False):
        connection = self.__dict__.get("connection")  # made after on_close ran
        if connection is not None:
            self.connection = None
            _release_uncounted(self, connection)
        raise _give_up(self)


for _f in (on_close, pre_get):
    setattr(_f, _GUARDED, True)
PATCHES: dict[str, Any] = {"pre_get": pre_get, "on_close": on_close}


def apply(logger: logging.Logger | None = None) -> bool:
    """Swap in the guarded ``pre_get`` and ``on_close``. Safe to call again; returns whether
    the handler is patched (False on a jupyter_server without ``pre_get``)."""
    cls = _handler_class()
    if cls is None:
        (logger or log).info("catan_tutor.server.ws_handshake: this jupyter_server is not patched")
        return False
    for name, method in PATCHES.items():
        current = getattr(cls, name)
        if not getattr(current, _GUARDED, False):
            ORIGINALS[name] = current
            setattr(cls, name, method)
    return True


def is_applied() -> bool:
    cls = _handler_class()
    return cls is not None and all(
        getattr(cls.__dict__.get(name), _GUARDED, False) for name in PATCHES
    )
