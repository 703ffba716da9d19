"""A refused tap's reason said once, where the learner is looking: the why-not line by the
board (a narrow board's: phone, tablet).

l35 at 1.1 on a tablet tapped K5 and read "The setup road must touch the settlement just placed
on N6; K5 does not." three times: in the why-not line, in What to notice ("P1 may not build a
road on K5: the setup road must…") and in Try a move's verdict ("P1 can't build a road on K5:
the setup road must…"). While the why-not line says it, the other two name the move refused
and point to that line instead of repeating its sentence.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any, Protocol

from . import markup


class _Shown(Protocol):
    """What the ring reads: the board's view, the Play tab's controls, the lesson's text (a
    Tutor's; no panel holds the Tutor itself)."""

    view: Any
    controls: Any
    lesson: Any


Spot = tuple[str, int]
BY_THE_BOARD = " (the line by the board says why)"


def without_reason(value: str, reason: str) -> str:
    """``value`` (a widget's HTML) with ``reason`` (a sentence) cut where it follows a move
    (": the setup road must…"), a pointer to the why-not line in its place."""
    body = reason.strip().rstrip(".")
    if not body:
        return value
    for said in (body, body[0].lower() + body[1:]):
        for form in dict.fromkeys((markup.text(said), html.escape(said), said)):
            value = value.replace(f": {form}", BY_THE_BOARD)
    return value


def ring_once(t: _Shown) -> Callable[[Spot | None, str], None]:
    """The Play tab's ring for ``t``: the red ring on the refused spot with its short reason
    (``BoardView.mark_refused``), that reason then cut from Try a move's verdict and What to
    notice while a narrow board's why-not line shows it."""

    def ring(spot: Spot | None, reason: str) -> None:
        t.view.mark_refused(spot, reason)
        if spot is None or not reason or not t.view.narrow:
            return
        for w in (t.controls.try_verdict, t.lesson):
            if (cut := without_reason(w.value, reason)) != w.value:
                w.value = cut

    return ring


def ring_gone_off(view: Any, tabs: tuple[str, ...]) -> Callable[[dict], None]:
    """The tabs' observer: another tab than Play opened, the board's why-not ring and banner
    go, with the Play tab's verdict out of sight (s33: the banner stayed over the board long
    after the refused tap; the verdict stays in its tab)."""

    def gone(change: dict) -> None:
        if change["new"] is not None and tabs[change["new"]] != "Play":
            view.mark_refused(None)

    return gone
