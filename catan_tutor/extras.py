"""State fields a variant declares: one shared ``Extras`` record, copied on the first write.

A variant's fields are properties of a mixin class in its ``variants/<variant>_state.py``
(``State`` inherits them), made with :func:`extra` or :func:`extra_per_party`, which also
register the field's starting value here. ``Extras(m)`` holds every registered field, so a
snapshot of ``State`` shares one record whatever the variant (see ``State.copy``).
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, overload

T = TypeVar("T")

# name -> (starting value, per party): the starting value, or its per-party item
_FIELDS: dict[str, tuple[Any, bool]] = {}
_STARTS: dict[int, dict[str, Any]] = {}  # parties -> every field's starting value


class Field(Protocol[T]):
    """What a type checker sees of an extra field's property on ``State``."""

    @overload
    def __get__(self, s: None, owner: type | None = None) -> Field[T]: ...
    @overload
    def __get__(self, s: HasExtras, owner: type | None = None) -> T: ...
    def __set__(self, s: HasExtras, value: T) -> None: ...


class HasExtras(Protocol):
    """A ``State`` as the extra fields' properties see it."""

    extras: Extras
    own_extras: bool


def _register(name: str, start: object, per_party: bool) -> Any:
    if name in _FIELDS:
        raise ValueError(f"two variants declare the state field {name!r}")
    _FIELDS[name] = (start, per_party)
    _STARTS.clear()

    def put(s: HasExtras, value: object) -> None:
        if not s.own_extras:
            s.extras = s.extras.copy()
            s.own_extras = True
        s.extras.__dict__[name] = value

    return property(attrgetter(f"extras.{name}"), put, doc=f"``Extras.{name}``")  # read in C


def extra(name: str, start: T) -> Field[T]:
    """The property of the extra field ``name`` (its attribute name), starting as ``start``."""
    return _register(name, start, False)


def extra_per_party(name: str, start: T) -> Field[tuple[T, ...]]:
    """The property of an extra field holding one item per party, each starting as ``start``."""
    return _register(name, start, True)


def extra_fields() -> tuple[str, ...]:
    """The names of every declared extra field, in declaration order."""
    return tuple(_FIELDS)


class Extras:
    """The declared extra fields of a game (see the module's docstring)."""

    def __init__(self, m: int):
        starts = _STARTS.get(m)
        if starts is None:
            starts = _STARTS[m] = {
                name: (start,) * m if per_party else start
                for name, (start, per_party) in _FIELDS.items()
            }
        self.__dict__ = starts.copy()

    if TYPE_CHECKING:  # the fields are declared by the variants; a real __getattr__ slows reads

        def __getattr__(self, name: str) -> Any: ...

    def copy(self) -> Extras:
        e = Extras.__new__(Extras)
        e.__dict__ = self.__dict__.copy()
        return e
