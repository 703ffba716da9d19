"""The move tree's edits of the tutor's session (``TutorSession``): Promote (make the main
line: the move ▶ plays), Demote (a side line: ▶ plays another move here), Delete and
Undelete, and the comment on the current move (read as text, written in a box opened by a button).
Plain Python, no widgets."""

from __future__ import annotations

from collections.abc import Callable

from ..errors import TimelineError
from ..study.timeline import MAX_COMMENT_CHARS, Node, Timeline

# Delete from here on a lesson's own move: refused, and why (only the learner's moves go)
LESSON_KEPT = (
    "The lesson's own moves cannot be deleted: only the moves you tried yourself can. "
    "Play a move of your own to make one."
)
# The Moves tab's buttons: what they say, what they do when they can (their tooltips). In a
# learner's words (issue 33: "main line" and "side line" are a chess study's; l33 read "Make
# this the way ▶ goes" oddly, l38c "Make this the move ▶ plays" cryptic): which move ▶ follows.
MAIN_LINE, SIDE_LINE, DELETE = (
    "Make ▶ follow this move",
    "Make ▶ follow the other move here",
    "Delete this move and what follows",
)
MAIN_TIP = (
    "Where several moves were tried here, ▶ follows the first of them: this puts this move "
    "first, so ▶ plays it and the move list shows its line."
)
SIDE_TIP = (
    "Put the next move played here first instead: the ▶ button then plays that one, and "
    "this one stays in the list as a move tried here."
)
DELETE_TIP = "Delete this move and every move after it (Undo puts them back)."
# ...and why one cannot act here
AT_START = "The start of the game is no move: step forward to a move first."
NO_OTHER = (
    "No other move was played here instead of this one, so there is no other way to choose: "
    "go back one move and play a different one to make one."
)
IS_MAIN = "▶ already follows this move here."
IS_SIDE = (
    "▶ already follows another move here: this one is a move tried here. "
    f"To make it play this one, press “{MAIN_LINE}”."
)
# The comment on the current move: read as text; written behind a button
EDIT_COMMENT, WRITE_COMMENT, DONE_COMMENT = "Edit the comment", "Write a comment", "Done"
# a reorder that would move a lesson's own move: refused, and why
LESSON_ORDER = "The lesson's own moves keep their order: they stay first, and ▶ follows them."


class TreeEdits:
    """Mixed into ``TutorSession``, which holds these fields and shows the node after each edit."""

    timeline: Timeline
    lesson_id: str
    is_lesson_node: Callable[[Node | None], bool]
    deleted: tuple[Node, int, Node] | None  # (subtree, its place, current)
    deleted_moves: int  # how many moves the last Delete took
    show: Callable[..., None]
    commenting: Node | None = None  # the move whose comment is being written (Moves tab)

    def promote(self) -> None:
        """Make the current move the main line: first among the moves played at its
        position (▶ follows the first)."""
        why = self.unmovable(-1)
        if why:
            return self.show(why)
        self.deleted = None
        node = self.timeline.current
        while node.parent is not None and node.parent.children[0] is not node:
            self.timeline.promote(node)
        self.show()

    def demote(self) -> None:
        """Make the main line here a side line: the next move played here goes first."""
        why = self.unmovable(1)
        if why:
            return self.show(why)
        self.deleted = None
        self.timeline.demote(self.timeline.current)
        self.show()

    def unmovable(self, step: int, node: Node | None = None) -> str:
        """Why ``node`` (default: the current move) cannot be made the main line (``step``
        -1) or a side line (1), in a learner's words; '' when it can. Not at the start; not
        with no other move played at its position; not the main line again (nor a side line
        again); not past a move of the lesson's own."""
        node = node or self.timeline.current
        if node.parent is None:
            return AT_START
        sibs = node.parent.children
        if len(sibs) == 1:
            return NO_OTHER
        i = next(k for k, n in enumerate(sibs) if n is node)
        if step < 0 and i == 0:
            return IS_MAIN
        if step > 0 and i > 0:
            return IS_SIDE
        moved = sibs[: i + 1] if step < 0 else sibs[:2]
        if self.lesson_id and any(self.is_lesson_node(n) for n in moved):
            return LESSON_ORDER
        return ""

    def undeletable(self, node: Node | None = None) -> str:
        """Why the move ``node`` (default: the current one) cannot be deleted: a move of the
        lesson's own line or variations ('' for a move of the learner's own, or in a game)."""
        node = node or self.timeline.current
        if node.parent is None:
            return AT_START
        if self.lesson_id and self.is_lesson_node(node):
            return LESSON_KEPT
        return ""

    def delete(self) -> None:
        """Delete the current move and what follows; the view steps to its parent. Undelete
        puts them back until the next change to the tree. A lesson's own move stays (the
        message says why)."""
        node = self.timeline.current
        why = self.undeletable(node)
        if why:
            return self.show(why)
        at = self.timeline.delete(node)
        self.deleted = (node, at, node)
        self.deleted_moves = sum(1 for _ in self.timeline.walk(node))
        self.show()

    def undelete(self) -> str:
        """Undo the last Delete: the same moves (same nodes) back in their place, and the view
        where it was. Returns why not, or ''."""
        if self.deleted is None:
            return "Nothing to undo."
        node, at, current = self.deleted
        self.deleted = None
        try:
            self.timeline.undelete(node, at)
        except ValueError as e:
            self.show(f"The deleted moves cannot be put back: {e}.")
            return str(e)
        self.timeline.goto(current)
        self.show()
        return ""

    def write_comment(self, on: bool) -> None:
        """Open (``on``) or close the box that writes the current move's comment; it closes
        by itself when another move shows."""
        self.commenting = self.timeline.current if on else None

    def comment(self, text: str) -> None:
        """The comment on the current move; refused past ``MAX_COMMENT_CHARS``."""
        if not isinstance(text, str) or len(text) > MAX_COMMENT_CHARS:
            raise TimelineError(
                f"A comment holds at most {MAX_COMMENT_CHARS:,} characters: this one was not kept."
            )
        self.timeline.current.comment = text
