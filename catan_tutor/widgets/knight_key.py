"""The key to the knights' look, under the hand and the city levels while a knight stands on a
Cities & Knights board (s35, fresh learners at 8.11, "holding off the barbarians": the question
asks for a knight's strength and whether it is active, read off the board, and nothing on the
page said how its drawing shows them). Each look is drawn as the board draws it
(``render.knight_svg``, ``knight_look``: bars for its strength, CK-KNIGHT-STRENGTH; a full
colour and a gold rim when active, pale and a dashed rim when not, CK-KNIGHT-ACTIVATE), in a
grey no player has, and said in words (a screen reader hears the words; the drawings are
hidden from it). It speaks of the drawing, never of a knight on the board. Hidden marker for
tests: the class ``catan-knight-key``."""

from __future__ import annotations

from ..game import Game
from ..render import knight_svg

KEY_CLASS = "catan-knight-key"
KEY_FILL = "#7b7f86"  # a grey that is no player's colour
ICON_PX = 22  # the drawings' size (CSS px): the dashed rim and the bars clear at a glance
LEVELS = ((1, "basic"), (2, "strong"), (3, "mighty"))  # CK-KNIGHT-STRENGTH


def knights_shown(game: Game) -> bool:
    """Whether a knight stands on ``game``'s board (or waits beside it, displaced)."""
    state = game.state
    if not game.caps.knights:
        return False
    return any(k is not None for k in state.kn) or bool(getattr(state, "relocate", ()))


def _look(level: int, active: bool, words: str) -> str:
    drawn = knight_svg(level, active, KEY_FILL, ICON_PX)
    return f"<span class='catan-knight-look' style='white-space:nowrap'>{drawn} {words}</span>"


def knight_key_html(game: Game) -> str:
    """The key (``''`` where no knight is on the board): its strengths, then its states."""
    if not knights_shown(game):
        return ""
    levels = ", ".join(_look(level, True, name) for level, name in LEVELS)
    states = (
        f"{_look(1, True, 'active: the owner' + chr(39) + 's colour, a gold rim')}; "
        f"{_look(1, False, 'inactive: pale, a dashed rim')}"
    )
    return (
        f"<div class='{KEY_CLASS}' style='margin:6px 0 2px;font-size:13px;line-height:1.7'>"
        f"<b>Knights on the board:</b> 1, 2 or 3 bars under the owner's mark: {levels}. "
        f"{states}.</div>"
    )
