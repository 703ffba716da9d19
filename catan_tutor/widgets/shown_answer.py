"""A stuck learner's way out (s35 at 4.3: both hints taken, ▶ and ▶| greyed, "Answer the
puzzle to go on", and nothing more to do): once every hint is shown, or after three tries,
"Show the answer" plays the lesson's answer with its explanation. The question then counts as
answered with help: seen, not solved (``PuzzleState.given``: the course's progress leaves it
out, as it does a question a link answered)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..study.puzzle import answer_nodes

if TYPE_CHECKING:
    from .puzzle_state import PuzzleState

SHOW_ANSWER = "Show the answer"
SHOWN_HEAD = "The answer"  # its heading: not "Right", the learner did not find it


# Tries after which the answer may be shown, hints taken or not (learners 272 and 276 had
# tried three times and still had to take each hint before they could see it)
TRIES_TO_SHOW = 3


def can_show(st: PuzzleState) -> bool:
    """The question here is open, and every hint of it was shown (a question without hints:
    once it was tried) or it was tried ``TRIES_TO_SHOW`` times."""
    node = st.session.timeline.current
    puzzle = st.puzzle_at(node)
    if puzzle is None or not st.holds(node) or st.at != node.id:
        return False
    hinted = st.hints >= len(puzzle.hints) and bool(puzzle.hints or st.tries)
    return hinted or st.tries >= TRIES_TO_SHOW


def show_answer(st: PuzzleState) -> None:
    """Play the lesson's answer here (its own line's first), answered with help."""
    if not can_show(st):
        return
    s = st.session
    node = s.timeline.current
    puzzle = st.puzzle_at(node)
    assert puzzle is not None  # (can_show)
    answers = answer_nodes(puzzle, node, s.timeline.rules)
    answer = next((c for c in answers if s.is_lesson_node(c)), answers[0] if answers else None)
    if answer is None or answer.action is None:
        return
    st.helped.add(st.key(node))  # before it is played: the progress never counts it solved
    s.play(answer.action)
