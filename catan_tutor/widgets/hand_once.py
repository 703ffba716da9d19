"""The learner's hand said once (s15, a fresh learner: "P1's hand: nothing." under "What to
notice", then "P1's hand: nothing" just below it): the hand row under the lesson
(``play_panel.own_hand_html``) shows the hand of the seat to move at every step, so a lesson's
expectation of that seat's hand (and, in the games for two, its trade tokens: held_tokens) is
not a line of "What to notice" as well. Other seats' hands (the row does not show them) stay
there."""

from __future__ import annotations

from ..game import Game
from ..study.scenario import Expect
from .play_panel import own_hand_html


def without_shown_hand(expects: list, game: Game, seat: int, against_computer: bool) -> list:
    """``expects`` without the hand of ``seat`` where the hand row shows it."""
    if not own_hand_html(game, seat, against_computer):  # no row (the board laid out, …)
        return expects
    name = game.names[seat]
    out = []
    for ex in expects:
        shown = ex.key == "hand" or (ex.key == "tokens" and game.caps.tokens)  # held_tokens
        if shown and isinstance(ex.value, dict) and name in ex.value:
            rest = {k: v for k, v in ex.value.items() if k != name}
            if rest:
                out.append(Expect(ex.key, rest, ex.line))
            continue
        out.append(ex)
    return out
