"""What a step of a game played by gestures costs the kernel, and the part of it the Play tab's
form takes: a kind chosen builds an ``ActionForm`` (its lists, the moves list, Play, Explain,
Open in Rules, the verdict line), and every widget model made is also opened over the comm
and drawn anew in the page.

    python benchmarks/form_steps.py [--variant base] [--players 3] [--seed 5]

Plays one whole seeded game through the tutor by gestures, as tests/test_tutor_games.py does
(palette, board clicks, the form, Roll and End turn; tests/gestures.py), and prints its CPU
seconds beside its peer in the same run, the same moves played by the engine alone; the CPU
spent building forms; the widgets created (``ipywidgets.Widget.__init__`` calls), in all,
per step and per form; and the widgets still open at the end. No threshold: figures to
compare.
"""

from __future__ import annotations

import argparse
import sys
import time
import warnings
from pathlib import Path

import ipywidgets as widgets

from catan_tutor import new_game
from catan_tutor.widgets import forms

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from gestures import play_by_gestures  # noqa: E402  (tests/gestures.py)


def _open_widgets() -> int:
    with warnings.catch_warnings():  # ipywidgets 8.1 names it Widget.widgets, deprecated
        warnings.simplefilter("ignore", DeprecationWarning)
        registry = getattr(widgets.Widget, "widgets", None)
    return len(registry if registry is not None else widgets.Widget._active_widgets)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--variant", default="base")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--limit", type=int, default=4000)
    args = ap.parse_args()

    made = {"widgets": 0, "forms": 0, "form_widgets": 0}
    form_cpu = [0.0]
    widget_init, form_init = widgets.Widget.__init__, forms.ActionForm.__init__

    def counted(self, *a, **k):
        made["widgets"] += 1
        widget_init(self, *a, **k)

    def timed(self, *a, **k):
        t0, n0 = time.process_time(), made["widgets"]
        form_init(self, *a, **k)
        form_cpu[0] += time.process_time() - t0
        made["forms"] += 1
        made["form_widgets"] += made["widgets"] - n0

    widgets.Widget.__init__ = counted  # type: ignore[method-assign]
    forms.ActionForm.__init__ = timed  # type: ignore[method-assign]
    open_before = _open_widgets()
    t0 = time.process_time()
    t = play_by_gestures(args.variant, args.players, args.seed, args.limit)
    tutor_cpu = time.process_time() - t0
    widgets.Widget.__init__ = widget_init  # type: ignore[method-assign]
    forms.ActionForm.__init__ = form_init  # type: ignore[method-assign]

    node, moves = t.timeline.current, []  # the line from the root to the end of the game
    while node.parent is not None:
        moves.append(node.action)
        node = node.parent
    moves.reverse()
    t0 = time.process_time()
    g = new_game(args.variant, players=args.players, seed=args.seed)
    for a in moves:
        g.play(a)
        g.legal_actions()  # the tutor asks for them every step: the peer does too
    engine_cpu = time.process_time() - t0
    assert g.is_over() and g.winner == t.game.winner

    steps = len(moves)
    print(
        f"{args.variant} ({args.players} players, seed {args.seed}): {steps} moves, "
        f"{t.game.names[t.game.winner]} wins"
    )
    print(f"{'':34}{'total':>10}{'per step':>11}")
    print(f"{'CPU, by gestures (s, ms)':34}{tutor_cpu:10.2f}{1000 * tutor_cpu / steps:11.2f}")
    print(f"{'CPU, engine alone (s, ms)':34}{engine_cpu:10.2f}{1000 * engine_cpu / steps:11.2f}")
    print(f"{'  ratio gestures / engine':34}{tutor_cpu / engine_cpu:10.1f}")
    print(
        f"{'CPU building forms (s, ms)':34}{form_cpu[0]:10.2f}{1000 * form_cpu[0] / steps:11.2f}"
        f"   ({100 * form_cpu[0] / tutor_cpu:.0f} % of the game's)"
    )
    print(f"{'widgets created':34}{made['widgets']:10d}{made['widgets'] / steps:11.1f}")
    print(f"{'forms built':34}{made['forms']:10d}{made['forms'] / steps:11.2f}")
    per_form = made["form_widgets"] / max(1, made["forms"])
    print(
        f"{'widgets created by forms':34}{made['form_widgets']:10d}"
        f"{made['form_widgets'] / steps:11.1f}   ({per_form:.1f} a form)"
    )
    print(f"{'widgets open at the end':34}{_open_widgets() - open_before:10d}")  # fmt: skip


if __name__ == "__main__":
    main()
