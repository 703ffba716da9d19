"""Buying and playing development cards (BASE-BUILD-DEVCARD, BASE-DEV-*)."""

from __future__ import annotations

from ..actions import (
    KNIGHT,
    MONOPOLY,
    PLENTY,
    ROAD_BUILDING_CARD,
    Action,
    BuyDev,
    DrawDev,
    PlayKnight,
    PlayMonopoly,
    PlayPlenty,
    PlayRoadBuilding,
    make,
    seat,
)  # fmt: skip
from ..board import RESOURCES
from ..state import DRAW, MAIN, PRE_ROLL, ROAD_BUILDING, ROADS, ROBBER, State, tadd, tset
from . import awards
from .building import legal_road_edges
from .common import (
    DEV_COST,
    PHASE_WORDS,
    Reason,
    cost_reason,
    gain,
    give,
    one,
    pay,
    phase_refusal,
)
from .words import card_title


def check_buy(s: State, a: BuyDev) -> Reason | None:
    if s.phase != MAIN:
        return phase_refusal(s, "buying a development card")
    if not sum(s.deck):
        return Reason("BASE-BUILD-DEVCARD", "The development card deck is empty.")
    return cost_reason(s, a.player, DEV_COST, "a development card")


def apply_buy(s: State, a: BuyDev) -> None:
    pay(s, a.player, DEV_COST)
    s.phase = DRAW


def draw_outcomes(s: State) -> list[tuple[Action, int]]:
    """rule="BASE-BUILD-DEVCARD": uniform over the cards left, unless the top card is known."""
    if s.deck_top:
        return [(make(DrawDev, s.deck_top[0]), 1)]
    return [(make(DrawDev, c), n) for c, n in enumerate(s.deck) if n]


def apply_draw(s: State, a: DrawDev) -> None:
    if s.deck_top:
        s.deck_top = s.deck_top[1:]
    s.deck = tadd(s.deck, a.card, -1)
    s.dev = tset(s.dev, s.active, tadd(s.dev[s.active], a.card, 1))
    s.newdev = tadd(s.newdev, a.card, 1)
    s.phase = MAIN


def _playable(s: State, p: int, card: int) -> Reason | None:
    """rule="BASE-DEV-PLAY": own turn, one per turn, not one bought this turn."""
    name = card_title(card, dev=True)
    if s.phase not in (PRE_ROLL, MAIN):
        return Reason(
            "BASE-DEV-PLAY",
            "A development card is played before the roll or in "
            f"the trade and build phase, not now: {PHASE_WORDS.get(s.phase, s.phase)}.",
        )
    if s.dev_played:
        return Reason(
            "BASE-DEV-PLAY", f"{seat(p)} has already played a development card this turn."
        )
    held = s.dev[p][card]
    if not held:
        return Reason("BASE-DEV-PLAY", f"{seat(p)} holds no {name} card.")
    if held - s.newdev[card] <= 0:
        return Reason(
            "BASE-DEV-PLAY",
            f"{seat(p)} bought their {name} card this turn and may play it from the next turn on.",
        )
    return None


def _use(s: State, p: int, card: int) -> None:
    s.dev = tset(s.dev, p, tadd(s.dev[p], card, -1))
    s.dev_played = True
    s.resume = s.phase


def check_knight(s: State, a: PlayKnight) -> Reason | None:
    return _playable(s, a.player, KNIGHT)


def apply_knight(s: State, a: PlayKnight) -> None:
    """rule="BASE-DEV-KNIGHT": move the robber and steal, no discards; counts for the army."""
    _use(s, a.player, KNIGHT)
    s.knights = tadd(s.knights, a.player, 1)
    awards.update_army(s)
    s.phase = ROBBER


def check_road_building(s: State, a: PlayRoadBuilding) -> Reason | None:
    bad = _playable(s, a.player, ROAD_BUILDING_CARD)
    if bad:
        return bad
    if s.roads[a.player] >= ROADS or not legal_road_edges(s, a.player):
        return Reason(
            "BASE-DEV-ROAD-BUILDING",
            f"{seat(a.player)} has no road that could be built, so Road Building would do nothing.",
        )
    return None


def apply_road_building(s: State, a: PlayRoadBuilding) -> None:
    """rule="BASE-DEV-ROAD-BUILDING": 2 free roads (1 if only one is legal or left)."""
    _use(s, a.player, ROAD_BUILDING_CARD)
    s.free_roads = min(2, ROADS - s.roads[a.player])
    s.phase = ROAD_BUILDING


def check_plenty(s: State, a: PlayPlenty) -> Reason | None:
    bad = _playable(s, a.player, PLENTY)
    if bad:
        return bad
    picks = [r for r in (a.first, a.second) if r >= 0]
    if any(not 0 <= r < 5 for r in picks):
        return Reason("BASE-DEV-YEAR-OF-PLENTY", "Year of Plenty takes resource cards.")
    need = [picks.count(r) for r in range(5)]
    if any(n > b for n, b in zip(need, s.bank, strict=True)):
        return Reason(
            "BASE-DEV-YEAR-OF-PLENTY",
            f"The bank does not hold {' and '.join(RESOURCES[r] for r in picks)}.",
        )
    if len(picks) < min(2, sum(s.bank)):
        return Reason(
            "BASE-DEV-YEAR-OF-PLENTY", "Year of Plenty takes 2 cards while the bank has 2."
        )
    return None


def plenty_options(p: int) -> list[PlayPlenty]:
    """Every Year of Plenty play: two resources, or one (the bank's stock is checked)."""
    out = [make(PlayPlenty, p, a, b) for a in range(5) for b in range(a, 5)]
    return out + [make(PlayPlenty, p, a) for a in range(5)]


def apply_plenty(s: State, a: PlayPlenty) -> None:
    _use(s, a.player, PLENTY)
    for r in (a.first, a.second):
        if r >= 0:
            gain(s, a.player, one(r))


def check_monopoly(s: State, a: PlayMonopoly) -> Reason | None:
    bad = _playable(s, a.player, MONOPOLY)
    if bad:
        return bad
    if not 0 <= a.resource < 5:
        return Reason("BASE-DEV-MONOPOLY", "Monopoly names a resource.")
    return None


def apply_monopoly(s: State, a: PlayMonopoly) -> None:
    """rule="BASE-DEV-MONOPOLY": every other player hands over all cards of the resource."""
    _use(s, a.player, MONOPOLY)
    r = a.resource
    for q in range(s.n):
        if q != a.player and s.hands[q][r]:
            give(s, q, a.player, one(r, s.hands[q][r]))
