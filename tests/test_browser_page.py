"""End to end: the app's page (the ``catan`` Voilà template) in headless Chromium.

No request leaves the machine and Font Awesome's icons load from Voilà; a lost session shows an
overlay whose button reloads the page; the tutor's state string follows the moves in the
address (``?s=``) and reaches the kernel on a reload; an oversized upload is refused in the
page. (The same page under a token-protected Jupyter server, as JupyterHub or Binder serve it:
test_browser_hostile.py, which starts one.)

Needs /usr/bin/chromium, skipped without it except under ``CI=true``, like test_browser.py.
Screenshots go to tests/artifacts/.
"""

from __future__ import annotations

import difflib
import json
import re
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import psutil
import pytest
from browser_harness import (
    ARTIFACTS,
    BOARD_PAINTED_JS,
    PAGE_TIMEOUT,
    Page,
    choose_file,
    open_app,
    open_tab,
    settle,
)

from catan_tutor.server.serve import (
    CONFIG_DIR,
    DATA_DIR,
    MAX_UPLOAD_BYTES,
    TEMPLATE,
    stop,
    voila,
)
from catan_tutor.study.resources import START_NOTEBOOK

pytestmark = [pytest.mark.browser, pytest.mark.kernel]

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = START_NOTEBOOK
TEMPLATE_DIR = DATA_DIR / "voila" / "templates" / TEMPLATE

# Runs in the page: Font Awesome's faces and every .fa icon on the page.
ICONS_JS = """async () => {
  await document.fonts.ready;
  const faces = [...document.fonts].filter(f => f.family.replaceAll('"', '')
    .startsWith('Font Awesome 5'));
  const icons = [...document.querySelectorAll('.fa')].map(el => {
    const before = getComputedStyle(el, '::before');
    return {cls: el.className, family: before.fontFamily, content: before.content,
            width: el.getBoundingClientRect().width, shown: el.getClientRects().length > 0};
  });
  return {faces: faces.map(f => [f.family, f.weight, f.status]),
          solid: faces.some(f => f.family.includes('Free') && f.weight === '900'
                                 && f.status === 'loaded'),
          check: document.fonts.check('900 16px "Font Awesome 5 Free"'),
          icons};
}"""

FIRST_PAINT_VIEWS = 63  # widget views on the first lesson's page (issue 35: 62 before; 61
# since s17: an open question's step has its own box, tutor.story; 62 since s22: the key to
# the palette's greyed buttons, palette_key.py, one HTML view, empty till needed; 63 since
# s46: a lesson's step count by ◀ ▶, step_count.py, shown at every lesson's first paint)
STATE_JS = "() => new URL(location.href).searchParams.get('s')"
# From the first byte of the page, page events, no timer: the "Drawing the board" line must
# go at the page's first look at the board after it is painted (issue 33: it stayed a tick or
# two after the board was drawn). The page looks every PAINT_POLL_MS, lighting the next of its
# dots first (``beat``: a ``data-beat`` change); a look that finds the board painted removes
# the line in the same task. So when the observer hears a beat (after that task), a line still
# there over a painted board is a look that let it linger (``lingered`` counts them), and the
# line's removal is heard with the board painted (not the page's give-up after PAINT_MS).
WATCH_PAINT_JS = (
    """(() => {
  const seen = window.catanPaintSeen = {
    lingered: 0, beats: 0, lineSeen: false, removed: false, paintedWhenRemoved: null};
  const painted = """
    + BOARD_PAINTED_JS
    + """;
  const line = () => document.querySelector('.catan-starting');
  new MutationObserver(() => {
    if (seen.removed || !line()) return;
    seen.beats++;
    if (painted()) seen.lingered++;
  }).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-beat']});
  const lines = new MutationObserver(() => {
    if (line()) { seen.lineSeen = true; return; }
    if (!seen.lineSeen || seen.removed) return;
    seen.removed = true;
    seen.paintedWhenRemoved = painted();
    lines.disconnect();
  });
  lines.observe(document, {subtree: true, childList: true});
})()"""
)


def _has_template(page) -> bool:
    return page.evaluate(
        "() => [...document.querySelectorAll('style')]"
        ".some(s => s.textContent.includes('.catan-lost'))"
    )


# ----------------------------------------------------------------------------- the files


def test_template_files_agree_with_the_python_side() -> None:
    """The page script's limits are the Python ones, the template and the server settings are
    packaged, and voila.json and the server config pick the template without tracebacks."""
    script = (TEMPLATE_DIR / "catan_page.js").read_text()
    assert f"MAX_UPLOAD_BYTES = {MAX_UPLOAD_BYTES};" in script
    from catan_tutor.study import scenario
    from catan_tutor.widgets import links, session

    assert MAX_UPLOAD_BYTES == scenario.MAX_SCENARIO_BYTES  # what the loader takes
    assert f"MAX_QUERY_CHARS = {links.MAX_QUERY_CHARS};" in script
    from catan_tutor.widgets.last_place import MAX_LAST_CHARS

    assert f"MAX_LAST_CHARS = {MAX_LAST_CHARS};" in script
    assert links.MAX_QUERY_CHARS > session.MAX_STATE_CHARS + len("s=")  # the saved line fits
    assert json.loads((TEMPLATE_DIR / "conf.json").read_text()) == {"base_template": "lab"}
    conf = json.loads((CONFIG_DIR / "voila.json").read_text())["VoilaConfiguration"]
    assert conf["template"] == TEMPLATE and conf["show_tracebacks"] is False


def test_the_tab_names_the_tutor_from_the_first_byte(app_server) -> None:
    """l30: while the page loaded its tab read "00_start_here" (the notebook's name, the lab
    template's title); the page's title as first served names the tutor (the notebook's
    metadata title), before any script runs (the lesson's name follows from the kernel)."""
    import urllib.request

    with urllib.request.urlopen(app_server, timeout=60) as response:
        head = ""
        while "</title>" not in head and len(head) < 65536:
            chunk = response.read(1024).decode("utf-8", errors="replace")
            if not chunk:
                break
            head += chunk
    title = re.search(r"<title>(.*?)</title>", head, re.S)
    assert title is not None and title.group(1).strip() == "Catan tutor", head[:400]
    assert "start_here" not in head.split("</title>")[0]


def test_a_new_session_on_a_bare_address_opens_the_last_lesson(new_page, app_server) -> None:
    """l30: a new browser session (its storage kept) opened lesson 1.1, not the lesson the
    learner was in. A bare address opens the lesson and step last shown in this browser; an
    address naming a lesson opens that one (last_place.py)."""
    p = new_page("last_place")
    open_app(p, f"{app_server}?lesson=base_trading_harbors&node=2")
    p.page.wait_for_function("() => document.title.startsWith('3.1 ')")
    settle(p.page)
    p.page.close()
    page = p.page = p.context.new_page()  # a new tab of the same browser: its storage kept
    open_app(p, app_server)
    page.wait_for_function("() => document.title.startsWith('3.1 ')")
    settle(page)
    assert page.locator(".catan-lesson-picker select").input_value().startswith("3.1")
    assert "node=2" in page.url
    page.screenshot(path=ARTIFACTS / "last_place_bare.png")
    page.close()
    page = p.page = p.context.new_page()
    open_app(p, f"{app_server}?lesson=base_setup")  # the address names a lesson: it opens
    settle(page)
    assert page.title().startswith("1.1 ")


# ----------------------------------------------------------------------------- the app


@pytest.fixture(scope="module")
def app_page(browser, app_server) -> Iterator[Page]:
    """One page of the app (one kernel) for the next three tests, in the file's order, each
    alone too: its first paint watched (read as it opened), an upload refused (the page as
    it was after), then its kernel killed (the page reloads: the last)."""
    p = Page(browser, "app_page")
    p.page.add_init_script(WATCH_PAINT_JS)
    open_app(p, app_server)
    yield p
    p.close()


# Runs in the page: a fetch to another host and an image from "localhost" (not 127.0.0.1),
# for the harness's refusal (browser_harness.LOCAL_ONLY); the fetch's fate
OUTSIDE_FETCH_JS = """async () => {
  const img = document.createElement('img');
  img.className = 'catan-probe';
  img.style.display = 'none';
  img.src = 'http://localhost/probe.png';
  document.body.append(img);
  try { await fetch('https://example.com/probe.json'); return 'fetched'; }
  catch (e) { return 'refused'; }
}"""


def test_no_outside_request_and_icons_load(app_page) -> None:
    """Nothing is fetched from another host, Font Awesome (bundled with Voilà) draws every
    icon, and the first screen shows few widget views (issue 35)."""
    p = app_page
    page = p.page
    # the "Drawing the board" line goes as the board is painted, not a look or two later
    page.wait_for_function("() => window.catanPaintSeen.removed", timeout=20_000)
    paint = page.evaluate("window.catanPaintSeen")
    assert paint["lineSeen"] and paint["paintedWhenRemoved"], paint
    assert paint["lingered"] == 0, paint
    assert _has_template(page)
    views = page.evaluate("() => document.querySelectorAll('.jupyter-widgets').length")
    assert 20 < views <= FIRST_PAINT_VIEWS, f"{views} widget views at first paint"
    open_tab(page, "File")  # the upload button's icon
    page.locator(".catan-tutor .widget-upload").first.wait_for()
    fonts = page.evaluate(ICONS_JS)
    page.screenshot(path=ARTIFACTS / "page_no_cdn.png")
    assert p.outside == []
    assert fonts["solid"] and fonts["check"], fonts
    assert not [f for f in fonts["faces"] if f[2] == "error"], fonts
    assert any(icon["shown"] for icon in fonts["icons"]), fonts["icons"]
    for icon in fonts["icons"]:
        assert "Font Awesome 5 Free" in icon["family"], icon
        assert icon["content"] not in ("none", "normal", '""'), icon
        assert icon["width"] > 4 or not icon["shown"], icon  # a drawn glyph, unless hidden
    assert p.outside == []
    # ... and a request to another host would be refused and seen (else "[]" says nothing)
    gone = page.evaluate(OUTSIDE_FETCH_JS)
    assert gone == "refused", gone
    page.wait_for_function("() => document.querySelector('img.catan-probe').complete")
    assert sorted(p.outside) == [
        "http://localhost/probe.png",
        "https://example.com/probe.json",
    ], p.outside
    p.outside.clear()


def test_oversized_upload_is_refused_in_the_page(app_page) -> None:
    """A 1 MiB scenario: a banner says why, nothing is sent to the kernel and the File tab is
    unchanged; a small file still goes through afterwards."""
    p = app_page
    page = p.page
    open_tab(page, "File")
    page.locator(".catan-tutor .widget-upload").first.wait_for()
    settle(page)
    tutor = page.locator(".catan-tutor").first
    before = tutor.inner_text()
    sent = len(p.sent)
    big = (b"# padding\n" * 110_000)[: 1 << 20]
    assert len(big) == 1 << 20
    chooser = choose_file(page, {"name": "big.catan.yaml", "mimeType": "text/yaml", "buffer": big})
    banner = page.locator(".catan-banner[role=alert]")
    banner.wait_for()
    assert (
        banner.inner_text()
        .strip()
        .startswith("big.catan.yaml is 1.0 MB; a scenario file can be at most 512 KB.")
    )
    page.screenshot(path=ARTIFACTS / "page_upload_refused.png")
    settle(page)  # (a file taken would be a message the kernel has to answer)
    assert chooser.element.evaluate("i => i.files.length") == 0  # cleared
    assert max(p.sent[sent:], default=0) < MAX_UPLOAD_BYTES, "the file went to the kernel"
    after = tutor.inner_text()
    assert after == before, "\n".join(
        difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="")
    )
    banner.get_by_role("button", name="Dismiss").click()
    banner.wait_for(state="detached")
    choose_file(
        page,
        {
            "name": "broken.catan.yaml",
            "mimeType": "text/yaml",
            "buffer": b"title: Broken\nvariant: base\nplayers: [3\n",
        },
    )
    page.locator(".catan-tutor").filter(has_text="broken.catan.yaml:").first.wait_for()
    # the file chosen later has gone through: the big one (read first) never went
    assert max(p.sent[sent:], default=0) < MAX_UPLOAD_BYTES, "the file went to the kernel"
    assert p.outside == []


def _kernel_process(kernel_id: str) -> psutil.Process:
    """The kernel ``kernel_id`` among this test process's own (its servers' kernels)."""
    for child in psutil.Process().children(recursive=True):
        try:
            cmdline = " ".join(child.cmdline())
        except psutil.Error:
            continue
        if "ipykernel" in cmdline and kernel_id in cmdline:
            return child
    raise AssertionError(f"no kernel process for {kernel_id}")


def test_killed_kernel_shows_the_restart_overlay(app_page) -> None:
    """The kernel dies (the server restarts it, without the widgets): the overlay says so and
    its button reloads the page, which shows the board again."""
    p = app_page
    page = p.page
    kernel_id = page.evaluate(
        "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"
    )
    _kernel_process(kernel_id).send_signal(signal.SIGKILL)
    start = time.monotonic()
    dialog = page.get_by_role("alertdialog")
    dialog.wait_for(timeout=20_000)
    shown = time.monotonic() - start
    assert (
        "The connection to the tutor was lost (the server restarted or your session timed "
        "out). Your moves are kept in this page\u2019s address." in dialog.inner_text()
    )
    button = dialog.get_by_role("button", name="Restart the session")
    assert button.evaluate("b => b === document.activeElement")
    page.screenshot(path=ARTIFACTS / "page_session_lost.png")
    print(f"overlay {shown:.1f} s after the kill")
    assert "warning: Catan tutor: session lost: kernel restarting" in p.console, p.console
    with page.expect_navigation(timeout=PAGE_TIMEOUT):
        button.click()
    page.wait_for_function(BOARD_PAINTED_JS, timeout=PAGE_TIMEOUT, polling=100)
    assert page.get_by_role("alertdialog").count() == 0
    assert p.outside == []


# ----------------------------------------------------------------------------- a probe notebook

PROBE = r"""
import os
import ipywidgets as w

state = w.Label("s=abc", layout=w.Layout(display="none"))
state.add_class("catan-session")
values = iter(["lesson=b.c_1&node=3&hints=1", "", "s=abc"])
step = w.Button(description="next state")
step.on_click(lambda _: setattr(state, "value", next(values)))
query = w.Label("query: " + repr(os.environ.get("QUERY_STRING")))
query.add_class("probe-query")
probe = w.HTML('<span class="probe-data" data-catan-test="node 3 depth 2" hidden>x</span>'
               '<span class="probe-visible">visible</span>')
w.VBox([state, step, query, probe])
"""


def _probe_root(tmp_path: Path) -> Path:
    nb = {
        "cells": [
            {
                "cell_type": "code",
                "metadata": {},
                "source": PROBE,
                "outputs": [],
                "execution_count": None,
            }
        ],
        "metadata": {
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (tmp_path / "probe.ipynb").write_text(json.dumps(nb))
    return tmp_path


@pytest.fixture(scope="module")
def probe(tmp_path_factory) -> Iterator[tuple[str, subprocess.Popen]]:
    """Voilà serving the probe notebook, for the next two tests in the file's order (the
    second stops it: the last); each alone too. Yields (url, process)."""
    root = _probe_root(tmp_path_factory.mktemp("probe"))
    with voila("probe.ipynb", ARTIFACTS / "voila_probe.log", root) as served:
        yield served


def test_state_follows_in_the_address_and_reaches_the_kernel(new_page, probe) -> None:
    """The .catan-session text (a query) replaces the tutor's own parameters in the address:
    a stale ``lesson=`` (another lesson's) goes, the page's other parameters stay, all of the
    tutor's go when the text is empty; a reload passes the query string to the kernel. Also
    records whether an HTML widget keeps data-* attributes."""
    url, _ = probe
    p = new_page("state")
    page = p.page
    page.goto(url + "?lang=fr&lesson=old&node=9&p2=greedy", timeout=PAGE_TIMEOUT)
    page.locator(".probe-query").wait_for(timeout=PAGE_TIMEOUT)
    assert _has_template(page)
    page.wait_for_function(f"() => ({STATE_JS})() === 'abc'")
    assert parse_qs(urlsplit(page.url).query) == {"lang": ["fr"], "s": ["abc"]}
    step = page.get_by_role("button", name="next state")
    step.click()
    page.wait_for_function("() => new URL(location.href).searchParams.get('lesson') === 'b.c_1'")
    assert urlsplit(page.url).query == "lang=fr&lesson=b.c_1&node=3&hints=1"  # no s= left
    step.click()
    page.wait_for_function("() => !new URL(location.href).searchParams.has('lesson')")
    assert urlsplit(page.url).query == "lang=fr"
    step.click()
    page.wait_for_function(f"() => ({STATE_JS})() === 'abc'")
    data = page.evaluate(
        "() => { const e = document.querySelector('.probe-data');"
        " return e && {data: e.dataset.catanTest, hidden: e.hidden}; }"
    )
    page.reload(timeout=PAGE_TIMEOUT)
    query = page.locator(".probe-query")
    query.wait_for(timeout=PAGE_TIMEOUT)
    text = query.inner_text()
    assert re.fullmatch(r"query: '(.*)'", text), text
    assert parse_qs(re.fullmatch(r"query: '(.*)'", text)[1]) == {"lang": ["fr"], "s": ["abc"]}
    assert p.outside == []
    print(f"HTML widget data-* attribute: {data}")
    assert data == {"data": "node 3 depth 2", "hidden": True}, "ipywidgets dropped data-*"


def test_stopped_server_shows_the_restart_overlay(new_page, probe) -> None:
    """The server stops: the kernel socket closes for good, and the overlay shows. (It stops
    the module's probe server: its last test.)"""
    url, proc = probe
    p = new_page("stopped")
    page = p.page
    page.clock.install()  # the page's 5 s of grace for a closed socket: on its clock
    page.goto(url, timeout=PAGE_TIMEOUT)
    page.locator(".probe-query").wait_for(timeout=PAGE_TIMEOUT)
    settle(page)
    assert page.get_by_role("alertdialog").count() == 0
    stop(proc)
    dialog = page.get_by_role("alertdialog")
    t0 = time.monotonic()
    while not dialog.count():  # the socket's close comes, then the grace runs out
        assert time.monotonic() - t0 < 20, "no overlay 20 s after the server stopped"
        page.clock.run_for(1_000)  # a second of the page's timers, in order
        page.wait_for_timeout(100)
    dialog.wait_for(timeout=20_000)
    page.screenshot(path=ARTIFACTS / "page_server_stopped.png")
    assert "warning: Catan tutor: session lost: closed" in p.console, p.console
