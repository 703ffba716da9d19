"""Stopping a kernel client never waits on its kernel for ever
(catan_tutor/server/kernel_cleanup.py, issue 36).

jupyter_client 8.10's heartbeat thread awaits its ping's send and its reply with no time-out,
and ``HBChannel.stop`` joins it with none; Voilà 0.5.13 calls ``kc.stop_channels()`` on the
server's only thread when a page's render ends, so one heartbeat that cannot finish froze
every page. Here the kernel has vanished mid-send: its heartbeat port is closed and the
ping's send cannot complete (a REQ socket with no peer, ``IMMEDIATE`` set so that libzmq
queues nothing for a peer that is not there). Without ``kernel_cleanup.apply()`` each of these
tests waits for ever on the stop (the helper thread gives up after ``BOUND`` s and the test
fails); with it the stop returns, the thread ends and the socket is closed.
"""

from __future__ import annotations

import asyncio
import socket
import threading
from collections.abc import Callable, Iterator

import pytest
import zmq
import zmq.asyncio
from jupyter_client.asynchronous.client import AsyncKernelClient
from jupyter_client.channels import HBChannel
from voila.notebook_renderer import NotebookRenderer

from catan_tutor.server import kernel_cleanup, kernel_send, voila_guard

BOUND = 20  # s: far beyond the patched stop's STOP_WAIT; without the patch it never returns


@pytest.fixture(autouse=True)
def patched() -> None:
    voila_guard.apply()  # as the server does: kernel_cleanup.apply() among the rest
    assert kernel_cleanup.is_applied()


def vanished_port() -> int:
    """A port a kernel listened on and let go: nothing answers there."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def context() -> Iterator[zmq.asyncio.Context]:
    ctx = zmq.asyncio.Context()
    ctx.setsockopt(zmq.IMMEDIATE, 1)  # a send to a vanished peer waits (nothing queued)
    yield ctx
    ctx.destroy(linger=0)


def returns_within(call: Callable[[], object], seconds: float) -> bool:
    """Whether ``call()`` returns within ``seconds`` (run in a daemon thread, so a call
    that never returns fails the test instead of hanging it)."""
    done = threading.Event()

    def run() -> None:
        call()
        done.set()

    threading.Thread(target=run, daemon=True).start()
    return done.wait(seconds)


def stuck_in_send(channel: HBChannel) -> None:
    """Wait until the heartbeat thread has its socket and sends its ping (which waits)."""
    for _ in range(200):
        if channel.socket is not None and channel._running:
            threading.Event().wait(0.2)
            return
        threading.Event().wait(0.05)
    raise AssertionError("the heartbeat thread did not start")


def test_heartbeat_stop_returns_when_the_kernel_vanished_mid_send(context) -> None:
    channel = HBChannel(context, None, ("127.0.0.1", vanished_port()))
    channel.start()
    stuck_in_send(channel)
    threading.Event().wait(1.5)  # one heart failure: the second socket's send waits too
    assert channel.is_alive()
    assert returns_within(channel.stop, BOUND), "HBChannel.stop waited on the kernel"
    assert not channel.is_alive() and channel.socket is None


def test_heartbeat_stopped_before_it_ran_ends_without_spinning(context) -> None:
    """Upstream, a stop() before the thread's first line is undone by it (``_running =
    True``) and the thread loops making sockets until its context has none left."""
    failures: list[BaseException] = []
    hook = threading.excepthook
    threading.excepthook = lambda args: failures.append(args.exc_value)
    try:
        for _ in range(40):
            channel = HBChannel(context, None, ("127.0.0.1", vanished_port()))
            channel.start()
            assert returns_within(channel.stop, BOUND)
            assert not channel.is_alive()
    finally:
        threading.excepthook = hook
    assert not failures, f"heartbeat threads failed: {failures[:3]}"


def test_voila_render_cleanup_returns_when_the_kernel_vanished_mid_send(context) -> None:
    """Voilà's own clean-up at the end of a page's render (``_cleanup_resources``) with a
    real kernel client whose kernel is gone: it returns on the server's loop, and every
    channel's thread has ended."""
    ports = {
        f"{name}_port": vanished_port() for name in ("shell", "iopub", "stdin", "hb", "control")
    }
    kc = AsyncKernelClient(context=context, ip="127.0.0.1", **ports)
    kc.start_channels()
    stuck_in_send(kc.hb_channel)

    class Executor:  # what _cleanup_resources reads of the renderer
        pass

    renderer = NotebookRenderer.__new__(NotebookRenderer)
    renderer.executor = Executor()
    renderer.executor.kc = kc

    def cleanup_on_a_loop() -> None:
        asyncio.run(NotebookRenderer._cleanup_resources(renderer))

    assert returns_within(cleanup_on_a_loop, BOUND), "the render's clean-up waited on the kernel"
    assert not kc.channels_running


def test_a_message_to_a_vanished_kernel_fails_instead_of_blocking_the_loop(context) -> None:
    """``Session.send`` sends on a blocking shadow of the client's socket: with no peer to
    queue for, upstream's send waits for ever (the stress run's stall of 2026-11-29: the
    loop in ``Socket.send`` under ``kernel_info``). With ``kernel_send.apply()`` (through
    ``voila_guard.apply()``) it raises ``zmq.Again`` after ``SEND_LIMIT`` s."""
    assert kernel_send.is_applied()
    ports = {
        f"{name}_port": vanished_port() for name in ("shell", "iopub", "stdin", "hb", "control")
    }
    kc = AsyncKernelClient(context=context, ip="127.0.0.1", **ports)
    kc.start_channels()
    failed: list[BaseException] = []

    def ask() -> None:
        try:
            kc.kernel_info()
        except zmq.Again as e:
            failed.append(e)

    try:
        assert returns_within(ask, BOUND), "a send to a vanished kernel waited for good"
        assert len(failed) == 1
    finally:
        kc.stop_channels()
