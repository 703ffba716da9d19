"""A new visit on a bare address opens what the learner last had on screen (l30: a new browser
session, its storage kept, opened lesson 1.1 while the learner had been in another; the solved
counts were kept, their place was not).

The page script keeps the tutor's part of the address (``lesson=ID&node=N…``, ``address.py``)
in the browser's storage whenever it changes and, on a page whose address names nothing, sends
the one kept before the page opened with the stored progress, as ``"last"`` (``catan_page.js``,
"Progress"). The app opens it (``App.resume``: a damaged one is ignored) unless the address
named something or the learner has moved since the page opened."""

from __future__ import annotations

import json

from .tutor_session import TutorSession

MAX_LAST_CHARS = 4000  # = catan_page.js's MAX_LAST_CHARS: a lesson's link, a short game


def last_of(text: str) -> str:
    """The place ``text`` (the JSON the page sent) names as the last ('' for none)."""
    try:
        data = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        return ""
    last = data.get("last") if isinstance(data, dict) else None
    if not isinstance(last, str) or not 0 < len(last) <= MAX_LAST_CHARS:
        return ""
    return last


class LastPlace:
    """What a page opened on a bare address showed first, till the learner moves: the last
    place is opened over it only then (``due``), once."""

    def __init__(self, session: TutorSession) -> None:
        self.session = session
        self.first: tuple[str, int] | None = None  # (lesson id, node id) shown first

    def opened(self, bare: bool) -> None:
        """The page opened: on a bare address (``bare``) the last place may come."""
        s = self.session
        self.first = (s.lesson_id, s.timeline.current.id) if bare else None

    def due(self) -> bool:
        """The page opened on a bare address and still shows what it showed first (no move
        of the learner's, no other step or lesson); asked once."""
        s, first, self.first = self.session, self.first, None
        return first == (s.lesson_id, s.timeline.current.id) and not s.own_moves()
