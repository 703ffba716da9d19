"""The spots the page's words name, found in the kernel from the same text the page shows (issue
33): a board starts without its labels (about 120 of them would hide the numbers and pieces),
yet its sentences name spots ("a road on K5"), so the board labels those. The page read its
words and told the kernel, which then labelled them: a round trip late, a step showed the step
before's labels (at puzzle 2p@1's question the lesson start's "G5", an answer). Now the labels
are drawn in the same update as the words.

Words read: what the game waits for (``.catan-head``), the lesson, the lesson's line, the
question, the message under the actions, the why-not line under the board and the board
column's lines (a tap's reply, the pointer's spot), Try a move's verdict and the Moves tab's
current move (of the tabs, the one shown); not a hidden rule's text, a closed
``<details>``'s body, nor an example in quotes or marked as one (``EXAMPLE``). A label
that is also a seat's name (P1, N2) counts only after "corner", "edge", "side", "on" or "at".
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager
from functools import lru_cache
from html.parser import HTMLParser
from typing import Any

import ipywidgets as widgets

from .. import board
from .markup import EXAMPLE

# The boxes whose words count; in the board's column, its lines (Labels) and why-not line
WORDS = (
    "catan-head",
    "catan-lesson",
    "catan-story",  # an open question's step (over it)
    "catan-line",
    "catan-puzzle",
    "catan-message",
    "catan-try-verdict",  # Try a move's verdict on the move typed
)
BOARD_COLUMN, WHY_NOT = "catan-board-col", "catan-why-not"
# The Moves tab's list, whose current move alone counts ("P1 builds a road on F7")
MOVES, CURRENT = "catan-moves", "catan-mv-current"
LABEL = re.compile(r"(\b(?:corners?|edges?|sides?|on|at)\s+)?\b([A-S](?:1[0-2]|[1-9]))\b(?!['’]s)")
QUOTED = re.compile(r'"[^"]*"|“[^”]*”|(^|\s)\'[^\']*\'')
SEATS = frozenset({"P1", "P2", "P3", "P4", "N1", "N2"})
SILENT = frozenset({"style", "script"})  # never words on the page
VOID = frozenset({"br", "hr", "img", "input", "meta", "link", "wbr", "col", "source"})


class _Shown(HTMLParser):
    """The text of an HTML fragment as the page shows it: a space at each tag (no two words
    run together), nothing inside a ``hidden`` element, a style or a script, and of a closed
    ``<details>`` only its ``<summary>``; with ``only``, only inside elements of that class."""

    def __init__(self, only: str = "") -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        # (tag, its content hidden, the element itself hidden)
        self.stack: list[tuple[str, bool, bool]] = []
        self.only, self.inside = only, 0  # (depth inside an element of class ``only``)

    def _hidden(self) -> bool:
        return bool(self.stack) and self.stack[-1][1]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.parts.append(" ")
        if tag in VOID:
            return
        names = {name for name, _ in attrs}
        if self.only and (self.inside or self.only in (dict(attrs).get("class") or "").split()):
            self.inside += 1
        example = EXAMPLE in (dict(attrs).get("class") or "").split()  # (words, no spot)
        hidden = self._hidden() or "hidden" in names or tag in SILENT or example
        if tag == "summary" and self.stack and self.stack[-1][0] == "details":
            hidden = self.stack[-1][2] or "hidden" in names  # a closed one's summary shows
        closed = tag == "details" and "open" not in names
        self.stack.append((tag, hidden or closed, hidden))

    def handle_endtag(self, tag: str) -> None:
        self.parts.append(" ")
        self.inside = max(0, self.inside - 1) if tag not in VOID else self.inside
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                break

    def handle_data(self, data: str) -> None:
        if not self._hidden() and (self.inside or not self.only):
            self.parts.append(data)


@lru_cache(maxsize=256)
def shown_text(fragment: str, only: str = "") -> str:
    """The words an HTML ``fragment`` shows (``_Shown``); ``only``: in elements of that
    class. Kept for the same fragment: a step reads every text of the page again, most of
    them as they were (parsing them was ~3 % of a step's CPU, s31)."""
    parser = _Shown(only)
    parser.feed(fragment)
    parser.close()
    return "".join(parser.parts)


def spots_named(texts: Iterable[str]) -> str:
    """The labels ``texts`` name, in order, once each, separated by commas ("K5,N6,L8"):
    not inside quotes; a seat's name (P1) only after "corner", "edge", "on" or "at". A spot
    named otherwise than its printed label is given by that label ("N9": the edge M3), the
    one the board's Labels draws: a spot has one name on the board (s31)."""
    found: list[str] = []
    for text in texts:
        for m in LABEL.finditer(QUOTED.sub(" ", text)):
            if m.group(2) in SEATS and not m.group(1):
                continue
            for label in _printed(m.group(2)):
                if label not in found:
                    found.append(label)
    return ",".join(found)


def _printed(label: str) -> list[str]:
    """The printed labels of the spots ``label`` names: a corner's, an edge's (an even hour
    names a corner, an odd one an edge); ``label`` itself where it names none."""
    said = []
    for parse, labels in (
        (board.parse_vertex, board.VERTEX_LABELS),
        (board.parse_edge, board.EDGE_LABELS),
    ):
        try:
            said.append(labels[parse(label)])
        except board.LabelError:
            continue
    return said or [label]


def _classes(w: widgets.Widget) -> tuple[str, ...]:
    return tuple(getattr(w, "_dom_classes", ()) or ())


def _shown(w: widgets.Widget) -> bool:
    layout = getattr(w, "layout", None)
    return getattr(layout, "display", None) != "none"


def _texts(w: widgets.Widget) -> Iterator[widgets.Widget]:
    """The widgets with words under ``w`` (itself too), shown ones only."""
    if not _shown(w):
        return
    if isinstance(w, (widgets.HTML, widgets.HTMLMath, widgets.Label)):
        yield w
    for child in getattr(w, "children", ()) or ():
        yield from _texts(child)


def word_widgets(root: widgets.Widget, column: bool = False) -> Iterator[widgets.Widget]:
    """The widgets under ``root`` whose words count (see the module's docstring), shown ones
    only; ``column``: ``root`` is inside the board's column, whose lines count."""
    if not _shown(root):
        return
    classes = _classes(root)
    if isinstance(root, widgets.Tab):  # the tab shown only
        i = root.selected_index
        if i is not None and i < len(root.children):
            yield from word_widgets(root.children[i], column)
        return
    if any(c in WORDS or c == WHY_NOT or c == MOVES for c in classes):
        yield from _texts(root)
        return
    column = column or BOARD_COLUMN in classes
    if column and isinstance(root, widgets.Label):
        yield root
    for child in getattr(root, "children", ()) or ():
        yield from word_widgets(child, column)


def page_spots(root: widgets.Widget) -> str:
    """The labels the words under ``root`` name now ("K5,N6"), read as the page shows them."""
    texts = []
    for w in word_widgets(root):
        value = str(w.value)
        if isinstance(w, widgets.Label):
            texts.append(value)
        else:
            texts.append(shown_text(value, CURRENT if MOVES in _classes(w) else ""))
    return spots_named(texts)


class SpotsFollow:
    """Labels the spots the words under ``root`` name on the board (``label``, given the
    labels as "K5,N6"): asked after each change of the words, once the kernel's work on the
    message that changed them is done (several words change in one step: the board labels
    their final set, never a mix of the step before's and this one's), in the same update
    as the words. Without a running event loop (a script, a test) at once. ``guard`` makes
    a function an event handler (the Tutor's ``safe``: an error shown, never a traceback)."""

    def __init__(
        self,
        root: widgets.Widget,
        label: Callable[[str], None],
        guard: Callable[[Callable[..., Any]], Callable[..., Any]],
    ) -> None:
        self.root, self.label = root, label
        self.due = False  # a labelling is asked for, after the message at hand
        self.held, self.waiting = 0, False  # without a loop: inside a session's events
        self.watched: set[str] = set()  # the model ids of the word widgets observed
        self.on_change, self.on_time = guard(self.changed), guard(self.follow)

    def changed(self, *_: object) -> None:
        """The words may have changed: the board follows them."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            if self.held:  # (the event's end labels them once: ``after_each``)
                self.waiting = True
                return None
            return self.follow()
        if not self.due:
            self.due = True
            loop.call_soon(self.on_time)

    def after_each(self, session: Any) -> None:
        """Follow the words after each of ``session``'s events (its last listener). Without
        an event loop the words an event changes are read once, at its end (inside its
        ``in_one_piece``), not again at each word widget's change (5-10 times a step)."""
        session.subscribe(self.changed)
        outer: Callable[[], AbstractContextManager[object]] = session.in_one_piece
        session.in_one_piece = lambda: self._holding(outer())

    @contextmanager
    def _holding(self, outer: AbstractContextManager[object]) -> Iterator[None]:
        with outer:
            self.held += 1
            try:
                yield
            finally:
                self.held -= 1
            if not self.held and self.waiting:
                self.follow()

    def follow(self) -> None:
        """Label the spots the words name now; watch the word widgets found."""
        self.due = self.waiting = False
        for w in word_widgets(self.root):
            if w.model_id not in self.watched:
                self.watched.add(w.model_id)
                w.observe(self.on_change, names="value")
        self.label(page_spots(self.root))
