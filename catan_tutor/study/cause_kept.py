"""A refused try's cause, said without the detail that would name a puzzle's answer: where
the engine's one sentence is held back whole (it names the answer's spot, piece or cards), the
wrong try still says why (l36 at 5.13: "That is not the answer." and no reason; every other
wrong try said why).

Each line says the rule's cause of the refusal without the detail the engine adds: the
building next to the corner (BASE-BUILD-DISTANCE: "B4 is next to a building"), the piece the
setup step calls for (BASE-SETUP-FREE), the cards a price needs (BASE-BUILD-COSTS,
CK-BUILD-COSTS), the rates a seat trades at (``RATE_RULES``: a harbor's, the Trading House's,
the merchant's, the Merchant Fleet's), a neutral's piece owed first (2P-NEUTRAL-MIRROR and
C&K for two's: which piece is kept). A reason of another rule:
'' (the puzzle says the try is not the answer). The puzzle keeps back any of these too when
it still names a part of the answer.
"""

from __future__ import annotations

import re

from ..actions import Action
from ..board import VERTEX_LABELS
from ..game import Explanation
from ..state import State
from ..typed_forms import FORMS

_COST = re.compile(r"^(?P<who>.+? cannot pay for .+?): it costs .+$")
# "P2 trades wool with the bank at 2:1 or 4:1, not 3:1.": the rates P2 has name a harbor
_RATE = re.compile(r"^(?P<who>\S+) trades (?P<what>.+?) with the bank at .+, not (?P<rate>\d:1)\.$")
# The rules a bank trade refused for its rate cites (rules.trade.rate_rule: the rule that sets
# the seat's best rate for the card given): each says the rates the seat has, which name the
# answer at a question about a rate. 9.18's "P2 trade 2 cloth for ore" (CK-TRADE-BANK, l45)
# and "P2 bank 3 grain for ore" (CK-TRADE-MERCHANT) read no reason: only BASE-TRADE-MARITIME's
# cause was said
RATE_RULES = (
    "BASE-TRADE-MARITIME",
    "CK-TRADE-BANK",
    "CK-TRADE-HOUSE",
    "CK-TRADE-MERCHANT",
    "CK-PC-MERCHANT-FLEET",
)
# "P1 first places the neutral road they owe; any other move waits until then." (rules.neutral
# .due_reason, 2P-NEUTRAL-MIRROR): the piece owed is the answer where a question asks what is
# owed (5.13, 11.16: every other move's refusal was held back whole)
_OWED = re.compile(r"^\S+ first (?:places|makes|builds) the neutral .+? they owe; ")


def cause_kept(s: State, ex: Explanation) -> str:
    """The cause of ``ex``'s refusal without its detail ('' when there is none to say)."""
    a: Action = ex.action
    if ex.rule == "BASE-BUILD-DISTANCE" and isinstance(v := getattr(a, "vertex", None), int):
        return (
            f"{VERTEX_LABELS[v]} is next to a building, and settlements need at least two "
            "road lengths between them."
        )
    if ex.rule == "BASE-SETUP-FREE" and ex.reason.startswith("During setup"):
        noun = FORMS.get(type(a).__name__, ("That move",))[0]
        return f"{noun} is not the piece this step of the setup places."
    if ex.rule in ("BASE-BUILD-COSTS", "CK-BUILD-COSTS") and (m := _COST.match(ex.reason)):
        return f"{m['who']}."
    if _OWED.match(ex.reason):  # a neutral's piece owed first: which one is kept (2P-NEUTRAL-*)
        return f"{ex.reason.split()[0]} owes the neutrals a move first; any other move waits."
    if ex.rule in RATE_RULES and (m := _RATE.match(ex.reason)):  # (l37 at 3.2, l45 at 9.18)
        return f"{m['who']} has no {m['rate']} rate for {m['what']}."
    return ""


# The phase's refusal before the roll names what may be played then ("…, and before the roll
# only a development card may be played, not buying a development card."): at a question
# answered before the roll that names the answer's kind (l37 at 4.3, "Reach 4 victory points
# before rolling": "buy a development card" was told the answer, play the Knight)
_BEFORE_ROLL = re.compile(
    r"^(?P<who>.+? has not rolled yet), and before the roll only .+? may be played, "
    r"not (?P<what>.+?)\.$"
)


def without_allowed(reason: str) -> str:
    """A refusal before the roll without what may be played then: "P1 has not rolled yet."
    (BASE-TURN-PHASES, CK-TURN-ROLL-PHASE); any other reason as it is."""
    m = _BEFORE_ROLL.match(reason.strip())
    return f"{m['who']}." if m else reason
