"""A kernel websocket closed during its handshake leaves its kernel free to be culled
(catan_tutor/server/ws_handshake.py, issue 36).

A real tornado server on 127.0.0.1 runs jupyter_server's own ``KernelWebsocketHandler``
(with the real ``ZMQChannelsWebsocketConnection`` and ``AsyncMappingKernelManager``); what a
started kernel would do is stood in for: the user's authorisation and the connection's
``prepare()`` (the kernel's ``kernel_info`` reply) wait on gates the test opens, and
``connect()`` only counts the connection, as the real one does first. A raw client sends the
upgrade request and drops the socket at one stage. The culler frees a kernel only when its
count of connections is 0: without ``ws_handshake.apply()`` the count ends at -1 (dropped
while prepared; the handshake then fails with a 500 in ``select_subprotocol``) or at 1
(dropped while authorised; nothing uncounts it), and these tests fail.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from jupyter_client.manager import AsyncKernelManager
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.services.kernels.websocket import KernelWebsocketHandler
from tornado import httpserver, netutil, web
from tornado.websocket import websocket_connect

from catan_tutor.server import voila_guard, ws_handshake

KERNEL = "0c2f3a8e-7d41-4b6a-9e55-2d1f8c3b7a10"
BOUND = 10.0  # s: the longest any step here may take


@pytest.fixture(autouse=True)
def patched() -> None:
    voila_guard.apply()  # as the server does: ws_handshake.apply() among the rest
    assert ws_handshake.is_applied()


class Gates:
    """Where the handshake waits: the user's authorisation, the connection's prepare()."""

    def __init__(self) -> None:
        self.authorise, self.prepare = asyncio.Event(), asyncio.Event()
        self.authorising, self.preparing = asyncio.Event(), asyncio.Event()
        self.handlers: list[KernelWebsocketHandler] = []


class Authorizer:
    def is_authorized(self, *_: Any) -> bool:
        return True


class Connection(ZMQChannelsWebsocketConnection):
    """The real connection, with its kernel's replies stood in for."""

    async def prepare(self) -> None:
        await self._register_session()
        gates = self.websocket_handler.settings["gates"]
        gates.preparing.set()
        await gates.prepare.wait()  # the kernel_info reply

    def connect(self) -> asyncio.Future[None]:
        self.multi_kernel_manager.notify_connect(self.kernel_id)  # what connect() records
        ZMQChannelsWebsocketConnection._open_sockets.add(self)
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        done.set_result(None)
        return done


class Handler(KernelWebsocketHandler):
    """jupyter_server's handler; the user is given once the gate opens (an identity
    provider's lookup, awaited by JupyterHandler.prepare, stood in for)."""

    async def prepare(self, *_: Any, **__: Any) -> None:
        gates = self.settings["gates"]
        gates.handlers.append(self)
        gates.authorising.set()
        await gates.authorise.wait()
        self.current_user = "student"


async def until(check: Callable[[], bool], what: str) -> None:
    for _ in range(int(BOUND / 0.02)):
        if check():
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"not within {BOUND} s: {what}")


def serve(gates: Gates) -> tuple[httpserver.HTTPServer, int, AsyncMappingKernelManager]:
    """The handler on a free loopback port, with a kernel manager holding one kernel."""
    mkm = AsyncMappingKernelManager()
    mkm._kernels[KERNEL] = AsyncKernelManager(parent=mkm, kernel_id=KERNEL)
    mkm._kernel_connections[KERNEL] = 0
    app = web.Application(
        [(r"/api/kernels/([^/]+)/channels", Handler)],
        kernel_manager=mkm,
        authorizer=Authorizer(),
        kernel_websocket_connection_class=Connection,
        gates=gates,
    )
    server = httpserver.HTTPServer(app)
    sockets = netutil.bind_sockets(0, "127.0.0.1")
    server.add_sockets(sockets)
    return server, sockets[0].getsockname()[1], mkm


async def drop_during(stage: Callable[[Gates], Awaitable[None]]) -> tuple[dict, Gates]:
    """Serve the handler, send an upgrade request, drop the socket once ``stage(gates)``
    returned, open every gate, wait for the request to end; the manager's counts and the
    gates."""
    gates = Gates()
    server, port, mkm = serve(gates)
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(
            f"GET /api/kernels/{KERNEL}/channels?session_id=page-1 HTTP/1.1\r\n"
            f"Host: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
            "Sec-WebSocket-Protocol: v1.kernel.websocket.jupyter.org\r\n\r\n".encode()
        )
        await writer.drain()
        await asyncio.wait_for(stage(gates), BOUND)
        writer.close()
        await until(lambda: bool(gates.handlers) and gates.handlers[0]._on_close_called, "closed")
        gates.authorise.set()
        gates.prepare.set()
        await until(lambda: gates.handlers[0]._finished, "the request ended")
        await asyncio.sleep(0.2)  # anything the handshake would still do on the dead socket
    finally:
        server.stop()
    return dict(mkm._kernel_connections), gates


async def while_prepared(gates: Gates) -> None:
    gates.authorise.set()
    await gates.preparing.wait()


async def while_authorised(gates: Gates) -> None:
    await gates.authorising.wait()


def kernel_sessions() -> list[str]:
    return [k for k in ZMQChannelsWebsocketConnection._open_sessions if k.startswith(KERNEL)]


@pytest.mark.parametrize("stage", [while_prepared, while_authorised], ids=lambda f: f.__name__)
def test_a_socket_dropped_in_its_handshake_leaves_the_kernel_uncounted(
    stage: Callable[[Gates], Awaitable[None]], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING)
    counts, gates = asyncio.run(drop_during(stage))
    assert counts == {KERNEL: 0}  # the culler's test: `not connections`
    assert kernel_sessions() == []  # the session was let go with the socket
    assert gates.handlers[0].get_status() == 400  # not a handshake on the dead socket
    assert "connection" not in gates.handlers[0].__dict__ or not gates.handlers[0].connection
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == []  # no 500, no AttributeError in select_subprotocol or on_close


def test_a_socket_closed_after_its_handshake_is_uncounted_once() -> None:
    """The ordinary close still disconnects: the count goes 0 -> 1 -> 0."""

    async def run() -> tuple[int, int]:
        gates = Gates()
        gates.authorise.set()
        gates.prepare.set()
        server, port, mkm = serve(gates)
        try:
            ws = await websocket_connect(
                f"ws://127.0.0.1:{port}/api/kernels/{KERNEL}/channels?session_id=page-2"
            )
            await until(lambda: mkm._kernel_connections[KERNEL] == 1, "counted")
            connected = mkm._kernel_connections[KERNEL]
            ws.close()
            await until(lambda: gates.handlers[0]._on_close_called, "closed")
        finally:
            server.stop()
        return connected, mkm._kernel_connections[KERNEL]

    assert asyncio.run(run()) == (1, 0)


def test_apply_is_version_checked_and_idempotent(monkeypatch: pytest.MonkeyPatch) -> None:
    ws_handshake.apply()
    assert KernelWebsocketHandler.__dict__["on_close"] is ws_handshake.on_close
    assert ws_handshake.ORIGINALS["on_close"] is not ws_handshake.on_close
    monkeypatch.setattr(ws_handshake, "_handler_class", lambda: None)  # an older jupyter_server
    assert ws_handshake.apply() is False
    assert not ws_handshake.is_applied()
