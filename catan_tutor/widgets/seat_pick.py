"""A tap whose moves differ only in who makes them (a question that asks whose turn it is, 1.4's
"Whose turn is it to place?"): the players to choose from, as buttons right under the tap's
reply. The form's player list was screens below on a phone (a fresh learner, 276, read "finish
the form (choose the player)" and looked for it). Every seat is offered, legal or not: which
one may move is the question's answer."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING

import ipywidgets as widgets

from ..actions import Action, seat

if TYPE_CHECKING:
    from .tutor_session import TutorSession

# What the tap's reply says while the players' buttons show under it
ASK = "Whose move is it? Choose the player:"


def by_seat_only(acts: list[Action]) -> bool:
    """``acts`` (a tap's moves, two or more) are one move made by different players."""
    seats = [getattr(a, "player", None) for a in acts]
    if len(acts) < 2 or None in seats or len(set(seats)) != len(acts):
        return False
    same = {dataclasses.replace(a, player=0) for a in acts}  # type: ignore[type-var]
    return len(same) == 1


def with_pick(parts: list, message: object, pick: SeatPick) -> list:
    """The panel's ``parts`` with the pick's row (once built) right after ``message``."""
    at = parts.index(message) + 1
    return [*parts[:at], *pick.shown(), *parts[at:]]


class SeatPick:
    """``SeatPick(guard, session)``: ``widget`` holds a button per player of the moves offered
    (``offer``); a press plays that player's move and the buttons go (``clear``).
    The row is built when first offered (issue 35: few widgets at a page's first paint), and
    ``built`` is called then, for the page to lay it out (``shown``)."""

    def __init__(self, guard: Callable[[Callable], Callable], session: TutorSession):
        self.guard, self.session = guard, session
        self.widget: widgets.HBox | None = None
        self.built: Callable[[], None] = lambda: None

    def shown(self) -> list[widgets.HBox]:
        """The row, once built, for the page's layout ([] before)."""
        return [self.widget] if self.widget is not None else []

    def offer(self, acts: list[Action]) -> None:
        """A button for each move of ``acts`` (``by_seat_only``), named by its player."""
        buttons = []
        for act in sorted(acts, key=lambda a: a.player):
            b = widgets.Button(
                description=seat(act.player),
                tooltip=f"{seat(act.player)} plays it here",
                layout=widgets.Layout(width="auto", min_width="56px"),
            )
            b.on_click(self.guard(lambda _, act=act: self._pressed(act)))
            buttons.append(b)
        if self.widget is None:
            self.widget = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
            self.widget.add_class("catan-seat-pick")
            self.built()
        self.widget.children = buttons
        self.widget.layout.display = None

    def _pressed(self, act: Action) -> None:
        self.clear()
        self.session.play(act)

    def clear(self) -> None:
        """No buttons, nor their question (another tap, step or kind: the choice was for the
        last tap's spot)."""
        if self.widget is not None and self.widget.children:
            self.widget.children = []
            self.widget.layout.display = "none"
        if self.session.message == ASK:
            self.session.say("")
