"""Computer seats in the tutor: the new-game form's choice per seat (Human, or a computer playing
``random``, ``greedy`` or ``playout``, ``catan_tutor.players``) and the controller that plays a
computer's moves as ordinary timeline moves, a short pause apart.

A computer moves only right after a move was played (by anyone): stepping back or forward
through the timeline never plays for it, so a rewound game stays where the learner put it;
there "Let the computer move" goes on. When it is a computer seat's turn, or a computer seat
owes a decision (a discard, an answer to an offer), it plays; chance events in a computer's
turn are thrown by the tutor's seeded sampler (as Roll does). In a Jupyter kernel the moves
are spaced by the kernel's event loop (a playout computer thinks in a thread); without a
running loop (plain Python) they are played at once. Tests read a hidden element (class
``catan-computer-state``: ``data-seats``, ``data-status`` idle/waiting/thinking, ``data-mode``
paced/at-once).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

import ipywidgets as widgets

from ..game import Game
from ..players import Budget, choose, move_seed
from . import markup
from .guard import guarded, shown_in

if TYPE_CHECKING:
    from .tutor_session import TutorSession

PAUSE = 0.6  # seconds between a computer's moves
MAX_AT_ONCE = 20_000  # moves played in one go without an event loop
CHOICES = (
    ("Human", "human"),
    ("Computer: random", "random"),
    ("Computer: greedy", "greedy"),
    ("Computer: playout", "playout"),
)
PLAYOUT_BUDGET = Budget(playouts=16, turns=3, candidates=5, seconds=4.0)


class SeatPicker:
    """One dropdown per seat of the new game (``players``: the form's player-count dropdown,
    followed as it changes); ``seats()``: seat -> policy of the computer seats."""

    def __init__(self, players: widgets.Dropdown):
        self.players = players
        self.row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.row.add_class("catan-seats")
        self.label = widgets.HTML(
            "<span style='font-size:12px;color:#555'>Seats:</span>",
            layout=widgets.Layout(margin="0 4px 0 0"),
        )
        self.pickers: list[widgets.Dropdown] = []
        self.failure = widgets.HTML()  # an unexpected error's id (guard), else empty
        self.widget = widgets.HBox(
            [self.label, self.row, self.failure], layout=widgets.Layout(align_items="center")
        )
        players.observe(guarded(lambda _: self._build(), shown_in(self.failure)), names="value")
        self._build()

    def _build(self) -> None:
        old = [d.value for d in self.pickers]
        self.pickers = []
        for p in range(int(self.players.value or 0)):
            d = widgets.Dropdown(
                options=CHOICES,
                value=old[p] if p < len(old) else "human",
                description=f"P{p + 1}",
                style={"description_width": "22px"},
                layout=widgets.Layout(width="180px"),
            )
            d.add_class(f"catan-seat-{p + 1}")
            self.pickers.append(d)
        self.row.children = tuple(self.pickers)

    def seats(self) -> dict[int, str]:
        return {p: d.value for p, d in enumerate(self.pickers) if d.value != "human"}


class Computer:
    """``Computer(session, guard)``: plays the computer seats of the game the session shows,
    after each node shown on which a move was played (``session.moved``); ``guard`` wraps
    what the event loop calls."""

    def __init__(
        self,
        session: TutorSession,
        guard: Callable[[Callable], Callable],
        pause: float = PAUSE,
        budget: Budget = PLAYOUT_BUDGET,
    ):
        self.session, self.guard = session, guard
        self.seats: dict[int, str] = {}
        self.seed = 0
        self.pause, self.budget = pause, budget
        self.busy = False  # playing moves at once (no event loop)
        self.waiting: asyncio.TimerHandle | None = None  # the scheduled step
        self.thinking = False
        self.mode = ""  # how the last moves were played: "paced" (event loop) or "at-once"
        self.status = widgets.HTML()
        self.go_button = widgets.Button(
            description="Let the computer move",
            icon="play",
            layout=widgets.Layout(width="auto", display="none"),
        )
        self.go_button.add_class("catan-computer-go")
        self.go_button.on_click(guard(lambda _: self.go()))
        self.marker = widgets.HTML(layout=widgets.Layout(display="none"))
        self.widget = widgets.VBox(
            [
                widgets.HBox(
                    [self.status, self.go_button], layout=widgets.Layout(align_items="center")
                ),
                self.marker,
            ]
        )
        self.widget.add_class("catan-computer")
        self._show()
        session.subscribe(self._on_session)

    def _on_session(self, event: str) -> None:
        if event == "opened":
            self.reset()
        elif event == "shown":
            self.after_refresh()

    # ------------------------------------------------------------ seats
    def set_seats(self, seats: dict[int, str], seed: int = 0) -> None:
        """Make ``seats`` (seat -> "random", "greedy" or "playout") computers, the others
        human; a computer due now starts to play."""
        self.seats, self.seed = dict(seats), seed
        self.session.moved = True
        self.after_refresh()

    def reset(self) -> None:
        """Every seat human (another game or lesson is shown)."""
        self.seats, self.session.moved = {}, False
        self._cancel_wait()

    def due(self, game: Game | None = None) -> tuple[int, str] | None:
        """(seat, policy) of the computer to act now; (-1, "chance") for a chance event in a
        computer's turn; None when a human (or nobody) is to act."""
        g = game or self.session.game
        if not self.seats or g.is_over():
            return None
        s = g.state
        if g.is_chance():
            return (-1, "chance") if s.active in self.seats else None
        for p in g.rules.actors(s):
            if p in self.seats:
                return (p, self.seats[p])
        return None

    # ------------------------------------------------------------ playing
    def after_refresh(self) -> None:
        """After a redraw: when a move was just played and a computer is due, its next move
        (after a pause in a kernel, at once without an event loop)."""
        moved, self.session.moved = self.session.moved, False
        if moved and self.due() is not None and not self.thinking:
            loop = _running_loop()
            self.mode = "paced" if loop is not None else "at-once"
            if loop is not None:
                self._cancel_wait()
                node = self.session.timeline.current
                self.waiting = loop.call_later(
                    self.pause, self.guard(lambda: self._step_at(node, loop))
                )
            elif not self.busy:
                self._play_at_once()
        self._show()

    def go(self) -> None:
        """Let the computer due now move (after stepping through the timeline)."""
        self.session.moved = True
        self.after_refresh()

    def _play_at_once(self) -> None:
        self.busy = True
        try:
            for _ in range(MAX_AT_ONCE):
                if self.due() is None:
                    break
                self.step()
        finally:
            self.busy = False

    def _step_at(self, node, loop) -> None:
        self.waiting = None
        if self.session.timeline.current is node:  # not moved elsewhere meanwhile
            self.step(loop)
        self._show()

    def step(self, loop: asyncio.AbstractEventLoop | None = None) -> bool:
        """Play the due computer's next move (or the chance event in its turn); False when no
        computer is due. With ``loop``, a playout computer thinks in a thread."""
        due = self.due()
        if due is None:
            return False
        seat, policy = due
        t = self.session
        if seat < 0:
            t.roll()
            return True
        game = t.game
        seed = move_seed(self.seed, game, t.timeline.current.depth)
        if policy == "playout" and loop is not None:
            self.thinking = True
            self._show()
            node = t.timeline.current
            threading.Thread(
                target=self._think, args=(game.clone(), seat, seed, node, loop), daemon=True
            ).start()
            return True
        t.play(choose(game, policy, seed, player=seat, budget=self.budget))
        return True

    def _think(self, game: Game, seat: int, seed: int, node, loop) -> None:
        try:
            action = choose(game, "playout", seed, player=seat, budget=self.budget)
        except Exception:  # noqa: BLE001 - the loop side reports nothing moved
            action = None
        loop.call_soon_threadsafe(self.guard(lambda: self._thought(node, action)))

    def _thought(self, node, action) -> None:
        self.thinking = False
        if action is not None and self.session.timeline.current is node:
            self.session.play(action)
        else:
            self._show()

    def _cancel_wait(self) -> None:
        if self.waiting is not None:
            self.waiting.cancel()
            self.waiting = None

    # ------------------------------------------------------------ view
    def _show(self) -> None:
        due = self.due() if self.seats else None
        names = self.session.game.names
        status = "idle"
        if self.thinking:
            status = "thinking"
        elif due is not None and self.waiting is not None:
            status = "waiting"
        if not self.seats:
            text = ""
        elif due is None:
            text = "Computers: " + ", ".join(
                f"{names[p]} ({pol})" for p, pol in sorted(self.seats.items())
            )
        else:
            seat, policy = due
            if seat < 0:  # chance (dice, a card drawn) on a computer seat's turn
                text = f"Next: chance, on {names[self.session.game.state.active]}'s turn"
            else:
                doing = "thinking…" if status == "thinking" else "to move"
                text = f"{names[seat]} (computer, {policy}): {doing}"
        self.status.value = (
            f"<span style='font-size:12px;color:#37474f'>{markup.text(text)}</span>" if text else ""
        )
        idle = due is not None and status == "idle" and not self.busy
        self.go_button.layout.display = "" if idle else "none"
        seats = ",".join(f"{p + 1}:{pol}" for p, pol in sorted(self.seats.items()))
        self.marker.value = (
            f"<span class='catan-computer-state' data-seats='{seats}' "
            f"data-status='{status}' data-mode='{self.mode}' hidden></span>"
        )


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
