"""Every notebook runs headless from top to bottom without an error."""

import json
import re
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient

from catan_tutor.rulebook import rule
from catan_tutor.study.course import course
from catan_tutor.study.resources import notebooks_dir, packaged_lessons

NOTEBOOKS = sorted(notebooks_dir().glob("*.ipynb"))
# A rule ID in a markdown cell (not a family like CK-BARB-*).
RULE_ID = re.compile(r"\b(?:BASE|CK2P|CK|2P|DUMMY)-[A-Z0-9-]*[A-Z0-9]\b(?![-*])")


@pytest.fixture(scope="module")
def kernel() -> Iterator[KernelManager]:
    """One kernel for every notebook (started by the first, in the notebooks' folder): a
    kernel's start is ~1 CPU-s, ~10 a run when each notebook had its own. Each notebook
    runs after ``%reset -f``: none sees a name another defined."""
    km = KernelManager(kernel_name="python3")
    yield km
    if km.has_kernel:
        km.shutdown_kernel(now=True)


@pytest.mark.kernel
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_executes(path: Path, kernel: KernelManager) -> None:
    nb = nbformat.read(path, as_version=4)
    fresh = nbformat.v4.new_code_cell("%reset -f")  # (the notebook before's names gone)
    nb.cells.insert(0, fresh)
    client = NotebookClient(
        nb,
        km=kernel,
        timeout=120,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )
    try:
        client.execute()
    finally:
        if client.kc is not None:
            client.kc.stop_channels()
    assert nb.cells.pop(0) is fresh and fresh.outputs == []
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
    # every cell its id (nbformat 4.5: one missing is a warning now, an error to come)
    assert all(cell.get("id") for cell in nb["cells"]), [c["source"][:1] for c in nb["cells"]]
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


def _course_order() -> list[str]:
    places = course(packaged_lessons())
    return sorted(places, key=lambda i: (places[i].chapter, places[i].number))


def test_barbarian_notebook_walks_through_the_whole_chapter_in_course_order() -> None:
    places = course(packaged_lessons())
    chapter = [i for i in _course_order() if places[i].chapter_title == "Barbarians"]
    assert _lessons_opened("02_barbarian_attack.ipynb") == chapter
    assert {
        "ck_barbarian_defender",
        "ck_barbarian_tie",
        "ck_barbarians_pillage",
        "ck_barbarians_choice",
        "ck_barbarians_toppled",
        "ck_robber_awakens",
        "ck_barbarians_win",
    } <= set(chapter)


@pytest.mark.parametrize(
    ("name", "lessons"),
    [
        (
            "01_knight_displacement.ipynb",
            [
                "ck_knight_equal_refused",
                "ck_knight_displacement",
                "ck_knight_nowhere_to_go",
                "ck_longest_route_knight",
                "ck_2p_neutral_displace",
            ],
        ),
        (
            "03_forced_trade.ipynb",
            [
                "base_2p_forced_trade",
                "base_2p_forced_trade_price",
                "ck_2p_forced_trade",
                "ck_2p_forced_trade_leading",
            ],
        ),
    ],
)
def test_flagship_notebooks_walk_through_their_lessons_in_course_order(name, lessons) -> None:
    order = _course_order()
    assert _lessons_opened(name) == lessons
    assert lessons == sorted(lessons, key=order.index)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_lessons_a_notebook_names_exist_with_their_course_numbers(path: Path) -> None:
    """ "lesson 7.3 `ck_knight_displacement`": the id is a packaged lesson and 7.3 its place;
    every lesson id quoted in the text is one the course has."""
    places = course(packaged_lessons())
    nb = json.loads(path.read_text(encoding="utf-8"))
    text = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown")
    for label, ident in re.findall(r"(\d+\.\d+) `(\w+)`", text):
        assert ident in places and places[ident].label == label, (label, ident)
    for ident in re.findall(r"`((?:base|ck|puzzle)_\w+)`", text):
        assert ident in places, ident
    for ident in _lessons_opened(path.name):
        assert ident in places, ident
