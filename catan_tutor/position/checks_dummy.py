"""What a game state with the dummy must keep (``validity.validate`` runs these): bids open
only while bidding, a roll-off only in its phase, the dummy's phases in its own turn
(DUMMY-TURN-SEQUENCE) and its road number only while it holds Longest Road
(DUMMY-AWARD-RECLAIM)."""

from __future__ import annotations

from collections.abc import Iterator

from ..problem import Problem
from ..state import DICE, DISCARD, END, ROAD_BUILDING, ROBBER, STEAL, State
from ..variants.dummy_state import BIDS, TIEBREAK
from .fields_dummy import DUMMY_PHASES


def check_phase(rules, s: State, strict: bool) -> Iterator[Problem]:
    """Bids are open while bidding, a roll-off runs in its phase, and the dummy's own phases
    come in its turn only (DUMMY-TURN-SEQUENCE)."""
    ph = s.phase
    bidding = ph == BIDS or (ph == TIEBREAK and s.tiebreak and s.tiebreak.purpose == "bid")
    if bidding != bool(s.bids):
        yield Problem("bids", "bids are open in the bids phase or their roll-off, and only there")
        return
    if ph == BIDS and s.bids and all(b is not None for b in s.bids):
        yield Problem(
            "bids", "every player has answered: the trading window is over (DUMMY-TRADE-PROTOCOL)"
        )
        return
    if (ph == TIEBREAK) != bool(s.tiebreak):
        yield Problem("tb", "a roll-off runs in the tiebreak phase, and only there")
        return
    dummy_turn = s.active == s.dummy
    if dummy_turn != (ph in DUMMY_PHASES or (dummy_turn and ph in (DICE, DISCARD, STEAL))):
        yield Problem("phase", f"{ph} does not fit {s.name(s.active)}'s turn")
        return
    if (
        s.tiebreak
        and s.tiebreak.purpose == "bid"
        and not all(0 <= c < len(s.bids) and s.bids[c] for c in s.tiebreak.candidates)
    ):
        yield Problem(
            "tb", "a roll-off for the dummy's card is between players who bid (DUMMY-TRADE-BID)"
        )
        return
    robbing = ph == TIEBREAK and s.tiebreak and s.tiebreak.purpose != "bid"
    if ph in (DISCARD, ROBBER, STEAL, ROAD_BUILDING) or robbing:
        # the phase it goes back to fits the turn too: D's 7 goes on to the trading window,
        # D's knight ends its turn; a player's 7 or card never opens the dummy's bids
        fits = s.resume in (BIDS, END) if dummy_turn else s.resume not in DUMMY_PHASES
        if not fits:
            yield Problem(
                "resume",
                f"{ph} goes back to {s.resume}, which does not fit "
                f"{s.name(s.active)}'s turn (DUMMY-TURN-SEQUENCE)",
            )
            return


def check_road_number(rules, s: State, strict: bool) -> Iterator[Problem]:
    """The dummy's road number stands only while it holds Longest Road."""
    if s.road_len[s.dummy] and s.longest != s.dummy:
        yield Problem(
            "droad",
            "the dummy has a road number only while it holds Longest Road (DUMMY-AWARD-RECLAIM)",
        )
