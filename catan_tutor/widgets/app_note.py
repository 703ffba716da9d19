"""The remark above the tutor (not an error): "Your 1 move in “Setting up a base game” is kept:
open it again to go on." It goes once the learner moves on in what is shown (l47 read that
line at the end of lesson 1.4, long after opening it)."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

import ipywidgets as widgets

if TYPE_CHECKING:
    from .tutor_session import TutorSession


class AppNote:
    """``AppNote(status, session)``: ``say(*texts)`` writes the remark into ``status`` ('' for
    none: it clears); the next step or move (a "shown" with another node) clears it."""

    def __init__(self, status: widgets.HTML, session: TutorSession) -> None:
        self.status, self.session = status, session
        self.at: object = None  # the node the remark was said at
        session.on("shown", self._gone)

    def say(self, *texts: str) -> None:
        text = " ".join(t for t in texts if t)
        self.at = self.session.timeline.current if text else None
        self.status.value = (
            f"<span class='catan-note' style='color:#37474f'>{html.escape(text)}</span>"
            if text
            else ""
        )

    def _gone(self) -> None:
        if self.at is not None and self.session.timeline.current is not self.at:
            self.say()
