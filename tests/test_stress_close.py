"""Pages closed at every stage of their render keep the server answering (issue 36).

A small run of ``benchmarks/stress_close.py`` (the script runs 20 rounds of 30 pages): one
round of visits to a Voilà run as ``catan-tutor serve`` runs it (``voila_guard``), closed
before the notebook runs, during its cells, with a kernel killed mid-render, with the
kernel shut down as a closed tab does while the render cleans up, and read whole and left
to the culler. The server must answer HTTP throughout (a ping every half second) and
after, every kernel must be gone within two minutes of the last close, and SIGTERM must end
the server within 10 s. The freeze itself is a race that such a run hits rarely; the
deterministic checks of its cause are in ``test_kernel_cleanup.py`` and of the watchdog in
``test_watchdog.py``.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import pytest
from browser_harness import ARTIFACTS

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from stress_close import HTTP_STAGES, stress  # noqa: E402  (benchmarks/stress_close.py)

FREED_WITHIN = 120  # s after the last close
EXIT_WITHIN = 10  # s after SIGTERM
PAGES = 2 * len(HTTP_STAGES)  # each stage twice


@pytest.mark.slow
def test_pages_closed_at_every_stage_leave_the_server_answering() -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    figures = asyncio.run(
        stress(
            rounds=1,
            pages=PAGES,
            n_browser=0,
            cull=5,
            freed_within=FREED_WITHIN,
            stall=20,
            log=ARTIFACTS / "voila_stress.log",
            dump=ARTIFACTS / "voila_stress_stacks.txt",
            voila_args=[],
            seed=36,
            exit_within=EXIT_WITHIN,
            ping_timeout=10,
        )
    )
    print("\n".join(figures.lines()))
    assert not figures.stalled, f"the server stopped answering: {figures.stalled}"
    assert figures.pings and not figures.ping_failures
    assert sum(figures.visits.values()) == PAGES and not figures.errors
    assert figures.killed >= 1
    assert figures.rounds == 1 and not figures.left and figures.freed[0] <= FREED_WITHIN
    assert figures.sigterm_exit is not None and figures.sigterm_exit <= EXIT_WITHIN
    assert figures.returncode == 0
    assert "watching the event loop" in (ARTIFACTS / "voila_stress.log").read_text()
