"""Two-player Catan with a dummy third seat (``base-dummy``, rulebook/rules.md §3)."""

from __future__ import annotations

from ..actions import Bid, Die, Pass
from ..rules import awards, dummy
from ..rules.production import add_die, apply_die, resolve_roll
from ..rules.turn import next_turn
from ..state import (
    BIDS,
    CARD_DIE,
    DEV_DIE,
    DICE,
    END,
    MAIN,
    PRE_ROLL,
    RESOURCE_DIE,
    ROBBER,
    ROLLOFF,
    TIEBREAK,
    State,
)  # fmt: skip
from .base import BaseRules
from .capabilities import Capabilities

_TIE_RULE = {"robber": "DUMMY-ROBBER-TARGET", "steal": "DUMMY-STEAL-TARGET",
             "bid": "DUMMY-TRADE-BID"}  # fmt: skip


class DummyRules(BaseRules):
    """``base`` plus rulebook/rules.md §3 (DUMMY-*): D rolls, robs, trades and rolls its card
    die."""

    variant = "base-dummy"
    seats = (2,)
    caps = Capabilities(dummy=True)

    def __init__(self) -> None:
        super().__init__()
        self.checks |= {Bid: dummy.check_bid, Pass: dummy.check_pass}
        self.applies |= {Bid: dummy.apply_bid, Pass: dummy.apply_pass, Die: self._apply_die}
        self.decisions[BIDS] = ((Bid, Pass), "DUMMY-TRADE-PROTOCOL", True)
        self.chance_rules |= {DEV_DIE: "DUMMY-DEV-DIE", CARD_DIE: "DUMMY-DEV-DIE",
                              RESOURCE_DIE: "DUMMY-DEV-MONOPOLY"}
        self.legal_rules |= {Bid: "DUMMY-TRADE-BID", Pass: "DUMMY-TRADE-PROTOCOL"}

    def new_state(self, players: int, layout, **kw) -> State:
        s = super().new_state(players, layout, **kw)
        # rule="DUMMY-SETUP-HAND": 2 of each resource from the bank, face up
        s.hands = (*s.hands[:s.dummy], (2,) * 5)
        s.bank = tuple(b - 2 for b in s.bank)
        return s

    # ------------------------------------------------------------ the dummy's steps
    def _apply_die(self, s: State, a: Die) -> None:
        ph = s.phase
        if ph == ROLLOFF:
            apply_die(s, a)
        elif ph == DICE:
            total = add_die(s, a)
            if total is not None:  # rule="DUMMY-TURN-SEQUENCE": roll, trade, card die
                resolve_roll(s, total, BIDS if s.active == s.dummy else MAIN)
        elif ph == TIEBREAK:
            dummy.apply_tiebreak(s, a)
        elif ph == DEV_DIE:
            dummy.apply_dev_die(s, a)
        elif ph == CARD_DIE:
            dummy.apply_card_die(s, a)
        else:
            dummy.apply_resource_die(s, a)

    def apply(self, s: State, a) -> None:
        self.applies[type(a)](s, a)
        d = s.dummy
        while s.active == d:  # steps of D's turn that need no chance and no decision
            ph = s.phase
            if ph == PRE_ROLL:
                s.phase = DICE  # rule="DUMMY-ROLL": a player rolls for D at once
            elif ph == ROBBER:
                dummy.place_robber(s)  # rule="DUMMY-ROBBER-TARGET"
            elif ph == BIDS and not s.bids:
                dummy.open_bids(s)
            elif ph == END:
                next_turn(s)
            else:
                break
        awards.check_win(s, self.target)

    # ------------------------------------------------------------ who acts
    def actors(self, s: State) -> list[int]:
        if s.phase == BIDS:
            return [dummy.bidder(s)]
        return super().actors(s)

    def chance_rule(self, s: State) -> str:
        if s.phase == TIEBREAK:
            return _TIE_RULE[s.tiebreak[0]]
        if s.phase == DICE and s.active == s.dummy:
            return "DUMMY-ROLL"
        return super().chance_rule(s)

    def chance_outcomes(self, s: State):
        if s.phase in (TIEBREAK, DEV_DIE, CARD_DIE, RESOURCE_DIE):
            return dummy.die_outcomes(s)
        return super().chance_outcomes(s)

    def candidates(self, s: State, offers: bool = True) -> list:
        if s.phase == BIDS:
            return dummy.bid_options(s, dummy.bidder(s))
        return super().candidates(s, offers)

    def pending(self, s: State) -> list[tuple[int, str]]:
        ph = s.phase
        if ph == BIDS:
            return [(dummy.bidder(s), "bid for one of the dummy's cards, or pass")]
        if ph == TIEBREAK:
            return [(-1, f"{dummy.tiebreak_text(s)}")]
        if ph == DEV_DIE:
            return [(-1, "the dummy's development die (6: it plays a card)")]
        if ph == CARD_DIE:
            return [(-1, "which card the dummy plays (1-3 Knight, 4 Longest Road, "
                     "5 Largest Army, 6 Monopoly)")]
        if ph == RESOURCE_DIE:
            return [(-1, "the dummy's Monopoly resource (1 brick, 2 grain, 3 lumber, "
                     "4 ore, 5 wool, 6 again)")]
        if ph == DICE and s.active == s.dummy:
            return [(-1, "DUMMY-ROLL (a player rolls for the dummy)")]
        return super().pending(s)
