"""The trade tokens of the seat to move, beside its hand (the games for two: 2P-TOKEN-*).

Learner s18 at 11.16's first question ("Get them for the fewest trade tokens"): the page
said how many tokens P1 had only after the answer ("P1 has 4 trade tokens."); a question must
be answerable from what the page shows. The hand row shows the seat's tokens at every step,
so a lesson's expectation of that seat's tokens is not a line of "What to notice" as well
(``hand_once``)."""

from __future__ import annotations

from ..game import Game
from ..grammar import count


def held_tokens(game: Game, view: dict) -> list[str]:
    """["5 trade tokens"] for a seat of a game with trade tokens (its observation ``view``);
    [] otherwise."""
    if not game.caps.tokens or view.get("tokens") is None:
        return []
    return [count(view["tokens"], "trade token")]
