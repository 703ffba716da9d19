"""Where a reply sends the learner to type a move, named as a place on screen at that moment
(s17: at a puzzle's question a tap's reply said "use the form below, or type it under Try a
move", neither of them shown there, the puzzle's own answer box being the place; in lesson
mode Try a move's box is among Explore's tools, not on screen):

- at an open question: the puzzle's box above, and its Answer button;
- in Explore: the form below and Try a move (the Play tab, where the reply shows);
- in lesson mode: the form below, or Explore first, then Try a move.
"""

from __future__ import annotations

# The reply to a tap on the board for a move not made there (Monopoly, a bank trade), by where
# the learner is: the question's box, Explore's tools, the lesson's actions
OFF_BOARD = "This move is not made on the board: "
OFF_BOARD_PUZZLE = (
    "type it in the puzzle's box above (who, what, where) and press Answer: the puzzle judges it."
)
# ... at a question, the kind's button having said the whole of it under the palette
OFF_BOARD_SHORT = OFF_BOARD + "type it in the box above and press Answer."
OFF_BOARD_EXPLORE = "use the form below, or type it under Try a move."
OFF_BOARD_LESSON = "use the form below, or press Explore and type it under Try a move."


def off_board(secret: bool, exploring: bool) -> str:
    """What to do with a move not made on the board, naming places shown now."""
    if secret:
        return OFF_BOARD + OFF_BOARD_PUZZLE
    return OFF_BOARD + (OFF_BOARD_EXPLORE if exploring else OFF_BOARD_LESSON)


def try_a_move(exploring: bool) -> str:
    """Where a move is typed to ask about it, outside a question: Try a move, under Explore
    in lesson mode (its box is one of Explore's tools)."""
    return (
        "type the move under Try a move"
        if exploring
        else ("press Explore and type the move under Try a move")
    )
