"""The suite's share of the course's lesson sweeps (tests/course_sample.py): an even third of a
sweep over the ~100 lessons, its first and last lesson among them; shorter lists (the 27
puzzle questions, lists of cases) and unmarked tests whole; every case with
``CATAN_SWEEP=full``."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from course_sample import ALL_UP_TO, SHARE, full, sampled, spread

pytestmark = pytest.mark.engine


def _items(name: str, n: int, course: bool = True) -> list[SimpleNamespace]:
    return [SimpleNamespace(nodeid=f"t.py::{name}[{i}]", course=course) for i in range(n)]


def test_a_lesson_sweep_runs_an_even_third_with_its_first_and_last(monkeypatch) -> None:
    monkeypatch.delenv("CATAN_SWEEP", raising=False)
    lessons = list(range(100))
    kept = spread(lessons)
    assert len(kept) == 34 == -(-100 // SHARE)
    assert kept[0] == 0 and kept[-1] == 99
    gaps = {b - a for a, b in zip(kept, kept[1:], strict=False)}
    assert gaps <= {2, 3, 4}  # even: no chapter of the course left out


def test_short_lists_and_unmarked_tests_run_whole(monkeypatch) -> None:
    monkeypatch.delenv("CATAN_SWEEP", raising=False)
    items = _items("puzzles", 27) + _items("lessons", 99) + _items("plain", 99, course=False)
    items.append(SimpleNamespace(nodeid="t.py::single", course=True))
    kept, left = sampled(items, lambda i: i.course)
    names = [i.nodeid.split("[")[0] for i in kept]
    assert names.count("t.py::puzzles") == 27 and names.count("t.py::plain") == 99
    assert names.count("t.py::lessons") == 33 and "t.py::single" in names
    assert len(left) == 66 and all("lessons" in i.nodeid for i in left)
    assert ALL_UP_TO >= 27  # every puzzle question is asked in the suite (issue 33)


def test_full_runs_every_case_and_a_wrong_value_is_refused(monkeypatch) -> None:
    items = _items("lessons", 99)
    monkeypatch.setenv("CATAN_SWEEP", "full")
    assert full() and sampled(items, lambda i: i.course) == (items, [])
    monkeypatch.setenv("CATAN_SWEEP", "all")
    with pytest.raises(ValueError, match="CATAN_SWEEP"):
        full()
