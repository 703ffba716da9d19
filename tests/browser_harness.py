"""What the browser tests share: Chromium with every request to another host refused and
recorded, a page per test, and waiting for the app's painted board."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from catan_tutor.server.serve import BOARD_PAINTED_JS, CHROMIUM, CHROMIUM_ARGS, voila
from catan_tutor.study.resources import START_NOTEBOOK

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "tests" / "artifacts"
PAGE_TIMEOUT = 120_000  # ms for the notebook to run and the board to be drawn
# Under pytest-xdist each worker has its own app server, and so its own log ("_gw0"...).
WORKER = f"_{os.environ['PYTEST_XDIST_WORKER']}" if "PYTEST_XDIST_WORKER" in os.environ else ""

# Runs in the page: the visible controls on the screen that something else covers at their
# middle (their text, or their tag)
COVERED_JS = """() => [...document.querySelectorAll(
    '.catan-app button, .catan-app select, .catan-app input:not([type=hidden])')].filter(e => {
  const r = e.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
  if (!r.width || !r.height || y < 0 || y > innerHeight || x < 0 || x > innerWidth) return false;
  const top = document.elementFromPoint(x, y);
  return top && !e.contains(top) && !top.contains(e);
}).map(e => (e.innerText || e.tagName).trim().slice(0, 30))"""


# Runs in the page: the room (px) between a right answer's reply and the next question's
# words it is shown with, in the puzzle's box (the nearest shown part over or under it, but
# the "Puzzle" set in the box's border on a phone; null without such a reply)
REPLY_GAP_JS = """() => {
  const v = document.querySelector('.catan-puzzle-prompt .catan-puzzle-verdict');
  if (!v || !v.checkVisibility()) return null;
  const r = v.getBoundingClientRect();
  let gap = null;
  for (const e of v.parentElement.children) {
    if (e === v || !e.checkVisibility() || !e.innerText.trim()) continue;
    if (getComputedStyle(e).position === 'absolute') continue;  // ("Puzzle" in the border)
    const q = e.getBoundingClientRect();
    const d = q.top >= r.bottom - 1 ? q.top - r.bottom : r.top - q.bottom;
    gap = gap === null ? d : Math.min(gap, d);
  }
  return gap;
}"""


# Runs in the page before its own scripts: the kernel's channel socket watched, for
# ``settle``: the kernel's last status, the shell requests sent that it has not yet said
# "idle" to, and a count of the frames either way (catan_page.js reads status the same way).
KERNEL_WATCH_JS = """(() => {
  if (window.catanKernel) return;
  const k = window.catanKernel = {state: null, pending: new Set(), frames: 0};
  const CHANNELS = /\\/api\\/kernels\\/[^/?#]+\\/channels(?:[?#]|$)/;
  const HOLD = /[?&]catan=hold(?:&|$)/;
  function parts(data) {  // [channel, header, parent header] of a message, else null
    if (typeof data === 'string') {
      const m = JSON.parse(data);
      return [m.channel, m.header || {}, m.parent_header || {}];
    }
    const buf = data instanceof ArrayBuffer ? data
      : ArrayBuffer.isView(data) ? data.buffer.slice(data.byteOffset,
          data.byteOffset + data.byteLength) : null;
    if (!buf || buf.byteLength < 8) return null;
    const view = new DataView(buf), n = Number(view.getBigUint64(0, true));
    if (n < 4 || 8 * (n + 1) > buf.byteLength) return null;
    const part = (i) => new TextDecoder().decode(new Uint8Array(buf,
      Number(view.getBigUint64(8 * (i + 1), true)),
      Number(view.getBigUint64(8 * (i + 2), true)) - Number(view.getBigUint64(8 * (i + 1), true))));
    return [part(0), JSON.parse(part(1)), JSON.parse(part(2))];
  }
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      if (!CHANNELS.test(String(url)) || HOLD.test(String(url))) return;
      this.addEventListener('message', (event) => {
        k.frames++;
        let m = null;
        try { m = parts(event.data); } catch (e) { return; }
        if (!m || m[1].msg_type !== 'status') return;
        let state = null;
        try {
          state = typeof event.data === 'string' ? JSON.parse(event.data).content.execution_state
            : /"execution_state"\\s*:\\s*"(\\w+)"/.exec(new TextDecoder().decode(
                new Uint8Array(event.data)))[1];
        } catch (e) { return; }
        k.state = state;
        if (state === 'idle') k.pending.delete(m[2].msg_id);
      });
    }
    send(data) {
      if (CHANNELS.test(String(this.url)) && !HOLD.test(String(this.url))) {
        k.frames++;
        try {
          const m = parts(data);
          if (m && (m[0] === 'shell' || m[0] === 'control')) k.pending.add(m[1].msg_id);
        } catch (e) { /* not a message this reads */ }
      }
      return super.send(data);
    }
  };
})()"""
# Runs in the page: resolves once the kernel has answered every request sent to it (its
# status "idle" after each) and two frames have been drawn since with no message either way
# (ipywidgets' views updated; reply_in_view.js and board_still.js scroll on the next frame).
SETTLED_JS = """async () => {
  const k = window.catanKernel;
  if (!k) return 'the kernel is not watched: watch_kernel(context) before the page opens';
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  const tick = () => new Promise((r) => setTimeout(r, 20));  // (no frame drawn while it waits)
  for (;;) {
    while (k.state !== 'idle' || k.pending.size) await tick();
    const seen = k.frames;
    await frame();
    await frame();
    if (k.frames === seen && k.state === 'idle' && !k.pending.size) return '';
  }
}"""


# Playwright runs a ``wait_for_function`` predicate on every animation frame unless told
# otherwise: a headless page then draws ~60 frames a second for as long as a test waits (s29:
# 0.8-1.1 CPU-s of Chromium per 10 s of waiting, against 0.05-0.24 polled every 100 ms). The
# tests' waits run it every POLL_MS instead, unless they ask for frames (``polling="raf"``).
POLL_MS = 40


def poll_waits() -> None:
    """Make the tests' ``wait_for_function`` poll every POLL_MS by default (once a process;
    called where Playwright starts, so a process with no browser test never imports it)."""
    from playwright.sync_api import Page

    wait = Page.wait_for_function
    if getattr(wait, "polled", False):
        return

    def wait_for_function(self, expression, *, arg=None, timeout=None, polling=None):
        every = POLL_MS if polling is None else polling
        return wait(self, expression, arg=arg, timeout=timeout, polling=every)

    wait_for_function.polled = True  # type: ignore[attr-defined]
    Page.wait_for_function = wait_for_function  # type: ignore[method-assign]
    looks_kept_on_request()


# The looks the browser tests keep in tests/artifacts/ (``page.screenshot(path=...)``) are
# taken only with CATAN_SCREENSHOTS=1: ~150 a run, ~0.15 CPU-s each (Chromium's capture and
# PNG encoding) for files nobody reads after a pass. A failed test keeps its pages' last looks
# (``new_page``) either way; a screenshot whose bytes a test compares is always taken.
SHOTS = os.environ.get("CATAN_SCREENSHOTS", "").strip() not in ("", "0")


def looks_kept_on_request() -> None:
    """Make ``screenshot(path=...)`` of a page or a locator write its file only with
    ``SHOTS`` or ``keep=True``; else a locator is waited for and scrolled into view as for
    its screenshot (visible and stable: the same check, the page left as it would be)."""
    from playwright.sync_api import Locator, Page

    page_shot, locator_shot = Page.screenshot, Locator.screenshot
    if getattr(page_shot, "on_request", False):
        return

    def page_screenshot(self, *args, keep: bool = False, **kwargs):
        if SHOTS or keep or kwargs.get("path") is None:
            return page_shot(self, *args, **kwargs)
        return b""

    def locator_screenshot(self, *args, keep: bool = False, **kwargs):
        if SHOTS or keep or kwargs.get("path") is None:
            return locator_shot(self, *args, **kwargs)
        self.scroll_into_view_if_needed(timeout=kwargs.get("timeout"))
        return b""

    page_screenshot.on_request = True  # type: ignore[attr-defined]
    Page.screenshot = page_screenshot  # type: ignore[method-assign]
    Locator.screenshot = locator_screenshot  # type: ignore[method-assign]


def watch_kernel(context) -> None:
    """Watch the kernel's socket in every page of ``context`` (for ``settle``)."""
    context.add_init_script(KERNEL_WATCH_JS)


def settle(page) -> None:
    """Wait until the page has had every reply the kernel owes it and has drawn it: what a
    test looks at after an action once its first sign (a marker, a line) has shown."""
    why = page.evaluate(
        f"(ms) => Promise.race([({SETTLED_JS})(), new Promise((r) => "
        "setTimeout(() => r('the kernel did not answer within ' + ms + ' ms'), ms))])",
        30_000,
    )
    assert why == "", why


def frames(page, n: int = 2) -> None:
    """Wait for ``n`` frames to be drawn (a change the page's own script makes on the next
    frame: no kernel in it)."""
    page.evaluate(
        "(n) => new Promise((r) => { const f = (k) => k ? requestAnimationFrame(() => "
        "f(k - 1)) : r(); f(n); })",
        n,
    )


@pytest.fixture(scope="session")
def app_server() -> Iterator[str]:
    """One Voilà serving the start notebook (the app) with the packaged settings, on a free
    local port, for every browser test that needs only the app: each page gets its own kernel,
    so the tests stay independent while the server starts once."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    try:
        with voila(START_NOTEBOOK, ARTIFACTS / f"voila_app{WORKER}.log") as (url, _):
            yield url
    except RuntimeError as e:
        pytest.fail(str(e))


# The test browser resolves no host but 127.0.0.1 (Chromium's own rule): a request to any other
# fails at once and nothing is intercepted. (Routed through Playwright, each of a page load's
# ~107 requests was paused in the browser until the driver let it go: ~1.3 CPU-s and ~5 s of a
# load of ~8 CPU-s, s27.) A failed request to another host is recorded (``Page.outside``).
LOCAL_ONLY = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
TEST_CHROMIUM_ARGS = [*CHROMIUM_ARGS, LOCAL_ONLY]


def outside(request) -> str | None:
    """The URL of ``request`` when it is to another host than 127.0.0.1 (else None)."""
    host = urlsplit(request.url).hostname
    return request.url if host is not None and host != "127.0.0.1" else None


@pytest.fixture(scope="module")
def chromium() -> str:
    if not Path(CHROMIUM).exists():
        message = f"{CHROMIUM} is missing: apt-get install -y chromium"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    return CHROMIUM


def origin(url: str) -> str | None:
    """The origin (scheme://host:port) of an http(s) ``url`` (else None)."""
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme in ("http", "https") else None


# The context settings a lent context with a disk cache is kept for, one context for each set
# of them (a phone's, a tablet's, a desktop's); a viewport is set on its page
DESKTOP = {"width": 1280, "height": 900}
LENT_SETTINGS = {"viewport", "has_touch", "is_mobile", "device_scale_factor", "color_scheme"}
# The origins each profile's pages went to, for this test process (its modules, one after
# another, lend the same profiles): their storage is cleared before a profile is lent again
_VISITED: dict[Path, set[str]] = {}


def _device(context: dict) -> tuple[bool, bool, float] | None:
    """The device a lent context is kept for (touch, mobile, pixel ratio): None when the
    settings ask for more than a device and a viewport (a fresh context then)."""
    if not set(context) <= LENT_SETTINGS:
        return None
    return (
        bool(context.get("has_touch")),
        bool(context.get("is_mobile")),
        float(context.get("device_scale_factor") or 1),  # type: ignore[arg-type]
    )


class TestBrowser:
    """The module's Chromium (a Playwright ``Browser``: its methods are this one's) and, for
    each device a ``Page`` asks for (a desktop, a phone, a tablet), a browser context with a
    disk cache, lent to one ``Page`` at a time with the cookies and storage of the page before
    cleared: each page is a new visitor's, but the app's ~4.7 MB of scripts are compiled once,
    as a returning visitor's browser keeps them (a load: ~7.2 CPU-s, not ~9.9, in Chromium and
    the server; s27). Its profiles (``profiles``) outlive the module: the test process's next
    modules find the scripts compiled (s28). An off-the-record context, as ``new_context``
    makes, keeps no code."""

    def __init__(self, pw, chromium: str, profiles: Path):
        self._real = None  # the off-the-record Chromium, launched when first asked for
        self._pw, self._chromium, self._profiles = pw, chromium, profiles
        self._warm: dict[tuple, object] = {}  # device -> its context, made when first lent
        self.owner: dict[tuple, Page] = {}  # device -> the Page it is lent to

    @property
    def real(self):
        """The Playwright ``Browser`` for fresh contexts: most modules' pages are all lent
        contexts, each its own Chromium, so this one is launched only when a test asks."""
        if self._real is None or not self._real.is_connected():
            self._real = self._pw.chromium.launch(
                executable_path=self._chromium, args=TEST_CHROMIUM_ARGS, headless=True
            )
        return self._real

    def __getattr__(self, name: str):
        if name.startswith("_"):  # (not the browser's: before __init__ has set it)
            raise AttributeError(name)
        return getattr(self.real, name)

    def alive(self) -> bool:
        """Whether the browsers it launched still answer (a crashed one: a new TestBrowser)."""
        try:
            self._pw.selectors  # noqa: B018 - the driver's connection still open
            return self._real is None or self._real.is_connected()
        except Exception:  # noqa: BLE001 - the driver is gone
            return False

    def lend(self, owner: Page, device: tuple, viewport: dict):
        """The context with a disk cache for ``device``, for ``owner``, and its one page (a
        new tab), with no page, cookie or storage of the page before; None while another
        ``Page`` has it."""
        if device in self.owner:
            return None
        profile = self._profiles / "-".join(str(x) for x in device)
        visited = _VISITED.setdefault(profile, set())
        warm = self._warm.get(device)
        if warm is None:
            warm = self._warm[device] = self._pw.chromium.launch_persistent_context(
                str(profile),
                executable_path=self._chromium,
                args=TEST_CHROMIUM_ARGS,
                headless=True,
                viewport=viewport,
                has_touch=device[0],
                is_mobile=device[1],
                device_scale_factor=device[2],
            )
            watch_kernel(warm)
            warm.on("requestfailed", lambda request: self._failed(device, request))
            warm.on("page", lambda page: self._watch(visited, page))
            warm.on("close", lambda _context: self._closed(device))
        for page in warm.pages:  # (a new persistent context opens with a blank tab)
            page.close()
        warm.clear_cookies()
        warm.clear_permissions()
        visited.discard("")
        page = warm.new_page()
        if visited:  # (through the owner's own blank tab: a tab more cost ~0.1 CPU-s a page)
            cdp = warm.new_cdp_session(page)  # (CDP speaks to a page)
            for o in sorted(visited):
                cdp.send("Storage.clearDataForOrigin", {"origin": o, "storageTypes": "all"})
            cdp.detach()
            visited.clear()
        self.owner[device] = owner
        return warm, page

    def give_back(self, device: tuple) -> None:
        """The lent context's pages closed: it is free for the next ``Page``."""
        if (warm := self._warm.get(device)) is not None:
            for page in warm.pages:
                page.close()
        self.owner.pop(device, None)

    @staticmethod
    def _watch(visited: set[str], page) -> None:
        page.on("framenavigated", lambda frame: visited.add(origin(frame.url) or ""))

    def _failed(self, device: tuple, request) -> None:
        if (owner := self.owner.get(device)) is not None:
            owner._failed(request)

    def _closed(self, device: tuple) -> None:  # (a test closed it: a new one when next lent)
        self._warm.pop(device, None)
        self.owner.pop(device, None)

    def give_back_all(self) -> None:
        """Every lent context free again (at a module's end: its pages all closed)."""
        for device in list(self.owner):
            self.give_back(device)

    def close(self) -> None:
        for warm in list(self._warm.values()):
            try:
                warm.close()
            except Exception:  # noqa: BLE001 - its Chromium already gone
                pass
        if self._real is not None and self._real.is_connected():
            self._real.close()


@pytest.fixture(scope="session")
def chromium_profiles(tmp_path_factory) -> Path:
    """The test process's browser profiles (each a device's disk cache: ``TestBrowser``)."""
    return tmp_path_factory.mktemp("chromium-profiles")


# The test process's Playwright and its TestBrowser, kept from one browser module to the next
# (a module's own: ~2-3 CPU-s of driver and Chromium starts, ~30 modules a run) and stopped
# when a module without browser tests comes (its asyncio may not run beside Playwright's loop)
_KEPT: dict[str, object] = {}


def _kept_browser(chromium: str, profiles: Path) -> TestBrowser:
    kept = _KEPT.get("browser")
    if isinstance(kept, TestBrowser) and kept.alive():
        return kept
    stop_kept_browser()
    from playwright.sync_api import sync_playwright

    poll_waits()
    pw = sync_playwright().start()
    _KEPT.update(pw=pw, browser=TestBrowser(pw, chromium, profiles))
    return _KEPT["browser"]  # type: ignore[return-value]


def stop_kept_browser() -> None:
    """Close the kept browser and stop its Playwright (none kept: nothing)."""
    browser, pw = _KEPT.pop("browser", None), _KEPT.pop("pw", None)
    try:
        if isinstance(browser, TestBrowser):
            browser.close()
    finally:
        if pw is not None:
            pw.stop()  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def browser(chromium: str, chromium_profiles: Path) -> Iterator[TestBrowser]:
    """The test process's Chromium (``TestBrowser``), kept for the next browser module."""
    kept = _kept_browser(chromium, chromium_profiles)
    yield kept
    kept.give_back_all()


_MODULE: list[str] = [""]  # the module of the test last set up


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item) -> None:
    """A module whose first test uses no browser: the kept one stopped before it (see
    ``_KEPT``), as when each module had its own (its asyncio tests then ran with none)."""
    module = item.nodeid.split("::", 1)[0]
    if module == _MODULE[0]:
        return
    _MODULE[0] = module
    if _KEPT and "browser" not in getattr(item, "fixturenames", ()):
        stop_kept_browser()


def pytest_sessionfinish(session) -> None:
    stop_kept_browser()


@pytest.fixture
def phone(new_page):
    """A page on a 375x740 touch phone (twice the pixels)."""
    return new_page(
        "phone",
        viewport={"width": 375, "height": 740},
        has_touch=True,
        is_mobile=True,
        device_scale_factor=2,
    ).page


class Page:
    """A new visitor's page (a fresh browser context, or the browser's context with a disk
    cache cleared of the page before's cookies and storage: ``TestBrowser``) that records
    every request to another host than
    127.0.0.1 (the test browser refuses them: ``LOCAL_ONLY``), and keeps the console and the
    size of each websocket frame sent."""

    def __init__(self, browser, name: str, **context: object):
        self.name = name
        self._failures = _FAILURES[0]  # the run's failed test phases when it opened
        self.outside: list[str] = []
        self.console: list[str] = []
        self.sent: list[int] = []
        self._lent: TestBrowser | None = None  # the browser that lent its cached context
        self._closed = False
        # ``context``: more of the browser context's settings (``color_scheme="dark"``, a
        # phone's...): a device's context with a disk cache when it is free (``TestBrowser``)
        device = _device(context) if isinstance(browser, TestBrowser) else None
        viewport = context.get("viewport", DESKTOP)
        lent = browser.lend(self, device, viewport) if device is not None else None
        if lent is not None:
            self._lent, self._device, (self.context, self.page) = browser, device, lent
            self.page.set_viewport_size(viewport)  # type: ignore[arg-type]
            if "color_scheme" in context:
                self.page.emulate_media(color_scheme=context["color_scheme"])  # type: ignore[arg-type]
        else:
            self.context = browser.new_context(**({"viewport": DESKTOP} | context))
            self.context.on("requestfailed", self._failed)  # (the browser refuses them)
            watch_kernel(self.context)
            self.page = self.context.new_page()
        self.page.set_default_timeout(30_000)
        self.page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}"))
        self.page.on(
            "websocket", lambda ws: ws.on("framesent", lambda frame: self.sent.append(len(frame)))
        )

    def _failed(self, request) -> None:
        if (url := outside(request)) is not None:
            self.outside.append(url)

    def close(self, shot: bool | None = None) -> None:
        """Close the page's context; ``shot``: keep its last look (``NAME_last.png``). By
        default only where it may be read: with ``SHOTS``, while an error is raised (a
        ``finally:``), or once a test has failed since the page opened (a fixture's page).
        Once: a page a test closed itself (its device's context then lent to the next page)
        is left alone by ``new_page``'s close after the test."""
        if self._closed:
            return
        self._closed = True
        if shot is None:
            shot = SHOTS or sys.exc_info()[0] is not None or _FAILURES[0] > self._failures
        if shot:
            try:
                self.page.screenshot(path=ARTIFACTS / f"{self.name}_last.png", keep=True)
            except Exception:  # noqa: BLE001 - the page may be gone
                pass
        print(f"\n{self.name}: browser console:", *self.console[-15:], sep="\n  ")
        if self._lent is not None:
            self._lent.give_back(self._device)
        else:
            self.context.close()


# Set on a test's item when a phase of it failed (``new_page`` keeps its pages' last looks then)
FAILED = pytest.StashKey[bool]()
_FAILURES = [0]  # the test phases that failed so far in this process


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.failed:
        item.stash[FAILED] = True
        _FAILURES[0] += 1
    return report


@pytest.fixture
def new_page(browser, request) -> Iterator:
    """Pages (``Page``) made on demand, closed after the test; the last look of each
    (``NAME_last.png``) is kept when the test failed (a screenshot a page: ~0.15 s, on ~80
    pages a run, for a look nobody needs after a pass)."""
    pages: list[Page] = []

    def make(name: str, **context: object) -> Page:
        pages.append(Page(browser, name, **context))
        return pages[-1]

    yield make
    failed = request.node.stash.get(FAILED, False)
    for p in pages:
        p.close(shot=failed)
    log = ARTIFACTS / f"voila_app{WORKER}.log"
    if failed and pages and log.exists():  # the server's last words (a kernel's error, a cull)
        print("\nserver log (its end):", *log.read_text().splitlines()[-25:], sep="\n  ")


def open_app(p: Page, url: str) -> None:
    p.page.goto(url, timeout=PAGE_TIMEOUT)
    p.page.wait_for_function(BOARD_PAINTED_JS, timeout=PAGE_TIMEOUT, polling=100)


def attribute(page, selector: str, name: str) -> str:
    """The attribute ``name`` of the first element ``selector`` finds."""
    return page.locator(selector).first.get_attribute(name)


def choose_file(page, file: dict):
    """Open the tutor's "Open a lesson file" upload (its file input is not in the page: ipywidgets
    clicks it from the button) and choose ``file``; returns the file chooser."""
    with page.expect_file_chooser() as chooser:
        page.locator(".catan-tutor .widget-upload").first.click()
    chooser.value.set_files(files=[file])
    return chooser.value


VOILA_JS = "**/voila/static/voila.js*"  # Voilà's script: the page connects once it has run


def hold_voila_js(page) -> list:
    """Keep Voilà's script from the page (its first request) until released: the notebook
    has run and the page waits to connect, as a page did under load."""
    held: list = []
    page.route(VOILA_JS, lambda route: held.append(route) if not held else route.continue_())
    return held


def wait_held(page, held: list) -> None:
    """Wait until ``hold_voila_js`` holds Voilà's script (the notebook has run)."""
    t0 = time.monotonic()
    while not held:
        assert time.monotonic() - t0 < PAGE_TIMEOUT / 1000, "the notebook did not run"
        page.wait_for_timeout(100)


def open_tab(page, name: str) -> None:
    """Show the tutor's tab ``name``: the tabs are Explore's (a lesson opens without them)."""
    # the kernel's replies first: a lesson just opened takes the last one's tabs away (they
    # were counted, then gone: the click waited 30 s for a tab detached, CI)
    if page.evaluate("() => !!window.catanKernel"):  # (watched: watch_kernel)
        settle(page)
    tab = page.get_by_role("tab", name=name, exact=True)
    if not tab.count():
        page.locator(".catan-explore").click()
    tab.click()


def pick_lesson(page, title: str) -> None:
    """Open the lesson called ``title`` from the chapter and lesson lists (its label may carry
    its course number, "3.2  …")."""
    from catan_tutor.study.library import library
    from catan_tutor.study.resources import lessons_dir
    from catan_tutor.widgets.older_in_list import with_older_names

    found = next(x for x in library(lessons_dir()) if x.title == title)
    chapter = page.locator(".catan-chapter-picker select")
    chapter.select_option(index=_chapter_index(chapter, found.place))
    lesson = page.locator(".catan-lesson-picker select")
    lesson.locator("option", has_text=title).first.wait_for(state="attached")
    labels = lesson.locator("option").all_inner_texts()
    listed = with_older_names(title)  # (the list gives a card's older name beside it: l35)
    index = next(i for i, x in enumerate(labels) if x.replace("\xa0", " ").strip().endswith(listed))
    if lesson.input_value() != lesson.locator("option").nth(index).get_attribute("value"):
        lesson.select_option(index=index)
    page.locator(".catan-tutor").filter(has_text=title).first.wait_for()


def choose_chapter(page, title: str) -> None:
    """Show the lessons of the chapter of the lesson called ``title`` in the lesson list (the
    chapter's first lesson opens when another chapter is chosen)."""
    from catan_tutor.study.library import library
    from catan_tutor.study.resources import lessons_dir

    found = next(x for x in library(lessons_dir()) if x.title == title)
    chapter = page.locator(".catan-chapter-picker select")
    index = _chapter_index(chapter, found.place)
    if chapter.locator("option").nth(index).get_attribute("value") != chapter.input_value():
        chapter.select_option(index=index)
    page.locator(".catan-lesson-picker option", has_text=title).first.wait_for(state="attached")


def _chapter_index(chapter, place) -> int:
    labels = [x.replace("\xa0", " ") for x in chapter.locator("option").all_inner_texts()]
    want = f"{place.chapter} · {place.chapter_title}" if place else "Other lessons"
    return labels.index(want)


def open_new_game(page) -> None:
    """Open the New game settings (variant, players, board, seats, Start)."""
    start = page.locator(".catan-new-game-box").get_by_role("button", name="Start")
    if not start.count() or not start.is_visible():
        page.locator(".catan-new-game").click()
    start.wait_for()


def click_play_typed(page) -> None:
    """Press Try a move's "Play the typed move" once the verdict has made it live. The page
    brings the verdict into sight 150 and 700 ms after the kernel's reply while the field has
    the focus (reply_in_view.js): it is brought in first, so no scroll comes under the click
    (CI, s33 and s35: "Play the typed move played nothing" under load)."""
    play = page.locator(".catan-try").get_by_role("button", name="Play the typed move")
    page.wait_for_function("b => !b.disabled", arg=play.element_handle())
    page.locator(".catan-try-verdict").scroll_into_view_if_needed()
    play.click()


def ask_hint(page):
    """Ask the Hint panel for a hint with few playouts (4, over 1 turn); the hint's hidden
    state once it is done (``data-top``: the best move, ``data-spot``: its spot)."""
    panel = page.locator(".catan-hint-panel")
    if not panel.locator("input").nth(0).is_visible():  # the settings are folded away
        panel.get_by_role("button", name="Settings").click()
    panel.locator("input").nth(0).fill("4")  # games per move
    panel.locator("input").nth(1).fill("1")  # turns
    panel.locator("input").nth(1).press("Tab")
    # a hint of an earlier position is cleared when the position changes: wait for that
    page.locator(".catan-hint-state:not([data-status='done'])").wait_for(state="attached")
    panel.get_by_role("button", name="Hint").click()
    done = page.locator(".catan-hint-state[data-status='done']")
    done.wait_for(state="attached", timeout=60_000)
    return done


# Runs in the page: words cut short (a box narrower than its text, a list narrower than the
# option it shows, an empty field narrower than its placeholder); a box of 1 px is a label for
# screen readers only.
# Runs in the page: the app's boxes that scroll sideways (wider inside than they show: on a
# phone the tutor's column held rows 100 % wide plus ipywidgets' 2 px margins, so it scrolled
# 4 px and cut each line's last letters: l32, "so P1 i" for "so P1 is")
SIDEWAYS_JS = """() => [...document.querySelectorAll('.catan-app, .catan-app *')].filter(e => {
  const s = getComputedStyle(e);
  return (s.overflowX === 'auto' || s.overflowX === 'scroll') && e.clientWidth
    && e.scrollWidth > e.clientWidth; })
  .map(e => e.className.slice(0, 50) + ' ' + e.scrollWidth + ' > ' + e.clientWidth)"""
CUT_JS = """() => {
  const out = [], ctx = document.createElement('canvas').getContext('2d');
  for (const e of document.querySelectorAll('.catan-app input[placeholder]')) {
    const s = getComputedStyle(e);
    if (!e.getBoundingClientRect().width || e.value || s.visibility === 'hidden') continue;
    ctx.font = s.font;
    if (ctx.measureText(e.placeholder).width + parseFloat(s.paddingLeft)
        + parseFloat(s.paddingRight) > e.clientWidth + 0.5) out.push(e.placeholder.slice(0, 40));
  }
  for (const e of document.querySelectorAll('.catan-app button, .catan-app select, '
      + '.catan-app label, .catan-app .widget-label, .catan-app .widget-html-content')) {
    const r = e.getBoundingClientRect(), s = getComputedStyle(e);
    if (r.width <= 1 || !r.height || s.visibility === 'hidden') continue;
    let need = 0;
    if (e.tagName === 'SELECT') {
      const o = e.options[e.selectedIndex]; if (!o) continue;
      ctx.font = s.font;
      need = ctx.measureText(o.text).width + parseFloat(s.paddingLeft)
        + parseFloat(s.paddingRight) - 0.5;
    } else if (s.overflowX !== 'visible' || s.textOverflow === 'ellipsis') {
      need = e.scrollWidth - 1;
    }
    if (need > e.clientWidth)
      out.push((e.innerText || e.options[e.selectedIndex]?.text || e.tagName).slice(0, 40));
  }
  const box = [...document.querySelectorAll('.catan-side .widget-gridbox')].filter(g => {
    const b = g.getBoundingClientRect();
    return b.width && [...g.children].some(k => k.getBoundingClientRect().right > b.right + 0.5);
  });
  return out.concat(box.map(() => 'a grid past its box'));
}"""


# Runs in the page: the cells in each row of each grid of counts of the form (style.COUNTS_CSS:
# none alone on a row)
COUNT_ROWS_JS = """() => [...document.querySelectorAll('.catan-form-box .catan-counts')].map(g => {
  const rows = new Map();
  for (const k of g.children) {
    const t = Math.round(k.getBoundingClientRect().top); rows.set(t, (rows.get(t) || 0) + 1);
  }
  return [...rows.values()];
})"""
