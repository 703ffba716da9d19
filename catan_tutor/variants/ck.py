"""Cities & Knights for 3–4 players (``ck``, rulebook/rules.md §4)."""

from __future__ import annotations

from .. import rulebook
from ..actions import (
    Action,
    Activate,
    Aqueduct,
    BankTrade,
    BuildCity,
    BuildWall,
    BuyDev,
    ChaseRobber,
    ChooseDeck,
    Desert,
    DevTrade,
    Die,
    Discard,
    DiscardProgress,
    DrawProgress,
    EndTurn,
    EventDie,
    Gift,
    HarborOffer,
    Improve,
    MoveKnight,
    MoveRobber,
    Pass,
    Pillage,
    PlaceDeserter,
    PlaceHarbor,
    PlaceTile,
    PlayKnight,
    PlayMonopoly,
    PlayPlenty,
    PlayProgress,
    PlayRoadBuilding,
    Promote,
    Recruit,
    Relocate,
    ReturnCommodity,
    Settle,
    SpiralStart,
    make,
    seat,
)  # fmt: skip
from ..board import N_VERTICES, Layout
from ..grammar import count
from ..progress_cards import CARDS, TRACKS
from ..rules import (
    awards,
    barbarians,
    building,
    ck_turn,
    improvements,
    knights,
    politics_cards,
    progress,
    progress_play,
    robber,
    trade,
    trade_cards,
    treason,
    words,
)  # fmt: skip
from ..rules.common import Reason, chooser
from ..rules.production import apply_die as rolloff_die
from ..rules.turn import apply_end as base_end
from ..rules.turn import check_end
from ..state import (
    DICE,
    DISCARD,
    MAIN,
    PRE_ROLL,
    ROAD_BUILDING,
    ROBBER,
    ROLLOFF,
    SETUP_ROAD,
    SETUP_SETTLE,
    State,
)
from . import base
from .base import BaseRules
from .capabilities import Capabilities
from .ck_state import (
    AQUEDUCT,
    COMMODITY_CARDS,
    DEFENDER_DECK,
    DESERT,
    DESERTER,
    HARBOR,
    PILLAGE,
    PROGRESS_DISCARD,
    PROGRESS_DRAW,
    RELOCATE,
    RESOLVE,
    SABOTAGE,
    WEDDING,
)
from .records import Kind, Phase


def removed(s: State, a) -> Reason:
    """rule="CK-COMP-REMOVED": no development cards in Cities & Knights."""
    return Reason(
        "CK-COMP-REMOVED",
        "Cities & Knights has no development cards; progress cards take their place.",
    )


def _check_pass(s: State, a: Pass) -> Reason | None:
    if s.phase != DESERTER or a.player != s.active:
        return Reason("CK-PC-TREASON", "Passing is for the knight Treason may place.")
    return None


def _check_settle(s: State, a: Settle) -> Reason | None:
    if ck_turn.second_round(s):
        return Reason(
            "CK-SETUP-ROUND2",
            # (the cause, then the piece: a puzzle asking for it keeps the cause, l32 at 7.8)
            "In Cities & Knights the second setup round places a different piece from the first; "
            f"{seat(a.player)} builds a city, not a settlement, on a free corner.",
        )
    return building.check_settle(s, a)


def _check_city(s: State, a: BuildCity) -> Reason | None:
    if s.phase == SETUP_SETTLE:
        if not ck_turn.second_round(s):
            return Reason("CK-SETUP-ROUND1", "The first placement is a settlement.")
        return ck_turn.check_setup_city(s, a)
    return building.check_city(s, a)


def _apply_city(s: State, a: BuildCity) -> None:
    if s.phase == SETUP_SETTLE:
        ck_turn.apply_setup_city(s, a)
    else:
        building.apply_city(s, a)


def _apply_board(s: State, a: Action) -> None:
    base.KINDS[PlaceTile].apply(s, a)  # type: ignore[misc]
    s.robber = -1  # rule="CK-SETUP-ROBBER": a variable board too keeps it off the board


def _apply_die(s: State, a: Die) -> None:
    """One die of the roll-off, or of a turn's three dice (rule="CK-TURN-ROLL-PHASE")."""
    if s.phase == ROLLOFF:
        rolloff_die(s, a)
    else:
        ck_turn.apply_die(s, a)


def _check_end(s: State, a: EndTurn) -> Reason | None:
    return check_end(s, a) or progress.over_limit(s, a.player)


def _apply_end(s: State, a: EndTurn) -> None:
    knights.end_turn(s)
    if s.event:  # each written only when set: the extras are shared until written
        s.event = ""
    if s.fleet:
        s.fleet = ()
    if s.harbor:
        s.harbor = ()
    base_end(s, a)


def _sabotage_discard(rules, s: State, a: Discard) -> Reason | None:
    """rule="CK-PC-SABOTAGE": a discard Sabotage asks for."""
    return Reason("CK-PC-SABOTAGE", words.say(s, a)) if s.phase == SABOTAGE else None


def _displace(rules, s: State, a: MoveKnight) -> Reason | None:
    """rule="CK-KNIGHT-DISPLACE"; rule="CK2P-NEUTRAL-KNIGHT-DISPLACE" for a neutral's."""
    k = s.kn[a.dst]
    if k is None:
        return None
    rule = "CK2P-NEUTRAL-KNIGHT-DISPLACE" if k.owner >= s.n else "CK-KNIGHT-DISPLACE"
    return Reason(rule, words.say(s, a))


def _rate(rules, s: State, a: BankTrade) -> Reason:
    """The rate's own rule: harbor, Trading House, merchant, Merchant Fleet."""
    return Reason(trade.rate_rule(s, a.player, a.give, a.count), words.say(s, a))


def _card(rules, s: State, a: PlayProgress) -> Reason:
    """The card's own rule, e.g. rule="CK-PC-MERCHANT-FLEET"."""
    return Reason(rules.card_rule(a.card), words.say(s, a))


# rule="CK-COMP-REMOVED": the development cards' kinds stay, refused.
_DEV_KINDS = (BuyDev, DevTrade, PlayKnight, PlayRoadBuilding, PlayPlenty, PlayMonopoly)

KINDS = base.KINDS.replace(
    *(Kind(kind, "CK-COMP-REMOVED", removed) for kind in _DEV_KINDS),
    Kind(Settle, "BASE-BUILD-SETTLEMENT", _check_settle, building.apply_settle),
    Kind(BuildCity, "BASE-BUILD-CITY", _check_city, _apply_city),
    Kind(Discard, "CK-SEVEN-DISCARD", robber.check_discard, robber.apply_discard,
         _sabotage_discard),
    Kind(BankTrade, "BASE-TRADE-MARITIME", trade.check_bank, trade.apply_bank, _rate),
    Kind(EndTurn, "CK-TURN-ACTION-PHASE", _check_end, _apply_end),
    Kind(Die, "CK-TURN-ROLL-PHASE", apply=_apply_die),
    *(Kind(kind, "BASE-BOARD-VARIABLE", apply=_apply_board)
      for kind in (PlaceTile, PlaceHarbor, SpiralStart)),
).add(
    Kind(EventDie, "CK-TURN-ROLL-PHASE", apply=ck_turn.apply_event),
    Kind(DrawProgress, "CK-EVENT-CASTLE", apply=progress.apply_draw),
    Kind(Recruit, "CK-KNIGHT-RECRUIT", knights.check_recruit, knights.apply_recruit),
    Kind(Promote, "CK-KNIGHT-PROMOTE", knights.check_promote, knights.apply_promote),
    Kind(Activate, "CK-KNIGHT-ACTIVATE", knights.check_activate, knights.apply_activate),
    Kind(MoveKnight, "CK-KNIGHT-MOVE", knights.check_move, knights.apply_move, _displace),
    Kind(ChaseRobber, "CK-KNIGHT-CHASE-ROBBER", knights.check_chase, knights.apply_chase),
    Kind(Relocate, "CK-KNIGHT-RELOCATE", knights.check_relocate, knights.apply_relocate),
    Kind(BuildWall, "CK-WALL-BUILD", improvements.check_wall, improvements.apply_wall),
    Kind(Improve, "CK-IMPROVE-BUILD", improvements.check_improve, improvements.apply_improve),
    Kind(Pillage, "CK-BARB-LOSE-CHOICE", barbarians.check_pillage, barbarians.apply_pillage),
    Kind(ChooseDeck, "CK-BARB-WIN", barbarians.check_deck, barbarians.apply_deck),
    Kind(Aqueduct, "CK-IMPROVE-SCIENCE-3", ck_turn.check_aqueduct, ck_turn.apply_aqueduct),
    Kind(DiscardProgress, "CK-PROGRESS-HAND-LIMIT", progress.check_discard,
         progress.apply_discard),
    Kind(PlayProgress, "CK-PC-PLAY", progress_play.check_play, progress_play.apply_play,
         _card),
    Kind(Gift, "CK-PC-WEDDING", politics_cards.check_gift, politics_cards.apply_gift),
    Kind(Desert, "CK-PC-TREASON", treason.check_desert, treason.apply_desert),
    Kind(PlaceDeserter, "CK-PC-TREASON", treason.check_deserter, treason.apply_deserter),
    Kind(Pass, "CK-PC-TREASON", _check_pass, lambda s, a: treason.pass_deserter(s)),
    Kind(HarborOffer, "CK-PC-COMMERCIAL-HARBOR", trade_cards.check_harbor_offer,
         trade_cards.apply_harbor_offer),
    Kind(ReturnCommodity, "CK-PC-COMMERCIAL-HARBOR", trade_cards.check_return,
         trade_cards.apply_return),
)  # fmt: skip


# ---------------------------------------------------------------- the phases' parts
def _setup_options(rules, s: State, offers: bool) -> list:
    """rule="CK-SETUP-ROUND2": the second placement is a city."""
    if ck_turn.second_round(s):
        return [make(BuildCity, s.active, v) for v in building.setup_sites(s)]
    return base.PHASES[SETUP_SETTLE].options(rules, s, offers)  # type: ignore[misc]


def _setup_pending(rules, s: State) -> list[tuple[int, str]]:
    return [(s.active, "place a city" if ck_turn.second_round(s) else "place a settlement")]


def _relocate_pending(rules, s: State) -> list[tuple[int, str]]:
    q = knights.displaced(s).owner
    whose = "the displaced knight" if q < s.n else f"{s.name(q)}'s displaced knight"
    return [(knights.relocator(s), f"move {whose}")]


def _desert_pending(rules, s: State) -> list[tuple[int, str]]:
    q = treason.removed_knight(s).victim
    if q >= s.n:
        return [(s.active, f"Treason: remove {s.name(q)}'s weakest knight")]
    return [(q, "Treason: remove one of your knights")]


def _wedding_pending(rules, s: State) -> list[tuple[int, str]]:
    return [
        (q, f"give {count(s.discards[q], 'card')} to P{s.active + 1} (Wedding)")
        for q in rules.actors(s)
    ]


def _progress_draw_pending(rules, s: State) -> list[tuple[int, str]]:
    p, t = s.draws[0]
    return [(-1, f"CK-EVENT-CASTLE: P{p + 1} draws a {TRACKS[t]} card")]


def _options(fn):
    """A phase's options from a function of the state alone."""
    return lambda rules, s, offers: fn(s)


def _owes(who, text: str):
    """``who(s)`` owes ``text``."""
    return lambda rules, s: [(who(s), text)]


def _active(s: State) -> int:
    return s.active


ALCHEMY = CARDS.index("alchemy")


def holds_alchemy(s: State, p: int) -> bool:
    """p holds an Alchemy card (the one progress card played before the roll, CK-PC-ALCHEMY)."""
    return 0 <= p < len(s.phand) and ALCHEMY in s.phand[p]


def _pre_roll_pending(rules, s: State) -> list[tuple[int, str]]:
    """The roll, and Alchemy first only for a player who holds it (lesson 7.1 offered it to
    P1 holding no progress card)."""
    alchemy = ", or first play Alchemy" if holds_alchemy(s, s.active) else ""
    return [(s.active, f"roll the three dice{alchemy}")]


# The action phase's options legal by construction: base's (ck's settlement and city checks
# are base's there), and the knights', improvements', walls', progress cards', Commercial
# Harbor's and end of turn's generators.
MAIN_EXACT = base.MAIN_EXACT | {
    _check_settle,
    _check_city,
    knights.check_recruit,
    knights.check_promote,
    knights.check_activate,
    knights.check_move,
    knights.check_chase,
    improvements.check_wall,
    improvements.check_improve,
    progress.check_discard,
    progress_play.check_play,
    trade_cards.check_harbor_offer,
    _check_end,
}

# Before the roll: the roll and Alchemy (progress_play.options lists only it then).
PRE_ROLL_EXACT = base.PRE_ROLL_EXACT | {progress_play.check_play}

PHASES = base.PHASES.replace(
    base.PHASES[SETUP_SETTLE].but(
        rule="CK-SETUP-ROUND1",
        rule_now=base.setup_round,
        options=_setup_options,
        pending=_setup_pending,
        exact=frozenset({_check_settle, _check_city}),
    ),
    base.PHASES[SETUP_ROAD].but(rule="CK-SETUP-ROUND1", rule_now=base.setup_round),
    base.PHASES[ROAD_BUILDING].but(rule="CK-PC-ROAD-BUILDING"),
    base.PHASES[PRE_ROLL].but(
        rule="CK-TURN-ROLL-PHASE",
        pending=_pre_roll_pending,
        exact=PRE_ROLL_EXACT,
    ),
    base.PHASES[MAIN].but(rule="CK-TURN-ACTION-PHASE", exact=MAIN_EXACT),
    base.PHASES[DICE].but(
        rule="CK-TURN-ROLL-PHASE",
        outcomes=ck_turn.dice_outcomes,
        pending=lambda rules, s: [(-1, "CK-TURN-ROLL-PHASE: white, red, then the event die")],
    ),
    base.PHASES[DISCARD].but(rule="CK-SEVEN-DISCARD"),
).add(
    Phase(
        PROGRESS_DRAW,
        "CK-EVENT-CASTLE",
        chance=True,
        outcomes=progress.draw_outcomes,
        pending=_progress_draw_pending,
    ),
    Phase(
        PILLAGE,
        "CK-BARB-LOSE-CHOICE",
        kinds=(Pillage,),
        actors=lambda s: [s.pillage[0]],
        options=_options(barbarians.pillage_options),
        pending=_owes(lambda s: s.pillage[0], "choose the city the barbarians pillage"),
    ),
    Phase(
        DEFENDER_DECK,
        "CK-BARB-WIN",
        kinds=(ChooseDeck,),
        actors=lambda s: [s.draws[0].party],
        options=_options(barbarians.deck_options),
        pending=_owes(lambda s: s.draws[0].party, "tied best defender: choose a progress deck"),
    ),
    Phase(
        AQUEDUCT,
        "CK-IMPROVE-SCIENCE-3",
        kinds=(Aqueduct,),
        actors=lambda s: [s.claims[0]],
        options=_options(ck_turn.aqueduct_options),
        pending=_owes(lambda s: s.claims[0], "science 3: take a free resource"),
    ),
    Phase(
        PROGRESS_DISCARD,
        "CK-PROGRESS-HAND-LIMIT",
        kinds=(DiscardProgress,),
        actors=lambda s: [s.pdiscards[0]],
        options=_options(lambda s: progress.discard_options(s, s.pdiscards[0])),
        pending=_owes(lambda s: s.pdiscards[0], "discard progress cards down to 4"),
        count=lambda s, p: max(1, len(s.phand[p]) - 4),
    ),  # rule="CK-PROGRESS-HAND-LIMIT"
    Phase(
        RELOCATE,
        "CK-KNIGHT-RELOCATE",
        kinds=(Relocate,),
        actors=lambda s: [knights.relocator(s)],
        options=_options(knights.relocate_options),
        pending=_relocate_pending,
    ),
    Phase(
        SABOTAGE,
        "CK-PC-SABOTAGE",
        kinds=(Discard,),
        options=base.discard_options,
        pending=base.discard_pending,
        count=base.cards_owed,
    ),
    Phase(
        WEDDING,
        "CK-PC-WEDDING",
        kinds=(Gift,),
        options=_options(politics_cards.gift_options),
        pending=_wedding_pending,
        count=base.cards_owed,
    ),
    Phase(
        DESERT,
        "CK-PC-TREASON",
        kinds=(Desert,),
        actors=lambda s: [chooser(s, treason.removed_knight(s).victim)],
        options=_options(treason.desert_options),
        pending=_desert_pending,
    ),
    Phase(
        DESERTER,
        "CK-PC-TREASON",
        kinds=(PlaceDeserter, Pass),
        options=lambda rules, s, offers: [*treason.deserter_options(s), make(Pass, s.active)],
        pending=_owes(
            _active, "Treason: place a knight of the removed one's strength or lower, or pass"
        ),
    ),
    Phase(
        HARBOR,
        "CK-PC-COMMERCIAL-HARBOR",
        kinds=(ReturnCommodity,),
        actors=lambda s: [trade_cards.harbor_receiver(s)],
        options=_options(trade_cards.return_options),
        pending=_owes(trade_cards.harbor_receiver, "Commercial Harbor: return a commodity"),
    ),
)


class CKRules(BaseRules):
    """``base`` plus rulebook/rules.md §4 (CK-*)."""

    variant = "ck"
    target = 13  # rule="CK-WIN-13"
    caps = Capabilities(commodities=True, knights=True, improvements=True)
    kinds = KINDS
    phases = PHASES

    # ------------------------------------------------------------ setup
    def new_state(self, players: int, layout: Layout | None, **kw) -> State:
        s = super().new_state(players, layout, **kw)
        m = len(s.names)
        s.robber = -1  # rule="CK-SETUP-ROBBER": off the board until the first attack
        s.deck = (0,) * 5  # rule="CK-COMP-REMOVED"
        s.bank = (*s.bank, *(COMMODITY_CARDS,) * 3)
        s.hands = ((0,) * 8,) * m
        s.kn = (None,) * N_VERTICES
        s.walls = (False,) * N_VERTICES
        s.levels = ((0, 0, 0),) * m  # rule="CK-SETUP-IMPROVEMENTS"
        s.metro = (-1, -1, -1)
        s.defender = s.pvp = (0,) * m
        s.phand = ((),) * m
        s.pdecks = progress.new_decks()
        return s

    # ------------------------------------------------------------ the turn
    production = staticmethod(ck_turn.produce_roll)  # a roll's production, once its event is done

    def apply(self, s: State, a) -> None:
        self.applies[type(a)](s, a)
        self.advance(s)
        awards.check_win(s, self.target, ck_turn.victory_points)

    def advance(self, s: State) -> None:
        """The engine's own steps after an action, up to the next decision or chance event."""
        while True:
            if s.phase == RESOLVE:
                ck_turn.resolve(s, self.production)
            if s.phase == MAIN and s.taxed:
                politics_cards.next_tax(s)
            if s.phase != ROBBER:
                break
            before = s.phase
            ck_turn.skip_inactive_robber(s)
            if s.phase == before:
                break

    # where a progress card's own rule is looked up, first first
    card_prefixes: tuple[str, ...] = ("CK-PC-",)

    def card_rule(self, card: int) -> str:
        """A progress card's own rule (its record's, e.g. CK-PC-MERCHANT-FLEET, or this
        variant's rule for the card, by ``card_prefixes``), else CK-PC-PLAY."""
        rec = progress_play.record(card)
        if rec is not None:
            known = rulebook.rules_of(self.variant)
            own = rec.rule.removeprefix("CK-PC-")
            for prefix in self.card_prefixes:
                if prefix + own in known:
                    return prefix + own
        return "CK-PC-PLAY"

    def refine(self, s: State, a, bad: Reason) -> Reason:
        """rule="CK-ROBBER-INACTIVE": before the first attack a robber move or chase is refused
        for that reason, whatever else the moment is (a discard, another phase)."""
        bad = super().refine(s, a, bad)
        kind = type(a)
        if (
            kind in (MoveRobber, ChaseRobber)
            and not s.attacked
            and 0 <= a.player < s.n
            and bad.rule not in ("BASE-TURN-OFFTURN", "CK-KNIGHT-STRENGTH")
        ):
            if kind is ChaseRobber:
                return Reason(
                    "CK-ROBBER-INACTIVE",
                    "The robber is still off the board: until "
                    "the first barbarian attack no knight can chase it.",
                )
            return Reason(
                "CK-ROBBER-INACTIVE",
                f"The robber is still off the board, beside the "
                "barbarian track: until the first barbarian attack a 7 only makes "
                f"players discard, and nobody moves the robber or steals, so "
                f"{seat(a.player)} cannot move it.",
            )
        return bad

    def victory_points(self, s: State, p: int) -> int:
        return ck_turn.victory_points(s, p)

    def vp_breakdown(self, s: State, p: int) -> dict[str, int]:
        return ck_turn.vp_breakdown(s, p)

    # ------------------------------------------------------------ enumeration
    def dev_candidates(self, s: State, p: int) -> list:
        return progress_play.options(s, p)  # progress cards take the place of development cards

    def main_candidates(self, s: State, p: int, offers: bool = True) -> list:
        out = super().main_candidates(s, p, offers)
        end = out.pop()  # EndTurn last, within the hand limit (CK-PROGRESS-HAND-LIMIT)
        out += [
            *knights.options(s, p),
            *improvements.options(s, p),
            *progress.discard_options(s, p),
            *trade_cards.harbor_options(s, p),
        ]
        if progress.over_limit(s, p) is None:
            out.append(end)
        return out
