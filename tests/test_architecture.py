"""No module outside ``variants/`` decides which variant it is in by sniffing (issue 17).

What a variant has is declared once, in its module in ``catan_tutor/variants/``, as a
``Capabilities`` record (``rules.caps``, ``state.caps``, ``game.caps``). Everything else asks
those facts. This test greps the package for the old idioms that guessed the variant from the
state's fields, the bank's size, the rules' class or the variant's name, and lists file:line
for each one it finds. Reading the data (iterating over the knights, counting the card kinds
with ``len(s.bank)``) is fine: the idioms below are the ones that *decide the variant*.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from catan_tutor.variants import VARIANTS, rules_for
from catan_tutor.variants.capabilities import Capabilities

PACKAGE = Path(__file__).resolve().parent.parent / "catan_tutor"

# Fields that exist (are non-empty) only in some variants: their truth is a variant test.
_VARIANT_FIELDS = r"(?:kn|walls|levels|metro|pdecks|phand|pvp|defender)"
_BOOL_CONTEXT = r"(?:\b(?:if|elif|and|or|not|while)\s+|bool\()"

IDIOMS: dict[str, re.Pattern[str]] = {
    # `if s.kn`, `s.kn and ...`, `x if s.levels else y`, `bool(game.state.kn)`
    "a variant-only field's truth": re.compile(
        _BOOL_CONTEXT + r"[\w.]*\." + _VARIANT_FIELDS + r"\b(?!\s*[\[.(=])"
        r"|[\w.]*\." + _VARIANT_FIELDS + r"\s+(?:and|or|else)\b"),
    # `getattr(state, "kn", ())`, `getattr(rules, "double_roll", False)`
    "getattr of a variant-only field or flag": re.compile(
        r"getattr\([^)]*[\"'](?:" + _VARIANT_FIELDS[3:-1] + r"|double_roll|cities_knights|"
        r"has_dummy|neutrals|tokens)[\"']"),
    # `len(s.bank) == 5`, `len(s.bank) > RESOURCE_KINDS`
    "the bank's size as a variant test": re.compile(r"len\([^)]*\bbank\)\s*(?:==|!=|<|>)"),
    # `isinstance(game.rules, TwoPlayerRules)`
    "the rules' class": re.compile(r"isinstance\([^)]*Rules\b"),
    # `game.variant.endswith("2p")`, `variant == "ck"`, `"ck" in variant`
    "the variant's name": re.compile(
        r"variant\.(?:endswith|startswith)\("
        r"|variant\s*(?:==|!=)\s*[\"']"
        r"|[\"'][\w-]*[\"']\s+(?:not\s+)?in\s+[\w.]*variant\b"),
    # `s.owners > s.n` (neutrals), `s.dummy < 0` / `if s.dummy >= 0` (a dummy seat)
    "counting parties for neutrals or a dummy": re.compile(
        r"\.owners\s*(?:>|!=)\s*[\w.]*\.n\b"
        r"|(?:\b(?:if|elif|and|or|not)\s+|\(|\+\s*|(?<![=!<>])=\s*)[\w.]*\.dummy\s*(?:<|>=)\s*0\b"
        r"|\.dummy\s*(?:==|!=)\s*-1\b"),
    # `"droad" in f`: which text fields a position has
    "which text fields are present": re.compile(r"[\"'][\w-]+[\"']\s+(?:not\s+)?in\s+f\b"),
}

# Lines not migrated yet, by file and text. Keep this short; new idioms are never added here.
PENDING: dict[str, set[str]] = {}


def _found() -> list[str]:
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel.startswith("variants/"):
            continue
        for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#", 1)[0] if not line.lstrip().startswith("#") else ""
            for what, rx in IDIOMS.items():
                if rx.search(code) and line.strip() not in PENDING.get(rel, ()):
                    out.append(f"catan_tutor/{rel}:{i}: {what}: {line.strip()}")
    return out


def test_no_variant_sniffing_outside_variants():
    found = _found()
    assert not found, ("ask the variant's Capabilities (rules.caps, state.caps, game.caps) "
                       "instead:\n" + "\n".join(found))


@pytest.mark.parametrize("line", [
    "if s.kn:", "k = s.kn[v] if s.kn else None", "ck = bool(game.state.kn)",
    "return out | ({AQUEDUCT: 0} if s.levels else {})", "if not s.kn:",
    'if s.sums and getattr(rules, "double_roll", False):', 'kn = getattr(state, "kn", ())',
    "if len(s.bank) == 5:", "commodities = len(s.bank) > 5",
    "return 2 if isinstance(game.rules, TwoPlayerRules) else 1",
    'if game.variant.endswith("2p"):', 'if variant == "ck":',
    'extra = "x" if s.owners > s.n and s.dummy < 0 else ""', "if s.dummy >= 0:",
    "return s.n + (s.dummy >= 0)", 'if "droad" in f:', 'if "kn" not in f:',
])
def test_the_idioms_are_caught(line):
    assert any(rx.search(line) for rx in IDIOMS.values()), line


@pytest.mark.parametrize("line", [
    "for v, k in enumerate(s.kn):", "s.kn = tset(s.kn, v, None)", "kinds = len(s.bank)",
    "if len(a.cards) != len(s.bank) or min(a.cards) < 0:", "k = s.kn[v]",
    "dummy_turn = s.active == s.dummy >= 0", "if s.longest == s.dummy >= 0 and x:",
    "if s.caps.knights and s.kn[v] is not None:", "if p != s.dummy:",
    'walls = [v for v, w in enumerate(s.walls) if w]', "if s.tiebreak and s.tiebreak[0]:",
])
def test_data_access_is_not_an_idiom(line):
    assert not any(rx.search(line) for rx in IDIOMS.values()), line


def test_every_variant_declares_its_capabilities():
    for variant in VARIANTS:
        rules = rules_for(variant, preview=True)
        assert isinstance(rules.caps, Capabilities)
        assert "caps" in type(rules).__dict__, f"{variant} declares no caps of its own"
        state = rules.new_state(min(rules.seats), None)
        assert state.caps is rules.caps and state.copy().caps is rules.caps
        assert len(state.bank) == rules.caps.card_kinds
        assert len(state.names) == state.n + rules.caps.neutrals + rules.caps.dummy
