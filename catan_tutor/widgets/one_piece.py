"""The page changes in one piece (l28 at 1.4, puzzle 2: for a second or two after a right
answer the page showed "Solved. Press ▶" beside the old "✕ Not the answer", a stale "Several
moves here…" line and the old puzzle count, the views' updates reaching the page one by one
while the kernel drew the rest). Inside ``in_one_piece`` every widget message of this thread
waits, and all go to the page together when it ends, in the order they were made: the
session's events are shown so (``TutorSession.in_one_piece``, set by the tutor)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ipywidgets import Widget

_SEND = Widget._send  # ipywidgets' own: every state update and custom message goes through it
_held = threading.local()  # this thread's messages waiting (``queue``), while held


def _send_or_hold(self: Widget, msg: Any, buffers: Any = None) -> None:
    queue = getattr(_held, "queue", None)
    if queue is None:
        _SEND(self, msg, buffers)
    else:
        queue.append((self, msg, buffers))


@contextmanager
def in_one_piece() -> Iterator[None]:
    """Hold this thread's widget messages till the end, then send them all (nested: the
    outermost sends)."""
    if getattr(_held, "queue", None) is not None:
        yield
        return
    if Widget._send is not _send_or_hold:
        Widget._send = _send_or_hold
    queue: list[tuple[Widget, Any, Any]] = []
    _held.queue = queue
    try:
        yield
    finally:
        _held.queue = None
        for widget, msg, buffers in queue:
            _SEND(widget, msg, buffers)
