"""The tutor's Hint: the moves of the player to act ranked by seeded playouts (how many, and
how many turns ahead, behind "Settings")
(``catan_tutor.analysis.rank_actions``) in a background thread, with a progress bar and
Stop thinking (shown while it thinks). The best move shows as a ring with an arrow on the
board (its spot, when it is played on one) and one plain sentence of why (``hint_words.py``:
dots, the resource it brings, the award it wins). In setup the hint names the free corner
with the most dots, as the course teaches (``analysis.setup_pick``: the playouts' greedy
policy misjudges corners). The games played on stay behind "details" in a learner's words
(``hint_details.py``). A hint is for the position it was asked at: another position clears
it and its ring (a run that ends after the position changed is not shown).
Tests read a hidden element (class ``catan-hint-state``: ``data-status``
idle/running/done/cancelled/stale/failed/refused, ``data-top`` the best move's notation,
``data-spot`` its spot). Its limits are checked in the kernel
(``analysis.run_limits.HINT``)."""

from __future__ import annotations

import html
import threading
from collections.abc import Callable
from concurrent.futures import Executor
from typing import TYPE_CHECKING

import ipywidgets as widgets

from ..actions import Action, BuildCity, Settle
from ..analysis.run_limits import HINT, shared_pool
from ..analysis.setup_pick import setup_corner
from ..game import Game

if TYPE_CHECKING:
    from ..analysis import Ranking
from . import icons, markup
from .guard import failure_text, guarded, report, shown_in
from .hint_details import details_words, setup_details
from .hint_words import reason, setup_why, why
from .kinds import Spot, spot_label, target_of
from .move_list import move_words
from .session_choices import HINT_GAMES, HINT_TURNS, HintSettings
from .turns_ahead import AHEAD_TIP, ahead_text

# what opens the computer's games behind a hint (l50 read a bare "details" as a developer's word)
HINT_DETAILS = "How the computer found this"
# after the best move of the games played so far, while more are played
SO_FAR = "More games are being played: the suggestion may still change."
# the hint's stop button's tooltip: what it stops, what shows then
STOP_TIP = "stop the hint's games now: the best move of the games played so far is shown"


def suggestion(game: Game, ranking: Ranking) -> Action | None:
    """The move the hint names: in setup the allowed corner with the most dots (the course's
    reading, ``analysis.setup_pick``), else the playouts' best."""
    return setup_corner(game) or (ranking[0].action if ranking.records else None)


def chosen(game: Game, best: Action) -> str:
    """After the sentence of a hint out of setup: who chose the move (the computer's games,
    behind "details"), and that the reason given is this tutor's reading of the board."""
    picked = "The computer's games played on from here chose it (see details)"
    return (
        f"{picked}; the reason given is this tutor's reading."
        if reason(game, best)
        else f"{picked}."
    )


def hint_html(game: Game, ranking: Ranking, turns: int = 10) -> str:
    """The suggested move in one plain sentence (where the board's ring is), the games
    played on from here behind "details" (``hint_details.py``)."""
    pick, best = setup_corner(game), suggestion(game, ranking)
    if best is None:
        said = ""
    else:
        if pick is not None:  # setup: by the dots
            text = setup_why(game, pick)
        elif ranking.distinct <= 1:  # nothing to choose (a trade offer aside)
            what = move_words(best, game.state)
            but = "Apart from a trade offer, it" if len(game.legal_actions()) > 1 else "It"
            text = f"{what[0].upper()}{what[1:]}. {but} is the only move now."
        else:
            text = f"{why(game, best)} {chosen(game, best)}"
        said = (
            f"<div class='catan-hint-why' style='font-size:14px;line-height:1.4;margin:4px 0;"
            f"padding:6px 8px;border-left:4px solid #0b57d0;background-color:#eef3f8'>"
            f"<b>Suggested:</b> {markup.text(text)}</div>"
        )
    details = (  # in setup: the corners by dots first, then the computer's games
        setup_details(game, ranking, turns)
        if pick is not None
        else details_words(game, ranking, turns, best)
    )
    return (
        f"{said}<details class='catan-hint-details'><summary style='cursor:pointer;"
        f"color:#37474f;font-size:12px'>{HINT_DETAILS}</summary>"
        f"{details}</details>"
    )


def early_html(game: Game, best: Action, setup: bool) -> str:
    """The move suggested before the games are over, in one plain sentence: in setup the
    corner by the dots (the games do not change it), else the games' best so far."""
    if isinstance(best, (Settle, BuildCity)) and setup:
        text, head = setup_why(game, best), "Suggested"
    else:
        text, head = f"{why(game, best)} {SO_FAR}", "So far"
    return (
        f"<div class='catan-hint-early' style='font-size:14px;line-height:1.4;margin:4px 0;"
        f"padding:6px 8px;border-left:4px solid #9fb4cc;background-color:#f4f7fa'>"
        f"<b>{head}:</b> {markup.text(text)}</div>"
    )


def playing_html(done: int, total: int, moves: int, turns: int) -> str:
    """What the hint is doing while it thinks: its games played of all it plays (none yet
    counted: ``total`` 0)."""
    span = f"{turns} turn{'' if turns == 1 else 's'}"
    each = f"each of {moves} moves" if moves > 1 else "the move" if moves else "the moves"
    count = f": {done:,} of {total:,} games played" if total else ""
    return (
        f"<span class='catan-hint-playing' style='font-style:italic;color:#555'>"
        f"Trying {each} in games played on from here, up to {span} ahead{count}…</span>"
    )


class HintPanel:
    """``HintPanel(game)``: ``game()`` is the position shown; ``run()`` ranks its moves in a
    thread (``wait=True``: waits for it), ``refresh()`` after the position changed."""

    cancel: threading.Event
    ranking: Ranking | None

    def __init__(
        self,
        game: Callable[[], Game],
        executor: Callable[[], Executor] | None = None,
        mark: Callable[[Spot | None], None] | None = None,
        refusal: Callable[[], str] | None = None,
        settings: HintSettings | None = None,
        asked: Callable[[], None] | None = None,
    ):
        """``mark(spot)`` rings the best move's spot on the board (None: takes it away);
        ``refusal()`` says why no hint is given now ('' when one may be: a computer to move
        gets none); ``settings`` how hard it thinks, as the session keeps them
        (``session_choices``: this panel shows them, ``show_settings``, and sends the learner's
        changes there); ``asked()`` is told of each Hint asked (a new intention: an old
        why-not goes)."""
        self.game, self.executor = game, executor
        self.settings_kept = settings or HintSettings(lambda event: self.show_settings())
        self.mark = mark or (lambda spot: None)
        self.refusal = refusal or (lambda: "")
        self.asked = asked or (lambda: None)
        self.spot: Spot | None = None
        # how hard the tutor thinks: behind "Settings" (the learner needs only the button)
        wide = {"description_width": "initial"}
        self.n = widgets.BoundedIntText(
            value=HINT_GAMES,
            min=1,
            max=5_000,
            description="Games after each move:",
            tooltip="how many games the tutor plays on after each move (more: surer, slower)",
            layout=widgets.Layout(width="230px"),
            style=wide,
        )
        self.turns = widgets.BoundedIntText(
            value=HINT_TURNS,
            min=1,
            max=100,
            description="each played",
            tooltip=AHEAD_TIP,
            layout=widgets.Layout(width="150px"),
            style=wide,
        )
        # "Games after each move: [200] each played [10] turns ahead", and a line saying what
        # that means (written when shown)
        self.ahead = widgets.HTML()
        self.ahead.add_class("catan-hint-ahead")
        self.settings = widgets.VBox(
            [
                widgets.HBox(
                    [self.n, self.turns, widgets.Label("turns ahead")],
                    layout=widgets.Layout(flex_flow="row wrap", align_items="center"),
                ),
                self.ahead,
            ],
            layout=widgets.Layout(display="none"),
        )
        self.settings.add_class("catan-hint-settings")
        self.settings_button = widgets.ToggleButton(
            value=False,
            description="Settings",
            icon="sliders",
            tooltip="how hard the tutor thinks",
            layout=widgets.Layout(width="auto"),
        )
        self.settings_button.add_class("catan-hint-settings-toggle")
        self.hint_button = widgets.Button(
            description="Hint",
            icon="magic",
            tooltip="the tutor tries each move in games played on from here and suggests the best",
            layout=widgets.Layout(width="auto"),
        )
        self.hint_button.add_class("catan-hint")
        self.result = widgets.HTML()
        safe = lambda fn: guarded(fn, shown_in(self.result))  # noqa: E731
        self.hint_button.on_click(safe(lambda _: self.run()))
        self.settings_button.observe(safe(self._fold), names="value")
        self.n.observe(safe(lambda c: self.settings_kept.choose(games=c["new"])), names="value")
        self.turns.observe(safe(lambda c: self.settings_kept.choose(turns=c["new"])), names="value")
        # shown only while a hint thinks: a dashed "Cancel" beside Hint said not what it
        # cancelled (a fresh learner's free game, s33)
        self.cancel_button = widgets.Button(
            description="Stop thinking",
            icon="stop",
            disabled=True,
            tooltip=STOP_TIP,
            layout=widgets.Layout(width="auto", display="none"),
        )
        self.cancel_button.add_class("catan-hint-cancel")
        self.cancel_button.on_click(safe(lambda _: self.cancel.set()))
        self.bar = widgets.IntProgress(
            value=0, min=0, max=1, layout=widgets.Layout(width="100%", display="none")
        )
        self.marker = widgets.HTML(layout=widgets.Layout(display="none"))
        self.cancel = threading.Event()
        self.thread: threading.Thread | None = None
        self.ranking = None
        self.asked_at = ""  # position text of the hint running or shown ('' when none)
        self.early = ""  # while it thinks: the move suggested so far (``early_html``)
        self.playing = (HINT_GAMES, HINT_TURNS)  # the run's games after each move, turns
        self.status = "idle"
        self.widget = widgets.VBox(
            [
                widgets.HBox(
                    [self.hint_button, self.cancel_button, self.settings_button],
                    layout=widgets.Layout(align_items="center", flex_flow="row wrap"),
                ),
                self.settings,
                self.bar,
                self.result,
                self.marker,
            ],
            layout=widgets.Layout(margin="6px 0 0 0"),
        )
        self.widget.add_class("catan-hint-panel")
        self.show_settings()
        self._mark()

    def show_settings(self) -> None:
        """The settings as the session keeps them, and what "looks N turns ahead" means."""
        kept = self.settings_kept
        self.n.value, self.turns.value = kept.games, kept.turns
        if self.settings.layout.display != "none":
            self._say_ahead()

    def _fold(self, change) -> None:
        """Settings shown or folded away."""
        self.settings.layout.display = "" if change["new"] else "none"
        if change["new"]:
            self._say_ahead()

    def _say_ahead(self) -> None:
        """The line under the settings: what "looks N turns ahead" means."""
        said = ahead_text(self.settings_kept.turns, self.game().players)
        self.ahead.value = f"<span style='color:#555;font-size:12px'>{markup.text(said)}</span>"

    def _mark(self, top: str = "") -> None:
        spot = spot_label(self.spot) if self.spot else ""
        self.marker.value = (
            f"<span class='catan-hint-state' data-status='{self.status}' "
            f"data-top='{markup.text(top)}' data-spot='{spot}' hidden></span>"
        )

    def _ring(self, spot: Spot | None) -> None:
        self.spot = spot
        self.mark(spot)

    def refresh(self) -> None:
        """The position changed: a hint for another position goes (a running one is left to
        finish and is then not shown)."""
        g = self.game()
        if self.asked_at and self.asked_at != g.position():
            if self.thread is not None and self.thread.is_alive():
                self.cancel.set()
            self.clear()
        running = self.thread is not None and self.thread.is_alive()
        self.hint_button.disabled = running or g.is_over() or g.is_chance()

    def clear(self, note: str = "") -> None:
        self.ranking, self.asked_at = None, ""
        self._ring(None)
        self.bar.layout.display = "none"
        self.result.value = markup.text(note)
        self.status = "stale" if note else "idle"
        self._mark()

    def run(self, wait: bool = False) -> None:
        """Rank the moves of the player to act now (Stop thinking stops it and shows what finished).
        The values are checked here, in the kernel (``run_limits.HINT``), and whose move it is
        (``refusal``): a refused hint says why and starts nothing (not for a computer's move:
        the hint shown goes, and its words go with the position). A hint still running is
        cancelled first."""
        self.asked()
        whose = self.refusal()
        if whose:
            self.stop()
            self._ring(None)
            self.asked_at = self.game().position()  # said for this position only (refresh)
        kept = self.settings_kept
        why = whose or HINT.problem(kept.games, kept.turns)
        if why:  # a computer's turn is no error: a plain note (issue 33); bad settings are
            self.result.value = (
                f"<span class='catan-hint-note' style='color:#555'>{markup.text(why)}</span>"
                if whose
                else f"<span style='color:#b71c1c'>{icons.NO} {markup.text(why)}</span>"
            )
            self.status = "refused"
            self._mark()
            return
        self.stop()
        self._ring(None)
        game = self.game().clone()
        self.cancel.clear()
        self.asked_at = game.position()
        self.bar.max, self.bar.value = 1, 0
        self.bar.layout.display = ""
        self.hint_button.disabled, self.cancel_button.disabled = True, False
        self.cancel_button.layout.display = ""
        # what it does while it thinks: its games counted (it said "thinking…" for ~10 s);
        # in setup the corner by the dots at once (the games do not change it)
        pick = setup_corner(game)
        self.early = early_html(game, pick, True) if pick is not None else ""
        self.playing = (kept.games, kept.turns)
        self.result.value = self.early + playing_html(0, 0, 0, kept.turns)
        self.status = "running"
        self._mark()
        if pick is not None:
            self._ring(target_of(pick))
        self.thread = threading.Thread(
            target=self._work, args=(game, self.asked_at, kept.games, kept.turns), daemon=True
        )
        self.thread.start()
        if wait:
            self.thread.join()

    def stop(self) -> None:
        """Cancel a hint still running and wait for it."""
        if self.thread is not None and self.thread.is_alive():
            self.cancel.set()
            self.thread.join()

    def _work(self, game: Game, key: str, n: int, turns: int) -> None:
        from ..analysis import rank_actions

        try:
            pool = self.executor() if self.executor else shared_pool()
            ranking = rank_actions(
                game,
                n=n,
                turns=turns,
                seed=0,
                executor=pool,
                progress=self._progress,
                cancel=self.cancel,
                glimpse=lambda ranking: self._glimpse(game, key, ranking),
            )
            if key != self.asked_at:  # the position changed meanwhile: not shown
                return
            self.ranking = ranking
            self.result.value = hint_html(game, ranking, turns)
            self.status = "cancelled" if ranking.partial else "done"
            best = suggestion(game, ranking)
            self._ring(target_of(best) if best is not None else None)
            self._mark(str(best) if best is not None else "")
        except Exception as e:  # a thread's error: logged with an id, the id shown here
            self.result.value = (
                f"<span style='color:#b71c1c'>{icons.NO} "
                f"{html.escape(failure_text(report(e)))}</span>"
            )
            self.status = "failed"
            self._mark()
        finally:
            self.bar.layout.display = "none"
            self.cancel_button.disabled, self.cancel_button.layout.display = True, "none"
            self.hint_button.disabled = False

    def _progress(self, done: int, total: int) -> None:
        self.bar.max, self.bar.value = total, done
        games, turns = self.playing
        if self.status == "running":
            self.result.value = self.early + playing_html(done, total, total // games, turns)

    def _glimpse(self, game: Game, key: str, ranking: Ranking) -> None:
        """The best move of the games played so far, shown while more are played (its ring
        too); in setup the corner shown at once stays (the dots choose it)."""
        if key != self.asked_at or self.cancel.is_set() or setup_corner(game) is not None:
            return
        best = suggestion(game, ranking)
        if best is not None and ranking.distinct > 1:
            self.early = early_html(game, best, False)
            self._ring(target_of(best))
