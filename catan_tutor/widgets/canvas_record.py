"""A drawing kept and drawn again: the board's static layer is the same for every tutor on the
same board at the same size (a server draws it for each learner of a lesson), but working it
out (harbor tabs kept off the letters, glyph spots, tokens) took ~40 % of drawing it.

``Recorder`` stands in for a canvas while a layer is drawn: it keeps each call and style set,
in order; ``replay`` draws them on a canvas through its own methods (a test watching one of
them sees them all). A style set to the value the same drawing set it to last is left out:
within one drawing, sent in order, the canvas's state has it already (its first set of each
style is always kept: a canvas that connects later starts from the defaults)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from ipycanvas import Canvas

Op = tuple[str, tuple[Any, ...], dict[str, Any] | None]  # a call, or a style set (None)
KEPT = 32  # drawings kept (boards at sizes: a few per lesson, a page, a phone)
T = TypeVar("T")


class Recorder:
    """Stands in for ``canvas`` in a drawing: each call and style set kept in ``ops``; any
    other attribute (its size) read from the canvas."""

    def __init__(self, canvas: Canvas) -> None:
        object.__setattr__(self, "canvas", canvas)
        object.__setattr__(self, "ops", [])
        object.__setattr__(self, "styles", {})

    def __setattr__(self, name: str, value: Any) -> None:
        if self.styles.get(name, _NONE) != value:  # (the same again changes nothing)
            self.styles[name] = value
            self.ops.append((name, (value,), None))

    def __getattr__(self, name: str) -> Any:
        if name in self.styles:  # (a style this drawing set: as set)
            return self.styles[name]
        value = getattr(self.canvas, name)
        if not callable(value):
            return value

        def call(*args: Any, **kwargs: Any) -> None:
            self.ops.append((name, args, kwargs))

        return call


_NONE = object()


def replay(canvas: Canvas, ops: list[Op]) -> None:
    """Draw ``ops`` (a ``Recorder``'s) on ``canvas``."""
    for name, args, kwargs in ops:
        if kwargs is None:
            setattr(canvas, name, args[0])
        else:
            getattr(canvas, name)(*args, **kwargs)


class Drawings:
    """The last ``KEPT`` drawings, by what they are drawn from (``key``), each with what its
    drawing returned."""

    def __init__(self) -> None:
        self.kept: OrderedDict[Hashable, tuple[list[Op], Any]] = OrderedDict()

    def draw(self, canvas: Canvas, key: Hashable, drawing: Callable[[Any], T]) -> T:
        """``drawing(canvas)`` drawn on ``canvas``, and what it returned: worked out once for
        ``key``, then drawn again from what it drew (the same result returned)."""
        kept = self.kept.get(key)
        if kept is None:
            rec = Recorder(canvas)
            kept = self.kept[key] = (rec.ops, drawing(rec))
            if len(self.kept) > KEPT:
                self.kept.popitem(last=False)
        else:
            self.kept.move_to_end(key)
        replay(canvas, kept[0])
        return kept[1]
