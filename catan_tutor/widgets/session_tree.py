"""The move tree's edits of the tutor's session (``TutorSession``): Promote, Demote, Delete
and Undelete, and the comment on the current move. Plain Python, no widgets."""

from __future__ import annotations

from collections.abc import Callable

from ..errors import TimelineError
from ..study.timeline import MAX_COMMENT_CHARS, Node, Timeline

# Delete from here on a lesson's own move: refused, and why (only the learner's moves go)
LESSON_KEPT = (
    "The lesson's own moves cannot be deleted: only the moves you tried yourself can. "
    "Play a move of your own to make one."
)
# Move up or Move down that would move a lesson's own move: refused, and why
LESSON_ORDER = "The lesson's own moves keep their order: only the moves you tried move up or down."


class TreeEdits:
    """Mixed into ``TutorSession``, which holds these fields and shows the node after each edit."""

    timeline: Timeline
    lesson_id: str
    is_lesson_node: Callable[[Node | None], bool]
    deleted: tuple[Node, int, Node] | None  # (subtree, its place, current)
    deleted_moves: int  # how many moves the last Delete took
    show: Callable[..., None]

    def promote(self) -> None:
        why = self.unmovable(-1)
        if why:
            return self.show(why)
        self.deleted = None
        self.timeline.promote(self.timeline.current)
        self.show()

    def demote(self) -> None:
        why = self.unmovable(1)
        if why:
            return self.show(why)
        self.deleted = None
        self.timeline.demote(self.timeline.current)
        self.show()

    def unmovable(self, step: int, node: Node | None = None) -> str:
        """Why ``node`` (default: the current move) cannot move ``step`` places (-1 up, 1
        down) among its siblings: the swap would move a move of the lesson's own ('' when
        it may, or when there is nothing to swap with)."""
        node = node or self.timeline.current
        if not self.lesson_id or node.parent is None:
            return ""
        sibs = node.parent.children
        i = next(k for k, n in enumerate(sibs) if n is node) + step
        if not 0 <= i < len(sibs):
            return ""
        return LESSON_ORDER if self.is_lesson_node(node) or self.is_lesson_node(sibs[i]) else ""

    def undeletable(self, node: Node | None = None) -> str:
        """Why the move ``node`` (default: the current one) cannot be deleted: a move of the
        lesson's own line or variations ('' for a move of the learner's own, or in a game)."""
        node = node or self.timeline.current
        if self.lesson_id and node.parent is not None and self.is_lesson_node(node):
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

    def comment(self, text: str) -> None:
        """The comment on the current move; refused past ``MAX_COMMENT_CHARS``."""
        if not isinstance(text, str) or len(text) > MAX_COMMENT_CHARS:
            raise TimelineError(
                f"A comment holds at most {MAX_COMMENT_CHARS:,} characters: this one was not kept."
            )
        self.timeline.current.comment = text
