"""Every test carries the markers of what it needs (``[tool.pytest.ini_options] markers``), so
``pytest -m "not browser and not kernel and not slow"`` (the fast lane) leaves out every test
that drives Chromium or starts a Jupyter kernel or server.

Read from the test files' source: what a test uses, itself, through the fixtures and helpers
of its module (followed to the end), or through the shared browser fixtures, decides the
markers it needs."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
# What needs which marker: shared fixtures (browser_harness.py), the package's servers
# (catan_tutor.server.serve), nbclient, jupyter_client, a JupyterHub; names in code, and a string
# that is code run elsewhere (a script for a subprocess) or a command's words.
NEEDS = {
    "browser": {"browser", "chromium", "new_page", "sync_playwright"},
    "kernel": {
        "app_server",
        "voila",
        "jupyter_server",
        "NotebookClient",
        "KernelManager",
        "hub",
        "jupyter",
    },
}
IN_STRINGS = {"sync_playwright", "NotebookClient", "jupyter", "voila.app", "jupyterhub"}


def _marks(decorators: list[ast.expr]) -> set[str]:
    """The ``pytest.mark.X`` names among decorators (or a pytestmark value)."""
    found = set()
    for d in decorators:
        for node in ast.walk(d):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Attribute)
                and node.value.attr == "mark"
            ):
                found.add(node.attr)
    return found


def _used(fn: ast.FunctionDef) -> tuple[set[str], set[str]]:
    """The names a function reads (and code in its strings), and the names it may reach:
    its arguments (fixtures) and what it calls."""
    args = {a.arg for a in fn.args.args + fn.args.kwonlyargs}
    names, reach = set(args), set(args)
    for node in ast.walk(fn):
        if isinstance(node, ast.Name):
            names.add(node.id)
        elif isinstance(node, ast.Attribute):
            names.add(node.attr)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            names.update(w for w in IN_STRINGS if w == node.value or f"{w}(" in node.value)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            reach.add(node.func.id)
    return names, reach


def needed(source: str) -> dict[str, tuple[set[str], set[str]]]:
    """Per test function of a module: (markers it needs, markers it has)."""
    tree = ast.parse(source)
    module_marks: set[str] = set()
    functions = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets
        ):
            module_marks |= _marks([node.value])
    result = {}
    for name, fn in functions.items():
        if not name.startswith("test"):
            continue
        seen, todo, names = {name}, [fn], set()
        while todo:  # the module's own fixtures and helpers it reaches
            used, reach = _used(todo.pop())
            names |= used
            for other in reach & functions.keys() - seen:
                seen.add(other)
                todo.append(functions[other])
        needs = {mark for mark, words in NEEDS.items() if names & words}
        result[name] = needs, module_marks | _marks(fn.decorator_list)
    return result


def test_the_reading_of_needs_and_marks() -> None:
    source = """
import pytest
pytestmark = pytest.mark.slow

@pytest.fixture
def served():
    with voila("x.ipynb", "log") as url:
        yield url

def helper(page):
    return page

@pytest.mark.browser
def test_page(new_page, served): helper(new_page)

def test_script():
    run("from nbclient import NotebookClient; NotebookClient(nb).execute()")

@pytest.mark.kernel
def test_plain(): pass
"""
    assert needed(source) == {
        "test_page": ({"browser", "kernel"}, {"slow", "browser"}),
        "test_script": ({"kernel"}, {"slow"}),
        "test_plain": (set(), {"slow", "kernel"}),
    }


@pytest.mark.parametrize("path", sorted(TESTS.glob("test_*.py")), ids=lambda p: p.name)
def test_every_test_is_marked_with_what_it_needs(path: Path) -> None:
    if path.name == Path(__file__).name:
        return  # its words above are examples
    unmarked = {
        name: sorted(needs - marks)
        for name, (needs, marks) in needed(path.read_text(encoding="utf-8")).items()
        if needs - marks
    }
    assert not unmarked, f"{path.name}: tests lacking markers: {unmarked}"
