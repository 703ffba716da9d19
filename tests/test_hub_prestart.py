"""``catan-tutor hub-prestart`` (catan_tutor/server/hub_prestart.py, issue 35) against a fake
hub: a tiny tornado app in a thread of its own that answers the REST API calls the tool makes
(``GET /user``, ``GET``/``POST /users/NAME``, ``POST /users``, ``POST /users/NAME/server``) as
JupyterHub 5-6 does, starts a "server" that becomes ready a little later, and records what it
was asked. No real hub, no process started. The tool's event loop runs in a thread of its own
(``_off_main``): a browser test's Playwright, in the same worker, marks the main thread's loop
as running."""

from __future__ import annotations

import argparse
import asyncio
import json
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import pytest
from tornado import web
from tornado.httpserver import HTTPServer
from tornado.netutil import bind_sockets

from catan_tutor.cli import main as cli_main
from catan_tutor.server.hub_prestart import (
    TOKEN_ENV,
    HubAPI,
    HubUnreachable,
    Outcome,
    prestart,
    run,
    user_names,
)

TOKEN = "prestart-test-token-0123"
SPAWN = 1.0  # s a fake server takes to be ready (the three first start well within it)


@dataclass
class FakeHub:
    """The users (name -> the default server's model, or None when it is not running), what
    the tool asked, and how many servers were starting at once at most."""

    users: dict[str, dict | None]
    broken: set[str] = field(default_factory=set)  # their server stops while starting
    stuck: set[str] = field(default_factory=set)  # theirs never gets ready
    starts: list[str] = field(default_factory=list)  # POST /users/NAME/server, in order
    created: list[list[str]] = field(default_factory=list)  # each POST /users's names
    starting: int = 0
    most_starting: int = 0
    url: str = ""

    def start(self, name: str) -> None:
        self.starts.append(name)
        self.users[name] = {"name": "", "ready": False, "pending": "spawn"}
        self.starting += 1
        self.most_starting = max(self.most_starting, self.starting)
        if name not in self.stuck:
            asyncio.get_running_loop().call_later(SPAWN, self._started, name)

    def _started(self, name: str) -> None:
        self.starting -= 1
        if name in self.broken:
            self.users[name] = None  # JupyterHub drops a server whose start failed
        else:
            self.users[name] = {"name": "", "ready": True, "pending": None}

    def ready(self, name: str) -> bool:
        return bool((self.users.get(name) or {}).get("ready"))


class _API(web.RequestHandler):
    def initialize(self, fake: FakeHub) -> None:
        self.fake = fake

    def prepare(self) -> None:
        if self.request.headers.get("Authorization") != f"token {TOKEN}":
            self._fail(403, "Action is not authorized with current scopes")

    def _fail(self, code: int, message: str) -> None:
        self.set_status(code)
        self.finish(json.dumps({"status": code, "message": message}))

    def _model(self, name: str) -> dict:
        server = self.fake.users[name]
        return {"kind": "user", "name": name, "servers": {"": server} if server else {}}


class WhoAmI(_API):
    def get(self) -> None:
        self.write({"kind": "service", "name": "class-prestart"})


class Users(_API):
    def post(self) -> None:
        names = json.loads(self.request.body)["usernames"]
        self.fake.created.append(names)
        new = [n for n in names if n not in self.fake.users]
        if not new:
            return self._fail(409, f"All {len(names)} users already exist")
        for n in new:
            self.fake.users[n] = None
        self.set_status(201)
        self.write(json.dumps([self._model(n) for n in new]))


class User(_API):
    def get(self, name: str) -> None:
        if name not in self.fake.users:
            return self._fail(404, "Not Found")
        self.write(self._model(name))


class Server(_API):
    def post(self, name: str) -> None:
        if name not in self.fake.users:
            return self._fail(404, "Not Found")
        server = self.fake.users[name]
        if server and server["ready"]:
            return self._fail(400, f"{name}'s server is already running")
        if server and server["pending"] == "spawn":
            self.set_status(202)
            return
        self.fake.start(name)
        self.set_status(202)


@pytest.fixture
def fake() -> Iterator[FakeHub]:
    """A fake hub on 127.0.0.1, served from a thread with its own event loop."""
    state = FakeHub(
        users={
            "student01": {"name": "", "ready": True, "pending": None},  # running already
            "student02": None,  # a user without a server
            "student03": None,
        }
    )
    sockets = bind_sockets(0, "127.0.0.1")
    state.url = f"http://127.0.0.1:{sockets[0].getsockname()[1]}"
    loop = asyncio.new_event_loop()
    routes = [
        (r"/hub/api/user", WhoAmI),
        (r"/hub/api/users", Users),
        (r"/hub/api/users/([^/]+)", User),
        (r"/hub/api/users/([^/]+)/server", Server),
    ]
    app = web.Application([(path, h, {"fake": state}) for path, h in routes])
    up = threading.Event()

    def serve() -> None:
        asyncio.set_event_loop(loop)
        server = HTTPServer(app)
        server.add_sockets(sockets)
        loop.call_soon(up.set)
        loop.run_forever()
        server.stop()
        loop.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    up.wait(10)
    yield state
    loop.call_soon_threadsafe(loop.stop)
    thread.join(10)


def _off_main(fn: Callable, *args):
    """``fn(*args)`` in another thread (its own asyncio loop), its result or exception here."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(fn, *args).result()


def _prestart(fake: FakeHub, names: list[str], token: str = TOKEN, **kw) -> list[Outcome]:
    async def go() -> list[Outcome]:
        api = HubAPI(fake.url, token)
        try:
            return await prestart(api, names, poll=0.05, **kw)
        finally:
            api.close()

    return _off_main(asyncio.run, go())


def test_starts_only_the_missing_servers_creating_missing_users_and_waits_until_ready(
    fake: FakeHub,
) -> None:
    names = user_names(["student01..student08"])
    heard: list[tuple[Outcome, bool]] = []  # each outcome, and whether the hub said ready
    t0 = time.monotonic()
    out = _prestart(fake, names, at_once=3, report=lambda o: heard.append((o, fake.ready(o.name))))
    took = time.monotonic() - t0
    assert [o.name for o in out] == names
    assert {o.name: o.status for o in out} == {"student01": "running"} | {
        n: "started" for n in names[1:]
    }
    # one POST /users for the five students the hub did not know; none for the others
    assert fake.created == [["student04", "student05", "student06", "student07", "student08"]]
    # student01's server was running: never asked to start; each other one exactly once
    assert sorted(fake.starts) == names[1:]
    # each reported started only once its server was ready, after the spawn took its time
    assert all(ready for o, ready in heard if o.status == "started")
    assert all(o.seconds >= SPAWN * 0.9 for o in out if o.status == "started")
    assert len(heard) == len(names)
    # bounded: never more than 3 starting at once, and 3 at once were used
    assert fake.most_starting == 3
    assert took >= 3 * SPAWN  # 7 starts, 3 at a time: at least three rounds


def test_one_at_a_time_starts_the_servers_in_turn(fake: FakeHub) -> None:
    out = _prestart(fake, ["student02", "student03"], at_once=1)
    assert [o.status for o in out] == ["started", "started"]
    assert fake.most_starting == 1


def test_a_server_that_fails_or_never_gets_ready_is_reported_and_the_rest_still_start(
    fake: FakeHub,
) -> None:
    fake.users |= {"broken": None, "stuck": None}
    fake.broken.add("broken")
    fake.stuck.add("stuck")
    # a time-out well over a fake server's SPAWN, so student02 is ready within it on a busy machine
    out = {o.name: o for o in _prestart(fake, ["broken", "stuck", "student02"], timeout=4.0)}
    assert out["student02"].status == "started"
    assert out["broken"].status == "failed"
    assert "stopped before it was ready" in out["broken"].why
    assert out["stuck"].status == "failed" and "not ready within 4 s" in out["stuck"].why
    assert 4.0 <= out["stuck"].seconds < 30.0  # gave up at its time-out, not at the default 300 s
    assert "FAILED" in out["stuck"].line()


def test_without_create_a_missing_user_fails_and_nothing_is_created(fake: FakeHub) -> None:
    out = _prestart(fake, ["nobody", "student02"], create=False)
    assert [(o.name, o.status) for o in out] == [("nobody", "failed"), ("student02", "started")]
    assert "no such user" in out[0].why
    assert fake.created == [] and fake.starts == ["student02"]


def test_a_refused_token_stops_before_anything_starts(fake: FakeHub) -> None:
    with pytest.raises(HubUnreachable, match="refused the token"):
        _prestart(fake, ["student02"], token="wrong-token-0000")
    assert fake.starts == [] and fake.created == []


def test_the_command_prints_each_student_and_exits_1_on_a_failure(fake: FakeHub, capsys) -> None:
    fake.users["broken"] = None
    fake.broken.add("broken")
    args = argparse.Namespace(
        url=fake.url + "/",
        users=["student01..student02", "broken"],
        at_once=2,
        timeout=5.0,
        no_create=False,
    )
    assert _off_main(run, args, {TOKEN_ENV: TOKEN}) == 1
    out = capsys.readouterr().out
    assert "student01: already running" in out
    assert "student02: ready after" in out
    assert "broken: FAILED after" in out
    assert "1 started, 1 already running, 1 failed (broken), in" in out


def test_the_command_needs_a_token_and_a_hub_that_answers(capsys, monkeypatch) -> None:
    monkeypatch.delenv(TOKEN_ENV, raising=False)
    assert cli_main(["hub-prestart", "http://127.0.0.1:9", "--users", "a1..a3"]) == 2
    assert TOKEN_ENV in capsys.readouterr().err
    monkeypatch.setenv(TOKEN_ENV, TOKEN)
    sockets = bind_sockets(0, "127.0.0.1")  # a port nobody listens on: bound, then let go
    port = sockets[0].getsockname()[1]
    sockets[0].close()
    assert _off_main(cli_main, ["hub-prestart", f"http://127.0.0.1:{port}", "--users", "a1"]) == 2
    assert "/hub/api/user" in capsys.readouterr().err


def test_user_names_ranges_lists_and_repeats() -> None:
    assert user_names(["student01..student03"]) == ["student01", "student02", "student03"]
    assert user_names(["s8..s10", "ada,bob", "s9"]) == ["s8", "s9", "s10", "ada", "bob"]
    assert user_names(["a-1..a-2"]) == ["a-1", "a-2"]
    assert user_names(["x..y"]) == ["x..y"]  # not a range: a name (the hub may refuse it)
    with pytest.raises(ValueError, match="backwards"):
        user_names(["s5..s2"])
