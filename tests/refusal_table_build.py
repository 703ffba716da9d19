"""Build tests/refusal_table.json: every refusal the engine makes, in every context it fires
in, with the rule it cites (issue 34, scope 5), for test_refusal_table.py.

A refusal is the function of ``catan_tutor/rules/`` (or of a variant) whose ``Reason`` decided
the verdict; a context is (variant, phase, the rule that put the game there: the setup round,
the card or token action in play, the roll that is due...). Positions: the verdict table's,
seeded playouts of every variant, and every node of the packaged lessons; actions: every kind
a learner can type (test_verdicts.EXTRA and the listed moves' kinds) by every seat. One row
per (refusal, context, cited rule), with its first case. After a deliberate change of a
citation, rebuild: ``.venv/bin/python tests/refusal_table_build.py``. Not collected by pytest.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

HERE = Path(__file__).parent
OUT = HERE / "refusal_table.json"
PER_CONTEXT = 2  # positions kept per (variant, phase, context rule)


def context(g) -> tuple[str, str, str]:
    """(variant, phase, the rule of the phase now: its wait or its chance event)."""
    from catan_tutor.rules.common import Reason

    s = g.state
    return (g.variant, s.phase, g.rules.specific(Reason(g.rules.phase_rule(s), "")).rule)


def main() -> int:
    sys.path.insert(0, str(HERE))
    from test_verdict_table import game_at, table
    from test_verdicts import _PLAYERS, EXTRA, _positions
    from verdict_table_build import path_of

    from catan_tutor import Game, NotationError, new_game
    from catan_tutor.rules.common import Reason
    from catan_tutor.study.resources import packaged_lessons
    from catan_tutor.study.scenario import SUFFIX, load_scenario
    from catan_tutor.variants import VARIANTS, rules_for

    games: list[Game] = [game_at(i) for i in range(len(table()[0]))]
    asked: list[tuple[Game, str]] = [(game_at(c[0]), c[1]) for c in table()[1] if not c[2]]
    for v in _PLAYERS:
        for seed in (11, 12, 13):
            games += _positions(v, seed, 700, 40)
    for path in sorted(packaged_lessons().glob(f"*{SUFFIX}")):
        sc = load_scenario(path)
        rules = rules_for(sc.variant, preview=True)
        for n in sc.timeline.walk():
            games.append(Game(rules, n.state))
            asked += [(games[-1], t) for ex in n.expect if ex.key == "illegal" for t in ex.value]
    kept: dict[tuple, list] = {}
    for g in games:
        if g.is_over():
            continue
        box = kept.setdefault(context(g), [])
        if len(box) < PER_CONTEXT and all(x.position() != g.position() for x in box):
            box.append(g)

    pool: dict[type, list[str]] = {}
    probe = new_game("ck", players=3)
    for text in EXTRA:
        pool.setdefault(type(probe.parse(text)), []).append(text)
    for box in kept.values():
        for g in box:
            for a in g.legal_actions():
                texts = pool.setdefault(type(a), [])
                if len(texts) < 3 and str(a) not in texts:
                    texts.append(str(a))

    made: list[tuple[str, int]] = []
    init = Reason.__init__

    def reason_init(obj, rule, text):
        f = sys._getframe(1)
        made.append((f.f_code.co_filename, f.f_lineno))
        init(obj, rule, text)

    Reason.__init__ = reason_init  # type: ignore[method-assign]
    for _, box in sorted(kept.items()):
        for g in box:
            seats = list(g.names[: g.players])
            asked += [
                (g, re.sub(r"^[PND]\d?(?= )", who, text))
                for texts in pool.values()
                for text in texts
                for who in seats
            ]
    rows: dict[tuple, dict] = {}
    try:
        for g, text in asked:
            try:
                a = g.parse(text)
            except NotationError:
                continue
            made.clear()
            e = g.explain(a)
            if e.legal:
                continue
            sites = [path_of(*x) for x in made]
            sites = [x for x in sites if x and x != "variants/tables.py:specific"]
            where = sites[-1] if sites else "?"
            ctx = context(g)
            key = (*ctx, where, e.rule)
            if key not in rows:
                rows[key] = {
                    "variant": ctx[0],
                    "phase": ctx[1],
                    "context": ctx[2],
                    "refusal": where,
                    "rule": e.rule,
                    "position": g.position(),
                    "action": str(e.action),
                }
    finally:
        Reason.__init__ = init  # type: ignore[method-assign]
    out = sorted(
        rows.values(),
        key=lambda r: (
            r["refusal"],
            VARIANTS.index(r["variant"]),
            r["phase"],
            r["context"],
            r["rule"],
        ),
    )
    OUT.write_text(json.dumps(out, indent=0) + "\n")
    refusals = {r["refusal"] for r in out}
    contexts = {(r["variant"], r["phase"], r["context"]) for r in out}
    pairs = {(r["refusal"], r["variant"], r["phase"], r["context"]) for r in out}
    print(
        f"{len(out)} rows: {len(refusals)} refusals x {len(contexts)} contexts "
        f"({len(pairs)} refusal-context pairs) from {sum(map(len, kept.values()))} positions"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
