"""Where the board's keyboard cursor goes on an arrow key, by the spots' places on screen.

An arrow goes to the nearest spot within 45° of its direction, so the four arrows' cones
share no spot and together cover the whole board: from any spot every other one lies in exactly
one of them. Nearest is the walk there along the arrow plus across it: a corner's neighbour
30° off the arrow (1 away) comes before the corner straight on past it (1.7), and Down from a
hex's top corner crosses the hex to its bottom corner (2) rather than to a corner beside it.
Of spots as near the one nearer the arrow's line wins, then the one on the arrow's left hand
(Down prefers the right of the screen, Up the left), so that the choice read backwards is the
same choice: when B is the nearest spot Down from A and A the nearest Up from B, Up from B goes
back to A. On the whole board this holds for 182 of the 190 corner steps, 218 of 254 edge
steps and 56 of 60 hex steps.

Where the nearest spot is not the same both ways (at the coast, or among a few glowing spots),
the trail (``CursorTrail``) still takes the opposite arrow back the way it came.
"""

from __future__ import annotations

import math

from .. import board
from .kinds import Spot

SPOT_XY = {"vertex": board.vertex_xy, "edge": board.edge_xy, "hex": board.hex_centre_xy}
CONE = math.tan(math.radians(45))  # how far off its line, per unit along it, an arrow looks
TIE = 1e-6  # board units: distances closer than this are the same


def spot_xy(spot: Spot) -> tuple[float, float]:
    return SPOT_XY[spot[0]](spot[1])


def step_cursor(
    spots: list[Spot], at: tuple[float, float] | None, direction: tuple[float, float]
) -> Spot | None:
    """The spot of ``spots`` the cursor moves to from board point ``at`` in ``direction``
    (a unit vector, y down): the nearest one within 45° of it, by the walk along plus across
    it (see the module's docstring for ties); the first in reading order when there is no
    cursor yet; None when nothing is that way."""
    if not spots:
        return None
    if at is None:
        return min(spots, key=lambda s: (round(spot_xy(s)[1], 2), spot_xy(s)[0]))
    dx, dy = direction
    best, best_key = None, (math.inf, math.inf, math.inf)
    for spot in spots:
        x, y = spot_xy(spot)
        vx, vy = x - at[0], y - at[1]
        along, side = vx * dx + vy * dy, vx * dy - vy * dx  # side > 0: the arrow's left hand
        if along <= TIE or abs(side) > along * CONE:
            continue
        key = (round((along + abs(side)) / TIE), round(abs(side) / TIE), -side)
        if key < best_key:
            best, best_key = spot, key
    return best


class CursorTrail:
    """The steps the cursor took, so the opposite arrow retraces them: Down, Down, Up, Up
    comes back to the start even where the nearest spot is not the same both ways."""

    LIMIT = 200  # steps remembered

    def __init__(self) -> None:
        self.steps: list[tuple[Spot, Spot, tuple[float, float]]] = []  # (from, to, arrow)

    def clear(self) -> None:
        self.steps.clear()

    def step(self, spots: list[Spot], here: Spot, direction: tuple[float, float]) -> Spot:
        """Where the arrow ``direction`` takes the cursor from ``here`` (itself when nothing is
        that way): back where the last step came from when it is that step's opposite, else
        the nearest spot that way (``step_cursor``)."""
        if self.steps:
            came, went, arrow = self.steps[-1]
            if went != here or came not in spots:
                self.steps.clear()
            elif arrow == (-direction[0], -direction[1]):
                self.steps.pop()
                return came
        spot = step_cursor(spots, spot_xy(here), direction)
        if spot is None:
            return here
        self.steps.append((here, spot, direction))
        del self.steps[: -self.LIMIT]
        return spot
