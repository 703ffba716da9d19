"""The setup hint: where to place a starting settlement. The course teaches the free corner
with the most dots under its numbers (BASE-COMP-NUMBERS, BASE-PROD-ROLL); ties go to more
kinds of resource, then a harbor, then the engine's order of corners. The rulebooks say
nothing on where to settle: this is the tutor's reading, not a rule. The hint's playouts are
no judge here: their greedy policy (cities first) favours grain and ore. On the default board
after a greedy setup they rank J6 (5 dots, by the desert) above D4 (8 dots): 2.32 to 2.15
victory points after 10 turns, 3.44 to 3.09 after 40 (100 games each)."""

from __future__ import annotations

from ..actions import BuildCity, Settle
from ..board import corner_score
from ..game import Game
from ..state import SETUP_SETTLE


def setup_corners(game: Game) -> list[Settle | BuildCity]:
    """The legal placements of setup's settlement (CK-SETUP-ROUND2: the city of round 2),
    best corner first by :func:`corner_score` (ties: the engine's order of corners); [] outside
    setup's placing of a settlement."""
    s = game.state
    if s.phase != SETUP_SETTLE:
        return []
    who = game.rules.actors(s)
    if not who:
        return []
    options: list[Settle | BuildCity] = [
        a
        for a in game.rules.legal_actions(s, offers=False)
        if isinstance(a, (Settle, BuildCity)) and a.player == who[0]
    ]
    return sorted(
        options, key=lambda a: (*corner_score(game.layout, a.vertex), -a.vertex), reverse=True
    )


def setup_corner(game: Game) -> Settle | BuildCity | None:
    """The placement to suggest in setup (BASE-SETUP-ROUND1, BASE-SETUP-ROUND2): the legal
    settlement on the best corner (:func:`setup_corners`); None outside setup's placing of a
    settlement."""
    options = setup_corners(game)
    return options[0] if options else None
