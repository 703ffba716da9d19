"""A roll as one step: the player's Roll and the dice it brings (chance nodes with no decision
in them: both dice, the event die, both rolls of a two-player turn, progress cards a castle
deals) are nodes of the timeline like any other move, so a die can still be forced, but the
learner takes them in at once: one line in the log (``path_log.py``), and in a lesson one
step of ◀ ▶ (``TutorSession.forward``/``back``), the texts of the dice's nodes said at the
node the roll ends on. A player's throw in the roll-off for first player is a roll too: its
two dice are one step. Plain Python, no widgets."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Die, MoveRobber, Roll, Steal
from ..game import Game
from ..state import ROLLOFF, State
from ..study.timeline import Node, Timeline
from .dice_shown import tells_event
from .roll_texts import dice_only, dice_sentence, throw_outcomes
from .wording import placed_words, step_caption

if TYPE_CHECKING:
    from .puzzle_state import PuzzleState

ROLL_PHASES = frozenset({"dice", "progress-draw"})  # chance that Roll goes on through
MAX_ROLL_STEPS = 40  # chance outcomes one Roll click plays at most


def under_way(s: State) -> bool:
    """``s`` is in a roll's phase, or in the roll-off with a player's first die thrown and
    the second still to come (the roll-off's dice are one throw a player)."""
    return s.phase in ROLL_PHASES or (s.phase == ROLLOFF and bool(s.rolled))


def rolling(rules, node: Node) -> bool:
    """A roll is under way at ``node``: chance is to act in a roll's phase (the Roll is
    played, dice or draws are still to come; a roll-off throw half thrown): nobody decides
    anything here. The robber's move and its steal before a two-player turn's second roll
    are a step of their own, not part of the roll (l40: the robber's move was left out of
    5.13's log, its steal told with the re-roll after it)."""
    robber = isinstance(node.action, (MoveRobber, Steal))
    return not robber and under_way(node.state) and Game(rules, node.state).is_chance()


def roll_nodes(rules, node: Node, so_far: bool = False) -> list[Node]:
    """The nodes of the roll that ``node`` ends, oldest first: the node after the player's
    Roll and each die's node before ``node`` (every one a roll under way); [] when ``node``
    ends no roll (it is itself under way, or its move is no roll's last). ``so_far``: a
    node under way has the nodes of its roll before it too (the log shown there tells the
    roll so far: l37 stepped back into a two-player turn's second roll and the first one's
    production, in the hand already, was told nowhere)."""
    if rolling(rules, node) and not so_far:
        return []
    out: list[Node] = []
    n = node.parent
    while n is not None and n.action is not None and rolling(rules, n):
        out.append(n)
        n = n.parent
    return out[::-1]


def said_by_move(rules, node: Node) -> str:
    """What the engine says of the move into ``node`` on its own ("The white die shows 3.",
    "P2 rolls the dice for this turn's production."): a lesson comment that only says this is
    left out where the roll is told at once ('' at the root)."""
    if node.parent is None or node.action is None:
        return ""
    try:
        return Game(rules, node.parent.state).explain(node.action).reason
    except ValueError:
        return ""


class RollSteps:
    """Mixed into ``TutorSession``: the roll as one step of ◀ ▶ in a lesson, and what is said
    where it lands."""

    timeline: Timeline
    lesson_id: str
    author_view: bool
    puzzle: PuzzleState

    if TYPE_CHECKING:

        def from_file(self, node: Node) -> bool: ...  # session_line.LessonLine's

    def folds_rolls(self) -> bool:
        """◀ ▶ take a roll and its dice as one step (its nodes stay in the tree: the Moves
        tab lists the roll as one row, and the dice form forces its dice at once), in a free
        game too (learner 280 stepped back through dice set by hand and stopped at each half
        thrown, the red die "?", Roll lit); not for a lesson's author (the Author view steps to
        each die, to write there)."""
        return not self.author_view

    def fold_back(self, start: Node) -> None:
        """After a step back: on back over a roll under way, to before its Roll."""
        tl = self.timeline
        while self.folds_rolls() and tl.current is not start and rolling(tl.rules, tl.current):
            tl.back()

    def fold_forward(self) -> None:
        """After a step forward: on through the dice to where they fell (not past a question
        not answered yet)."""
        tl = self.timeline
        while (
            self.folds_rolls()
            and tl.current.children
            and rolling(tl.rules, tl.current)
            and not self.puzzle.holds()
        ):
            tl.forward()

    def _folded(self, node: Node) -> list[Node]:
        """The roll's nodes a step over it took in before ``node`` ([]: none, or the roll is
        the learner's own, whose texts are not the lesson's)."""
        own = bool(self.lesson_id) and not self.from_file(node)
        lesson = bool(self.lesson_id) and self.folds_rolls()
        return roll_nodes(self.timeline.rules, node) if lesson and not own else []

    def _answers(self, node: Node) -> bool:
        """``node`` is the move of a question asked just before it."""
        return node.parent is not None and self.puzzle.puzzle_at(node.parent) is not None

    def _opened_over(self, node: Node) -> list[Node]:
        """The start a lesson opening at ``node``, its first step's question, passed over
        ([the root]; else []): its texts and checks are said at the question."""
        root = node.parent
        if root is not None and root.parent is None and self.puzzle.puzzle_at(node) is not None:
            return [root]
        return []

    def opening_texts(self, node: Node | None = None) -> list[str]:
        """The texts ``texts`` says first at ``node``: those of the start a lesson opening
        there passed over (its introduction; [] elsewhere)."""
        node = node or self.timeline.current
        return [t for r in self._opened_over(node) for t in (step_caption(r), r.tutor) if t]

    def texts(self, node: Node | None = None) -> list[str]:
        """The lesson's texts at ``node`` (default: the node shown): its comment and tutor
        text, after those of the roll a step took in (a comment saying only what the engine
        says of the move, "The white die shows 3.", is left out: the log tells the roll). At a
        question asked by the lesson's first step (where it opens, ``PuzzleState.opening``)
        its start's texts come first: the lesson's introduction."""
        node = node or self.timeline.current
        rules = self.timeline.rules
        out: list[str] = []
        for root in self._opened_over(node):
            out += [t for t in (step_caption(root), root.tutor) if t]
        folded = self._folded(node)
        at = len(out)  # the dice sentence comes after the Roll's own words
        thrown = False  # and after what came before the first die (a steal between two rolls)
        for n in [*folded, node]:
            if isinstance(n.action, Die) and not thrown:
                thrown, at = True, len(out)
            said = said_by_move(rules, n).strip()
            told = n is node or n.comment.strip() != said
            if n.comment and told and not (folded and dice_only(n.comment)):
                out.append(step_caption(n))
            elif n is node and n.tutor and not self._answers(n) and (said := placed_words(n)):
                out.append(said)  # a piece placed, told by the text alone: who placed what
                # where first (s45, 1.1); a question's answer's "Right" says it already
            if n.tutor:
                out.append(n.tutor)
            if isinstance(n.action, Roll):
                at = len(out)
        # a lesson's text wraps its lines ("the white\n die shows 5"): read as one line, so
        # its own sentence naming the dice wins over the step's (said twice, lesson 2.1)
        flat = [" ".join(t.split()) for t in out]
        told = [*folded, node]
        dice = dice_sentence(told, flat, throw_outcomes(rules, told)) if folded else ""
        return [*out[:at], dice, *out[at:]] if dice else out

    def roll_told(self, node: Node | None = None) -> bool:
        """The lesson's texts at ``node`` (default: the node shown) tell the event die of the
        roll a step took in (its dice's nodes' texts name it): the event die's line under the
        board then says nothing, the roll is said once (issue 33: "A 10, and a green castle on
        the event die." above, "Event die: green science castle..." below). Texts that tell
        the dice's numbers only leave the line to say what the event die did. The step's own
        texts that name the face count too (``dice_shown.tells_event``: 10.6's "The politics
        castle with a red 6" above "Event die: blue politics castle..." below, l22)."""
        node = node or self.timeline.current
        own = bool(self.lesson_id) and not self.from_file(node)  # (the learner's: no texts)
        told = [] if own else [*self._folded(node), node]
        face = str(node.state.event or "")
        return any(tells_event(f"{n.comment} {n.tutor}", face) for n in told)

    def expects(self, node: Node | None = None) -> list:
        """The lesson's expectations to notice at ``node`` (default: the node shown): those
        of the roll a step took in that still hold here, then its own. One the dice changed
        ("pending: chance", a hand before the second roll) is left to the log, which tells
        the roll. At a lesson's first question (where it opens) its start's that hold too."""
        node = node or self.timeline.current
        game = Game(self.timeline.rules, node.state)
        over = [*self._opened_over(node), *self._folded(node)]
        held = [e for n in over for e in n.expect if e.check(game)[0]]
        return held + list(node.expect)
