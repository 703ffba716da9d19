"""A lesson's expectation that a spot holds no piece ("road: H3: '-'", "knight: N4: '-'"), as
What to notice says it: the author's check that nothing stands there is no notice where
nothing changed (l36 at 5.1: "There is no road on H3." "There is no road on G5." under a text
that said the neutrals have no roads yet; 7.1's "There is no knight on N4." before P1 recruits
there); where the step emptied the spot it says so, and why that matters: the spot is free
now. ``catan-tutor check`` checks every such expectation still.
"""

from __future__ import annotations

from ..board import EDGE_LABELS, VERTEX_LABELS
from ..state import State
from ..study.timeline import Node

# The expectations of a piece on a spot: key -> (the spot's noun, the piece's noun)
ABSENT_KEYS = {
    "road": ("edge", "road"),
    "knight": ("corner", "knight"),
    "building": ("corner", "building"),
}


def _holds(s: State, key: str, label: str) -> bool:
    if key == "road":
        return s.eowner[EDGE_LABELS.index(label)] >= 0
    v = VERTEX_LABELS.index(label)
    if key == "knight":
        return s.caps.knights and s.kn[v] is not None
    return s.vowner[v] >= 0


def gone_notice(node: Node, key: str, label: str) -> str:
    """What to notice of ``key`` expected absent on ``label`` at ``node``: '' when the step
    to it did not empty the spot (a roll and what it folds in count as one step), else "The
    corner N4 is free now: its knight has gone."."""
    if key not in ABSENT_KEYS or label not in (EDGE_LABELS if key == "road" else VERTEX_LABELS):
        return ""
    back = [n for n in (node.parent, node.parent and node.parent.parent) if n is not None]
    if not any(_holds(n.state, key, label) for n in back):
        return ""
    spot, piece = ABSENT_KEYS[key]
    return f"The {spot} {label} is free now: its {piece} has gone."
