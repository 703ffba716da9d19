"""The table-driven rule test (issue 18, scope 1): (position, action, expected rule) cases
across all five variants, every refusal path of every rules/ module among them.

The table (tests/verdict_table.json) is harvested from the rule tests by
tests/verdict_table_build.py: each ``Game.explain`` they make, with the rule module and
function whose ``Reason`` decided it. Positions are stored packed (widgets/links.py
``pack_position``). After a deliberate change of a verdict, rebuild it:
``.venv/bin/python tests/verdict_table_build.py``.
"""

from __future__ import annotations

import ast
import json
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

import catan_tutor
from catan_tutor import Game
from catan_tutor.variants import VARIANTS
from catan_tutor.widgets.links import unpack_position

TABLE = Path(__file__).parent / "verdict_table.json"
RULES_DIR = Path(catan_tutor.__file__).parent / "rules"

# Refusal paths no notation reaches: they guard Action objects built by a program with values
# the notation cannot write (a bundle of the wrong length, a resource or card kind out of
# range), which Game refuses earlier as NotationError (game.py ``_unreadable``).
PROGRAM_ONLY = {
    "rules/common.py:bundle_reason": "a bundle with the wrong number of kinds",
    "rules/devcards.py:check_monopoly": "a Monopoly resource out of range",
    "rules/science_cards.py:_alchemy": "an Alchemy die outside 1-6",
    "rules/trade_cards.py:_fleet": "a Merchant Fleet kind out of range",
}

# The issue's examples (tests/test_verdicts.py): the rule that decides each.
ISSUE_RULES = {
    "CK-ROBBER-INACTIVE",
    "CK-KNIGHT-MOVE",
    "CK-KNIGHT-BLOCKS",
    "CK-BUILD-OCCUPIED",
    "CK2P-NEUTRAL-KNIGHT-PROMOTE",
    "CK-PC-MERCHANT-FLEET",
    "CK-PC-WEDDING",
    "CK-METRO-VALUE",
    "CK-BARB-LOSE",
    "CK-BARB-LOSE-CHOICE",
    "CK-KNIGHT-DISPLACE",
}


@cache
def table() -> tuple[list[str], list[list]]:
    data = json.loads(TABLE.read_text())
    return data["positions"], data["cases"]


@cache
def game_at(i: int) -> Game:
    return Game.from_position(unpack_position(table()[0][i]))


def refusal_paths() -> set[str]:
    """ "rules/<module>.py:<function>" of every function of rules/ that makes a Reason."""
    out = set()
    for f in sorted(RULES_DIR.glob("*.py")):
        for node in ast.walk(ast.parse(f.read_text())):
            if isinstance(node, ast.FunctionDef) and any(
                isinstance(x, ast.Call) and getattr(x.func, "id", "") == "Reason"
                for x in ast.walk(node)
            ):
                out.add(f"rules/{f.name}:{node.name}")
    return out


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_case_of_the_table_gets_its_rule(variant):
    """Each (position, action) of the variant is judged legal or not as the table says,
    under the table's rule (the most specific one), with a reason."""
    checked, wrong = 0, []
    for i, action, legal, rule, path, source in table()[1]:
        g = game_at(i)
        if g.variant != variant:
            continue
        e = g.explain(action)
        checked += 1
        if (e.legal, e.rule) != (legal, rule) or not e.reason:
            wrong.append(
                f"{action!r} ({source}, {path}): expected {rule} "
                f"{'legal' if legal else 'illegal'}, got {e}"
            )
    assert checked >= 20, (variant, checked)
    assert not wrong, "\n".join(wrong[:20])


def test_the_table_covers_every_variant_and_every_refusal_path():
    positions, cases = table()
    assert len(cases) >= 150
    per_variant = Counter(game_at(c[0]).variant for c in cases)
    assert set(per_variant) == set(VARIANTS) and min(per_variant.values()) >= 20, per_variant
    illegal = [c for c in cases if not c[2]]
    assert len(illegal) >= 150 and len({c[3] for c in illegal}) >= 80
    paths = {c[4] for c in illegal if c[4]}
    every = refusal_paths()
    missing = every - paths - set(PROGRAM_ONLY)
    assert not missing, sorted(missing)
    assert set(PROGRAM_ONLY) <= every  # still there (else drop them from the list)
    assert len(paths & every) >= 60


def test_the_issue_examples_are_in_the_table():
    _, cases = table()
    from_issue = {c[3] for c in cases if c[5].startswith("test_verdicts.py")}
    assert ISSUE_RULES <= from_issue, sorted(ISSUE_RULES - from_issue)
