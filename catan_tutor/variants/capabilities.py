"""What a variant has, declared once per variant: the code outside ``variants/`` asks these
facts (``rules.caps``, or ``state.caps`` where only the state is at hand) instead of guessing
the variant from the state (``if s.kn``, ``len(s.bank) == 5``) or from its name."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Capabilities:
    """The facts of one variant (see ``BaseRules.caps`` and its subclasses)."""

    commodities: bool = False  # cloth, coin, paper: 8 card kinds, not 5 (CK-COMP-COMMODITIES)
    knights: bool = False  # knights on the board (CK-KNIGHT-*)
    improvements: bool = False  # city improvements, walls, metropolises, progress cards (CK-*)
    tokens: bool = False  # trade tokens (2P-TOKEN-*)
    neutrals: int = 0  # neutral parties after the players (base-2p, ck-2p)
    dummy: bool = False  # a dummy seat after the players (base-dummy)
    double_roll: bool = False  # two production rolls a turn (2P-ROLL-TWICE)

    @property
    def card_kinds(self) -> int:
        """Kinds of cards in hands and the bank: 5 resources, plus 3 commodities."""
        return 8 if self.commodities else 5

    @property
    def dev_cards(self) -> bool:
        """Development cards (C&K has progress cards instead)."""
        return not self.improvements


BASE = Capabilities()
