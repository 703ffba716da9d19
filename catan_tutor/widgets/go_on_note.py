"""A question just solved says "Solved. Press ▶ to go on with the lesson." by ▶ too, on a
phone: the page's heading said it (``status_words.solved_words``), above the board and out
of sight of a phone learner who answered under it (10.6, l24). On a wide page the heading
beside the question says it, and this line is left out (``GO_ON_CSS``): said once there.
A tap off the lesson's line is said by ▶ too (``OFF_LINE``), under the board it was made on."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from .puzzle_state import GO_ON, SHOWN_GO_ON
from .status_words import next_words, solved_words

if TYPE_CHECKING:
    from .tutor_session import TutorSession

GO_ON_CLASS = "catan-step-go-on"
HELD_NOTE = "Answer the puzzle to go on."  # by ▶ while a question holds it
# what a step did, a sentence or two: in a row of its own under the step buttons on a phone
# (style.py; HELD_NOTE and "Solved." fit beside them)
SAID_CLASS = "catan-step-said"
SAID_ROW = "catan-step-note-said"  # the note's own class then (CSS cannot nest :has())
# A click on a legal spot that is not the lesson's next move (issue 33: with the kind the moment
# chose it played at once, and left the lesson's line): the spot is chosen in the form (ringed);
# a second click on it, or Play, plays it. Beside the board (the panels beside it) said under
# ◀ ▶, by the board clicked (s36: under the form at 1280x900, 1.1's note stood at y 878-915,
# cut off at the screen's foot); where the panels are under the board (a phone, a tablet) under
# the form as before, where the page brings it in with the form (reply_in_view.js)
OFF_CLASS = "catan-off-line"
OFF_LINE = (
    "This is not the lesson's next move: choose it again on the board, or press Play this move, to "
    "try it yourself, apart from the lesson's moves. Press ▶ to follow the lesson."
)
# Under a lesson step's forms (``try_note_due``): what ▶ does, and that a move tried is the
# learner's own (learner21, learner22: press ▶, or use the forms?)
TRY_CLASS = "catan-lesson-try"
TRY_NOTE = (
    "Press ▶ under the board to see the lesson's move, or try a move of your own here first: "
    "it is kept apart from the lesson's moves."
)
# The line by ▶ on a phone only; the heading's on a wider page only; the note at its spacing
GO_ON_CSS = (
    # in lines at the text's spacing (s36: the two lines of OFF_LINE a control's 28 px apart)
    ".catan-step-note .widget-html-content{line-height:1.4;height:auto}"
    f"@media (min-width:701px){{.catan-step-note:has(.{GO_ON_CLASS}){{display:none!important}}}}"
    "@media (max-width:700px){.catan-head-solved{display:none}}"
    # OFF_LINE: by ▶ beside the board, under the form on a phone and a tablet (style.TALL)
    f".catan-message .{OFF_CLASS}{{display:none}}"
    "@media (max-width:700px),(min-width:701px) and (max-width:1015px) and (min-height:861px){"
    f".catan-message .{OFF_CLASS}{{display:inline}}"
    f".catan-step-note:has(.{OFF_CLASS}){{display:none!important}}}}"
    # TRY_NOTE under the form beside the board only: a phone shows the message under ◀ ▶,
    # before the step's story, far from any form
    f"@media (max-width:700px){{.catan-message:has(.{TRY_CLASS}){{display:none!important}}}}"
    # what a step did, in a row of its own under ◀ ▶ on a phone (beside them it stood in a
    # column a word wide: learner 278 at 1.4)
    "@media (max-width:700px){.catan-tutor>.catan-board-col>.catan-step-note:has(."
    f"{SAID_CLASS}){{flex:1 1 100%;margin-left:0!important}}}}"
)


def go_on_note(session: TutorSession) -> str:
    """The note by the step buttons where a question was just solved, with the move ▶ plays
    as the heading says it ("Solved. Press ▶… P1 moves the robber next."), else ''."""
    solved = solved_words(session)
    return f"{solved} {next_words(session)}".strip() if solved else ""


def off_line_note(session: TutorSession) -> str:
    """``OFF_LINE`` while it is the session's message (a tap off the lesson's line), else ''."""
    return OFF_LINE if session.message == OFF_LINE else ""


def form_message(session: TutorSession) -> str:
    """The session's message under the form, as HTML; ``OFF_LINE`` in its class, shown there
    only where the panels are under the board (``GO_ON_CSS``); with no message, on a lesson's
    line where a move is open to try, ``TRY_NOTE``."""
    said = html.escape(session.message)
    if not said and try_note_due(session):
        return f"<span class='{TRY_CLASS}' style='color:#555;font-size:12px'>{TRY_NOTE}</span>"
    return f"<span class='{OFF_CLASS}'>{said}</span>" if off_line_note(session) else said


def try_note_due(session: TutorSession) -> bool:
    """A lesson's line goes on from here (not Explore), no question is open or just solved,
    and a move of a player's may be tried: the lesson's step shows its forms (learner21 at
    5.15, learner22 at 2.1: press ▶, or use the forms? Nothing said which)."""
    g = session.game
    return (
        session.lesson_mode()
        and not session.puzzle_secret
        and not session.puzzle.resting()
        and not g.is_chance()
        and not g.is_over()
        and bool(session.legal())
    )


def note_class(note: str) -> str:
    """The class of the step note's words: ``GO_ON_CLASS`` for the solved line, ``OFF_CLASS``
    for ``OFF_LINE``, ``SAID_CLASS`` for what a step did."""
    if note == OFF_LINE:
        return OFF_CLASS
    if note == HELD_NOTE:
        return "catan-step-wait"
    return GO_ON_CLASS if note.startswith((GO_ON, SHOWN_GO_ON)) else SAID_CLASS
