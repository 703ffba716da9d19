"""What a lesson's ▶ sends the page: the widget messages of each step, its canvas messages and
how many times the page composes the board for them, with a step's messages merged
(``one_piece.in_one_piece``: its canvas commands as one message, each widget's updates as
one) beside its peer, the same walk with a message per drawing and per update
(``in_one_piece(merge=False)``, as before), in one run.

    python benchmarks/step_messages.py [--lessons base_variable_board base_setup ...]

The page (ipycanvas's page side) composes the board's four layers on its canvas again for
every canvas that each canvas message draws on (a drawImage of every layer, full size:
1280 x 1320 pixels): in a software-drawn browser that, not the kernel, was most of a step of
lesson 1.3 (~33 canvas messages a step, ~80 ms of drawImage of ~215 ms of Chromium's CPU).
Each widget update the page renders on its own (a form's box set empty, then to the new
form: both rendered). Prints per lesson the median per step of: the kernel's milliseconds
(``TutorSession.step`` with the page's widgets listening), the widget messages, the canvas
messages and the compositions they ask of the page, then the peer's figures over these.
No threshold: figures to compare.
"""

from __future__ import annotations

import argparse
import functools
import json
import statistics
import time

from ipycanvas import canvas as ipycanvas_canvas

from catan_tutor.widgets import one_piece, tutor
from catan_tutor.widgets.app import App

LESSONS = ("base_variable_board", "base_setup", "ck_barbarians_pillage")
SWITCH = ipycanvas_canvas.COMMANDS["switchCanvas"]


def compositions(buffers) -> int:
    """How many times the page composes the board for one canvas message: once for the
    canvas it draws on first, once more for each canvas it switches to (ipycanvas's
    ``CanvasManagerModel.onCommand``)."""
    commands = json.loads(bytes(memoryview(buffers[0]).cast("B")))
    if not commands or not isinstance(commands[0], list):  # one command alone
        commands = [commands]
    switches = sum(1 for c in commands if c[0] == SWITCH)
    return switches + (commands[0][0] != SWITCH)


def walk(lesson: str, batched: bool) -> list[tuple[float, int, int, int]]:
    """(kernel ms, widget messages, canvas messages, compositions) of each ▶ through
    ``lesson`` from its start (``batched``: a step's messages merged)."""
    real_hold = tutor.in_one_piece
    if not batched:  # the peer: a message per drawing and per update, as before
        tutor.in_one_piece = functools.partial(one_piece.in_one_piece, merge=False)
    try:
        session = App(start=lesson, query="").tutor.session
    finally:
        tutor.in_one_piece = real_hold
    manager = ipycanvas_canvas._CANVAS_MANAGER
    counts = {"widget": 0, "canvas": 0, "composed": 0}
    real_send = one_piece._SEND

    def counted(widget, msg, buffers=None):
        if widget is manager:
            counts["canvas"] += 1
            counts["composed"] += compositions(buffers)
        else:
            counts["widget"] += 1
        return real_send(widget, msg, buffers)

    one_piece._SEND = counted  # every message, held or not, goes through it
    rows = []
    try:
        session.goto(session.timeline.root)
        while session.can_step("forward"):
            here = session.node
            counts.update(widget=0, canvas=0, composed=0)
            t0 = time.perf_counter()
            session.step("forward")
            ms = 1000 * (time.perf_counter() - t0)
            rows.append((ms, counts["widget"], counts["canvas"], counts["composed"]))
            if session.node is here:
                break
    finally:
        one_piece._SEND = real_send
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lessons", nargs="+", default=list(LESSONS))
    args = ap.parse_args()
    print(
        f"{'lesson':<24}{'messages':>9}{'steps':>6}{'kernel ms':>10}{'widget msg':>11}"
        f"{'canvas msg':>11}{'composed':>9}   (medians per step)"
    )
    for lesson in args.lessons:
        figures = {}
        for batched in (False, True):
            rows = walk(lesson, batched)
            med = [statistics.median(col) for col in zip(*rows, strict=True)]
            figures[batched] = med
            print(
                f"{lesson:<24}{'merged' if batched else 'before':>9}{len(rows):>6}{med[0]:>10.1f}"
                f"{med[1]:>11.0f}{med[2]:>11.0f}{med[3]:>9.0f}"
            )
        before, after = figures[False], figures[True]
        print(
            f"{'':<24}as before / merged: widget messages {before[1] / after[1]:.1f}x, "
            f"compositions {before[3] / after[3]:.1f}x, kernel ms {before[0] / after[0]:.2f}x"
        )


if __name__ == "__main__":
    main()
