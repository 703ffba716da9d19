"""Cities & Knights for two (``ck-2p``, rulebook/rules.md §5): ``ck`` with the neutrals, trade
tokens and double roll of ``base-2p``, and neutral knights (CK2P-*).

Composed, not copied (rule="CK2P-INHERIT"): ck's class, with the kinds and phases of ``ck`` and
``base-2p`` merged by ``records.compose`` (which refuses a record both parents changed unless
this module says which stands), base-2p's steps called by name, and what rulebook/rules.md §5
changes.
"""

from __future__ import annotations

from ..actions import (
    BuildCity,
    Desert,
    Die,
    ForcedCard,
    ForcedDraw,
    ForcedGive,
    ForcedTrade,
    NeutralKnight,
    NeutralPromote,
    PlayProgress,
    Promote,
    Recruit,
    Relocate,
    RemoveKnight,
    ReturnKnight,
    seat,
)  # fmt: skip
from ..board import Layout
from ..progress_cards import CARDS
from ..rules import ck_double_roll, knights, neutral, tokens, treason
from ..rules.common import Reason
from ..rules.production import apply_die as rolloff_die
from ..state import DICE, MAIN, OVER, PRE_ROLL, ROLLOFF, SETUP_ROAD, SETUP_SETTLE, State
from . import base, ck, turn_start_words, two_player
from .capabilities import Capabilities
from .ck import CKRules
from .ck_state import DESERT, RELOCATE
from .ck_two_player_state import FORCE_DRAW, FORCE_GIVE
from .records import Kind, Phase, compose
from .two_player_state import NEUTRAL

_ALCHEMY = CARDS.index("alchemy")
_SMITHING = CARDS.index("smithing")


def _apply_die(s: State, a: Die) -> None:
    """One die of the roll-off, or of one of the turn's two rolls (rule="CK2P-ROLL-DOUBLE")."""
    if s.phase == ROLLOFF:
        rolloff_die(s, a)
    else:
        ck_double_roll.apply_die(s, a)


# Kinds: ck's and base-2p's; where both parents changed a kind, the record below is ck-2p's own.
KINDS = compose(
    base.KINDS,
    ck.KINDS,
    two_player.KINDS,
    own=(
        Kind(Die, "CK2P-ROLL-DOUBLE", apply=_apply_die),  # both: ck's 3 dice, base-2p's 2 rolls
        Kind(ReturnKnight, "CK2P-TOKEN-KNIGHT-REMOVE", ck.removed),  # base-2p's, gone
        Kind(
            NeutralKnight, "CK2P-NEUTRAL-KNIGHT-PLACE", neutral.check_knight, neutral.apply_knight
        ),
        Kind(
            NeutralPromote,
            "CK2P-NEUTRAL-KNIGHT-PROMOTE",
            neutral.check_promote,
            neutral.apply_promote,
        ),
        Kind(
            RemoveKnight,
            "CK2P-TOKEN-KNIGHT-REMOVE",
            tokens.check_remove_knight,
            tokens.apply_remove_knight,
        ),
        # rule="CK2P-TOKEN-FORCED-TRADE": announced, 2 cards drawn blind, 2 given back; base-2p's
        # open pick is refused (its check says how it is done here)
        Kind(ForcedTrade, "CK2P-TOKEN-FORCED-TRADE", tokens.check_forced_trade),
        Kind(
            ForcedDraw,
            "CK2P-TOKEN-FORCED-TRADE",
            tokens.check_forced_draw,
            tokens.apply_forced_draw,
        ),
        Kind(ForcedCard, "CK2P-TOKEN-FORCED-TRADE", apply=tokens.apply_forced_card),
        Kind(
            ForcedGive,
            "CK2P-TOKEN-FORCED-TRADE",
            tokens.check_forced_give,
            tokens.apply_forced_give,
        ),
    ),
)


# ---------------------------------------------------------------- the phases' parts
def _alchemy_first(s: State, a) -> Reason | None:
    """rule="CK2P-PC-ALCHEMY": Alchemy only before the first of the two rolls."""
    if s.sums and type(a) is PlayProgress and a.card == _ALCHEMY and a.player == s.active:
        return Reason(
            "CK2P-PC-ALCHEMY", "Alchemy is played only before the first of the two rolls."
        )
    return None


def _neutral_chooser(s: State, a) -> Reason | None:
    """rule="CK2P-NEUTRAL-CHOOSER": a displaced or deserting neutral knight is the active
    player's to move or remove."""
    if type(a) in (Relocate, Desert) and a.player != s.active:
        q = knights.displaced(s).owner if s.phase == RELOCATE else treason.removed_knight(s).victim
        if q >= s.n:
            return Reason(
                "CK2P-NEUTRAL-CHOOSER",
                f"{s.name(q)}'s knight is moved or removed "
                f"by {seat(s.active)}, whose knight or card caused it.",
            )
    return None


def _roll_rule(s: State) -> str:
    """rule="CK2P-ROLL-SAME" while a roll repeats the first one's sum, else the double roll."""
    return "CK2P-ROLL-SAME" if ck_double_roll.rerolling(s) else "CK2P-ROLL-DOUBLE"


def _dice_pending(rules, s: State) -> list[tuple[int, str]]:
    if ck_double_roll.rerolling(s):
        return [
            (
                -1,
                f"CK2P-ROLL-SAME: the white and red dice again (the sum must "
                f"differ from {s.sums[0]})",
            )
        ]
    which = "second" if s.sums else "first"
    return [(-1, f"CK2P-ROLL-DOUBLE: {which} roll, white, red, then the event die")]


def _pre_roll_pending(rules, s: State) -> list[tuple[int, str]]:
    return turn_start_words.before_rolling(
        s, "play Alchemy" if ck.holds_alchemy(s, s.active) else ""
    )


# Phases: ck's and base-2p's. Where both parents changed a phase, ck-2p says which stands:
# - setup: ck's, under rule="CK2P-SETUP" (one rule for both rounds);
# - pre-roll: ck's rule (CK-TURN-ROLL-PHASE), base-2p's token actions, its own text;
# - main: ck's rule (CK-TURN-ACTION-PHASE), base-2p's token actions;
# - dice: ck's three dice, twice (rule="CK2P-ROLL-DOUBLE"), Alchemy first;
# - neutral: base-2p's, with the neutral knights; relocate, desert: ck's, the active player
#   choosing for a neutral.
_CK, _2P = ck.PHASES, two_player.PHASES
PHASES = compose(
    base.PHASES,
    _CK,
    _2P,
    own=(
        _CK[SETUP_SETTLE].but(rule="CK2P-SETUP", rule_now=None),
        _CK[SETUP_ROAD].but(rule="CK2P-SETUP", rule_now=None),
        _CK[PRE_ROLL].but(
            options=_2P[PRE_ROLL].options,
            pending=_pre_roll_pending,
            exact=ck.PRE_ROLL_EXACT | two_player.TOKEN_EXACT,
        ),
        _CK[MAIN].but(options=_2P[MAIN].options, exact=ck.MAIN_EXACT | two_player.TOKEN_EXACT),
        _CK[DICE].but(
            rule="CK2P-ROLL-DOUBLE",
            rule_now=_roll_rule,
            pending=_dice_pending,
            guard=_alchemy_first,
        ),
        _2P[NEUTRAL].but(kinds=(*two_player.NEUTRAL_KINDS, NeutralKnight, NeutralPromote)),
        _CK[RELOCATE].but(guard=_neutral_chooser),
        _CK[DESERT].but(guard=_neutral_chooser),
        # rule="CK2P-TOKEN-FORCED-TRADE": the blind draws (chance), then the 2 cards back
        Phase(
            FORCE_DRAW,
            "CK2P-TOKEN-FORCED-TRADE",
            chance=True,
            outcomes=tokens.forced_draw_outcomes,
            pending=lambda rules, s: [
                (
                    -1,
                    "CK2P-TOKEN-FORCED-TRADE: a card drawn blind from "
                    f"{s.name(1 - s.active)}'s hand",
                )
            ],
        ),
        Phase(
            FORCE_GIVE,
            "CK2P-TOKEN-FORCED-TRADE",
            kinds=(ForcedGive,),
            options=lambda rules, s, offers: tokens.forced_give_options(s),
            pending=lambda rules, s: [(s.active, "give 2 cards back for the forced trade")],
            count=lambda s, p: 2,
        ),
    ),
)


def _level(s: State, v: int) -> int:
    """The level of the knight on v (0: none)."""
    k = s.kn[v]
    return k.level if k is not None else 0


class CK2PRules(CKRules):
    """``ck`` plus ``base-2p`` plus rulebook/rules.md §5 (CK2P-*).

    Composed explicitly (rule="CK2P-INHERIT"): ck's class, base-2p's kinds and phases merged
    into ck's (``compose``), and base-2p's steps (its setup, its refusals, the neutral copy
    after an action) called by name.
    """

    variant = "ck-2p"
    seats = (2,)
    target = 13  # rule="CK2P-WIN"
    # Composed explicitly: ck's pieces and cards, base-2p's neutrals, tokens and two rolls.
    caps = Capabilities(
        commodities=True, knights=True, improvements=True, tokens=True, neutrals=2, double_roll=True
    )
    kinds = KINDS
    phases = PHASES
    production = staticmethod(ck_double_roll.produce)
    card_prefixes = ("CK2P-PC-", "CK-PC-")  # rulebook/rules.md §5's card rules first

    def new_state(self, players: int, layout: Layout | None, **kw) -> State:
        return two_player.setup(super().new_state(players, layout, **kw))

    def refine(self, s: State, a, bad: Reason) -> Reason:
        if s.phase in (FORCE_DRAW, FORCE_GIVE) and type(a) is not ForcedGive and not a.is_chance:
            # rule="CK2P-TOKEN-FORCED-TRADE": the draws and the cards back come first
            owed = (
                "2 cards drawn blind"
                if s.phase == FORCE_DRAW
                else f"2 cards back from {seat(s.active)}"
            )
            return Reason(
                "CK2P-TOKEN-FORCED-TRADE",
                f"{seat(s.active)}'s forced trade is under way and finishes first: {owed}.",
            )
        return two_player.refine(self, s, a, super().refine(s, a, bad))

    # ------------------------------------------------------------ the rolls
    def advance(self, s: State) -> None:
        while True:
            super().advance(s)
            if s.phase != MAIN:  # the second roll starts from the Action phase only
                return
            ck_double_roll.next_roll(s)
            if s.phase == MAIN:
                return

    # ------------------------------------------------------------ what follows an action
    def apply(self, s: State, a) -> None:
        before = s.phase
        super().apply(s, a)
        if not a.is_chance:  # dice, draws and steals owe no tokens and no neutral pieces
            self.mirror(s, a, before)

    def mirror(self, s: State, a, before: str) -> None:
        """base-2p's token income and neutral copies (``two_player.mirror``), and:

        rule="CK2P-NEUTRAL-KNIGHT-PLACE", rule="CK2P-NEUTRAL-KNIGHT-PROMOTE": a recruit owes
        a neutral knight, a basic-to-strong promotion a neutral promotion (one per knight,
        rule="CK2P-PC-SMITHING"); rule="CK2P-TOKEN-SETUP-CITY": the setup city earns tokens.

        rule="CK2P-NEUTRAL-CITIES": cities, walls and activations owe nothing;
        rule="CK2P-PC-TREASON", rule="CK2P-PC-DIPLOMACY": a Treason knight or a relocated road
        is not a recruit or a build.
        """
        two_player.mirror(s, a, before)
        kind = type(a)
        if kind is BuildCity and before == SETUP_SETTLE:
            tokens.settlement_income(s, s.active, a.vertex)
        if s.phase == OVER:
            return
        if kind is Recruit:
            neutral.start(s, "knight")
        elif kind is Promote and _level(s, a.vertex) == 2:  # rule="CK2P-NEUTRAL-PROMOTE-LEVEL"
            neutral.start(s, "promote")
        elif kind is PlayProgress and a.card == _SMITHING:
            k = sum(1 for v in a.args if v >= 0 and _level(s, v) == 2)
            if k:
                neutral.start(s, "promote", k - 1)
