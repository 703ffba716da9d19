"""The computer seats of the game the tutor's session shows, as the session keeps them: which
seats a computer plays and how, whether the computers are paused, whether chance resolves
itself, and whose hands show. Plain Python, no widgets; ``computer.py`` plays the computers'
moves and draws the controls, the Players and Play tabs show the hands.

In a game against the computer (any seat a computer) chance resolves itself: the outcome of
each chance event a move brings (dice, a development card bought, a steal, a blind draw,
the event die) is drawn by the session's seeded sampler right after the move, unless the
learner chose to pick chance outcomes themselves (``force_chance``). The hands of the
computer seats are hidden then, unless a teacher shows every hand.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from ..actions import Action
from ..sampler import Sampler
from .roll_steps import under_way

if TYPE_CHECKING:
    from ..game import Game
    from ..study.timeline import Node, Timeline

POLICIES = ("random", "greedy", "playout")  # how a computer seat chooses (players.py)
MAX_CHANCE_STEPS = 40  # chance outcomes one move brings at most (both dice, event die, draws)


class SeatSettings:
    """Mixed into ``TutorSession``. Each intention that changes a setting emits ``seats``;
    the settings are replaced, never mutated, so a view may keep what it read."""

    computers: Mapping[int, str] = MappingProxyType({})  # seat -> policy
    computer_seed = 0  # seeds the computers' choices (with the position)
    paused = False  # the computers wait (a human's own chance still resolves)
    force_chance = False  # the learner picks every chance outcome
    # a roll played by "Set the dice yourself": its dice wait for the learner's (they fell by
    # the sampler, the form to set them never shown: learner 279)
    dice_by_hand = False
    every_hand: bool | None = None  # a teacher's "show every hand"; None: the default
    sampler: Sampler
    timeline: Timeline
    emit: Callable[[str], None]
    advance: Callable[[Action | str], Node]

    if TYPE_CHECKING:

        @property
        def game(self) -> Game: ...  # the session's

    def set_computers(self, seats: Mapping[int, str], seed: int = 0, paused: bool = False) -> None:
        """Make ``seats`` (seat -> one of ``POLICIES``) computers, every other seat human;
        the computers start unpaused (``Computer`` plays the one due), or ``paused`` (a
        game opened from a link or an address shows what it holds until Resume)."""
        n = self.game.players
        bad = {p: v for p, v in seats.items() if v not in POLICIES or not 0 <= p < n}
        if bad:
            raise ValueError(f"computer seats: unknown seat or policy {bad} (policies {POLICIES})")
        self.computers = MappingProxyType(dict(seats))
        self.computer_seed, self.paused = seed, bool(paused and seats)
        if seats:  # the seed throws the dice too: a link's game rolls as the original did
            self.sampler = Sampler(seed)
        self.every_hand = None
        self.emit("seats")

    def set_seat(self, seat: int, policy: str) -> None:
        """One seat becomes ``"human"`` or a computer playing ``policy``, at once."""
        if policy != "human" and policy not in POLICIES:
            raise ValueError(f"seat P{seat + 1}: unknown player {policy!r}")
        if not 0 <= seat < self.game.players:
            raise ValueError(f"seat P{seat + 1}: this game has {self.game.players} seats")
        if self.computers.get(seat, "human") == policy:
            return
        seats = {p: v for p, v in self.computers.items() if p != seat}
        if policy != "human":
            seats[seat] = policy
        self.computers = MappingProxyType(seats)
        self.emit("seats")

    def set_paused(self, on: bool) -> None:
        """Pause the computers (they play no move until resumed), or resume them."""
        if self.paused != bool(on):
            self.paused = bool(on)
            self.emit("seats")

    def set_force_chance(self, on: bool) -> None:
        """The learner picks chance outcomes (True), or chance resolves itself (False)."""
        if self.force_chance != bool(on):
            self.force_chance = bool(on)
            self.emit("seats")

    def set_every_hand(self, on: bool) -> None:
        """Show every seat's hand (a teacher's view), or only what the learner may see."""
        if self.shows_every_hand() != bool(on):
            self.every_hand = bool(on)
            self.emit("seats")

    def kept_seats(self) -> tuple:
        """The seats as set now (computers, their seed, paused, chance picked), to be set
        again on another line of the same game (``restore_seats``)."""
        return (self.computers, self.computer_seed, self.paused, self.force_chance)

    def restore_seats(self, kept: tuple) -> None:
        """Set the seats ``kept_seats`` kept (nothing to do for a game of humans)."""
        if kept[0]:
            self.computers, self.computer_seed, self.paused, self.force_chance = kept
            self.emit("seats")

    def clear_seats(self) -> None:
        """Every seat human, settings back to their defaults (another game is shown)."""
        self.computers, self.computer_seed = MappingProxyType({}), 0
        self.paused = self.force_chance = self.dice_by_hand = False
        self.every_hand = None

    # ------------------------------------------------------------ reading
    def against_computer(self) -> bool:
        return bool(self.computers)

    def chance_resolves(self) -> bool:
        """Chance outcomes are drawn by the sampler after each move (a game against the
        computer, unless the learner picks them)."""
        setting = self.dice_by_hand and under_way(self.game.state)
        return bool(self.computers) and not self.force_chance and not setting

    def shows_every_hand(self) -> bool:
        """Every hand shows: as the teacher set it, else unless a computer plays."""
        return self.every_hand if self.every_hand is not None else not self.computers

    def hand_seats(self) -> frozenset[int]:
        """The seats whose hands show: every seat, or the human seats (none without a
        computer: then every hand is hidden alike)."""
        n = self.game.players
        if self.shows_every_hand():
            return frozenset(range(n))
        if not self.computers:
            return frozenset()
        return frozenset(p for p in range(n) if p not in self.computers)

    def computer_to_move(self) -> bool:
        """A computer seat acts now (paused or not; chance aside): none of its moves is the
        learner's to make."""
        g = self.game
        acting = g.acting_seat
        return acting in self.computers and not g.is_chance()

    def hint_refusal(self) -> str:
        """Why Hint gives no move now ('' when it may): a computer is to move, and hints are
        for the learner's turns (issue 33: a hint then advised the computer, unsaid)."""
        if not self.computer_to_move():
            return ""
        g = self.game
        acting = g.acting_seat
        return f"{g.state.name(acting)} (computer) is to move: hints are for your turns."

    def own_seat(self) -> int:
        """The learner's seat: the human to act (else on turn); against the computer, when a
        computer acts, the first human seat."""
        g = self.game
        acting = g.acting_seat
        if acting not in self.computers:
            return acting
        humans = [p for p in range(g.players) if p not in self.computers]
        return humans[0] if humans else acting

    # ------------------------------------------------------------ chance
    def resolve_chance(self) -> None:
        """Draw the chance outcomes now due with the seeded sampler (when chance resolves
        itself), each a move of the timeline."""
        if not self.chance_resolves():
            return
        for _ in range(MAX_CHANCE_STEPS):
            g = self.game
            if not g.is_chance():
                break
            self.advance(self.sampler.chance_at(g, self.timeline.current.depth))
