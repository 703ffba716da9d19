"""A link that opens before its node (l26 at 11.16: a copied link to node 12, reloaded in a
browser that had not answered the question at node 8, opened at node 8 without a word): the
answer of a question not answered yet stays hidden, so the page opens at that question, and
the note under the step buttons says why, once (while the learner stays at that question,
unanswered): ``BACK``, in place of "Answer the puzzle to go on."; and it alone: no "Solve the
puzzle first…" under the palette too, at once or on ▶ (``LessonLine.held_words``; l26, l27)."""

from __future__ import annotations

from typing import TYPE_CHECKING
from weakref import WeakKeyDictionary

if TYPE_CHECKING:
    from ..study.timeline import Node
    from .tutor_session import TutorSession

BACK = "You are back at a question not answered yet: answer it to go on."
_LANDED: WeakKeyDictionary[TutorSession, int] = WeakKeyDictionary()  # the question's node


def landing(session: TutorSession, target: Node) -> None:
    """Before ``session.reach(target)``: where it lands is a question before ``target`` (its
    answer line holds ``target``, hidden): the note is due there."""
    hidden = session.puzzle.hidden()
    shown = target
    while shown.parent is not None and shown.id in hidden:
        shown = shown.parent
    if shown is not target:
        _LANDED[session] = shown.id
    else:
        _LANDED.pop(session, None)


def back_note(session: TutorSession) -> str:
    """``BACK`` while the page shows the question a link landed at, still unanswered; once it
    is left or answered, '' from then on."""
    at = _LANDED.get(session)
    if at is None:
        return ""
    if session.node.id != at or not session.puzzle.holds():
        del _LANDED[session]
        return ""
    return BACK
