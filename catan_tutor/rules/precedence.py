"""Which rule a verdict cites: the most specific one (rulebook/rules.md §0, "Inheritance").

A variant's bullet that says "Replaces `X`" or "Amends `X`" decides every case of ``X`` in that
variant, so a verdict never cites ``X`` there: it cites the amending rule, or the rule that
amends that one in turn. The reference knows which rule amends which
(:func:`catan_tutor.rulebook.amended_by`); this module only reads it, once per variant.

A few amendments change only some cases of ``X`` (``PARTIAL``): a road past a foreign knight
(``CK-BUILD-OCCUPIED``) amends ``BASE-BUILD-ROAD``, but a road that touches nothing of its
builder's is still refused by ``BASE-BUILD-ROAD``. Those are cited by the check that decides
their case, and ``X`` keeps deciding the rest. So are the rules a variant restates without
amending them (``CK2P-ROLL-TIMING`` "as ``2P-ROLL-TIMING``", ``CK2P-TOKEN-ONE-ACTION``,
``CK2P-NEUTRAL-CHOOSER``): no variant rewrites a rule ID after its check.

Where two of a variant's parents both amend a rule (``BASE-TURN-PHASES`` in ``ck-2p``: by
``CK-TURN-PHASES`` and, through ``2P-ROLL-TWICE``, by ``CK2P-ROLL-DOUBLE``), the parent named
first in the reference's inheritance table decides (§0: "In ck-2p, §4 decides C&K topics").
"""

from __future__ import annotations

from functools import cache

from .. import rulebook

PARTIAL = frozenset(
    {
        "CK-BUILD-OCCUPIED",  # only the vertices that hold a knight
        "2P-ROLL-TWICE",  # only the second roll; the order of the phases stays BASE-TURN-PHASES
        "CK-PROD-CITY",  # only the city part of BASE-PROD-YIELD
        "CK-INFO",  # adds commodities, progress cards and public VP to BASE-INFO
    }
)


@cache
def table(variant: str) -> dict[str, str]:
    """General rule -> the rule of ``variant`` that decides its cases, for every rule of the
    variant that another of its rules amends (directly or along a chain of amendments)."""
    own = rulebook.rules_of(variant)
    order = _lineage(variant)

    def leaf(rule_id: str, seen: frozenset[str]) -> str:
        by = [
            r
            for r in rulebook.amended_by(rule_id)
            if r.id in own and r.id not in seen and r.id not in PARTIAL
        ]
        if not by:
            return rule_id
        first = min(by, key=lambda r: order.index(r.variant))  # the deciding parent's
        return leaf(first.id, seen | {first.id})

    out = {}
    for r in own.values():
        for general in r.amends:
            if general in own and r.id not in PARTIAL:
                out[general] = leaf(general, frozenset({general}))
    return out


def _lineage(variant: str) -> list[str]:
    """The variant, then its parents depth first in the table's order: who decides first."""
    parents = rulebook.variants()
    out: list[str] = []

    def walk(v: str) -> None:
        if v not in out:
            out.append(v)
            for p in parents.get(v, ()):
                walk(p)

    walk(variant)
    return out


def most_specific(variant: str, rule_id: str) -> str:
    """The rule of ``variant`` that decides the cases of ``rule_id`` (``rule_id`` itself when no
    rule of the variant amends it)."""
    return table(variant).get(rule_id, rule_id)
