"""End to end: Voilà serves the start notebook, headless Chromium shows a painted board.

Needs /usr/bin/chromium (``apt-get install -y chromium``); skipped without it, except under
``CI=true`` where a missing browser is a failure. Screenshots go to tests/artifacts/.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from catan_tutor.widgets import style

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOK = "notebooks/00_start_here.ipynb"
ARTIFACTS = ROOT / "tests" / "artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
START_TIMEOUT = 90  # seconds for Voilà to listen
PAGE_TIMEOUT = 120_000  # ms for the notebook to run and the board to be drawn

# Runs in the page: pixel statistics of the board canvas, or null while it is still blank.
CANVAS_STATS_JS = """
(terrain) => {
  const canvas = document.querySelector('.catan-board canvas');
  if (!canvas || !canvas.width) return null;
  const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  const near = (i, c) => Math.abs(data[i] - c[0]) + Math.abs(data[i + 1] - c[1])
    + Math.abs(data[i + 2] - c[2]) <= 6;
  const counts = terrain.map(() => 0);
  const colours = new Set();
  let painted = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3] === 0) continue;
    painted++;
    colours.add((data[i] >> 4) + ',' + (data[i + 1] >> 4) + ',' + (data[i + 2] >> 4));
    terrain.forEach((c, k) => { if (near(i, c)) counts[k]++; });
  }
  const total = data.length / 4;
  if (painted < total / 2) return null;
  return {total, painted, colours: colours.size, terrain: counts};
}
"""


def _rgb(colour: str) -> list[int]:
    return [int(colour[i : i + 2], 16) for i in (1, 3, 5)]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_listening(port: int, proc: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            pytest.fail(f"Voilà exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.25)
    pytest.fail(f"Voilà did not listen within {START_TIMEOUT} s:\n{log.read_text()[-3000:]}")


def _stop(proc: subprocess.Popen) -> None:
    """SIGTERM the process group (Voilà then shuts its kernels down), SIGKILL if it lingers."""
    for sig, wait in ((signal.SIGTERM, 15), (signal.SIGKILL, 5)):
        if proc.poll() is not None:
            return
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            return
        try:
            proc.wait(wait)
        except subprocess.TimeoutExpired:
            pass


@pytest.fixture(scope="module")
def chromium() -> str:
    if not Path(CHROMIUM).exists():
        message = f"{CHROMIUM} is missing: apt-get install -y chromium"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    return CHROMIUM


@pytest.fixture(scope="module")
def voila_url() -> Iterator[str]:
    """Voilà serving the start notebook from the repo root, on a free local port."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    port, log = _free_port(), ARTIFACTS / "voila.log"
    # The kernel runs in notebooks/; make it import this working tree even if not installed.
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    cmd = [sys.executable, "-m", "voila", NOTEBOOK, "--no-browser", "--Voila.ip=127.0.0.1"]
    with log.open("w") as out:
        proc = subprocess.Popen(
            [*cmd, f"--port={port}"],
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": path},
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        _wait_listening(port, proc, log)
        yield f"http://127.0.0.1:{port}/"
    finally:
        _stop(proc)


def test_board_is_drawn_in_voila(chromium: str, voila_url: str) -> None:
    from playwright.sync_api import sync_playwright

    shot, page_shot = ARTIFACTS / "board.png", ARTIFACTS / "voila_page.png"
    console: list[str] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS, headless=True)
        try:
            page = browser.new_page(viewport={"width": 1100, "height": 900})
            page.on("console", lambda m: console.append(f"{m.type}: {m.text}"))
            page.goto(voila_url, timeout=PAGE_TIMEOUT)
            marker = page.locator(".catan-drawn-marker")
            try:
                marker.filter(has_text="drawn").wait_for(timeout=PAGE_TIMEOUT)
                terrain = [_rgb(c) for c in style.TERRAIN_FILL]
                stats = page.wait_for_function(
                    CANVAS_STATS_JS, arg=terrain, timeout=30_000
                ).json_value()
            finally:
                page.screenshot(path=page_shot, full_page=True)
                print(f"\nscreenshot of the page: {page_shot}")
                print("browser console:", *console[-20:], sep="\n  ")
            page.locator(".catan-board canvas").first.screenshot(path=shot)
            print(f"screenshot of the board: {shot}\nmarker: {marker.inner_text()}\n{stats}")
        finally:
            browser.close()
    assert stats["painted"] > 0.6 * stats["total"], stats  # the sea frame covers about 70 %
    assert stats["colours"] >= 12, stats
    assert all(n >= 500 for n in stats["terrain"]), f"a terrain colour is missing: {stats}"
