"""The page's theme switch says its state in words (issue 33, "The learner's page"): it read
"Dark theme" whether the page was dark or light, its state only in ``aria-pressed``. Now it
reads "Dark theme: on" or "Dark theme: off"; a screen reader still hears the name "Dark
theme" and the pressed state (the words ": on" are ``aria-hidden``). Browser-free: the
template's markup rendered by Jinja for both themes, and the switch's script run by Node on
a small stand-in page (the browser sees the same in tests/test_browser_theme.py)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import jinja2
import pytest

from catan_tutor.server.serve import DATA_DIR, TEMPLATE

FOLDER = DATA_DIR / "voila" / "templates" / TEMPLATE


def _switch(theme: str) -> str:
    """The page bar's markup as the template renders it for ``theme``."""
    (line,) = [
        x for x in (FOLDER / "index.html.j2").read_text().splitlines() if "theme-switch" in x
    ]
    return jinja2.Template(line).render(_catan_theme=theme)


def _seen(markup: str) -> str:
    return re.sub(r"<[^>]+>", "", markup).strip()


def _named(markup: str) -> str:
    """The button's accessible name: its text without what is aria-hidden."""
    return _seen(re.sub(r"<(\w+)[^>]*aria-hidden=\"true\"[^>]*>.*?</\1>", "", markup))


@pytest.mark.parametrize(
    "theme, state, pressed", [("dark", "on", "true"), ("light", "off", "false")]
)
def test_the_switch_says_its_state_in_words(theme: str, state: str, pressed: str) -> None:
    markup = _switch(theme)
    assert _seen(markup) == f"Dark theme: {state}"
    assert _named(markup) == "Dark theme" and f'aria-pressed="{pressed}"' in markup


STAND_IN = """
const state = {textContent: '?'};
const attrs = {};
const sw = {setAttribute: (k, v) => { attrs[k] = v; }, querySelector: () => state};
const el = () => ({setAttribute() {}, style: {}, classList: {toggle() {}}});
let click = null;
global.window = {
  matchMedia: () => ({matches: SYSTEM_DARK, addEventListener() {}}),
  localStorage: {getItem: () => null, setItem() {}},
  location: {search: '', href: 'http://127.0.0.1/voila/render/app.ipynb'},
  history: {state: null, replaceState() {}},
};
global.document = {
  documentElement: Object.assign(el(), {getAttribute: () => attrs.theme}),
  body: el(),
  getElementById: () => null,
  querySelectorAll: () => [sw],
  addEventListener: (_, f) => { click = f; },
};
document.documentElement.setAttribute = (k, v) => { attrs.theme = v; };
require(SCRIPT);
const seen = [state.textContent + ' ' + attrs['aria-pressed']];
window.catanTheme.choose(SYSTEM_DARK ? 'light' : 'dark');
seen.push(state.textContent + ' ' + attrs['aria-pressed']);
console.log(JSON.stringify(seen));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node to run the page's script")
@pytest.mark.parametrize("system_dark", [True, False])
def test_the_switchs_script_keeps_the_words_with_the_state(system_dark: bool) -> None:
    """The script sets the words with ``aria-pressed`` when the page opens (the system's
    preference) and when the learner switches."""
    code = STAND_IN.replace("SYSTEM_DARK", json.dumps(system_dark)).replace(
        "SCRIPT", json.dumps(str(FOLDER / "catan_theme.js"))
    )
    out = subprocess.run(["node", "-e", code], capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stderr
    first, then = json.loads(out.stdout)
    on, off = ": on true", ": off false"
    assert (first, then) == ((on, off) if system_dark else (off, on))
