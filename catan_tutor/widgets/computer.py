"""Computer seats in the tutor: the new-game form's choice per seat (Human, or a computer playing
``random``, ``greedy`` or ``playout``, ``catan_tutor.players``) and the controller that plays a
computer's moves as ordinary timeline moves, a short pause apart.

A computer moves only right after a move was played (by anyone): stepping back or forward
through the timeline never plays for it, so a rewound game stays where the learner put it;
there "Let the computer move" goes on. When it is a computer seat's turn, or a computer seat
owes a decision (a discard, an answer to an offer), it plays; chance resolves itself after
each move (the session draws it with its seeded sampler) unless the learner picks it. In a
Jupyter kernel the moves are spaced by the kernel's event loop (a playout computer thinks in
a thread); without a running loop (plain Python) they are played at once. Pause stops them
(Resume goes on); a seat changed (here or in the new-game form, for the game it started)
takes effect at once. The
seats, pause and chance settings live in the session (``session_seats.py``). Tests read a
hidden element (class ``catan-computer-state``: ``data-seats``, ``data-status``
idle/waiting/thinking/paused, ``data-paused`` 0/1, ``data-mode`` paced/at-once,
``data-pending`` 1 while a move is timed or being thought).
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
from .verdicts import plain

if TYPE_CHECKING:
    from .tutor_session import TutorSession

PAUSE = 0.6  # seconds between a computer's moves
MAX_AT_ONCE = 20_000  # moves played in one go without an event loop
# A seat's player, for a learner: a computer by how it plays (``players.POLICIES``: random,
# greedy, playout), each said in one line under the seats (``STRENGTHS_HTML``).
CHOICES = (
    ("Human", "human"),
    ("Computer: Beginner", "random"),
    ("Computer: Greedy builder", "greedy"),
    ("Computer: Thinks ahead", "playout"),
)
STRENGTHS = (
    ("Beginner", "plays any move it may, at random."),
    ("Greedy builder", "builds and trades for what scores most right now."),
    ("Thinks ahead", "tries its best moves a few turns ahead before it plays (slower)."),
)
STRENGTHS_HTML = (
    "<div class='catan-strengths' style='font-size:12px;color:#555;line-height:1.35'>"
    + "<br>".join(f"<b>{name}</b>: {line}" for name, line in STRENGTHS)
    + "</div>"
)
OPPONENT = "greedy"  # a new game's seats after the first: the learner plays the computer
PLAYOUT_BUDGET = Budget(playouts=16, turns=3, candidates=5, seconds=4.0)


class SeatPicker:
    """One dropdown per seat of the new game (``players``: the form's player-count dropdown,
    followed as it changes); ``seats()``: seat -> policy of the computer seats."""

    def __init__(self, players: widgets.Dropdown):
        self.players = players
        self.row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.row.add_class("catan-seats")
        # the seats' heading over them, not a word floating beside them (a phone: s50)
        self.label = widgets.HTML("<span class='catan-seats-heading'>Who plays each seat</span>")
        self.pickers: list[widgets.Dropdown] = []
        self.session: TutorSession | None = None  # the game a seat change applies to (follow)
        self.failure = widgets.HTML()  # an unexpected error's id (guard), else empty
        self.widget = widgets.VBox(
            [
                self.label,
                self.row,
                self.failure,
                widgets.HTML(STRENGTHS_HTML),
            ]
        )
        players.observe(guarded(lambda _: self._build(), shown_in(self.failure)), names="value")
        self._build()

    def _build(self) -> None:
        old = [d.value for d in self.pickers]
        self.pickers = []
        for p in range(int(self.players.value or 0)):
            d = widgets.Dropdown(
                options=CHOICES,
                value=old[p] if p < len(old) else "human" if p == 0 else OPPONENT,
                description=f"P{p + 1}",
                style={"description_width": "22px"},
                layout=widgets.Layout(width="240px"),
            )
            d.add_class(f"catan-seat-{p + 1}")
            if self.session is not None:
                d.observe(guarded(self._changed(p), shown_in(self.failure)), names="value")
            self.pickers.append(d)
        self.row.children = tuple(self.pickers)

    def seats(self) -> dict[int, str]:
        return {p: d.value for p, d in enumerate(self.pickers) if d.value != "human"}

    def follow(self, session: TutorSession) -> None:
        """While ``session`` shows a game (not a lesson) with these seats, a seat changed
        here changes in that game at once, and these follow the game's seats."""
        self.session = session
        session.subscribe(lambda event: self._mirror() if event == "seats" else None)
        for p, d in enumerate(self.pickers):
            d.observe(guarded(self._changed(p), shown_in(self.failure)), names="value")

    def _changed(self, seat: int) -> Callable[[dict], None]:
        def changed(change: dict) -> None:
            if self.session is not None and self._shows_this_game():
                self.session.set_seat(seat, change["new"])

        return changed

    def _shows_this_game(self) -> bool:
        s = self.session
        return (
            s is not None
            and not s.lesson_id
            and s.scenario is None
            and s.game.players == len(self.pickers)
        )

    def _mirror(self) -> None:
        if self._shows_this_game():
            for p, d in enumerate(self.pickers):
                want = self.session.computers.get(p, "human") if self.session else "human"
                if d.value != want:
                    d.value = want


class Computer:
    """``Computer(session, guard)``: plays the computer seats of the game the session shows
    (``session.computers``, ``session_seats.py``) after each node shown on which a move was
    played (``session.moved``), unless they are paused; ``guard`` wraps what the event loop
    calls. Its widget: what the computers do, Pause / Resume, a seat picker per seat (a
    change takes effect at once) and "I pick chance outcomes"; shown in a game against the
    computer."""

    def __init__(
        self,
        session: TutorSession,
        guard: Callable[[Callable], Callable],
        pause: float = PAUSE,
        budget: Budget = PLAYOUT_BUDGET,
    ):
        self.session, self.guard = session, guard
        self.pause, self.budget = pause, budget
        self.busy = False  # playing moves at once (no event loop)
        self.waiting: asyncio.TimerHandle | None = None  # the scheduled step
        self.thinking = False
        self.mode = ""  # how the last moves were played: "paced" (event loop) or "at-once"
        lay = widgets.Layout
        self.status = widgets.HTML()
        self.pause_button = widgets.Button(icon="pause", layout=lay(width="auto"))
        self.pause_button.add_class("catan-computer-pause")
        self.pause_button.on_click(guard(lambda _: session.set_paused(not session.paused)))
        self.go_button = widgets.Button(
            description="Let the computer move",
            icon="play",
            layout=lay(width="auto", display="none"),
        )
        self.go_button.add_class("catan-computer-go")
        self.go_button.on_click(guard(lambda _: self.go()))
        self.seat_row = widgets.HBox(layout=lay(flex_flow="row wrap"))
        self.pickers: list[widgets.Dropdown] = []
        self.chance = widgets.Checkbox(
            description="I pick chance outcomes",  # short: a long label is cut at 1024
            tooltip="dice, cards drawn, steals: you choose them instead of the computer",
            indent=False,
            layout=lay(width="auto"),
        )
        self.chance.add_class("catan-force-chance")
        self.chance.observe(guard(lambda c: session.set_force_chance(c["new"])), names="value")
        self.marker = widgets.HTML(layout=lay(display="none"))
        self.widget = widgets.VBox(
            [
                widgets.HBox(
                    [self.status, self.pause_button, self.go_button],
                    layout=lay(align_items="center", flex_flow="row wrap"),
                ),
                self.seat_row,
                widgets.HTML(STRENGTHS_HTML),
                self.chance,
                self.marker,
            ],
            layout=lay(display="none", margin="4px 0", padding="4px 6px", border="1px solid #ccc"),
        )
        self.widget.add_class("catan-computer")
        self._show()
        session.subscribe(self._on_session)

    def _on_session(self, event: str) -> None:
        if event == "opened":
            self._cancel_wait()
            self.session.moved = False
        elif event == "shown":
            self.after_refresh()
        elif event == "seats":
            self._seats_changed()

    # ------------------------------------------------------------ seats
    @property
    def seats(self) -> dict[int, str]:
        return dict(self.session.computers)

    def set_seats(self, seats: dict[int, str], seed: int = 0, paused: bool = False) -> None:
        """Make ``seats`` (seat -> "random", "greedy" or "playout") computers, the others
        human; a computer due now starts to play (unless ``paused``)."""
        self.session.set_computers(seats, seed, paused)

    def _seats_changed(self) -> None:
        """Seats, pause or chance changed: a step scheduled for a seat no longer due goes;
        a computer due now plays (after a pause)."""
        self._cancel_wait()
        self.session.moved = self.due() is not None
        self.after_refresh()

    def due(self, game: Game | None = None) -> tuple[int, str] | None:
        """(seat, policy) of the computer to act now; (-1, "chance") for a chance event in a
        computer's turn; None when a human (or nobody) is to act, or the computers are
        paused, or the learner picks chance outcomes."""
        g = game or self.session.game
        seats = self.session.computers
        if not seats or self.session.paused or g.is_over():
            return None
        s = g.state
        if g.is_chance():
            ok = s.active in seats and not self.session.force_chance
            return (-1, "chance") if ok else None
        for p in g.rules.actors(s):
            if p in seats:
                return (p, seats[p])
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
        seed = move_seed(t.computer_seed, game, t.timeline.current.depth)
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
        loop.call_soon_threadsafe(self.guard(lambda: self._thought(node, seat, action)))

    def _thought(self, node, seat: int, action) -> None:
        """A playout computer's move, played if the game is still where it thought and the
        seat is still due (not paused, not handed back to a human meanwhile)."""
        self.thinking = False
        due = self.due()
        if (
            action is not None
            and self.session.timeline.current is node
            and due
            == (
                seat,
                "playout",
            )
        ):
            self.session.play(action)
        else:
            self._show()

    def _cancel_wait(self) -> None:
        if self.waiting is not None:
            self.waiting.cancel()
            self.waiting = None

    # ------------------------------------------------------------ view
    def _status(self) -> tuple[str, str]:
        """(status for tests: idle/waiting/thinking/paused, the line shown)."""
        t = self.session
        g, seats = t.game, t.computers
        if not seats:
            return "idle", ""
        if t.paused and t.computer_to_move():  # nothing here is the learner's to play
            who = g.names[g.acting_seat]
            return "paused", f"{who} (computer) is to move: press Resume to let it play."
        if t.paused:
            return "paused", "Computers paused: press Resume to let them play on."
        due = self.due()
        names = g.names
        if self.thinking:
            return "thinking", f"{names[due[0]] if due else 'The computer'} is thinking…"
        status = "waiting" if due is not None and self.waiting is not None else "idle"
        if due is None:
            if g.is_over():
                return status, "The game is over."
            return status, f"Your move, {names[t.own_seat()]}."
        seat, policy = due
        if seat < 0:  # chance (dice, a card drawn) on a computer seat's turn
            return status, f"Next: {plain(g.prompt())}, on {names[g.state.active]}'s turn"
        if status == "waiting":  # its move timed to come (learner18 read "to move" as stuck)
            return status, f"{names[seat]} (computer) is playing…"
        return status, f"{names[seat]} (computer): to move"

    def _pickers(self) -> None:
        """A seat picker per seat of the game shown, each showing the session's choice."""
        g, seats = self.session.game, self.session.computers
        if len(self.pickers) != g.players:
            for d in self.pickers:
                d.close()
            self.pickers = []
            for p in range(g.players):
                d = widgets.Dropdown(
                    options=CHOICES,
                    value="human",
                    description=g.names[p],
                    style={"description_width": "26px"},
                    layout=widgets.Layout(width="250px"),
                )
                d.add_class(f"catan-game-seat-{p + 1}")
                d.observe(self.guard(self._picked(p)), names="value")
                self.pickers.append(d)
            self.seat_row.children = tuple(self.pickers)
        for p, d in enumerate(self.pickers):
            want = seats.get(p, "human")
            if d.value != want:
                d.value = want  # the observer finds the session already so

    def _picked(self, seat: int) -> Callable[[dict], None]:
        return lambda change: self.session.set_seat(seat, change["new"])

    def _show(self) -> None:
        t = self.session
        status, text = self._status()
        self.widget.layout.display = "" if t.computers else "none"
        self.status.value = (
            f"<span class='catan-computer-line' style='font-size:13px;color:#37474f;"
            f"margin-right:8px'>{markup.text(text)}</span>"
            if text
            else ""
        )
        self.pause_button.description = "Resume" if t.paused else "Pause"
        self.pause_button.icon = "play" if t.paused else "pause"
        self.pause_button.button_style = "warning" if t.paused else ""
        self.pause_button.tooltip = (
            "let the computers play on" if t.paused else "stop the computers after this move"
        )
        idle = self.due() is not None and status == "idle" and not self.busy
        self.go_button.layout.display = "" if idle else "none"
        if t.computers:
            self._pickers()
        if self.chance.value != t.force_chance:
            self.chance.value = t.force_chance
        seats = ",".join(f"{p + 1}:{pol}" for p, pol in sorted(t.computers.items()))
        self.marker.value = (
            f"<span class='catan-computer-state' data-seats='{seats}' "
            f"data-status='{status}' data-paused='{int(t.paused)}' data-mode='{self.mode}' "
            f"data-pending='{int(self.waiting is not None or self.thinking)}' hidden></span>"
        )


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
