"""A visitor's kernel stays light: opening the tutor imports neither pandas nor matplotlib
(about 66 MiB of a 108 MiB kernel); the Odds tab and the analysis load them when used."""

from __future__ import annotations

import subprocess
import sys

CODE = """
import sys
from catan_tutor.widgets import App
app = App()
heavy = sorted(m for m in ("pandas", "matplotlib") if m in sys.modules)
import catan_tutor.analysis as analysis
table = analysis.production_table(app.tutor.game)
print(",".join(heavy) or "-", "pandas" in sys.modules, type(table).__name__)
"""


def test_the_tutor_opens_without_pandas_or_matplotlib_and_loads_them_when_asked() -> None:
    out = subprocess.run(
        [sys.executable, "-c", CODE], capture_output=True, text=True, timeout=300, check=True
    ).stdout.split()
    assert out == ["-", "True", "DataFrame"], out
