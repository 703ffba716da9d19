"""Roll and End turn as the moment has them: lit when they are the move (never at an open
question: read as its answer, s17), greyed when not, and gone where neither belongs: while the
board is laid out, the roll-off decides the seats (issue 33) or the starting pieces are placed
(learner18: both greyed all through setup). Roll says what chance picks (``layout_steps``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import ipywidgets as widgets

from ..state import BOARD, ROLLOFF
from .layout_steps import chance_button
from .tutor_session import ROLL_PHASES

if TYPE_CHECKING:
    from .tutor_session import TutorSession


def turn_buttons(
    roll: widgets.Button, end: widgets.Button, kinds: list[str], s: TutorSession
) -> None:
    """Set ``roll`` and ``end`` for session ``s``'s game, the moment's kinds ``kinds``."""
    g = s.game
    roll.disabled = not (g.is_chance() or "roll" in kinds)
    dice = "roll" in kinds or g.state.phase in ROLL_PHASES or g.state.phase == ROLLOFF
    chance_button(roll, g, dice, s.lesson_mode(), s.lesson_next())  # (▶ plays it too)
    end.disabled = "end turn" not in kinds
    setup = g.state.phase.startswith("setup") and roll.disabled
    roll.layout.display = "none" if setup else ""
    end.layout.display = "none" if setup or g.state.phase in (BOARD, ROLLOFF) else ""
    lit = not s.puzzle_secret
    # on a lesson's line ▶ is the way on: the chance button plays what ▶ plays, and End turn
    # is the lesson's move or a try of one's own; neither lit beside ▶ (learner21 at 5.15,
    # learner23 at 1.2 and 1.3: which to press?)
    lit = lit and not s.lesson_mode()
    roll.button_style = "success" if lit and not roll.disabled else ""
    end.button_style = "primary" if lit and not end.disabled else ""
