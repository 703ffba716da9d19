"""No module of catan_tutor/ reaches into another's private names (issue 17, item 4).

A name starting with ``_`` (dunders aside) belongs to the module, or the class, that defines
it. The scan reads every module's syntax tree and lists:

- ``from .x import _name``: a private name imported from another module;
- ``obj._name`` where ``obj`` is not ``self``/``cls`` and the module itself defines no
  ``_name`` (as a function, class, assignment or attribute it sets): another module's
  private function or another class's private attribute (``game._states``).

Accessing the private attributes of instances of a class defined in the same module (a
``Timeline`` node's ``_repr_svg_``, ``g._states`` inside ``game.py``) is the module's own
business and passes.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

pytestmark = pytest.mark.engine  # the engine alone: scripts/min_versions.sh leaves it out

PACKAGE = Path(__file__).resolve().parent.parent / "catan_tutor"

# (module path relative to catan_tutor/, the access as written) -> why it is allowed
ALLOWED: dict[tuple[str, str], str] = {
    (
        "server/watchdog.py",
        "sys._current_frames",
    ): "the documented way to read every thread's stack "
    "with its thread (faulthandler writes to a file descriptor, not to the server's log)",
    (
        "server/watchdog.py",
        "os._exit",
    ): "a stalled server must exit at once: sys.exit would wait on the very threads that hang",
    (
        "server/server_stop.py",
        "os._exit",
    ): "a server whose kernels are shut ends at once on SIGTERM: "
    "the interpreter's teardown took seconds more with nothing left to save",
}


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _own_names(tree: ast.AST) -> set[str]:
    """Every name the module defines or sets: its functions, classes, variables, attributes
    and the strings it names (``__slots__``, ``getattr``)."""
    own: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            own.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            own.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store | ast.Del):
            own.add(node.attr)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            own.add(node.value)
    return own


def private_accesses(package: Path) -> list[tuple[str, int, str]]:
    """(module, line, access) of every cross-module private access under ``package``."""
    found = []
    for path in sorted(package.rglob("*.py")):
        module = path.relative_to(package).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        own = _own_names(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                found += [
                    (
                        module,
                        node.lineno,
                        f"from {'.' * node.level}{node.module or ''} import {alias.name}",
                    )
                    for alias in node.names
                    if _private(alias.name)
                ]
            elif isinstance(node, ast.Attribute) and _private(node.attr):
                base = node.value
                if isinstance(base, ast.Name) and base.id in ("self", "cls"):
                    continue
                if node.attr not in own:
                    found.append((module, node.lineno, ast.unparse(node)))
    return found


def test_no_module_reaches_into_another_modules_private_names():
    bad = [
        f"catan_tutor/{m}:{line}: {text}"
        for m, line, text in private_accesses(PACKAGE)
        if (m, text) not in ALLOWED
    ]
    assert not bad, "private names used across modules (make them public API):\n" + "\n".join(bad)


def test_every_allowed_access_still_exists_and_says_why():
    used = {(m, text) for m, _, text in private_accesses(PACKAGE)}
    for key, why in ALLOWED.items():
        assert key in used, f"{key} is allowed but no longer used: drop it from ALLOWED"
        assert len(why) > 20, f"{key}: say why it is needed"


@pytest.mark.parametrize(
    "source, expected",
    [
        ("from .game import _well_formed\n", "from .game import _well_formed"),
        ("def f(game):\n    return game._states\n", "game._states"),
        ("from . import sampler\nsampler._play_out(1)\n", "sampler._play_out"),
    ],
)
def test_the_scan_finds_each_kind_of_private_access(tmp_path, source, expected):
    (tmp_path / "mod.py").write_text(source)
    assert [text for _, _, text in private_accesses(tmp_path)] == [expected]


def test_the_scan_lets_a_module_use_its_own_private_names(tmp_path):
    (tmp_path / "mod.py").write_text(
        "class Box:\n"
        "    def __init__(self):\n"
        "        self._items = []\n"
        "    def merge(self, other):\n"
        "        return self._items + other._items\n"
        "def _helper():\n"
        "    return Box()._items, _helper.__name__\n"
    )
    assert private_accesses(tmp_path) == []
