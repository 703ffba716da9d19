"""Try a move's help in a learner's words (issue 33: the box was to be typed as "who, what,
where" with only "e.g. P1 road H3" to go by): what to type, and a worked example taken from
the position shown, written out in words ("P2 road K5" means "P2 builds a road on K5").

The example is a move of the player to act on a spot of the board (a settlement, a road, a
city) legal now; while a lesson's question waits for its answer, or when no such move is
legal, a fixed example instead (a legal move there could give the answer away). Its words
are in quotes: the board does not label the example's spot (``spot_names.js``).
"""

from __future__ import annotations

from ..actions import BuildCity, BuildRoad, Settle
from ..errors import CatanError
from ..game import Game
from . import markup
from .move_list import move_words

ON_A_SPOT = (Settle, BuildRoad, BuildCity)  # the kinds a worked example is taken from
FIXED = "P1 road H3"  # the example where no legal one may be shown


def example(game: Game, secret: bool = False) -> str:
    """A move to type, as notation: one legal now on a spot (none while ``secret``)."""
    if not secret and not game.is_over() and not game.is_chance():
        for action in game.legal_actions():
            if isinstance(action, ON_A_SPOT):
                return str(action)
    return FIXED


def try_help(game: Game, secret: bool = False) -> tuple[str, str]:
    """Try a move's heading with what to type (HTML) and the box's placeholder."""
    move = example(game, secret)
    try:
        words = move_words(game._action(move), game.state)
    except CatanError:  # an example the variant cannot read: the notation alone
        words = ""
    means = f" means “{markup.text(words)}”" if words else ""
    return (
        "<div style='line-height:1.45'><b>Try a move</b> <span style='color:#555;"
        "font-size:12px'>to ask whether it is allowed now, and why (the answer follows as you "
        "type). Type who, what and where, the spot by its label: for example "
        f"<code>{markup.text(move)}</code>{means}. The Labels button under the board shows "
        "every spot's label.</span></div>",
        f"e.g. {move}",
    )
