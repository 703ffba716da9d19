"""Cost of opening a packaged lesson again (every visitor of a class opens one; the suite
opens each many times) against its first reading in the same run.

    python benchmarks/scenario_read.py

``load_scenario`` reads a text once a process and hands each caller its own unpickled copy;
the peer is the reading itself (YAML, positions, the move tree and its checks), done afresh.
"""

from __future__ import annotations

import statistics
import time

from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import _read_once, load_scenario


def median_ms(fn, reps: int = 30) -> float:
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1e3


def main() -> None:
    for name in ("base_setup", "ck_knight_displacement", "puzzle_ck_2p"):
        path = packaged_lessons() / f"{name}.catan.yaml"
        load_scenario(path)  # read once: the copies after come from it

        def fresh(path=path):
            _read_once.cache_clear()
            return load_scenario(path)

        first, again = median_ms(fresh), median_ms(lambda path=path: load_scenario(path))
        print(
            f"{name:24s} read afresh {first:6.2f} ms   opened again {again:5.2f} ms   "
            f"ratio {first / again:5.1f}x"
        )


if __name__ == "__main__":
    main()
