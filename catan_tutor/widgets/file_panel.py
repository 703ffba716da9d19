"""The File tab, a view of the session: the position text to copy or paste, scenario download
(readable YAML, ``scenario_write.py``) and upload, and the Author view with its panel
(``authoring.py``).
"""

from __future__ import annotations

import base64
import html
import re
from collections.abc import Callable

import ipywidgets as widgets

from . import icons
from .tutor_session import TutorSession

# (no tooltip: ipywidgets showed "null" on hover)
UPLOAD_TIP = "open a lesson file (.yaml) saved on this computer"
# at a puzzle's open question (``FilePanel.show``)
SECRET_POSITION = (
    "The position text shows once the question is answered (it says whose move it is)."
)
# (and the author's tools tell its answer: a teacher's, l43 ticked them at 4.3 unwarned)
SECRET_DOWNLOAD = (
    "The lesson file can be downloaded once the question is answered. The author's tools "
    "below show its answer: leave them off to solve it yourself."
)
# ... and elsewhere in a lesson with a question not answered yet (l47 at 9.18, before its
# first question: the file listed every answer, "- P2 play merchant O", and the hints)
DOWNLOAD_LATER = (
    "The lesson file holds the answers to its questions: it can be downloaded once you have "
    "answered them, or with the Lesson author's tools on (they show the answers)."
)
# the download held back, in words on a row of their own under the upload (a span kept the
# widget's 28 px line: its lines were double spaced, and its margin indented the first, s35)
HELD_BACK = "<div style='line-height:1.35'>{}</div>"
# its placeholder otherwise: the box's name for a screen reader too (an empty one left it
# nameless: axe's "label", s31)
POSITION_HINT = "The position as text: copy it, or paste one and press Load position."
# what the text is, over it (l45 read the bare notation as the page's raw data; a fold under a
# button, s33, was reverted: after it a phone's Enter in the answer box sent nothing)
POSITION_WORDS = (
    "The whole position in one line of the tutor's own notation, as a chess FEN is: copy it "
    "to keep or send this position, or paste one and press Load position. It shows every hand."
)


class FilePanel:
    """``FilePanel(session, guard, lesson_text, below)``: ``widget``, with ``below`` (the
    Author panel) under it; ``show()`` writes the position and the download link of
    ``lesson_text()`` (the tutor calls it while the tab shows)."""

    def __init__(
        self,
        session: TutorSession,
        guard: Callable[[Callable], Callable],
        lesson_text: Callable[[], str],
        below: widgets.Widget,
    ) -> None:
        self.session, self.lesson_text = session, lesson_text
        b, lay = widgets.Button, widgets.Layout
        self.position = widgets.Textarea(layout=lay(width="100%", height="96px"))
        self.load_position = b(
            description="Load position",
            icon="upload",
            tooltip="start a new game from the position pasted above",
        )
        self.load_position.on_click(guard(lambda _: self.set_position(self.position.value)))
        self.download = widgets.HTML()
        self.download.add_class("catan-download")  # (its link, or why it is held back)
        self.upload = widgets.FileUpload(
            accept=".yaml,.yml",
            multiple=False,
            description="Open a lesson file",
            tooltip=UPLOAD_TIP,
            layout=widgets.Layout(width="auto"),
        )
        self.upload.add_class("catan-upload")  # (its count of files not said: upload_words.js)
        self.upload.observe(guard(self.on_upload), names="value")
        self.file_status = widgets.HTML()
        self.author = widgets.Checkbox(
            value=False,
            indent=False,
            description="Lesson author's tools",  # short: a long label is cut at 1024
            tooltip="write a lesson, check what it expects",
            layout=widgets.Layout(width="auto"),
        )
        self.author.observe(
            guard(lambda change: session.set_author_view(change["new"])), names="value"
        )
        self.widget = widgets.VBox(
            [
                widgets.HTML(
                    f"<b>Position text</b><div style='font-size:12px;line-height:1.35'>"
                    f"{POSITION_WORDS}</div>"
                ),
                self.position,
                self.load_position,
                widgets.HTML("<b>Lesson file</b>"),
                widgets.HBox([self.upload, self.download]),
                self.file_status,
                self.author,
                below,
            ]
        )

    def _status(self, error: str, done: str) -> str:
        self.file_status.value = (
            f"<span style='color:#b71c1c'>{icons.NO} {html.escape(error)}</span>"
            if error
            else f"<span style='color:#2e7d32'>{icons.OK} {html.escape(done)}</span>"
        )
        return error

    def set_position(self, text: str) -> str:
        """Start over at a pasted position text; a bad text shows its error, nothing changes."""
        return self._status(self.session.set_position(text), "position loaded")

    def load_scenario_text(self, text: str | bytes, name: str = "<upload>") -> str:
        """Open a scenario's text (or UTF-8 bytes); a malformed one shows its error, with its
        file and line, and keeps the game."""
        return self._status(self.session.load_scenario_text(text, name), f"opened {name}")

    def on_upload(self, change) -> None:
        files = change["new"]
        if not files:
            return
        f = files[0]
        self.load_scenario_text(bytes(f["content"]), f["name"])  # bytes: errors name the line

    def _unanswered(self) -> bool:
        """The lesson shown asks a question the learner has not answered (not with the
        author's tools on: they show every answer)."""
        s = self.session
        sc = s.scenario
        if s.author_view or sc is None or sc.timeline is not s.timeline:  # (a game: none)
            return False
        nodes = (s.timeline.nodes.get(n) for n in sc.puzzles)
        return any(n is not None and s.puzzle.key(n) not in s.puzzle.solved for n in nodes)

    def show(self) -> None:
        """The position text and the download link; at a puzzle's open question neither
        (``puzzle_secret``): the text says whose turn it is ("active=P3" at 1.4's "Whose turn
        is it to place?"), the lesson file holds the answer; the download neither in a lesson
        with a question unanswered."""
        if self.session.puzzle_secret:
            self.position.value, self.position.placeholder = "", SECRET_POSITION
            self.download.value = HELD_BACK.format(SECRET_DOWNLOAD)
            return
        self.position.value = self.session.game.position()
        self.position.placeholder = POSITION_HINT
        if self._unanswered():
            self.download.value = HELD_BACK.format(DOWNLOAD_LATER)
            return
        text = self.lesson_text()  # readable, reads back the same
        data = base64.b64encode(text.encode()).decode()
        title = self.session.as_scenario().title
        name = re.sub(r"[^a-z0-9]+", "_", title.lower()).strip("_")
        self.download.value = (
            f"<a download='{name or 'scenario'}.catan.yaml' "
            f"href='data:text/yaml;base64,{data}' "
            f"style='margin-left:12px'>{icons.DOWNLOAD} Download as a lesson file</a>"
        )
