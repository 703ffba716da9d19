"""The questions of a lesson, as the learner meets them (plain Python, no widgets): at a node
that asks one (``puzzle:`` in the scenario, catan_tutor.study.puzzle) the answer line is hidden
until it is answered; a wrong move is judged and not played, a right one is played and stays
as played (an answer off the lesson's line is a variation, the line one click away); up to
two hints. ``puzzle.py`` shows it.

While the question at the current node is open the answer is a secret (``secret()``, the
session's ``puzzle_secret``): the views then show nothing that narrows it beyond the prompt
(no line past the node, no turn words, no What to notice, no kind chosen for the learner, no
glowing targets, ``glows()``, on every screen and input path; the palette offers the
kinds of the moment, legal or not, in a turn every kind of the turn, ``kinds.moment_kinds``;
a right answer's dice are the lesson's, ``threw``; a question who moves has the
player chosen in the form, ``seats()``). A wrong answer leaves the kind chosen. The chance a
right answer brings resolves itself as the lesson has it (``after_answer``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from ..actions import Action
from ..move_words import as_notation
from ..rules.words import say
from ..study.puzzle import (
    Judgement,
    Puzzle,
    answer_nodes,
    asks_who,
    hint,
    judge,
    secret_labels,
    secrets,
)
from ..study.timeline import Node
from .kinds import acting_seat, spot_label, target_of, variant_kinds
from .roll_steps import MAX_ROLL_STEPS, rolling

if TYPE_CHECKING:
    from .tutor_session import TutorSession


GO_ON = "Solved. Press ▶ to go on with the lesson."  # said, no move offered (``resting``)
SHOWN_GO_ON = "Answer shown. Press ▶ to go on with the lesson."  # (its answer shown: s35)


class PuzzleState:
    """The questions of the lesson ``session`` shows: which are solved, and the tries, hints
    and verdict of the one being answered."""

    def __init__(self, session: TutorSession) -> None:
        self.session = session
        self.solved: set[tuple[str, int]] = set()  # (lesson key, node id) answered right
        # ... of those, the ones a link or the author's view answered, not the learner: not
        # counted in the course's progress (l40: a link made its opener's "1 of 27 solved")
        self.given: set[tuple[str, int]] = set()
        self.explained: dict[tuple[str, int], Judgement] = {}  # their "right" (solved_again)
        # questions a link to a node past them passed over: open, not answered (``pass_to``)
        self.passed: set[tuple[str, int]] = set()
        self.afresh: set[tuple[str, int]] = set()  # asked again with Try again (solved_again)
        # questions whose answer "Show the answer" played: seen, never counted solved
        self.helped: set[tuple[str, int]] = set()  # (shown_answer.py; also in ``given``)
        self.answer_shown = False  # the last right answer was shown ("Show the answer"), not found
        self.at: int | None = None  # the node the tries and hints below belong to
        self.tries = 0
        self.hints = 0
        self.verdict: Judgement | None = None
        self.held: Judgement | None = None  # a wrong answer's reply a hint came after
        self.answered: int | None = None  # the answer's node, while the "right" shows
        self.right: Judgement | None = None  # that "right" (also above a next question)
        self._last: tuple[int, str] | None = None  # the last text judged, and where
        self._typed: Judgement | None = None  # a typed right answer's reply, while played
        self._went = ""  # what ▶ from an answer beside the line did, until shown
        self.note: tuple[int, str] | None = None  # (node, words) under the step buttons
        # the dice a right answer threw where the lesson's line stops in its roll: the
        # lesson's own from then on, never the learner's (``threw``)
        self._thrown: dict[int, Node] = {}
        # the learner's right answers beside the lesson's line, a variation of the lesson's
        # own or not: listed in Moves as the learner's (l37: 1.4's O7 stood under "The
        # lesson's other answers", after "yours, O7, is kept under Explore › Moves")
        self.own: set[int] = set()

    def forget(self) -> None:
        """Another lesson or game is shown: what was said of the question and answers shown
        goes (its words were kept by node id, and another lesson has the same ids: 1.4's
        "The lesson goes on with its own answer, N3" stood under 3.1's board). The
        questions solved stay, those a link passed over are asked again."""
        self.passed.clear()
        self.at, self.tries, self.hints, self.verdict = None, 0, 0, None
        self.answered = self.right = self._last = self.note = None
        self._went = ""
        self._thrown.clear()
        self.own.clear()

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
        return self.unanswered(node) and self.key(node) not in self.passed

    def unanswered(self, node: Node) -> bool:
        """A question is asked at ``node`` and not answered yet, passed over or not."""
        return self.puzzle_at(node) is not None and self.key(node) not in self.solved

    def pass_to(self, node: Node) -> None:
        """A link opens the lesson at ``node``: the questions on its way but the last one
        stop holding the moves back (a teacher sends a class straight to a later question),
        not counted as answered. The last one, at ``node`` or before it, stays as it was: a
        link into its answer line still opens at it, the answer hidden."""
        asked = [n for n in self.session.timeline.path(node) if self.puzzle_at(n) is not None]
        self.passed.update(self.key(n) for n in asked[:-1] if self.unanswered(n))

    def opening(self) -> Node | None:
        """The lesson's first step when it asks a question not answered yet (a lesson shown
        at its start): the lesson opens there, its question at once (issue 33: 1.4's first
        road showed only after one ▶); else None."""
        tl = self.session.timeline
        start = tl.current
        if start is not tl.root or not start.children:
            return None
        first = start.children[0]
        return first if self.holds(first) else None

    def secret(self) -> bool:
        """The current node asks a question not answered yet: its answer is a secret."""
        return self.holds()

    def glows(self) -> bool:
        """The legal targets of the kind chosen may glow: no question is open here. While one
        is, nothing glows, a rule question's neither (its legal targets are its answers: the
        first road of puzzle 1.4 glowed on its three edges, every one an answer)."""
        return not self.secret()

    def resting(self) -> bool:
        """A right answer shows here with the lesson's move after it, no question is open
        here and ▶ goes on with the lesson: no move is asked of the learner until ▶ (after
        puzzle 1.4's first road the form asked where P2's settlement goes; issue 33)."""
        node = self.session.timeline.current
        if self.answered != node.id or self.right is None or self.holds(node):
            return False
        # a right answer of the learner's own, off the lesson's line with no move after it, is
        # a position to play on (its legal moves lit, End turn too), ▶ to the lesson's own
        # answer beside it (learner s31 at 9.18: Roll and End turn greyed, stuck there)
        return bool(node.children)

    def read(self, text: str) -> str:
        """``text`` as notation: itself, or the page's words for a move spelled in it
        (``move_words.as_notation``); its error's example moves name none of the open
        question's answer spots."""
        g = self.session.game  # the kind chosen on the page: its form, when none is named
        return as_notation(g, text, self.secret_labels(), variant_kinds(g).get(self.session.kind))

    def secret_labels(self) -> set[str]:
        """The labels of the open question's answer spots (none without one): what no
        example move said to the learner may name."""
        puzzle = self.puzzle_at() if self.secret() else None
        if puzzle is None:
            return set()
        tl = self.session.timeline
        return secret_labels(puzzle, tl.current, tl.rules)

    def kept_back(self) -> list[str]:
        """What no verdict may say while a question is open here (``secrets``: its answers'
        spots, cards, kinds, and its seat when it asks who moves); none without one."""
        puzzle = self.puzzle_at() if self.secret() else None
        if puzzle is None:
            return []
        tl = self.session.timeline
        return secrets(puzzle, tl.current, tl.rules)

    def seats(self) -> tuple[int, ...]:
        """The seats a move may be played for while the question is open: every player's when
        it asks who moves (``asks_who``: the board names nobody), else none (the player to
        move's)."""
        puzzle = self.puzzle_at() if self.secret() else None
        if puzzle is None or not asks_who(puzzle):
            return ()
        return tuple(range(self.session.game.players))

    def main_words(self) -> str:
        """The move of the lesson's line that a right answer off it stands beside, in words
        ("P1 builds a road on N5"); '' while there is none (``main_line``)."""
        main = self.main_line()
        if main is None or main.action is None or main.parent is None:
            return ""
        return say(main.parent.state, main.action).rstrip(".")

    def main_line(self) -> Node | None:
        """Where the lesson's line goes on after a right answer off it (the question's main
        continuation), while that answer is shown; else None."""
        node = self.session.timeline.current
        parent = node.parent
        if self.answered != node.id or parent is None or parent.children[0] is node:
            return None
        return parent.children[0]

    def went_on(self, own: Node, main: Node) -> None:
        """A step from the right answer ``own``, beside the lesson's line, went on to the
        line's ``main`` answer: the note under the step buttons says so where it lands."""
        # (learner 278: "Explore › Moves" meant nothing to a beginner; said as what to do)
        self._went = (
            f"Yours, {_spot_words(own)}, was right too. The lesson goes on with its own, "
            f"{_spot_words(main)}; to see yours again, open Explore, then Moves."
        )

    def step_note(self) -> str:
        """What the last step did that the board does not show ('' for nothing)."""
        here = self.session.timeline.current.id
        return self.note[1] if self.note is not None and self.note[0] == here else ""

    def hidden(self) -> set[int]:
        """The ids of the nodes that would show the answer of a question not answered yet,
        for the move list and for jumps to a node: the lines below it, and any variation off
        the way to it (and off the current line) from a move that plays an answer or on an
        answer's spot (from that move on: an earlier question's other answer may be a later
        one's)."""
        out: set[int] = set()
        tl = self.session.timeline
        if not self.asks():
            return out
        open_ = [node for node in tl.walk() if self.holds(node)]
        for node in open_:
            for child in node.children:
                out.update(n.id for n in tl.walk(child))
        here = {n.id for n in tl.path()}  # the line shown on the board stays listed
        for node in open_:
            way = here | {n.id for n in tl.path(node)}
            puzzle = self.puzzle_at(node)
            assert puzzle is not None
            answers = {c.action for c in answer_nodes(puzzle, node, tl.rules) if c.action}
            spots = {t for a in answers if (t := target_of(a)) is not None}
            for n in tl.walk():
                if n.id in way or n.id in out or n.action is None:
                    continue
                if n.action in answers or target_of(n.action) in spots:
                    out.update(m.id for m in tl.walk(n))
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
            if node is not None and self.key(node) not in self.solved:
                self.solved.add(self.key(node))
                self.given.add(self.key(node))

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
        typed, self._typed = self._typed, None  # typed: the reply in the names typed (l26)
        j = typed if typed is not None and (typed.move, typed.correct) == (j.move, True) else j
        self.tries += 1
        self.verdict = j
        if not j.correct or j.node is None:
            return True
        self.solved.add(self.key(node))
        self.answer_shown = self.key(node) in self.helped  # answered with help (shown_answer.py)
        if self.answer_shown:
            self.given.add(self.key(node))
        else:
            self.given.discard(self.key(node))
        self.explained[self.key(node)] = j
        self.verdict = beside_line(j, node)
        self.answered, self.right = j.node.id, self.verdict
        if j.node is not node.children[0]:  # beside the line: the Moves list says whose
            self.own.add(j.node.id)
        return False

    def after_answer(self) -> None:
        """Right after a right answer, the chance events it brings resolve themselves as the
        lesson's line has them (a steal is random: never offered as the thief's choice; the
        outcome can still be forced in Explore, from the node before), the "right" on the
        node reached. A roll the lesson's line stops in (an answer "P1 roll" and no dice
        after it) is thrown on to where the dice fall, as Roll throws them (the seeded
        sampler), like a lesson's roll step. Nothing else at a node the lesson has no
        outcome for, or that asks again."""
        s = self.session
        tl = s.timeline
        if self.answered != tl.current.id:
            return
        for _ in range(MAX_ROLL_STEPS):
            if not tl.game.is_chance() or self.holds():
                break
            if tl.current.children:
                tl.goto(tl.current.children[0])
            elif rolling(tl.rules, tl.current):  # the dice, the lesson's line ended
                s.advance(s.chance(tl.game))
                self._thrown[tl.current.id] = tl.current
            else:
                break
        self.answered = tl.current.id

    def threw(self, node: Node) -> bool:
        """``node`` is a die a right answer threw on where the lesson's line stopped in its
        roll (``after_answer``): part of the answer, not a move of the learner's own (5.13's
        "P1 rolls" showed "You are trying moves of your own" beside its "Right")."""
        return self._thrown.get(node.id) is node

    def submit(self, text: str) -> None:
        """The move typed under the question: judged, and played when it is the answer."""
        text = text.strip()
        tl = self.session.timeline
        node = tl.current
        puzzle = self.puzzle_at(node)
        if not text or puzzle is None or not self.holds() or self._last == (node.id, text):
            return  # the same text again (Enter, then the button): judged once
        self._last = (node.id, text)
        j = judge(puzzle, node, tl.rules, text, variant_kinds(tl.game).get(self.session.kind))
        if j.correct and j.node is not None and j.node.action is not None:
            self._typed = j  # 4.3: "road Q1" is said "N7", told "“Q1” is edge N7 on the board."
            self.session.play(j.node.action)  # intercepted: judged again, then played
            self._typed = None
        else:
            self.enter(node)
            self.tries += 1
            self.verdict = j
            self.session.emit("puzzle")

    def seat_move(self, cls: Callable[[int], Action]) -> bool:
        """While a question is open, a move that names only the seat (Roll, End turn: their
        buttons) is an answer: judged (played when right). False, nothing done, else."""
        if not self.secret():
            return False
        self.submit(str(cls(acting_seat(self.session.game))))
        return True

    def take_hint(self) -> str:
        """The next hint ('' when there is none left, or the question here is solved: s32)."""
        puzzle = self.puzzle_at()
        if puzzle is None or not self.holds():
            return ""
        self.enter(self.session.timeline.current)
        text = hint(puzzle, self.hints)
        if text:
            self.hints += 1
            if self.verdict is not None and not self.verdict.correct:  # its place goes to
                self.held, self.verdict = self.verdict, None  # the hint, shortened above it
        self.session.emit("puzzle")
        return text

    def enter(self, node: Node) -> None:
        """Tries, hints and the verdict belong to one question: a new node starts afresh."""
        if self.at != node.id:
            self.at, self.tries, self.hints, self.verdict = node.id, 0, 0, None
            self._last = self.held = None

    def shown(self) -> bool:
        """A node is shown: the question there starts afresh when it is new (True then: the
        answer typed goes), the "right" of an answer stays only on the answer's node (above
        the question asked there, if one is)."""
        node = self.session.timeline.current
        if self._went:  # said where the step landed, until another node shows
            self.note, self._went = (node.id, self._went), ""
        fresh = False
        if self.puzzle_at(node) is not None:
            fresh = self.at != node.id
            self.enter(node)
        if self.answered is not None and self.answered != node.id:
            self.answered = self.right = None
        return fresh


OFF_LINE = "\n\n"  # before the note on the lesson's own answer (widgets/puzzle.py's paragraph)


def beside_line(j: Judgement, question: Node) -> Judgement:
    """The right answer ``j`` to ``question`` as its reply says it: off the lesson's line
    (played as played; the line one click away), with a note on the lesson's own answer."""
    main = question.children[0] if question.children else None
    if main is None or j.node is main:
        return j
    line = _what(say(question.state, main.action)) if main.action is not None else ""
    # its own paragraph (OFF_LINE): the "Right" says right once; the why's rule mark ends
    # the why, not glued to this (s18 at 1.4: "will do.§ Right too. The…")
    go_on = "Press ▶ to go on with the lesson."
    if j.node is not None and not j.node.children:  # (``resting``: the learner may play on)
        go_on = "Play on from your answer, or press ▶ to go on with the lesson."
    return replace(j, text=f"{j.text}{OFF_LINE}The lesson's own answer was {line}. {go_on}")


def _what(said: str) -> str:
    """A move's sentence as what was played: "P1 builds a road on N3." -> "a road on N3";
    a sentence with no such object stays whole, in quotes."""
    said = re.split(r"[;:] ", said, maxsplit=1)[0]  # the move, not what follows ("; it
    # starts inactive": 7.8's answer read "…a basic knight on N4; it starts inactive; ▶…")
    m = re.match(r"^(?:P\d|Neutral \d) \w+s (an? .+?)\.?$", said)
    return m[1] if m else f"“{said.rstrip('.')}”"


def _spot_words(node: Node) -> str:
    """A move as the note names it: its spot's label ("N3"), else the move in words."""
    a = node.action
    if a is None or node.parent is None:
        return ""
    spot = target_of(a)
    return (
        spot_label(spot).split()[-1] if spot is not None else say(node.parent.state, a).rstrip(".")
    )
