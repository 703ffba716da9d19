"""The Moves tab, a view of the session's tree: the move list (``move_list.py``: a click jumps
there), Move up, Move down and Delete from here (the tree's promote, demote and delete;
"Deleted N moves · Undo" puts the same moves back until the next change to the tree) and the
comment on the current move. Below a lesson's question not answered yet the list shows
nothing (the answer stays a secret).
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from .move_list import MoveList
from .tutor_session import TutorSession, start_node

MOVE_TIPS = (
    "move this line one place up (the top one is the main line)",
    "move this line one place down",
)


class MovesPanel:
    """``MovesPanel(session, guard)``: ``widget``; ``show()`` writes the tree (the tutor calls
    it while the tab shows); the Undo row follows the session at every node shown."""

    def __init__(self, session: TutorSession, guard: Callable[[Callable], Callable]) -> None:
        self.session = session
        b, lay = widgets.Button, widgets.Layout
        self.tree = MoveList(guard(session.goto), guard(session.step))
        self.tree_buttons = [b(description=d, tooltip=t) for d, t in (
            ("Move up", MOVE_TIPS[0]), ("Move down", MOVE_TIPS[1]),
            ("Delete from here", "delete this move and everything after it"))]  # fmt: skip
        for button, fn in zip(
            self.tree_buttons, (session.promote, session.demote, session.delete), strict=True
        ):
            button.on_click(guard(lambda _, fn=fn: fn()))
        self.comment = widgets.Textarea(
            placeholder="a comment on the current move", layout=lay(width="100%", height="54px")
        )
        self.comment.observe(guard(self._on_comment), names="value")
        # After Delete: what went, and Undo (until the next change to the tree)
        self.deleted_note = widgets.Label()
        self.undo_delete = b(
            description="Undo",
            icon="undo",
            tooltip="put the deleted moves back",
            layout=lay(width="auto"),
        )
        self.undo_delete.add_class("catan-undo-delete")
        self.undo_delete.on_click(guard(lambda _: session.undelete()))
        self.deleted_row = widgets.HBox(
            [self.deleted_note, self.undo_delete], layout=lay(display="none", align_items="center")
        )
        self.kept_note = widgets.HTML()  # why Delete is greyed on a lesson's own move
        self.kept_note.add_class("catan-delete-kept")
        self.widget = widgets.VBox(
            [
                self.tree.widget,
                widgets.HBox(self.tree_buttons),
                self.kept_note,
                self.deleted_row,
                self.comment,
            ]
        )
        session.on("shown", self._deleted_row)
        session.on("seats", self.show)  # hands shown or hidden: the cards drawn too

    def _deleted_row(self) -> None:
        s = self.session
        if s.deleted is not None:
            n = s.deleted_moves
            self.deleted_note.value = f"Deleted {n} move{'s' if n != 1 else ''}"
        self.deleted_row.layout.display = "" if s.deleted is not None else "none"

    def _on_comment(self, change) -> None:
        if change["new"] != self.session.node.comment:
            self.session.comment(change["new"])

    def show(self) -> None:
        """The tree, the comment on the current move, and the buttons (none at the start)."""
        tl = self.session.timeline
        # no answer before it is found; a card dealt to a hand not shown is not named
        self.tree.show(tl, self.session.puzzle.hidden(), self.session.hand_seats())
        self.comment.value = tl.current.comment
        root = tl.current in (tl.root, start_node(tl))
        for button in self.tree_buttons:
            button.disabled = root
        for button, step, tip in zip(self.tree_buttons[:2], (-1, 1), MOVE_TIPS, strict=True):
            order = "" if root else self.session.unmovable(step)
            button.disabled = root or bool(order)
            button.tooltip = order or tip
        why = "" if root else self.session.undeletable()
        self.tree_buttons[2].disabled = root or bool(why)
        self.tree_buttons[2].tooltip = why or "delete this move and everything after it"
        note = f"<span style='color:#666;font-size:12px'>{why}</span>"
        self.kept_note.value = note if why else ""
