"""The key to the merchant's look, under the hand while the merchant stands on a Cities &
Knights board (s43, a fresh learner at 10.6: the merchant, then a pawn with a head, was taken
for the robber). It is drawn as the board draws it (``render.merchant_svg``: a money bag with a
gold coin, in its holder's colour) in a grey no player has, and said in words: what it is and
what it gives its holder (CK-PC-MERCHANT, CK-TRADE-MERCHANT), and that the robber is the grey
pawn. Like the knights' key it speaks of the drawing, never of the hex it stands on or of its
holder (a question may ask about them). At an open question, whose form needs the room, it
is one line: the drawing and whose colour it wears (s44, a fresh learner at 10.6 looked for
the key during the question). Hidden marker for tests: ``catan-merchant-key``."""

from __future__ import annotations

from typing import Any

from ..game import Game
from ..render import merchant_svg
from .knight_key import ICON_PX, KEY_FILL, knight_key_html

KEY_CLASS = "catan-merchant-key"


def merchant_shown(game: Game) -> bool:
    """Whether the merchant stands on ``game``'s board."""
    at = tuple(getattr(game.state, "merchant", (-1, -1)) or (-1, -1))
    return game.caps.knights and at[0] >= 0


def merchant_key_html(game: Game, short: bool = False) -> str:
    """The key (``''`` where the merchant is not on the board); ``short``: its one line."""
    if not merchant_shown(game):
        return ""
    drawn = merchant_svg(KEY_FILL, ICON_PX)
    if short:
        return (
            f"<div class='{KEY_CLASS}' style='margin:4px 0 2px;font-size:13px;"
            f"white-space:nowrap'><b>The merchant:</b> {drawn} in its holder's colour</div>"
        )
    return (
        f"<div class='{KEY_CLASS}' style='margin:6px 0 2px;font-size:13px;line-height:1.7'>"
        f"<b>The merchant:</b> <span style='white-space:nowrap'>{drawn} a bag with a gold "
        "coin</span>, in its holder's colour (the robber is the grey pawn). Its holder trades "
        "the resource of its hex 2:1 and has 1 victory point for it.</div>"
    )


def pieces_key_html(session: Any) -> str:
    """The keys under the hand of ``session`` (a ``TutorSession``): the knights' look, then
    the merchant's, in one line at an open question (``puzzle_secret``): its form keeps that
    room (9.18's bank question: the form came into sight with the page's bar off the top, s37)."""
    game = session.game
    return knight_key_html(game) + merchant_key_html(game, short=session.puzzle_secret)
