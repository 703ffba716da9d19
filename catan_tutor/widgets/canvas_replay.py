"""A layer drawn again from the commands it sent before: the board's land (layer 0) is the same
for every step of a lesson and for every lesson on the same board, and drawing it (a few
hundred attribute sets, each validated by traitlets) was ~19 % of a tutor's build and of
each page's first paint (s31). ``drawn_once`` sends the page the very commands, buffers and
order of the first draw for the same key, and leaves the canvas's attributes as it did."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable

from ipycanvas import Canvas

KEPT = 16  # the drawings kept (a board at a size: a phone's, a desktop's, a tablet's...)
Sent = list[tuple[list, list]]  # each command sent (ipycanvas's form) with its buffers
_kept: OrderedDict[Hashable, tuple[Sent, dict[str, object]]] = OrderedDict()


def drawn_once(c: Canvas, key: Hashable, draw: Callable[[], None]) -> None:
    """``draw()`` (which draws on ``c`` only, from nothing but ``key``: it starts with a
    clear), or the commands it sent to the page the last time for ``key`` sent again to
    ``c``, its attributes (``fill_style``...) then as ``draw`` left them. A canvas with a
    method replaced on it (a test's spy) is always drawn on."""
    if type(c) is not Canvas or _spied(c) or "send_command" in vars(c._canvas_manager):
        draw()  # (a stand-in for a canvas, or one a test watches)
        return
    manager = c._canvas_manager
    kept = _kept.get(key)
    if kept is not None:
        _kept.move_to_end(key)
        sent, attrs = kept
        for command, buffers in sent:
            manager.send_command(c, command, buffers)
        for name, value in attrs.items():
            if getattr(c, name) != value:
                c.set_trait(name, value)  # (as draw left it; no command: the page has it)
        return
    sent = []
    others = False
    send = manager.send_command

    def record(canvas: Canvas, command: list, buffers: list | None = None) -> None:
        nonlocal others
        if canvas is c:
            sent.append((command, list(buffers or ())))
        else:
            others = True
        send(canvas, command, buffers or [])

    manager.send_command = record
    try:
        draw()
    finally:
        del manager.send_command  # (the class's again)
    if not others:
        _kept[key] = (sent, {name: getattr(c, name) for name in Canvas.ATTRS})
        while len(_kept) > KEPT:
            _kept.popitem(last=False)


def _spied(c: Canvas) -> bool:
    """A method of the canvas replaced on it (``monkeypatch.setattr(canvas, "fill_polygon",
    spy)``): what it draws must go through it."""
    return any(callable(v) and hasattr(Canvas, k) for k, v in vars(c).items())
