"""The tutor's Odds tab: exact production and barbarian odds of the current position, and a
Monte-Carlo run (seeded playouts with a progress bar and Cancel) from it, all computed by
``catan_tutor.analysis``."""

from __future__ import annotations

import html
import io
import threading
from collections.abc import Callable
from concurrent.futures import Executor

import ipywidgets as widgets
import pandas as pd

from ..analysis import barbarian_arrival, explore, plot_outcomes, production_table
from ..game import Game

_TABLE_CSS = ("<style>.catan-odds table{border-collapse:collapse;font-size:12px}"
              ".catan-odds td,.catan-odds th{padding:1px 5px;line-height:1.3;"
              "border-bottom:1px solid #ddd;text-align:right}</style>")


def _fraction_table(df: pd.DataFrame) -> str:
    """A table of exact fractions shown as decimals (two places), the fraction on hover."""
    body = df.map(lambda x: f"<span title='{x}'>{float(x):.2f}</span>")
    return f"<div style='overflow-x:auto'>{body.to_html(escape=False, border=0)}</div>"


def figure_png(fig) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90, bbox_inches="tight")
    return buf.getvalue()


class OddsPanel:
    """``OddsPanel(game)``: ``game()`` is the position shown; ``refresh()`` recomputes the exact
    tables, ``run()`` starts the playouts in a thread (``wait=True``: in this one)."""

    def __init__(self, game: Callable[[], Game], executor: Callable[[], Executor] | None = None):
        self.game, self.executor = game, executor
        self.exact = widgets.HTML()
        lay = widgets.Layout(width="150px")
        narrow = {"description_width": "64px"}
        self.n = widgets.BoundedIntText(value=200, min=1, max=20_000, description="playouts",
                                        layout=lay, style=narrow)
        self.turns = widgets.BoundedIntText(value=10, min=1, max=200, description="turns",
                                            layout=lay, style=narrow)
        self.policy = widgets.Dropdown(options=("random", "greedy"), value="greedy",
                                       description="policy", layout=lay, style=narrow)
        self.seed = widgets.IntText(value=0, description="seed", layout=lay, style=narrow)
        self.run_button = widgets.Button(description="Run", icon="play", button_style="primary")
        self.run_button.on_click(lambda _: self.run())
        self.cancel_button = widgets.Button(description="Cancel", icon="stop", disabled=True)
        self.cancel_button.on_click(lambda _: self.cancel.set())
        self.bar = widgets.IntProgress(value=0, min=0, max=1, layout=widgets.Layout(width="100%"))
        self.status = widgets.HTML()
        self.result = widgets.HTML()
        self.plot = widgets.Image(format="png", layout=widgets.Layout(max_width="100%"))
        self.cancel = threading.Event()
        self.thread: threading.Thread | None = None
        self.table: pd.DataFrame | None = None
        self.widget = widgets.VBox([
            self.exact, widgets.HTML("<b>Who wins from here?</b> Seeded playouts of the next "
                                     "turns (same seed, same table)"),
            widgets.HBox([self.n, self.turns]), widgets.HBox([self.policy, self.seed]),
            widgets.HBox([self.run_button, self.cancel_button]), self.bar, self.status,
            self.result, self.plot])  # fmt: skip
        self.widget.add_class("catan-odds")

    def refresh(self) -> None:
        """The exact figures of the current position."""
        g = self.game()
        parts = [_TABLE_CSS, "<b>Expected cards per turn</b> (exact, robber included)",
                 _fraction_table(production_table(g, per="turn"))]
        if g.state.kn:
            odds = barbarian_arrival(g, 6, cumulative=True)
            row = pd.DataFrame([odds], index=["attack by then"])
            row.columns = ["this turn" if k == 1 else f"+{k - 1} turns" for k in odds]
            parts += [f"<b>Barbarians</b> (ship on step {g.state.barb} of 7): chance the attack "
                      "has come", _fraction_table(row)]
        self.exact.value = "".join(parts)

    def run(self, wait: bool = False) -> None:
        """Start the playouts from the current position (Cancel stops them)."""
        if self.thread is not None and self.thread.is_alive():
            return
        self.cancel.clear()
        self.bar.max, self.bar.value = self.n.value, 0
        self.run_button.disabled, self.cancel_button.disabled = True, False
        self.status.value = "running…"
        game = self.game().clone()
        self.thread = threading.Thread(target=self._work, args=(game,), daemon=True)
        self.thread.start()
        if wait:
            self.thread.join()

    def _work(self, game: Game) -> None:
        try:
            pool = self.executor() if self.executor else None
            table = explore(game, n=self.n.value, turns=self.turns.value,
                            policy=self.policy.value, seed=self.seed.value, executor=pool,
                            progress=self._progress, cancel=self.cancel)
            self.table = table
            done = table.attrs.get("completed", self.n.value)
            note = " (cancelled: the playouts that finished)" if table.attrs.get("partial") else ""
            self.status.value = f"{done} playouts of {self.turns.value} turns{note}"
            self.result.value = _TABLE_CSS + table.to_html(index=False, border=0,
                                                           float_format=lambda x: f"{x:.2f}")
            self.plot.value = figure_png(plot_outcomes(table))
        except Exception as e:  # shown in the panel: a thread's error is otherwise lost
            self.status.value = f"<span style='color:#b71c1c'>✗ {html.escape(repr(e))}</span>"
        finally:
            self.run_button.disabled, self.cancel_button.disabled = False, True

    def _progress(self, done: int, total: int) -> None:
        self.bar.max, self.bar.value = total, done
