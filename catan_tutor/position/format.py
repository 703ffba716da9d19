"""The grammar of position text, shared by every variant's fields: ``catan VARIANT`` then
``key=value`` words; lists are ``,``-separated, per-party lists ``/``-separated, ``-`` is empty
or none. A variant's fields come in ``FieldGroup`` records (``position/fields_*.py``), each with
its text codec; ``position/codec.py`` drives them."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..actions import seat
from ..board import LabelError
from ..errors import PositionError, ascii_count, quote
from ..state import State
from ..variants.capabilities import Capabilities


def _nothing(F: FieldReader, s: State) -> None:
    """A hook a field group does not need."""


@dataclass(frozen=True)
class FieldGroup:
    """Fields a variant with ``applies(caps)`` adds to the text, in the order of ``keys``.

    ``write(s)`` gives each key's text; ``read(F, s)`` sets the state from them, refusing
    what is no valid text; ``finish`` sets what is stored besides. Whether the state read
    keeps the rules is checked apart from the text (``validity.validate``)."""

    name: str
    keys: tuple[str, ...]
    applies: Callable[[Capabilities], bool]
    write: Callable[[State], dict[str, str]]
    read: Callable[[FieldReader, State], None]
    finish: Callable[[FieldReader, State], None] = _nothing


class FieldReader:
    """The fields of one position text; any bad value becomes a PositionError naming its field.

    ``rules`` is the variant's rules, ``keys`` the fields it must have (each exactly once)."""

    def __init__(self, words: list[str], variant: str, rules, keys: tuple[str, ...]):
        self.variant, self.rules = variant, rules
        self.f: dict[str, str] = {}
        for w in words:
            k, eq, v = w.partition("=")
            if not eq:
                raise PositionError(f"position text: {quote(w)} is not a key=value field")
            if k not in keys:
                raise PositionError(f"position text: unknown field {quote(k)} for {variant}")
            if k in self.f:
                raise PositionError(f"position text: field {quote(k)} appears twice")
            self.f[k] = v
        missing = [k for k in keys if k not in self.f]
        if missing:
            raise PositionError(f"position text: missing field(s) {', '.join(missing)}")
        self.n = 0
        self.parties: tuple[str, ...] = ()

    def bad(self, key: str, why: str) -> PositionError:
        return PositionError(f"position text: field {key}={quote(self.f[key])}: {why}")

    def get(self, key: str, fn):
        try:
            return fn(self.f[key])
        except PositionError:
            raise
        except (ValueError, IndexError, LabelError) as e:
            raise self.bad(key, str(e)) from None

    def number(self, key: str, lo: int = 0, hi: int = 10**6) -> int:
        x = self.get(key, ascii_count)
        if not lo <= x <= hi:
            raise self.bad(key, f"must be between {lo} and {hi}")
        return x

    def flag(self, key: str) -> bool:
        """A 0/1 field."""
        return self.number(key, 0, 1) == 1

    def ints(self, key: str, length: int | None) -> list[int]:
        v = self.f[key]
        xs = [] if v == "-" else self.get(key, lambda t: [ascii_count(x) for x in t.split(",")])
        if length is not None and len(xs) != length:
            raise self.bad(key, f"expected {length} numbers")
        if any(x < 0 for x in xs):
            raise self.bad(key, "negative count")
        return xs

    def seat(
        self, key: str, text: str | None = None, allow_none: bool = True, players_only: bool = False
    ) -> int:
        """A party named in the field: P1.., or N1, N2, D where the variant has them."""
        t = self.f[key] if text is None else text
        if t == "-" and allow_none:
            return -1
        names = self.parties[: self.n] if players_only else self.parties
        if t in names:
            return names.index(t)
        raise self.bad(key, f"{t!r} is not one of {', '.join(names)}")

    def seats(self, key: str) -> tuple[int, ...]:
        """A ``,``-list of parties (``-``: none)."""
        v = self.f[key]
        return () if v == "-" else tuple(self.seat(key, x, allow_none=False) for x in v.split(","))

    def names(self, key: str, names, text: str | None = None) -> list[int]:
        t = self.f[key] if text is None else text
        if t == "-":
            return []
        out = []
        for x in t.split(","):
            if x not in names:
                raise self.bad(key, f"{x!r} is not one of {', '.join(names)}")
            out.append(names.index(x))
        return out

    def per_seat(self, key: str) -> list[str]:
        parts = self.f[key].split("/")
        if len(parts) != len(self.parties):
            raise self.bad(
                key,
                f"expected {len(self.parties)} lists separated by '/' ({', '.join(self.parties)})",
            )
        return parts

    def counts(self, key: str, part: str, n: int = 5) -> list[int]:
        """``n`` counts like ``1,0,2,0,0`` from a part of the field."""
        try:
            xs = [ascii_count(x) for x in part.split(",")]
        except ValueError:
            raise self.bad(key, f"{part!r} is not {n} counts") from None
        if len(xs) != n or min(xs) < 0:
            raise self.bad(key, f"{part!r} is not {n} counts")
        return xs

    def places(self, key: str, part: str, parse) -> list[int]:
        """Board labels read by ``parse`` from a part of the field (``-``: none)."""
        if part == "-":
            return []
        try:
            return [parse(x) for x in part.split(",")]
        except LabelError as e:
            raise self.bad(key, str(e)) from None


# ---------------------------------------------------------------- writing values
def ints_text(xs) -> str:
    return ",".join(map(str, xs)) or "-"


def labels_text(xs, names) -> str:
    return ",".join(names[x] for x in xs) or "-"


def seat_or_dash(p: int) -> str:
    return seat(p) if p >= 0 else "-"


def name_or_dash(s: State, p: int) -> str:
    return s.names[p] if p >= 0 else "-"
