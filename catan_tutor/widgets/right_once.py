"""A question's answer explained once (s15, a fresh learner at lesson 1.4): after the right
answer, the step's caption "P3 builds a settlement on M4: the settlement touches forest 8,
mountains 3 and hills 5." stood above the puzzle's "Right" that says the move again and
explains it ("P3 builds a settlement on M4. P3 places again at once. M4 touches forest 8 (5
dots), …"). While the "Right" shows, the lesson text leaves out what it says: the answer's
caption (the "Right" opens with the move), and its tutor text when the "Right" explains the
answer with it (a question without its own explanation)."""

from __future__ import annotations

from .wording import step_caption


def unsaid_by_right(puzzle_state, texts: list[str]) -> list[str]:
    """``texts`` (the lesson's texts at the node shown) without those the "Right" of the
    answer just given says (``PuzzleState.right``, shown on the answer's node)."""
    right = getattr(puzzle_state, "right", None)
    if right is None or not right.correct or right.node is None:
        return texts
    hit = right.node
    said = {step_caption(hit)} | (
        {hit.tutor} if hit.tutor.strip() and hit.tutor.strip() in right.text else set()
    )
    return [t for t in texts if t not in said - {""}]
