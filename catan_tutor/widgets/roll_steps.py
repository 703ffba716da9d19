"""A roll as one step: the player's Roll and the dice it brings (chance nodes with no decision
in them: both dice, the event die, both rolls of a two-player turn, progress cards a castle
deals) are nodes of the timeline like any other move, so a die can still be forced, but the
learner takes them in at once: one line in the log (``path_log.py``), and in a lesson one
step of ◀ ▶ (``TutorSession.forward``/``back``), the texts of the dice's nodes said at the
node the roll ends on. Plain Python, no widgets."""

from __future__ import annotations

from ..game import Game
from ..study.timeline import Node

ROLL_PHASES = frozenset({"dice", "progress-draw"})  # chance that Roll goes on through


def rolling(rules, node: Node) -> bool:
    """A roll is under way at ``node``: chance is to act in a roll's phase (the Roll is
    played, dice or draws are still to come): nobody decides anything here."""
    return node.state.phase in ROLL_PHASES and Game(rules, node.state).is_chance()


def roll_nodes(rules, node: Node) -> list[Node]:
    """The nodes of the roll that ``node`` ends, oldest first: the node after the player's
    Roll and each die's node before ``node`` (every one a roll under way); [] when ``node``
    ends no roll (it is itself under way, or its move is no roll's last)."""
    if rolling(rules, node):
        return []
    out: list[Node] = []
    n = node.parent
    while n is not None and n.action is not None and rolling(rules, n):
        out.append(n)
        n = n.parent
    return out[::-1]


def said_by_move(rules, node: Node) -> str:
    """What the engine says of the move into ``node`` on its own ("The white die shows 3.",
    "P2 rolls the dice for this turn's production."): a lesson comment that only says this is
    left out where the roll is told at once ('' at the root)."""
    if node.parent is None or node.action is None:
        return ""
    try:
        return Game(rules, node.parent.state).explain(node.action).reason
    except ValueError:
        return ""
