"""Kernel websocket messages are read with bounds (catan_tutor/server/voila_guard.py).

Voilà 0.5.13 reads every binary message it sends as a v1-protocol one, looping over as many
offsets as its first 8 bytes say: a legacy-protocol client (no subprotocol) makes that ~10**17
and hangs the server for every visitor. jupyter_server 2.21.1 does the same with a client's
v1 message, and builds a struct format as long as a legacy message's buffer count. The unit
tests check the bounded readers on real v1, legacy and garbage messages; the slow test runs a
Voilà as ``catan-tutor serve`` does, attacks it on both protocols while its kernel sends binary
messages, and checks it keeps answering with its memory flat.
"""

from __future__ import annotations

import json
import os
import re
import signal
import struct
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import psutil
import pytest
from helpers import killed_leaves_nothing
from hypothesis import given, settings
from hypothesis import strategies as st
from jupyter_server.services.kernels.connection import base, channels
from jupyter_server.services.kernels.connection.base import (
    serialize_binary_message,
    serialize_msg_to_ws_v1,
)
from voila.tornado import kernel_websocket_handler

from catan_tutor import cli
from catan_tutor.errors import CatanError
from catan_tutor.server import serve, voila_guard
from catan_tutor.server.voila_guard import (
    MAX_PARTS,
    V1_PROTOCOL,
    MalformedKernelMessage,
    check_legacy_message,
    check_v1_message,
    read_v1_header,
)
from catan_tutor.study.resources import jupyter_config_dir

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"


@contextmanager
def within(seconds: float) -> Iterator[None]:
    """Fail (TimeoutError) instead of hanging if the body runs longer than ``seconds``."""

    def expire(*_):
        raise TimeoutError(f"took over {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _msg(msg_type: str, content: dict | None = None, buffers: Sequence[bytes] = ()) -> dict:
    header = {
        "msg_id": uuid.uuid4().hex,
        "msg_type": msg_type,
        "username": "u",
        "session": "s",
        "date": "2024-01-01T00:00:00Z",
        "version": "5.3",
    }
    return {
        "header": header,
        "parent_header": {},
        "metadata": {},
        "content": content or {},
        "buffers": list(buffers),
    }


def _v1(msg: dict, channel: str = "iopub") -> bytes:
    parts = [
        json.dumps(msg[k]).encode() for k in ("header", "parent_header", "metadata", "content")
    ]
    return serialize_msg_to_ws_v1([*parts, *msg["buffers"]], channel)


def _legacy(msg: dict, channel: str = "iopub") -> bytes:
    return serialize_binary_message({**msg, "channel": channel})


# ----------------------------------------------------------------------------- the readers

V1_CASES = [
    _msg("execute_input", {"code": "x = 1"}),
    _msg("comm_msg", {"data": {"n": 1}}, [b"\x00" * 64, b"abc"]),
    _msg("status", {"execution_state": "idle"}),
    _msg("comm_msg", {"data": {}}, [b""] * 40),
]


@pytest.mark.parametrize("msg", V1_CASES, ids=lambda m: m["header"]["msg_type"])
def test_v1_messages_are_read_as_voila_reads_them(msg: dict) -> None:
    data = _v1(msg)
    assert read_v1_header(data) == msg["header"]
    check_v1_message(data)  # passes
    voila_guard.apply()
    original = voila_guard.ORIGINALS[
        kernel_websocket_handler.__name__, "read_header_from_binary_message"
    ]
    assert original(data) == read_v1_header(data)
    channel, parts = base.deserialize_msg_from_ws_v1(data)  # the guarded one, as upstream
    assert channel == "iopub" and json.loads(parts[0]) == msg["header"]


@pytest.mark.parametrize("msg", V1_CASES, ids=lambda m: m["header"]["msg_type"])
def test_legacy_messages_are_not_read_as_v1_and_return_at_once(msg: dict) -> None:
    data = _legacy(msg)
    count_as_v1 = int.from_bytes(data[:8], "little")
    assert count_as_v1 > 10**15  # what hung Voilà: a loop over that many offsets
    with within(0.5):
        assert read_v1_header(data) is None
    check_legacy_message(data)  # passes
    voila_guard.apply()
    assert base.deserialize_binary_message(data)["header"]["msg_type"] == msg["header"]["msg_type"]


GARBAGE = {
    "empty": b"",
    "short": b"\x03" + bytes(6),
    "count 2**63": (2**63).to_bytes(8, "little") + bytes(40),
    "count beyond the message": (7).to_bytes(8, "little") + bytes(40),
    "offsets beyond the message": b"".join(n.to_bytes(8, "little") for n in (3, 32, 32, 999)),
    "offsets backwards": b"".join(n.to_bytes(8, "little") for n in (3, 32, 40, 33)) + bytes(8),
    "header not JSON": b"".join(n.to_bytes(8, "little") for n in (3, 32, 32, 35)) + b"{x}",
    "header a JSON list": b"".join(n.to_bytes(8, "little") for n in (3, 32, 32, 34)) + b"[]",
    "header not UTF-8": b"".join(n.to_bytes(8, "little") for n in (3, 32, 32, 34)) + b"\xff\xfe",
    "text, not bytes": "{}",
}


@pytest.mark.parametrize("data", GARBAGE.values(), ids=GARBAGE.keys())
def test_garbage_has_no_header(data) -> None:
    with within(0.5):
        assert read_v1_header(data) is None


@settings(max_examples=300)
@given(st.binary(max_size=200), st.integers(0, 2**64 - 1))
def test_any_bytes_are_read_at_once_to_a_header_or_none(tail: bytes, count: int) -> None:
    data = count.to_bytes(8, "little") + tail
    with within(0.5):
        header = read_v1_header(data)
    assert header is None or isinstance(header, dict)


MALFORMED_V1 = {
    "text, not bytes": "{}",
    "no count": b"\x01\x02",
    "count 2**62": (2**62).to_bytes(8, "little") + bytes(24),
    "count 1": (1).to_bytes(8, "little") + bytes(16),
    "count beyond the message": (6).to_bytes(8, "little") + bytes(40),
    "count over MAX_PARTS": (MAX_PARTS + 1).to_bytes(8, "little") + bytes(8 * (MAX_PARTS + 2)),
}
MALFORMED_LEGACY = {
    "text, not bytes": "{}",
    "no count": b"\x00\x00",
    "count 2**31 - 1": struct.pack("!i", 2**31 - 1) + bytes(8),
    "count 0": struct.pack("!i", 0) + bytes(8),
    "negative count": struct.pack("!i", -5) + bytes(8),
    "count beyond the message": struct.pack("!i", 3) + bytes(8),
}


@pytest.mark.parametrize("data", MALFORMED_V1.values(), ids=MALFORMED_V1.keys())
def test_malformed_v1_messages_from_a_client_are_refused_at_once(data) -> None:
    voila_guard.apply()
    with within(0.5), pytest.raises(MalformedKernelMessage):
        channels.deserialize_msg_from_ws_v1(data)  # as the server's handler calls it


@pytest.mark.parametrize("data", MALFORMED_LEGACY.values(), ids=MALFORMED_LEGACY.keys())
def test_malformed_legacy_messages_from_a_client_are_refused_at_once(data) -> None:
    voila_guard.apply()
    with within(0.5), pytest.raises(MalformedKernelMessage):
        channels.deserialize_binary_message(data)


def test_refusals_are_the_packages_input_errors() -> None:
    assert issubclass(MalformedKernelMessage, CatanError)
    assert issubclass(MalformedKernelMessage, ValueError)


def test_apply_swaps_every_reader_once() -> None:
    voila_guard.apply()
    voila_guard.apply()
    assert voila_guard.is_applied()
    assert kernel_websocket_handler.read_header_from_binary_message is read_v1_header
    for module in (base, channels):
        for name in ("deserialize_msg_from_ws_v1", "deserialize_binary_message"):
            guarded = getattr(module, name)
            assert guarded.__wrapped__ is voila_guard.ORIGINALS[module.__name__, name]
            assert not getattr(guarded.__wrapped__, "_catan_tutor_guarded", False)


def test_voila_still_drops_execute_input_and_passes_the_rest(monkeypatch) -> None:
    """Voilà's handler filters ``execute_input`` (the notebook's code) out of v1 messages;
    anything it cannot read, a legacy message too, goes on unchanged."""
    voila_guard.apply()
    sent: list = []
    monkeypatch.setattr(
        kernel_websocket_handler.WebsocketHandler,
        "write_message",
        lambda self, message, binary=False: sent.append(message),
    )
    handler = object.__new__(kernel_websocket_handler.VoilaKernelWebsocketHandler)
    code, comm = _v1(V1_CASES[0]), _v1(V1_CASES[1])
    legacy = _legacy(V1_CASES[1])
    with within(1):
        for message in (code, comm, legacy, b"\xff" * 16):
            handler.write_message(message, binary=True)
    assert sent == [comm, legacy, b"\xff" * 16]


# ----------------------------------------------------------------------------- where it runs


def test_serve_and_the_test_servers_run_voila_guarded(monkeypatch) -> None:
    runs: list[list[str]] = []
    monkeypatch.setattr(cli.os, "chdir", lambda _: None)
    monkeypatch.setattr(cli.os, "execve", lambda _exe, argv, _env: runs.append(argv))
    cli.main(["serve", "--no-browser"])
    assert runs[-1][1:3] == ["-m", "catan_tutor.server.voila_guard"]
    assert serve.VOILA_MODULE == "catan_tutor.server.voila_guard"


def test_jupyter_servers_load_the_guard_as_an_extension() -> None:
    """JupyterHub, Binder and ``catan-tutor lab`` read the packaged jupyter_server_config.json
    (Voilà as a server extension: jupyter_server's own kernel handler, which reads clients'
    messages with the same unbounded loops)."""
    config = json.loads((jupyter_config_dir() / "jupyter_server_config.json").read_text())
    assert config["ServerApp"]["jpserver_extensions"]["catan_tutor.server.voila_guard"] is True
    assert voila_guard._jupyter_server_extension_points() == [
        {"module": "catan_tutor.server.voila_guard"}
    ]
    logged: list[str] = []

    class Log:
        def info(self, text: str) -> None:
            logged.append(text)

    class App:
        log = Log()

    voila_guard._load_jupyter_server_extension(App())
    assert voila_guard.is_applied() and "bounds" in logged[0]


# ----------------------------------------------------------------------------- a live Voilà

PUMP = """import threading, time
from comm import create_comm
probe = create_comm(target_name="probe", data={})
def echo(msg):
    bufs = [bytes(b) for b in msg.get("buffers") or []]
    probe.send(data={"echo": msg["content"]["data"].get("tag")}, buffers=bufs)
probe.on_msg(echo)
def pump():
    while True:
        probe.send(data={"n": 1}, buffers=[bytes(64)])
        time.sleep(0.05)
threading.Thread(target=pump, daemon=True).start()
print("probe-comm:" + probe.comm_id)"""
NOTEBOOK = {
    "cells": [
        {
            "cell_type": "code",
            "execution_count": None,
            "id": "pump",
            "metadata": {},
            "outputs": [],
            "source": PUMP,
        }
    ],
    "metadata": {
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
    },
    "nbformat": 4,
    "nbformat_minor": 5,
}
RSS_GROWTH_MIB = 64  # unguarded: ~8 MiB/s (hang) or ~150 MiB per legacy message of 2**22
HTTP_WITHIN = 2.0  # seconds for the server to answer while attacked


@pytest.fixture(scope="module")
def pump_server(tmp_path_factory) -> Iterator[tuple[str, psutil.Process, str, str]]:
    """Voilà started as ``catan-tutor serve`` starts it, on a notebook whose kernel sends a
    binary comm message every 50 ms; yields (url, server process, kernel id, comm id)."""
    root = tmp_path_factory.mktemp("voila_guard")
    (root / "pump.ipynb").write_text(json.dumps(NOTEBOOK))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with serve.voila("pump.ipynb", ARTIFACTS / "voila_guard.log", root=root) as (url, proc):
        with urllib.request.urlopen(url, timeout=60) as response:
            page = response.read().decode()
        kernel = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', page).group(1)
        comm = re.search(r"probe-comm:([0-9a-f]{32})", page).group(1)
        yield url, psutil.Process(proc.pid), kernel, comm


@pytest.fixture(scope="module")
def pump_hub_server(tmp_path_factory) -> Iterator[tuple[str, psutil.Process, str, str, Path]]:
    """A Jupyter server with the Voilà extension and the packaged settings, as JupyterHub
    runs one, on the same notebook; yields (url, server process, kernel id, token, log)."""
    root = tmp_path_factory.mktemp("voila_guard_hub")
    (root / "pump.ipynb").write_text(json.dumps(NOTEBOOK))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log = ARTIFACTS / "voila_guard_hub.log"
    token = uuid.uuid4().hex
    with serve.jupyter_server(root, log, token) as url:
        page_url = f"{url}voila/render/pump.ipynb?token={token}"
        with urllib.request.urlopen(page_url, timeout=60) as response:
            page = response.read().decode()
        kernel = re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', page).group(1)
        server = next(
            p
            for p in psutil.Process().children(recursive=True)
            if f"--IdentityProvider.token={token}" in p.cmdline()
        )
        yield url, server, kernel, token, log


def _connect(url: str, kernel: str, v1: bool, token: str = ""):
    """A websocket to ``kernel``'s channels, in the v1 protocol or the legacy one."""
    from websockets.sync.client import connect

    ws_url = url.replace("http", "ws", 1) + (
        f"api/kernels/{kernel}/channels?session_id={uuid.uuid4().hex}"
        + (f"&token={token}" if token else "")
    )
    return connect(ws_url, subprotocols=[V1_PROTOCOL] if v1 else None, open_timeout=10)


def _answers(url: str) -> float:
    """Seconds the server takes to answer a plain request (fails past HTTP_WITHIN)."""
    t0 = time.monotonic()
    try:
        urllib.request.urlopen(url + "voila/static/no-such-file", timeout=HTTP_WITHIN).close()
    except urllib.error.HTTPError:
        pass  # an answer
    return time.monotonic() - t0


def _comm_messages(ws, seconds: float, decode, echo: str | None = None) -> list[dict]:
    """The comm messages received within ``seconds``, or until the probe's ``echo`` of a
    message tagged so (then only that one)."""
    got: list[dict] = []
    t0 = time.monotonic()
    while time.monotonic() - t0 < seconds:
        try:
            frame = ws.recv(timeout=0.2)
        except TimeoutError:
            continue
        if isinstance(frame, bytes):
            msg = decode(frame)
            if msg["header"]["msg_type"] != "comm_msg":
                continue
            if echo is None:
                got.append(msg)
            elif msg["content"]["data"].get("echo") == echo:
                return [msg]
    return got


def _legacy_decode(frame: bytes) -> dict:
    return base.deserialize_binary_message(frame)


def _v1_decode(frame: bytes) -> dict:
    _, parts = base.deserialize_msg_from_ws_v1(frame)
    return {"header": json.loads(parts[0]), "content": json.loads(parts[3]), "buffers": parts[4:]}


def _comm_to(comm: str, tag: str, buffers: list[bytes]) -> dict:
    return _msg("comm_msg", {"comm_id": comm, "data": {"tag": tag}}, buffers)


@pytest.mark.slow
@pytest.mark.kernel
def test_a_legacy_client_cannot_hang_voila(pump_server) -> None:
    """The attack seen live: a kernel websocket without the v1 subprotocol while the kernel
    sends binary messages. The server keeps answering, the client gets the messages in the
    legacy format, the kernel still hears it, and the server's memory stays flat."""
    url, server, kernel, comm = pump_server
    rss0 = server.memory_info().rss / 2**20
    with _connect(url, kernel, v1=False) as ws:
        assert ws.subprotocol is None
        got = _comm_messages(ws, 2.0, _legacy_decode)
        assert _answers(url) < HTTP_WITHIN
        assert len(got) >= 5 and got[0]["buffers"] == [bytes(64)]
        ws.send(_legacy(_comm_to(comm, "legacy", [b"tile", b"road"]), "shell"))
        echoes = _comm_messages(ws, 5.0, _legacy_decode, echo="legacy")
        assert echoes and echoes[0]["buffers"] == [b"tile", b"road"]
    assert _answers(url) < HTTP_WITHIN
    assert server.memory_info().rss / 2**20 - rss0 < RSS_GROWTH_MIB


@pytest.mark.slow
@pytest.mark.kernel
@pytest.mark.parametrize("v1", [True, False], ids=["v1", "legacy"])
def test_a_malformed_client_message_closes_only_its_socket(pump_server, v1: bool) -> None:
    """A count of 2**62 offsets (v1) or 2**22 buffers (legacy) from a client: its socket is
    closed at once, the server keeps answering, its memory stays flat, and the next socket
    works (a v1 one sends a comm message with buffers and hears its echo)."""
    url, server, kernel, comm = pump_server
    rss0 = server.memory_info().rss / 2**20
    attack = (
        (2**62).to_bytes(8, "little") + bytes(24) if v1 else struct.pack("!i", 2**22) + bytes(8)
    )
    with _connect(url, kernel, v1=v1) as ws:
        ws.send(attack)
        from websockets.exceptions import ConnectionClosed

        with pytest.raises(ConnectionClosed):
            _comm_messages(ws, 5.0, _v1_decode if v1 else _legacy_decode)
    assert _answers(url) < HTTP_WITHIN
    assert server.memory_info().rss / 2**20 - rss0 < RSS_GROWTH_MIB
    with _connect(url, kernel, v1=True) as ws:
        assert ws.subprotocol == V1_PROTOCOL
        ws.send(_v1(_comm_to(comm, "v1", [b"knight"]), "shell"))
        echoes = _comm_messages(ws, 5.0, _v1_decode, echo="v1")
        assert echoes and echoes[0]["buffers"] == [b"knight"]


@pytest.mark.slow
@pytest.mark.kernel
def test_a_jupyter_server_loads_the_guard_and_refuses_malformed_messages(pump_hub_server) -> None:
    """Voilà as a server extension (JupyterHub, Binder) uses jupyter_server's own kernel
    handler: a legacy client is no threat there, a client's malformed v1 message was
    (a loop over 2**62 offsets). The packaged settings load the guard; the message closes
    that socket only."""
    url, server, kernel, token, log = pump_hub_server
    assert "catan_tutor.server.voila_guard: kernel websocket messages read with bounds" in (
        log.read_text()
    )
    rss0 = server.memory_info().rss / 2**20
    with _connect(url, kernel, v1=True, token=token) as ws:
        assert ws.subprotocol == V1_PROTOCOL
        assert _comm_messages(ws, 2.0, _v1_decode)  # the kernel's binary messages arrive
        ws.send((2**62).to_bytes(8, "little") + bytes(24))
        from websockets.exceptions import ConnectionClosed

        with pytest.raises(ConnectionClosed):
            _comm_messages(ws, 5.0, _v1_decode)
    assert _answers(url) < HTTP_WITHIN
    assert server.memory_info().rss / 2**20 - rss0 < RSS_GROWTH_MIB


STARTER_KILLED = """
import os, signal, subprocess, sys
child = subprocess.Popen([sys.executable, "-c",
    "import os, time\\n"
    "from catan_tutor.server.voila_guard import follow_starter\\n"
    "follow_starter()\\n"
    "print(os.getpid(), flush=True)\\n"
    "time.sleep(60)"], env={**os.environ, "FOLLOW": str(os.getpid())}, stdout=subprocess.PIPE)
print(child.stdout.readline().decode(), flush=True)  # it follows this process now
os.kill(os.getpid(), signal.SIGKILL)
""".replace("FOLLOW", serve.FOLLOW)


def test_a_server_whose_starter_is_killed_ends_too(tmp_path) -> None:
    """A test run killed outright (no fixture teardown) left its Voilà servers and their
    kernels running (ppid 1); a server ``serve.voila`` starts follows its starter out
    (``follow_starter``: SIGTERM, which ``server_stop`` turns into a clean shutdown)."""
    killed_leaves_nothing(
        tmp_path, STARTER_KILLED, "the server outlived the process that started it"
    )


def test_a_server_followed_by_nobody_keeps_running(tmp_path) -> None:
    """Without ``CATAN_FOLLOW_PARENT`` (``catan-tutor serve``, a host's command) nothing is
    followed: the server is not ended by its parent's going."""
    env = {k: v for k, v in os.environ.items() if k != serve.FOLLOW}
    code = "from catan_tutor.server.voila_guard import follow_starter; follow_starter()\n"
    code += "import threading; print(sorted(t.name for t in threading.enumerate()))"
    shown = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60
    )
    assert shown.stdout.strip() == "['MainThread']", shown.stderr
