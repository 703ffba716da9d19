"""The dice the strip under the board shows at a node of the timeline, with a caption saying
what they are: the roll in progress, the last roll (its total is what the board produces), or
after the first-player roll-off, whose dice the position does not keep, the roll-off's last
roll, found on the path (BASE-SETUP-FIRST-PLAYER, BASE-CHANCE-ROLLOFF)."""

from __future__ import annotations

from typing import Any

from ..actions import Die
from ..state import ROLLOFF

ROLLOFF_LOOKBACK = 200  # moves back along the path to the roll-off (it opens the game)
NO_DICE = "dice: none rolled yet"
NOT_YET = "dice: not rolled yet this turn"  # a turn starts with no dice (BASE-TURN-PHASES)


def dice_shown(node: Any) -> tuple[tuple[int, ...], str]:
    """``(faces, caption)`` at timeline ``node``: the faces to draw (none: no die) and the
    words beside them."""
    s = node.state
    if s.rolled:
        return tuple(s.rolled), "roll-off: rolling" if s.phase == ROLLOFF else "dice: rolling"
    if s.dice:
        return tuple(s.dice), f"dice: last roll {sum(s.dice[:2])}"
    for _ in range(ROLLOFF_LOOKBACK):
        parent = node.parent
        if parent is None:
            break
        before = parent.state
        if before.phase == ROLLOFF and len(before.rolled) == 1 and isinstance(node.action, Die):
            faces = (before.rolled[0], node.action.value)
            cands, totals = before.rolloff
            seat = cands[len(totals)] if len(totals) < len(cands) else -1
            who = f"{before.colors[seat]} rolled " if 0 <= seat < len(before.colors) else ""
            return faces, f"roll-off: {who}{sum(faces)}"
        node = parent
    return (), NOT_YET if s.turn >= 1 else NO_DICE
