"""The dummy variant's own kinds of action (base-dummy): sealed bids for the dummy's cards.
Each owns its notation and its sentence (see ``catan_tutor.actions``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..actions import Action, Bundle, Reader, SeatOnly, bundle_text, bundle_words, register, seat
from ..board import RESOURCES
from ..card_titles import card_name

if TYPE_CHECKING:
    from ..state import State


@register
@dataclass(frozen=True, slots=True, repr=False)
class Bid(Action):
    """A sealed bid for one of the dummy's cards: ``give`` for one ``get`` (DUMMY-TRADE-*)."""

    words = ("bid",)
    player: int
    give: Bundle
    get: int

    @classmethod
    def read(cls, r: Reader, p: int, key: str) -> Action:
        give = r.bundle(stop="for")
        r.word("for", "between the cards bid and the resource wanted")
        return cls(p, give, r.resource())

    def __str__(self) -> str:
        return f"{seat(self.player)} bid {bundle_text(self.give)} for {RESOURCES[self.get]}"

    def sentence(self, s: State) -> str:
        # (no "(sealed)": l38 read it as jargon; the trading window says bids are secret)
        return (
            f"{seat(self.player)} bids {bundle_words(self.give)} for the dummy's "
            f"{card_name(self.get)}."
        )


@register
@dataclass(frozen=True, slots=True, repr=False)
class Pass(SeatOnly):
    """No bid for the dummy's card this turn (DUMMY-TRADE-PROTOCOL)."""

    words = ("pass",)

    def sentence(self, s: State) -> str:
        return f"{seat(self.player)} passes."
