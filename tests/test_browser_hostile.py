"""End to end, a hostile visitor: markup and ``javascript:`` payloads in every free-text field of
an uploaded scenario (title, goal, chapter, tutor texts, comments of the main line and of a
variation, a puzzle's prompt, hints and explanation), in the upload's file name, in what is
typed into the Author panel, in a pasted position's colours and in the page address reach the
page only as text, and no script runs; the line of play survives a reload. On standalone Voilà
and under a token-protected Jupyter server with the Voilà extension (as JupyterHub or Binder
serve it, where a script in the page could reach the server's kernel API). What the page's
kernel shows (every field, every tutor parameter) is the same code under both servers: the
whole sweep on standalone Voilà, one representative of each path under the Jupyter server
(the uploaded scenario's texts, every parameter in one link); what each server itself reads
(Voilà's page parameters, its template) under both.

Needs /usr/bin/chromium, skipped without it except under ``CI=true``.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterator

import pytest
from browser_harness import (
    ARTIFACTS,
    BOARD_PAINTED_JS,
    PAGE_TIMEOUT,
    Page,
    choose_file,
    open_app,
    open_tab,
)
from helpers import yaml_quote

from catan_tutor import new_game
from catan_tutor.server.serve import jupyter_server
from catan_tutor.study.resources import START_NOTEBOOK, notebooks_dir
from catan_tutor.widgets import session

pytestmark = [pytest.mark.browser, pytest.mark.kernel]

NOTEBOOK = START_NOTEBOOK
# Every payload carries "pwn", so whatever of it became markup can be found in the page.
PAYLOADS = [
    "<script>window.__pwned = 1</script>",
    '<img src=x onerror="window.__pwned = 2">',
    '<a href="javascript:window.__pwned = 3">pwn link</a>',
    "[pwn link](javascript:window.__pwned=4)",
    '<iframe src="javascript:window.__pwned = 5"></iframe>',
    "<svg onload=window.__pwned=6><circle r=9 /></svg>",
    '"><b id="pwn">pwn bold</b>',
    "'><style>body{display:none} /* pwn */</style>",
    '<form id="pwnform" action="/api/kernels" method="post"><button>pwn</button></form>',
    "<details open ontoggle=window.__pwned=7>pwn</details>",
]
SERVER_API = r"/api/(kernels|sessions|contents|terminals)\b"  # what a script would use to run code
HOSTILE_COLOURS = [
    "<img/src=x/onerror=window.__pwned=8>",
    "javascript:window.__pwned=9",
    "red;background:url(https://pwn.example/x)",
]

# Runs in the page: every element or attribute that the payloads turned into markup.
SCAN_JS = r"""() => {
  const danger = new Set(['SCRIPT', 'IFRAME', 'OBJECT', 'EMBED', 'SVG', 'STYLE', 'FORM',
                          'IMG', 'DETAILS', 'BASE', 'META', 'LINK', 'svg']);
  const bad = [];
  for (const el of document.querySelectorAll('body *')) {
    const download = el.tagName === 'A' && el.hasAttribute('download');
    for (const a of el.attributes) {
      const v = a.value.toLowerCase();
      const what = `${el.tagName} ${a.name}=${a.value.slice(0, 80)}`;
      if (v.includes('javascript:') || (!download && v.includes('pwn'))) bad.push(what);
    }
    if (danger.has(el.tagName) && el.outerHTML.toLowerCase().includes('pwn'))
      bad.push(el.outerHTML.slice(0, 120));
  }
  return {bad, pwned: window.__pwned === undefined ? null : window.__pwned};
}"""


# The upload's file name is visitor text too (shown in "opened NAME" and in refusals).
UPLOAD_NAME = '<img src=x onerror="window.__pwned=10">pwn.catan.yaml'
# Typed into the Author panel: what it accepts (it refuses HTML tags): quotes that would end an
# attribute, a Markdown link to javascript:.
AUTHOR_TITLE = '" onmouseover="window.__pwned=11" x="pwn'
AUTHOR_COMMENT = "[pwn link](javascript:window.__pwned=12) 'pwn' \"pwn\""


def hostile_scenario() -> bytes:
    """Every payload in every free-text field a scenario has. The puzzle is asked after the
    first move: its answer is P1 road H3; P1 road H5 is a variation whose comment a wrong
    answer's verdict quotes; the explanation shows once it is solved."""
    every = yaml_quote(" ".join(PAYLOADS))
    return (
        f"title: {yaml_quote('Hostile ' + PAYLOADS[1])}\nvariant: base\nplayers: 3\n"
        f"goal: {every}\nchapter: {every}\ntutor: {every}\nmoves:\n"
        f"- move: P1 settle H4\n  comment: {every}\n  tutor: {every}\n"
        f"  puzzle:\n    prompt: {every}\n    hints:\n    - {every}\n    - {every}\n"
        f"    rule: BASE-SETUP-ROUND1\n    explain: {every}\n"
        f"- move: P1 road H3\n  comment: {every}\n"
        f"  variations:\n  - - move: P1 road H5\n      comment: {every}\n"
    ).encode()


def hostile_position(colour: str) -> str:
    return (
        new_game("base", players=3)
        .position()
        .replace("colors=red,blue,white", f"colors=red,blue,{colour}")
    )


@pytest.fixture(scope="module")
def server_url() -> Iterator[str]:
    """The app's URL under a token-protected Jupyter server with the Voilà extension."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    try:
        token = secrets.token_hex(16)
        with jupyter_server(notebooks_dir(), ARTIFACTS / "jupyter_hostile.log", token) as base:
            yield f"{base}voila/render/{NOTEBOOK}?token={token}"
    except RuntimeError as e:
        pytest.fail(str(e))


@pytest.fixture(scope="module", params=["voila", "jupyter-server"])
def served(request) -> str:
    """The app's URL: standalone Voilà (the browser tests' own, ``app_server``: the start
    notebook with the packaged settings), or Voilà inside a token-protected Jupyter server."""
    return request.getfixturevalue("app_server" if request.param == "voila" else "server_url")


def _watch(p: Page) -> tuple[list[str], list[str]]:
    """Dialogs opened and kernel-API writes sent by the page (a script would do either)."""
    dialogs: list[str] = []
    writes: list[str] = []
    p.page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    p.page.on(
        "request",
        lambda r: (
            writes.append(f"{r.method} {r.url}")
            if r.method != "GET" and re.search(SERVER_API, r.url)
            else None
        ),
    )
    return dialogs, writes


def _assert_clean(p: Page, dialogs: list[str], writes: list[str]) -> None:
    found = p.page.evaluate(SCAN_JS)
    assert found == {"bad": [], "pwned": None}, found
    assert dialogs == [] and writes == [], (dialogs, writes)
    assert p.outside == [], p.outside


def _with_query(url: str, query: str) -> str:
    return f"{url}{'&' if '?' in url else '?'}{query}"


def _puzzle(page, **data: str) -> None:
    """Wait for the puzzle's hidden marker to say ``data``."""
    attrs = "".join(f"[data-{k}='{v}']" for k, v in data.items())
    page.locator(".catan-puzzle-state" + attrs).first.wait_for(
        state="attached", timeout=PAGE_TIMEOUT
    )


def _answer(page, move: str) -> None:
    page.locator(".catan-puzzle-answer input").fill(move)
    page.locator(".catan-puzzle-submit").click()


def _where(page) -> dict:
    """The position shown (CRC of its text) and its depth in the move tree."""
    state = page.locator(".catan-state").first
    return {k: state.get_attribute(f"data-{k}") for k in ("digest", "depth")}


def _upload_hostile(p: Page, url: str) -> tuple[list[str], list[str]]:
    """Open the app at ``url`` and upload the hostile scenario under its hostile file name:
    the file's name, its lesson texts and, after ▶, the puzzle's prompt show as text, and
    nothing runs. Returns the dialogs and kernel-API writes watched (``_watch``)."""
    dialogs, writes = _watch(p)
    open_app(p, url)
    page = p.page
    open_tab(page, "File")
    choose_file(page, {"name": UPLOAD_NAME, "mimeType": "text/yaml", "buffer": hostile_scenario()})
    tutor = page.locator(".catan-tutor").first
    tutor.filter(has_text=f"opened {UPLOAD_NAME}").wait_for(timeout=PAGE_TIMEOUT)  # as text
    _assert_clean(p, dialogs, writes)
    lesson = page.locator(".catan-lesson")
    lesson.filter(has_text="pwn bold").wait_for(timeout=PAGE_TIMEOUT)
    assert "<script>window.__pwned = 1</script>" in lesson.inner_text()  # shown as text
    _assert_clean(p, dialogs, writes)
    page.get_by_role("button", name="▶", exact=True).click()  # the move's comment, a puzzle
    page.wait_for_function("() => new URL(location.href).searchParams.get('s')")
    _puzzle(page, node="1", asked="1", solved="0")
    assert "<iframe" in page.locator(".catan-puzzle").inner_text()  # the prompt, as text
    _assert_clean(p, dialogs, writes)
    return dialogs, writes


def test_under_a_jupyter_server_the_app_needs_its_token_and_an_upload_stays_text(
    server_url, new_page
) -> None:
    """Voilà as a Jupyter server extension (JupyterHub, Binder): without the token the page is
    refused; with it, the settings come from the server config, the page has the tutor's
    template, fetches nothing outside and paints the board. The uploaded scenario's texts
    reach the page through the kernel and the widgets' views, the same code under both
    servers: here (where a script could reach the server's kernel API) the upload's name, the
    lesson's texts and a puzzle's prompt, as text; every other field on standalone Voilà
    (below)."""
    p = new_page("hostile_server")
    denied = p.page.goto(server_url.split("?", 1)[0], timeout=PAGE_TIMEOUT)
    assert denied is not None
    assert denied.status in (401, 403) or "/login" in p.page.url, (denied.status, p.page.url)
    _upload_hostile(p, server_url)  # (the page, once painted, checked as opened: no outside)
    page = p.page.evaluate(TEMPLATE_JS)
    assert page == {"catan": True, "theme": "JupyterLab Light", "light": "true", "cdn": []}, page
    p.page.screenshot(path=ARTIFACTS / f"{p.name}_lesson.png")


def test_hostile_upload_and_pasted_positions_stay_text(app_server, new_page) -> None:
    p = new_page("hostile_voila")
    dialogs, writes = _upload_hostile(p, app_server)
    page = p.page
    tutor = page.locator(".catan-tutor").first
    lesson = page.locator(".catan-lesson")
    page.screenshot(path=ARTIFACTS / f"{p.name}_lesson.png")

    # the puzzle: both hints, a wrong answer (the variation: its comment is quoted), the answer
    for n in (1, 2):
        page.locator(".catan-puzzle-hint").click()
        _puzzle(page, node="1", hints=str(n))
    assert page.locator(".catan-puzzle-hint-text").count() == 2
    _assert_clean(p, dialogs, writes)
    _answer(page, "P1 road H5")
    _puzzle(page, node="1", tries="1", solved="0")
    assert "pwn bold" in page.locator(".catan-puzzle-verdict").inner_text()
    _assert_clean(p, dialogs, writes)
    _answer(page, "P1 road H3")
    _puzzle(page, node="2", correct="1")
    assert "pwn bold" in page.locator(".catan-puzzle-verdict").inner_text()  # explanation
    _assert_clean(p, dialogs, writes)

    # the move list (every comment), then the Author panel holding every text, and typed into
    open_tab(page, "Moves")
    page.locator(".catan-mv-comment").first.wait_for(timeout=PAGE_TIMEOUT)
    assert page.locator(".catan-mv-comment").count() == 3
    _assert_clean(p, dialogs, writes)
    open_tab(page, "File")
    page.get_by_label("Lesson author", exact=False).check()
    page.locator(".catan-author-title input").wait_for(timeout=PAGE_TIMEOUT)
    _assert_clean(p, dialogs, writes)
    page.get_by_role("button", name="◀", exact=True).click()  # the puzzle's fields, filled
    page.locator(".catan-state[data-node='1']").first.wait_for(
        state="attached", timeout=PAGE_TIMEOUT
    )
    prompt = page.locator(".catan-author-prompt input")
    page.wait_for_function(
        "e => e.value.includes('pwn bold')", arg=prompt.element_handle(), timeout=PAGE_TIMEOUT
    )
    _assert_clean(p, dialogs, writes)
    page.get_by_role("button", name="▶", exact=True).click()
    page.locator(".catan-state[data-node='2']").first.wait_for(
        state="attached", timeout=PAGE_TIMEOUT
    )
    author = page.locator(".catan-author")
    page.locator(".catan-author-title input").fill(AUTHOR_TITLE)
    for field in ("Goal", "Comment"):
        author.get_by_label(field, exact=True).fill(AUTHOR_COMMENT)
    author.get_by_label("Chapter", exact=True).fill(AUTHOR_TITLE)
    author.get_by_label("Tutor text", exact=True).fill("")  # the file's own holds HTML tags
    page.locator(".catan-author-save").click()
    page.locator(".catan-author-status").filter(has_text="saved").wait_for(timeout=PAGE_TIMEOUT)
    tutor.filter(has_text=AUTHOR_TITLE).wait_for(timeout=PAGE_TIMEOUT)  # the header, as text
    _assert_clean(p, dialogs, writes)
    page.get_by_label("Lesson author", exact=False).uncheck()
    page.screenshot(path=ARTIFACTS / f"{p.name}_author.png")

    shown = lesson.inner_text()
    box = page.locator(".catan-tutor textarea:visible").first
    for colour in HOSTILE_COLOURS:
        box.fill(hostile_position(colour))
        page.get_by_role("button", name="Load position").click()
        tutor.filter(has_text="is not a colour").wait_for(timeout=PAGE_TIMEOUT)
        _assert_clean(p, dialogs, writes)
    # the scenario's own position text with a hostile colour: refused with its line
    bad = f"title: t\nvariant: base\nplayers: 3\nposition: '{hostile_position('javascript:x')}'\n"
    choose_file(
        page, {"name": "colour.catan.yaml", "mimeType": "text/yaml", "buffer": bad.encode()}
    )
    refused = re.compile(r"colour\.catan\.yaml:4: position")
    tutor.filter(has_text=refused).wait_for(timeout=PAGE_TIMEOUT)
    _assert_clean(p, dialogs, writes)
    assert lesson.inner_text() == shown  # the refused inputs changed nothing
    page.screenshot(path=ARTIFACTS / f"{p.name}_refused.png")

    # a reload: the line of play comes back from the address (?s=), still only as text
    where = _where(page)
    page.reload(timeout=PAGE_TIMEOUT)
    page.wait_for_function(BOARD_PAINTED_JS, timeout=PAGE_TIMEOUT, polling=100)
    page.locator(f".catan-state[data-digest='{where['digest']}']").first.wait_for(
        state="attached", timeout=PAGE_TIMEOUT
    )
    assert _where(page) == where, (_where(page), where)
    _assert_clean(p, dialogs, writes)


def test_hostile_page_address_is_explained_and_stays_text(app_server, new_page) -> None:
    """Each hostile state in the address is refused with its reason, as text. The state
    reaches only the tutor's kernel (the same code under both servers): each state on
    standalone Voilà; under the Jupyter server, a script state with every tutor parameter at
    once in test_a_script_in_any_page_parameter_does_not_run. The script state's address
    also asks for Voilà's reveal template and the dark theme, which Voilà reads itself (not
    the kernel): the tutor's template in the dark theme, as under the Jupyter server in
    test_the_template_parameter_does_not_swap_the_page (a page load of its own before)."""
    p = new_page("hostile_link_voila")
    dialogs, writes = _watch(p)
    colour = session.encode(session.Line(position=hostile_position(HOSTILE_COLOURS[0])))
    lesson = session.encode(session.Line(lesson=PAYLOADS[1]))
    states = [
        (colour, "is not a colour"),
        (lesson, "There is no lesson"),
        ("%3Cscript%3Ewindow.__pwned%3D1%3C/script%3E", "could not be restored"),
    ]
    for state, why in states:
        swap = "&template=reveal&theme=dark" if why == "could not be restored" else ""
        open_app(p, _with_query(app_server, f"s={state}{swap}"))
        p.page.locator(".catan-app").filter(has_text=why).first.wait_for(timeout=PAGE_TIMEOUT)
        _assert_clean(p, dialogs, writes)
    page = p.page.evaluate(TEMPLATE_JS)  # (the last: ?template=reveal ignored, dark)
    assert page == DARK_TUTOR_PAGE, page
    p.page.screenshot(path=ARTIFACTS / f"{p.name}.png")


# Every query parameter Voilà reads on a notebook's page (theme, template; classic-tree on its
# tree) or the tutor reads (links.KEYS, the session state s), each carrying a script.
SCRIPT = '"><script>window.__pwned=20</script><img src=x onerror="window.__pwned=21">pwn'
VOILA_PARAMS = ("theme", "template", "classic-tree")
TUTOR_GROUPS = [
    ("s",),
    ("position",),
    ("lesson", "node", "solved", "hints", "moves"),
    ("variant", "players", "board", "seed", "p1", "p2", "p3", "p4"),
]


def param_groups(mode: str) -> list[tuple[str, ...]]:
    """The parameters sent together in one link. Voilà's own go through each server's page
    handler and template (each read on its own: one cannot hide another, nor a tutor's), so
    under both, all in the first link. The tutor's reach only its kernel (the same code under
    both), which refuses a link at its first fault: each group alone on standalone Voilà,
    where a group's refusal cannot hide another's; all of them in the one link under the
    Jupyter server."""
    if mode == "voila":
        return [VOILA_PARAMS + TUTOR_GROUPS[0], *TUTOR_GROUPS[1:]]
    return [VOILA_PARAMS + tuple(n for g in TUTOR_GROUPS for n in g)]


# Runs in the page: what shows that it is the tutor's catan template and not Voilà's lab,
# classic or reveal (its kernel hold and retry card, no stylesheet from another host).
TEMPLATE_JS = r"""() => ({
  catan: document.documentElement.outerHTML.includes('catan-retry-card'),
  theme: document.body.getAttribute('data-jp-theme-name'),
  light: document.body.getAttribute('data-jp-theme-light'),
  cdn: Array.from(document.querySelectorAll('link[href], script[src]'))
    .map(e => e.getAttribute('href') || e.getAttribute('src'))
    .filter(u => /^(https?:)?\/\//.test(u) && !u.includes(location.host)),
})"""
# What TEMPLATE_JS finds at an address asking for another template and the dark theme
DARK_TUTOR_PAGE = {"catan": True, "theme": "JupyterLab Dark", "light": "false", "cdn": []}


def test_a_script_in_any_page_parameter_does_not_run(served, new_page) -> None:
    """A link with a script in a query parameter (``?theme=`` went into the lab template's
    body tag unescaped) shows the tutor's own page, in the light theme, and runs nothing."""
    from urllib.parse import quote as url_quote

    mode = "server" if "token=" in served else "voila"
    for names in param_groups(mode):
        p = new_page(f"hostile_param_{'_'.join(names[:8])}_{mode}")
        dialogs, writes = _watch(p)
        query = "&".join(f"{n}={url_quote(SCRIPT if n != 'template' else 'lab')}" for n in names)
        open_app(p, _with_query(served, query))
        if "s" in names:  # the kernel read the link: it says why the state is not restored
            why = p.page.locator(".catan-app").filter(has_text="could not be restored")
            why.first.wait_for(timeout=PAGE_TIMEOUT)
        _assert_clean(p, dialogs, writes)
        page = p.page.evaluate(TEMPLATE_JS)
        want = {"catan": True, "theme": "JupyterLab Light", "light": "true", "cdn": []}
        assert page == want, (names, page)
        p.page.screenshot(path=ARTIFACTS / f"{p.name}.png")
        p.close()


@pytest.mark.parametrize("template", ["reveal"])  # (lab: the parameter groups' link sends it)
def test_the_template_parameter_does_not_swap_the_page(server_url, new_page, template) -> None:
    """``?template=`` is ignored (allow_template_override NO in both settings forms): the page
    keeps the tutor's template; ``?theme=dark`` still gives the dark theme. Under the Jupyter
    server; on standalone Voilà in test_hostile_page_address_is_explained_and_stays_text
    (its script state's address asks for both)."""
    p = new_page(f"template_{template}_server")
    open_app(p, _with_query(server_url, f"template={template}&theme=dark"))
    page = p.page.evaluate(TEMPLATE_JS)
    assert page == DARK_TUTOR_PAGE, page
    assert p.outside == [], p.outside
