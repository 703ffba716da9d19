"""Which cases of the course's lesson sweeps run: all in the soak, an even third in the suite.

A test marked ``course`` repeats one check over every lesson, step or puzzle of the course
(its words, its secrets, its forms). Of a sweep with a case for each of the ~100 lessons, the
suite (the README's test command, CI) runs an even spread, the first and the last lesson among
them: every check still runs, on lessons of every chapter, and CI keeps its time budget.
Shorter lists run whole: a case each of the 27 puzzle questions (their secrets, issue 33), and
lists of sentences or positions a learner met (each its own regression). ``CATAN_SWEEP=full``
(the soak, ``scripts/soak.sh``) runs every case. The spread is fixed by the cases' order: the
same cases every run.
"""

from __future__ import annotations

import math
import os
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

SHARE = 3  # the suite runs one case in SHARE of a lesson sweep
ALL_UP_TO = 60  # a sweep of this many cases or fewer runs whole (the puzzles' 27, lists of cases)


def full() -> bool:
    """Every case of every sweep (``CATAN_SWEEP=full``)."""
    text = os.environ.get("CATAN_SWEEP", "").strip().lower()
    if text not in ("", "full", "sample"):
        raise ValueError(f"CATAN_SWEEP must be 'full' or 'sample', not {text!r}")
    return text == "full"


def spread(cases: Sequence[T]) -> list[T]:
    """An even spread of ``cases``, the first and the last among them (all of a short one)."""
    n = len(cases)
    keep = math.ceil(n / SHARE)
    if n <= ALL_UP_TO or keep < 2:
        return list(cases)
    picks = sorted({round(i * (n - 1) / (keep - 1)) for i in range(keep)})
    return [cases[i] for i in picks]


def sampled(items: list, marked) -> tuple[list, list]:
    """``items`` split into those run and those left out: of each test function for which
    ``marked(item)`` holds, the spread of its cases (unless ``full()``); the rest whole."""
    if full():
        return items, []
    groups: dict[str, list] = {}
    for item in items:
        if "[" in item.nodeid and marked(item):
            groups.setdefault(item.nodeid.split("[", 1)[0], []).append(item)
    out = {id(i) for cases in groups.values() if len(cases) > ALL_UP_TO for i in cases}
    out -= {id(i) for cases in groups.values() for i in spread(cases)}
    return [i for i in items if id(i) not in out], [i for i in items if id(i) in out]
