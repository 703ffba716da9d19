"""A forced trade typed with "to" between paying and taking, as a learner says it (l20 at
11.16: "P1 pays 2 tokens to take 2 cards from P2" read "I cannot read 'pays'"): the "to" is
read as glue and the rest as ``trade_card_words`` reads a forced trade
(2P-TOKEN-FORCED-TRADE, CK2P-TOKEN-FORCED-TRADE). Only a forced trade is read here: any
other move said with "to" is left to the other readers."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from . import trade_card_words

if TYPE_CHECKING:
    from .game import Game

# "pays 2 tokens to take", "paying a token in order to take": the price said first, then
# the taking; read as the taking, then "and pays 2 tokens" (the price said must be the
# move's: l21 at 11.16)
_PAY_TO = re.compile(
    r"\b(?:pays?|paid|paying|spends?|spent|spending|uses?|using) (\d+|one|two|a|an) "
    r"(?:trade )?tokens? (?:in order |so as )?to (?=(?:take|takes|draw|draws|get|gets)\b)",
    re.I,
)


def spelled(game: Game, text: str) -> str | None:
    """The forced trade ``text`` spells with "to" before its taking, else None."""
    said = _PAY_TO.search(text)
    if said is None:
        return None
    plain = f"{_PAY_TO.sub('', text)} and pays {said.group(1)} tokens"
    out = trade_card_words.spelled(game, plain)
    return out if out is not None and " force" in f" {out}" else None
