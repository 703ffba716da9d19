"""A reload (or a link) that lands on the answer of a question solved shows that answer as it
was before it (l28 at 1.4: after puzzle 1 and a reload the step showed no "Right", no "Solved.
Press ▶", every corner glowing and the full list of moves in the form, as a step to play
from): the "Right" again, and no move asked of the learner until ▶ (``PuzzleState.resting``).
The answer's node is the move played at the question and the chance it brought
(``PuzzleState.after_answer``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..study.puzzle import judge
from ..study.timeline import Node
from .puzzle_state import beside_line

if TYPE_CHECKING:
    from .puzzle_state import PuzzleState


def answer_of(state: PuzzleState, node: Node) -> Node | None:
    """The move at a question that ``node`` is the answer of (itself, or the move before the
    chance it brought), when that question is solved; else None."""
    move = node
    while (
        move.parent is not None
        and move.action is not None
        and move.action.is_chance
        and state.puzzle_at(move.parent) is None
    ):
        move = move.parent
    question = move.parent
    if question is None or move.action is None or state.puzzle_at(question) is None:
        return None
    return move if state.key(question) in state.solved else None


def keep_answer(state: PuzzleState, node: Node) -> None:
    """Before ``node`` is shown from a link: on the answer of a question solved, its "Right"
    shows there again, as judged when it was played (above the next question when the
    answer asks one: 9.18, 5.13)."""
    move = answer_of(state, node)
    if move is None or move.parent is None or move.action is None:
        return
    question = move.parent
    puzzle = state.puzzle_at(question)
    assert puzzle is not None
    j = judge(puzzle, question, state.session.timeline.rules, move.action)
    if not j.correct:
        return
    state.explained.setdefault(state.key(question), j)
    state.answered, state.right = node.id, beside_line(j, question)
