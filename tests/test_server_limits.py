"""Kernel caps of standalone Voilà (catan_tutor/server/server_limits.py, issue 31): one visitor
(a browser, known by the ``catan_visitor`` cookie, visitor_cookie.py) may not hold more kernels
than its cap, nor one address when that cap is set, nor the server more than its total; a
class sharing one address is not capped by it by default; a page whose kernel is refused gets
the "class is full" page that retries; kernels end after their idle time even with a socket
open, and the page can ask how long its kernel has left (for its warning).

The unit tests drive the bookkeeping with a stand-in kernel manager, and the cookie with a
plain tornado server; the slow test runs a Voilà as ``catan-tutor serve`` does, with a small
idle cap, on a one-cell notebook."""

from __future__ import annotations

import asyncio
import contextvars
import json
import os
import re
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from email.message import Message
from pathlib import Path
from types import SimpleNamespace

import psutil
import pytest

from catan_tutor.server import serve, server_limits, visitor_cookie
from catan_tutor.server.server_limits import START_GRACE, Limits, Record, Tracker, full_page

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"


class FakeKernels:
    """What the tracker reads of a kernel manager: ids, sockets, last activity."""

    def __init__(self) -> None:
        self._kernels: dict[str, SimpleNamespace] = {}
        self._kernel_connections: dict[str, int] = {}

    def add(self, kid: str, idle: float = 0.0, sockets: int = 0) -> None:
        last = datetime.now(UTC) - timedelta(seconds=idle)
        self._kernels[kid] = SimpleNamespace(last_activity=last)
        self._kernel_connections[kid] = sockets

    def list_kernel_ids(self) -> list[str]:
        return list(self._kernels)

    def __contains__(self, kid: str) -> bool:  # as jupyter_client's MultiKernelManager
        return kid in self._kernels

    def get_kernel(self, kid: str) -> SimpleNamespace:
        return self._kernels[kid]


def tracker(**limits: int) -> tuple[Tracker, FakeKernels]:
    km = FakeKernels()
    return Tracker(Limits(**limits), km), km


SCHOOL = "10.0.0.1"  # a class behind one router: every student's address


def start(
    t: Tracker, km: FakeKernels, kid: str, visitor: str, at: float, address: str = SCHOOL, **kw
) -> None:
    km.add(kid, **kw)
    t.records[kid] = Record(visitor, address, at)


def test_a_visitor_at_its_cap_is_refused_while_its_pages_are_open():
    t, km = tracker(per_visitor=2, total=10)
    start(t, km, "a", "v1", 0.0, sockets=1)
    start(t, km, "b", "v1", 1.0)  # still starting: no socket yet, within the grace
    assert t.refusal("v1", SCHOOL, 5.0) == ("visitor", [])
    assert t.refusal("v2", SCHOOL, 5.0) is None  # another browser at the same address is not
    t.starting[("v2", SCHOOL)] = 2  # two pages of it starting count too
    assert t.refusal("v2", SCHOOL, 5.0) == ("visitor", [])
    assert t.refusal("v3", SCHOOL, 5.0) is None


def test_a_page_whose_kernel_has_started_counts_once_not_as_starting_too():
    """Tabs of one browser opening together: a request whose kernel has started (and has its
    record) while its page still renders counts by that record only. Counted as starting
    too, the third of three new tabs under a cap of 4 was refused (CI: [200, 503, 200])."""
    t, km = tracker(per_visitor=2, total=10)
    who = ("v1", SCHOOL)

    def request(kid: str) -> server_limits.Flight:
        flight = t.take_off(who)
        server_limits._flight.set(flight)
        km.add(kid)
        t.started(kid, 1.0)  # as Voilà's start_kernel does, in the request's context
        return flight

    flight = contextvars.copy_context().run(request, "k1")
    assert (t.records["k1"].visitor, t.records["k1"].address) == who
    assert t.flying("visitor", "v1") == 0
    assert t.refusal("v1", SCHOOL, 2.0) is None  # 1 kernel under a cap of 2
    t.land(flight)  # the page has rendered: nothing taken twice
    assert t.starting == {} and t.refusal("v1", SCHOOL, 2.0) is None
    t.take_off(who)  # a second tab, its kernel not started yet: the cap is reached
    assert t.refusal("v1", SCHOOL, 2.0) == ("visitor", [])


def test_a_class_behind_one_address_is_not_capped_by_it_by_default():
    """30 students behind one school router: one address, 30 browsers. Each gets a page
    (the per-address cap is off by default); one browser is still held to 4 kernels."""
    t, km = tracker()  # the packaged defaults
    assert (t.limits.per_visitor, t.limits.per_address) == (4, 0)
    for i in range(30):
        assert t.refusal(f"student{i}", SCHOOL, 1.0) is None
        start(t, km, f"k{i}", f"student{i}", 1.0, sockets=1)
    for j in range(3):
        start(t, km, f"more{j}", "student0", 2.0, sockets=1)
    assert len(t.held("address", SCHOOL)) == 33
    assert t.refusal("student0", SCHOOL, 3.0) == ("visitor", [])
    assert t.refusal("student1", SCHOOL, 3.0) is None


def test_the_address_cap_when_set_counts_every_visitor_of_the_address():
    """``CATAN_TUTOR_KERNELS_PER_CLIENT`` (off by default) bounds one address whatever its
    cookies: a script sending none gets a new visitor for every request."""
    t, km = tracker(per_visitor=4, per_address=3, total=10)
    for i in range(3):
        start(t, km, f"k{i}", f"fresh{i}", 0.0, sockets=1)
    assert t.refusal("fresh3", SCHOOL, 1.0) == ("address", [])
    assert t.refusal("fresh3", "10.0.0.2", 1.0) is None  # another address is not affected
    km._kernel_connections["k1"] = 0  # one of the address's pages went
    t.records["k1"].connected = True
    assert t.refusal("fresh3", SCHOOL, 1.0) == ("", ["k1"])


def test_a_visitor_at_its_cap_gets_its_gone_pages_kernels_shut_first():
    t, km = tracker(per_visitor=2, total=10)
    start(t, km, "a", "c", 0.0)
    t.records["a"].connected = True  # its page connected, then went (no socket now)
    start(t, km, "b", "c", 1.0, sockets=1)
    assert t.refusal("c", SCHOOL, 5.0) == ("", ["a"])
    start(t, km, "x", "d", 0.0)  # never connected: gone only after the start grace
    start(t, km, "y", "d", 0.0, sockets=2)
    assert t.refusal("d", SCHOOL, START_GRACE - 1) == ("visitor", [])
    assert t.refusal("d", SCHOOL, START_GRACE + 1) == ("", ["x"])


def test_a_kernel_shut_for_the_visitor_cap_counts_once_for_the_address_cap():
    t, km = tracker(per_visitor=2, per_address=3, total=10)
    start(t, km, "a", "v1", 0.0)
    t.records["a"].connected = True  # gone
    start(t, km, "b", "v1", 1.0, sockets=1)
    start(t, km, "c", "v2", 1.0, sockets=1)
    assert t.refusal("v1", SCHOOL, 5.0) == ("", ["a"])  # shutting "a" makes room for both
    start(t, km, "d", "v3", 1.0, sockets=1)
    assert t.refusal("v1", SCHOOL, 5.0) == ("address", [])  # b, c, d: no gone page left


def test_the_server_total_counts_every_visitor():
    t, km = tracker(per_visitor=5, total=3)
    for i, visitor in enumerate("abc"):
        start(t, km, f"k{i}", visitor, 0.0, sockets=1)
    assert t.refusal("d", "10.0.0.9", 1.0) == ("total", [])
    km._kernel_connections["k1"] = 0
    t.records["k1"].connected = True
    assert t.refusal("d", "10.0.0.9", 1.0) == ("", ["k1"])


def test_a_starting_kernel_is_never_shut_for_a_new_page():
    """A kernel whose start is under way has no record yet; its page waits for it (the
    stress run of issue 36 saw such kernels shut for other pages: their pages got a 500)."""
    t, km = tracker(per_visitor=0, total=2)
    start(t, km, "old", "a", 0.0, sockets=1)
    km.add("starting")  # in the manager's list, not started yet: no record
    assert t.refusal("b", SCHOOL, START_GRACE + 1) == ("total", [])
    t.records["starting"] = Record("c", SCHOOL, 0.0)  # started; its page never connected
    assert t.refusal("b", SCHOOL, START_GRACE + 1) == ("", ["starting"])


def test_a_kernel_being_shut_is_shut_once_and_no_longer_counted():
    """Pages asking at once do not pick the kernel another page is shutting, nor count it."""
    t, km = tracker(per_visitor=0, total=2)
    start(t, km, "a", "c", 0.0)
    t.records["a"].connected = True  # gone
    start(t, km, "b", "c", 0.0, sockets=1)
    assert t.refusal("d", SCHOOL, 1.0) == ("", ["a"])
    release, calls = asyncio.Event(), []

    async def shutdown_kernel(kid: str) -> None:
        calls.append(kid)
        await release.wait()
        del km._kernels[kid]

    km.shutdown_kernel = shutdown_kernel

    async def two_pages() -> None:
        first = asyncio.ensure_future(server_limits._shut(t, "a"))
        await asyncio.sleep(0)
        assert t.refusal("e", SCHOOL, 1.0) is None  # "a" is on its way out: room for one more
        await server_limits._shut(t, "a")  # a second page picking it: no second shutdown
        release.set()
        await first

    asyncio.run(two_pages())
    assert calls == ["a"] and t.shutting == set() and t.alive() == ["b"]


def test_idle_and_lifetime_end_kernels_even_with_a_socket_open():
    t, km = tracker(lifetime=100, idle=30, warn=10)
    start(t, km, "busy", "c", 0.0, sockets=1, idle=5)
    start(t, km, "idle", "c", 0.0, sockets=1, idle=31)
    start(t, km, "old", "c", -101.0, sockets=1, idle=0)
    assert sorted(t.expired(0.0)) == [("idle", "idle"), ("old", "lifetime")]
    cap, left = t.ending("busy", 0.0)
    assert cap == "idle" and 24 <= left <= 25
    assert t.ending("busy", 80.0)[0] == "lifetime"


def test_a_cap_of_zero_is_off():
    t, km = tracker(per_visitor=0, per_address=0, total=0, lifetime=0, idle=0)
    for i in range(50):
        start(t, km, f"k{i}", "c", 0.0, sockets=1, idle=10**6)
    assert t.refusal("c", SCHOOL, 1.0) is None and t.expired(10**7) == []


@pytest.mark.parametrize(
    ("env", "why"),
    [
        (
            {"CATAN_TUTOR_MAX_KERNELS": "lots"},
            "CATAN_TUTOR_MAX_KERNELS='lots': a whole number of kernels, 0 to switch it off",
        ),
        (
            {"CATAN_TUTOR_KERNEL_IDLE": "-5"},
            "CATAN_TUTOR_KERNEL_IDLE='-5': a whole number of seconds",
        ),
        (
            {"CATAN_TUTOR_KERNELS_PER_VISITOR": "4.5"},
            "CATAN_TUTOR_KERNELS_PER_VISITOR='4.5': a whole number of kernels",
        ),
    ],
)
def test_a_bad_setting_is_refused_naming_it(env, why):
    with pytest.raises(ValueError, match=re.escape(why)):
        Limits.from_env(env)
    assert Limits.from_env({}) == Limits(
        per_visitor=4, per_address=0, total=40, lifetime=14_400, idle=1_800, warn=300
    )
    assert Limits.from_env({"CATAN_TUTOR_KERNELS_PER_CLIENT": "4"}).per_address == 4


def test_the_full_page_says_why_and_retries_by_itself():
    page = full_page("total", 40)
    assert 'data-catan-full="total"' in page and "The class is full" in page
    assert "40 tutor sessions" in page and 'http-equiv="refresh" content="30"' in page
    page = full_page("visitor", 4)
    assert "This browser already has 4 tutor tabs open" in page and "computer" not in page
    assert "already has 1 tutor tab open" in full_page("address", 1)


# ----------------------------------------------------------------- the visitor cookie
def _cookie_server(calls: list[str]):
    """A plain tornado app under ``/app/`` whose page reports the visitor it counts under."""
    from tornado.web import Application, RequestHandler

    class Page(RequestHandler):
        base_url = "/app/"

        def get(self) -> None:
            calls.append(visitor_cookie.visitor(self))
            self.finish("page")

    return Application([(r"/app/", Page)])


def _visit(cookies: list[str | None]) -> tuple[list[str], list[str | None]]:
    """Request the page once per entry of ``cookies`` (the ``Cookie`` header sent, or
    None); the visitors counted and the ``Set-Cookie`` header of each answer."""
    from tornado.httpclient import AsyncHTTPClient
    from tornado.httpserver import HTTPServer
    from tornado.testing import bind_unused_port

    calls: list[str] = []
    set_cookies: list[str | None] = []

    async def run() -> None:
        sock, port = bind_unused_port()
        server = HTTPServer(_cookie_server(calls))
        server.add_sockets([sock])
        client = AsyncHTTPClient(force_instance=True)
        try:
            for cookie in cookies:
                headers = {"Cookie": cookie} if cookie is not None else {}
                r = await client.fetch(f"http://127.0.0.1:{port}/app/", headers=headers)
                set_cookies.append(r.headers.get("Set-Cookie"))
        finally:
            client.close()
            server.stop()

    asyncio.run(run())
    return calls, set_cookies


def test_the_first_page_sets_an_opaque_httponly_lax_visitor_cookie_for_the_base_url():
    calls, set_cookies = _visit([None, None])
    first = set_cookies[0]
    assert first is not None
    value = re.match(r"catan_visitor=([^;]*);", first).group(1)
    assert value == calls[0] and visitor_cookie.valid(value)
    attributes = {a.strip().lower() for a in first.split(";")[1:]}
    assert attributes == {"httponly", "path=/app/", "samesite=lax"}  # no Secure over http
    assert calls[1] != calls[0]  # a request without the cookie: a new visitor


def test_a_visitor_with_its_cookie_counts_under_it_and_gets_no_new_one():
    value = visitor_cookie.fresh()
    calls, set_cookies = _visit([f"catan_visitor={value}", f"other=1; catan_visitor={value}"])
    assert calls == [value, value] and set_cookies == [None, None]


@pytest.mark.parametrize(
    "forged",
    [
        "",
        "short",
        "A" * 31,
        "A" * 33,
        "A" * 31 + "=",
        "A" * 31 + ".",
        "A" * 30 + "%2F",
        '"' + "A" * 30 + '"',
        "é" * 32,
    ],
)
def test_a_cookie_not_of_the_pattern_is_replaced_by_a_new_visitor(forged):
    """The cookie is only a key for counting: a value this server could not have made is
    not trusted, not even as a key; the request counts under a new visitor, set as cookie."""
    calls, set_cookies = _visit([f"catan_visitor={forged}"])
    assert calls[0] != forged and visitor_cookie.valid(calls[0])
    assert set_cookies[0] is not None and f"catan_visitor={calls[0]};" in set_cookies[0]
    assert not visitor_cookie.valid(forged)


# ----------------------------------------------------------------- a real Voilà
NOTEBOOK = {
    "cells": [
        {
            "cell_type": "code",
            "execution_count": None,
            "id": "c0",
            "metadata": {},
            "outputs": [],
            "source": "print('ready')",
        }
    ],
    "metadata": {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}
    },
    "nbformat": 4,
    "nbformat_minor": 5,
}
# The caps' server: no kernel of it ends for being idle while the test counts them (an idle
# cap of 25 s raced a class's pages on a busy machine, and the test waited it out)
CAPS = {
    "CATAN_TUTOR_KERNELS_PER_VISITOR": "",  # the packaged defaults: 4 per visitor,
    "CATAN_TUTOR_KERNELS_PER_CLIENT": "",  # none per address
    "CATAN_TUTOR_MAX_KERNELS": "12",
    "CATAN_TUTOR_KERNEL_IDLE": "900",
    "CATAN_TUTOR_KERNEL_WARN": "20",
}
# The idle end's server: one kernel a visitor, idle 8 s (looked at every CHECK_EVERY, 5 s)
IDLE = {
    "CATAN_TUTOR_KERNELS_PER_VISITOR": "1",
    "CATAN_TUTOR_KERNELS_PER_CLIENT": "",
    "CATAN_TUTOR_MAX_KERNELS": "12",
    "CATAN_TUTOR_KERNEL_IDLE": "8",
    "CATAN_TUTOR_KERNEL_WARN": "4",
}


@contextmanager
def _one_cell_voila(root: Path, env: dict[str, str], log: str) -> Iterator[tuple[str, object]]:
    """Voilà serving the one-cell notebook under ``root`` with the caps ``env``."""
    if not (root / "one.ipynb").exists():
        (root / "one.ipynb").write_text(json.dumps(NOTEBOOK))
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        with serve.voila("one.ipynb", ARTIFACTS / log, root=root) as (url, proc):
            yield url, proc
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


@pytest.fixture(scope="module")
def capped(tmp_path_factory) -> Iterator[tuple[str, object]]:
    root = tmp_path_factory.mktemp("server_limits")
    with _one_cell_voila(root, CAPS, "server_limits.log") as served:
        yield served


def _page(url: str, visitor: str | None = None) -> tuple[int, str, Message]:
    """GET ``url`` (with the visitor's cookie, or none as a script): status, body, headers."""
    headers = {"Cookie": f"{visitor_cookie.COOKIE}={visitor}"} if visitor else {}
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=90) as r:
            return r.status, r.read().decode(), r.headers
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode(), e.headers


def _pages(url: str, visitors: list[str | None]) -> list[tuple[int, str, Message]]:
    """One page per entry of ``visitors``, all at once (as a class arriving)."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(len(visitors)) as pool:
        return list(pool.map(lambda v: _page(url, v), visitors))


def _visitor(headers: Message) -> str | None:
    """The visitor cookie an answer sets (Jupyter's own user cookie comes beside it)."""
    for cookie in headers.get_all("Set-Cookie") or []:
        if m := re.match(r"catan_visitor=([A-Za-z0-9_-]+);", cookie):
            return m.group(1)
    return None


def _kernel(page: str) -> str:
    return re.search(r'"kernelId":\s*"([0-9a-f-]{36})"', page).group(1)


def _wait(what, timeout: float = 120.0):
    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout:
        if got := what():
            return got
        time.sleep(1)
    return what()


@pytest.mark.slow
@pytest.mark.kernel
def test_a_server_started_by_serve_voila_follows_its_starter(capped):
    """The server knows whom to follow out (test_voila_guard: it ends when that process is
    killed): the process that started it, here the test run."""
    _, proc = capped
    assert psutil.Process(proc.pid).environ().get(serve.FOLLOW) == str(os.getpid())


@pytest.mark.slow
@pytest.mark.kernel
def test_a_class_behind_one_address_gets_pages_one_browser_holds_4_and_idle_kernels_end(
    capped, tmp_path
):
    """Browsers from one address (127.0.0.1, as a class behind a school router) each get a
    page and their own cookie; one of them, keeping its cookie, is capped at 4 kernels and
    gets the "too many tabs" page while the address holds 6 (more than one browser's cap),
    and another browser still gets one; idle kernels end even with a socket open (on a server
    with a short idle cap, as the caps' own would after its idle time), and the browser
    whose kernels ended may open a page again."""
    from websockets.sync.client import connect

    url, proc = capped
    arriving = _pages(url, [None] * 3)
    assert [p[0] for p in arriving] == [200] * 3
    visitors = [_visitor(p[2]) for p in arriving]
    assert len(set(visitors)) == 3 and all(visitor_cookie.valid(v) for v in visitors)
    one = visitors[0]
    more = _pages(url, [one] * 3)  # the same browser: three more tabs
    assert [p[0] for p in more] == [200] * 3
    assert not any(_visitor(p[2]) for p in more)  # it keeps its cookie
    kernels = [_kernel(p[1]) for p in [arriving[0], *more]]
    status, body, headers = _page(url, one)  # a fifth tab of the same browser: refused
    assert status == 503 and 'data-catan-full="visitor"' in body
    assert headers.get("Retry-After") == "30" and "This browser already has 4 tutor tabs" in body
    assert len(serve.kernel_processes(proc)) == 6  # the address's 6 pages: all served
    assert _page(url, visitors[1])[0] == 200  # another browser of the address is not
    with urllib.request.urlopen(f"{url}catan/limits/{kernels[0]}", timeout=10) as r:
        end = json.loads(r.read())
    assert end["cap"] == "idle" and 0 <= end["left"] <= 900 and end["warn"] == 20
    # a socket held open (as a page's) does not keep an idle kernel: a browser at its cap (1)
    with _one_cell_voila(tmp_path, IDLE, "server_limits_idle.log") as (url, proc):
        status, page, headers = _page(url)
        assert status == 200
        one, kernel = _visitor(headers), _kernel(page)
        ws_url = url.replace("http", "ws", 1) + (
            f"api/kernels/{kernel}/channels?session_id={uuid.uuid4().hex}"
        )
        with connect(ws_url, subprotocols=[serve_v1()], open_timeout=10):
            assert _wait(lambda: not serve.kernel_processes(proc), timeout=90), (
                "idle kernels outlived their cap"
            )
        again = _page(url, one)
        assert again[0] == 200  # the browser may open a page again
        assert _kernel(again[1]) != kernel


def serve_v1() -> str:
    from catan_tutor.server.voila_guard import V1_PROTOCOL

    return V1_PROTOCOL


def test_apply_puts_the_caps_on_voilas_page_handler():
    server_limits.apply()
    server_limits.apply()
    assert server_limits.is_applied()


# ----------------------------------------------------------------- in the browser
WARNED = {
    "CATAN_TUTOR_KERNELS_PER_VISITOR": "1",
    "CATAN_TUTOR_KERNEL_IDLE": "900",
    "CATAN_TUTOR_KERNEL_WARN": "899",
}


@pytest.mark.browser
@pytest.mark.kernel
def test_the_page_warns_before_its_kernel_ends_and_a_page_past_the_cap_says_so(new_page):
    """The tutor's page shows the idle warning (here from the first minute: warn 899 s of
    900); a second tab of the same browser (its cookie), past its cap of one while the first
    is open, gets the "too many tabs" page, which says so as text and retries by itself."""
    from browser_harness import ARTIFACTS as SHOTS
    from browser_harness import PAGE_TIMEOUT, open_app

    from catan_tutor.study.resources import START_NOTEBOOK

    SHOTS.mkdir(parents=True, exist_ok=True)
    saved = {k: os.environ.get(k) for k in WARNED}
    os.environ.update(WARNED)
    try:
        with serve.voila(START_NOTEBOOK, SHOTS / "server_limits_browser.log") as (url, _):
            p = new_page("limits_warning")
            open_app(p, url)
            banner = p.page.locator(".catan-limit[data-cap='idle']")
            banner.wait_for(timeout=PAGE_TIMEOUT)
            assert 0 < int(banner.get_attribute("data-left")) <= 900
            assert "This session ends in about 15 minutes unless the tutor is used" in (
                banner.inner_text()
            )
            p.page.screenshot(path=SHOTS / "limits_warning.png")
            second = p.context.new_page()  # a second tab of the same browser
            second.goto(url, timeout=PAGE_TIMEOUT)
            full = second.locator("body[data-catan-full='visitor']")
            full.wait_for(timeout=PAGE_TIMEOUT)
            assert "You have too many tutor tabs open" in full.inner_text()
            assert "This browser already has 1 tutor tab open" in full.inner_text()
            assert second.locator("meta[http-equiv='refresh']").get_attribute("content") == "30"
            second.screenshot(path=SHOTS / "limits_full.png")
    finally:
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def test_kernels_kept_ready_are_outside_the_caps_until_a_page_takes_one():
    """``serve --class N`` (issue 35): the kernels waiting in Voilà's pool neither fill the
    class nor end for being idle; one handed to a page counts as its visitor's."""
    from concurrent.futures import Future

    t, km = tracker(per_visitor=1, total=2, idle=60)

    def ready(kid: str) -> Future:  # a pool's task, done: its kernel is ready
        task: Future = Future()
        task.set_result({"kernel_id": kid})
        return task

    km._pools = {"00_start_here.ipynb": [ready("r1"), ready("r2")]}
    for kid in ("r1", "r2"):
        km.add(kid, idle=3600)  # waiting for a visitor for an hour
    start(t, km, "a", "c", 0.0, sockets=1)
    assert t.ready() == {"r1", "r2"}
    assert t.refusal("d", SCHOOL, 1.0) is None  # 3 kernels, but 2 are ready ones: room for d
    assert t.expired(1.0) == []  # a ready kernel waits as long as it takes
    km.add("r3", idle=3600)  # the pool's refill, its notebook running (kernel_pool)
    km.pool_starting = "r3"
    assert t.ready() == {"r1", "r2", "r3"} and t.refusal("d", SCHOOL, 1.0) is None
    km.pool_starting = None  # r3 is in the pool now
    km._pools["00_start_here.ipynb"].append(ready("r3"))
    km._pools["00_start_here.ipynb"].pop(0)  # r1 handed to a page of d
    t.records["r1"] = Record("d", SCHOOL, 2.0)
    assert t.ready() == {"r2", "r3"}
    assert t.refusal("e", SCHOOL, 3.0) == ("total", [])  # a and r1 fill the class
    assert t.refusal("d", SCHOOL, 3.0) == ("visitor", [])
    assert t.expired(3.0) == [("r1", "idle")]
