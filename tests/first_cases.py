"""The first few cases of each parametrized test (the minimum-versions lane's choice).

That lane checks that the oldest versions of the runtime dependencies accepted run the code;
a sweep's cases (one a lesson, a rule or a step) go through the same calls into those
dependencies, so its first ``n`` cases say what all would, in a fraction of the time. Every
test function still runs; ``CATAN_CASES_PER_TEST=n`` turns the choice on (unset: every case).
"""

from __future__ import annotations

import os


def cases_per_test() -> int:
    """How many cases of each test function run (0: all), from ``CATAN_CASES_PER_TEST``."""
    text = os.environ.get("CATAN_CASES_PER_TEST", "").strip()
    if not text:
        return 0
    n = int(text)
    if n < 1:
        raise ValueError(f"CATAN_CASES_PER_TEST must be a whole number from 1, not {text!r}")
    return n


def first_cases(items: list, n: int) -> tuple[list, list]:
    """``items`` split into those kept (the first ``n`` of each test function, in order) and
    those left out."""
    seen: dict[str, int] = {}
    kept, left = [], []
    for item in items:
        key = item.nodeid.split("[", 1)[0]
        seen[key] = seen.get(key, 0) + 1
        (kept if seen[key] <= n else left).append(item)
    return kept, left
