"""Shared helpers: reasons, costs, hands and the seat whose decision is awaited."""

from __future__ import annotations

from dataclasses import dataclass

from ..actions import seat
from ..state import DISCARD, OFFER, State

# rule="BASE-BUILD-COSTS" (brick, lumber, wool, grain, ore)
ROAD_COST = (1, 1, 0, 0, 0)
SETTLEMENT_COST = (1, 1, 1, 1, 0)
CITY_COST = (0, 0, 0, 2, 3)
DEV_COST = (0, 0, 1, 1, 1)


@dataclass(frozen=True, slots=True)
class Reason:
    """Why an action is (il)legal: a rule ID from RULES.md and a sentence for a learner."""

    rule: str
    text: str


def can_pay(hand: list[int], cost) -> bool:
    return (hand[0] >= cost[0] and hand[1] >= cost[1] and hand[2] >= cost[2]
            and hand[3] >= cost[3] and hand[4] >= cost[4])


def pay(s: State, p: int, cost) -> None:
    hand, bank = s.hands[p], s.bank
    for r in range(5):
        hand[r] -= cost[r]
        bank[r] += cost[r]


def cost_reason(s: State, p: int, cost, what: str) -> Reason | None:
    if can_pay(s.hands[p], cost):
        return None
    need = ", ".join(
        f"{c} {name}" for c, name in zip(cost, ("brick", "lumber", "wool", "grain", "ore"),
                                         strict=True) if c
    )
    return Reason("BASE-BUILD-COSTS", f"{seat(p)} cannot pay for {what}: it costs {need}.")


def setup_order(n: int) -> list[int]:
    """Seats in placement order: P1..Pn then Pn..P1 (BASE-SETUP-ROUND1, BASE-SETUP-ROUND2)."""
    return list(range(n)) + list(range(n - 1, -1, -1))


def actors(s: State) -> list[int]:
    """Seats that may act now (pending decisions included), in seat order from the active one."""
    if s.phase == DISCARD:
        order = [(s.active + i) % s.n for i in range(s.n)]
        return [p for p in order if s.discards[p] > 0]
    if s.phase == OFFER:
        return [s.offer[0]]
    return [s.active]
