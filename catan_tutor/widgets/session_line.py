"""The lesson's line in the tutor's session (``TutorSession``): where the learner left it with a
move of their own, the way back to it, which steps of the timeline lead anywhere, and whether
the lesson is over. Plain Python, no widgets."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..actions import Action
from ..game import Game
from ..sampler import Sampler
from ..study.scenario import Scenario
from ..study.timeline import Node, Timeline
from .back_note import back_note
from .layout_steps import laying_out
from .roll_steps import rolling

if TYPE_CHECKING:
    from .puzzle_state import PuzzleState

# What a lesson's file made: node id -> (node, parent id, move).
LessonNodes = dict[int, tuple[Node, int, Action | None]]

# What the step buttons (and their keys) say when they lead nowhere: never silence.
AT_START = "This is the start: there is no move before it."
AT_END = "This is the end of the lesson: there is no move after it."
OWN_END = (
    "Your own moves end here: the lesson has no move after them. "
    "“Back to the lesson” returns to where your own moves began."
)
GAME_END = "This is the last move played: play a move to go on."
# Forward and to the end while the puzzle here is not solved: the moves after it are its answer
HIDDEN = "Solve the puzzle first: play your move on the board or type it, or take a hint."


class LessonLine:
    """Mixed into ``TutorSession``, which holds these fields and shows the node after each step."""

    timeline: Timeline
    scenario: Scenario | None
    lesson_id: str
    lesson_nodes: LessonNodes
    sampler: Sampler
    show: Callable[..., None]
    start: Callable[[], Node]
    puzzle: PuzzleState
    exploring: bool  # the tools are open (Explore)

    def studying(self) -> bool:
        """A lesson is shown (of the library, or a lesson's file opened), not a free game."""
        sc = self.scenario
        return bool(self.lesson_id) or (sc is not None and sc.timeline is self.timeline)

    def lesson_throw(self) -> bool:
        """Chance acts here on the lesson's line, the lesson's own outcome next, and the tools
        are not open (``exploring``): ▶ (or Roll) plays the lesson's throw, no form asks the
        learner to pick a die (issue 33, lesson 6.1's roll-off); forcing an outcome is
        Explore's."""
        return not self.exploring and self.timeline.game.is_chance() and self.lesson_next()

    def lesson_next(self) -> bool:
        """A lesson's own move follows from here (its line goes on), Explore open or not."""
        node = self.timeline.current
        return bool(self.lesson_id) and any(
            c.action is not None and self.from_file(c) for c in node.children
        )

    def lesson_mode(self) -> bool:
        """A lesson's line goes on from here and the tools are closed (not Explore): its
        dice are the lesson's (off its line, the palette's roll form forces them as in a game)."""
        return not self.exploring and self.lesson_next()

    def set_exploring(self, on: bool) -> None:
        """The tools open (Explore) or not: at a lesson's throw the form comes or goes, and
        before a roll the palette's "Set the dice yourself" (``lesson_mode``)."""
        if on != self.exploring:
            self.exploring = on
            if self.lesson_id:
                self.show()

    def chance(self, g: Game) -> Action:
        """The outcome Roll plays at a chance node: on a lesson's line, the lesson's own (its
        dice are the lesson's), else the sampler's."""
        if self.lesson_id:
            for child in self.timeline.current.children:
                if child.action is not None and self.from_file(child):
                    return child.action
        return self.sampler.chance_at(g, self.timeline.current.depth)

    def own_moves(self) -> int:
        """How many moves of the tree the learner made in the lesson shown (nodes its file did
        not make; 0 when no lesson is shown)."""
        if not self.lesson_id:
            return 0
        theirs: set[int] = set()
        own = 0
        for n in self.timeline.walk():  # parents before children
            if self.from_file(n) and (n.parent is None or n.parent.id in theirs):
                theirs.add(n.id)
            else:
                own += 1
        return own

    def lesson_ids(self) -> set[int]:
        """The ids of the nodes as the lesson's file made them, with every node above them
        (``is_lesson_node``); none when no lesson is shown."""
        if not self.studying():
            return set()
        theirs: set[int] = set()
        for n in self.timeline.walk():  # parents before children
            if self.from_file(n) and (n.parent is None or n.parent.id in theirs):
                theirs.add(n.id)
        return theirs

    def from_file(self, node: Node) -> bool:
        """``node`` is as the lesson's file made it: the same node, parent and move; or a die
        a right answer threw where the line stops in its roll (``PuzzleState.threw``)."""
        known = self.lesson_nodes.get(node.id)
        if known is None:
            return self.puzzle.threw(node)
        parent = node.parent.id if node.parent else -1
        return known is not None and known[0] is node and known[1:] == (parent, node.action)

    def is_lesson_node(self, node: Node | None) -> bool:
        """``node`` and every node above it are as the lesson file made them."""
        while node is not None:
            if not self.from_file(node):
                return False
            node = node.parent
        return True

    def left_lesson_at(self, node: Node | None = None) -> Node | None:
        """In a lesson, the last node of the lesson's own line (nodes as its file made them)
        on the way to ``node`` (default: the node shown) when ``node`` is off that line, a move
        of the learner's own; None on the line, or when no lesson is shown."""
        if not self.lesson_id:
            return None
        path = self.timeline.path(node)
        last = None
        for n in path:
            if not self.from_file(n):
                return last
            last = n
        return None

    def leaves_line(self, action: Action) -> bool:
        """Playing ``action`` here would leave the lesson's line: a lesson shown on its own
        line, with a move of its own next, and ``action`` none of the lesson's moves here
        (issue 33: a click with no kind chosen played at once and left the line). Never at an
        open question: there every move is an answer, judged."""
        node = self.timeline.current
        if not self.lesson_id or self.left_lesson_at() is not None or self.puzzle.holds():
            return False
        ours = [c.action for c in node.children if self.from_file(c)]
        return bool(ours) and action not in ours

    def back_to_lesson(self) -> None:
        """Show the node where the learner left the lesson's line (their moves stay in the
        tree, a variation of their own); left during a roll, the node before the roll (a roll
        is one step, ``roll_steps.py``)."""
        left = self.left_lesson_at()
        if left is not None:
            rules = self.timeline.rules
            while left.parent is not None and rolling(rules, left):  # not a die half thrown
                left = left.parent
            self.timeline.goto(left)
        self.show()

    def on_to_line(self) -> bool:
        """At a right answer off the lesson's line with no move after it, go to the line's
        own answer (``PuzzleState.main_line``): ▶ and ▶| go on with the lesson there (issue
        33: they were greyed, and only "Back to the lesson's line" went on); the note under
        the step buttons says so (``PuzzleState.went_on``). Whether it went."""
        own = self.timeline.current
        main = None if own.children else self.puzzle.main_line()
        if main is not None:
            self.timeline.goto(main)
            self.puzzle.went_on(own, main)
        return main is not None

    def can_step(self, where: str) -> bool:
        """Whether ``first``/``back``/``forward``/``last`` leads to another node: the step
        buttons look pressable only then. Not forward from a puzzle not solved yet
        (``held``); on to the lesson's line from a right answer beside it (``on_to_line``)."""
        node = self.timeline.current
        if where in ("first", "back"):
            return node is not self.start()
        if not node.children:  # (a board still laid out by chance: ▶| lays the rest)
            lays = where == "last" and laying_out(self)  # type: ignore[arg-type]
            return self.puzzle.main_line() is not None or lays
        return not self.held(where)

    def held(self, where: str) -> bool:
        """``forward``/``last`` would lead on, but the puzzle asked here is not solved yet:
        the moves after it stay hidden (the step's button is greyed, and says why)."""
        node = self.timeline.current
        return where in ("forward", "last") and bool(node.children) and self.puzzle.holds()

    def held_words(self) -> str:
        """What a step into the hidden answer of the question shown says: ``HIDDEN``, or
        nothing while the note by ▶ says it (a link landed back at this question:
        ``back_note.BACK``; l26, l27: the two said the same thing twice, at once and on ▶)."""
        return "" if back_note(self) else HIDDEN  # type: ignore[arg-type]

    def nowhere(self, where: str) -> str:
        """What a step that leads nowhere says (a key pressed at the start or the end, or
        past a puzzle not solved yet)."""
        if where in ("first", "back"):
            return AT_START
        if self.held(where):
            return self.held_words()
        if self.left_lesson_at() is not None:
            return OWN_END
        return AT_END if self.lesson_id else GAME_END
