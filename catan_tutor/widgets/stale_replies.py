"""Replies a newer action of the learner supersedes go (learner 14: a red "This move goes on
a hex" stayed after hex M was picked, "Choose what to do first" after a kind was chosen,
"Play Monopoly" lit with its ask after an answer was typed and a hint taken)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .tutor_session import TutorSession

# Session events that are a new action of the learner's: a kind chosen, a spot picked, a
# new line said, a move tried; the question box's note (a tap's reply) goes on each
NOTE_GOES = frozenset({"kind", "spot", "message", "tried"})


def drop_asked(s: TutorSession) -> None:
    """After an answer judged or a hint taken (the "puzzle" event): the line under the
    palette goes, and the kind it was about, when nothing of that kind is legal now (a kind
    only asked about: no form of it shows)."""
    if not s.message:
        return
    s.message = ""
    if s.kind and not s.of_kind():
        s.kind = ""
    s.emit("kind")  # the palette, the form and the line show it
