"""The test browser (browser_harness.TestBrowser): its pages, one after another, are each a new
visitor's (no storage or cookie of the page before) while the app's scripts come from its disk
cache, compiled once a test process as a returning visitor's browser keeps them. A module of its
own: a module's page held the whole module (a module fixture's) leaves the others fresh
contexts without the cache, as it should.

Needs /usr/bin/chromium, skipped without it except under ``CI=true`` (browser_harness.py).
"""

from __future__ import annotations

import pytest
from browser_harness import Page

pytestmark = [pytest.mark.browser, pytest.mark.kernel]


# Runs in the page: the app's main script fetched, and what its fetch took off the network
# (a response the disk cache holds: nothing, or a revalidation's headers, less than its body)
SCRIPT_FETCHED_JS = """async (url) => {
  const r = await fetch(url);
  const size = (await r.arrayBuffer()).byteLength;
  const name = new URL(url, location.href).href;
  let e;  // its timing entry comes after, later under load (CI: none yet after 50 ms)
  for (let t = 0; t < 100 && !(e = performance.getEntriesByName(name).pop()); t++)
    await new Promise((done) => setTimeout(done, 50));
  // in the disk cache: a fetch that may only be answered from it (CI, a kept browser's page:
  // no timing entry came at all)
  const cached = await fetch(url, {cache: 'only-if-cached', mode: 'same-origin'})
    .then((c) => c.ok, () => false);
  if (!e) return {ok: r.ok, size, cached, transferred: null, body: null};
  return {ok: r.ok, size, cached, transferred: e.transferSize, body: e.encodedBodySize};
}"""


def test_each_page_is_a_new_visitor_s_with_the_app_s_scripts_cached(browser, app_server):
    """The test browser's pages (browser_harness.TestBrowser): one after another, each is a
    new visitor's (no storage or cookie of the page before) while the app's scripts come
    from the disk cache, compiled once a test process as a returning visitor's are."""
    script = f"{app_server}voila/static/voila.js"
    first = Page(browser, "visitor_first")
    try:
        assert first._lent is browser  # (the cached context: no other page holds it)
        first.page.goto(f"{app_server}catan-probe")  # (a page of the origin: not found)
        first.page.evaluate(
            "() => { localStorage.setItem('catan-probe', '1'); document.cookie = 'probe=1'; }"
        )
        fetched = first.page.evaluate(SCRIPT_FETCHED_JS, script)
        assert fetched["ok"] and fetched["size"] > 10_000, fetched
    finally:
        first.close(shot=False)
    second = Page(browser, "visitor_second")
    try:
        second.page.goto(f"{app_server}catan-probe")
        kept = second.page.evaluate("() => [localStorage.getItem('catan-probe'), document.cookie]")
        assert kept == [None, ""], kept
        fetched = second.page.evaluate(SCRIPT_FETCHED_JS, script)
        assert fetched["ok"] and fetched["cached"], fetched
        if fetched["transferred"] is not None:  # (its timing, where it came: off the cache)
            assert fetched["transferred"] < fetched["body"], fetched
    finally:
        second.close(shot=False)
