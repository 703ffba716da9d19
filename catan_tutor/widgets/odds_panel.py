"""The tutor's Odds tab: exact production and barbarian odds of the current position, and a
Monte-Carlo run (seeded playouts with a progress bar and Stop) from it, all computed by
``catan_tutor.analysis``.

A run's results say which position they are for (turn, who is to act), and are cleared when
another position shows (a run that ends after the position changed is not shown). The figure
is hidden until there is one; tables fit the panel (narrow type, scrolling if need be)."""

from __future__ import annotations

import html
import io
import threading
from collections.abc import Callable
from concurrent.futures import Executor

import ipywidgets as widgets
import pandas as pd

from ..analysis import barbarian_arrival, explore, plot_outcomes, production_table
from ..analysis.run_limits import ODDS, shared_pool
from ..game import Game
from ..grammar import count
from ..rules.barbarians import ship_place
from . import icons, markup
from .guard import failure_text, guarded, report, shown_in
from .odds_tables import barbarians_html, horizon, horizon_text, outcomes_html, production_html
from .turn_words import round_words
from .turns_ahead import AHEAD_TIP
from .wording import phase_words

# The panel's lines as close as the lesson's: ipywidgets sets an HTML widget's lines to a
# control's height (28 px), which spread the headings, the notes and the tables apart.
_TABLE_CSS = (
    "<style>.catan-odds .widget-html>.widget-html-content{line-height:1.4}"
    ".catan-odds table{border-collapse:collapse;font-size:13px;"
    "max-width:100%;margin:2px 0 6px}"
    ".catan-odds td,.catan-odds th{padding:2px 4px 2px 12px;line-height:1.35;"
    "border-bottom:1px solid #ddd;text-align:right;white-space:nowrap}"
    ".catan-odds thead th{vertical-align:bottom}"
    ".catan-odds tr>:first-child{padding-left:2px;text-align:left}"
    # a table wider than the tab scrolls in it, not cut at the tab's edge (a flex item's
    # least width is its content's)
    ".catan-odds .widget-html,.catan-odds .widget-html-content{min-width:0;max-width:100%}"
    ".catan-odds .catan-table{overflow-x:auto;max-width:100%}</style>"
)


# the expected cards at a puzzle's open question: counting them is what many questions ask
# (2.2's robber: P2's brick the highest, its hex the answer; two fresh learners, l38, l40)
# (l48 at 3.2 and 4.3: "counting them is part of the puzzle" fit no question there)
CARDS_KEPT = "They show once the question is answered, as they could tell part of an answer."


def where(game: Game, secret: bool = False) -> str:
    """The position in a few words: ``round 2, P1 to act (trading and building)``; at a
    puzzle's open question (``secret``: ``TutorSession.puzzle_secret``, the check that keeps
    the header and the Players tab's marker from saying it) no more than the header says:
    ``setup, a puzzle`` (1.4: "setup, P3 to act" answered "Whose turn is it to place?")."""
    if secret:
        return f"{round_words(game.state)}, a puzzle"
    who = (
        "chance"
        if game.is_chance()
        else "game over"
        if game.is_over()
        else f"{game.names[game.current_player]} to act"
    )
    return f"{round_words(game.state)}, {who} ({phase_words(game.state.phase)})"


def figure_png(fig) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90, bbox_inches="tight")
    return buf.getvalue()


# The production table's heading ("Expected cards per turn (exact, robber included)" read as
# statistics words, l38): what the figures are and where they come from
CARDS_HEAD = (
    "<b>Cards each player gets per turn, on average</b> (from the numbers on the board; the "
    "robber's hex pays nothing)"
)


class OddsPanel:
    """``OddsPanel(game)``: ``game()`` is the position shown; ``refresh()`` recomputes the exact
    tables, ``run()`` starts the playouts in a thread (``wait=True``: in this one)."""

    cancel: threading.Event

    def __init__(
        self,
        game: Callable[[], Game],
        executor: Callable[[], Executor] | None = None,
        secret: Callable[[], bool] = lambda: False,
    ):
        # ``secret()``: a question is open, whose answer may be who acts (``where``)
        self.game, self.executor, self.secret = game, executor, secret
        self.exact = widgets.HTML()
        self.status = widgets.HTML()
        safe = lambda fn: guarded(fn, shown_in(self.status))  # noqa: E731
        lay = widgets.Layout(width="150px")
        narrow = {"description_width": "64px"}
        # "Play [100] games, each played [153] turns ahead": the words are the fields' own
        # labels (a field without one kept a hidden <label>: axe's "label" rule, issue 33)
        wide = {"description_width": "initial"}
        self.n = widgets.BoundedIntText(
            value=100,
            min=1,
            max=20_000,
            description="Play",
            tooltip="how many games the tutor plays on from here (more: surer, slower)",
            layout=widgets.Layout(width="130px"),
            style=wide,
        )
        self.turns = widgets.BoundedIntText(
            value=horizon(game()),
            min=1,
            max=200,
            description="games, each played",
            tooltip=AHEAD_TIP,  # what a turn is: the question over the field says it
            layout=widgets.Layout(width="210px"),
            style=wide,
        )
        self.chosen = self.turns.value  # the horizon chosen for the position shown
        self.policy = widgets.Dropdown(
            options=(("best move", "greedy"), ("random move", "random")),
            value="greedy",
            description="each plays",
            layout=widgets.Layout(width="230px"),
            style={"description_width": "80px"},
        )
        self.seed = widgets.IntText(
            value=0,
            description="seed",
            tooltip="the same seed gives the same dice, so the same table",
            layout=lay,
            style=narrow,
        )
        # how the games are played (the rule each seat plays by, the seed): folded away
        self.advanced = widgets.HBox(
            [self.policy, self.seed], layout=widgets.Layout(display="none")
        )
        self.advanced.add_class("catan-odds-advanced")
        self.advanced_button = widgets.ToggleButton(
            value=False, description="Advanced", icon="sliders", layout=widgets.Layout(width="auto")
        )
        self.advanced_button.observe(
            safe(lambda c: setattr(self.advanced.layout, "display", "" if c["new"] else "none")),
            names="value",
        )
        self.run_button = widgets.Button(description="Run", icon="play", button_style="primary")
        self.run_button.on_click(safe(lambda _: self.run()))
        # (a bare "Cancel" said not what it stops: s33, as Hint's "Stop thinking")
        self.cancel_button = widgets.Button(
            description="Stop",
            icon="stop",
            disabled=True,
            tooltip="stop the games now: the figures of the games finished so far are shown",
        )
        self.cancel_button.on_click(safe(lambda _: self.cancel.set()))
        self.bar = widgets.IntProgress(value=0, min=0, max=1, layout=widgets.Layout(width="100%"))
        self.result = widgets.HTML()
        # hidden until it has a picture (an empty image shows as a broken one)
        self.plot = widgets.Image(
            format="png", layout=widgets.Layout(max_width="100%", display="none")
        )
        self.question = widgets.HTML()
        self.cancel = threading.Event()
        self.thread: threading.Thread | None = None
        self.table: pd.DataFrame | None = None
        self.shown = ""  # the position text the exact tables are of
        self.ran_for = ""  # the position text of the results shown ('' when none)
        self.widget = widgets.VBox([
            self.exact, self.question,
            widgets.HBox([self.n, self.turns, widgets.Label("turns ahead"),
                          self.advanced_button]),
            self.advanced,
            widgets.HBox([self.run_button, self.cancel_button]), self.bar, self.status,
            self.result, self.plot])  # fmt: skip
        self.widget.add_class("catan-odds")
        self.turns.observe(safe(lambda _: self._ask()), names="value")
        self._ask()

    def _ask(self) -> None:
        """The question the playouts answer, with the horizon in words."""
        span = horizon_text(self.turns.value, self.chosen, self.game().players)
        self.question.value = (
            f"<b>Who wins from here?</b> The tutor plays the game on from here many times "
            f"{markup.text(span)} and counts who wins."
        )

    def refresh(self) -> None:
        """The exact figures of the current position; the playouts of another one cleared."""
        g = self.game()
        if g.position() != self.shown:  # another position: its own horizon
            self.chosen = horizon(g)
            self.turns.value = self.chosen
            self._ask()
        self.shown = g.position()
        if self.ran_for and self.ran_for != self.shown:
            self.clear("The last games were played from another position: press Run for this one.")
        secret = self.secret()
        parts = [
            _TABLE_CSS,
            f"<div style='color:#555;font-size:12px'>This position: "
            f"{markup.text(where(g, secret))}</div>",
            CARDS_HEAD,
            f"<div>{CARDS_KEPT}</div>"  # (the count a question asks for, done: l36, l40 at 2.2)
            if secret
            else production_html(
                production_table(g, per="turn"), placed=any(v >= 0 for v in g.state.vowner)
            ),
        ]
        if g.caps.improvements:
            odds = barbarian_arrival(g, 6, cumulative=True)
            parts += [
                f"<b>Barbarians</b> (ship {ship_place(g.state.barb)}): chance the attack has come",
                barbarians_html(odds),
            ]
        self.exact.value = "".join(parts)

    def clear(self, note: str = "") -> None:
        """No playout results shown (``note`` says why)."""
        self.table, self.ran_for = None, ""
        self.result.value = ""
        self.plot.layout.display = "none"
        self.bar.value = 0
        self.status.value = markup.text(note)

    def run(self, wait: bool = False) -> None:
        """Start the playouts from the current position (Stop stops them). The values are
        checked here, in the kernel (``run_limits.ODDS``): a refused Run says why and starts
        nothing. A Run still going is cancelled first: one Run at a time per panel."""
        why = ODDS.problem(self.n.value, self.turns.value, self.policy.value, self.seed.value)
        if why:
            self.status.value = f"<span style='color:#b71c1c'>{icons.NO} {markup.text(why)}</span>"
            return
        self.stop()
        self.cancel.clear()
        self.bar.max, self.bar.value = self.n.value, 0
        self.run_button.disabled, self.cancel_button.disabled = True, False
        self.status.value = "running…"
        game = self.game().clone()
        self.shown = game.position()
        label = where(game, self.secret())  # (read here: the session is not the thread's)
        self.thread = threading.Thread(
            target=self._work, args=(game, self.shown, label), daemon=True
        )
        self.thread.start()
        if wait:
            self.thread.join()

    def stop(self) -> None:
        """Cancel a Run still going and wait for it (its finished batches are kept by it)."""
        if self.thread is not None and self.thread.is_alive():
            self.cancel.set()
            self.thread.join()

    def _work(self, game: Game, key: str = "", label: str = "") -> None:
        key, label = key or game.position(), label or where(game)
        try:
            pool = self.executor() if self.executor else shared_pool()
            table = explore(
                game,
                n=self.n.value,
                turns=self.turns.value,
                policy=self.policy.value,
                seed=self.seed.value,
                executor=pool,
                progress=self._progress,
                cancel=self.cancel,
            )
            if self.shown and key != self.shown:  # the position changed meanwhile
                self.clear(
                    "Those games finished for a position no longer shown: press Run for this one."
                )
                return
            self.table, self.ran_for = table, key
            done = table.attrs.get("completed", self.n.value)
            note = " (stopped: the games that finished)" if table.attrs.get("partial") else ""
            # what a turn is, the question above says (once on the tab)
            span = horizon_text(self.turns.value, self.chosen)
            said = f"{count(done, 'game')} played on by the computer {span}, from {label}{note}"
            self.status.value = markup.text(said)
            self.result.value = _TABLE_CSS + outcomes_html(table)
            self.plot.value = figure_png(plot_outcomes(table, plain=True))
            self.plot.layout.display = ""
        except Exception as e:  # a thread's error: logged with an id, the id shown here
            self.status.value = (
                f"<span style='color:#b71c1c'>{icons.NO} "
                f"{html.escape(failure_text(report(e)))}</span>"
            )
        finally:
            self.run_button.disabled, self.cancel_button.disabled = False, True

    def _progress(self, done: int, total: int) -> None:
        self.bar.max, self.bar.value = total, done
