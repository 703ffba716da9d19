"""Every rule ID of the variants built so far is cited by a test and by the engine."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DIGEST = ROOT.parent / "shared" / "rules" / "RULES.md"
BUILT = ("BASE", "2P", "DUMMY", "CK", "CK2P")


def _ids(prefix: str) -> list[str]:
    return re.findall(rf"^- `({prefix}-[A-Z0-9-]+)`", DIGEST.read_text(), re.MULTILINE)


@pytest.mark.skipif(not DIGEST.exists(), reason="../shared/rules/RULES.md is not beside the repo")
@pytest.mark.parametrize("prefix", BUILT)
def test_every_rule_id_has_a_test(prefix: str) -> None:
    ids = _ids(prefix)
    assert len(ids) > 20
    tests = "\n".join(p.read_text() for p in (ROOT / "tests").glob("test_*.py")
                      if p.name != Path(__file__).name)
    missing = [i for i in ids if i not in tests and i.replace("-", "_") not in tests]
    assert not missing, f"rule IDs without a test: {missing}"


@pytest.mark.skipif(not DIGEST.exists(), reason="../shared/rules/RULES.md is not beside the repo")
def test_engine_cites_only_rule_ids_from_the_digest() -> None:
    known = set(_ids(r"[A-Z0-9]+"))
    code = "\n".join(p.read_text() for p in (ROOT / "catan_tutor").rglob("*.py"))
    cited = set(re.findall(r"\b((?:BASE|2P|DUMMY|CK|CK2P)-[A-Z0-9]+(?:-[A-Z0-9]+)*)(?![-*A-Z0-9])",
                           code))
    assert cited and cited <= known, f"unknown rule IDs in the engine: {cited - known}"
