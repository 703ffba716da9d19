"""Playing progress cards (CK-PC-*): one check and one effect per card.

Each card's ``args`` follow ``progress_cards.SCHEMA``. The shared part (rule="CK-PC-PLAY"):
the active player, in the Action phase (Alchemy: before rolling), holding the card; a played
card goes face down under its deck.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from ..actions import (
    BuildCity,
    BuildWall,
    Desert,
    Gift,
    HarborOffer,
    Improve,
    PlaceDeserter,
    PlayProgress,
    Promote,
    ReturnCommodity,
    make,
    neutral_arg,
    seat,
)  # fmt: skip
from ..board import (
    EDGE_LABELS,
    EDGE_OTHER_END,
    EDGE_VERTICES,
    HEX_NAMES,
    HEX_VERTICES,
    N_HEXES,
    VERTEX_HEXES,
    VERTEX_LABELS,
    Layout,
)  # fmt: skip
from ..grammar import count
from ..progress_cards import CARDS, PLAYABLE, SCHEMA
from ..state import (
    CITIES,
    DICE,
    MAIN,
    PRE_ROLL,
    ROAD_BUILDING,
    ROADS,
    STEAL,
    State,
    laid,
    tadd,
    tset,
)
from ..variants.ck_state import (
    DESERT,
    DESERTER,
    HARBOR,
    SABOTAGE,
    WEDDING,
    HarborTrade,
    Knight,
    RemovedKnight,
)
from . import awards, improvements, knights, progress
from .building import apply_city, check_city, city_candidates, legal_road_edges
from .ck_turn import victory_points
from .common import Reason, can_pay, chooser, gain, give, occupancy, one, phase_refusal
from .robber import discard_options
from .words import card_title

MEDICINE_COST = (0, 0, 0, 1, 2)  # rule="CK-PC-MEDICINE": 1 grain + 2 ore
FIELDS, MOUNTAINS = 3, 4
_BIG_NUMBERS = (2, 6, 8, 12)


def check_play(s: State, a: PlayProgress) -> Reason | None:
    p, card = a.player, a.card
    if not 0 <= card < len(CARDS) or card not in PLAYABLE:
        return Reason(
            "CK-PC-PLAY",
            "Victory point cards are laid out, not played; the other "
            "cards of this kind cannot be played yet.",
        )
    name = CARDS[card]
    if name == "alchemy":
        if s.phase != PRE_ROLL:
            return Reason("CK-PC-ALCHEMY", "Alchemy is played before rolling the dice.")
    elif s.phase != MAIN:
        return phase_refusal(s, f"playing {card_title(card)}", "CK-PC-PLAY")
    if card not in s.phand[p]:
        return Reason("CK-PC-PLAY", f"{seat(p)} holds no {card_title(card)} card.")
    if len(a.args) != len(SCHEMA[name]) or not all(
        _in_range(s, kind, x) for kind, x in zip(SCHEMA[name], a.args, strict=True)
    ):
        return Reason("CK-PC-PLAY", f"{name} names: {' '.join(SCHEMA[name]) or 'nothing'}.")
    return _CHECKS[name](s, p, *a.args)


_RANGES = {
    "die": (1, 7),
    "track": (0, 3),
    "vertex": (0, 54),
    "edge": (0, 72),
    "hex": (0, N_HEXES),
    "resource": (0, 5),
    "commodity": (5, 8),
    "kind": (0, 8),
    "card": (0, len(CARDS)),
}


def _in_range(s: State, kind: str, x) -> bool:
    """An argument of the schema's kind, within its range ("?": -1 for none)."""
    optional = kind.endswith("?")
    kind = kind.rstrip("?")
    if kind == "bundle":
        return isinstance(x, tuple) and len(x) == len(s.bank) and min(x) >= 0
    if not isinstance(x, int):
        return False
    if optional and x == -1:
        return True
    if kind == "party":  # a seat, or a neutral as actions.neutral_arg (-2: N1, -3: N2)
        return 0 <= x < s.n or 0 <= -2 - x < s.owners - s.n
    lo, hi = (0, s.n) if kind == "seat" else _RANGES[kind]
    return lo <= x < hi


def apply_play(s: State, a: PlayProgress) -> None:
    p = a.player
    hand = list(s.phand[p])
    hand.remove(a.card)
    s.phand = tset(s.phand, p, tuple(hand))
    progress.put_under(s, a.card)
    _APPLIES[CARDS[a.card]](s, p, *a.args)


# ---------------------------------------------------------------- science
def _alchemy(s: State, p: int, white: int, red: int) -> Reason | None:
    if not (1 <= white <= 6 and 1 <= red <= 6):
        return Reason("CK-PC-ALCHEMY", "Each die is set to a value from 1 to 6.")
    return None


def _do_alchemy(s: State, p: int, white: int, red: int) -> None:
    """rule="CK-PC-ALCHEMY": the two dice are set; only the event die is rolled."""
    s.rolled = (white, red)
    s.phase = DICE


def _crane(s: State, p: int, track: int, vertex: int) -> Reason | None:
    """The improvement's own checks; what it costs is the card's (rule="CK-PC-CRANE")."""
    bad = improvements.check_improve(s, Improve(p, track, vertex), discount=1)
    if bad is not None and bad.rule == "CK-BUILD-COSTS":
        return Reason("CK-PC-CRANE", f"{bad.text} With Crane one commodity less.")
    return bad


def _do_crane(s: State, p: int, track: int, vertex: int) -> None:
    improvements.apply_improve(s, Improve(p, track, vertex), discount=1)


def _engineering(s: State, p: int, v: int) -> Reason | None:
    return improvements.check_wall(s, BuildWall(p, v), free=True)


def _do_engineering(s: State, p: int, v: int) -> None:
    improvements.apply_wall(s, BuildWall(p, v), free=True)


def _invention(s: State, p: int, h1: int, h2: int) -> Reason | None:
    nums = laid(s).numbers
    if h1 == h2 or not (0 <= h1 < N_HEXES and 0 <= h2 < N_HEXES):
        return Reason("CK-PC-INVENTION", "Invention swaps the number tokens of two hexes.")
    for h in (h1, h2):
        if not nums[h] or nums[h] in _BIG_NUMBERS:
            return Reason(
                "CK-PC-INVENTION",
                f"{HEX_NAMES[h]}'s token may not move (no token, or a 2, 6, 8 or 12).",
            )
    return None


def _do_invention(s: State, p: int, h1: int, h2: int) -> None:
    layout = laid(s)
    nums = list(layout.numbers)
    nums[h1], nums[h2] = nums[h2], nums[h1]
    s.layout = Layout(layout.terrain, tuple(nums), layout.harbors)


def _hexes_touched(s: State, p: int, terrain: int) -> list[int]:
    return sorted(
        {
            h
            for v, o in enumerate(s.vowner)
            if o == p
            for h in VERTEX_HEXES[v]
            if laid(s).terrain[h] == terrain
        }
    )


def _no_check(s: State, p: int) -> Reason | None:
    return None


def _take_per_hex(s: State, p: int, terrain: int) -> None:
    """rule="CK-PC-IRRIGATION", rule="CK-PC-MINING": 2 per hex touched, what the supply has."""
    want = 2 * len(_hexes_touched(s, p, terrain))
    gain(s, p, one(terrain, min(want, s.bank[terrain])))


def _medicine(s: State, p: int, v: int) -> Reason | None:
    bad = check_city(s, BuildCity(p, v), cost=MEDICINE_COST)
    return Reason("CK-PC-MEDICINE", bad.text) if bad else None


def _do_medicine(s: State, p: int, v: int) -> None:
    apply_city(s, BuildCity(p, v), cost=MEDICINE_COST)


def _road_building(s: State, p: int) -> Reason | None:
    return None  # rule="CK-PC-NO-TARGET": with no legal road it still counts as played


def _do_road_building(s: State, p: int) -> None:
    """rule="CK-PC-ROAD-BUILDING": 2 free roads (1 if only one is legal)."""
    s.free_roads = min(2, ROADS - s.roads[p])
    if s.free_roads and legal_road_edges(s, p):
        s.resume = MAIN
        s.phase = ROAD_BUILDING
    else:
        s.free_roads = 0


def _smithing(s: State, p: int, v1: int, v2: int) -> Reason | None:
    """rule="CK-PC-SMITHING": up to two different knights, each by the promotion rules."""
    if v1 == v2:
        return Reason("CK-PC-SMITHING", "Smithing promotes two different knights.")
    t = s.copy()
    for v in (v1, v2):
        if v < 0:
            continue
        bad = knights.check_promote(t, Promote(p, v), free=True)
        if bad:
            return bad
        knights.apply_promote(t, Promote(p, v), free=True)
    return None


def _do_smithing(s: State, p: int, v1: int, v2: int) -> None:
    for v in (v1, v2):
        if v >= 0:
            knights.apply_promote(s, Promote(p, v), free=True)


# ---------------------------------------------------------------- trade
def _merchant(s: State, p: int, h: int) -> Reason | None:
    """rule="CK-PC-MERCHANT": a land hex touching one of p's buildings (the desert too,
    rule="CK-PC-MERCHANT-DESERT")."""
    if not 0 <= h < N_HEXES or not any(s.vowner[v] == p for v in HEX_VERTICES[h]):
        return Reason(
            "CK-PC-MERCHANT", f"The merchant goes on a hex next to one of {seat(p)}'s buildings."
        )
    return None


def _do_merchant(s: State, p: int, h: int) -> None:
    s.merchant = (h, p)


def _fleet(s: State, p: int, kind: int) -> Reason | None:
    if not 0 <= kind < len(s.bank):
        return Reason("CK-PC-MERCHANT-FLEET", "Name a resource or a commodity.")
    return None


def _do_fleet(s: State, p: int, kind: int) -> None:
    # rule="CK-PC-MERCHANT-FLEET": 2:1 with the supply for the rest of the turn
    s.fleet = tuple(sorted({*s.fleet, kind}))


def _monopoly(s: State, p: int, kind: int) -> Reason | None:
    return None


def _do_resource_monopoly(s: State, p: int, r: int) -> None:
    """rule="CK-PC-RESOURCE-MONOPOLY": each other player gives 2 (1 if they have only 1)."""
    for q in range(s.n):
        if q != p and s.hands[q][r]:
            give(s, q, p, one(r, min(2, s.hands[q][r]), len(s.bank)))


def _do_trade_monopoly(s: State, p: int, c: int) -> None:
    """rule="CK-PC-TRADE-MONOPOLY": each other player gives 1 of the commodity if they can."""
    for q in range(s.n):
        if q != p and s.hands[q][c]:
            give(s, q, p, one(c, 1, len(s.bank)))


# ---------------------------------------------------------------- politics
def _do_encouragement(s: State, p: int) -> None:
    """rule="CK-PC-ENCOURAGEMENT": all p's knights stand up (they still cannot act)."""
    s.kn = tuple(
        k
        if k is None or k.owner != p or k.active
        else Knight(k.owner, k.level, True, True, k.promoted)
        for k in s.kn
    )


def _espionage(s: State, p: int, q: int, card: int) -> Reason | None:
    if not 0 <= q < s.n or q == p:
        return Reason("CK-PC-ESPIONAGE", "Espionage looks at another player's progress cards.")
    if card >= 0 and card not in s.phand[q]:
        return Reason("CK-PC-ESPIONAGE", f"{seat(q)} holds no {card_title(card)} card.")
    return None


def _do_espionage(s: State, p: int, q: int, card: int) -> None:
    if card >= 0:
        hand = list(s.phand[q])
        hand.remove(card)
        s.phand = tset(tset(s.phand, q, tuple(hand)), p, tuple(sorted((*s.phand[p], card))))


def _guild_dues(s: State, p: int, q: int, cards: tuple) -> Reason | None:
    """rule="CK-PC-GUILD-DUES": from a player with more VP, 2 hand cards of p's choice;
    rule="CK-PC-NO-TARGET": played without naming anybody it does nothing."""
    if q < 0:
        return None if not sum(cards) else Reason("CK-PC-GUILD-DUES", "Name the player.")
    if q >= s.n or q == p:
        return Reason("CK-PC-GUILD-DUES", "Guild Dues names another player.")
    if victory_points(s, q) <= victory_points(s, p):
        return Reason("CK-PC-GUILD-DUES", f"{seat(q)} does not have more VP than {seat(p)}.")
    if len(cards) != len(s.bank) or min(cards) < 0 or not can_pay(s.hands[q], cards):
        return Reason("CK-PC-GUILD-DUES", f"{seat(q)} does not hold those cards.")
    if sum(cards) != min(2, sum(s.hands[q])):
        return Reason("CK-PC-GUILD-DUES", "Guild Dues takes 2 cards (all if fewer).")
    return None


def _do_guild_dues(s: State, p: int, q: int, cards: tuple) -> None:
    if q >= 0:
        give(s, q, p, cards)


def _intrigue(s: State, p: int, v: int) -> Reason | None:
    """rule="CK-PC-INTRIGUE": a foreign knight on a vertex touched by one of p's roads."""
    k = s.kn[v] if 0 <= v < len(s.kn) else None
    if k is None or k.owner == p:
        return Reason("CK-PC-INTRIGUE", f"{VERTEX_LABELS[v]} holds no other player's knight.")
    if v not in knights.road_ends(s, p):
        return Reason("CK-PC-INTRIGUE", f"{VERTEX_LABELS[v]} is not touched by {seat(p)}'s roads.")
    return None


def _do_intrigue(s: State, p: int, v: int) -> None:
    k = s.kn[v]
    assert k is not None, "the check found a knight there"
    s.kn = tset(s.kn, v, None)
    awards.update_roads_near(s, v)  # rule="CK-AWARD-LONGEST-ROUTE": off the board at once
    knights.start_relocation(s, k, v)


def _sabotage(s: State, p: int) -> Reason | None:
    return None  # rule="CK-PC-NO-TARGET"


def _do_sabotage(s: State, p: int) -> None:
    """rule="CK-PC-SABOTAGE": each other player with at least p's VP discards half their
    hand, rounded down; rule="CK-PC-SABOTAGE-SELF": never p."""
    mine = victory_points(s, p)
    s.discards = tuple(
        sum(h) // 2 if q != p and q < s.n and victory_points(s, q) >= mine else 0
        for q, h in enumerate(s.hands)
    )
    if any(s.discards):
        s.phase = SABOTAGE


def _do_wedding(s: State, p: int) -> None:
    """rule="CK-PC-WEDDING": each other player with more VP gives p 2 hand cards of their
    choice (all if fewer)."""
    mine = victory_points(s, p)
    s.discards = tuple(
        min(2, sum(h)) if q != p and q < s.n and victory_points(s, q) > mine else 0
        for q, h in enumerate(s.hands)
    )
    if any(s.discards):
        s.phase = WEDDING


def check_gift(s: State, a: Gift) -> Reason | None:
    q = a.player
    if s.phase != WEDDING or not s.discards[q]:
        return Reason("CK-PC-WEDDING", f"{seat(q)} owes no wedding gift now.")
    if len(a.cards) != len(s.bank) or min(a.cards) < 0 or sum(a.cards) != s.discards[q]:
        return Reason("CK-PC-WEDDING", f"{seat(q)} gives exactly {count(s.discards[q], 'card')}.")
    if not can_pay(s.hands[q], a.cards):
        return Reason("CK-PC-WEDDING", f"{seat(q)} does not hold those cards.")
    return None


def apply_gift(s: State, a: Gift) -> None:
    give(s, a.player, s.active, a.cards)
    s.discards = tset(s.discards, a.player, 0)
    if not any(s.discards):
        s.phase = MAIN


def gift_options(s: State) -> list[Gift]:
    return [
        make(Gift, q, c)
        for q in range(s.n)
        if s.discards[q]
        for c in discard_options(s.hands[q], s.discards[q])
    ]


def _taxation(s: State, p: int, h: int) -> Reason | None:
    if not s.attacked:
        return Reason(
            "CK-PC-TAXATION",
            "Taxation needs the robber, which comes after the first barbarian attack.",
        )
    if h == s.robber:  # the card's own words: "move the robber to another hex"
        return Reason(
            "CK-PC-TAXATION",
            f"Taxation moves the robber to another hex; it is on {HEX_NAMES[h]} now.",
        )
    return None


def _do_taxation(s: State, p: int, h: int) -> None:
    """rule="CK-PC-TAXATION": one random card from each other player with a building there."""
    s.robber = h
    order = [(p + i) % s.n for i in range(1, s.n)]
    s.taxed = tuple(q for q in order if any(s.vowner[v] == q for v in HEX_VERTICES[h]))
    next_tax(s)


def next_tax(s: State) -> None:
    """The next Taxation steal (a chance event), skipping empty hands."""
    while s.taxed:
        q, s.taxed = s.taxed[0], s.taxed[1:]
        if sum(s.hands[q]):
            s.victim, s.resume, s.phase = q, MAIN, STEAL
            return


def open_road(s: State, e: int, occ: tuple[int, ...] | None = None) -> bool:
    """rule="CK-PC-DIPLOMACY": at one end its owner has no other road, building or knight
    (``occ``: ``occupancy(s)``, when the caller has it)."""
    q = s.eowner[e]
    if q < 0:
        return False
    if occ is None:
        occ = occupancy(s)
    return any(
        occ[w] != q and not any(s.eowner[f] == q for f, _ in EDGE_OTHER_END[w] if f != e)
        for w in EDGE_VERTICES[e]
    )


def _diplomacy(s: State, p: int, e: int, new: int) -> Reason | None:
    if not open_road(s, e):
        return Reason(
            "CK-PC-DIPLOMACY",
            f"{EDGE_LABELS[e]} is not an open road (its owner's pieces continue at both ends).",
        )
    if new < 0:
        return None
    if s.eowner[e] != p:
        return Reason("CK-PC-DIPLOMACY", "Only after removing one's own road is a free road built.")
    t = s.copy()
    _remove_road(t, e)
    if new not in legal_road_edges(t, p) or t.roads[p] >= ROADS:
        return Reason(
            "CK-PC-DIPLOMACY",
            f"{EDGE_LABELS[new]} is not a legal road for {seat(p)} once {EDGE_LABELS[e]} is gone.",
        )
    return None


def _remove_road(s: State, e: int) -> None:
    q = s.eowner[e]
    s.eowner = tset(s.eowner, e, -1)
    s.roads = tadd(s.roads, q, -1)


def _do_diplomacy(s: State, p: int, e: int, new: int) -> None:
    """The road goes back to its owner's supply; the player's own may be rebuilt at once."""
    _remove_road(s, e)
    if new >= 0:
        s.eowner = tset(s.eowner, new, p)
        s.roads = tadd(s.roads, p, 1)
    awards.update_roads(s)


def options(s: State, p: int) -> list[PlayProgress]:
    """p's legal plays of the cards p holds, in a fixed order: exactly what ``check_play``
    accepts (ck's Phase.exact relies on it): only Alchemy before the roll
    (rule="CK-PC-ALCHEMY"), the others in the action phase (CK-PC-PLAY)."""
    if s.phase == MAIN:
        plays = _MAIN_PLAYS
    elif s.phase == PRE_ROLL:
        plays = _PRE_ROLL_PLAYS
    else:
        return []
    out: list[PlayProgress] = []
    for card in sorted(set(s.phand[p])):
        listed = plays[card]
        if listed is not None:
            out += listed(s, p, card)
    return out


_Plays = Callable[[State, int, int], "list[PlayProgress] | tuple[PlayProgress, ...]"]


def _with_args(args: Callable[[State, int], list[tuple]]) -> _Plays:
    """The plays of a card whose arguments ``args(s, p)`` lists."""
    return lambda s, p, card: [make(PlayProgress, p, card, x) for x in args(s, p)]


def _crane_args(s: State, p: int) -> list[tuple]:
    """An improvement p can pay, one commodity less."""
    return list(improvements.improve_options(s, p, improvements.cities_of(s, p), 1))


def _engineering_args(s: State, p: int) -> list[tuple]:
    """A wall under a city without one."""
    return [(v,) for v in improvements.wall_sites(s, p, improvements.cities_of(s, p))]


def _medicine_args(s: State, p: int) -> list[tuple]:
    """A settlement becomes a city, for 1 grain and 2 ore."""
    if s.cities[p] < CITIES and can_pay(s.hands[p], MEDICINE_COST):
        return [(v,) for v in city_candidates(s, p)]
    return []


def _treason_args(s: State, p: int) -> list[tuple]:
    """rule="CK2P-PC-TREASON": another player, or a neutral."""
    return [(q,) for q in range(s.n) if q != p] + [(neutral_arg(i),) for i in range(s.owners - s.n)]


def _espionage_args(s: State, p: int) -> list[tuple]:
    return [(q, c) for q in range(s.n) if q != p for c in (-1, *sorted(set(s.phand[q])))]


def _guild_dues_args(s: State, p: int) -> list[tuple]:
    """Nobody, or two cards from a player with more VP."""
    kinds = len(s.bank)
    mine_vp = victory_points(s, p)
    return [(-1, (0,) * kinds)] + [
        (q, b)
        for q in range(s.n)
        if q != p and victory_points(s, q) > mine_vp
        for b in _two_of(s.hands[q])
    ]


def _diplomacy_args(s: State, p: int) -> list[tuple]:
    """An open road; p's own may be rebuilt at once."""
    args: list[tuple] = []
    occ = occupancy(s)
    for e in (e for e, q in enumerate(s.eowner) if q >= 0 and open_road(s, e, occ)):
        args.append((e, -1))
        if s.eowner[e] == p:
            t = s.copy()
            _remove_road(t, e)
            args += [(e, f) for f in legal_road_edges(t, p)]
    return args


def _intrigue_args(s: State, p: int) -> list[tuple]:
    """Another player's knight at one of p's roads."""
    touched = knights.road_ends(s, p)
    return [(v,) for v, k in knights.on_board(s) if k[0] != p and v in touched]


def _fixed(s: State, p: int, card: int) -> tuple[PlayProgress, ...]:
    numbers = laid(s).numbers if CARDS[card] == "invention" else ()
    return _fixed_plays(p, card, len(s.bank), numbers)


def _merchant_options(s: State, p: int, card: int) -> tuple[PlayProgress, ...]:
    """A hex touching one of p's buildings."""
    return _merchant_plays(p, card, s.vowner)


def _taxation_options(s: State, p: int, card: int) -> tuple[PlayProgress, ...]:
    """The robber, once on the board, to another hex."""
    return _taxation_plays(p, card, s.robber) if s.attacked else ()


_FIXED_PLAYS = frozenset(
    {"alchemy", "invention", "merchant-fleet", "resource-monopoly", "trade-monopoly"}
    | {name for name, kinds in SCHEMA.items() if not kinds}
)


@lru_cache(maxsize=1024)
def _fixed_plays(
    p: int, card: int, kinds: int, numbers: tuple[int, ...]
) -> tuple[PlayProgress, ...]:
    """The plays of a card whose arguments depend on nothing but the number of card kinds
    and, for Invention, the board's number tokens."""
    name = CARDS[card]
    args: list[tuple] = [()]
    if name == "alchemy":
        args = [(w, r) for w in range(1, 7) for r in range(1, 7)]
    elif name == "invention":  # two hexes whose tokens may move
        hs = [h for h in range(N_HEXES) if numbers[h] not in (0, *_BIG_NUMBERS)]
        args = [(a, b) for a in hs for b in hs if a != b]
    elif name == "merchant-fleet":
        args = [(c,) for c in range(kinds)]
    elif name == "resource-monopoly":
        args = [(r,) for r in range(5)]
    elif name == "trade-monopoly":
        args = [(c,) for c in range(5, kinds)]
    return tuple(make(PlayProgress, p, card, x) for x in args)


@lru_cache(maxsize=1024)
def _merchant_plays(p: int, card: int, vowner: tuple[int, ...]) -> tuple[PlayProgress, ...]:
    mine = {v for v, o in enumerate(vowner) if o == p}
    return tuple(
        make(PlayProgress, p, card, (h,))
        for h in range(N_HEXES)
        if not mine.isdisjoint(HEX_VERTICES[h])
    )


@lru_cache(maxsize=1024)
def _taxation_plays(p: int, card: int, robber: int) -> tuple[PlayProgress, ...]:
    return tuple(make(PlayProgress, p, card, (h,)) for h in range(N_HEXES) if h != robber)


def _smithing_options(s: State, p: int) -> list[tuple[int, int]]:
    """What ``_smithing`` accepts: one promotable knight with a stronger one left in supply,
    then (in order) a second one, counted with the first already promoted."""
    count = [0, 0, 0, 0]
    level: dict[int, int] = {}  # the promotable knights' levels
    politics = s.levels[p][knights.POLITICS]
    for v, k in knights.on_board(s):
        if k[0] == p:
            count[k[1]] += 1
            if knights.promotable(k, politics):
                level[v] = k[1]
    mine = list(level)
    if not mine:
        return []
    first = [v for v in mine if count[level[v] + 1] < knights.PER_LEVEL]
    out = [(a, -1) for a in first]
    for a in first:
        after = count.copy()
        after[level[a]] -= 1
        after[level[a] + 1] += 1
        out += [(a, b) for b in mine if b != a and after[level[b] + 1] < knights.PER_LEVEL]
    return out


def _two_of(hand: tuple[int, ...]) -> list[tuple[int, ...]]:
    return list(discard_options(hand, min(2, sum(hand))))


def _plays_table(before_roll: bool) -> tuple[_Plays | None, ...]:
    """Per card, how its plays are listed at that moment (None: it cannot be played then)."""
    special: dict[str, _Plays] = {
        "crane": _with_args(_crane_args),
        "engineering": _with_args(_engineering_args),
        "medicine": _with_args(_medicine_args),
        "smithing": _with_args(_smithing_options),  # rule="CK-KNIGHT-PROMOTE"
        "merchant": _merchant_options,
        "taxation": _taxation_options,
        "treason": _with_args(_treason_args),
        "espionage": _with_args(_espionage_args),
        "guild-dues": _with_args(_guild_dues_args),
        "diplomacy": _with_args(_diplomacy_args),
        "intrigue": _with_args(_intrigue_args),
    }
    return tuple(
        None
        if card not in PLAYABLE or (name == "alchemy") != before_roll
        else _fixed
        if name in _FIXED_PLAYS
        else special[name]
        for card, name in enumerate(CARDS)
    )


_MAIN_PLAYS = _plays_table(before_roll=False)
_PRE_ROLL_PLAYS = _plays_table(before_roll=True)


# ---------------------------------------------------------------- Treason
def _party(s: State, x: int) -> int:
    """The party a "party" argument names (a neutral as ``neutral_arg``)."""
    return x if x >= 0 else s.n - 2 - x


def _treason(s: State, p: int, x: int) -> Reason | None:
    if x == p:
        return Reason("CK-PC-TREASON", "Treason names another player.")
    return None  # rule="CK-PC-NO-TARGET": a player without knights loses nothing


def _deserters(s: State, q: int) -> list[int]:
    """The knights q may give up: any of a player's; a neutral's weakest (CK2P-PC-TREASON)."""
    mine = knights.knights_of(s, q)
    if q >= s.n and mine:
        levels = {v: k.level for v in mine if (k := s.kn[v]) is not None}
        low = min(levels.values())
        mine = [v for v in mine if levels[v] == low]
    return mine


def _do_treason(s: State, p: int, x: int) -> None:
    """rule="CK-PC-TREASON": q removes a knight of their choice (at once if only one).

    rule="CK2P-PC-TREASON": a neutral loses its weakest knight; among equals the player picks.
    """
    q = _party(s, x)
    mine = _deserters(s, q)
    if len(mine) == 1:
        _desert(s, q, mine[0])
    elif mine:
        s.treason = RemovedKnight(q, 0, False)
        s.phase = DESERT


def removed_knight(s: State) -> RemovedKnight:
    """The knight Treason is removing (phases DESERT and DESERTER)."""
    r = s.treason
    assert r, "Treason removes no knight now"
    return r


def _desert(s: State, q: int, v: int) -> None:
    k = s.kn[v]
    assert k is not None, "the check found a knight there"
    s.kn = tset(s.kn, v, None)
    awards.update_roads(s)
    s.treason = RemovedKnight(q, k.level, k.active)
    s.phase = DESERTER if deserter_options(s) else MAIN
    if s.phase == MAIN:
        s.treason = ()


def check_desert(s: State, a: Desert) -> Reason | None:
    if s.phase != DESERT:
        return Reason("CK-PC-TREASON", "No knight is being removed by Treason now.")
    q = removed_knight(s).victim
    if q >= s.n:
        if a.player != s.active or a.vertex not in _deserters(s, q):
            return Reason(
                "CK2P-PC-TREASON", f"{seat(s.active)} removes one of {s.name(q)}'s weakest knights."
            )
        return None
    k = s.kn[a.vertex]
    if a.player != q or k is None or k.owner != q:
        return Reason("CK-PC-TREASON", f"{seat(q)} removes one of their own knights.")
    return None


def apply_desert(s: State, a: Desert) -> None:
    _desert(s, removed_knight(s).victim, a.vertex)


def desert_options(s: State) -> list[Desert]:
    q = removed_knight(s).victim
    return [make(Desert, chooser(s, q), v) for v in _deserters(s, q)]


def deserter_options(s: State) -> list[PlaceDeserter]:
    """Knights of the removed one's strength or lower, from supply, by the recruiting rule."""
    p, level = s.active, removed_knight(s).level
    occ = occupancy(s)
    sites = [v for v in knights.road_ends(s, p) if occ[v] < 0]
    return [
        make(PlaceDeserter, p, v, lv)
        for lv in range(1, level + 1)
        if len(knights.knights_of(s, p, lv)) < knights.PER_LEVEL
        for v in sites
    ]


def check_deserter(s: State, a: PlaceDeserter) -> Reason | None:
    if s.phase != DESERTER or a.player != s.active:
        return Reason("CK-PC-TREASON", "No knight may be placed for Treason now.")
    if a not in deserter_options(s):
        return Reason(
            "CK-PC-TREASON",
            f"A knight of strength {removed_knight(s).level} or "
            f"lower, from {seat(a.player)}'s supply, on an empty vertex at the end "
            "of their road.",
        )
    return None


def apply_deserter(s: State, a: PlaceDeserter) -> None:
    """The new knight keeps the removed one's status (a mighty one needs no politics 3)."""
    s.kn = tset(s.kn, a.vertex, Knight(a.player, a.level, removed_knight(s).active, True, False))
    s.treason = ()
    s.phase = MAIN
    awards.update_roads(s)


def pass_deserter(s: State) -> None:
    s.treason = ()
    s.phase = MAIN


# ---------------------------------------------------------------- Commercial Harbor
def commercial_harbor(s: State) -> HarborTrade:
    """The Commercial Harbor exchanges open this turn."""
    h = s.harbor
    assert h, "no Commercial Harbor was played"
    return h


def harbor_receiver(s: State) -> int:
    """Who owes a commodity for a Commercial Harbor resource (phase HARBOR)."""
    return commercial_harbor(s).pending[0]


def _do_commercial_harbor(s: State, p: int) -> None:
    """rule="CK-PC-COMMERCIAL-HARBOR": once per other player this turn, a resource for a
    commodity of the receiver's choice."""
    left = tuple(q for q in range(s.n) if q != p)
    s.harbor = HarborTrade(left, ())


def check_harbor_offer(s: State, a: HarborOffer) -> Reason | None:
    p, q = a.player, a.to
    if s.phase != MAIN or not s.harbor or q not in s.harbor.left:
        return Reason(
            "CK-PC-COMMERCIAL-HARBOR", f"No Commercial Harbor exchange with {seat(q)} is open now."
        )
    if not 0 <= a.resource < 5 or not s.hands[p][a.resource]:
        return Reason("CK-PC-COMMERCIAL-HARBOR", f"{seat(p)} hands over a resource they hold.")
    return None


def apply_harbor_offer(s: State, a: HarborOffer) -> None:
    left = tuple(q for q in commercial_harbor(s).left if q != a.to)
    if not any(s.hands[a.to][5:]):  # no commodity: the resource comes back, nothing happens
        s.harbor = HarborTrade(left, ())
        return
    give(s, a.player, a.to, one(a.resource, 1, len(s.bank)))
    s.harbor = HarborTrade(left, (a.to, a.resource))
    s.phase = HARBOR


def check_return(s: State, a: ReturnCommodity) -> Reason | None:
    if s.phase != HARBOR or a.player != harbor_receiver(s):
        return Reason(
            "CK-PC-COMMERCIAL-HARBOR", "No commodity is owed for a Commercial Harbor now."
        )
    if not 5 <= a.commodity < len(s.bank) or not s.hands[a.player][a.commodity]:
        return Reason("CK-PC-COMMERCIAL-HARBOR", f"{seat(a.player)} returns a commodity they hold.")
    return None


def apply_return(s: State, a: ReturnCommodity) -> None:
    give(s, a.player, s.active, one(a.commodity, 1, len(s.bank)))
    s.harbor = HarborTrade(commercial_harbor(s).left, ())
    s.phase = MAIN


def harbor_options(s: State, p: int) -> list:
    if s.phase != MAIN or not s.harbor:
        return []
    return [make(HarborOffer, p, q, r) for q in s.harbor.left for r in range(5) if s.hands[p][r]]


def return_options(s: State) -> list[ReturnCommodity]:
    q = harbor_receiver(s)
    return [make(ReturnCommodity, q, c) for c in range(5, len(s.bank)) if s.hands[q][c]]


_CHECKS: dict[str, Callable[..., Reason | None]] = {
    "alchemy": _alchemy, "crane": _crane, "engineering": _engineering,
    "invention": _invention, "irrigation": _no_check, "mining": _no_check,
    "medicine": _medicine, "road-building": _road_building, "smithing": _smithing,
    "merchant": _merchant, "merchant-fleet": _fleet, "resource-monopoly": _monopoly,
    "trade-monopoly": _monopoly, "encouragement": _no_check, "espionage": _espionage,
    "guild-dues": _guild_dues, "intrigue": _intrigue, "sabotage": _sabotage,
    "wedding": _sabotage, "taxation": _taxation, "diplomacy": _diplomacy, "treason": _treason,
    "commercial-harbor": _no_check,
}  # fmt: skip
_APPLIES: dict[str, Callable[..., None]] = {
    "alchemy": _do_alchemy, "crane": _do_crane, "engineering": _do_engineering,
    "invention": _do_invention, "irrigation": lambda s, p: _take_per_hex(s, p, FIELDS),
    "mining": lambda s, p: _take_per_hex(s, p, MOUNTAINS), "medicine": _do_medicine,
    "road-building": _do_road_building, "smithing": _do_smithing, "merchant": _do_merchant,
    "merchant-fleet": _do_fleet, "resource-monopoly": _do_resource_monopoly,
    "trade-monopoly": _do_trade_monopoly, "encouragement": _do_encouragement,
    "espionage": _do_espionage, "guild-dues": _do_guild_dues, "intrigue": _do_intrigue,
    "sabotage": _do_sabotage, "wedding": _do_wedding, "taxation": _do_taxation,
    "diplomacy": _do_diplomacy, "treason": _do_treason,
    "commercial-harbor": _do_commercial_harbor,
}  # fmt: skip
