"""The key to the merchant's look, under the hand while the merchant stands on a Cities &
Knights board (s43, a fresh learner at 10.6: the merchant, then a pawn with a head, was taken
for the robber). It is drawn as the board draws it (``render.merchant_svg``: a money bag with a
gold coin, in its holder's colour) in a grey no player has, and said in words: what it is and
what it gives its holder (CK-PC-MERCHANT, CK-TRADE-MERCHANT), and that the robber is the grey
pawn. Like the knights' key it speaks of the drawing, never of the hex it stands on or of its
holder (a question may ask about them). At an open question, whose form needs the room, it
is a few words beside the levels' heading, taking no line of its own (``merchant_aside``; s44,
a fresh learner at 10.6 looked for the key during the question; a line of its own pushed
9.18's bank form under the screen's foot). Hidden marker for tests: ``catan-merchant-key``."""

from __future__ import annotations

from typing import Any

from ..game import Game
from ..render import merchant_svg
from .city_key import city_key_html
from .knight_key import ICON_PX, KEY_FILL, knight_key_html

KEY_CLASS = "catan-merchant-key"
ASIDE_PX = 17  # the drawing beside the levels' heading: no taller than its line


def merchant_shown(game: Game) -> bool:
    """Whether the merchant stands on ``game``'s board."""
    at = tuple(getattr(game.state, "merchant", (-1, -1)) or (-1, -1))
    return game.caps.knights and at[0] >= 0


def merchant_key_html(game: Game) -> str:
    """The key (``''`` where the merchant is not on the board)."""
    if not merchant_shown(game):
        return ""
    drawn = merchant_svg(KEY_FILL, ICON_PX)
    return (
        f"<div class='{KEY_CLASS}' style='margin:6px 0 2px;font-size:13px;line-height:1.7'>"
        f"<b>The merchant:</b> <span style='white-space:nowrap'>{drawn} a bag with a gold "
        "coin</span>, in its holder's colour (the robber is the grey pawn). Its holder trades "
        "the resource of its hex 2:1 and has 1 victory point for it.</div>"
    )


def pieces_key_html(session: Any) -> str:
    """The keys under the hand of ``session`` (a ``TutorSession``): the knights' look, then
    the walls' and metropolises', then the merchant's; at an open question (``puzzle_secret``)
    the knights' alone: its form keeps that room (9.18's bank question: the form came into
    sight with the page's bar off the top, s37)."""
    game = session.game
    if session.puzzle_secret:
        return knight_key_html(game)
    return knight_key_html(game) + city_key_html(game) + merchant_key_html(game)


def merchant_aside(session: Any) -> str:
    """At an open question of ``session``, the merchant's key in a few words for the right of
    the levels' heading (``city_levels.levels_html``), else ''."""
    if not session.puzzle_secret or not merchant_shown(session.game):
        return ""
    drawn = merchant_svg(KEY_FILL, ASIDE_PX)
    return (
        f"<span class='{KEY_CLASS}' style='float:right;font-weight:normal;white-space:nowrap'>"
        f"{drawn} the merchant, in its holder's colour</span>"
    )
