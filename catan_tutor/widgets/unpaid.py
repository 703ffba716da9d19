"""Why a kind pressed at a puzzle's question cannot be paid for now (l19, l20 and l21 at 3.2:
"Build a road" looked playable and its press said only "Click the spot on the board", though
P2 holds 1 lumber and 4 wool). The kind stays offered, drawn as every kind of the moment is (a
trade first may pay for it this turn; drawing it dotted, as s21 did, told the one payable kind
apart: the answer at 7.8 and 8.11, s23): its press says what it costs and what the seat holds,
both on the page already (the button, the hand row).
"""

from __future__ import annotations

from ..board import CARD_NAMES
from ..game import Game
from ..rules.common import can_pay
from .kinds import COSTS, cost_text

MAIN = "main"  # the phase the price lists are for (builds are free in the setup)
UNPAID = "{seat} cannot pay for it now: it costs {cost}; {seat} holds {hand}."


def unpaid(game: Game, kind: str, seat: int) -> str:
    """What ``seat`` lacks for ``kind`` now, in a sentence ('' when it can pay, or the kind has
    no price list: BASE-BUILD-COSTS, CK-KNIGHT-RECRUIT, CK-WALL-BUILD)."""
    cost = COSTS.get(kind)
    if cost is None or game.state.phase != MAIN:
        return ""
    hand = game.state.hands[seat]
    if can_pay(hand, cost):
        return ""
    held = ", ".join(f"{n} {CARD_NAMES[k]}" for k, n in enumerate(hand) if n) or "no card"
    return UNPAID.format(seat=game.names[seat], cost=cost_text(cost), hand=held)
