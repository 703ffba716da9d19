"""What a two-player turn waits for before its first roll, in words that offer only what the
player can do at that position: a card to play only when one may be played, a token action
only when one is open (its price, once a turn, both hands, the robber off the desert), a
Knight card returned only when one lies face up (2P-ROLL-TIMING, CK2P-ROLL-TIMING). The
page once offered "roll twice, or first play a card or take a token action" at every turn
start, to a player with no card and too few tokens."""

from __future__ import annotations

from ..actions import ForcedDraw, ForcedTrade, ReturnKnight, RobberHome
from ..grammar import or_list
from ..rules import tokens
from ..state import State

TOKEN_ACTIONS = (ForcedTrade, ForcedDraw, RobberHome)


def before_rolling(s: State, card: str) -> list[tuple[int, str]]:
    """The active player's turn start: "roll twice", and what may come first: ``card``, the
    variant's words for a card playable now ("" for none: base-2p's development card held
    since before this turn, none played yet; ck-2p's Alchemy, CK-PC-ALCHEMY), a token action
    open now, a played Knight card to return (2P-TOKEN-INCOME-KNIGHT)."""
    p = s.active
    open_now = tokens.options(s, p)
    first = [
        card,
        "take a token action" if any(isinstance(a, TOKEN_ACTIONS) for a in open_now) else "",
        "return a played Knight card" if any(isinstance(a, ReturnKnight) for a in open_now) else "",
    ]
    said = or_list(first)
    return [(p, f"roll twice, or first {said}" if said else "roll twice")]
