"""Trade tokens of the two-player game: income, price and the token actions (2P-TOKEN-*)."""

from __future__ import annotations

from ..actions import ForcedTrade, ReturnKnight, RobberHome, bundle_text, make, seat
from ..board import COASTAL_VERTICES, HEX_NAMES, VERTEX_HEXES
from ..state import MAIN, PRE_ROLL, START_TOKENS, TOKENS, State, tadd
from . import awards
from .awards import public_points
from .common import Reason, bundle_reason, can_pay, give
from .robber import discard_options

KNIGHT_INCOME = 2


def setup(s: State) -> None:
    """rule="2P-SETUP-TOKENS": 5 tokens per player, the rest (10) in the supply."""
    s.tokens = tuple(START_TOKENS if p < s.n else 0 for p in range(len(s.names)))
    s.token_supply = TOKENS - START_TOKENS * s.n


def earn(s: State, p: int, k: int) -> None:
    """rule="2P-TOKEN-SUPPLY": earned tokens come from the supply, as many as it has."""
    k = min(k, s.token_supply)
    s.tokens = tadd(s.tokens, p, k)
    s.token_supply -= k


def settlement_income(s: State, p: int, v: int) -> int:
    """Tokens a settlement on v earns its builder p, also in setup and for a neutral.

    rule="2P-TOKEN-INCOME-DESERT" 2, rule="2P-TOKEN-INCOME-COAST" 1, rule="2P-TOKEN-INCOME-BOTH"
    3, rule="2P-TOKEN-INCOME-NEUTRAL" (the builder earns). Returns the tokens earned.
    """
    k = (2 if s.layout.desert() in VERTEX_HEXES[v] else 0) + (1 if v in COASTAL_VERTICES else 0)
    before = s.tokens[p]
    earn(s, p, k)
    return s.tokens[p] - before


def cost(s: State, p: int) -> int:
    """rule="2P-TOKEN-COST": 2 when leading in public VP (rule="2P-TOKEN-VP-COUNT"), else 1."""
    return 2 if public_points(s, p) > public_points(s, 1 - p) else 1


def _timing(s: State, what: str) -> Reason | None:
    if s.phase in (PRE_ROLL, MAIN):
        return None
    return Reason("2P-ROLL-TIMING", f"{what} happens before the first roll or after the second, "
                  f"not now (phase: {s.phase}).")


def _token_action(s: State, p: int, what: str) -> Reason | None:
    bad = _timing(s, what)
    if bad:
        return bad
    if s.token_used:
        return Reason("2P-TOKEN-ONE-PER-TURN", f"{seat(p)} has already taken a token action "
                      "this turn.")
    price = cost(s, p)
    if s.tokens[p] < price:
        lead = "leads in VP" if price == 2 else "does not lead in VP"
        return Reason("2P-TOKEN-COST", f"{what} costs {seat(p)} {price} token(s) ({seat(p)} "
                      f"{lead}); they hold {s.tokens[p]}.")
    return None


def _pay(s: State, p: int) -> None:
    price = cost(s, p)
    s.tokens = tadd(s.tokens, p, -price)
    s.token_supply += price  # rule="2P-TOKEN-SUPPLY"
    s.token_used = True


# ---------------------------------------------------------------- forced trade
def check_forced_trade(s: State, a: ForcedTrade) -> Reason | None:
    p, q = a.player, 1 - a.player
    bad = _token_action(s, p, "A forced trade")
    if bad:
        return bad
    bad = bundle_reason(s, "2P-TOKEN-FORCED-TRADE", a.take, a.give)
    if bad:
        return bad
    if sum(s.hands[q]) < 2 or sum(s.hands[p]) < 2:
        return Reason("2P-TOKEN-FORCED-TRADE-MIN", "A forced trade needs 2 resource cards in "
                      f"each hand; {seat(p)} has {sum(s.hands[p])}, {seat(q)} {sum(s.hands[q])}.")
    if min(a.take) < 0 or min(a.give) < 0 or sum(a.take) != 2 or sum(a.give) != 2:
        return Reason("2P-TOKEN-FORCED-TRADE", "A forced trade takes exactly 2 cards and gives "
                      "exactly 2 back.")
    if not can_pay(s.hands[q], a.take):
        return Reason("2P-TOKEN-FORCED-TRADE", f"{seat(q)} does not hold "
                      f"{bundle_text(a.take)}.")
    if not can_pay(s.hands[p], a.give):
        return Reason("2P-TOKEN-FORCED-TRADE", f"{seat(p)} gives back 2 cards held before the "
                      f"trade, and did not hold {bundle_text(a.give)}.")
    return None


def apply_forced_trade(s: State, a: ForcedTrade) -> None:
    p, q = a.player, 1 - a.player
    _pay(s, p)
    give(s, q, p, a.take)  # the check held both bundles against the hands before the trade
    give(s, p, q, a.give)


def forced_trade_options(s: State, p: int) -> list[ForcedTrade]:
    q = 1 - p
    if sum(s.hands[q]) < 2 or sum(s.hands[p]) < 2:
        return []
    return [make(ForcedTrade, p, t, g) for t in discard_options(s.hands[q], 2)
            for g in discard_options(s.hands[p], 2)]


# ---------------------------------------------------------------- robber home
def check_robber_home(s: State, a: RobberHome) -> Reason | None:
    bad = _token_action(s, a.player, "Sending the robber home")
    if bad:
        return bad
    desert = s.layout.desert()
    if s.robber == desert:
        return Reason("2P-TOKEN-ROBBER", f"The robber is already on the desert "
                      f"({HEX_NAMES[desert]}).")
    return None


def apply_robber_home(s: State, a: RobberHome) -> None:
    _pay(s, a.player)
    s.robber = s.layout.desert()  # no steal


# ---------------------------------------------------------------- returning a Knight card
def check_return_knight(s: State, a: ReturnKnight) -> Reason | None:
    p = a.player
    bad = _timing(s, "Returning a Knight card")
    if bad:
        return bad
    if s.knight_returned:
        return Reason("2P-TOKEN-INCOME-KNIGHT", f"{seat(p)} has already returned a Knight card "
                      "this turn.")
    if not s.knights[p]:
        return Reason("2P-TOKEN-INCOME-KNIGHT", f"{seat(p)} has no played Knight card to return.")
    return None


def apply_return_knight(s: State, a: ReturnKnight) -> None:
    """rule="2P-TOKEN-INCOME-KNIGHT": the card leaves the game; 2 tokens from the supply.

    rule="2P-TOKEN-KNIGHT-ARMY": the holder keeps Largest Army only with 3+ Knights and more
    than the opponent; rule="2P-TOKEN-KNIGHT-ARMY-NEXT": else it passes or is set aside.
    """
    p, q = a.player, 1 - a.player
    s.knights = tadd(s.knights, p, -1)
    s.knight_returned = True
    earn(s, p, KNIGHT_INCOME)
    if s.army == p and (s.knights[p] < 3 or s.knights[p] <= s.knights[q]):
        s.army = q if s.knights[q] >= 3 and s.knights[q] > s.knights[p] else -1
    awards.update_army(s)  # rule="BASE-AWARD-LARGEST-ARMY": a set-aside card may go now


def options(s: State, p: int) -> list:
    """Token actions and Knight returns open to p now, in a fixed order."""
    out: list = []
    if s.knights[p] and not s.knight_returned:
        out.append(make(ReturnKnight, p))
    if s.token_used or s.tokens[p] < cost(s, p):
        return out
    if s.robber != s.layout.desert():
        out.append(make(RobberHome, p))
    return out + forced_trade_options(s, p)
