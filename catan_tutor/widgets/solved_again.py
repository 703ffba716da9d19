"""A question solved before, come back to (a step back to it, a jump to it from the Moves
list, a reload there; l24 at 10.6): it shows as solved with its explanation (the right
answer's why and rule: the learner's own right answer's, else the lesson's own answer's,
judged as a right answer is), and *Try again* asks that question afresh, only it: its
answer line hidden again, no tries, no hints; the other questions stay solved, and the
course's count keeps it (progress only grows: widgets/progress.py). Until answered again it
stays open across a reload too (l26, l27: the browser's progress, sent on the reload, made it
solved again): the page's address names it (``&again=``, address.py), and the progress sent
answers no question so named (``asked_afresh``). Plain Python, no widgets (``puzzle.py``
shows it).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..study.puzzle import Judgement, judge
from ..study.timeline import Node

if TYPE_CHECKING:
    from .puzzle_state import PuzzleState
    from .tutor_session import TutorSession

OFF_LINE = "\n\n"  # = puzzle_state.OFF_LINE: the note of a right answer off the line


def explanation(state: PuzzleState, node: Node) -> Judgement | None:
    """The "right" to show at the solved question ``node``: the learner's own right answer's
    (without its note on going on with ▶: said when it was played), else the lesson's own
    answer's; None when ``node`` asks no question solved."""
    puzzle = state.puzzle_at(node)
    key = state.key(node)
    if puzzle is None or key not in state.solved:
        return None
    own = state.explained.get(key)
    if own is not None:
        return replace(own, text=own.text.partition(OFF_LINE)[0])
    main = node.children[0] if node.children else None
    if main is None or main.action is None:
        return None
    said = judge(puzzle, node, state.session.timeline.rules, main.action)
    return said if said.correct else None


def can_try_again(state: PuzzleState, node: Node) -> bool:
    """``node`` asks a question the learner may ask afresh: solved, or passed over by a link."""
    key = state.key(node)
    return state.puzzle_at(node) is not None and (key in state.solved or key in state.passed)


def try_again(state: PuzzleState, node: Node) -> None:
    """Ask the question at ``node`` afresh (only it) and show it, its answer hidden again."""
    if not can_try_again(state, node):
        return
    key = state.key(node)
    state.solved.discard(key)
    state.passed.discard(key)
    state.afresh.add(key)  # (the page's address says so: a reload keeps it open)
    state.helped.discard(key)  # found this time: counted solved (shown_answer.py)
    state.explained.pop(key, None)
    state.at = None  # its tries, hints and verdict start afresh (``enter``)
    state.answered = state.right = None
    session = state.session
    session.timeline.goto(node)
    as_first_arrival(session)
    session.show()


def asked_afresh(session: TutorSession, nodes: tuple[int, ...]) -> None:
    """The questions ``nodes`` of the lesson shown were asked afresh before a reload (the
    address's ``again``): open, whatever was kept as solved."""
    state = session.puzzle
    for n in nodes:
        key = (session.lesson_id, n)
        state.afresh.add(key)
        state.solved.discard(key)


def counts_solved(state: PuzzleState, key: tuple[str, int]) -> bool:
    """A question the browser's progress says was solved counts as answered here, unless it
    was asked afresh (Try again) and not answered since."""
    return key not in state.afresh or key in state.solved


def as_first_arrival(session: TutorSession) -> None:
    """The page's choices at the question as a first arrival finds them (l26 at 11.16: after
    Try again "Build a road for a neutral" stayed chosen, its form open, and "nothing" typed
    got that kind's how-to): no kind chosen (the form, the glow of its targets and the typed
    answer's reader follow it), no spot named (its ring), no move under Try a move."""
    session.kind, session.chosen, session.message = "", None, ""
    session.tried_text, session.tried_at = "", None
