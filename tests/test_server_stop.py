"""SIGTERM ends the voila command within 10 s with many kernels alive
(catan_tutor/server/server_stop.py, issue 36).

A server of ``catan-tutor serve`` holding 12 kernels gets SIGTERM (to the server only, as a
supervisor sends it). Its kernels resist a graceful shutdown (SIGTERM ignored, a slow exit)
and the kernel managers are set to wait 20 s for one, as a loaded machine's kernels or an
operator's setting may make them: Voilà alone then takes over 20 s; with ``server_stop``
each kernel gets ``STOP_GRACE`` seconds, then SIGKILL, and the server exits with code 0
within 10 s, no kernel process left. (``test_stress_close.py`` times SIGTERM once its
kernels are gone; this one keeps them alive.) A tiny notebook keeps the kernels cheap.
"""

from __future__ import annotations

import re
import signal
import subprocess
import threading
import time
import urllib.request
from pathlib import Path

import nbformat
import psutil
import pytest

from catan_tutor.server import serve, server_stop

pytestmark = [pytest.mark.kernel, pytest.mark.slow]

KERNELS = 12
EXIT_WITHIN = 10  # s after SIGTERM
RESISTING = """import atexit, signal, time
signal.signal(signal.SIGTERM, signal.SIG_IGN)  # a kernel slow to go: SIGTERM ignored
atexit.register(time.sleep, 60)  # and a long exit after its shutdown request
"""
VISITS_WITHIN = 240  # s for the pages to render (a loaded machine)
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"


def test_sigterm_ends_a_server_with_many_kernels_within_10_s(tmp_path, monkeypatch) -> None:
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(RESISTING)])
    nbformat.write(notebook, tmp_path / "resisting.ipynb")
    # all pages come from 127.0.0.1, without cookies (each a new visitor): no cap per address
    monkeypatch.setenv("CATAN_TUTOR_KERNELS_PER_CLIENT", "0")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log = ARTIFACTS / "voila_server_stop.log"
    args = ["--KernelManager.shutdown_wait_time=20"]
    with serve.voila("resisting.ipynb", log, root=tmp_path, args=args) as (url, proc):
        statuses: list[int] = []

        def visit() -> None:
            with urllib.request.urlopen(url, timeout=60) as response:
                response.read()
                statuses.append(response.status)

        visits = [threading.Thread(target=visit, daemon=True) for _ in range(KERNELS)]
        for v in visits:
            v.start()
        deadline = time.monotonic() + VISITS_WITHIN
        for v in visits:
            v.join(max(0.0, deadline - time.monotonic()))
        assert statuses == [200] * KERNELS, f"pages not served: {statuses}"
        kernels = serve.kernel_processes(proc)
        assert len(kernels) == KERNELS

        t0 = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(EXIT_WITHIN)
        except subprocess.TimeoutExpired:
            pass
        took = time.monotonic() - t0
        left = [k for k in kernels if k.is_running() and k.status() != psutil.STATUS_ZOMBIE]
        for k in left:  # never leave one to the rest of the run
            k.kill()
    text = log.read_text()
    assert proc.returncode == 0, f"exit {proc.returncode} after {took:.1f} s:\n{text[-3000:]}"
    assert took <= EXIT_WITHIN
    assert not left, f"kernel processes left: {left}"
    said = re.search(r"server_stop: (\d+) kernels shut down in ([\d.]+) s", text)
    assert said and int(said.group(1)) == KERNELS
    assert float(said.group(2)) <= server_stop.STOP_BOUND + 2
