"""The minimum-versions lane (scripts/min_versions.sh) runs the test modules listed in
tests/lower_bounds_modules.txt: they must reach every runtime dependency, and every module of
the package that imports one, or a lower bound in pyproject.toml would go untested.

Reached: imported by a listed module (at any depth, inside a function too), or by a package
module so reached, followed to the end; read from the source, nothing is imported. A floor:
the page's modules import most of the package, so which modules drive each dependency is the
list's choice (its comments say what each drives)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from test_markers import DEPENDENCIES

TESTS = Path(__file__).resolve().parent
PACKAGE = TESTS.parent / "catan_tutor"
LISTED = TESTS / "lower_bounds_modules.txt"
# jupyterlab is the notebooks' front end: no module imports it (the lane runs no browser)
IMPORTED = set(DEPENDENCIES.values()) - {"jupyterlab"}


def listed() -> list[str]:
    return re.findall(r"^(test_\w+\.py)", LISTED.read_text(), re.M)


def _file(module: str) -> Path | None:
    """The package's source file of ``module`` (a dotted name), if it is one of ours."""
    if module != "catan_tutor" and not module.startswith("catan_tutor."):
        return None
    path = TESTS.parent.joinpath(*module.split("."))
    for found in (path.with_suffix(".py"), path / "__init__.py"):
        if found.is_file():
            return found
    return None


def _imports(path: Path, module: str) -> set[str]:
    """The modules ``path`` (module ``module``; "" for a test) imports, anywhere in it."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                up = ".".join(parts[: len(parts) - node.level + 1])
                base = f"{up}.{base}" if base else up
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    # a module imported loads its parent packages too
    return found | {m.rsplit(".", k)[0] for m in found for k in range(1, m.count(".") + 1)}


def reached() -> set[str]:
    """Every module the listed test modules import, ours followed to the end."""
    seen: set[str] = set()
    todo = [name for name in listed() for name in _imports(TESTS / name, "")]
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        path = _file(module)
        if path is not None:
            todo.extend(_imports(path, module) - seen)
    return seen


def _ours(path: Path) -> str:
    parts = path.relative_to(TESTS.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def test_the_listed_modules_exist_and_are_not_left_out_whole() -> None:
    names = listed()
    assert len(names) == len(set(names)) >= 10
    for name in names:
        text = (TESTS / name).read_text()
        assert "pytestmark = pytest.mark.browser" not in text, name  # (the lane runs none)


def test_the_lane_reaches_every_runtime_dependency() -> None:
    top = {module.split(".")[0] for module in reached()}
    assert IMPORTED <= top, f"no listed module reaches {sorted(IMPORTED - top)}"


def test_the_lane_reaches_every_module_of_ours_that_imports_a_dependency() -> None:
    pattern = re.compile(rf"^\s*(?:import|from)\s+({'|'.join(sorted(IMPORTED))})\b", re.M)
    users = {_ours(p) for p in PACKAGE.rglob("*.py") if pattern.search(p.read_text())}
    assert len(users) > 30  # (the widgets, the server, the analysis, the course files)
    missed = sorted(users - reached())
    assert not missed, f"no listed module reaches {missed}: list one in {LISTED.name}"


def test_the_lane_runs_the_listed_modules() -> None:
    script = (TESTS.parent / "scripts" / "min_versions.sh").read_text()
    assert "tests/lower_bounds_modules.txt" in script and '"${modules[@]}"' in script


def test_each_listed_module_says_which_dependencies_it_drives_and_all_are_driven() -> None:
    """Each line names in brackets the dependencies (as pyproject.toml names them) its module
    calls into: a module driving none has no place in the lane (tests/dep_calls.py measures
    it); together they name every runtime dependency a module imports."""
    named: set[str] = set()
    for line in LISTED.read_text().splitlines():
        if m := re.match(r"(test_\w+\.py)\s", line):
            brackets = re.search(r"\[([^]]+)\]\s*$", line)
            assert brackets, f"{m.group(1)}: no [dependencies] it drives"
            deps = {d.strip() for d in brackets.group(1).split(",")}
            assert deps <= set(DEPENDENCIES), (m.group(1), sorted(deps - set(DEPENDENCIES)))
            named |= deps
    assert {DEPENDENCIES[d] for d in named} == IMPORTED, sorted(IMPORTED)
