"""A roll's step said once (issue 33: "The red die shows 6: a 10 in all." then "A 10, and a
green castle on the event die.", the white die never named): a lesson comment at a die that
only tells the dice ("The red die shows 5: with the white 2, the roll is 7.") is left out
where ◀ ▶ take the roll as one step, and the step opens with one sentence naming both dice
of each throw, unless the lesson's texts name the white die's number themselves; the total,
the event die and what the roll does are the lesson's words after it. The step's words say the
roll's total, the strip under the board keeps to the dice's faces (``dice_shown``): the
sentence adds the total where the lesson's words do not say it ("The white die shows 5 and the
red die 5: a 10."), and in a step of two throws or more what each throw it adds did (learner
16, 5.13: "…: a 7; then the white 6 and the red 2: an 8." never said the 7 was thrown again
nor what the 8 paid). Plain Python."""

from __future__ import annotations

import re

from ..actions import DICE_COLORS, Die
from ..board import CARD_NAMES
from ..grammar import and_list
from ..state import ROLLOFF, State
from ..study.timeline import Node
from ..words.narrate import events

_DICE_ONLY = re.compile(
    r"The (?:white|red) die shows \d+"
    # (", so with the white 1 the roll is 3": a second wording, under the step's sentence
    # at 1024 (a fresh learner, s17))
    r"(?::? (?:with the (?:white|red) \d+, the roll is \d+|an? \d+ in all)"
    r"|, so with the (?:white|red) \d+ the roll is \d+)?\.",
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


def _paid(s: State, produced: dict) -> str:
    """ "which pays P1 1 brick and 2 grain, and P2 1 ore" ("which pays nobody")."""
    each = [
        f"{s.name(p)} {and_list([f'{k} {CARD_NAMES[r]}' for r, k in enumerate(b) if k])}"
        for p, b in produced.items()
    ]
    if len(each) < 2:
        return f", which pays {each[0] if each else 'nobody'}"
    joint = ", and " if any(" and " in e for e in each) else " and "
    return f", which pays {', '.join(each[:-1])}{joint}{each[-1]}"


def throw_outcomes(rules, nodes: list[Node]) -> list[str]:
    """What each production throw the ``nodes`` make did, as words to follow its total
    (", which pays P2 1 ore"; a sum equal to the first roll's: thrown again, 2P-ROLL-DIFFERENT),
    one a throw; [] where an event die is thrown (Cities & Knights: the lessons tell the
    event and the production it orders)."""
    if any(isinstance(n.action, Die) and n.action.die not in DICE_COLORS for n in nodes):
        return []
    out = []
    for n in nodes:
        if n.parent is None or n.action is None:
            continue
        for e in events(rules, n.parent.state, n.action, n.state):
            if e.kind != "production" or "total" not in e.facts:
                continue
            if e.facts.get("reroll"):
                out.append(", the same sum as the first roll, so the dice are thrown again")
            else:
                out.append(_paid(n.state, e.facts.get("produced", {})))
    return out


def dice_sentence(nodes: list[Node], texts: list[str], outcomes: list[str] | None = None) -> str:
    """One sentence naming the production dice the ``nodes`` throw, both of each throw
    ("The white die shows 4 and the red die 6." ; two rolls: ", then the white 3 and the red
    5"), with each throw's total the ``texts`` do not say (": a 10") and, where it throws twice or
    more, what that throw did (``outcomes``, one a throw: ``throw_outcomes``); '' when the
    ``texts`` name the white die's number already, or no full throw is here (a roll-off's
    throw names its player and dice itself)."""
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
    did = outcomes if outcomes and len(throws) > 1 and len(outcomes) == len(throws) else []
    said = [
        "" if total_said(a + b, texts) else f": {'an' if a + b in (8, 11) else 'a'} {a + b}"
        for a, b in throws
    ]
    said = [t + did[i] if t and did else t for i, t in enumerate(said)]
    (w, r), rest = throws[0], throws[1:]
    then = "".join(
        f"; then the white {a} and the red {b}{t}" if t else f", then the white {a} and the red {b}"
        for (a, b), t in zip(rest, said[1:], strict=True)
    )
    return f"The white die shows {w} and the red die {r}{said[0]}{then}."
