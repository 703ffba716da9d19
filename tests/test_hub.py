"""A real JupyterHub serves the tutor to logged-in users (hosting/jupyterhub_config.py).

JupyterHub starts on 127.0.0.1 with configurable-http-proxy, the idle culler, the local test
spawner and the shared test password (hosting/local_hub.py, LOCAL TESTING ONLY). Two users
log in from their own Chromium contexts; each lands on the tutor in their own server
(``/user/NAME/voila/render/00_start_here.ipynb``, the first lesson, BASE-SETUP-ROUND1); one
places a settlement and the other's game stays as it was; neither may reach the other's
server; each server has its own port outside the ephemeral range and the hub's pages wait
for their scripts (hosting/templates/page.html); each page holds its kernel until Voilà's
socket is open and checks it is there (catan_kernel.js), past the hub's log-in and _xsrf
checks; stopping the hub leaves no process behind.

Before the log-ins, ada's server is started through the hub's REST API with the
``class-prestart`` service's token (``catan-tutor hub-prestart``: the user created, the server
started and waited for), and her log-in lands in that same server; bob's starts at log-in.

Needs /usr/bin/chromium and configurable-http-proxy (npm); skipped without them except under
``CI=true``.
"""

from __future__ import annotations

import asyncio
import os
import re
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from browser_harness import ARTIFACTS, PAGE_TIMEOUT, hold_voila_js, settle, wait_held

from catan_tutor.server.hub_prestart import HubAPI, prestart
from catan_tutor.study.resources import START_NOTEBOOK

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "hosting"))
from local_hub import local_hub, proxy_missing, stop  # noqa: E402

pytestmark = [pytest.mark.slow, pytest.mark.browser, pytest.mark.kernel]
USERS = ("ada", "bob")
PASSWORD = "class-test-7b1e"
# The tutor's hidden state (data-* of .catan-state), or null before the tutor shows.
STATE_JS = """() => {
  const e = document.querySelector('.catan-tutor .catan-state');
  return e ? {...e.dataset} : null;
}"""


@pytest.fixture(scope="module")
def hub(tmp_path_factory) -> Iterator:
    missing = proxy_missing()
    if missing:
        if os.environ.get("CI") == "true":
            pytest.fail(missing)
        pytest.skip(missing)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    try:
        with local_hub(tmp_path_factory.mktemp("hub"), PASSWORD) as h:
            yield h
            h.processes()  # everything started so far is checked after the stop
            left = stop(h)
            (ARTIFACTS / "jupyterhub.log").write_text(h.log.read_text())
            assert not left, f"left running after the hub stopped: {left}"
    except RuntimeError as e:
        pytest.fail(str(e))


def _log_in(page, url: str, user: str) -> None:
    """Submit the hub's log-in form (the browser then follows the spawn to the tutor)."""
    page.goto(f"{url}/hub/login", timeout=PAGE_TIMEOUT)
    page.fill("#username_input", user)
    page.fill("#password_input", PASSWORD)
    page.click("#login_submit", no_wait_after=True)


def _wait_for_log(hub, page, pattern: str) -> None:
    """Wait for ``pattern`` in the hub's log (the page's events go on meanwhile)."""
    t0 = time.monotonic()
    while not re.search(pattern, hub.log.read_text()):
        assert time.monotonic() - t0 < PAGE_TIMEOUT / 1000, f"not in the hub's log: {pattern}"
        page.wait_for_timeout(100)


def _state(page) -> dict:
    page.wait_for_function(f"({STATE_JS})", timeout=PAGE_TIMEOUT)
    return page.evaluate(STATE_JS)


def _prestart(url: str, token: str, names: list[str]) -> list:
    """catan-tutor hub-prestart's work, with the local hub's class-prestart token."""

    async def go() -> list:
        api = HubAPI(url, token)
        try:
            return await prestart(api, names, timeout=PAGE_TIMEOUT / 1000)
        finally:
            api.close()

    # in a thread with a loop of its own: sync Playwright marks this thread's loop as running
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, go()).result()


def test_two_users_each_play_their_own_tutor(hub, new_page) -> None:
    t0 = time.monotonic()
    # ada's server started before the class (the service's token: hosting/jupyterhub_config.py)
    (early,) = _prestart(hub.url, hub.api_token, ["ada"])
    assert (early.name, early.status) == ("ada", "started"), early.line()
    ada_server = hub.servers()["ada"]
    assert set(hub.servers()) == {"ada"}
    assert [o.status for o in _prestart(hub.url, hub.api_token, ["ada"])] == ["running"]
    print(f"ada's server started before the log-ins in {early.seconds:.1f} s")
    pages = {user: new_page(f"hub_{user}") for user in USERS}
    # Voilà's script waits until the page's own hold on its kernel (catan_kernel.js) is
    # connected: with a quick server Voilà's socket may open first, and the hold then closes
    # before it connects (as it should), which would leave nothing to check below.
    held = {user: hold_voila_js(p.page) for user, p in pages.items()}
    for user, p in pages.items():  # both servers start at the same time
        _log_in(p.page, hub.url, user)
    for user, p in pages.items():
        wait_held(p.page, held[user])
        _wait_for_log(hub, p.page, rf"101 GET /user/{user}/api/kernels/\S+&catan=hold")
        held[user][0].continue_()
    start = {}
    for user, p in pages.items():
        default = f"/user/{user}/voila/render/{START_NOTEBOOK}"  # the default URL
        p.page.wait_for_url(
            lambda u, path=default: urlsplit(u).path == path, timeout=PAGE_TIMEOUT
        )  # the page may add a query (?s=...)
        start[user] = _state(p.page)
    print(f"both tutors shown after {time.monotonic() - t0:.1f} s")
    ada, bob = (pages[u].page for u in USERS)
    assert start["ada"] == start["bob"]  # the same first lesson, each in its own kernel
    assert start["ada"]["phase"] == "setup-settle" and start["ada"]["depth"] == "0"

    servers = hub.servers()
    assert set(servers) == set(USERS)
    assert servers["ada"].pid == ada_server.pid  # her log-in found her server running
    assert {s.environ()["MEM_LIMIT"] for s in servers.values()} == {str(2**30)}
    ports = {urlsplit(s.environ()["JUPYTERHUB_SERVICE_URL"]).port for s in servers.values()}
    assert len(ports) == 2 and all(20000 <= port < 32000 for port in ports)  # not ephemeral
    kernels = hub.kernels()
    assert len(kernels) == 2 and {k.parent().pid for k in kernels} == {
        s.pid for s in servers.values()
    }  # one kernel in each user's own server
    assert any("jupyterhub_idle_culler" in " ".join(p.cmdline()) for p in hub.processes())
    log = hub.log.read_text()
    assert "idle-culler@127.0.0.1" in log  # it asks the hub for the users
    for user in USERS:  # the page's own hold on its kernel and its check that the kernel is
        # still there (catan_kernel.js) pass the server's log-in and _xsrf checks
        assert len(re.findall(rf"101 GET /user/{user}/api/kernels/\S+&catan=hold", log)) == 1
        assert re.search(rf"200 GET /user/{user}/api/kernels/[0-9a-f-]+ \(", log), user
        assert not re.search(rf"403 GET /user/{user}/api/kernels/", log), user

    # bob places P1's first settlement on N6 (BASE-SETUP-ROUND1) with the Play form: the
    # lesson opens in lesson mode, the actions the moment needs under its text
    actions = bob.locator(".catan-actions")
    actions.get_by_role("button", name="Build a settlement", exact=True).click()
    form = bob.locator(".catan-actions .catan-form")
    at = form.locator(".widget-dropdown", has_text=re.compile(r"^\s*at"))  # the "at" field
    at.locator("select").select_option(label="N6 (allowed)")  # (every corner allowed, marked)
    form.get_by_role("button", name="Play this move").click()
    bob.wait_for_function(f"() => ({STATE_JS})().phase === 'setup-road'", timeout=60_000)
    moved = bob.evaluate(STATE_JS)
    assert moved["depth"] == "1" and moved["digest"] != start["bob"]["digest"]
    bob.screenshot(path=ARTIFACTS / "hub_bob_moved.png")
    # ada's kernel answers a request sent after bob's move (the labels on and off: her game
    # as it was), so anything bob's move did to her page has come by then
    ada.locator(".catan-labels-toggle").click()
    ada.locator(".catan-labels-shown").wait_for(state="attached")
    ada.locator(".catan-labels-toggle").click()
    ada.locator(".catan-labels-shown").wait_for(state="detached")
    settle(ada)
    assert ada.evaluate(STATE_JS) == start["ada"]  # ada's game is untouched
    ada.screenshot(path=ARTIFACTS / "hub_ada_untouched.png")

    # the hub's pages wait for their scripts however busy it is (hosting/templates)
    assert "waitSeconds: 0" in ada.context.request.get(f"{hub.url}/hub/home").text()

    # nobody reaches another user's server
    other = ada.context.request.get(f"{hub.url}/user/bob/api/kernels", max_redirects=0)
    assert other.status == 403, (other.status, other.headers.get("location"))
    print(f"test done after {time.monotonic() - t0:.1f} s")
