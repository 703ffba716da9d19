"""What the tutor's session (``TutorSession``) shows and how another is shown: another game,
lesson, position or lesson file opened, the lesson kept as the learner left it and shown
again, the position edited (a new line of its own) and Undo edit back through them. Plain
Python, no widgets."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..errors import CatanError
from ..game import Game
from ..study.editor import edit
from ..study.scenario import Scenario, loads_scenario
from ..study.timeline import Node, Timeline
from .session_choices import EditChoice
from .session_line import LessonNodes
from .session_seats import SeatSettings

if TYPE_CHECKING:
    from .links import Link
    from .puzzle_state import PuzzleState

MAX_EDIT_UNDO = 20  # edits and opened games that Undo edit can go back through
# what an edit or another game replaces, and Undo edit puts back
RESTORED = ("timeline", "scenario", "lesson_id", "origin", "lesson_nodes", "origin_node")
# What an edit did: the game goes on from the edited position, a line of its own
EDITED = (
    "Edited: you play on from this position, a game of your own; Undo edit brings back the "
    "moves before it."
)
EDITED_SEATS = (
    "Edited: you play on from this position, a game of your own with the same players (the "
    "computers too); Undo edit brings back the moves before it."
)


def timeline_of(source: Game | Scenario) -> Timeline:
    """A scenario's timeline (read ones have one), or a new one from a game."""
    if isinstance(source, Scenario):
        if source.timeline is None:
            raise ValueError(f"scenario {source.title!r} has no timeline")
        return source.timeline
    return Timeline(source)


class SessionSources(SeatSettings):
    """Mixed into ``TutorSession``, which holds these fields and shows the node opened."""

    timeline: Timeline
    scenario: Scenario | None
    lesson_id: str
    origin: Link | None
    origin_node: Node | None
    lesson_nodes: LessonNodes
    skipped: set[int]
    edits: deque[tuple]
    editing: bool
    link_shown: bool
    edit_choice: EditChoice
    deleted: tuple[Node, int, Node] | None
    tried_text: str
    puzzle: PuzzleState
    show: Callable[..., None]
    say: Callable[[str], None]

    def open(
        self, source: Game | Scenario, lesson_id: str = "", origin: Link | None = None
    ) -> None:
        """Show another game or scenario (Undo edit goes back to the one shown before);
        ``lesson_id`` names a lesson of the app's library (kept in the page's address),
        ``origin`` the new-game link that made ``source`` (the link of its start). A lesson
        whose first step asks a question opens at it (``PuzzleState.opening``)."""
        scenario = source if isinstance(source, Scenario) else None
        timeline = timeline_of(source)
        nodes = (
            {n.id: (n, n.parent.id if n.parent else -1, n.action) for n in timeline.nodes.values()}
            if lesson_id
            else {}
        )
        self._restart(timeline, scenario, lesson_id, origin, nodes, ask=bool(lesson_id))

    def kept(self) -> tuple:
        """The lesson shown as it is now (its tree, scenario and the nodes its file made), to
        be shown again with ``reopen``."""
        return (self.timeline, self.scenario, self.lesson_id, self.lesson_nodes)

    def reopen(self, kept: tuple) -> None:
        """Show a lesson again as ``kept`` kept it, at the move it was left at."""
        timeline, scenario, lesson_id, nodes = kept
        self._restart(timeline, scenario, lesson_id, None, nodes)

    def _restart(
        self,
        timeline: Timeline,
        scenario: Scenario | None,
        lesson_id: str = "",
        origin: Link | None = None,
        lesson_nodes: LessonNodes | None = None,
        ask: bool = False,
        edited: bool = False,
    ) -> None:
        self.edits.append(tuple(getattr(self, name) for name in RESTORED))
        self.deleted = None
        self.timeline, self.scenario, self.lesson_id = timeline, scenario, lesson_id
        self.skipped = set()  # (the steps ▶| passed over: the last lesson's)
        self.origin, self.lesson_nodes = origin, lesson_nodes or {}
        self.origin_node = timeline.current
        self.puzzle.forget()  # the last lesson's words on its questions go with it
        question = self.puzzle.opening() if ask else None
        if question is not None:  # its question at once, not a ▶ away (issue 33)
            timeline.goto(question)
        self.tried_text = ""  # another game: Try a move starts empty
        if not edited:  # another game, not an edit of this one: its per-game views close
            self.editing = self.link_shown = False  # (issue 33: the Editor's mode leaked)
            self.edit_choice.reset()  # and the Editor's choices start afresh
        self.clear_seats()  # every seat human until the game's seats are set
        self.emit("opened")
        self.show()

    def as_scenario(self) -> Scenario:
        """The timeline as a scenario: the loaded one's title and texts, or a position."""
        sc, root = self.scenario, Game(self.timeline.rules, self.timeline.root.state)
        if sc is not None and sc.timeline is self.timeline:
            return sc
        return Scenario(
            title="Position",
            variant=root.variant,
            players=root.players,
            position=root.position(),
            timeline=self.timeline,
        )

    def make_lesson(self) -> Scenario:
        """The lesson shown; a game shown becomes one (untitled, started where it starts)."""
        sc = self.scenario
        if sc is None or sc.timeline is not self.timeline:
            root = Game(self.timeline.rules, self.timeline.root.state)
            sc = Scenario(
                title="",
                variant=root.variant,
                players=root.players,
                position=root.position(),
                timeline=self.timeline,
            )
            self.scenario = sc
        return sc

    # ------------------------------------------------------------ editing, files
    def apply_edit(self, op: str) -> str:
        """Apply one editor operation at the current node: the result is a new root (the
        moves before it are kept for Undo edit). Returns the engine's error, or ''."""
        try:
            game = edit(self.game, op)
        except CatanError as e:
            return str(e)
        seats = self.kept_seats()  # the same players go on from the edited position
        self._restart(Timeline(game, with_history=False), None, edited=True)
        self.restore_seats(seats)
        self.say(EDITED_SEATS if seats[0] else EDITED)
        return ""

    def undo_edit(self) -> str:
        if not self.edits:
            return "Nothing to undo."
        for name, value in zip(RESTORED, self.edits.pop(), strict=True):
            setattr(self, name, value)
        self.deleted = None
        self.puzzle.forget()
        self.emit("restored")
        self.show()
        return ""

    def set_position(self, text: str) -> str:
        """Start over at a position text; a bad one changes nothing. Returns its error or ''."""
        try:
            game = Game.from_position(text.strip())
        except CatanError as e:
            return str(e)
        self._restart(Timeline(game, with_history=False), None)
        return ""

    def load_scenario_text(self, text: str | bytes, name: str = "<upload>") -> str:
        """Open a scenario's text (or UTF-8 bytes); a malformed one changes nothing. Returns
        its error (with its file and line), or ''."""
        try:
            sc = loads_scenario(text, name)
        except CatanError as e:
            return str(e)
        self._restart(timeline_of(sc), sc)
        return ""
