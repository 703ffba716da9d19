"""The page changes in one piece (l28 at 1.4, puzzle 2: for a second or two after a right
answer the page showed "Solved. Press ▶" beside the old "✕ Not the answer", a stale "Several
moves here…" line and the old puzzle count, the views' updates reaching the page one by one
while the kernel drew the rest). Inside ``in_one_piece`` every widget message of this thread
waits, and all go to the page together when it ends, in the order they were made: the
session's events are shown so (``TutorSession.in_one_piece``, set by the tutor).

The board's canvas commands of one piece go as one message too (``guarded_hold`` inside it
holds nothing of its own), where the last drawing of the piece ended. The page composes the
board's four layers again for every canvas message it gets: a step of lesson 1.3 sent ~20
(each hex laid drawn command by command), each composing the whole board in the browser
(benchmarks/step_messages.py)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import Any

from ipycanvas import hold_canvas
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
def guarded_hold() -> Iterator[None]:
    """``hold_canvas()`` that still flushes what was drawn when the block raises (ipycanvas
    drops the batch otherwise, leaving later draws queued behind it). Inside ``in_one_piece``
    it holds nothing itself: the piece's one hold sends every layer's commands at its end,
    at the place in the piece's messages where this block ends."""
    queue = getattr(_held, "queue", None)
    if queue is not None and getattr(_held, "canvas", False):
        try:
            yield
        finally:
            _held.drawn_at = len(queue)
        return
    hold = hold_canvas()
    hold.__enter__()
    try:
        yield
    finally:
        hold.__exit__(None, None, None)


@contextmanager
def in_one_piece(merge: bool = True) -> Iterator[None]:
    """Hold this thread's widget messages till the end, then send them all (nested: the
    outermost sends); the canvas commands among them as one message and each widget's
    updates as one (``merged``; ``merge=False``: a message per drawing and per update, as
    before; benchmarks/step_messages.py compares the two)."""
    if getattr(_held, "queue", None) is not None:
        yield
        return
    if Widget._send is not _send_or_hold:
        Widget._send = _send_or_hold
    queue: list[tuple[Widget, Any, Any]] = []
    _held.queue, _held.canvas, _held.drawn_at = queue, merge, None
    hold: AbstractContextManager[object] = hold_canvas() if merge else nullcontext()
    hold.__enter__()
    try:
        yield
    finally:
        _held.canvas = False
        before = len(queue)
        try:
            hold.__exit__(None, None, None)  # the canvas commands: one message, queued last
        finally:
            _held.queue = None
            at = _held.drawn_at
            if at is not None and before > at:  # ... moved to where the drawing ended
                queue[at:] = queue[before:] + queue[at:before]
            for widget, msg, buffers in merged(queue) if merge else queue:
                _SEND(widget, msg, buffers)


def _plain_update(msg: Any, buffers: Any) -> bool:
    """A state update carrying no binary buffers (what ``merged`` may merge)."""
    return (
        isinstance(msg, dict)
        and msg.get("method") == "update"
        and not msg.get("buffer_paths")
        and not buffers
    )


def merged(queue: list[tuple[Widget, Any, Any]]) -> list[tuple[Widget, Any, Any]]:
    """The messages of ``queue`` with each widget's state updates merged into one, at the
    place of its last (as ipywidgets' ``hold_sync`` would): a step set a form's box empty,
    then to the new form, and the page rendered both (~29 messages a step of lesson 1.1,
    ~20 merged); the other messages as they were, in their order."""
    last = {id(w): i for i, (w, msg, buffers) in enumerate(queue) if _plain_update(msg, buffers)}
    states: dict[int, dict[str, Any]] = {}
    out = []
    for i, (w, msg, buffers) in enumerate(queue):
        if not _plain_update(msg, buffers):
            out.append((w, msg, buffers))
            continue
        state = states.setdefault(id(w), {})
        state.update(msg["state"])
        if last[id(w)] == i:
            out.append((w, {**msg, "state": state}, buffers))
    return out
