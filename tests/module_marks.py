"""The markers a test module's source gives all its tests (its ``pytestmark``), read without
importing it: for tests/test_markers.py, and for the collection of a run whose ``-m`` leaves a
whole module out (tests/conftest.py skips importing it)."""

from __future__ import annotations

import ast
from functools import cache
from itertools import combinations


def marks_in(decorators: list[ast.expr]) -> set[str]:
    """The ``pytest.mark.X`` names among decorators (or a pytestmark value)."""
    found = set()
    for d in decorators:
        for node in ast.walk(d):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Attribute)
                and node.value.attr == "mark"
            ):
                found.add(node.attr)
    return found


def pytestmark_values(source: str) -> list[ast.expr]:
    """The values a module assigns to ``pytestmark``."""
    return [
        node.value
        for node in ast.parse(source).body
        if isinstance(node, ast.Assign)
        and any(isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets)
    ]


@cache
def module_marks(source: str) -> frozenset[str]:
    """The markers every test of the module ``source`` carries (a collection asks for each
    module several times: each parsed once, not ~8 times, ~21 CPU-s of the minimum-versions
    lane's collection in each worker, s35)."""
    return frozenset(marks_in(pytestmark_values(source)))


def none_selected(marks: set[str], selects, known: set[str]) -> bool:
    """Whether no test carrying ``marks`` can be selected by ``selects`` (a ``-m`` expression's
    ``evaluate``: a function of a name-to-bool matcher), whatever more of the ``known`` markers
    a test adds to them."""
    more = sorted(known - marks)
    for n in range(len(more) + 1):
        for extra in combinations(more, n):
            have = marks | set(extra)
            if selects(lambda name, /, have=have, **_: name in have):
                return False
    return True
