"""Every test carries the markers of what it needs (``[tool.pytest.ini_options] markers``), so
``pytest -m "not browser and not kernel and not slow"`` (the fast lane) leaves out every test
that drives Chromium or starts a Jupyter kernel or server.

Read from the test files' source: what a test uses, itself, through the fixtures and helpers
of its module (followed to the end), or through the shared browser fixtures, decides the
markers it needs."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import tomllib
from functools import cache
from pathlib import Path

import pytest
from module_marks import marks_in, module_marks

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
    every = module_marks(source)
    functions = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
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
        result[name] = needs, every | marks_in(fn.decorator_list)
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


# Import names of the runtime dependencies ([project] dependencies in pyproject.toml).
DEPENDENCIES = {
    "jupyterlab": "jupyterlab",
    "ipywidgets": "ipywidgets",
    "ipycanvas": "ipycanvas",
    "ipyevents": "ipyevents",
    "voila": "voila",
    "pandas": "pandas",
    "PyYAML": "yaml",
    "matplotlib": "matplotlib",
    "markdown-it-py": "markdown_it",
    "nh3": "nh3",
    "psutil": "psutil",
}
ENGINE_MAY_USE = {"yaml"}  # the scenario and course files (their paths run in the min lane)


def test_the_dependency_table_is_pyproject_s() -> None:
    deps = tomllib.loads((TESTS.parent / "pyproject.toml").read_text())["project"]["dependencies"]
    assert sorted(d.split(">=")[0] for d in deps) == sorted(DEPENDENCIES)


@cache
def engine_modules() -> list[Path]:
    """The test modules marked ``engine`` (read when a test asks: parsing every module took
    ~2 s of each collection, in every worker of both lanes)."""
    return sorted(p for p in TESTS.glob("test_*.py") if "engine" in module_marks(p.read_text()))


# Runs in a fresh interpreter: each engine module imported in turn, and what each one loaded
# first (a module already loaded by an earlier one is that one's).
_IMPORT_EACH = """
import importlib, json, sys
sys.path.insert(0, sys.argv[1])
first = {}
for stem in sys.argv[2:]:
    before = set(sys.modules)
    importlib.import_module(stem)
    first.update({name: stem for name in set(sys.modules) - before})
print(json.dumps(first))
"""


def test_an_engine_module_imports_no_dependency_but_yaml() -> None:
    """``engine`` modules are left out of the minimum-versions check (scripts/min_versions.sh):
    importing them loads no runtime dependency but PyYAML, and nothing of the page, the server
    or the analysis (all of them in one interpreter: one per module took a minute)."""
    stems = [p.stem for p in engine_modules()]
    out = subprocess.run(
        [sys.executable, "-c", _IMPORT_EACH, str(TESTS), *stems],
        capture_output=True, text=True, check=True, timeout=300,
    )  # fmt: skip
    first = json.loads(out.stdout)
    deps = set(DEPENDENCIES.values()) - ENGINE_MAY_USE
    bad = {n: m for n, m in first.items() if n.split(".")[0] in deps}
    assert not bad, f"dependencies loaded by engine modules: {bad}"
    page = ("catan_tutor.widgets", "catan_tutor.server", "catan_tutor.analysis")
    ours = {n: m for n, m in first.items() if n.startswith(page)}
    assert not ours, f"the page, the server or the analysis loaded by engine modules: {ours}"


def test_the_engine_marker_is_on_the_heaviest_engine_sweeps() -> None:
    assert {p.name for p in engine_modules()} >= {"test_properties.py", "test_rule_coverage.py"}


def test_the_course_sweeps_are_left_out_of_the_minimum_versions_lane() -> None:
    """The sweeps over the whole course (``course``) run once, in the suite; the
    minimum-versions lane (scripts/min_versions.sh) leaves them out with the engine's own."""
    script = (TESTS.parent / "scripts" / "min_versions.sh").read_text()
    assert '-m "not slow and not browser and not engine and not course"' in script
    marked = {p.name for p in TESTS.glob("test_*.py") if "pytest.mark.course" in p.read_text()}
    assert marked >= {"test_hand_said_once.py", "test_puzzle_secret.py", "test_form_asks.py"}
