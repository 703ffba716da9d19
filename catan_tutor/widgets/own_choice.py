"""Off a lesson's line by a choice of the learner's own where the lesson makes one of the same
kind: what is said. l36 at 9.1: the text said "P3 chooses which 2 hand cards to give" and
offered the form; a legal 1 brick and 1 lumber was told "You are trying moves of your own…",
and nothing said the lesson's own gift was 1 wool and 1 grain. Where the learner's first move
off the line is the lesson's kind of move there (the same kind, by the same seat: a gift, a
discard, a spot to build on, a trade), the line's words say the choice is legal, what the
lesson plays there, and the way back (``line_panel.py``'s Back to the lesson). It is said
while that move is the one shown: a move later the panel's plain words are what is true."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules.words import say

if TYPE_CHECKING:
    from .tutor_session import TutorSession


def own_choice(s: TutorSession) -> str:
    """The sentence for a learner's legal choice in place of the lesson's move of the same
    kind ('' when the move off the line is of another kind, or a throw of chance)."""
    left = s.left_lesson_at()
    if left is None:
        return ""
    path = s.timeline.path(s.timeline.current)
    after = path.index(left) + 1 if left in path else len(path)
    # said at the learner's own move alone: once the position moves on (P3 accepts the offer
    # made in place of the lesson's, s32 at 3.1) what the lesson plays "here" is no longer here
    mine = path[after].action if after == len(path) - 1 else None
    if mine is None:
        return ""
    theirs = [c.action for c in left.children if c.action is not None and s.from_file(c)]
    same = [a for a in theirs if type(a) is type(mine) and a.player == mine.player]
    if mine.is_chance or len(same) != 1:
        return ""
    lesson = say(left.state, same[0]).rstrip(".")
    return (
        f"Your choice is legal, and not the lesson's: here the lesson plays “{lesson}”. "
        "Your moves are kept apart from the lesson's; Back to the lesson returns to its moves, "
        "where its text waits."
    )
