"""A local JupyterHub with hosting/jupyterhub_config.py, for tests and the class benchmark:
on 127.0.0.1, free ports, the shared test password (LOCAL TESTING ONLY), the hub's state and
the users' homes in a scratch folder. Stopping it stops every user's server, the proxy and
the culler, and says which processes (if any) outlived it.

    python hosting/local_hub.py      # try it: prints the address and the password

Needs ``jupyterhub`` and ``jupyterhub-idle-culler`` (pip) and ``configurable-http-proxy``
(npm) on PATH.
"""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import psutil

from catan_tutor.server.serve import free_port

HERE = Path(__file__).resolve().parent
CONFIG = HERE / "jupyterhub_config.py"
PROXY = "configurable-http-proxy"
START_TIMEOUT = 90  # s for the hub to say it is running
STOP_TIMEOUT = 30  # s for the hub to stop its users' servers and the proxy


@dataclass
class Hub:
    url: str  # http://127.0.0.1:PORT (no trailing slash)
    password: str
    proc: subprocess.Popen
    log: Path
    workdir: Path
    api_token: str = ""  # the class-prestart service's (CATAN_HUB_PRESTART_TOKEN)
    seen: dict[int, psutil.Process] = field(default_factory=dict)  # all ever under the hub

    def processes(self) -> list[psutil.Process]:
        """The hub's processes now: proxy, culler, users' servers and their kernels."""
        try:
            procs = psutil.Process(self.proc.pid).children(recursive=True)
        except psutil.NoSuchProcess:
            return []
        self.seen.update({p.pid: p for p in procs})
        return procs

    def servers(self) -> dict[str, psutil.Process]:
        """The users' single-user servers, by user name."""
        out = {}
        for p in self.processes():
            try:
                if any("jupyterhub-singleuser" in part for part in p.cmdline()):
                    out[p.environ().get("JUPYTERHUB_USER", "?")] = p
            except psutil.Error:
                continue
        return out

    def kernels(self) -> list[psutil.Process]:
        """The kernels of every user's server (ipykernel processes)."""
        out = []
        for p in self.processes():
            try:
                if any("ipykernel" in part for part in p.cmdline()):
                    out.append(p)
            except psutil.Error:
                continue
        return out


def proxy_missing() -> str | None:
    """Why a local hub cannot start here, or None."""
    if not shutil.which(PROXY):
        return f"{PROXY} is missing: npm install -g configurable-http-proxy"
    if not (Path(sys.executable).parent / "jupyterhub").exists():
        return "jupyterhub is missing: pip install jupyterhub jupyterhub-idle-culler"
    return None


@contextmanager
def local_hub(
    workdir: Path | None = None,
    password: str = "local-test-only",
    env: dict[str, str] | None = None,
) -> Iterator[Hub]:
    """JupyterHub on free local ports, running until the block ends; its log is
    ``workdir/jupyterhub.log``. ``env`` adds settings (``CATAN_HUB_CULL_TIMEOUT``...);
    ``Hub.api_token`` may create users and start their servers (catan-tutor hub-prestart)."""
    workdir = Path(workdir or tempfile.mkdtemp(prefix="catan_hub_"))
    workdir.mkdir(parents=True, exist_ok=True)
    port, api, hub_port = free_port(), free_port(), free_port()
    url = f"http://127.0.0.1:{port}"
    api_token = secrets.token_hex(24)
    cmd = [
        str(Path(sys.executable).parent / "jupyterhub"),
        "-f",
        str(CONFIG),
        f"--JupyterHub.hub_bind_url=http://127.0.0.1:{hub_port}",
        f"--ConfigurableHTTPProxy.api_url=http://127.0.0.1:{api}",
    ]
    full_env = {
        **os.environ,
        "CATAN_HUB_URL": url,
        "CATAN_HUB_TEST_PASSWORD": password,
        "CATAN_HUB_TEST_HOMES": str(workdir / "homes"),
        "CATAN_HUB_PRESTART_TOKEN": api_token,
        **(env or {}),
    }
    log = workdir / "jupyterhub.log"
    with log.open("w") as out:
        proc = subprocess.Popen(
            cmd,
            cwd=workdir,
            env=full_env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    hub = Hub(url, password, proc, log, workdir, api_token)
    try:
        _wait_running(hub)
        yield hub
    finally:
        left = stop(hub)
        if left:
            print(
                f"local hub: killed {len(left)} process(es) left after it stopped: "
                f"{', '.join(left)}",
                file=sys.stderr,
            )


def _wait_running(hub: Hub) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if hub.proc.poll() is not None:
            raise RuntimeError(
                f"JupyterHub exited with {hub.proc.returncode}:\n{hub.log.read_text()[-3000:]}"
            )
        hub.processes()
        if "JupyterHub is now running" in hub.log.read_text():
            return
        time.sleep(0.25)
    raise RuntimeError(
        f"JupyterHub did not start within {START_TIMEOUT} s:\n{hub.log.read_text()[-3000:]}"
    )


def stop(hub: Hub) -> list[str]:
    """SIGTERM the hub (it stops the users' servers, their kernels, the proxy and the culler),
    wait for all of them; SIGKILL what is left and return its command lines (else [])."""
    hub.processes()
    if hub.proc.poll() is None:
        hub.proc.send_signal(signal.SIGTERM)
        try:
            hub.proc.wait(STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            pass
    deadline = time.monotonic() + 10
    left = _alive(hub.seen.values())
    while left and time.monotonic() < deadline:
        time.sleep(0.25)
        left = _alive(hub.seen.values())
    names = []
    for p in left:
        try:
            names.append(" ".join(p.cmdline())[:120])
            p.kill()
        except psutil.Error:
            continue
    if hub.proc.poll() is None:
        hub.proc.wait(5)
    return names


def _alive(procs) -> list[psutil.Process]:
    """Those still running (``is_running`` also checks the start time: a reused id is not
    the same process)."""
    out = []
    for p in procs:
        try:
            if p.is_running() and p.status() != psutil.STATUS_ZOMBIE:
                out.append(p)
        except psutil.Error:
            continue
    return out


def main() -> None:
    with local_hub() as hub:
        print(
            f"JupyterHub (LOCAL TESTING ONLY) at {hub.url}/ : any user name, password "
            f"{hub.password!r}; log {hub.log}. Ctrl+C stops it.\n"
            f"Start servers before logging in: CATAN_HUB_API_TOKEN={hub.api_token} "
            f"catan-tutor hub-prestart {hub.url} --users student01..student04",
            flush=True,
        )
        try:
            hub.proc.wait()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
