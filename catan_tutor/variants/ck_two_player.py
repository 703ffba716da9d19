"""Cities & Knights for two (``ck-2p``, rulebook/rules.md §5): ``ck`` with the neutrals, trade
tokens and double roll of ``base-2p``, and neutral knights (CK2P-*).

Composed, not copied (rule="CK2P-INHERIT"): the class inherits both parents and only adds what
rulebook/rules.md §5 changes.
"""

from __future__ import annotations

from ..actions import (
    BuildCity,
    Desert,
    Die,
    NeutralKnight,
    NeutralPromote,
    NeutralRoad,
    NeutralSettle,
    PlayProgress,
    Promote,
    Recruit,
    Relocate,
    RemoveKnight,
    ReturnKnight,
    seat,
)  # fmt: skip
from ..progress_cards import CARDS
from ..rules import ck_double_roll, neutral, tokens, words
from ..rules.common import Reason
from ..state import (
    DESERT,
    DICE,
    NEUTRAL,
    OVER,
    PRE_ROLL,
    RELOCATE,
    SETUP_ROAD,
    SETUP_SETTLE,
    State,
)  # fmt: skip
from .capabilities import Capabilities
from .ck import CKRules, _removed
from .two_player import TwoPlayerRules

# The base-2P rules that Cities & Knights for two restates; their reasons quote the new IDs.
_RESTATED = {
    "2P-ROLL-TIMING": "CK2P-ROLL-TIMING", "2P-TOKEN-ONE-PER-TURN": "CK2P-TOKEN-ONE-ACTION",
    "2P-NEUTRAL-CHOOSER": "CK2P-NEUTRAL-CHOOSER",
}  # fmt: skip
_ALCHEMY = CARDS.index("alchemy")
_SMITHING = CARDS.index("smithing")


class CK2PRules(TwoPlayerRules, CKRules):
    """``ck`` plus ``base-2p`` plus rulebook/rules.md §5 (CK2P-*)."""

    variant = "ck-2p"
    target = 13  # rule="CK2P-WIN"
    # Composed explicitly: ck's pieces and cards, base-2p's neutrals, tokens and two rolls.
    caps = Capabilities(commodities=True, knights=True, improvements=True, tokens=True,
                        neutrals=2, double_roll=True)
    production = staticmethod(ck_double_roll.produce)
    roll_die = staticmethod(ck_double_roll.apply_die)

    def __init__(self) -> None:
        super().__init__()
        self.checks |= {
            NeutralKnight: neutral.check_knight, NeutralPromote: neutral.check_promote,
            RemoveKnight: tokens.check_remove_knight, ReturnKnight: _removed,
        }  # fmt: skip
        self.applies |= {
            NeutralKnight: neutral.apply_knight, NeutralPromote: neutral.apply_promote,
            RemoveKnight: tokens.apply_remove_knight,
            Die: self._apply_die,  # CKRules' again: TwoPlayerRules put base-2p's there
        }  # fmt: skip
        self.applies.pop(ReturnKnight)
        kinds = (NeutralSettle, NeutralRoad, NeutralKnight, NeutralPromote)
        self.decisions[NEUTRAL] = (kinds, "2P-NEUTRAL-MIRROR", False)
        self.chance_rules[DICE] = "CK2P-ROLL-DOUBLE"
        self.legal_rules |= {
            NeutralKnight: "CK2P-NEUTRAL-KNIGHT-PLACE",
            NeutralPromote: "CK2P-NEUTRAL-KNIGHT-PROMOTE", RemoveKnight: "CK2P-TOKEN-KNIGHT-REMOVE",
        }  # fmt: skip

    # ------------------------------------------------------------ the rolls
    def advance(self, s: State) -> None:
        while True:
            super().advance(s)
            before = s.phase
            ck_double_roll.next_roll(s)
            if s.phase == before:
                return

    def chance_rule(self, s: State) -> str:
        if s.phase == DICE and ck_double_roll.rerolling(s):
            return "CK2P-ROLL-SAME"
        return super().chance_rule(s)

    # ------------------------------------------------------------ legality
    def check(self, s: State, a) -> Reason | None:
        if (s.phase == DICE and s.sums and type(a) is PlayProgress and a.card == _ALCHEMY
                and a.player == s.active):
            return Reason("CK2P-PC-ALCHEMY", "Alchemy is played only before the first of the "
                          "two rolls.")
        if s.phase in (RELOCATE, DESERT) and type(a) in (Relocate, Desert) and a.player != s.active:
            q = s.relocate[0] if s.phase == RELOCATE else s.treason[0]
            if q >= s.n:
                return Reason("CK2P-NEUTRAL-CHOOSER", f"{s.name(q)}'s knight is moved or removed "
                              f"by {seat(s.active)}, whose knight or card caused it.")
        bad = super().check(s, a)
        if bad is not None and bad.rule in _RESTATED:
            return Reason(_RESTATED[bad.rule], bad.text)
        return bad

    def describe(self, s: State, a) -> Reason:
        if s.phase in (SETUP_SETTLE, SETUP_ROAD):
            return Reason("CK2P-SETUP", words.say(s, a))
        return super().describe(s, a)

    card_prefixes = ("CK2P-PC-", "CK-PC-")  # rulebook/rules.md §5's card rules first

    def describe_setup_rule(self, s: State) -> str:
        return "CK2P-SETUP"

    def specific(self, reason: Reason) -> Reason:
        """The amended rules of rulebook/rules.md, and the base-2P rules §5 restates."""
        reason = super().specific(reason)
        if reason.rule in _RESTATED:
            return Reason(_RESTATED[reason.rule], reason.text)
        return reason

    # ------------------------------------------------------------ what follows an action
    def mirror(self, s: State, a, before: str) -> None:
        """rule="CK2P-NEUTRAL-KNIGHT-PLACE", rule="CK2P-NEUTRAL-KNIGHT-PROMOTE": a recruit owes
        a neutral knight, a basic-to-strong promotion a neutral promotion (one per knight,
        rule="CK2P-PC-SMITHING"); rule="CK2P-TOKEN-SETUP-CITY": the setup city earns tokens.

        rule="CK2P-NEUTRAL-CITIES": cities, walls and activations owe nothing;
        rule="CK2P-PC-TREASON", rule="CK2P-PC-DIPLOMACY": a Treason knight or a relocated road
        is not a recruit or a build.
        """
        super().mirror(s, a, before)
        kind = type(a)
        if kind is BuildCity and before == SETUP_SETTLE:
            tokens.settlement_income(s, s.active, a.vertex)
        if s.phase == OVER:
            return
        if kind is Recruit:
            neutral.start(s, "knight")
        elif kind is Promote and s.kn[a.vertex][1] == 2:  # rule="CK2P-NEUTRAL-PROMOTE-LEVEL"
            neutral.start(s, "promote")
        elif kind is PlayProgress and a.card == _SMITHING:
            k = sum(1 for v in a.args if v >= 0 and s.kn[v][1] == 2)
            if k:
                neutral.start(s, "promote", k - 1)

    # ------------------------------------------------------------ who acts
    def pending(self, s: State) -> list[tuple[int, str]]:
        if s.phase == DICE:
            if ck_double_roll.rerolling(s):
                return [(-1, f"CK2P-ROLL-SAME: the white and red dice again (the sum must "
                         f"differ from {s.sums[0]})")]
            which = "second" if s.sums else "first"
            return [(-1, f"CK2P-ROLL-DOUBLE: {which} roll, white, red, then the event die")]
        if s.phase == PRE_ROLL:
            return [(s.active, "roll twice, or first play Alchemy or take a token action")]
        return super().pending(s)
