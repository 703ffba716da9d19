"""A question just solved says "Solved. Press ▶ to go on with the lesson." by ▶ too, on a
phone: the page's heading said it (``status_words.solved_words``), above the board and out
of sight of a phone learner who answered under it (10.6, l24). On a wide page the heading
beside the question says it, and this line is left out (``GO_ON_CSS``): said once there."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .puzzle_state import GO_ON, SHOWN_GO_ON
from .status_words import next_words, solved_words

if TYPE_CHECKING:
    from .tutor_session import TutorSession

GO_ON_CLASS = "catan-step-go-on"
# The line by ▶ on a phone only; the heading's on a wider page only
GO_ON_CSS = (
    f"@media (min-width:701px){{.catan-step-note:has(.{GO_ON_CLASS}){{display:none!important}}}}"
    "@media (max-width:700px){.catan-head-solved{display:none}}"
)


def go_on_note(session: TutorSession) -> str:
    """The note by the step buttons where a question was just solved, with the move ▶ plays
    as the heading says it ("Solved. Press ▶… Next: P1 moves the robber…"), else ''."""
    solved = solved_words(session)
    return f"{solved} {next_words(session)}".strip() if solved else ""


def note_class(note: str) -> str:
    """The class of the step note's words: ``GO_ON_CLASS`` for the solved line."""
    return GO_ON_CLASS if note.startswith((GO_ON, SHOWN_GO_ON)) else "catan-step-said"
