"""Every seat's city improvements under the hand row, in Cities & Knights (l19 at 10.6: "P1
holds 5 cloth. Take a metropolis from another player" could not be answered from the page:
no seat's levels showed in a lesson, only on the Players tab of Explore, and the hint's
"tracks" were nowhere). One line a seat, its three tracks, and the metropolis a track's
holder has, on which city (CK-IMPROVE-BUILD, CK-METRO-TAKE; levels and metropolises are
open to all: CK-INFO). The neutrals of the game for two have no tracks; in the setup every
track is at 0, and the row is left out."""

from __future__ import annotations

import html

from ..actions import TRACK_NAMES
from ..board import VERTEX_LABELS
from ..game import Game
from ..state import BOARD, ROLLOFF, SETUP_ROAD, SETUP_SETTLE

_UNSHOWN = (BOARD, ROLLOFF, SETUP_SETTLE, SETUP_ROAD)
HEADING = "City improvement levels"


def level_lines(game: Game) -> list[str]:
    """ "P2: science 0 · trade 4 (metropolis on O4) · politics 0", a seat a line; none where
    the game has no improvements, is over or is being set up."""
    s = game.state
    if not game.caps.improvements or game.is_over() or s.phase in _UNSHOWN:
        return []
    lines = []
    for p in range(game.players):
        tracks = []
        for t, track in enumerate(TRACK_NAMES):
            v = s.metro[t]
            held = f" (metropolis on {VERTEX_LABELS[v]})" if v >= 0 and s.vowner[v] == p else ""
            tracks.append(f"{track} {s.levels[p][t]}{held}")
        lines.append(f"{s.name(p)}: " + " · ".join(tracks))
    return lines


def levels_html(game: Game, aside: str = "") -> str:
    """The row under the hand (empty where :func:`level_lines` has none), ``aside`` (markup)
    at the right of its heading."""
    lines = level_lines(game)
    if not lines:
        return ""
    body = "<br>".join(html.escape(line) for line in lines)
    return (
        "<div class='catan-levels' style='margin:2px 0;font-size:13px;line-height:1.4'>"
        f"<b>{HEADING}:</b>{aside}<br>{body}</div>"
    )


def without_shown_levels(expects: list, game: Game) -> list:
    """``expects`` without the levels and metropolises the levels row says, where it shows
    (said once: "P3's city improvements: science 4, …" under "What to notice" beside it)."""
    if not level_lines(game):
        return expects
    return [ex for ex in expects if ex.key not in ("levels", "metropolis")]
