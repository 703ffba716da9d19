"""No module outside ``variants/`` decides which variant it is in by sniffing (issue 17).

What a variant has is declared once, in its module in ``catan_tutor/variants/``, as a
``Capabilities`` record (``rules.caps``, ``state.caps``, ``game.caps``). Everything else asks
those facts. This test greps the package for the old idioms that guessed the variant from the
state's fields, the bank's size, the rules' class or the variant's name, and lists file:line
for each one it finds. Reading the data (iterating over the knights, counting the card kinds
with ``len(s.bank)``) is fine: the idioms below are the ones that *decide the variant*.

Below: each variant's kinds and phases are complete records, and no import runs up a layer.
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest

from catan_tutor import actions, new_game, state
from catan_tutor.variants import (
    VARIANTS,
    base,
    ck,
    ck_state,
    ck_two_player_state,
    dummy_state,
    rules_for,
    two_player,
    two_player_state,
)
from catan_tutor.variants.capabilities import Capabilities
from catan_tutor.variants.ck import CKRules
from catan_tutor.variants.ck_two_player import CK2PRules
from catan_tutor.variants.records import Kind, Phase, Table, compose

PACKAGE = Path(__file__).resolve().parent.parent / "catan_tutor"

# Fields that exist (are non-empty) only in some variants: their truth is a variant test.
_VARIANT_FIELDS = r"(?:kn|walls|levels|metro|pdecks|phand|pvp|defender)"
_BOOL_CONTEXT = r"(?:\b(?:if|elif|and|or|not|while)\s+|bool\()"

IDIOMS: dict[str, re.Pattern[str]] = {
    # `if s.kn`, `s.kn and ...`, `x if s.levels else y`, `bool(game.state.kn)`
    "a variant-only field's truth": re.compile(
        _BOOL_CONTEXT + r"[\w.]*\." + _VARIANT_FIELDS + r"\b(?!\s*[\[.(=!<>])"
        r"|[\w.]*\." + _VARIANT_FIELDS + r"\s+(?:and|or|else)\b"
    ),
    # `getattr(state, "kn", ())`, `getattr(rules, "double_roll", False)`
    "getattr of a variant-only field or flag": re.compile(
        r"getattr\([^)]*[\"'](?:" + _VARIANT_FIELDS[3:-1] + r"|double_roll|cities_knights|"
        r"has_dummy|neutrals|tokens)[\"']"
    ),
    # `len(s.bank) == 5`, `len(s.bank) > RESOURCE_KINDS`
    "the bank's size as a variant test": re.compile(r"len\([^)]*\bbank\)\s*(?:==|!=|<|>)"),
    # `isinstance(game.rules, TwoPlayerRules)`
    "the rules' class": re.compile(r"isinstance\([^)]*Rules\b"),
    # `game.variant.endswith("2p")`, `variant == "ck"`, `"ck" in variant`
    "the variant's name": re.compile(
        r"variant\.(?:endswith|startswith)\("
        r"|variant\s*(?:==|!=)\s*[\"']"
        r"|[\"'][\w-]*[\"']\s+(?:not\s+)?in\s+[\w.]*variant\b"
    ),
    # `s.owners > s.n` (neutrals), `s.dummy < 0` / `if s.dummy >= 0` (a dummy seat)
    "counting parties for neutrals or a dummy": re.compile(
        r"\.owners\s*(?:>|!=)\s*[\w.]*\.n\b"
        r"|(?:\b(?:if|elif|and|or|not)\s+|\(|\+\s*|(?<![=!<>])=\s*)[\w.]*\.dummy\s*(?:<|>=)\s*0\b"
        r"|\.dummy\s*(?:==|!=)\s*-1\b"
    ),
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
    assert not found, (
        "ask the variant's Capabilities (rules.caps, state.caps, game.caps) "
        "instead:\n" + "\n".join(found)
    )


@pytest.mark.parametrize(
    "line",
    [
        "if s.kn:",
        "k = s.kn[v] if s.kn else None",
        "ck = bool(game.state.kn)",
        "return out | ({AQUEDUCT: 0} if s.levels else {})",
        "if not s.kn:",
        'if s.sums and getattr(rules, "double_roll", False):',
        'kn = getattr(state, "kn", ())',
        "if len(s.bank) == 5:",
        "commodities = len(s.bank) > 5",
        "return 2 if isinstance(game.rules, TwoPlayerRules) else 1",
        'if game.variant.endswith("2p"):',
        'if variant == "ck":',
        'extra = "x" if s.owners > s.n and s.dummy < 0 else ""',
        "if s.dummy >= 0:",
        "return s.n + (s.dummy >= 0)",
        'if "droad" in f:',
        'if "kn" not in f:',
    ],
)
def test_the_idioms_are_caught(line):
    assert any(rx.search(line) for rx in IDIOMS.values()), line


@pytest.mark.parametrize(
    "line",
    [
        "for v, k in enumerate(s.kn):",
        "s.kn = tset(s.kn, v, None)",
        "kinds = len(s.bank)",
        "if len(a.cards) != len(s.bank) or min(a.cards) < 0:",
        "k = s.kn[v]",
        "dummy_turn = s.active == s.dummy >= 0",
        "if s.longest == s.dummy >= 0 and x:",
        "if s.caps.knights and s.kn[v] is not None:",
        "if p != s.dummy:",
        "walls = [v for v, w in enumerate(s.walls) if w]",
        "if s.tiebreak and s.tiebreak[0]:",
        "if before.caps.improvements and before.metro != after.metro:",
    ],
)
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


# ---------------------------------------------------------------- a variant is one declaration
# Each variant declares its kinds of action and its phases as records (variants/records.py):
# one record per kind (check, apply, rule), one per phase (who acts, the decisions it accepts,
# the options, the pending text, the rule). These tests hold the tables complete.

VARIANT = Path(__file__).resolve().parent.parent / "catan_tutor" / "variants"
ACTION_CLASSES = set(actions.action_classes())  # every kind, as registered by its word
_POLICY = {"base-dummy": "greedy"}


def _rules(variant):
    return rules_for(variant, preview=True)


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_kind_of_action_is_one_record(variant):
    rules = _rules(variant)
    assert "kinds" in type(rules).__dict__ and "phases" in type(rules).__dict__, variant
    assert isinstance(rules.kinds, Table) and isinstance(rules.phases, Table)
    for cls, rec in rules.kinds.items():
        assert isinstance(rec, Kind) and rec.action is cls and cls in ACTION_CLASSES, cls
        assert rec.rule, cls
        if cls.is_chance:  # a chance outcome: checked against its phase's outcomes
            assert rec.check is None and callable(rec.apply), cls
        else:  # a decision: checked by its own check; refused kinds have no effect
            assert callable(rec.check), cls
            assert rec.apply is None or callable(rec.apply), cls
    # The columns the engine reads are the table's, not dicts patched beside it.
    assert rules.checks == {k: r.check for k, r in rules.kinds.items() if r.check}
    assert rules.applies == {k: r.apply for k, r in rules.kinds.items() if r.apply}
    assert rules.legal_rules == {k: r.rule for k, r in rules.kinds.items() if r.check}


def test_every_action_class_belongs_to_a_variant():
    declared = set().union(*(_rules(v).kinds for v in VARIANTS))
    assert ACTION_CLASSES - declared == set()


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_phase_is_one_record(variant):
    rules = _rules(variant)
    assert set(base.PHASES) <= set(rules.phases), "every variant has base's phases"
    for name, ph in rules.phases.items():
        assert isinstance(ph, Phase) and ph.name == name and name in state.PHASES, name
        assert ph.chance == (name in state.CHANCE_PHASES), name
        assert ph.rule and callable(ph.pending), name
        if ph.chance:
            assert callable(ph.outcomes) and not ph.kinds, name
        else:
            assert callable(ph.options) and callable(ph.actors), name
        for kind in ph.kinds:  # a decision phase's kinds are kinds the variant checks
            assert kind in rules.checks and kind in rules.applies, (name, kind)


def test_every_phase_of_state_belongs_to_a_variant():
    assert set(state.PHASES) == set().union(*(_rules(v).phases for v in VARIANTS))


# each variant's own part of the state, and the variants it adds its phases to
_PARTS = {
    "base-2p": (two_player_state, ("base",)),
    "base-dummy": (dummy_state, ("base",)),
    "ck": (ck_state, ("base",)),
    "ck-2p": (ck_two_player_state, ("ck", "base-2p")),
}


@pytest.mark.parametrize("variant", sorted(_PARTS))
def test_a_variant_declares_in_its_state_module_the_phases_it_adds(variant):
    """``state.PHASES`` is base's phases and those each variant's ``<variant>_state`` module
    declares; a variant's table adds exactly those, its chance phases exactly the declared."""
    part, parents = _PARTS[variant]
    phases = _rules(variant).phases
    added = set(phases) - set().union(*(_rules(p).phases for p in parents))
    assert added == set(part.PHASES) and set(part.CHANCE) <= added
    assert {name for name in added if phases[name].chance} == set(part.CHANCE)
    assert set(part.PHASES) <= set(state.PHASES) and set(part.CHANCE) <= state.CHANCE_PHASES


def test_base_phases_are_the_core_ones_of_state():
    assert tuple(base.PHASES) == state.CORE_PHASES
    assert {n for n, ph in base.PHASES.items() if ph.chance} == set(state.CORE_CHANCE)
    declared = [ph for part, _ in _PARTS.values() for ph in part.PHASES]
    assert state.PHASES == (*state.CORE_PHASES, *declared)  # each once, none declared twice


def _random_phases(variant: str, seed: int, steps: int) -> set[str]:
    rules = _rules(variant)
    g = new_game(variant, players=min(rules.seats), seed=seed, board="variable", preview=True)
    rng = random.Random(seed)
    seen = {g.state.phase}
    for _ in range(steps):
        if g.winner is not None:
            break
        weights = g.chance_weights()
        if weights:
            a = rng.choices([a for a, _ in weights], [w for _, w in weights])[0]
        else:
            a = rng.choice(g.legal_actions())
        assert type(a) in rules.kinds, (variant, a)
        g.play(a)
        seen.add(g.state.phase)
    return seen


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_played_game_stays_in_declared_phases_and_kinds(variant):
    seen = set().union(*(_random_phases(variant, seed, 600) for seed in range(2)))
    assert seen <= set(_rules(variant).phases), seen - set(_rules(variant).phases)
    assert state.MAIN in seen and state.DICE in seen


def test_ck2p_is_composed_from_ck_and_base_2p_explicitly():
    """rule="CK2P-INHERIT": one parent class (ck's); base-2p's records are merged into ck's
    by ``compose``, which refuses a record both parents changed unless ck-2p declares it."""
    assert CK2PRules.__bases__ == (CKRules,)
    for parents in (
        (base.KINDS, ck.KINDS, two_player.KINDS),
        (base.PHASES, ck.PHASES, two_player.PHASES),
    ):
        with pytest.raises(ValueError, match="both parents change"):
            compose(*parents)
    with pytest.raises(ValueError, match="both parents change"):
        compose(base.KINDS, ck.KINDS, two_player.KINDS, own=())
    rules = _rules("ck-2p")
    for kind in two_player.KINDS:  # base-2p's kinds are all in, ck's too
        assert kind in rules.kinds
    assert set(ck.KINDS) <= set(rules.kinds)
    # where only one parent changed a record, it stands as that parent declared it
    assert rules.kinds[actions.RobberHome] is two_player.KINDS[actions.RobberHome]
    # ck-2p's own record: the forced trade is drawn blind (CK2P-TOKEN-FORCED-TRADE)
    assert rules.kinds[actions.ForcedTrade].rule == "CK2P-TOKEN-FORCED-TRADE"
    assert rules.kinds[actions.Recruit] is ck.KINDS[actions.Recruit]
    assert rules.phases[ck_state.PILLAGE] is ck.PHASES[ck_state.PILLAGE]
    assert rules.phases[state.DICE].rule == "CK2P-ROLL-DOUBLE"


def test_tables_are_derived_not_patched():
    """No variant mutates its parent's tables: replace/add build new ones."""
    t = Table(Kind(actions.Roll, "BASE-PROD-ROLL", lambda s, a: None, lambda s, a: None))
    with pytest.raises(ValueError):
        t.add(Kind(actions.Roll, "X"))
    with pytest.raises(ValueError):
        t.replace(Kind(actions.EndTurn, "X"))
    assert (
        len(base.KINDS) < len(ck.KINDS)
        and base.KINDS[actions.BuyDev].check is not ck.KINDS[actions.BuyDev].check
    )
    column = r"(?:self|rules)\.(?:checks|applies|decisions|legal_rules|chance_rules|wait_rules)\b"
    patched = re.compile(
        column + r"\s*(?:\[[^\]]*\]\s*)?(?:\|=|=(?!=)|\.pop\(|\.update\()"
        r"|\bdel\s+" + column
    )
    found = [
        f"{p.name}:{i}: {line.strip()}"
        for p in sorted(PACKAGE.rglob("*.py"))
        for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if patched.search(line.split("#", 1)[0])
    ]
    assert not found, found


def test_no_rule_id_is_rewritten_after_the_check():
    """The check that decides cites the most specific rule itself (rules/precedence.py keeps
    the reference's "Replaces"/"Amends" table; no variant maps rule IDs of its own after)."""
    for variant in VARIANTS:
        assert "specific" not in type(_rules(variant)).__dict__ or variant == "base", variant
    rewrite = re.compile(r"\w+\[\s*\w+\.rule\s*\]|\.rule\s+in\s+_[A-Z]+\b")
    found = [
        f"{p.name}:{i}: {line.strip()}"
        for p in sorted(VARIANT.glob("*.py"))
        for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if rewrite.search(line)
    ]
    assert not found, found


# ---------------------------------------------------------------- the layers the layout shows
# Each layer imports only from itself and the layers beneath it (README, "Layout"). A package
# is one layer; the top level is the core, but for the Game's front (game.py, sampler.py,
# render.py, move_words.py, typed_forms.py and the package's __init__: they need the
# variants' tables, the position text and the narration, or a Game), the computer players
# (players.py: their playout policy ranks moves with analysis/) and the command line. A
# variant's declarations beneath the rules (its state fields and phases, its action kinds, the
# Capabilities record) live in variants/ beside it but belong to the core: state.py and
# actions.py assemble them.
LAYERS = (
    "core", "rules", "variants", "position", "words", "game", "study", "analysis", "widgets",
    "server", "cli",
)  # fmt: skip
_TOP_LEVEL = {
    "__init__": "game", "game": "game", "sampler": "game", "render": "game", "scene": "game",
    "move_words": "game", "typed_forms": "game", "players": "analysis", "cli": "cli",
    "trade_card_words": "game",  # move_words' reader of trades and cards
    "form_words": "game",  # move_words' reader of the form's words
    "forced_trade_typed": "game",  # move_words' reader of a forced trade said price first
    "ambiguous_words": "game",  # move_words' reader of words two moves share
    "between_words": "game",  # move_words' reader of a spot named by its hexes
}  # fmt: skip
_DECLARATION = re.compile(r"variants/(?:capabilities|\w+_state|\w+_actions)\.py")


def layer_of(rel: str) -> str:
    """The layer of the module at ``rel`` (a path relative to catan_tutor/)."""
    if _DECLARATION.fullmatch(rel):
        return "core"
    top, _, rest = rel.partition("/")
    if not rest:
        return _TOP_LEVEL.get(top.removesuffix(".py"), "core")
    return "core" if top == "rulebook" else top


def _imported(path: Path, package: Path) -> list[tuple[int, str]]:
    """(line, path relative to catan_tutor/) of each catan_tutor module ``path`` imports,
    at its top or inside a function: ``from .x import y`` names ``x``, or ``x/y`` when that is a
    module; ``from . import x`` names ``x``."""
    pkg = path.parent.relative_to(package.parent).parts
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = pkg[: len(pkg) - node.level + 1]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("catan_tutor"):
            base = ()
        else:
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            out += [(node.lineno, n) for n in names if n.startswith("catan_tutor.")]
            continue
        target = (*base, *(node.module or "").split(".")) if node.module else base
        for alias in node.names:
            out.append((node.lineno, ".".join((*target, alias.name))))
    found = []
    for line, dotted in out:
        parts = dotted.split(".")[1:]  # without "catan_tutor"
        while parts:  # the longest prefix that is a module or package
            where = package.joinpath(*parts)
            if where.with_suffix(".py").is_file():
                found.append((line, "/".join(parts) + ".py"))
                break
            if (where / "__init__.py").is_file():
                found.append((line, "/".join(parts) + "/__init__.py"))
                break
            parts.pop()
        else:
            found.append((line, "__init__.py"))
    return found


def upward_imports(package: Path = PACKAGE) -> list[str]:
    bad = []
    for path in sorted(package.rglob("*.py")):
        rel = path.relative_to(package).as_posix()
        mine = LAYERS.index(layer_of(rel))
        for line, target in sorted(set(_imported(path, package))):
            theirs = layer_of(target)
            if LAYERS.index(theirs) > mine:
                bad.append(
                    f"catan_tutor/{rel}:{line} ({layer_of(rel)}) imports {target} ({theirs})"
                )
    return bad


def test_no_import_runs_up_a_layer():
    bad = upward_imports()
    assert not bad, "a layer imports only from itself and the layers beneath:\n" + "\n".join(bad)


@pytest.mark.parametrize(
    "rel, layer",
    [
        ("board.py", "core"), ("state.py", "core"), ("rulebook/__init__.py", "core"),
        ("variants/ck_state.py", "core"), ("variants/two_player_actions.py", "core"),
        ("variants/capabilities.py", "core"), ("variants/ck.py", "variants"),
        ("variants/records.py", "variants"), ("rules/knights.py", "rules"),
        ("position/codec.py", "position"), ("position/__init__.py", "position"),
        ("words/narrate.py", "words"), ("game.py", "game"), ("__init__.py", "game"),
        ("study/timeline.py", "study"), ("players.py", "analysis"),
        ("widgets/tutor.py", "widgets"), ("server/serve.py", "server"), ("cli.py", "cli"),
    ],
)  # fmt: skip
def test_each_module_has_its_layer(rel, layer):
    assert (PACKAGE / rel).is_file() and layer_of(rel) == layer


def test_an_import_up_a_layer_is_caught(tmp_path):
    """The scan reads every form of import: relative, absolute, ``from . import x``, lazy."""
    pkg = tmp_path / "catan_tutor"
    for rel in ("__init__.py", "state.py", "rules/__init__.py", "rules/common.py",
                "study/__init__.py", "study/timeline.py", "widgets/__init__.py"):  # fmt: skip
        (pkg / rel).parent.mkdir(parents=True, exist_ok=True)
        (pkg / rel).write_text("")
    (pkg / "state.py").write_text("def f():\n    from .rules import common\n")
    (pkg / "rules" / "common.py").write_text(
        "from ..study.timeline import Timeline\nimport catan_tutor.widgets\nfrom .. import state\n"
    )
    (pkg / "study" / "timeline.py").write_text("from catan_tutor import new_game\n")
    assert upward_imports(pkg) == [
        "catan_tutor/rules/common.py:1 (rules) imports study/timeline.py (study)",
        "catan_tutor/rules/common.py:2 (rules) imports widgets/__init__.py (widgets)",
        "catan_tutor/state.py:2 (core) imports rules/common.py (rules)",
    ]
