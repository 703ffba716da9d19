"""Build tests/verdict_table.json: (position, action, expected rule) cases for
test_verdict_table.py, harvested from the rule tests (issue 18, scope 1).

Run from the repository root: ``.venv/bin/python tests/verdict_table_build.py``. It runs the
rule tests with ``Game.explain`` recorded, notes for each verdict the rule module and function
whose ``Reason`` decided it (its refusal path), replays every case from its position text, and
keeps up to ``PER_PATH`` cases per (variant, path, rule, legal) plus every case of
test_verdicts.py (the issue's examples). Not collected by pytest (no ``test_`` prefix).
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path

import pytest

HERE = Path(__file__).parent
OUT = HERE / "verdict_table.json"
SOURCES = [
    "test_rules_base.py",
    "test_rules_2p.py",
    "test_rules_dummy.py",
    "test_rules_ck_turn.py",
    "test_rules_ck_pieces.py",
    "test_rules_ck_cards.py",
    "test_rules_ck2p_turn.py",
    "test_rules_ck2p_knights.py",
    "test_verdicts.py",
]
PER_PATH = 3


def path_of(filename: str, lineno: int) -> str | None:
    """ "rules/knights.py:check_move" for a line of a rules/ or variants/ module."""
    import ast

    p = Path(filename)
    if p.parent.name not in ("rules", "variants") or p.parent.parent.name != "catan_tutor":
        return None
    tree = _trees.get(p) or _trees.setdefault(p, ast.parse(p.read_text()))
    best = None
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.lineno <= lineno <= (
            node.end_lineno or node.lineno
        ):
            if best is None or node.lineno > best.lineno:
                best = node
    return f"{p.parent.name}/{p.name}:{best.name if best else '?'}"


_trees: dict = {}


class Recorder:
    """A pytest plugin: every ``Game.explain`` while the tests run, with its decisive path."""

    def __init__(self):
        self.cases: list[dict] = []
        self.test = ""

    def pytest_runtest_setup(self, item):
        self.test = f"{item.path.name}::{item.name}"

    def pytest_configure(self, config):
        recorder = self
        from catan_tutor import game as game_module
        from catan_tutor.rules.common import Reason

        made: dict[str, list[tuple[str, int]]] = {}
        recorder.lines = set()
        init = Reason.__init__

        def reason_init(obj, rule, text):
            f = sys._getframe(1)
            made.setdefault(text, []).append((f.f_code.co_filename, f.f_lineno))
            init(obj, rule, text)

        Reason.__init__ = reason_init
        explain = game_module.Game.explain

        def recording(game, action_or_text):
            ex = explain(game, action_or_text)
            try:
                made.clear()
                raw = explain(game, ex.action)  # the engine's own text (no echoed labels)
                # the last Reason made with the verdict's text, not the variant's
                # ``specific`` (which only re-labels it with the most specific rule)
                sites = [
                    x
                    for x in made.get(raw.reason, ())
                    if path_of(*x) != "variants/tables.py:specific"
                ]
                site = sites[-1] if sites else None
                if sites and not raw.legal:  # where the reason's text was written
                    recorder.lines.add(sites[0])
                recorder.cases.append(
                    {
                        "variant": game.variant,
                        "position": game.position(),
                        "action": str(ex.action),
                        "legal": ex.legal,
                        "rule": ex.rule,
                        "path": path_of(*site) if site else None,
                        "test": recorder.test,
                    }
                )
            except Exception:  # noqa: BLE001 - a case that cannot be written down is skipped
                pass
            return ex

        game_module.Game.explain = recording


def extra_cases() -> None:
    """Refusal paths the rule tests reach only by ``play``: asked here (recorded)."""
    from test_rules_ck_cards import main_game

    g = main_game(phand="alchemy,medicine/-/-")
    for text in ("P1 play medicine H4", "P1 play medicine A4"):
        g.explain(text)
    # every kind a learner can type, by every seat, in a few positions of seeded playouts
    from test_verdicts import _PLAYERS, EXTRA, _positions

    from catan_tutor import NotationError

    for variant in _PLAYERS:
        for g in _positions(variant, 11, 500, 120)[::2]:
            for text in EXTRA:
                for who in g.names[: g.players]:
                    try:
                        g.explain(who + text[2:])
                    except NotationError:
                        pass


def reason_sites() -> set[tuple[str, int]]:
    """(file, line) of every ``Reason(...)`` call in catan_tutor/rules/."""
    import ast

    import catan_tutor

    out = set()
    for f in sorted((Path(catan_tutor.__file__).parent / "rules").glob("*.py")):
        for node in ast.walk(ast.parse(f.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Reason":
                out.add((str(f.resolve()), node.lineno))
    return out


def main() -> int:
    sys.path.insert(0, str(HERE))
    rec = Recorder()
    code = pytest.main(
        [
            "-q",
            "-p",
            "no:cacheprovider",
            "-k",
            "not every_verdict_cites",
            *[str(HERE / s) for s in SOURCES],
        ],
        plugins=[rec],
    )
    if code not in (0, 1):
        return int(code)
    rec.test = "verdict_table_build.py::extra_cases"
    extra_cases()
    from catan_tutor import Game
    from catan_tutor.widgets.links import pack_position

    kept: dict[tuple, list[dict]] = defaultdict(list)
    rec.cases.sort(key=lambda c: not c["test"].startswith("test_verdicts.py"))  # examples first
    seen: set[tuple[str, str]] = set()
    for c in rec.cases:
        key = (c["position"], c["action"])
        if key in seen:
            continue
        seen.add(key)
        try:
            again = Game.from_position(c["position"]).explain(c["action"])
        except Exception:  # noqa: BLE001 - not replayable from its text: left out
            continue
        if (again.legal, again.rule) != (c["legal"], c["rule"]):
            continue
        group = (c["variant"], c["path"], c["rule"], c["legal"])
        if c["test"].startswith("test_verdicts.py") or len(kept[group]) < PER_PATH:
            kept[group].append(c)
    cases = [c for group in kept.values() for c in group]
    positions = sorted({pack_position(c["position"]) for c in cases})
    index = {p: i for i, p in enumerate(positions)}
    table = {
        "positions": positions,
        "cases": [
            [
                index[pack_position(c["position"])],
                c["action"],
                c["legal"],
                c["rule"],
                c["path"],
                c["test"],
            ]
            for c in cases
        ],
    }
    OUT.write_text(json.dumps(table, indent=0) + "\n")
    print(f"{len(cases)} cases on {len(positions)} positions ({len(rec.cases)} verdicts seen)")
    sites = reason_sites()
    hit = {(str(Path(f).resolve()), n) for f, n in rec.lines} & sites
    print(f"refusal sites (Reason calls) in rules/: {len(hit)} of {len(sites)} decided a verdict")
    for f, n in sorted(sites - hit):
        print(f"  not reached: {Path(f).name}:{n}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
