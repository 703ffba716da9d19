"""The minimum-versions lane's choice of cases (tests/first_cases.py): every test function,
each parametrized one's first ``n`` cases in their order; ``CATAN_CASES_PER_TEST`` read."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from first_cases import cases_per_test, first_cases

pytestmark = pytest.mark.engine


def _items(*ids: str) -> list[SimpleNamespace]:
    return [SimpleNamespace(nodeid=i) for i in ids]


def test_each_function_keeps_its_first_cases_and_plain_tests_stay() -> None:
    items = _items(
        "t.py::a[1]", "t.py::a[2]", "t.py::b", "t.py::a[3]", "u.py::a[1]", "t.py::c[x-1]"
    )
    kept, left = first_cases(items, 2)
    assert [i.nodeid for i in kept] == [
        "t.py::a[1]",
        "t.py::a[2]",
        "t.py::b",
        "u.py::a[1]",
        "t.py::c[x-1]",
    ]
    assert [i.nodeid for i in left] == ["t.py::a[3]"]


def test_the_number_comes_from_the_environment(monkeypatch) -> None:
    monkeypatch.delenv("CATAN_CASES_PER_TEST", raising=False)
    assert cases_per_test() == 0
    monkeypatch.setenv("CATAN_CASES_PER_TEST", "3")
    assert cases_per_test() == 3
    monkeypatch.setenv("CATAN_CASES_PER_TEST", "0")
    with pytest.raises(ValueError, match="CATAN_CASES_PER_TEST"):
        cases_per_test()
