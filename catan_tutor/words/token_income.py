"""The trade tokens a settlement earns its builder, said in the move's own sentence.

l35 at 5.2 (base-2p): the settlement on a corner of the desert and the coast earned 3 tokens,
the lesson's point, and the log and Last move said only "+1 victory point". The income is
2 next to the desert (2P-TOKEN-INCOME-DESERT), 1 on the coast (2P-TOKEN-INCOME-COAST), 3 for
both (2P-TOKEN-INCOME-BOTH: this tutor's reading), for a neutral's settlement too
(2P-TOKEN-INCOME-NEUTRAL) and Cities & Knights for two's setup city (CK2P-TOKEN-SETUP-CITY),
as many as the supply holds (2P-TOKEN-SUPPLY). Token actions say what they spend or earn in
their own sentences (``variants/two_player_actions.spends``).
"""

from __future__ import annotations

from ..actions import Action, BuildCity, NeutralSettle, Settle
from ..board import COASTAL_VERTICES, VERTEX_HEXES
from ..grammar import count
from ..state import SETUP_SETTLE, State, laid


def _due(s: State, v: int) -> tuple[int, int]:
    """(tokens for the desert, for the coast) a settlement on corner ``v`` is due."""
    return (2 if laid(s).desert() in VERTEX_HEXES[v] else 0), (1 if v in COASTAL_VERTICES else 0)


def income_rule(s: State, v: int) -> str:
    """The rule that pays a settlement on ``v`` its tokens ('' for none)."""
    desert, coast = _due(s, v)
    return (
        "2P-TOKEN-INCOME-BOTH"
        if desert and coast
        else "2P-TOKEN-INCOME-DESERT"
        if desert
        else "2P-TOKEN-INCOME-COAST"
        if coast
        else ""
    )


def earned(before: State, action: Action, after: State) -> tuple[str, str]:
    """What ``action`` earned its builder in trade tokens, as a clause of the move's sentence
    ("earns 2 trade tokens (next to the desert)"), and the rule that pays it; ('', '') when
    it is no settlement that earns any (or the game has no tokens)."""
    if not before.caps.tokens:
        return "", ""
    kind = type(action)
    city = kind is BuildCity and before.phase == SETUP_SETTLE  # (CK2P-TOKEN-SETUP-CITY)
    settles = kind in (Settle, NeutralSettle) or city
    v = getattr(action, "vertex", None)
    if not settles or not isinstance(v, int):
        return "", ""
    desert, coast = _due(before, v)
    if not desert + coast:
        return "", ""
    p = action.player
    got = after.tokens[p] - before.tokens[p]
    why = (
        f"{desert} next to the desert and {coast} on the coast: this tutor's reading pays both"
        if desert and coast
        else "next to the desert"
        if desert
        else "on the coast"
    )
    due = desert + coast
    rule = income_rule(before, v)
    if got == due:
        return f"earns {count(got, 'trade token')} ({why})", rule
    owed = f"{due} {'is' if due == 1 else 'are'} due ({why})"
    if got <= 0:
        return f"earns no trade token: {owed}, but the supply is empty", rule
    return f"earns {count(got, 'trade token')}: {owed}, but the supply held only {got}", rule
