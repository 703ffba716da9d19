"""The Moves tab, a view of the session's tree: the move list (``move_list.py``: a click jumps
there), "Make ▶ follow this move", "Make ▶ follow the other move here" and "Delete this move
and what follows" (the tree's promote, demote and delete, each greyed with why where it cannot act;
"Deleted N moves · Undo" puts the same moves back until the next change to the tree) and the
comment on the current move, shown as text: "Edit the comment" (or "Write a comment") opens
the box that writes it, "Done" closes it (issue 33: an open box read as a form to fill in).
Below a lesson's question not answered yet the list shows nothing (the answer stays a secret).
"""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from . import markup
from .move_list import START_OF_GAME, START_OF_LESSON, MoveList
from .session_tree import (
    AT_START,
    DELETE,
    DELETE_TIP,
    DONE_COMMENT,
    EDIT_COMMENT,
    MAIN_LINE,
    MAIN_TIP,
    SIDE_LINE,
    SIDE_TIP,
    WRITE_COMMENT,
)
from .tutor_session import TutorSession, start_node


class MovesPanel:
    """``MovesPanel(session, guard)``: ``widget``; ``show()`` writes the tree (the tutor calls
    it while the tab shows); the Undo row follows the session at every node shown."""

    def __init__(self, session: TutorSession, guard: Callable[[Callable], Callable]) -> None:
        self.session = session
        b, lay = widgets.Button, widgets.Layout
        self.tree = MoveList(guard(session.goto), guard(session.step))
        self.tree_buttons = [
            b(description=d, tooltip=t, layout=lay(width="auto"))
            for d, t in ((MAIN_LINE, MAIN_TIP), (SIDE_LINE, SIDE_TIP), (DELETE, DELETE_TIP))
        ]
        for button, fn in zip(
            self.tree_buttons, (session.promote, session.demote, session.delete), strict=True
        ):
            button.on_click(guard(lambda _, fn=fn: fn()))
        # the comment: text to read; its box only after "Edit the comment" (session.commenting)
        self.comment_text = widgets.HTML()
        self.comment_text.add_class("catan-comment")
        self.comment = widgets.Textarea(
            placeholder="your comment on this move", layout=lay(width="100%", height="54px")
        )
        self.comment.observe(guard(self._on_comment), names="value")
        self.edit_comment = b(layout=lay(width="auto", flex="0 0 auto"), icon="pencil")
        self.edit_comment.add_class("catan-edit-comment")
        self.edit_comment.on_click(guard(lambda _: self._write(self.session.commenting is None)))
        self.comment_box = widgets.HBox(
            [self.comment, self.edit_comment], layout=lay(align_items="flex-start")
        )
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
                widgets.HBox(self.tree_buttons, layout=lay(flex_flow="row wrap")),
                self.kept_note,
                self.deleted_row,
                self.comment_text,
                self.comment_box,
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

    def _write(self, on: bool) -> None:
        self.session.write_comment(on)
        self._comment()

    def _comment(self) -> None:
        """The current move's comment as text; the box that writes it only while open."""
        s, said = self.session, self.session.node.comment
        if s.commenting is not None and s.commenting is not s.node:
            s.write_comment(False)  # another move shows: its own comment, closed
        writing = s.commenting is not None
        self.comment.value = said
        self.comment.layout.display = "" if writing else "none"
        self.comment_text.value = (
            f"<div style='margin:6px 0 2px;line-height:1.4'><b>About this move:</b> "
            f"{markup.text(said)}</div>"
            if said.strip() and not writing
            else ""
        )
        self.edit_comment.description = (
            DONE_COMMENT if writing else EDIT_COMMENT if said.strip() else WRITE_COMMENT
        )

    def show(self) -> None:
        """The tree, the comment on the current move, and the buttons (none at the start)."""
        tl = self.session.timeline
        # no answer before it is found; a card dealt to a hand not shown is not named
        sc = self.session.scenario  # a lesson's (from the course or a file) or none: a game
        lesson = self.session.lesson_id or (sc is not None and sc.timeline is tl)
        start = START_OF_LESSON if lesson else START_OF_GAME
        self.tree.show(
            tl,
            self.session.puzzle.hidden(),
            self.session.hand_seats(),
            start,
            lesson=self.session.lesson_ids() - self.session.puzzle.own,
            asked=sc.puzzles if lesson and sc is not None else frozenset(),
        )
        self._comment()
        root = tl.current in (tl.root, start_node(tl))
        # a button that cannot act here is greyed, its tooltip saying why (issue 33: Move up
        # did nothing and said nothing with no side line)
        for button, step, tip in zip(
            self.tree_buttons[:2], (-1, 1), (MAIN_TIP, SIDE_TIP), strict=True
        ):
            why = AT_START if root else self.session.unmovable(step)
            button.disabled = bool(why)
            button.tooltip = why or tip
        why = "" if root else self.session.undeletable()
        self.tree_buttons[2].disabled = root or bool(why)
        self.tree_buttons[2].tooltip = AT_START if root else why or DELETE_TIP
        # (a block with its own line height: a span kept the widget's 28 px, its lines doubled)
        note = f"<div style='color:#666;font-size:12px;line-height:1.35'>{why}</div>"
        self.kept_note.value = note if why else ""
