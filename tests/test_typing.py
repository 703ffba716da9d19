"""The state's typed declarations hold at run time (issue 17: named records, declared fields).

mypy itself runs in CI from scripts/test.sh (``[tool.mypy]`` in pyproject.toml); these tests
check what a type checker cannot: every ``Extras`` field is reachable through a declared
``State`` property, and every writer stores the named records (``ck_state.Knight`` and the
pending records), not bare tuples, so reads by field name never meet a plain tuple.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from catan_tutor import Game, new_game
from catan_tutor.extras import extra
from catan_tutor.sampler import choose
from catan_tutor.state import EXTRA_FIELDS, Extras, PendingOffer, State
from catan_tutor.variants import PREVIEW
from catan_tutor.variants.ck_state import (
    DisplacedKnight,
    DueDraw,
    HarborTrade,
    Knight,
    ProgressDeck,
    RemovedKnight,
)
from catan_tutor.variants.dummy_state import BidTerms, DummyFields, Tiebreak
from catan_tutor.variants.two_player_state import NeutralDue, TwoPlayerFields

CORPUS = Path(__file__).resolve().parent / "data" / "positions" / "corpus.txt"
# field -> the record a non-empty value must be
PENDING = {
    "neutral_due": NeutralDue,
    "tiebreak": Tiebreak,
    "relocate": DisplacedKnight,
    "treason": RemovedKnight,
    "harbor": HarborTrade,
}


def record_problems(s: State) -> list[str]:
    """Fields of ``s`` holding a bare tuple where a named record belongs."""
    bad = [f"kn[{v}]={k!r}" for v, k in enumerate(s.kn) if k is not None and type(k) is not Knight]
    if s.offer is not None and type(s.offer) is not PendingOffer:
        bad.append(f"offer={s.offer!r}")
    for name, record in PENDING.items():
        value = getattr(s, name)
        if value and type(value) is not record:
            bad.append(f"{name}={value!r}")
    bad += [f"bids={b!r}" for b in s.bids if b and type(b) is not BidTerms]
    bad += [f"draws={d!r}" for d in s.draws if type(d) is not DueDraw]
    bad += [f"pdecks={d!r}" for d in s.pdecks if type(d) is not ProgressDeck]
    return bad


def test_every_extras_field_is_a_declared_state_property_of_its_own_name():
    """Each ``Extras`` field has a declared ``State`` property that reads and writes that
    very field (and no other); no property of ``State`` reads an ``Extras`` field that is
    not there."""
    s = new_game("ck-2p", players=2, seed=1).state.copy()
    declared = {k: v for part in State.__mro__[::-1] for k, v in vars(part).items()}
    annotated = {k for part in State.__mro__ for k in getattr(part, "__annotations__", {})}
    for name in EXTRA_FIELDS:
        assert isinstance(declared[name], property), name
        assert name in annotated, name  # what mypy reads
        others = {k: v for k, v in vars(s.extras).items() if k != name}
        marker = object()
        setattr(s, name, marker)
        assert vars(s.extras)[name] is marker and getattr(s, name) is marker, name
        assert {k: v for k, v in vars(s.extras).items() if k != name} == others, name
    through_extras = {
        k
        for k, v in declared.items()
        if isinstance(v, property) and (v.__doc__ or "").startswith("``Extras.")
    }
    assert through_extras == set(EXTRA_FIELDS)
    assert set(vars(Extras(2))) == set(EXTRA_FIELDS)  # the same fields for any seat count


def test_each_variant_declares_its_own_fields_once():
    """A variant's fields are properties of its own ``<variant>_state`` mixin, not of
    ``State``'s own body; a second declaration of a field's name is refused."""
    assert {"bids", "tiebreak"} <= set(vars(DummyFields)) and "bids" not in vars(State)
    assert {"tokens", "neutral_due"} <= set(vars(TwoPlayerFields))
    assert DummyFields.__slots__ == () and "bids" not in State.__slots__
    with pytest.raises(ValueError, match="two variants declare the state field 'bids'"):
        extra("bids", ())
    assert Extras(3).tokens == (0, 0, 0) and Extras(3).bids == ()  # per party, or one value


def test_extras_are_copied_on_the_first_write_only():
    s = new_game("ck", players=4, seed=1).state
    t = s.copy()
    assert t.extras is s.extras
    t.barb = 3
    assert t.extras is not s.extras and (s.barb, t.barb) == (0, 3)


def test_a_knight_record_still_reads_as_a_tuple():
    k = Knight(1, 2, True, False, True)
    assert k == (1, 2, True, False, True) and k[1] == k.level == 2
    assert hash(k) == hash((1, 2, True, False, True))


def test_every_corpus_position_reads_into_named_records():
    rows = [line.split("\t") for line in CORPUS.read_text("utf-8").splitlines()]
    seen = set()
    for name, text in rows:
        s = Game.from_position(text).state
        assert record_problems(s) == [], name
        seen.update(n for n in (*PENDING, "kn", "offer") if getattr(s, n))
    assert {"kn", "relocate", "treason", "tiebreak", "neutral_due"} <= seen  # really exercised


@pytest.mark.parametrize(
    "variant,players", [("base", 4), ("base-2p", 2), ("base-dummy", 2), ("ck", 4), ("ck-2p", 2)]
)
def test_the_rules_write_named_records_all_game_long(variant, players):
    g = new_game(variant, players=players, seed=7, board="variable", preview=variant in PREVIEW)
    rng = random.Random(7)
    for _ in range(1500):
        if g.is_over():
            break
        g.play(choose(rng, g.rules, g.state, greedy=False, offers=True))
        assert record_problems(g.state) == [], (variant, len(g.history), str(g.history[-1]))
    assert len(g.history) >= 200


def test_the_kinds_module_annotates_every_parameter():
    """mypy reads an unannotated parameter as Any: ``kinds._of(rules, …)`` took the rules of
    any variant untyped, so a typo in ``rules.phases`` or ``rules.kinds`` went unchecked."""
    import inspect

    from catan_tutor.widgets import kinds

    bare = [
        f"{name}({p})"
        for name, fn in vars(kinds).items()
        if inspect.isfunction(fn) and fn.__module__ == kinds.__name__
        for p, param in inspect.signature(fn).parameters.items()
        if param.annotation is inspect.Parameter.empty
    ]
    assert bare == []
