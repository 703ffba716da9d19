"""What a step of lesson 1.3 (the board laid out hex by hex) costs the kernel: each step
paints the land again (a hex or harbor laid, or taken back), on top of the pieces and the
panels every step writes.

    python benchmarks/board_layout_steps.py [--rounds 3]

Prints, over the lesson's steps while the board is laid out (forward, then back), the median
and the largest time per step (``TutorSession.step`` with the page's widgets listening:
scene, canvas commands, panels), the part of it the land's layer takes
(``ScenePainter.draw_static``), and the canvas commands each step sends (count and bytes,
as ipycanvas's manager sends them to the page). No threshold: figures to compare.
"""

from __future__ import annotations

import argparse
import statistics
import time

from ipycanvas import canvas as ipycanvas_canvas

from catan_tutor.state import BOARD
from catan_tutor.widgets.app import App
from catan_tutor.widgets.board_paint import ScenePainter

LESSON = "base_variable_board"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=3, help="walks over the lesson's steps")
    args = ap.parse_args()

    tutor = App(start=LESSON, query="").tutor
    session = tutor.session
    manager = ipycanvas_canvas._CANVAS_MANAGER
    sent = {"messages": 0, "bytes": 0}
    real_send = manager.send

    def counted(content, buffers=None):
        sent["messages"] += 1
        sent["bytes"] += sum(len(memoryview(b).cast("B")) for b in buffers or ())
        return real_send(content, buffers=buffers)

    manager.send = counted
    land = {"s": 0.0}

    def timed(real):
        def run(*a, **k):
            t0 = time.perf_counter()
            try:
                return real(*a, **k)
            finally:
                land["s"] += time.perf_counter() - t0

        return run

    ScenePainter.draw_static = timed(ScenePainter.draw_static)  # type: ignore[method-assign]
    try:  # the hexes a step laid, alone (land_steps.py; before it: the whole land each step)
        from catan_tutor.widgets import land_steps

        land_steps.draw_hexes = timed(land_steps.draw_hexes)
    except ImportError:
        pass

    walked: dict[str, list[tuple[float, float, int]]] = {"forward": [], "back": []}
    for _ in range(args.rounds):
        session.goto(session.timeline.root)
        for where in ("forward", "back"):
            while True:
                node = session.node
                if where == "forward" and (node.state.phase != BOARD or not node.children):
                    break
                if where == "back" and node.parent is None:
                    break
                land["s"], sent["bytes"] = 0.0, 0
                t0 = time.perf_counter()
                if where == "forward":
                    session.step(where)
                else:  # (◀ steps over the laying out to the start: one node at a time)
                    session.goto(node.parent)
                walked[where].append((time.perf_counter() - t0, land["s"], sent["bytes"]))
    print(f"lesson {LESSON}, the steps while the board is laid out ({args.rounds} rounds):")
    for where, rows in walked.items():
        ms = [1000 * r[0] for r in rows]
        land_ms = [1000 * r[1] for r in rows]
        kib = [r[2] / 1024 for r in rows]
        print(
            f"  {where:7} {len(rows):3} steps: median {statistics.median(ms):.1f} ms "
            f"(max {max(ms):.1f}), land layer median {statistics.median(land_ms):.2f} ms, "
            f"canvas commands median {statistics.median(kib):.1f} KiB (max {max(kib):.1f})"
        )


if __name__ == "__main__":
    main()
