"""Trade tokens of the two-player games: income, price and the token actions (2P-TOKEN-*,
and CK2P-TOKEN-* where Cities & Knights changes them)."""

from __future__ import annotations

from ..actions import (
    Action,
    ForcedCard,
    ForcedDraw,
    ForcedGive,
    ForcedTrade,
    RemoveKnight,
    ReturnKnight,
    RobberHome,
    bundle_words,
    make,
    seat,
)  # fmt: skip
from ..board import COASTAL_VERTICES, HEX_NAMES, VERTEX_HEXES, VERTEX_LABELS
from ..grammar import count
from ..state import MAIN, PRE_ROLL, State, laid, tadd, tset
from ..variants.ck_two_player_state import FORCE_DRAW, FORCE_GIVE, ForcedState
from ..variants.two_player_state import START_TOKENS, TOKENS
from . import awards, ck_turn
from .awards import public_points
from .common import PHASE_WORDS, Reason, bundle_reason, can_pay, give, one
from .knights import knights_of
from .robber import discard_options

KNIGHT_INCOME = 2
RESOURCE_KINDS = 5


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
    k = (2 if laid(s).desert() in VERTEX_HEXES[v] else 0) + (1 if v in COASTAL_VERTICES else 0)
    before = s.tokens[p]
    earn(s, p, k)
    return s.tokens[p] - before


def cost(s: State, p: int) -> int:
    """rule="2P-TOKEN-COST": 2 when leading in public VP (rule="2P-TOKEN-VP-COUNT"), else 1.

    In Cities & Knights every VP is public (CK-VP-SOURCES)."""
    vp = ck_turn.victory_points if s.caps.improvements else public_points
    return 2 if vp(s, p) > vp(s, 1 - p) else 1


def _timing(s: State, what: str) -> Reason | None:
    if s.phase in (PRE_ROLL, MAIN):
        return None
    # rule="CK2P-ROLL-TIMING" restates rule="2P-ROLL-TIMING" in Cities & Knights for two
    rule = "CK2P-ROLL-TIMING" if s.caps.knights else "2P-ROLL-TIMING"
    return Reason(
        rule,
        f"{what} happens before the first roll or after the second, "
        f"not now: {PHASE_WORDS.get(s.phase, s.phase)}.",
    )


def _token_action(s: State, p: int, what: str, times: int = 1) -> Reason | None:
    bad = _timing(s, what)
    if bad:
        return bad
    if s.token_used:
        # rule="CK2P-TOKEN-ONE-ACTION" restates rule="2P-TOKEN-ONE-PER-TURN"
        rule = "CK2P-TOKEN-ONE-ACTION" if s.caps.knights else "2P-TOKEN-ONE-PER-TURN"
        return Reason(rule, f"{seat(p)} has already taken a token action this turn.")
    price = cost(s, p) * times
    if s.tokens[p] < price:
        lead = (
            "has more victory points than the opponent"
            if cost(s, p) == 2
            else "does not have more victory points than the opponent"
        )
        rule = "CK2P-TOKEN-FORCED-TRADE" if times > 1 else "2P-TOKEN-COST"
        return Reason(
            rule,
            f"{what} costs {seat(p)} {count(price, 'trade token')} ({seat(p)} {lead}); "
            f"they hold {s.tokens[p]}.",
        )
    return None


def _pay(s: State, p: int, times: int = 1) -> None:
    price = cost(s, p) * times
    s.tokens = tadd(s.tokens, p, -price)
    s.token_supply += price  # rule="2P-TOKEN-SUPPLY"
    s.token_used = True


# ---------------------------------------------------------------- forced trade
def _tradable(s: State, p: int, every: bool) -> tuple[int, ...]:
    """The part of p's hand a forced trade sees: all of it, or the resources only.

    rule="CK2P-TOKEN-FORCED-TRADE": a resources-only trade sets commodities aside.
    """
    hand = s.hands[p]
    return hand if every else (*hand[:RESOURCE_KINDS], *(0,) * (len(hand) - RESOURCE_KINDS))


def check_forced_trade(s: State, a: ForcedTrade) -> Reason | None:
    """rule="2P-TOKEN-FORCED-TRADE": the taker picks 2 of the opponent's cards openly (base-2p;
    in ck-2p the cards are drawn blind, ``check_forced_draw``)."""
    p, q, every = a.player, 1 - a.player, a.commodities
    if s.caps.knights:
        return Reason(
            "CK2P-TOKEN-FORCED-TRADE",
            "In Cities & Knights for two the 2 cards are "
            f"drawn blind, not chosen: announce '{seat(p)} force' (resources only) or "
            f"'{seat(p)} force all', then give 2 cards back.",
        )
    if every and not s.caps.commodities:
        return Reason(
            "2P-TOKEN-FORCED-TRADE",
            "There are no commodities in this game; a forced "
            "trade takes resource cards ('force take ... give ...').",
        )
    bad = _token_action(
        s, p, "A forced trade with commodities" if every else "A forced trade", 2 if every else 1
    )
    if bad:
        return bad
    bad = bundle_reason(s, "2P-TOKEN-FORCED-TRADE", a.take, a.give)
    if bad:
        return bad
    if not every and (any(a.take[RESOURCE_KINDS:]) or any(a.give[RESOURCE_KINDS:])):
        return Reason(
            "CK2P-TOKEN-FORCED-TRADE",
            "A resources-only forced trade takes and "
            "gives resource cards; announce 'force all' (double price) to include "
            "commodities.",
        )
    mine, theirs = _tradable(s, p, every), _tradable(s, q, every)
    if sum(theirs) < 2 or sum(mine) < 2:
        what = "cards" if every else "resource cards"
        return Reason(
            "2P-TOKEN-FORCED-TRADE-MIN",
            f"A forced trade needs 2 {what} in "
            f"each hand; {seat(p)} has {sum(mine)}, {seat(q)} {sum(theirs)}.",
        )
    if min(a.take) < 0 or min(a.give) < 0 or sum(a.take) != 2 or sum(a.give) != 2:
        return Reason(
            "2P-TOKEN-FORCED-TRADE",
            "A forced trade takes exactly 2 cards and gives exactly 2 back.",
        )
    if not can_pay(s.hands[q], a.take):
        return Reason("2P-TOKEN-FORCED-TRADE", f"{seat(q)} does not hold {bundle_words(a.take)}.")
    if not can_pay(s.hands[p], a.give):
        return Reason(
            "2P-TOKEN-FORCED-TRADE",
            f"{seat(p)} gives back 2 cards held before the "
            f"trade, and did not hold {bundle_words(a.give)}.",
        )
    return None


def apply_forced_trade(s: State, a: ForcedTrade) -> None:
    p, q = a.player, 1 - a.player
    _pay(s, p, 2 if a.commodities else 1)
    give(s, q, p, a.take)  # the check held both bundles against the hands before the trade
    give(s, p, q, a.give)


def forced_trade_options(s: State, p: int, double: bool = True) -> list[ForcedTrade]:
    """Resources-only trades, then (where commodities exist and ``double`` price is affordable)
    trades over all cards."""
    q, out = 1 - p, []
    for every in (False, True) if double and s.caps.commodities else (False,):
        mine, theirs = _tradable(s, p, every), _tradable(s, q, every)
        if sum(theirs) >= 2 and sum(mine) >= 2:
            out += [
                make(ForcedTrade, p, t, g, every)
                for t in discard_options(theirs, 2)
                for g in discard_options(mine, 2)
            ]
    return out


# ---------------------------------------------------------------- ck-2p: the blind draw
def _both_hold_two(s: State, p: int, every: bool) -> Reason | None:
    """rule="2P-TOKEN-FORCED-TRADE-MIN": 2 tradable cards in each hand."""
    q = 1 - p
    mine, theirs = sum(_tradable(s, p, every)), sum(_tradable(s, q, every))
    if theirs < 2 or mine < 2:
        what = "cards" if every else "resource cards"
        return Reason(
            "2P-TOKEN-FORCED-TRADE-MIN",
            f"A forced trade needs 2 {what} in each "
            f"hand; {seat(p)} has {mine}, {seat(q)} {theirs}.",
        )
    return None


def check_forced_draw(s: State, a: ForcedDraw) -> Reason | None:
    """rule="CK2P-TOKEN-FORCED-TRADE": announced as resources only (normal price) or all cards
    (double price), then 2 cards are drawn blind from the opponent."""
    every = a.commodities
    what = "A forced trade with commodities" if every else "A forced trade"
    return _token_action(s, a.player, what, 2 if every else 1) or _both_hold_two(s, a.player, every)


def apply_forced_draw(s: State, a: ForcedDraw) -> None:
    """Pay, set the opponent's commodities aside (resources only), then draw (chance)."""
    _pay(s, a.player, 2 if a.commodities else 1)
    s.forced = ForcedState(a.commodities, (0,) * len(s.bank))
    s.resume, s.phase = s.phase, FORCE_DRAW


def forced_state(s: State) -> ForcedState:
    forced = s.forced
    assert forced, "a forced trade is under way"
    return forced


def forced_draw_outcomes(s: State) -> list[tuple[Action, int]]:
    """rule="CK2P-TOKEN-FORCED-TRADE": uniform over the opponent's cards in play (resources
    only, or every hand card), as a steal (rule="BASE-CHANCE-EVENTS")."""
    theirs = _tradable(s, 1 - s.active, forced_state(s).every)
    return [(make(ForcedCard, r), k) for r, k in enumerate(theirs) if k]


def apply_forced_card(s: State, a: ForcedCard) -> None:
    forced = forced_state(s)
    give(s, 1 - s.active, s.active, one(a.resource, 1, len(s.bank)))
    drawn = tadd(forced.drawn, a.resource, 1)
    s.forced = ForcedState(forced.every, drawn)
    if sum(drawn) == 2:
        s.phase = FORCE_GIVE


def _held_before(s: State, p: int) -> tuple[int, ...]:
    """p's cards that may go back: those held before the draws (of the announced kind)."""
    forced = forced_state(s)
    before = tuple(h - d for h, d in zip(s.hands[p], forced.drawn, strict=True))
    return (
        before
        if forced.every
        else (*before[:RESOURCE_KINDS], *(0,) * (len(before) - RESOURCE_KINDS))
    )


def check_forced_give(s: State, a: ForcedGive) -> Reason | None:
    """rule="CK2P-TOKEN-FORCED-TRADE": 2 cards back, resources only unless announced with
    commodities, from the cards held before the draws (as in rule="2P-TOKEN-FORCED-TRADE")."""
    p = a.player
    if s.phase != FORCE_GIVE or p != s.active:
        return Reason(
            "CK2P-TOKEN-FORCED-TRADE", f"{seat(p)} owes no cards from a forced trade now."
        )
    bad = bundle_reason(s, "CK2P-TOKEN-FORCED-TRADE", a.give)
    if bad:
        return bad
    if min(a.give) < 0 or sum(a.give) != 2:
        return Reason("CK2P-TOKEN-FORCED-TRADE", "A forced trade gives exactly 2 cards back.")
    if not forced_state(s).every and any(a.give[RESOURCE_KINDS:]):
        return Reason(
            "CK2P-TOKEN-FORCED-TRADE",
            "A resources-only forced trade gives back resource cards, not commodities.",
        )
    if not can_pay(_held_before(s, p), a.give):
        return Reason(
            "CK2P-TOKEN-FORCED-TRADE",
            f"{seat(p)} gives back 2 cards held before the "
            f"trade, and did not hold {bundle_words(a.give)}.",
        )
    return None


def apply_forced_give(s: State, a: ForcedGive) -> None:
    give(s, a.player, 1 - a.player, a.give)
    s.forced = ()
    s.phase = s.resume


def forced_trade_stuck(s: State) -> str:
    """Why a ck-2p forced trade under way cannot go on (rule="CK2P-TOKEN-FORCED-TRADE"), or
    '': the opponent must still hold the cards left to draw, the taker 2 cards of the
    announced kind held before the draws to give back."""
    forced = forced_state(s)
    left = 2 - sum(forced.drawn)
    if left and sum(_tradable(s, 1 - s.active, forced.every)) < left:
        return f"the opponent holds fewer than the {left} card(s) left to draw"
    if sum(_held_before(s, s.active)) < 2:
        return "the taker holds fewer than 2 cards from before the draws to give back"
    return ""


def forced_give_options(s: State) -> list[Action]:
    p = s.active
    return [make(ForcedGive, p, g) for g in discard_options(_held_before(s, p), 2)]


# ---------------------------------------------------------------- robber home
def check_robber_home(s: State, a: RobberHome) -> Reason | None:
    bad = _token_action(s, a.player, "Sending the robber home")
    if bad:
        return bad
    desert = laid(s).desert()
    if s.robber < 0:
        return Reason(
            "CK2P-TOKEN-ROBBER", "The robber is not on the board before the first barbarian attack."
        )
    if s.robber == desert:
        return Reason(
            "2P-TOKEN-ROBBER", f"The robber is already on the desert ({HEX_NAMES[desert]})."
        )
    return None


def apply_robber_home(s: State, a: RobberHome) -> None:
    _pay(s, a.player)
    s.robber = laid(s).desert()  # no steal


# ---------------------------------------------------------------- returning a Knight card
def check_return_knight(s: State, a: ReturnKnight) -> Reason | None:
    p = a.player
    bad = _timing(s, "Returning a Knight card")
    if bad:
        return bad
    if s.knight_returned:
        return Reason(
            "2P-TOKEN-INCOME-KNIGHT", f"{seat(p)} has already returned a Knight card this turn."
        )
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


# ---------------------------------------------------------------- removing a C&K knight
def check_remove_knight(s: State, a: RemoveKnight) -> Reason | None:
    """rule="CK2P-TOKEN-KNIGHT-REMOVE-TIMING": in the owner's Action phase, once per turn."""
    p, v = a.player, a.vertex
    if s.phase != MAIN:
        return Reason(
            "CK2P-TOKEN-KNIGHT-REMOVE-TIMING",
            "A knight is cashed in on its owner's turn after the roll, not now: "
            f"{PHASE_WORDS.get(s.phase, s.phase)}.",
        )
    if s.knight_returned:
        return Reason(
            "CK2P-TOKEN-KNIGHT-REMOVE-TIMING",
            f"{seat(p)} has already removed a knight for tokens this turn.",
        )
    k = s.kn[v]
    if k is None or k.owner != p:
        return Reason("CK2P-TOKEN-KNIGHT-REMOVE", f"{seat(p)} has no knight on {VERTEX_LABELS[v]}.")
    return None


def apply_remove_knight(s: State, a: RemoveKnight) -> None:
    """rule="CK2P-TOKEN-KNIGHT-REMOVE": back to supply; 1, 2 or 3 tokens by level, active or
    not (rule="CK2P-TOKEN-SUPPLY": as many as the supply has)."""
    k = s.kn[a.vertex]
    assert k is not None, "the check found a knight there"
    level = k.level
    s.kn = tset(s.kn, a.vertex, None)
    s.knight_returned = True
    earn(s, a.player, level)
    awards.update_roads_near(s, a.vertex)  # the knight may have cut a route


def options(s: State, p: int) -> list:
    """Token actions and Knight returns open to p now, in a fixed order."""
    out: list = []
    if s.caps.knights and s.phase == MAIN and not s.knight_returned:
        out += [make(RemoveKnight, p, v) for v in knights_of(s, p)]
    if s.knights[p] and not s.knight_returned:
        out.append(make(ReturnKnight, p))
    price = cost(s, p)
    if s.token_used or s.tokens[p] < price:
        return out
    if s.robber >= 0 and s.robber != laid(s).desert():
        out.append(make(RobberHome, p))
    double = s.tokens[p] >= 2 * price
    if s.caps.knights:  # rule="CK2P-TOKEN-FORCED-TRADE": announced, then drawn blind
        return out + [
            make(ForcedDraw, p, every)
            for every in ((False, True) if double else (False,))
            if _both_hold_two(s, p, every) is None
        ]
    return out + forced_trade_options(s, p, double)
