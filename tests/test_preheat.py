"""A preheated kernel (``catan-tutor serve --class N``, issue 35 scope 2) draws the first
lesson before its visitor comes, then opens what the visitor's address names; the thread
that waits for the address reads it from Voilà's request-info socket (a local websocket
server stands in for Voilà here). The pool's refills: test_kernel_pool.py."""

from __future__ import annotations

import asyncio
import json
import os
import threading

import pytest

from catan_tutor.widgets import App, preheat


@pytest.fixture
def preheated(monkeypatch):
    """The environment of a kernel Voilà preheated, not yet handed to a page."""
    monkeypatch.setenv("VOILA_PREHEAT", "True")
    monkeypatch.delenv("QUERY_STRING", raising=False)
    waiting: list = []
    monkeypatch.setattr(preheat, "await_visitor", waiting.append)
    return waiting


def test_a_preheated_app_draws_the_first_lesson_then_opens_the_visitor_s_link(preheated):
    app = App(start="base_setup")  # the cell ends at once: nothing waits in it
    assert app.session.lesson_id == "base_setup" and len(preheated) == 1
    preheated[0]("lesson=ck_aqueduct&node=2")  # the visitor's address arrives
    assert app.session.lesson_id == "ck_aqueduct"
    assert app.session.timeline.current.id == 2
    assert ">6.5 The aqueduct: science level 3 · Catan tutor<" in app.title.value


def test_a_preheated_app_keeps_the_first_lesson_for_a_bare_address_and_explains_a_bad_one(
    preheated,
):
    app = App(start="base_setup")
    preheated[0]("")
    assert app.session.lesson_id == "base_setup" and app.status.value == ""
    preheated[0]("lesson=no_such_lesson")
    assert app.session.lesson_id == "base_setup"
    assert "This link could not be opened" in app.status.value


def test_an_app_with_its_address_known_waits_for_no_visitor(preheated, monkeypatch):
    monkeypatch.setenv("QUERY_STRING", "lesson=ck_aqueduct")  # a kernel started for its page
    app = App(start="base_setup")
    assert app.session.lesson_id == "ck_aqueduct" and preheated == []


def test_the_visitor_s_request_is_read_from_voila_s_socket(monkeypatch):
    """await_visitor's thread connects to /voila/query/KERNEL_ID (retrying while the server
    is not there yet), puts the request's variables in the environment and calls back."""
    import websockets

    got: list[tuple[str, str | None]] = []
    paths: list[str] = []
    port_ready = threading.Event()
    info = {"QUERY_STRING": "lesson=ck_aqueduct", "SERVER_NAME": "127.0.0.1"}

    async def serve() -> None:
        async def handler(ws) -> None:
            paths.append(ws.request.path)
            await ws.send(json.dumps(info))

        async with websockets.serve(handler, "127.0.0.1", 0) as server:
            port = server.sockets[0].getsockname()[1]
            monkeypatch.setenv("VOILA_APP_PORT", str(port))
            port_ready.set()
            await asyncio.sleep(10)

    monkeypatch.setenv("VOILA_KERNEL_ID", "k-123")
    monkeypatch.setenv("VOILA_SERVER_URL", "/base/")
    for name in ("QUERY_STRING", "SERVER_NAME"):  # the thread sets them: undone after
        monkeypatch.setenv(name, "")
        monkeypatch.delenv(name)
    server = threading.Thread(target=lambda: asyncio.run(serve()), daemon=True)
    server.start()
    assert port_ready.wait(10)
    waiter = preheat.await_visitor(lambda q: got.append((q, os.environ.get("SERVER_NAME"))))
    waiter.join(10)
    assert paths == ["/base/voila/query/k-123"]
    assert got == [("lesson=ck_aqueduct", "127.0.0.1")]


def test_serve_class_keeps_that_many_kernels_ready(monkeypatch, capsys) -> None:
    from catan_tutor import cli

    runs: list[tuple[list[str], dict]] = []
    monkeypatch.setattr(cli.os, "chdir", lambda _: None)
    monkeypatch.setattr(cli.os, "execve", lambda _exe, argv, env: runs.append((argv, env)))
    cli.main(["serve", "--no-browser"])
    assert not any("preheat_kernel" in a for a in runs[-1][0])  # a kernel per page, as before
    cli.main(["serve", "--no-browser", "--class", "3"])
    argv, env = runs[-1]
    assert "--VoilaConfiguration.preheat_kernel=True" in argv
    assert "--VoilaConfiguration.default_pool_size=3" in argv
    assert env["VOILA_APP_IP"] == "127.0.0.1"  # where a ready kernel asks for its visitor
    cli.main(["serve", "--no-browser", "--class", "3", "--host", "0.0.0.0", "--token", "t"])
    assert "VOILA_APP_IP" not in runs[-1][1] or runs[-1][1]["VOILA_APP_IP"] != "0.0.0.0"
    assert cli.main(["serve", "--class", "-1"]) == 2 and len(runs) == 3
    assert "--class -1" in capsys.readouterr().err
