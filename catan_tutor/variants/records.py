"""The records a variant is declared with: one per kind of action, one per phase.

A variant's ``kinds`` and ``phases`` are :class:`Table` s of these records. A variant derives
its tables from its parent's explicitly (:meth:`Table.replace`, :meth:`Table.add`,
:meth:`Table.remove`); a variant with two parents (``ck-2p``) merges theirs with
:func:`compose`, which refuses to pick a winner silently where both parents changed a record.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from ..rules import common

if TYPE_CHECKING:
    from ..actions import Action
    from ..rules.common import Reason
    from ..state import State

Check = Callable[["State", Any], "Reason | None"]
Apply = Callable[["State", Any], None]


@dataclass(frozen=True, slots=True)
class Kind:
    """One kind of action of a variant.

    ``rule``: the rule that makes a legal action of this kind legal (``explain``); a chance
    outcome is explained by its phase's rule instead. ``check``: None when the action is legal,
    else the reason; None for a chance outcome (checked against the phase's outcomes).
    ``apply``: what the action does; None for a kind the variant refuses (its check always
    refuses, e.g. development cards in Cities & Knights). ``explain(rules, s, a)``: the reason
    a legal action is legal where its rule depends on the case (a harbor's rate, a progress
    card's own rule), else None for ``rule``.
    """

    action: type
    rule: str
    check: Check | None = None
    apply: Apply | None = None
    explain: Callable[[Any, State, Any], Reason | None] | None = None

    @property
    def key(self) -> type:
        return self.action


def _nobody(s: State) -> list[int]:
    return []


@dataclass(frozen=True, slots=True)
class Phase:
    """One phase of a variant: who acts, what it accepts, what it waits for, and its rule.

    ``rule``: the rule behind the wait or the chance event; ``rule_now(s)`` where it depends on
    the state (which setup round, which roll). ``kinds``: a decision phase's own kinds of action
    (empty: the turn's own moves, checked only for the active player); ``everyone_waits``: the
    other seats are told to wait for the decision (else: it is not their move). ``chance``: the
    phase waits for a chance outcome, drawn from ``outcomes(s)`` (outcome, weight).
    ``actors(s)``: the seats that may act (default: the active one, or every seat owing cards).
    ``options(rules, s, offers)``: a superset of the legal decisions, in a fixed order.
    ``pending(rules, s)``: what is owed, as (seat, text), chance events as seat -1.
    ``count(s, seat)``: how many cards or pieces a seat owes (``Game.pending``), default 1.
    ``guard(s, a)``: a refusal checked before anything else in this phase (a rule of the
    variant that decides ahead of who acts). ``own_check``: its kinds are checked by their own
    check whoever types them (the check names who decides). ``exact``: the checks this phase's
    ``options`` already satisfy by construction; ``legal_actions`` skips them for its options
    (``BaseRules.verify_exact`` re-runs them and compares; the test suite turns it on).
    """

    name: str
    rule: str
    kinds: tuple[type, ...] = ()
    everyone_waits: bool = True
    chance: bool = False
    actors: Callable[[State], list[int]] = common.actors
    options: Callable[[Any, State, bool], list[Action]] | None = None
    pending: Callable[[Any, State], list[tuple[int, str]]] | None = None
    rule_now: Callable[[State], str] | None = None
    outcomes: Callable[[State], list[tuple[Action, int]]] | None = None
    count: Callable[[State, int], int] | None = None
    guard: Check | None = None
    own_check: bool = False
    exact: frozenset[Check] = frozenset()

    @property
    def key(self) -> str:
        return self.name

    def __post_init__(self) -> None:
        if self.chance and self.actors is common.actors:
            object.__setattr__(self, "actors", _nobody)

    def but(self, **changes: Any) -> Phase:
        """This phase with some fields changed (a variant's own version of it)."""
        return replace(self, **changes)


R = TypeVar("R", Kind, Phase)


class Table(Mapping[Any, R], Generic[R]):
    """An immutable, ordered table of records by key (a Kind's action class, a Phase's name)."""

    __slots__ = ("_rows",)
    _rows: dict[Any, R]

    def __init__(self, *records: R) -> None:
        rows: dict[Any, R] = {}
        for r in records:
            if r.key in rows:
                raise ValueError(f"two records for {r.key!r}")
            rows[r.key] = r
        self._rows = rows

    @classmethod
    def _of(cls, rows: dict[Any, R]) -> Table[R]:
        t = cls.__new__(cls)
        t._rows = rows
        return t

    def __getitem__(self, key: Any) -> R:
        return self._rows[key]

    def __iter__(self) -> Iterator[Any]:
        return iter(self._rows)

    def __len__(self) -> int:
        return len(self._rows)

    def __repr__(self) -> str:
        return f"Table({', '.join(map(repr, self._rows))})"

    def replace(self, *records: R) -> Table[R]:
        """This table with the records of the same keys replaced (each key must be here)."""
        rows = dict(self._rows)
        for r in records:
            if r.key not in rows:
                raise ValueError(f"no record for {r.key!r} to replace")
            rows[r.key] = r
        return self._of(rows)

    def add(self, *records: R) -> Table[R]:
        """This table with new records after its own (no key may be here already)."""
        rows = dict(self._rows)
        for r in records:
            if r.key in rows:
                raise ValueError(f"{r.key!r} is already in the table: replace it")
            rows[r.key] = r
        return self._of(rows)

    def remove(self, *keys: Any) -> Table[R]:
        rows = dict(self._rows)
        for k in keys:
            del rows[k]
        return self._of(rows)


def compose(
    common_parent: Table[R],
    first: Table[R],
    second: Table[R],
    *,
    own: tuple[R, ...] = (),
    first_wins: tuple[Any, ...] = (),
    second_wins: tuple[Any, ...] = (),
) -> Table[R]:
    """The table of a variant with two parents that share ``common_parent``.

    A record only one parent changed (or added) is that parent's; a record both changed must be
    settled explicitly: the variant's ``own`` record, or ``first_wins`` / ``second_wins`` naming
    the parent whose record stands. ``own`` may also add records of the variant's own. Order:
    ``first``'s records, then those only ``second`` has, then new ``own`` ones.
    """
    settled = {r.key for r in own} | set(first_wins) | set(second_wins)
    rows: dict[Any, R] = {}
    clashes = []
    for key in (*first, *(k for k in second if k not in first)):
        a, b, base = first.get(key), second.get(key), common_parent.get(key)
        if a is None and base is not None and b is base:
            continue  # the first parent removed it, the second kept it as it was
        if b is None or b is base or b is a:
            rows[key] = a if a is not None else b  # type: ignore[assignment]
        elif a is None or a is base:
            rows[key] = b
        elif key in second_wins:
            rows[key] = b
        elif key in first_wins:
            rows[key] = a
        elif key not in settled:
            clashes.append(key)
        else:
            rows[key] = a  # replaced by an own record below, in the same place
    if clashes:
        raise ValueError(f"both parents change {clashes!r}: say which record stands")
    for r in own:
        rows[r.key] = r
    return Table._of(rows)
