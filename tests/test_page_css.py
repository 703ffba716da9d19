"""The page's CSS holds no selector a browser drops whole: a ``:has()`` inside another
``:has()`` is invalid (Selectors 4), and a selector list with one invalid selector loses every
rule it holds (s48: a nested ``:has()`` in style.HELD dropped Copy link's and Labels' places on a
phone; the step buttons stood 32 px under the board)."""

from __future__ import annotations

import importlib
import pkgutil

import catan_tutor.widgets as widgets_pkg
from catan_tutor.widgets.style import THEME_CSS


def _page_css() -> dict[str, str]:
    """Every CSS string constant of the widgets' modules (``*_CSS``), and the theme's."""
    found = {"style.THEME_CSS": THEME_CSS}
    for info in pkgutil.iter_modules(widgets_pkg.__path__):
        module = importlib.import_module(f"catan_tutor.widgets.{info.name}")
        for name, value in vars(module).items():
            if name.endswith("CSS") and isinstance(value, str):
                found[f"{info.name}.{name}"] = value
    return found


def nested_has(css: str) -> list[str]:
    """The places where a ``:has(`` opens inside another one."""
    out, depth_at_has, depth = [], [], 0
    for i, ch in enumerate(css):
        if css.startswith(":has(", i):
            if depth_at_has:
                out.append(css[max(0, i - 60) : i + 40])
            depth_at_has.append(depth)
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth_at_has and depth == depth_at_has[-1]:
                depth_at_has.pop()
    return out


def test_no_has_inside_a_has_in_the_page_css():
    assert nested_has(".a:has(.b:not(.c)) .d:has(.e)") == []
    assert nested_has(".a:has(.b:not(:has(.c)))")  # the scanner sees one
    bad = {name: found for name, css in _page_css().items() if (found := nested_has(css))}
    assert not bad, bad
