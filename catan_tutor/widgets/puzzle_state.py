"""The questions of a lesson, as the learner meets them (plain Python, no widgets): at a node
that asks one (``puzzle:`` in the scenario, catan_tutor.puzzle) the answer line is hidden
until it is answered; a wrong move is judged and not played, a right one is played; up to two
hints. ``puzzle.py`` shows it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..actions import Action
from ..puzzle import Judgement, Puzzle, hint, judge
from ..timeline import Node

if TYPE_CHECKING:
    from .tutor_session import TutorSession


class PuzzleState:
    """The questions of the lesson ``session`` shows: which are solved, and the tries, hints
    and verdict of the one being answered."""

    def __init__(self, session: TutorSession) -> None:
        self.session = session
        self.solved: set[tuple[str, int]] = set()  # (lesson key, node id) answered right
        self.at: int | None = None  # the node the tries and hints below belong to
        self.tries = 0
        self.hints = 0
        self.verdict: Judgement | None = None
        self.answered: int | None = None  # the answer's node, while the "right" shows
        self._last: tuple[int, str] | None = None  # the last text judged, and where

    # ------------------------------------------------------------ what is asked where
    def key(self, node: Node) -> tuple[str, int]:
        """The node as the solved set knows it: the lesson's id (or title) and the node id."""
        s = self.session
        return (s.lesson_id or (s.scenario.title if s.scenario else ""), node.id)

    def asks(self) -> bool:
        """The lesson shown asks questions."""
        sc = self.session.scenario
        return bool(sc is not None and sc.timeline is self.session.timeline and sc.puzzles)

    def puzzle_at(self, node: Node | None = None) -> Puzzle | None:
        """The question asked at ``node`` (default: the current one), if the lesson asks one."""
        sc = self.session.scenario
        if sc is None or not self.asks():
            return None
        return sc.puzzles.get((node or self.session.timeline.current).id)

    def holds(self, node: Node | None = None) -> bool:
        """A question is asked at ``node`` (default: the current one) and not answered yet:
        the moves after it stay hidden."""
        node = node or self.session.timeline.current
        return self.puzzle_at(node) is not None and self.key(node) not in self.solved

    def hidden(self) -> set[int]:
        """The ids of the nodes below unanswered questions (the answer lines), for the move
        list and for jumps to a node."""
        out: set[int] = set()
        tl = self.session.timeline
        if not self.asks():
            return out
        for node in tl.walk():
            if self.holds(node):
                for child in node.children:
                    out.update(n.id for n in tl.walk(child))
        return out

    def hides(self, node: Node | int) -> bool:
        """``node`` (or its id) is in the answer line of a question not answered yet: going
        there would show the answer."""
        return (node if isinstance(node, int) else node.id) in self.hidden()

    def last(self) -> bool:
        """Step along the line to its end, stopping at an unanswered question. False (nothing
        done) when the lesson asks no question."""
        if not self.asks():
            return False
        tl = self.session.timeline
        while tl.current.children and not self.holds():
            tl.forward()
        return True

    def solve_all(self) -> None:
        """Every question of the lesson counts as answered (the author sees all its moves)."""
        sc, tl = self.session.scenario, self.session.timeline
        if sc is None or sc.timeline is not tl:
            return
        for node_id in sc.puzzles:
            node = tl.nodes.get(node_id)
            if node is not None:
                self.solved.add(self.key(node))

    # ------------------------------------------------------------ answering
    def intercept(self, action: Action | str) -> bool:
        """A move played at the current node: at an unanswered question it is judged first.
        Returns True when the move must not be played (a wrong answer: nothing changes)."""
        tl = self.session.timeline
        node = tl.current
        puzzle = self.puzzle_at(node)
        if puzzle is None or self.key(node) in self.solved:
            return False
        self.enter(node)
        j = judge(puzzle, node, tl.rules, action)
        self.tries += 1
        self.verdict = j
        if not j.correct or j.node is None:
            return True
        self.solved.add(self.key(node))
        main = node.children[0]
        if j.node is not main and not j.node.children and main.children:
            # a right answer the lesson does not follow: it goes on along its main line
            self.verdict = replace(j, text=f"{j.text} The lesson goes on with {main.action}.")
            self.answered = main.id
            tl.goto(main)
            return True
        self.answered = j.node.id
        return False

    def submit(self, text: str) -> None:
        """The move typed under the question: judged, and played when it is the answer."""
        text = text.strip()
        tl = self.session.timeline
        node = tl.current
        puzzle = self.puzzle_at(node)
        if not text or puzzle is None or not self.holds() or self._last == (node.id, text):
            return  # the same text again (Enter, then the button): judged once
        self._last = (node.id, text)
        j = judge(puzzle, node, tl.rules, text)
        if j.correct and j.node is not None and j.node.action is not None:
            self.session.play(j.node.action)  # intercepted: judged again, then played
        else:
            self.enter(node)
            self.tries += 1
            self.verdict = j
            self.session.emit("puzzle")

    def take_hint(self) -> str:
        """The next hint ('' when there is none left)."""
        puzzle = self.puzzle_at()
        if puzzle is None:
            return ""
        self.enter(self.session.timeline.current)
        text = hint(puzzle, self.hints)
        if text:
            self.hints += 1
        self.session.emit("puzzle")
        return text

    def enter(self, node: Node) -> None:
        """Tries, hints and the verdict belong to one question: a new node starts afresh."""
        if self.at != node.id:
            self.at, self.tries, self.hints, self.verdict = node.id, 0, 0, None
            self._last = None

    def shown(self) -> bool:
        """A node is shown: the question there starts afresh when it is new (True then: the
        answer typed goes), the "right" of an answer stays only on the answer's node."""
        node = self.session.timeline.current
        fresh = False
        if self.puzzle_at(node) is not None:
            fresh = self.at != node.id
            self.enter(node)
            self.answered = None
        elif self.answered is not None and self.answered != node.id:
            self.answered = None
        return fresh
