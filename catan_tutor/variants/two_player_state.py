"""The two-player variant's part of the state (base-2p, also in ck-2p): its phase, its
constants, its fields (``State`` inherits ``TwoPlayerFields``)."""

from __future__ import annotations

from typing import NamedTuple

from ..extras import Field, extra, extra_per_party

NEUTRAL = "neutral"  # the builder builds the mirrored piece for a neutral
PHASES = (NEUTRAL,)  # the phases base-2p adds to base's
CHANCE: tuple[str, ...] = ()  # of which chance phases

TOKENS, START_TOKENS = 20, 5  # rule="2P-SETUP-TOKENS"


class NeutralDue(NamedTuple):
    """The neutral piece the builder owes (2P-NEUTRAL-MIRROR)."""

    owed: str  # the piece owed: "settle", "road", "knight" or "promote"
    resume: str  # the phase to return to
    built: str  # what the builder built (owed differs when none fits: a road)
    more: int  # Smithing (ck-2p): further promotions owed after this one


class TwoPlayerFields:
    """The state fields of base-2p and ck-2p (2P-TOKEN-*, 2P-ROLL-TWICE, 2P-NEUTRAL-*)."""

    __slots__ = ()

    tokens: Field[tuple[int, ...]] = extra_per_party("tokens", 0)  # trade tokens held
    token_supply: Field[int] = extra("token_supply", 0)
    token_used: Field[bool] = extra("token_used", False)  # a token action was taken this turn
    knight_returned: Field[bool] = extra("knight_returned", False)  # a Knight card cashed in
    # production sums (2P-ROLL-TWICE); ck-2p (x, x): reroll
    sums: Field[tuple[int, ...]] = extra("sums", ())
    neutral_due: Field[NeutralDue | tuple[()]] = extra("neutral_due", ())
