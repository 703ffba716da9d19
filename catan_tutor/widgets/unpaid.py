"""Why a kind pressed at a puzzle's question cannot be paid for now (l19, l20 and l21 at 3.2:
"Build a road" looked playable and its press said only "Click the spot on the board", though
P2 holds 1 lumber and 4 wool). The kind stays offered, as every kind of the moment is (a trade
first may pay for it this turn; greying it would tell the answer's kind apart): its press says
what it costs and what the seat holds, both on the page already (the button, the hand row).
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


# A build the seat cannot pay for now, drawn muted in a question's palette (l24 at 9.18 and
# 11.16: they were drawn solid, as if playable): still offered and pressable (a trade first
# may pay for it; its press says what the seat holds, ``unpaid``), it reads as "not yet": a
# class per button index on the palette (``kind_marks.js`` marks the button ``data-unpaid``
# and gives it its hover text as ``aria-description``); not the greyed look of a kind no one
# can play this turn (``kinds_unavailable``)
UNPAID_CLASS = "catan-unpaid-"
MOST_KINDS = 40  # = kinds_unavailable.MOST_KINDS
UNPAID_NOW = "{seat} cannot pay for it now: it costs {cost}."
UNPAID_CSS = (
    '.catan-palette .widget-toggle-button[data-unpaid="true"]:not(.mod-active)'
    "{font-weight:400;background:#f6f8fa;color:#3d5a73;border:1px dotted #7a9bb8}"
    'body[data-jp-theme-light="false"] .catan-palette'
    ' .widget-toggle-button[data-unpaid="true"]:not(.mod-active)'
    "{background:#161d26;color:#a9c1d6;border-color:#4f6f8c}"
)


def unpaid_kinds(game: Game, kinds: list[str], seats: tuple[int, ...]) -> dict[str, str]:
    """Of ``kinds``, those with a price list no seat of ``seats`` can pay now, each with its
    hover text ("P2 cannot pay for it now: it costs brick, lumber."; BASE-BUILD-COSTS)."""
    if game.state.phase != MAIN or not seats:
        return {}
    out = {}
    for kind in kinds:
        cost = COSTS.get(kind)
        if cost is None or any(can_pay(game.state.hands[s], cost) for s in seats):
            continue
        who = game.names[seats[0]] if len(seats) == 1 else "No player"
        out[kind] = UNPAID_NOW.format(seat=who, cost=cost_text(cost))
    return out


def mark_unpaid(palette, kinds: list[str], unpaid: dict[str, str]) -> None:
    """The ``palette``'s buttons of the ``unpaid`` kinds (of ``kinds``, its buttons' kinds in
    order) marked muted, each with its hover text (the others' tooltips kept)."""
    for i in range(MOST_KINDS):  # (removing a class not there changes nothing)
        palette.remove_class(f"{UNPAID_CLASS}{i}")
    for i, kind in enumerate(kinds):
        if kind in unpaid:
            palette.add_class(f"{UNPAID_CLASS}{i}")
    tips = list(palette.tooltips or [""] * len(kinds))
    palette.tooltips = [unpaid.get(k, tip) for k, tip in zip(kinds, tips, strict=False)]
