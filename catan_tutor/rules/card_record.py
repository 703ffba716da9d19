"""The record of one progress card (CK-PC-*): what it is, what playing it checks and does, and
how its plays are listed. Each deck module (science_cards, trade_cards, politics_cards)
declares its cards as these records; ``progress_play`` dispatches from them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..actions import PlayProgress, make
from ..progress_cards import ALIASES, DECK_OF, SCHEMA
from ..state import State
from .common import Reason

# A card's check and effect take the player and the card's arguments (``Card.args``).
CardCheck = Callable[..., Reason | None]
CardEffect = Callable[..., None]
# The plays of card ``card`` held by ``p``: exactly what its check accepts, in a fixed order.
Plays = Callable[[State, int, int], Sequence[PlayProgress]]


@dataclass(frozen=True, slots=True)
class Card:
    """One kind of progress card, declared once in its deck's module.

    ``name``: as in progress_cards (where its deck, count and notation ``args`` are, for
    the notation below the rules); ``rule``: its own rule (CK-PC-<NAME>); ``check(s, p,
    *args)``: None when the play is legal beyond the shared CK-PC-PLAY part, else the
    reason; ``effect(s, p, *args)``: what playing it does; ``plays(s, p, card)``: its legal
    plays; ``before_roll``: played before the roll instead of in the Action phase
    (Alchemy). A VP card (CK-PROGRESS-VP-CARDS) has no check, effect or plays.
    """

    name: str
    rule: str
    check: CardCheck | None = None
    effect: CardEffect | None = None
    plays: Plays | None = None
    before_roll: bool = False

    @property
    def kind(self) -> int:
        """Its index in ``progress_cards.CARDS`` (what a hand and a deck hold)."""
        return ALIASES[self.name]

    @property
    def deck(self) -> int:
        """Its deck: SCIENCE, TRADE or POLITICS (progress_cards)."""
        return DECK_OF[self.kind]

    @property
    def args(self) -> tuple[str, ...]:
        """What a play names, by kind (progress_cards ``SCHEMA``); () for a VP card."""
        return SCHEMA.get(self.name, ())

    @property
    def played(self) -> bool:
        """False for a VP card, laid out when drawn and never played."""
        return self.effect is not None


def no_check(s: State, p: int, *args) -> Reason | None:
    """Nothing to refuse beyond the shared part (CK-PC-PLAY)."""
    return None


def listed(args: Callable[[State, int], list[tuple]]) -> Plays:
    """The plays of a card whose arguments ``args(s, p)`` lists."""
    return lambda s, p, card: [make(PlayProgress, p, card, x) for x in args(s, p)]


@lru_cache(maxsize=256)
def _bare(p: int, card: int) -> tuple[PlayProgress, ...]:
    return (make(PlayProgress, p, card, ()),)


def bare(s: State, p: int, card: int) -> tuple[PlayProgress, ...]:
    """The one play of a card that names nothing."""
    return _bare(p, card)
