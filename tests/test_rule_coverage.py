"""Every rule ID of the packaged rules reference is named by a test function, and the code
cites only IDs the reference holds."""

import ast
import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path

import pytest

from catan_tutor import rulebook

pytestmark = pytest.mark.engine  # the engine alone: scripts/min_versions.sh leaves it out

ROOT = Path(__file__).resolve().parent.parent
PREFIXES = ("BASE", "2P", "DUMMY", "CK", "CK2P")
CITED = re.compile(r"\b((?:BASE|2P|DUMMY|CK|CK2P)-[A-Z0-9]+(?:-[A-Z0-9]+)*)(?![-*A-Z0-9])")


def _ids(prefix: str) -> list[str]:
    return [i for i in rulebook.rules() if i.split("-", 1)[0] == prefix]


@cache
def _test_names() -> tuple[str, ...]:
    """The name of every test function in the test files (the two that list every ID
    apart): comments, docstrings and strings do not count. (Read once a process: each
    prefix's test asks.)"""
    names = []
    for path in (ROOT / "tests").glob("test_*.py"):
        if path.name in (Path(__file__).name, "test_rulebook.py"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith(
                "test"
            ):
                names.append(node.name)
    return tuple(names)


def names_rule(name: str, rule_id: str, ids: Iterable[str]) -> bool:
    """Whether the test function ``name`` names ``rule_id`` (written with underscores, as in
    ``test_BASE_BUILD_DISTANCE_adjacent_vertex_refused``), and not only a longer ID of
    ``ids`` that starts with it (``BASE-BUILD`` is not named by that test)."""
    longer = [i.replace("-", "_") for i in ids if i.startswith(rule_id + "-")]
    for found in re.finditer(
        rf"(?<![A-Za-z0-9]){re.escape(rule_id.replace('-', '_'))}"
        r"(?![A-Za-z0-9])",
        name,
    ):
        rest = name[found.start() :]
        if not any(re.match(rf"{re.escape(o)}(?![A-Za-z0-9])", rest) for o in longer):
            return True
    return False


def test_a_rule_id_is_named_only_by_a_function_name_citing_it_whole() -> None:
    ids = ["BASE-BUILD", "BASE-BUILD-DISTANCE", "CK-X", "CK2P-X"]
    assert names_rule("test_BASE_BUILD_DISTANCE_refused", "BASE-BUILD-DISTANCE", ids)
    assert not names_rule("test_BASE_BUILD_DISTANCE_refused", "BASE-BUILD", ids)
    assert names_rule("test_BASE_BUILD_costs", "BASE-BUILD", ids)
    assert names_rule("test_roads_BASE_BUILD", "BASE-BUILD", ids)
    assert not names_rule("test_CK2P_X_neutral", "CK-X", ids)
    assert not names_rule("test_BASE_BUILDING_menu", "BASE-BUILD", ids)


@pytest.mark.parametrize("prefix", PREFIXES)
def test_every_rule_id_has_a_test(prefix: str) -> None:
    """Each rule ID is named by a test function (not merely in a comment or a string)."""
    ids = _ids(prefix)
    assert len(ids) > 20
    every, names = rulebook.rules(), _test_names()
    # (only the names holding the ID's words are asked: ~250 IDs by ~10,000 names)
    missing = [
        i
        for i in ids
        if not any(names_rule(n, i, every) for n in names if i.replace("-", "_") in n)
    ]
    assert not missing, f"rule IDs no test function names: {missing}"


def _cited_in(folder: Path, pattern: str) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in folder.rglob(pattern):
        for rule_id in CITED.findall(path.read_text(encoding="utf-8")):
            found.setdefault(rule_id, set()).add(str(path.relative_to(ROOT)))
    return found


@pytest.mark.parametrize("where", ["code", "lessons", "notebooks"])
def test_everything_cites_only_rule_ids_of_the_reference(where: str) -> None:
    pkg = ROOT / "catan_tutor"
    cited = {
        "code": lambda: _cited_in(pkg, "*.py"),
        "lessons": lambda: _cited_in(pkg / "lessons", "*.yaml"),
        "notebooks": lambda: _cited_in(pkg / "notebooks", "*.ipynb"),
    }[where]()
    assert cited, f"no rule IDs found in the {where}"
    unknown = {i: sorted(p) for i, p in cited.items() if i not in rulebook.rules()}
    assert not unknown, f"rule IDs the reference lacks: {unknown}"


def test_nothing_in_the_repository_points_outside_it() -> None:
    outside = "../" + "shared"  # written apart so this file does not match itself
    tracked = [
        p
        for p in ROOT.rglob("*")
        if p.is_file()
        and p.suffix
        in (".py", ".md", ".yaml", ".ipynb", ".toml", ".json", ".j2", ".js", ".sh", ".cfg")
        and not {".venv", ".git", "artifacts", "build", "dist"} & set(p.parts)
    ]
    pointing = [str(p.relative_to(ROOT)) for p in tracked if outside in p.read_text("utf-8")]
    assert not pointing, pointing
