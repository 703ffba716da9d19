"""What to do when Answer is pressed with nothing typed (s35: a fresh learner at 4.3 pressed
it and nothing happened): type a move first, with an example that names none of the open
question's answer (``trade_card_words.examples`` with ``avoid``: the same kinds at every
question, so none tells which kind answers it)."""

from __future__ import annotations

from collections.abc import Collection

from ..game import Game
from ..trade_card_words import examples
from .kinds import acting_seat

TYPE_FIRST = "Type your move in the box first (who, what, where)"


def empty_answer(game: Game, avoid: Collection[str], asks_who: bool = False) -> str:
    """The reply to Answer with an empty box: "Type your move in the box first (who, what,
    where), like “P1 bank 4 ore for grain”, then press Answer."; a question asking who moves
    names no player in it (``asks_who``)."""
    shown = examples(game, avoid)
    if not shown:
        return f"{TYPE_FIRST}, then press Answer."
    who = "the player, then " if asks_who else f"P{acting_seat(game) + 1} "
    like = f"like {who}“{shown[0]}”" if asks_who else f"like “{who}{shown[0]}”"
    return f"{TYPE_FIRST}, {like}, then press Answer."
