"""The yardstick of issue 35's benchmarks (benchmarks/bare_page.py): the bare page's notebook
is a valid notebook whose one cell paints one canvas when its view is ready, and the CPU
meter counts what a process spent since it started, a child born meanwhile included."""

from __future__ import annotations

import ast
import subprocess
import sys
import time
from pathlib import Path

import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from bare_page import BARE_NOTEBOOK, CpuMeter, tree, write_bare_notebook  # noqa: E402

BURN = "import time\nt = time.process_time()\nwhile time.process_time() - t < {s}: pass\n"


def test_the_bare_notebook_paints_one_canvas_when_its_view_is_ready(tmp_path: Path) -> None:
    path = write_bare_notebook(tmp_path)
    assert path.name == BARE_NOTEBOOK
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    (cell,) = nb.cells
    calls = {
        n.func.attr
        for n in ast.walk(ast.parse(cell.source))
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
    }
    assert {"on_client_ready", "fill_rect"} <= calls
    assert cell.source.count("Canvas(") == 1


def test_the_meter_counts_a_child_born_after_it_started() -> None:
    """A server whose kernel starts after the meter: the kernel's seconds count."""
    child = f"{BURN.format(s=1.0)}input()"  # burns 1 s of CPU, then waits (alive)
    server = subprocess.Popen(
        [
            sys.executable,
            "-c",
            f"import subprocess, sys\ninput()\nsubprocess.run([sys.executable, '-c', {child!r}])",
        ],
        stdin=subprocess.PIPE,
        text=True,
    )
    try:
        meter = CpuMeter(lambda: tree(server.pid))
        server.stdin.write("start the kernel\n")
        server.stdin.flush()
        deadline = time.monotonic() + 60
        while meter.seconds() < 1.0 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(tree(server.pid)) == 2  # the child counted is alive, under the server
        assert 1.0 <= meter.seconds() < 5  # the server alone spends far less than 1 s
        server.communicate("\n", timeout=30)
    finally:
        server.kill()
