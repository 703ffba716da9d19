"""What one client can hold of a standalone Voilà in 60 s (issue 31): it requests the tutor's
page over and over, ``--parallel`` at a time (30) (plain HTTP, no browser: each request starts a
kernel that runs the start notebook), for ``--seconds``, and stops at ``--stop`` kernels.

The caps count kernels per visitor (the ``catan_visitor`` cookie), so what is measured depends
on whether the client keeps the cookie:

    python benchmarks/one_client.py --cookies  # one browser: keeps its cookie (4 per visitor)
    python benchmarks/one_client.py            # a script that ignores cookies: every request
                                               # a new visitor, bounded by the total cap (40)
                                               # only (pass --stop 41 to see it refuse)
    python benchmarks/one_client.py --per-address 4  # ... with the cap per address set
    python benchmarks/one_client.py --no-caps  # every CATAN_TUTOR_* cap set to 0 (as before)

With ``--cookies`` one request is made first, alone, for the cookie; the parallel ones send it.
Prints the pages served and refused, the most kernels alive at once, their resident memory
at the peak (psutil, kernels and the server) and the CPU seconds the server and its kernels
used. Not a test: the figures depend on the machine's load.
"""

from __future__ import annotations

import argparse
import http.cookiejar
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
from catan_tutor.server.visitor_cookie import COOKIE  # noqa: E402
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
    ap.add_argument("--cookies", action="store_true", help="keep the visitor cookie (a browser)")
    ap.add_argument("--per-address", type=int, help="CATAN_TUTOR_KERNELS_PER_CLIENT")
    args = ap.parse_args()
    if args.no_caps:
        os.environ.update({name: "0" for name in ENV.values()})
    if args.per_address is not None:
        os.environ[ENV["per_address"]] = str(args.per_address)
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(
        *([urllib.request.HTTPCookieProcessor(jar)] if args.cookies else [])
    )
    log = Path(tempfile.mkdtemp(prefix="one_client_")) / "voila.log"
    served = refused = 0
    lock = threading.Lock()
    with voila(START_NOTEBOOK, log) as (url, proc):
        server = psutil.Process(proc.pid)
        if args.cookies:  # one page first, for the cookie the parallel requests then send
            with opener.open(url, timeout=120) as r:
                r.read()
            served += 1
            if not any(c.name == COOKIE for c in jar):
                raise SystemExit(f"the server set no {COOKIE} cookie")
        cpu0, t0 = cpu_seconds(server), time.monotonic()
        peak = {"kernels": 0, "kernel_mib": 0.0, "server_mib": 0.0}

        def ask() -> None:
            nonlocal served, refused
            while time.monotonic() - t0 < args.seconds:
                if len(kernel_processes(proc)) >= args.stop:
                    time.sleep(1)
                    continue
                try:
                    with opener.open(url, timeout=args.seconds) as r:
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
    caps = "no caps" if args.no_caps else "caps"
    if args.per_address is not None:
        caps += f", {args.per_address} per address"
    who = "one browser (keeps its cookie)" if args.cookies else "a client ignoring cookies"
    print(
        f"{who}, {caps}: {args.seconds:.0f} s, {args.parallel} at a "
        f"time: pages served {served}, refused {refused}; most kernels at once "
        f"{peak['kernels']} ({peak['kernel_mib']:.0f} MiB, server {peak['server_mib']:.0f} "
        f"MiB); CPU {cpu:.0f} s (server and kernels)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
