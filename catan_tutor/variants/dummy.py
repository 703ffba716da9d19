"""Two-player Catan with a dummy third seat (``base-dummy``, rulebook/rules.md §3)."""

from __future__ import annotations

from ..actions import Bid, Die, Pass
from ..rules import awards, dummy
from ..rules.production import add_die, apply_die, resolve_roll
from ..rules.turn import next_turn
from ..state import DICE, END, MAIN, PRE_ROLL, ROBBER, ROLLOFF, State
from . import base
from .base import BaseRules
from .capabilities import Capabilities
from .dummy_state import BIDS, CARD_DIE, DEV_DIE, RESOURCE_DIE, TIEBREAK
from .records import Kind, Phase

_TIE_RULE = {"robber": "DUMMY-ROBBER-TARGET", "steal": "DUMMY-STEAL-TARGET",
             "bid": "DUMMY-TRADE-BID"}  # fmt: skip


def _apply_die(s: State, a: Die) -> None:
    """One die of a roll-off, of a turn's roll, or of the dummy's own dice."""
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


def _dice_rule(s: State) -> str:
    """rule="DUMMY-ROLL": a player rolls for the dummy."""
    return "DUMMY-ROLL" if s.active == s.dummy else "BASE-PROD-ROLL"


def _dice_pending(rules, s: State) -> list[tuple[int, str]]:
    if s.active == s.dummy:
        return [(-1, "DUMMY-ROLL (a player rolls for the dummy)")]
    return base.chance_pending(rules, s)


def _says(text: str):
    return lambda rules, s: [(-1, text)]


KINDS = base.KINDS.replace(
    Kind(Die, "BASE-PROD-ROLL", apply=_apply_die),
).add(
    Kind(Bid, "DUMMY-TRADE-BID", dummy.check_bid, dummy.apply_bid),
    Kind(Pass, "DUMMY-TRADE-PROTOCOL", dummy.check_pass, dummy.apply_pass),
)

PHASES = base.PHASES.replace(
    base.PHASES[DICE].but(rule_now=_dice_rule, pending=_dice_pending),
).add(
    Phase(
        BIDS,
        "DUMMY-TRADE-PROTOCOL",
        kinds=(Bid, Pass),
        actors=lambda s: [dummy.bidder(s)],
        options=lambda rules, s, offers: dummy.bid_options(s, dummy.bidder(s)),
        pending=lambda rules, s: [(dummy.bidder(s), "bid for one of the dummy's cards, or pass")],
    ),
    Phase(
        TIEBREAK,
        "DUMMY-TRADE-BID",
        chance=True,
        rule_now=lambda s: _TIE_RULE[dummy.rolloff(s).purpose],
        outcomes=dummy.die_outcomes,
        pending=lambda rules, s: [(-1, dummy.tiebreak_text(s))],
    ),
    Phase(
        DEV_DIE,
        "DUMMY-DEV-DIE",
        chance=True,
        outcomes=dummy.die_outcomes,
        pending=_says("the dummy rolls its development die (only a 6 plays a card)"),
    ),
    Phase(
        CARD_DIE,
        "DUMMY-DEV-DIE",
        chance=True,
        outcomes=dummy.die_outcomes,
        pending=_says(
            "the dummy rolls for its card (1-3 Knight, 4 Longest Road, 5 Largest Army, 6 Monopoly)"
        ),
    ),
    Phase(
        RESOURCE_DIE,
        "DUMMY-DEV-MONOPOLY",
        chance=True,
        outcomes=dummy.die_outcomes,
        pending=_says(
            "the dummy's Monopoly resource (1 brick, 2 grain, 3 lumber, 4 ore, 5 wool, 6 again)"
        ),
    ),
)


class DummyRules(BaseRules):
    """``base`` plus rulebook/rules.md §3 (DUMMY-*): D rolls, robs, trades and rolls its card
    die."""

    variant = "base-dummy"
    seats = (2,)
    caps = Capabilities(dummy=True)
    kinds = KINDS
    phases = PHASES

    def new_state(self, players: int, layout, **kw) -> State:
        s = super().new_state(players, layout, **kw)
        # rule="DUMMY-SETUP-HAND": 2 of each resource from the bank, face up
        s.hands = (*s.hands[: s.dummy], (2,) * 5)
        s.bank = tuple(b - 2 for b in s.bank)
        return s

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
