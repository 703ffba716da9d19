"""Start a class's servers on a JupyterHub before the class comes (issue 35:
``catan-tutor hub-prestart``).

A student's own Jupyter server costs about 3 s of CPU to start; when a whole class logs in at
once, every server starts at the same moment and the boards come late. A teacher (or a cron
job) runs this a few minutes before the lesson instead::

    CATAN_HUB_API_TOKEN=... catan-tutor hub-prestart https://hub.school.org \\
        --users student01..student30

Through the hub's REST API (``{URL}/hub/api``, the token in ``Authorization: token ...``):

- ``GET /users/NAME`` for each student; those missing are created in one
  ``POST /users`` (unless ``--no-create``);
- a student whose server is ready already is left alone (``already running``);
- the others' servers are started with ``POST /users/NAME/server``, ``at_once`` at a time
  (a slot is free again once that server is ready or has failed), and each is watched with
  ``GET /users/NAME`` until ``servers[""].ready`` or ``timeout`` seconds;
- every student gets one line (ready after how long, or why not); the exit code is 1 if any
  failed, 2 if the hub could not be reached or refused the token.

The token needs the scopes ``servers`` (start them, read their state) and ``admin:users``
(create users; not needed with ``--no-create``): an admin's token (the hub's Token page) or a
service's (``CATAN_HUB_PRESTART_TOKEN`` in hosting/jupyterhub_config.py). The idle culler
stops a server nobody used within its timeout (30 minutes in hosting/jupyterhub_config.py),
counted from the server's start: start them less than that before the class. See
hosting/README.md, "Servers started before the class".
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

if TYPE_CHECKING:  # tornado is imported only when the command runs (the CLI starts fast)
    from tornado.httpclient import AsyncHTTPClient

TOKEN_ENV = "CATAN_HUB_API_TOKEN"
AT_ONCE = 4  # servers starting at the same time (each about 3 s of one core on its own)
TIMEOUT = 300.0  # s for one server to be ready (hosting/jupyterhub_config.py: start_timeout)
POLL = 1.0  # s between two looks at a starting server
REQUEST_TIMEOUT = 60.0  # s for one API request (a busy hub answers slowly)
_RANGE = re.compile(r"(?P<stem>.*?)(?P<first>\d+)\.\.(?P=stem)(?P<last>\d+)")


@dataclass(frozen=True)
class Outcome:
    """What became of one student's server: ``started`` (ready after ``seconds``),
    ``running`` (ready before this run; left alone) or ``failed`` (``why``)."""

    name: str
    status: str
    seconds: float = 0.0
    why: str = ""

    def line(self) -> str:
        if self.status == "started":
            return f"{self.name}: ready after {self.seconds:.1f} s"
        if self.status == "running":
            return f"{self.name}: already running"
        return f"{self.name}: FAILED after {self.seconds:.1f} s: {self.why}"


class HubUnreachable(Exception):
    """The hub did not answer, or refused the token: nothing can be started."""


def user_names(specs: Iterable[str]) -> list[str]:
    """``student01..student30``, ``ada,bob`` or ``ada`` (any mix), in order, each once.

    A range keeps the first number's width (``s1..s10``: s1, s2, ... s10;
    ``s01..s10``: s01 ... s10)."""
    names: list[str] = []
    for spec in specs:
        for part in filter(None, (p.strip() for p in spec.split(","))):
            m = _RANGE.fullmatch(part)
            if not m:
                names.append(part)
                continue
            first, last = int(m["first"]), int(m["last"])
            if last < first:
                raise ValueError(f"{part}: the range runs backwards")
            width = len(m["first"])
            names += [f"{m['stem']}{i:0{width}}" for i in range(first, last + 1)]
    return list(dict.fromkeys(names))


class HubAPI:
    """The few calls of JupyterHub's REST API this needs (``base``: the hub's public URL)."""

    def __init__(self, base: str, token: str, client: AsyncHTTPClient | None = None):
        from tornado.httpclient import AsyncHTTPClient

        self.api = base.rstrip("/") + "/hub/api"
        self.token = token
        self.client = client or AsyncHTTPClient(force_instance=True, max_clients=32)

    async def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        """(status, decoded JSON or None); a 4xx/5xx is returned, not raised; no answer at
        all raises HubUnreachable."""
        from tornado.httpclient import HTTPClientError, HTTPRequest

        request = HTTPRequest(
            self.api + path,
            method=method,
            headers={"Authorization": f"token {self.token}", "Content-Type": "application/json"},
            body=None if method == "GET" else json.dumps(body or {}),
            request_timeout=REQUEST_TIMEOUT,
        )
        try:
            response = await self.client.fetch(request, raise_error=False)
        except (OSError, HTTPClientError) as e:  # refused, unknown host, time-out (599)
            raise HubUnreachable(f"{method} {self.api}{path}: {e}") from None
        if response.code == 599:
            raise HubUnreachable(f"{method} {self.api}{path}: {response.error}")
        try:
            return response.code, json.loads(response.body or b"null")
        except ValueError:
            return response.code, None

    def close(self) -> None:
        self.client.close()


def _why(status: int, body: Any) -> str:
    """The hub's own message for an error answer (its JSON ``message``), with the status."""
    message = body.get("message") if isinstance(body, dict) else None
    return f"HTTP {status}" + (f": {message}" if message else "")


def _server(model: Any) -> dict:
    """The default server's model in a user model ({} when it is not running or starting)."""
    servers = model.get("servers") if isinstance(model, dict) else None
    return (servers or {}).get("", {}) or {}


async def prestart(
    api: HubAPI,
    names: list[str],
    *,
    at_once: int = AT_ONCE,
    timeout: float = TIMEOUT,
    create: bool = True,
    poll: float = POLL,
    report: Callable[[Outcome], None] = lambda o: None,
) -> list[Outcome]:
    """Start the servers of ``names`` not running yet, ``at_once`` at a time, each waited for
    until ready (or ``timeout`` s); ``report`` hears each outcome as it comes. Raises
    HubUnreachable when the hub does not answer or refuses the token."""
    if at_once < 1:
        raise ValueError(f"at_once={at_once}: at least 1")
    status, me = await api.call("GET", "/user")  # whose token: refused at once if bad
    if status in (401, 403):
        raise HubUnreachable(f"the hub refused the token ({_why(status, me)})")
    if status != 200:
        raise HubUnreachable(f"GET {api.api}/user: {_why(status, me)}")
    models = dict(zip(names, await asyncio.gather(*(_user(api, n) for n in names)), strict=True))
    missing = [n for n, (code, _) in models.items() if code == 404]
    outcomes: dict[str, Outcome] = {}
    if missing and create:
        code, body = await api.call("POST", "/users", {"usernames": missing})
        if code not in (201, 409):  # 409: all of them exist meanwhile
            for n in missing:
                outcomes[n] = Outcome(n, "failed", why=f"not created ({_why(code, body)})")
    for n, (code, body) in models.items():
        if n in outcomes or (code == 404 and create):
            continue
        if code == 404:
            outcomes[n] = Outcome(n, "failed", why="no such user (--no-create)")
        elif code != 200:
            outcomes[n] = Outcome(n, "failed", why=f"not readable ({_why(code, body)})")
        elif _server(body).get("ready"):
            outcomes[n] = Outcome(n, "running")
    for o in outcomes.values():
        report(o)
    slots = asyncio.Semaphore(at_once)

    async def one(name: str) -> Outcome:
        async with slots:
            outcome = await _start(api, name, timeout, poll)
        report(outcome)
        return outcome

    todo = [n for n in names if n not in outcomes]
    for o in await asyncio.gather(*(one(n) for n in todo)):
        outcomes[o.name] = o
    return [outcomes[n] for n in names]


async def _user(api: HubAPI, name: str) -> tuple[int, Any]:
    return await api.call("GET", f"/users/{quote(name, safe='')}")


async def _start(api: HubAPI, name: str, timeout: float, poll: float) -> Outcome:
    """Start ``name``'s server (unless it is starting already) and wait until it is ready."""
    t0 = time.monotonic()
    path = f"/users/{quote(name, safe='')}"

    def failed(why: str) -> Outcome:
        return Outcome(name, "failed", time.monotonic() - t0, why)

    try:
        code, body = await api.call("POST", path + "/server")
    except HubUnreachable as e:
        return failed(f"not started ({e})")
    if code == 400 and "already running" in _why(code, body):
        return Outcome(name, "running")
    if code not in (201, 202):  # 201: ready at once; 202: starting
        return failed(f"not started ({_why(code, body)})")
    pending = "spawn"
    while True:
        try:
            code, model = await api.call("GET", path)
        except HubUnreachable:  # a busy hub's slow answer: look again until the time-out
            code, model = 0, None
        if code not in (0, 200):
            return failed(f"not readable while starting ({_why(code, model)})")
        if code == 200:
            server = _server(model)
            if server.get("ready"):
                return Outcome(name, "started", time.monotonic() - t0)
            if not server.get("pending"):
                return failed("the server stopped before it was ready (see the hub's log)")
            pending = server["pending"]
        if time.monotonic() - t0 >= timeout:
            return failed(f"not ready within {timeout:.0f} s (still {pending})")
        await asyncio.sleep(poll)


def summary(outcomes: list[Outcome], seconds: float) -> str:
    started = sum(o.status == "started" for o in outcomes)
    running = sum(o.status == "running" for o in outcomes)
    failed = [o.name for o in outcomes if o.status == "failed"]
    return (
        f"{started} started, {running} already running, {len(failed)} failed"
        + (f" ({', '.join(failed)})" if failed else "")
        + f", in {seconds:.0f} s"
    )


def add_arguments(ap: argparse.ArgumentParser) -> None:
    ap.add_argument("url", help="the hub's address, e.g. https://hub.school.org")
    ap.add_argument(
        "--users",
        nargs="+",
        required=True,
        metavar="NAMES",
        help="the students: student01..student30, ada,bob, or both",
    )
    ap.add_argument(
        "--at-once",
        type=int,
        default=AT_ONCE,
        metavar="K",
        help=f"servers starting at the same time (default {AT_ONCE})",
    )
    ap.add_argument(
        "--timeout",
        type=float,
        default=TIMEOUT,
        metavar="S",
        help=f"seconds one server may take to be ready (default {TIMEOUT:.0f})",
    )
    ap.add_argument(
        "--no-create",
        action="store_true",
        help="do not create missing users (report them as failed)",
    )


def run(args: argparse.Namespace, env: dict[str, str] | None = None) -> int:
    """The command: 0 all ready, 1 some failed, 2 nothing could be done."""
    token = (os.environ if env is None else env).get(TOKEN_ENV, "")
    if not token:
        print(f"catan-tutor: set {TOKEN_ENV} to an admin's API token", file=sys.stderr)
        return 2
    try:
        names = user_names(args.users)
    except ValueError as e:
        print(f"catan-tutor: --users {e}", file=sys.stderr)
        return 2
    if args.at_once < 1 or args.timeout <= 0:
        print("catan-tutor: --at-once and --timeout must be positive", file=sys.stderr)
        return 2

    async def go() -> list[Outcome]:
        api = HubAPI(args.url, token)
        try:
            return await prestart(
                api,
                names,
                at_once=args.at_once,
                timeout=args.timeout,
                create=not args.no_create,
                report=lambda o: print(o.line(), flush=True),
            )
        finally:
            api.close()

    t0 = time.monotonic()
    try:
        outcomes = asyncio.run(go())
    except HubUnreachable as e:
        print(f"catan-tutor: {e}", file=sys.stderr)
        return 2
    print(summary(outcomes, time.monotonic() - t0), flush=True)
    return 1 if any(o.status == "failed" for o in outcomes) else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="catan-tutor hub-prestart", description=__doc__.split("\n\n")[0]
    )
    add_arguments(ap)
    return run(ap.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
