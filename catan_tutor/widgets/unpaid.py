"""Why a kind pressed at a puzzle's question cannot be paid for now (l19, l20 and l21 at 3.2:
"Build a road" looked playable and its press said only "Click the spot on the board", though
P2 holds 1 lumber and 4 wool). The kind stays offered, drawn as every kind of the moment is (a
trade first may pay for it this turn; drawing it dotted, as s21 did, told the one payable kind
apart: the answer at 7.8 and 8.11, s23): its press says what it costs and what the seat holds,
both on the page already (the button, the hand row).
"""

from __future__ import annotations

from ..actions import bundle_words
from ..game import Game
from ..rules.common import cost_reason
from .kinds import COSTS

MAIN = "main"  # the phase the price lists are for (builds are free in the setup)


def unpaid(game: Game, kind: str, seat: int) -> str:
    """What ``seat`` lacks for ``kind`` now, in a sentence ('' when it can pay, or the kind has
    no price list: BASE-BUILD-COSTS, CK-KNIGHT-RECRUIT, CK-WALL-BUILD): the engine's own
    reason (``cost_reason``: "it costs 1 brick and 1 lumber"), then the seat's hand in the
    same words (s34: a second copy here said "it costs brick, lumber; P1 holds 1 wool, 2
    grain", the cards in the comma style sentences left)."""
    cost = COSTS.get(kind)
    if cost is None or game.state.phase != MAIN:
        return ""
    why = cost_reason(game.state, seat, cost, "it now")
    if why is None:
        return ""
    hand = bundle_words(tuple(game.state.hands[seat]))
    return f"{why.text.removesuffix('.')}; {game.names[seat]} holds {hand}."
