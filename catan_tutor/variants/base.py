"""Standard Catan for 3–4 players: wires the rule areas into one legality check and one apply.

Later variants subclass :class:`BaseRules` and add or replace entries; they never fork it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache

from ..actions import (
    KNIGHT,
    MONOPOLY,
    PLENTY,
    ROAD_BUILDING_CARD,
    Accept,
    Action,
    BankTrade,
    BuildCity,
    BuildRoad,
    BuyDev,
    Decline,
    DevTrade,
    Die,
    Discard,
    DrawDev,
    EndTurn,
    MoveRobber,
    Offer,
    PlaceHarbor,
    PlaceTile,
    PlayKnight,
    PlayMonopoly,
    PlayPlenty,
    PlayRoadBuilding,
    Roll,
    Settle,
    SpiralStart,
    Steal,
    bundle_text,
    make,
    seat,
)  # fmt: skip
from ..board import EDGE_OTHER_END, Layout
from ..colors import DEFAULT_COLORS, check_colors
from ..grammar import count
from ..rules import awards, board_setup, building, devcards, production, robber, trade, turn
from ..rules.common import (
    CITY_COST,
    DEV_COST,
    ROAD_COST,
    SETTLEMENT_COST,
    actors,
    can_pay,
    setup_round_rule,
)  # fmt: skip
from ..state import (
    BOARD,
    CITIES,
    DICE,
    DISCARD,
    DRAW,
    MAIN,
    OFFER,
    OVER,
    PRE_ROLL,
    ROAD_BUILDING,
    ROADS,
    ROBBER,
    ROLLOFF,
    SETTLEMENTS,
    SETUP_ROAD,
    SETUP_SETTLE,
    STEAL,
    State,
)  # fmt: skip
from .capabilities import Capabilities
from .records import Check, Kind, Phase, Table
from .tables import TableRules


def _apply_board(s: State, a: Action) -> None:
    board_setup.apply_board(s, a)
    if s.phase == SETUP_SETTLE and s.rolloff[0]:
        s.phase = ROLLOFF


# rule="BASE-TURN-PHASES": each kind of action of ``base``, its check, its effect and the rule
# that makes it legal. Chance outcomes (no check) are explained by their phase's rule.
KINDS: Table[Kind] = Table(
    Kind(Roll, "BASE-PROD-ROLL", production.check_roll, production.apply_roll),
    Kind(Settle, "BASE-BUILD-SETTLEMENT", building.check_settle, building.apply_settle),
    Kind(BuildRoad, "BASE-BUILD-ROAD", building.check_road, building.apply_road),
    Kind(BuildCity, "BASE-BUILD-CITY", building.check_city, building.apply_city),
    Kind(BuyDev, "BASE-BUILD-DEVCARD", devcards.check_buy, devcards.apply_buy),
    Kind(PlayKnight, "BASE-DEV-KNIGHT", devcards.check_knight, devcards.apply_knight),
    Kind(
        PlayRoadBuilding,
        "BASE-DEV-ROAD-BUILDING",
        devcards.check_road_building,
        devcards.apply_road_building,
    ),
    Kind(PlayPlenty, "BASE-DEV-YEAR-OF-PLENTY", devcards.check_plenty, devcards.apply_plenty),
    Kind(PlayMonopoly, "BASE-DEV-MONOPOLY", devcards.check_monopoly, devcards.apply_monopoly),
    Kind(MoveRobber, "BASE-ROBBER-MOVE", robber.check_move_robber, robber.apply_move_robber),
    Kind(Discard, "BASE-SEVEN-DISCARD", robber.check_discard, robber.apply_discard),
    Kind(BankTrade, "BASE-TRADE-MARITIME", trade.check_bank, trade.apply_bank),
    Kind(Offer, "BASE-TRADE-DOMESTIC", trade.check_offer, trade.apply_offer),
    Kind(DevTrade, "BASE-TRADE-NO-DEV", trade.check_dev_trade),  # always refused
    Kind(Accept, "BASE-TRADE-DOMESTIC", trade.check_accept, trade.apply_accept),
    Kind(Decline, "BASE-TRADE-DOMESTIC", trade.check_decline, trade.apply_decline),
    Kind(EndTurn, "BASE-TURN-PHASES", turn.check_end, turn.apply_end),
    Kind(Die, "BASE-PROD-ROLL", apply=production.apply_die),
    Kind(DrawDev, "BASE-BUILD-DEVCARD", apply=devcards.apply_draw),
    Kind(Steal, "BASE-ROBBER-STEAL", apply=robber.apply_steal),
    Kind(PlaceTile, "BASE-BOARD-VARIABLE", apply=_apply_board),
    Kind(PlaceHarbor, "BASE-BOARD-VARIABLE", apply=_apply_board),
    Kind(SpiralStart, "BASE-BOARD-VARIABLE", apply=_apply_board),
)


# ---------------------------------------------------------------- the phases' parts
def setup_round(s: State) -> str:
    """Which setup round it is (rules/common.py ``setup_round_rule``: BASE-SETUP-ROUND1 or 2,
    in Cities & Knights CK-SETUP-ROUND1 or 2)."""
    return setup_round_rule(s)


def chance_pending(rules: BaseRules, s: State) -> list[tuple[int, str]]:
    return [(-1, f"{rules.chance_rule(s)}")]


def _rolloff_pending(rules: BaseRules, s: State) -> list[tuple[int, str]]:
    """The thrower as "P1 (red)": its seat before the roll-off turns the seats."""
    return [(-1, f"{s.seat_words(production.rolloff_candidate(s))} rolls to see who goes first")]


def _settle_options(rules: BaseRules, s: State, offers: bool) -> list[Action]:
    """rule="BASE-SETUP-ROUND1": any free vertex by the distance rule."""
    return [make(Settle, s.active, v) for v in building.setup_sites(s)]


def _road_options(rules: BaseRules, s: State, offers: bool) -> list[Action]:
    """A free edge at the settlement just placed."""
    return [
        make(BuildRoad, s.active, e)
        for e, _ in sorted(EDGE_OTHER_END[s.setup_vertex])
        if s.eowner[e] < 0
    ]


@lru_cache(maxsize=256)
def _dev_plays(
    p: int, knight: bool, road_building: bool, plenty: bool, monopoly: bool
) -> tuple[Action, ...]:
    """The plays of the ready development cards, in a fixed order."""
    out: list[Action] = []
    if knight:
        out.append(make(PlayKnight, p))
    if road_building:
        out.append(make(PlayRoadBuilding, p))
    if plenty:
        out += devcards.plenty_options(p)
    if monopoly:
        out += [make(PlayMonopoly, p, r) for r in range(5)]
    return tuple(out)


def roll_options(rules: BaseRules, s: State, offers: bool) -> list[Action]:
    return [make(Roll, s.active), *rules.dev_candidates(s, s.active)]


def main_options(rules: BaseRules, s: State, offers: bool) -> list[Action]:
    return rules.main_candidates(s, s.active, offers)


def discard_options(rules: BaseRules, s: State, offers: bool) -> list[Action]:
    """Every seat owing a discard, in order from the active one."""
    return [a for q in actors(s) for a in robber.discard_actions(q, s.hands[q], s.discards[q])]


def discard_pending(rules: BaseRules, s: State) -> list[tuple[int, str]]:
    return [(p, f"discard {count(s.discards[p], 'card')}") for p in actors(s)]


def cards_owed(s: State, p: int) -> int:
    return s.discards[p]


def _robber_options(rules: BaseRules, s: State, offers: bool) -> list[Action]:
    return list(robber.robber_options(s))


def _free_road_options(rules: BaseRules, s: State, offers: bool) -> list[Action]:
    return [make(BuildRoad, s.active, e) for e in building.legal_road_edges(s, s.active)]


def _answer_options(rules: BaseRules, s: State, offers: bool) -> list[Action]:
    p = trade.pending_offer(s).to
    return [make(Accept, p), make(Decline, p)]


def _offer_words(s: State) -> str:
    """The answer owed, with the offer stated (who gives what for what: the learner who
    answers sees what is on the table): "answer P1's offer (P1 gives 1 grain, 1 ore for
    1 brick, 1 lumber)" (BASE-TRADE-DOMESTIC)."""
    offer = trade.pending_offer(s)
    p = seat(s.active)
    give, get = bundle_text(offer.give), bundle_text(offer.get)
    return f"answer {p}'s offer ({p} gives {give} for {get})"


def _says(text: str) -> Callable[[BaseRules, State], list[tuple[int, str]]]:
    """The active player owes ``text``."""
    return lambda rules, s: [(s.active, text)]


def _roll_pending(rules: BaseRules, s: State) -> list[tuple[int, str]]:
    """The roll, and a development card first only when one may be played now (the page
    offered one at every turn start, to players holding none: BASE-DEV-PLAY)."""
    card = " or play a development card" if rules.dev_candidates(s, s.active) else ""
    return [(s.active, f"roll{card}")]


def _nothing(rules: BaseRules, s: State) -> list:
    return []


# The checks ``main_candidates`` satisfies by construction (its generators filter by phase,
# place, connection, supply, cost and the dev-card play rules); Year of Plenty and Road
# Building are listed more widely than they are legal and stay checked.
MAIN_EXACT: frozenset[Check] = frozenset(
    {
        building.check_road,
        building.check_settle,
        building.check_city,
        devcards.check_buy,
        devcards.check_knight,
        devcards.check_monopoly,
        trade.check_bank,
        trade.check_offer,
        turn.check_end,
    }
)

# Before the roll: the roll itself, and the development cards as in the main phase.
PRE_ROLL_EXACT: frozenset[Check] = frozenset(
    {
        production.check_roll,
        devcards.check_knight,
        devcards.check_monopoly,
    }
)

# The phases of ``base``: who acts, what each accepts and waits for, under which rule.
PHASES: Table[Phase] = Table(
    Phase(
        BOARD,
        "BASE-BOARD-VARIABLE",
        chance=True,
        outcomes=board_setup.board_outcomes,
        pending=chance_pending,
    ),
    Phase(
        ROLLOFF,
        "BASE-CHANCE-ROLLOFF",
        chance=True,
        outcomes=production.die_outcomes,
        pending=_rolloff_pending,
    ),
    Phase(
        SETUP_SETTLE,
        "BASE-SETUP-ROUND1",
        rule_now=setup_round,
        options=_settle_options,
        pending=_says("place a settlement"),
        exact=frozenset({building.check_settle}),
    ),
    Phase(
        SETUP_ROAD,
        "BASE-SETUP-ROUND1",
        rule_now=setup_round,
        options=_road_options,
        pending=_says("place a road"),
        exact=frozenset({building.check_road}),
    ),
    Phase(
        PRE_ROLL,
        "BASE-TURN-PHASES",
        options=roll_options,
        pending=_roll_pending,
        exact=PRE_ROLL_EXACT,
    ),
    Phase(
        DICE,
        "BASE-PROD-ROLL",
        chance=True,
        outcomes=production.die_outcomes,
        pending=chance_pending,
    ),
    Phase(
        DISCARD,
        "BASE-SEVEN-DISCARD",
        kinds=(Discard,),
        options=discard_options,
        pending=discard_pending,
        count=cards_owed,
        exact=frozenset({robber.check_discard}),
    ),
    Phase(
        ROBBER,
        "BASE-ROBBER-MOVE",
        options=_robber_options,
        pending=_says("move the robber"),
        exact=frozenset({robber.check_move_robber}),
    ),
    Phase(
        STEAL,
        "BASE-ROBBER-STEAL",
        chance=True,
        outcomes=robber.steal_outcomes,
        pending=chance_pending,
    ),
    Phase(
        MAIN,
        "BASE-TURN-PHASES",
        options=main_options,
        pending=_says("trade, build, play a card or end the turn"),
        exact=MAIN_EXACT,
    ),
    Phase(
        ROAD_BUILDING,
        "BASE-DEV-ROAD-BUILDING",
        options=_free_road_options,
        pending=lambda rules, s: [(s.active, f"build {count(s.free_roads, 'free road')}")],
        count=lambda s, p: s.free_roads,
        exact=frozenset({building.check_road}),
    ),
    Phase(
        DRAW,
        "BASE-BUILD-DEVCARD",
        chance=True,
        outcomes=devcards.draw_outcomes,
        pending=chance_pending,
    ),
    Phase(
        OFFER,
        "BASE-TRADE-DOMESTIC",
        kinds=(Accept, Decline),
        everyone_waits=False,
        options=_answer_options,
        pending=lambda rules, s: [(trade.pending_offer(s).to, _offer_words(s))],
    ),
    Phase(
        OVER,
        "BASE-TURN-PHASES",
        actors=lambda s: [],
        options=lambda rules, s, offers: [],
        pending=_nothing,
    ),
)


class BaseRules(TableRules):
    """The rules of ``base``: its tables, its setup, its main-phase options and its score;
    ``TableRules`` (tables.py) interprets them. Later variants subclass it and replace or add
    records; they never fork it."""

    variant = "base"
    seats: tuple[int, ...] = (3, 4)
    target = 10
    caps = Capabilities()  # what this variant has: everything outside variants/ asks these
    kinds: Table[Kind] = KINDS
    phases: Table[Phase] = PHASES

    # ------------------------------------------------------------ setup
    def new_state(
        self,
        players: int,
        layout: Layout | None,
        *,
        shuffle_harbors: bool = False,
        rolloff: bool = False,
        colors: tuple[str, ...] | None = None,
    ) -> State:
        parties = players + self.caps.neutrals + self.caps.dummy
        colors = check_colors(DEFAULT_COLORS[:parties] if colors is None else colors, parties)
        s = State(players, layout, colors, self.caps)
        if rolloff:
            production.start_rolloff(s)
        if layout is None:
            board_setup.start_board(s, shuffle_harbors)
            s.rolloff = (tuple(range(players)), ()) if rolloff else ((), ())
        return s

    def main_candidates(self, s: State, p: int, offers: bool = True) -> list[Action]:
        hand = s.hands[p]
        out: list[Action] = []
        if s.roads[p] < ROADS and can_pay(hand, ROAD_COST):
            out += [make(BuildRoad, p, e) for e in building.legal_road_edges(s, p)]
        if s.settlements[p] < SETTLEMENTS and can_pay(hand, SETTLEMENT_COST):
            out += [
                make(Settle, p, v)
                for v in building.settle_candidates(s, p)
                if building.distance_ok(s, v)
            ]
        if s.cities[p] < CITIES and can_pay(hand, CITY_COST):
            out += [make(BuildCity, p, v) for v in building.city_candidates(s, p)]
        if any(s.deck) and can_pay(hand, DEV_COST):
            out.append(make(BuyDev, p))
        out += self.dev_candidates(s, p)
        out += trade.bank_options(s, p)
        if offers:
            out += trade.offer_options(s, p)
        out.append(make(EndTurn, p))
        return out

    def dev_candidates(self, s: State, p: int) -> Sequence[Action]:
        """p's development card plays: cards held before this turn, one per turn."""
        held = s.dev[p]
        if s.dev_played or not any(held):
            return ()
        new = s.newdev  # bought this turn: not playable yet
        return _dev_plays(
            p,
            held[KNIGHT] > new[KNIGHT],
            held[ROAD_BUILDING_CARD] > new[ROAD_BUILDING_CARD],
            held[PLENTY] > new[PLENTY],
            held[MONOPOLY] > new[MONOPOLY],
        )

    # ------------------------------------------------------------ scoring
    def victory_points(self, s: State, p: int) -> int:
        return awards.victory_points(s, p)

    def vp_breakdown(self, s: State, p: int) -> dict[str, int]:
        return awards.vp_breakdown(s, p)
