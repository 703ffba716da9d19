"""The key to a city wall's and a metropolis's look, under the knights' key while a wall or a
metropolis stands on a Cities & Knights board (learner22 at 10.1: "the metropolis goes on the
walled city C6", and nothing on the page said which grey base was a wall or which little tower
a metropolis; the knights and the merchant had keys). Each is drawn as the board draws it
(``render.city_svg``) in a light grey no player has, and said in words: a wall raises its owner's
hand limit (CK-WALL-BUILD), a metropolis is never pillaged (CK-METRO-VALUE). It speaks of the
drawing, never of a city on the board. Hidden marker for tests: ``catan-city-key``."""

from __future__ import annotations

from ..game import Game
from ..palette import TRACK_NAMES
from ..render import city_svg
from .knight_key import ICON_PX

KEY_CLASS = "catan-city-key"
# a light grey no player has: the darker wall under it stands out (the knights' grey on the
# wall's grey-brown read as one lump)
CITY_FILL = "#c9ccd1"
CITY_PX = ICON_PX + 4  # (the drawing holds the wall and the tower: taller than a knight)
COLOURS = ("green", "yellow", "blue")  # TRACK_FILL's, in words (the event die's castles too)


def walls_or_metropolises(game: Game) -> bool:
    """Whether a city wall or a metropolis stands on ``game``'s board."""
    s = game.state
    return game.caps.improvements and (any(s.walls) or any(v >= 0 for v in s.metro))


def city_key_html(game: Game) -> str:
    """The key (``''`` where neither a wall nor a metropolis is on the board)."""
    if not walls_or_metropolises(game):
        return ""
    wall = city_svg(CITY_FILL, True, size=CITY_PX)
    metro = city_svg(CITY_FILL, False, 0, size=CITY_PX)
    tracks = ", ".join(f"{c} {t}" for c, t in zip(COLOURS, TRACK_NAMES, strict=True))
    return (
        f"<div class='{KEY_CLASS}' style='margin:6px 0 2px;font-size:13px;line-height:1.7'>"
        f"<b>Cities:</b> <span style='white-space:nowrap'>{wall} a city wall</span>, the grey "
        "base under a city: its owner may hold 2 more cards on a 7. "
        f"<span style='white-space:nowrap'>{metro} a metropolis</span>, the tower in its "
        f"track's colour ({tracks}): never pillaged.</div>"
    )
