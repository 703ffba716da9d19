"""Serve a notebook with Voilà on 127.0.0.1 from Python: used by the browser tests and the UI
benchmark, and handy for scripting (``with voila("00_start_here.ipynb", log) as (url, proc)``).

The servers started here use the packaged Voilà template ``catan`` and settings (see
``resources.jupyter_env``): no request to other hosts, an overlay offering a restart when the
session is lost, the line of play kept in the address (``?s=STATE``), uploads over
``MAX_UPLOAD_BYTES`` refused in the page, no tracebacks shown to visitors, a closed tab's
kernel shut down and a kernel without a page culled within two minutes, a page whose kernel
cannot start retried by itself (``catan_kernel.js``). ``voila.json`` holds the settings for
the voila command, ``jupyter_server_config.json`` the same for Voilà as a server extension."""

from __future__ import annotations

import compileall
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import psutil

from ..study.resources import (
    jupyter_config_dir,
    jupyter_data_dir,
    jupyter_env,
    notebooks_dir,
    package_dir,
)

START_TIMEOUT = 90  # seconds for Voilà to listen
CHROMIUM = "/usr/bin/chromium"  # Debian's (Playwright cannot download its own browser here)
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# Runs in the page (tests, benchmarks): true once the board canvas is mostly painted. Read
# from a 64x64 copy: a wait asks it every frame, and the whole board's pixels read 60 times a
# second cost its renderer ~0.5 CPU-s a second of waiting (s27).
BOARD_PAINTED_JS = """() => {
  const c = document.querySelector('.catan-board canvas');
  if (!c || !c.width) return false;
  const s = window.catanPaintProbe || (window.catanPaintProbe = document.createElement('canvas'));
  s.width = s.height = 64;  // (cleared)
  const g = s.getContext('2d', {willReadFrequently: true});
  g.drawImage(c, 0, 0, 64, 64);
  const d = g.getImageData(0, 0, 64, 64).data;
  let painted = 0;
  for (let i = 3; i < d.length; i += 4) if (d[i]) painted++;
  return painted > d.length / 8;
}"""
TEMPLATE = "catan"  # the Voilà template of the app's page
MAX_UPLOAD_BYTES = 512 * 1024  # refused in the page (catan_page.js): = scenario's limit
DATA_DIR = jupyter_data_dir()  # holds the template (voila/templates/catan)
CONFIG_DIR = jupyter_config_dir()  # voila.json, jupyter_server_config.json: the settings
# The voila command with bounded kernel-message parsing (a visitor's malformed or legacy-format
# websocket would hang Voilà 0.5.13 for everyone): see voila_guard.
VOILA_MODULE = "catan_tutor.server.voila_guard"
FOLLOW = "CATAN_FOLLOW_PARENT"  # the pid a server started by ``voila`` follows out


def class_args(kernels: int) -> list[str]:
    """Voilà's settings to keep ``kernels`` kernels ready for the start notebook (``catan-tutor
    serve --class N``): each has run the notebook (the app built, its first lesson drawn)
    before its visitor comes, then opens the lesson or position the visitor's address names
    (``widgets/preheat.py``). Kernels handed to pages are replaced once no page has come for
    ``CATAN_TUTOR_POOL_QUIET`` seconds, one at a time (``kernel_pool.py``)."""
    if kernels < 1:
        return []
    return [
        "--VoilaConfiguration.preheat_kernel=True",
        f"--VoilaConfiguration.default_pool_size={kernels}",
    ]


def compile_package(folder: Path | None = None) -> bool:
    """Write the package's bytecode (``__pycache__``) where it is missing or stale, before a
    server starts: every kernel imports the tutor, and without it each one compiles the whole
    package from source again (a clone or editable install run with
    ``PYTHONDONTWRITEBYTECODE``: about 0.3 s of CPU per visitor, issue 35). A wheel installed
    by pip has it already; a folder that cannot be written is left as it is."""
    return bool(compileall.compile_dir(folder or package_dir(), quiet=2, workers=1))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def voila(
    notebook: str | Path,
    log: str | Path,
    root: Path | None = None,
    port: int | None = None,
    args: Sequence[str] = (),
) -> Iterator[tuple[str, subprocess.Popen]]:
    """Voilà serving ``notebook`` (relative to ``root``) on a free local port, with this
    working tree first on the kernels' path; yields (url, process) and stops it after.
    ``args`` are more command-line settings (``--MappingKernelManager.cull_interval=2``)."""
    port = port or free_port()
    root = root or notebooks_dir()
    compile_package()
    cmd = [
        sys.executable,
        "-m",
        VOILA_MODULE,
        str(notebook),
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        f"--port={port}",
        *args,
    ]
    log = Path(log)
    with log.open("w") as out:
        proc = subprocess.Popen(
            cmd,
            cwd=root,
            env={**_env(root), FOLLOW: str(os.getpid())},  # it ends if this process is killed
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        _wait_listening(port, proc, log)
        yield f"http://127.0.0.1:{port}/", proc
    finally:
        stop(proc)


@contextmanager
def jupyter_server(
    root: Path, log: str | Path, token: str, port: int | None = None
) -> Iterator[str]:
    """A Jupyter server with the Voilà extension, as JupyterHub or Binder run it: serving
    ``root`` on a free local port, token-protected, with the packaged settings (it runs from
    the log's folder, so no other voila.json is read). Yields the base URL; a notebook's page
    is ``f"{url}voila/render/{path}?token={token}"``."""
    port = port or free_port()
    compile_package()
    cmd = [
        sys.executable,
        "-m",
        "jupyter",
        "server",
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--port={port}",
        "--port-retries=0",
        f"--ServerApp.root_dir={Path(root).resolve()}",
        f"--IdentityProvider.token={token}",
    ]
    if os.geteuid() == 0:
        cmd.append("--allow-root")  # as in containers and CI
    log = Path(log)
    env = _env(root)
    with log.open("w") as out:
        proc = subprocess.Popen(
            cmd,
            cwd=log.resolve().parent,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        _wait_listening(port, proc, log)
        yield f"http://127.0.0.1:{port}/"
    finally:
        stop(proc)


def _env(root: Path) -> dict[str, str]:
    """The environment of a server: ``root`` first on the kernels' path, the packaged
    template and settings first for Voilà."""
    path = os.pathsep.join(filter(None, [str(root), os.environ.get("PYTHONPATH")]))
    return jupyter_env(base={**os.environ, "PYTHONPATH": path})


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
    raise RuntimeError(f"Voilà did not listen within {START_TIMEOUT} s:\n{log.read_text()[-3000:]}")


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


def kernel_processes(proc: subprocess.Popen) -> list[psutil.Process]:
    """The kernels a server started (ipykernel processes under it)."""
    try:
        children = psutil.Process(proc.pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []
    out = []
    for child in children:
        try:
            if any("ipykernel" in part for part in child.cmdline()):
                out.append(child)
        except psutil.Error:  # it ended meanwhile
            continue
    return out


def kernel_rss_mib(proc: subprocess.Popen) -> list[float]:
    """Resident memory (MiB) of each kernel Voilà started (ipykernel processes under it)."""
    out = []
    for child in kernel_processes(proc):
        try:
            out.append(child.memory_info().rss / 2**20)
        except psutil.Error:  # it ended meanwhile
            continue
    return out
