"""The notes a click or tap leaves under the board, and when they go.

A tap about as near two spots asks which ("Between edge Q3 and edge Q5: tap nearer the one you
mean."), a click on the sea says nothing is there. A fresh learner (l23, a tablet) saw the
"Between" note stay under the board after the right answer in 4.3, and still in lesson 11.16
through all its questions: a note spoke of a tap on a board since gone. A note goes on the
next tap that acts, a step, a jump, a lesson change and a new game (``drop_note``); the
pointer's and the keyboard cursor's words are no note (they say where they are now).
"""

from __future__ import annotations

NOTHING = "Nothing there"  # the status line's word on a click or tap on nothing
BETWEEN = "Between {a} and {b}: tap nearer the one you mean."
_OPENINGS = (NOTHING, BETWEEN.split("{", 1)[0])


def is_note(text: str) -> bool:
    """A click's or tap's note (not the pointer's or the cursor's words)."""
    return text.startswith(_OPENINGS)


def drop_note(text: str) -> str:
    """The status line with a click's or tap's note gone ('' for a note, else ``text``)."""
    return "" if is_note(text) else text
