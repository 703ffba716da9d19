"""The learner's progress through the course: the lessons completed and the puzzles solved.

Kept where the learner is: in a browser (the Voilà page), in its local storage, through two
hidden widgets the page script reads and writes (``catan_page.js``, "Progress"); in a notebook,
in a small JSON file beside it (``catan-tutor-progress.json``); elsewhere (tests, scripts), in
memory only. Progress only grows: both sides merge what they get (union), so a page that
reloads, or a kernel that started before the page sent what it kept, loses nothing.

A lesson is completed when the learner reaches the end of its main line with every question
on that line answered (catan_tutor.study.puzzle). At the end of a lesson a *Next lesson* button
opens the next one of the course.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import ipywidgets as widgets

from . import icons, markup
from .last_place import last_of
from .older_in_list import with_older_names
from .solved_again import counts_solved

if TYPE_CHECKING:
    from ..study.library import Lesson
    from .tutor_session import TutorSession

PROGRESS_FILE = "catan-tutor-progress.json"
MAX_PROGRESS_CHARS = 64 * 1024  # what a page may send (ids of a few hundred lessons)
MAX_IDS = 2000  # lessons completed, and lessons with solved puzzles, kept in all
MAX_SOLVED = 200  # solved puzzles kept per lesson (a lesson has a few)
DONE = " · done"  # words: a list option holds no icon


def marked_done(label: str) -> str:
    """A completed lesson's list option: "3.2  Title · done", its number first as every
    option's (l19: "done · 3.2  …" put the numbers out of line), the mark after the title
    (l42 read "3.2  done · Puzzle: …" as odd)."""
    return label + DONE


class Progress:
    """Completed lesson ids and, per lesson id, the node ids of its solved puzzles; saved to
    ``path`` on each change when it has one."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path
        self.done: set[str] = set()
        self.solved: dict[str, set[int]] = {}
        if path is not None and path.is_file():
            try:
                self.merge(path.read_text(encoding="utf-8"))
            except OSError:
                pass

    @classmethod
    def default(cls) -> Progress:
        """A file beside the notebook in a notebook kernel (not under Voilà, whose page keeps
        it in the browser); memory only anywhere else."""
        in_voila = os.environ.get("SERVER_SOFTWARE", "").startswith("voila")
        shell = getattr(sys.modules.get("IPython"), "get_ipython", lambda: None)()
        in_kernel = type(shell).__name__ == "ZMQInteractiveShell"
        return cls(Path.cwd() / PROGRESS_FILE if in_kernel and not in_voila else None)

    def to_json(self) -> str:
        return json.dumps(
            {
                "done": sorted(self.done),
                "solved": {k: sorted(v) for k, v in sorted(self.solved.items())},
            },
            separators=(",", ":"),
        )

    def merge(self, text: str) -> bool:
        """Add what ``text`` (JSON as ``to_json`` writes it) holds; anything else in it is
        ignored, and so is what would pass MAX_IDS lessons or MAX_SOLVED puzzles of a lesson
        in all, however many merges bring it. Returns whether something was new."""
        if not isinstance(text, str) or len(text) > MAX_PROGRESS_CHARS:
            return False
        try:
            data = json.loads(text)
        except ValueError:
            return False
        if not isinstance(data, dict):
            return False
        new = False
        done = data.get("done")
        for x in done[:MAX_IDS] if isinstance(done, list) else ():
            if len(self.done) >= MAX_IDS:  # in all, over every merge
                break
            if isinstance(x, str) and 0 < len(x) <= 200 and x not in self.done:
                self.done.add(x)
                new = True
        solved = data.get("solved")
        for k, nodes in list(solved.items())[:MAX_IDS] if isinstance(solved, dict) else ():
            if not (isinstance(k, str) and 0 < len(k) <= 200 and isinstance(nodes, list)):
                continue
            if k not in self.solved and len(self.solved) >= MAX_IDS:
                continue
            had = self.solved.get(k, set())
            room = MAX_SOLVED - len(had)
            ids = sorted({n for n in nodes[:MAX_IDS] if type(n) is int and 0 <= n < 1 << 30} - had)[
                : max(0, room)
            ]
            if ids:
                self.solved.setdefault(k, set()).update(ids)
                new = True
        if new:
            self.save()
        return new

    def complete(self, lesson_id: str) -> bool:
        """Mark a lesson completed; whether it was new."""
        if not lesson_id or lesson_id in self.done:
            return False
        self.done.add(lesson_id)
        self.save()
        return True

    def solve(self, lesson_id: str, node_id: int) -> bool:
        """Mark a lesson's puzzle solved; whether it was new."""
        if not lesson_id or node_id in self.solved.get(lesson_id, set()):
            return False
        self.solved.setdefault(lesson_id, set()).add(node_id)
        self.save()
        return True

    def save(self) -> None:
        if self.path is not None:
            try:
                self.path.write_text(self.to_json() + "\n", encoding="utf-8")
            except OSError:  # a read-only folder: progress stays for this session
                self.path = None


def lesson_done(session: TutorSession) -> bool:
    """The session shows a lesson at the end of its main line, every question on it
    answered."""
    tl, sc = session.timeline, session.scenario
    if not session.lesson_id or sc is None or sc.timeline is not tl:
        return False
    node = tl.current
    if node.children or any(not n.is_main() for n in tl.path(node)):
        return False
    return not any(session.puzzle.unanswered(n) for n in tl.path(node))  # passed over: no


def _puzzles_asked(lessons) -> int:
    """How many questions the lessons ask: their ``puzzle:`` keys, counted in the text (no
    lesson is loaded for it)."""
    count = 0
    for x in lessons:
        if x.error:
            continue
        try:
            text = x.path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        count += sum(
            1
            for line in text.splitlines()
            if line.lstrip(" -") == "puzzle:" or line.lstrip(" -").startswith("puzzle: ")
        )
    return count


class CourseProgress:
    """The app's progress: marks in the lesson list (``picker``, offering the labels
    ``listed()`` returns, default every one of ``lessons``), *Next lesson* at a lesson's end
    (``open_lesson(id)``), and the hidden widgets that keep it in the browser; ``session`` is
    the tutor's, ``guard`` wraps the handlers."""

    def __init__(
        self,
        session: TutorSession,
        lessons: dict[str, Lesson],
        picker: widgets.Dropdown,
        open_lesson: Callable[[str], object],
        guard: Callable[[Callable], Callable],
        store: Progress | None = None,
        listed: Callable[[], list[str]] | None = None,
    ) -> None:
        self.session, self.lessons, self.picker = session, lessons, picker
        self.listed = listed or (lambda: list(lessons))  # the labels the list offers
        self.open_lesson = open_lesson
        self.store = store if store is not None else Progress.default()
        lay = widgets.Layout
        self._guard = guard
        self._next: widgets.Button | None = None  # Next lesson: built at a lesson's end
        self.out = widgets.HTML(layout=lay(display="none"))  # read by the page script
        self.into = widgets.Text(layout=lay(display="none"))  # written by the page script
        self.into.add_class("catan-progress-in")
        self.into.observe(guard(self._from_page), names="value")
        self.on_last: Callable[[str], None] | None = None  # the app's (last_place.py)
        self.summary = widgets.HTML()
        self.summary.add_class("catan-progress-summary")
        self._asked = _puzzles_asked(lessons.values())
        # Next lesson goes where the app puts it (under the lesson's text: nothing above the
        # board grows when it shows); the summary and the hidden widgets here
        self.widget = widgets.HBox(
            [self.summary, self.out, self.into], layout=lay(align_items="center")
        )
        self.widget.add_class("catan-progress-row")
        session.on("shown", self.update)
        self._restore_solved()
        self._publish()
        self.marks()
        self.update()

    def _from_page(self, change) -> None:
        if self.store.merge(change["new"]):
            self._restore_solved()
            self.marks()
            self.session.show()
        self._publish()
        last = last_of(change["new"])  # the place a bare address opens (last_place.py)
        if last and self.on_last is not None:
            self.on_last(last)

    def _restore_solved(self) -> None:
        """Puzzles solved on an earlier visit count as answered in this one, but those asked
        afresh since (Try again, then a reload: ``solved_again.counts_solved``)."""
        puzzle = self.session.puzzle
        for lesson_id, nodes in self.store.solved.items():
            keys = ((lesson_id, n) for n in nodes)
            puzzle.solved.update(k for k in keys if counts_solved(puzzle, k))

    def update(self) -> None:
        """After each move shown: record solved puzzles and a completed lesson; show Next
        lesson at the end of a lesson."""
        t = self.session
        changed = False
        ids = {x.id for x in self.lessons.values()}
        for lesson_id, node_id in list(t.puzzle.solved - t.puzzle.given):
            if lesson_id in ids:  # not an uploaded scenario's (nor one a link answered)
                changed |= self.store.solve(lesson_id, node_id)
        if changed:
            self.marks()
        done = lesson_done(t)  # its end reached; done once no step ▶| passed over is unseen
        if done and not t.skipped and self.store.complete(t.lesson_id):
            changed = True
            self.marks()
        nxt = self.following() if done else None
        if nxt is not None:
            self.next_button.layout.display = ""
            self.next_button.tooltip = f"open {nxt.label}"
        elif self._next is not None:
            self._next.layout.display = "none"
        if changed:
            self._publish()

    @property
    def next_button(self) -> widgets.Button:
        """*Next lesson*, shown beside "This lesson is over" under the lesson's text (built the
        first time a lesson ends: issue 35)."""
        if self._next is None:
            self._next = widgets.Button(
                description="Next lesson",
                icon="forward",
                button_style="success",
                layout=widgets.Layout(width="auto", display="none"),
            )
            self._next.add_class("catan-next-lesson")
            self._next.on_click(self._guard(lambda _: self.next()))
        return self._next

    def following(self):
        """The lesson after the one shown, in the course's order (None at the last)."""
        order = [x for x in self.lessons.values() if not x.error]
        ids = [x.id for x in order]
        here = self.session.lesson_id
        if here not in ids or ids.index(here) + 1 >= len(ids):
            return None
        return order[ids.index(here) + 1]

    def next(self) -> None:
        nxt = self.following()
        if nxt is not None:
            self.open_lesson(nxt.id)

    def marks(self) -> None:
        """The lesson list with "done" before each completed lesson (the choice kept), and how
        many lessons and puzzles of the whole course are done (a drawn check mark), said to
        be the course's: a lesson's text counts its own puzzles ("three puzzles")."""
        ids = {x.id for x in self.lessons.values() if not x.error}
        done = len(self.store.done & ids)
        solved = sum(len(n) for k, n in self.store.solved.items() if k in ids)
        # nothing done yet: the words unseen (and unheard), their room kept (style.py)
        unseen = "" if done or solved else " class='catan-unseen'"
        self.summary.value = (
            f"<span{unseen} style='color:#37474f;font-size:13px;margin-left:8px'>"
            f"{icons.OK} Course: {done} of {len(ids)} lessons done · "
            f"{min(solved, self._asked)} of {self._asked} puzzles solved</span>"
        )
        picker = self.picker
        options = [  # (a card named by the newer rulebook: its older name beside it, l35)
            (marked_done(shown) if x.id in self.store.done else shown, label)
            for label in self.listed()
            for x, shown in ((self.lessons[label], with_older_names(label)),)
        ]
        if list(picker.options) == options:
            return
        keep = picker.value  # the lesson shown: picking it again opens nothing (App.on_pick)
        picker.value = None  # options set under no value keep it: no other lesson in between
        picker.options = options
        picker.value = keep if keep in [label for _, label in options] else None

    def _publish(self) -> None:
        data = markup.text(self.store.to_json())
        self.out.value = f"<span class='catan-progress' data-progress='{data}' hidden></span>"
