"""A roll's step said once (issue 33: "The red die shows 6: a 10 in all." then "A 10, and a
green castle on the event die.", the white die never named): a lesson comment at a die that
only tells the dice ("The red die shows 5: with the white 2, the roll is 7.") is left out
where ◀ ▶ take the roll as one step, and the step opens with one sentence naming both dice
of each throw, unless the lesson's texts name the white die's number themselves; the total,
the event die and what the roll does are the lesson's words after it. The step's words say the
roll's total, the strip under the board keeps to the dice's faces (``dice_shown``): the
sentence adds the total where the lesson's words do not say it ("The white die shows 5 and the
red die 5: a 10."). Plain Python."""

from __future__ import annotations

import re

from ..actions import DICE_COLORS, Die
from ..state import ROLLOFF
from ..study.timeline import Node

_DICE_ONLY = re.compile(
    r"The (?:white|red) die shows \d+"
    r"(?::? (?:with the (?:white|red) \d+, the roll is \d+|an? \d+ in all))?\.",
)
_WHITE_NAMED = re.compile(r"\bwhite (?:die )?(?:of the second roll )?(?:shows )?\d", re.I)
# how a lesson says a roll's total: "A 10:", "an 8", "another 7", "P3 rolled 9", "the roll is 6",
# "a 5 in all" ("red 6", "3 against 4", "level 4" say no total)
_TOTAL = r"\b(?:an?|another|the|rolls?|rolled|roll (?:is|was|of))\s+{n}\b|\b{n} in all\b"


def total_said(total: int, texts: list[str]) -> bool:
    """The ``texts`` say a roll's ``total`` in words."""
    return bool(re.search(_TOTAL.format(n=total), " ".join(texts), re.I))


def dice_only(comment: str) -> bool:
    """The comment tells only what a die shows (and the sum): the step's dice sentence
    and the lesson's next words say it."""
    return bool(_DICE_ONLY.fullmatch(comment.strip()))


def dice_sentence(nodes: list[Node], texts: list[str]) -> str:
    """One sentence naming the production dice the ``nodes`` throw, both of each throw
    ("The white die shows 4 and the red die 6." ; two rolls: ", then the white 3 and the red
    5"), with each throw's total the ``texts`` do not say (": a 10"); '' when the ``texts``
    name the white die's number already, or no full throw is here (a roll-off's throw names
    its player and dice itself)."""
    if any(_WHITE_NAMED.search(t) for t in texts):
        return ""
    faces = [
        n.action.value
        for n in nodes
        if isinstance(n.action, Die)
        and n.action.die in DICE_COLORS
        and n.parent is not None
        and n.parent.state.phase != ROLLOFF
    ]
    throws = [faces[i : i + 2] for i in range(0, len(faces) - 1, 2)]
    if not throws:
        return ""
    said = [
        "" if total_said(a + b, texts) else f": {'an' if a + b in (8, 11) else 'a'} {a + b}"
        for a, b in throws
    ]
    (w, r), rest = throws[0], throws[1:]
    then = "".join(
        f"; then the white {a} and the red {b}{t}" if t else f", then the white {a} and the red {b}"
        for (a, b), t in zip(rest, said[1:], strict=True)
    )
    return f"The white die shows {w} and the red die {r}{said[0]}{then}."
