"""Every rule ID of the packaged rules reference is cited by a test, and the code cites only
IDs the reference holds."""

import re
from pathlib import Path

import pytest

from catan_tutor import rulebook

ROOT = Path(__file__).resolve().parent.parent
PREFIXES = ("BASE", "2P", "DUMMY", "CK", "CK2P")
CITED = re.compile(r"\b((?:BASE|2P|DUMMY|CK|CK2P)-[A-Z0-9]+(?:-[A-Z0-9]+)*)(?![-*A-Z0-9])")


def _ids(prefix: str) -> list[str]:
    return [i for i in rulebook.rules() if i.split("-", 1)[0] == prefix]


@pytest.mark.parametrize("prefix", PREFIXES)
def test_every_rule_id_has_a_test(prefix: str) -> None:
    ids = _ids(prefix)
    assert len(ids) > 20
    tests = "\n".join(p.read_text() for p in (ROOT / "tests").glob("test_*.py")
                      if p.name not in (Path(__file__).name, "test_rulebook.py"))
    missing = [i for i in ids if i not in tests and i.replace("-", "_") not in tests]
    assert not missing, f"rule IDs without a test: {missing}"


def _cited_in(folder: Path, pattern: str) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for path in folder.rglob(pattern):
        for rule_id in CITED.findall(path.read_text(encoding="utf-8")):
            found.setdefault(rule_id, set()).add(str(path.relative_to(ROOT)))
    return found


@pytest.mark.parametrize("where", ["code", "lessons", "notebooks"])
def test_everything_cites_only_rule_ids_of_the_reference(where: str) -> None:
    pkg = ROOT / "catan_tutor"
    cited = {"code": lambda: _cited_in(pkg, "*.py"),
             "lessons": lambda: _cited_in(pkg / "lessons", "*.yaml"),
             "notebooks": lambda: _cited_in(pkg / "notebooks", "*.ipynb")}[where]()
    assert cited, f"no rule IDs found in the {where}"
    unknown = {i: sorted(p) for i, p in cited.items() if i not in rulebook.rules()}
    assert not unknown, f"rule IDs the reference lacks: {unknown}"


def test_nothing_in_the_repository_points_outside_it() -> None:
    outside = "../" + "shared"  # written apart so this file does not match itself
    tracked = [p for p in ROOT.rglob("*") if p.is_file() and p.suffix in
               (".py", ".md", ".yaml", ".ipynb", ".toml", ".json", ".j2", ".js", ".sh", ".cfg")
               and not {".venv", ".git", "artifacts", "build", "dist"} & set(p.parts)]
    pointing = [str(p.relative_to(ROOT)) for p in tracked if outside in p.read_text("utf-8")]
    assert not pointing, pointing
