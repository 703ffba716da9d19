"""Serve a notebook with Voilà on 127.0.0.1 from Python: used by the browser tests and the UI
benchmark, and handy for scripting (``with voila("notebooks/00_start_here.ipynb") as url``).

The page is Voilà's ``catan`` template (``share/jupyter/voila/templates/catan``, installed with
the package and picked by ``voila.json``: the repo's, or ``jupyter-config/voila.json``, which
the package installs in ``etc/jupyter`` for Voilà as a Jupyter server extension): no request
to other hosts, an overlay offering a restart when the session is lost, the line of play kept
in the address (``?s=STATE``), and uploads over ``MAX_UPLOAD_BYTES`` refused in the page.
The servers started here take the working tree's template and settings before installed ones
(``pip install -e .`` installs neither: PEP 660 editable installs skip data files)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
START_TIMEOUT = 90  # seconds for Voilà to listen
CHROMIUM = "/usr/bin/chromium"  # Debian's (Playwright cannot download its own browser here)
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
TEMPLATE = "catan"  # the Voilà template of the app's page
MAX_UPLOAD_BYTES = 512 * 1024  # refused in the page (catan_page.js): = scenario's limit
DATA_DIR = ROOT / "share" / "jupyter"  # the template, before `pip install` copies it
CONFIG_DIR = ROOT / "jupyter-config"  # voila.json for any Voilà: template, no tracebacks


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def voila(notebook: str | Path, log: str | Path, root: Path = ROOT,
          port: int | None = None) -> Iterator[tuple[str, subprocess.Popen]]:
    """Voilà serving ``notebook`` (relative to ``root``) on a free local port, with this
    working tree first on the kernels' path; yields (url, process) and stops it after."""
    port = port or free_port()
    cmd = [sys.executable, "-m", "voila", str(notebook), "--no-browser",
           "--Voila.ip=127.0.0.1", f"--port={port}"]
    log = Path(log)
    with log.open("w") as out:
        proc = subprocess.Popen(cmd, cwd=root, env=_env(root), stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)
    try:
        _wait_listening(port, proc, log)
        yield f"http://127.0.0.1:{port}/", proc
    finally:
        stop(proc)


@contextmanager
def jupyter_server(root: Path, log: str | Path, token: str,
                   port: int | None = None) -> Iterator[str]:
    """A Jupyter server with the Voilà extension, as JupyterHub or Binder run it: serving
    ``root`` on a free local port, token-protected, with the settings of the Jupyter config
    folder ``jupyter-config/`` (a voila.json in ``root`` is not read: the server runs from
    the log's folder). Yields the base URL; a notebook's page is
    ``f"{url}voila/render/{path}?token={token}"``."""
    port = port or free_port()
    cmd = [sys.executable, "-m", "jupyter", "server", "--no-browser",
           "--ServerApp.ip=127.0.0.1", f"--port={port}", "--port-retries=0",
           f"--ServerApp.root_dir={Path(root).resolve()}", f"--IdentityProvider.token={token}"]
    if os.geteuid() == 0:
        cmd.append("--allow-root")  # as in containers and CI
    log = Path(log)
    env = _env(root)
    env["JUPYTER_CONFIG_PATH"] = _join(CONFIG_DIR, os.environ.get("JUPYTER_CONFIG_PATH"))
    with log.open("w") as out:
        proc = subprocess.Popen(cmd, cwd=log.resolve().parent, env=env, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)
    try:
        _wait_listening(port, proc, log)
        yield f"http://127.0.0.1:{port}/"
    finally:
        stop(proc)


def _join(*paths: str | Path | None) -> str:
    return os.pathsep.join(str(p) for p in paths if p)


def _env(root: Path) -> dict[str, str]:
    """The environment of a server: ``root`` first on the kernels' path, and this working
    tree's Voilà template ahead of an installed copy (which is only as new as the last
    ``pip install``)."""
    return {**os.environ, "PYTHONPATH": _join(root, os.environ.get("PYTHONPATH")),
            "JUPYTER_PATH": _join(DATA_DIR if DATA_DIR.is_dir() else None,
                                  os.environ.get("JUPYTER_PATH"))}


def _wait_listening(port: int, proc: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"Voilà exited with {proc.returncode}:\n{log.read_text()[-3000:]}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.25)
    raise RuntimeError(f"Voilà did not listen within {START_TIMEOUT} s:\n"
                       f"{log.read_text()[-3000:]}")


def stop(proc: subprocess.Popen) -> None:
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


def kernel_rss_mib(proc: subprocess.Popen) -> list[float]:
    """Resident memory (MiB) of each kernel Voilà started (ipykernel processes under it)."""
    parents, rss, kernels = {}, {}, set()
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            status = Path(f"/proc/{pid}/status").read_text()
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        parents[int(pid)] = int(fields["PPid"])
        rss[int(pid)] = int(fields.get("VmRSS", "0 kB").split()[0]) / 1024
        if b"ipykernel" in cmdline:
            kernels.add(int(pid))

    def under_voila(pid: int) -> bool:
        while pid > 1:
            pid = parents.get(pid, 0)
            if pid == proc.pid:
                return True
        return False

    return [rss[k] for k in sorted(kernels) if under_voila(k)]
