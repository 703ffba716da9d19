"""What one client can hold of a standalone Voilà in 60 s (issue 31): it requests the tutor's
page over and over, ``--parallel`` at a time (30) (plain HTTP, no browser: each request starts a
kernel that runs the start notebook), for ``--seconds``, and stops at ``--stop`` kernels.

    python benchmarks/one_client.py            # the packaged caps (server_limits defaults)
    python benchmarks/one_client.py --no-caps  # every CATAN_TUTOR_* cap set to 0 (as before)

Prints the pages served and refused, the most kernels alive at once, their resident memory
at the peak (psutil, kernels and the server) and the CPU seconds the server and its kernels
used. Not a test: the figures depend on the machine's load.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from catan_tutor.server.serve import kernel_processes, voila  # noqa: E402
from catan_tutor.server.server_limits import ENV  # noqa: E402
from catan_tutor.study.resources import START_NOTEBOOK  # noqa: E402


def cpu_seconds(proc: psutil.Process) -> float:
    total = 0.0
    for p in [proc, *proc.children(recursive=True)]:
        try:
            t = p.cpu_times()
            total += t.user + t.system + t.children_user + t.children_system
        except psutil.Error:
            continue
    return total


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--parallel", type=int, default=30)
    ap.add_argument("--stop", type=int, default=30, help="stop asking past this many kernels")
    ap.add_argument("--no-caps", action="store_true")
    args = ap.parse_args()
    if args.no_caps:
        os.environ.update({name: "0" for name in ENV.values()})
    log = Path(tempfile.mkdtemp(prefix="one_client_")) / "voila.log"
    served = refused = 0
    lock = threading.Lock()
    with voila(START_NOTEBOOK, log) as (url, proc):
        server = psutil.Process(proc.pid)
        cpu0, t0 = cpu_seconds(server), time.monotonic()
        peak = {"kernels": 0, "kernel_mib": 0.0, "server_mib": 0.0}

        def ask() -> None:
            nonlocal served, refused
            while time.monotonic() - t0 < args.seconds:
                if len(kernel_processes(proc)) >= args.stop:
                    time.sleep(1)
                    continue
                try:
                    with urllib.request.urlopen(url, timeout=args.seconds) as r:
                        r.read()
                    with lock:
                        served += 1
                except urllib.error.HTTPError as e:
                    e.read()
                    with lock:
                        refused += 1
                    time.sleep(1)
                except OSError:
                    time.sleep(1)

        threads = [threading.Thread(target=ask, daemon=True) for _ in range(args.parallel)]
        for t in threads:
            t.start()
        while time.monotonic() - t0 < args.seconds:
            kernels = kernel_processes(proc)
            mib = 0.0
            for k in kernels:
                try:
                    mib += k.memory_info().rss / 2**20
                except psutil.Error:
                    continue
            if len(kernels) >= peak["kernels"]:
                peak.update(
                    kernels=len(kernels),
                    kernel_mib=mib,
                    server_mib=server.memory_info().rss / 2**20,
                )
            time.sleep(1)
        cpu = cpu_seconds(server) - cpu0
        for t in threads:
            t.join(timeout=args.seconds)
    print(
        f"{'no caps' if args.no_caps else 'caps'}: {args.seconds:.0f} s, {args.parallel} at a "
        f"time: pages served {served}, refused {refused}; most kernels at once "
        f"{peak['kernels']} ({peak['kernel_mib']:.0f} MiB, server {peak['server_mib']:.0f} "
        f"MiB); CPU {cpu:.0f} s (server and kernels)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
