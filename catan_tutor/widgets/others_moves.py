"""The spots the computers played on since the learner's last move, ringed on the board in a
game against the computer (learner18: after the computers' turns nothing on the board said
what was new; the log said it in words only). Found back along the path from the node shown:
every computer seat's move with a spot (a settlement, a road, a city, the robber, a knight...),
back to the last move of a human seat or the game's start; chance has no spot."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .kinds import Spot, target_of

if TYPE_CHECKING:
    from .tutor_session import TutorSession

MAX_BACK = 400  # moves looked back at most (a computer's turns, their chance between)


def others_spots(session: TutorSession) -> tuple[Spot, ...]:
    """The spots of the computers' moves since a human seat last moved, oldest first; none
    but in a game against the computer."""
    computers = session.computers
    if not computers:
        return ()
    node, spots = session.timeline.current, []
    for _ in range(MAX_BACK):
        a = node.action
        if a is None:
            break
        seat = getattr(a, "player", -1)  # (chance's outcomes: -1, nobody's)
        if seat >= 0 and seat not in computers:
            break  # (the learner's own move: what came before it they saw)
        if seat >= 0 and (spot := target_of(a)) is not None and spot not in spots:
            spots.append(spot)
        node = node.parent
    return tuple(reversed(spots))
