"""Every notebook runs headless from top to bottom without an error."""

import json
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from catan_tutor.resources import notebooks_dir
from catan_tutor.rulebook import rule

NOTEBOOKS = sorted(notebooks_dir().glob("*.ipynb"))
# A rule ID in a markdown cell (not a family like CK-BARB-*).
RULE_ID = re.compile(r"\b(?:BASE|CK2P|CK|2P|DUMMY)-[A-Z0-9-]*[A-Z0-9]\b(?![-*])")


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_executes(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=120, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    if path.name == "odds.ipynb":  # tables and figures of catan_tutor.analysis, no board
        assert sum("image/png" in o.get("data", {}) for o in outputs) == 5
        return
    # The last cell shows the board widget.
    assert any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in outputs)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_is_stored_clean(path: Path) -> None:
    """No outputs or execution counts are stored, and every rule ID cited exists."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    for cell in nb["cells"]:
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [] and cell["execution_count"] is None, cell.get("id")
        else:
            for rule_id in RULE_ID.findall("".join(cell["source"])):
                rule(rule_id)  # KeyError when the rules reference has no such rule


def _lessons_opened(name: str) -> list[str]:
    nb = json.loads((notebooks_dir() / name).read_text(encoding="utf-8"))
    code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    return re.findall(r'load_lesson\("(\w+)"\)', code)


def test_barbarian_notebook_walks_through_every_attack() -> None:
    assert _lessons_opened("02_barbarian_attack.ipynb") == [
        "ck_barbarian_defender", "ck_barbarian_tie", "ck_barbarians_win", "ck_robber_awakens"]
