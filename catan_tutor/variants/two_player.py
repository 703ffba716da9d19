"""Official two-player Catan (``base-2p``, rulebook/rules.md §2): two neutrals, two rolls, trade
tokens."""

from __future__ import annotations

from ..actions import (
    BankTrade,
    BuildCity,
    BuildRoad,
    BuyDev,
    Die,
    ForcedTrade,
    NeutralRoad,
    NeutralSettle,
    Offer,
    ReturnKnight,
    RobberHome,
    Roll,
    Settle,
    seat,
)  # fmt: skip
from ..board import Layout
from ..rules import double_roll, neutral, tokens
from ..rules.common import Reason
from ..state import DICE, MAIN, NEUTRAL, OVER, PRE_ROLL, ROAD_BUILDING, State
from .base import BaseRules
from .capabilities import Capabilities


class TwoPlayerRules(BaseRules):
    """``base`` plus rulebook/rules.md §2 (2P-*)."""

    variant = "base-2p"
    seats = (2,)
    caps = Capabilities(tokens=True, neutrals=2, double_roll=True)

    def __init__(self) -> None:
        super().__init__()
        self.checks |= {
            NeutralSettle: neutral.check_settle, NeutralRoad: neutral.check_road,
            ForcedTrade: tokens.check_forced_trade, RobberHome: tokens.check_robber_home,
            ReturnKnight: tokens.check_return_knight,
        }  # fmt: skip
        self.applies |= {
            NeutralSettle: neutral.apply_settle, NeutralRoad: neutral.apply_road,
            ForcedTrade: tokens.apply_forced_trade, RobberHome: tokens.apply_robber_home,
            ReturnKnight: tokens.apply_return_knight, Die: double_roll.apply_die_twice,
        }  # fmt: skip
        self.decisions[NEUTRAL] = ((NeutralSettle, NeutralRoad), "2P-NEUTRAL-MIRROR", False)
        self.chance_rules[DICE] = "2P-ROLL-TWICE"
        self.legal_rules |= {
            NeutralSettle: "2P-NEUTRAL-MIRROR", NeutralRoad: "2P-NEUTRAL-MIRROR",
            ForcedTrade: "2P-TOKEN-FORCED-TRADE", RobberHome: "2P-TOKEN-ROBBER",
            ReturnKnight: "2P-TOKEN-INCOME-KNIGHT",
        }  # fmt: skip

    def check(self, s: State, a):
        if s.phase == NEUTRAL and type(a) in self.decisions[NEUTRAL][0]:
            return self.checks[type(a)](s, a)  # cites 2P-NEUTRAL-CHOOSER for the other seat
        return super().check(s, a)

    def refine(self, s: State, a, bad):
        """In phase ``neutral`` anything but the owed neutral piece waits for it, under the
        rule that owes that piece (rule="2P-NEUTRAL-MIRROR", rule="CK2P-NEUTRAL-KNIGHT-PLACE",
        rule="CK2P-NEUTRAL-KNIGHT-PROMOTE", or a fallback's rule)."""
        bad = super().refine(s, a, bad)
        if (s.phase == NEUTRAL and type(a) not in self.decisions[NEUTRAL][0]
                and a.player == s.active):
            return neutral.due_reason(s, str(a))
        if bad.rule in ("BASE-TURN-PHASES", "BASE-CHANCE-EVENTS") and a.player == s.active:
            return _two_rolls(s, a, bad)
        return bad

    def wait_rule(self, s: State) -> str:
        if s.phase == NEUTRAL:
            return neutral.due_reason(s, "").rule
        return super().wait_rule(s)

    def new_state(self, players: int, layout: Layout | None, **kw) -> State:
        s = super().new_state(players, layout, **kw)
        neutral.place_starts(s)
        tokens.setup(s)
        return s

    def apply(self, s: State, a) -> None:
        before = s.phase
        super().apply(s, a)
        self.mirror(s, a, before)

    def mirror(self, s: State, a, before: str) -> None:
        """Token income and the neutral copy owed after a player's action (2P-NEUTRAL-MIRROR)."""
        kind = type(a)
        if kind is Settle or kind is NeutralSettle:
            tokens.settlement_income(s, s.active, a.vertex)
        if s.phase != OVER and before in (MAIN, ROAD_BUILDING) and kind in (Settle, BuildRoad):
            neutral.start(s, "settle" if kind is Settle else "road")  # not in setup

    def candidates(self, s: State, offers: bool = True) -> list:
        ph = s.phase
        if ph == NEUTRAL:
            return neutral.options(s)
        out = super().candidates(s, offers)
        if ph in (PRE_ROLL, MAIN):
            out += tokens.options(s, s.active)
        return out

    def pending(self, s: State) -> list[tuple[int, str]]:
        if s.phase == NEUTRAL:
            return [(s.active, f"a free {neutral.WHAT[s.neutral_due[0]]} for N1 or N2")]
        if s.phase == DICE and len(s.sums) == 1:
            return [(-1, f"2P-ROLL-TWICE (second roll, must differ from {s.sums[0]})")]
        if s.phase == PRE_ROLL:
            return [(s.active, "roll twice, or first play a card or take a token action")]
        return super().pending(s)


_AFTER_ROLLS = (Settle, BuildRoad, BuildCity, BuyDev, BankTrade, Offer)


def _two_rolls(s: State, a, bad):
    """Where the two rolls decide a turn-order refusal: a third roll (rule="2P-ROLL-TWICE"),
    trading or building before the first roll or between the two (rule="2P-ROLL-TIMING");
    else ``bad``."""
    who = seat(s.active)
    if isinstance(a, Roll) and s.phase == MAIN:
        return Reason("2P-ROLL-TWICE", f"{who} has rolled twice this turn, as the two-player "
                      "rules ask; the next roll is the next player's.")
    between = s.phase == DICE and len(s.sums) == 1 and not s.kn  # the second roll is due
    if isinstance(a, _AFTER_ROLLS) and (s.phase == PRE_ROLL or between):
        return Reason("2P-ROLL-TIMING", f"{who} trades and builds only after both rolls of "
                      "the turn; roll the dice first.")
    return bad
