"""The barbarian ship and its attack (CK-EVENT-SHIP, CK-BARB-*)."""

from __future__ import annotations

from ..actions import ChooseDeck, Pillage, make, seat
from ..board import VERTEX_LABELS
from ..grammar import and_list, count
from ..state import State, laid, tadd, tset
from ..variants.ck_state import DEFENDER_DECK, PILLAGE, RESOLVE, DueDraw, Knight
from .common import Reason
from .improvements import free_cities
from .knights import strength

TRACK_END = 7  # rule="CK-BOARD-TRACK"
DEFENDER_TOKENS = 6  # rule="CK-BARB-TOKENS": the box holds 6 (CK-COMP-PIECES)


def ship_place(barb: int) -> str:
    """Where the barbarian ship stands, counted as the track is drawn (rule="CK-BOARD-TRACK":
    its first dot is the start, 0; the last, Catan, is 7): "5 steps from the start of the
    track (its first dot), 2 steps from Catan" (l28 at 8.11: "position 5 of 7" beside a ship
    drawn on the 6th dot)."""
    if barb <= 0:
        return f"at the start of the track (its first dot), {count(TRACK_END, 'step')} from Catan"
    if barb >= TRACK_END:
        return "at Catan, the end of the track"
    start = "from the start of the track (its first dot)"
    return f"{count(barb, 'step')} {start}, {count(TRACK_END - barb, 'step')} from Catan"


def advance(s: State) -> None:
    """rule="CK-EVENT-SHIP": one step; on reaching the end the barbarians attack."""
    s.barb += 1
    if s.barb >= TRACK_END:
        attack(s)


def turn_order(s: State) -> list[int]:
    return [(s.active + i) % s.n for i in range(s.n)]


# What the barbarians' strength counts, as every place on the page says it (the track's
# words, the attack's narration: one wording, l34 read "(all cities)" and "(cities)")
BARBARIANS_COUNT = "all cities"


def forces(s: State) -> tuple[int, dict[int, int]]:
    """The barbarians' strength (rule="CK-BARB-STRENGTH": the players' cities) and each
    player's defence (rule="CK-BARB-DEFENSE": the strength of their active knights)."""
    barbarians = sum(1 for v, c in enumerate(s.vcity) if c and s.vowner[v] < s.n)
    return barbarians, {p: strength(s, p) for p in range(s.n)}


def attack(s: State) -> None:
    """Compare the barbarians with the active knights and settle the outcome."""
    barbarians, share = forces(s)
    if barbarians > sum(share.values()):
        _lose(s, share)
    else:
        _win(s, share)
    # rule="CK-BARB-AFTER": the ship goes home, every knight lies down, the robber wakes
    s.barb = 0
    s.kn = tuple(
        k if k is None else Knight(k.owner, k.level, False, k.fresh, k.promoted) for k in s.kn
    )
    if not s.attacked:
        s.attacked = True
        s.robber = laid(s).desert()


def _lose(s: State, share: dict[int, int]) -> None:
    """rule="CK-BARB-LOSE": the weakest group that owns a city without metropolis loses one
    each; a player with one such city loses it at once, others choose (CK-BARB-LOSE-CHOICE)."""
    order = turn_order(s)
    for level in sorted(set(share.values())):
        group = [p for p in order if share[p] == level and free_cities(s, p)]
        if not group:
            continue
        for p in group:
            cities = free_cities(s, p)
            if len(cities) == 1:
                pillage_city(s, p, cities[0])
            else:
                s.pillage += (p,)
        return


def _win(s: State, share: dict[int, int]) -> None:
    """rule="CK-BARB-WIN": the single best defender gets a token; tied best defenders each
    draw from a deck of their choice; rule="CK-BARB-WIN-ZERO": never for 0."""
    best = max(share.values())
    if best <= 0:
        return
    leaders = [p for p in turn_order(s) if share[p] == best]
    if len(leaders) == 1:
        if sum(s.defender) < DEFENDER_TOKENS:  # rule="CK-BARB-TOKENS": none left, none given
            s.defender = tadd(s.defender, leaders[0], 1)
    else:
        s.draws += tuple(DueDraw(p, -1) for p in leaders)


def pillage_city(s: State, p: int, v: int) -> None:
    """rule="CK-BARB-PILLAGE", rule="CK-WALL-LOSS": the city becomes a settlement, its wall
    goes home; without a settlement piece the city is laid on its side."""
    s.vcity = tset(s.vcity, v, False)
    s.cities = tadd(s.cities, p, -1)
    if s.settlements[p] >= 5:
        s.toppled = tuple(sorted((*s.toppled, v)))
    s.settlements = tadd(s.settlements, p, 1)
    if s.walls[v]:
        s.walls = tset(s.walls, v, False)


def check_pillage(s: State, a: Pillage) -> Reason | None:
    if s.phase != PILLAGE:
        return Reason("CK-BARB-LOSE-CHOICE", "No city is being pillaged now.")
    p, q, v = s.pillage[0], a.player, a.vertex
    where = VERTEX_LABELS[v]
    if 0 <= v < len(s.vowner) and s.vcity[v] and v in s.metro:
        return Reason(
            "CK-METRO-VALUE",
            f"The city on {where} carries a metropolis, and the "
            "barbarians never pillage a metropolis.",
        )
    if q not in s.pillage:
        # one loser is named as one ("only the group … loses one each" read oddly for P3 alone)
        who, lose = seat(q) if q >= 0 else "Chance", [seat(x) for x in s.pillage]
        least = "with a city to lose who contributed least to the defence"
        if len(lose) == 1:
            said = f"only {lose[0]} loses one, as the player {least}; {seat(p)} chooses which now."
        else:
            said = f"only {and_list(lose)} lose one each, as the players {least}; "
            said += f"{seat(p)} chooses first."
        return Reason("CK-BARB-LOSE", f"{who} loses no city: {said}")
    if q != p:
        return Reason(
            "CK-BARB-LOSE-CHOICE",
            f"{seat(p)} chooses the city they lose first; then it is {seat(q)}'s turn to choose.",
        )
    if v not in free_cities(s, p):
        names = ", ".join(VERTEX_LABELS[c] for c in free_cities(s, p))
        return Reason(
            "CK-BARB-LOSE-CHOICE",
            f"{where} is not one of {seat(p)}'s cities: {seat(p)} chooses one of {names}.",
        )
    return None


def apply_pillage(s: State, a: Pillage) -> None:
    pillage_city(s, a.player, a.vertex)
    s.pillage = s.pillage[1:]
    s.phase = RESOLVE


def pillage_options(s: State) -> list[Pillage]:
    p = s.pillage[0]
    return [make(Pillage, p, v) for v in free_cities(s, p)]


def check_deck(s: State, a: ChooseDeck) -> Reason | None:
    if s.phase != DEFENDER_DECK:
        return Reason("CK-BARB-WIN", "No tied defender is choosing a deck now.")
    p = s.draws[0].party
    if a.player != p:
        return Reason("CK-BARB-WIN", f"{seat(p)} chooses a deck now.")
    if not 0 <= a.track < 3:
        return Reason("CK-BARB-WIN", "The decks are science, trade and politics.")
    return None


def apply_deck(s: State, a: ChooseDeck) -> None:
    s.draws = (DueDraw(a.player, a.track), *s.draws[1:])
    s.phase = RESOLVE


def deck_options(s: State) -> list[ChooseDeck]:
    return [make(ChooseDeck, s.draws[0].party, t) for t in range(3)]
