"""Every notebook runs headless from top to bottom without an error."""

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from catan_tutor.resources import notebooks_dir

NOTEBOOKS = sorted(notebooks_dir().glob("*.ipynb"))


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
