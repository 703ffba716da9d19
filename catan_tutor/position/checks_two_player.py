"""What a two-player game state must keep (``validity.validate`` runs these): all 5 trade
tokens accounted for (2P-SETUP-TOKENS), a forced trade only while one is under way
(CK2P-TOKEN-FORCED-TRADE), the turn's two rolls in order (2P-ROLL-TWICE) and a neutral piece
owed only in the neutral phase (2P-NEUTRAL-MIRROR)."""

from __future__ import annotations

from collections.abc import Iterator

from ..problem import Problem
from ..rules import tokens
from ..state import DICE, DISCARD, MAIN, PRE_ROLL, ROAD_BUILDING, ROBBER, STEAL, State
from ..variants.ck_two_player_state import FORCE_DRAW, FORCE_GIVE
from ..variants.two_player_state import NEUTRAL, TOKENS


def check_tokens(rules, s: State, strict: bool) -> Iterator[Problem]:
    if s.token_supply + sum(s.tokens) != TOKENS:
        yield Problem(
            "supply",
            f"supply and players hold {s.token_supply + sum(s.tokens)} "
            f"tokens, not {TOKENS} (2P-SETUP-TOKENS)",
        )
        return


def check_forced_phase(rules, s: State, strict: bool) -> Iterator[Problem]:
    """rule="CK2P-TOKEN-FORCED-TRADE": the draws, then the cards back, from the turn's
    pre-roll or action phase."""
    if (s.phase in (FORCE_DRAW, FORCE_GIVE)) != bool(s.forced):
        yield Problem(
            "tokused",
            "a forced trade is under way in the force-draw and force-give phases, and only there",
        )
        return
    if not s.forced:
        return
    if s.resume not in (PRE_ROLL, MAIN):
        yield Problem("resume", "a forced trade returns to the pre-roll or main phase")
        return
    if (s.phase == FORCE_GIVE) != (sum(s.forced.drawn) == 2):
        yield Problem("tokused", "2 cards are drawn before any go back")
        return
    if any(d > h for d, h in zip(s.forced.drawn, s.hands[s.active], strict=True)):
        yield Problem("tokused", "the taker holds the cards drawn")
        return
    stuck = tokens.forced_trade_stuck(s)
    if stuck:
        yield Problem("hands", f"{stuck} (CK2P-TOKEN-FORCED-TRADE)")
        return


def check_sums_phase(rules, s: State, strict: bool) -> Iterator[Problem]:
    if len(s.sums) == 2 and s.sums[0] == s.sums[1]:
        if not s.caps.knights or s.phase != DICE:  # CK2P-ROLL-SAME: only while rerolling
            yield Problem(
                "sums",
                "two equal sums mean the number dice are rolled again (C&K for two, phase dice)",
            )
            return
    elif s.phase == DICE and len(s.sums) == 2:  # rule="2P-ROLL-TWICE": both rolls are done
        yield Problem("sums", "both rolls of the turn are done: no third roll (2P-ROLL-TWICE)")
        return
    resumes = s.phase in (DISCARD, ROBBER, STEAL, ROAD_BUILDING)
    if PRE_ROLL in (s.phase, resumes and s.resume) and s.sums:  # rule="2P-ROLL-TWICE"
        yield Problem("sums", "before the turn's first roll there is no sum yet")
        return
    if s.resume == DICE and s.phase in (DISCARD, ROBBER, STEAL, ROAD_BUILDING) and len(s.sums) != 1:
        yield Problem(
            "sums",
            f"the {s.phase} phase goes back to the second roll: one sum so far (2P-ROLL-TWICE)",
        )
        return
    if s.phase == MAIN and len(s.sums) == 1:  # rule="2P-ROLL-TWICE"
        yield Problem("sums", "the second roll follows the first before the Action phase")
        return


def check_neutral_phase(rules, s: State, strict: bool) -> Iterator[Problem]:
    if (s.phase == NEUTRAL) != bool(s.neutral_due):
        yield Problem("nb", "a neutral piece is owed in the neutral phase, and only there")
        return
