"""The tutor's layers (issue 32, scope 1): one session model, views that render from it.

- no class in ``catan_tutor/widgets/`` is over 400 lines;
- no re-entrancy flag (an attribute or name with ``quiet`` in it) in a widget module;
- no panel holds the Tutor or the App: only ``app.py`` (and the package's exports) import
  ``tutor.py``, and no panel's
  constructor takes a ``tutor`` or an ``app``;
- the session model and what it uses import no Jupyter widgets.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from functools import cache
from pathlib import Path

WIDGETS = Path(__file__).resolve().parent.parent / "catan_tutor" / "widgets"
MAX_CLASS_LINES = 400
PLAIN = ("tutor_session", "puzzle_state", "kinds", "session_choices")  # the model: no widgets


@cache
def _trees() -> dict[str, ast.Module]:
    """Each widgets module's syntax tree (read once a process; only read)."""
    return {p.stem: ast.parse(p.read_text(encoding="utf-8")) for p in sorted(WIDGETS.glob("*.py"))}


def test_no_class_in_widgets_is_over_400_lines():
    big = [
        f"{name}.{node.name}: {node.end_lineno - node.lineno + 1} lines"
        for name, tree in _trees().items()
        for node in tree.body
        if isinstance(node, ast.ClassDef)
        and node.end_lineno is not None
        and node.end_lineno - node.lineno + 1 > MAX_CLASS_LINES
    ]
    assert not big, big


def test_no_reentrancy_flags():
    found = [
        f"{name}:{node.lineno}"
        for name, tree in _trees().items()
        for node in ast.walk(tree)
        if (isinstance(node, ast.Attribute) and "quiet" in node.attr.lower())
        or (isinstance(node, ast.Name) and "quiet" in node.id.lower())
    ]
    assert not found, found


def test_no_panel_holds_the_tutor_or_the_app():
    importers = sorted(
        name
        for name, tree in _trees().items()
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module == "tutor" and node.level == 1
    )
    assert importers == ["__init__", "app"]  # the package exports it; the app shows one
    takes = [
        f"{name}.{cls.name}"
        for name, tree in _trees().items()
        for cls in tree.body
        if isinstance(cls, ast.ClassDef)
        for fn in cls.body
        if isinstance(fn, ast.FunctionDef)
        and fn.name == "__init__"
        and {a.arg for a in fn.args.args} & {"tutor", "app"}
    ]
    assert not takes, takes


def test_the_model_imports_no_jupyter_widgets():
    code = (
        "import sys\n"
        + "".join(f"import catan_tutor.widgets.{m}\n" for m in PLAIN)
        + "print(sorted(m for m in ('ipywidgets', 'ipycanvas', 'ipyevents') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
