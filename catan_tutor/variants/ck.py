"""Cities & Knights for 3–4 players (``ck``, rulebook/rules.md §4)."""

from __future__ import annotations

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
    make,
    seat,
)  # fmt: skip
from ..board import N_VERTICES, Layout
from ..progress_cards import CARDS, TRACKS
from ..rules import (
    awards,
    barbarians,
    building,
    ck_turn,
    improvements,
    knights,
    progress,
    progress_play,
    trade,
    words,
)  # fmt: skip
from ..rules.common import Reason, chooser
from ..rules.production import apply_die as rolloff_die
from ..rules.robber import check_discard as discard_check
from ..rules.turn import apply_end as base_end
from ..rules.turn import check_end
from ..state import (
    AQUEDUCT,
    COMMODITY_CARDS,
    DEFENDER_DECK,
    DESERT,
    DESERTER,
    DICE,
    DISCARD,
    HARBOR,
    MAIN,
    PILLAGE,
    PRE_ROLL,
    PROGRESS_DISCARD,
    PROGRESS_DRAW,
    RELOCATE,
    RESOLVE,
    ROLLOFF,
    SABOTAGE,
    SETUP_ROAD,
    SETUP_SETTLE,
    WEDDING,
    State,
)  # fmt: skip
from .base import BaseRules
from .capabilities import Capabilities

_DEV_KINDS = (BuyDev, PlayKnight, PlayRoadBuilding, PlayPlenty, PlayMonopoly)


def _removed(s: State, a) -> Reason:
    return Reason("CK-COMP-REMOVED", "Cities & Knights has no development cards; progress "
                  "cards take their place.")


def _check_pass(s: State, a: Pass) -> Reason | None:
    if s.phase != DESERTER or a.player != s.active:
        return Reason("CK-PC-TREASON", "Passing is for the knight Treason may place.")
    return None


def _ck_discard(s: State, a: Discard) -> Reason | None:
    """rule="CK-SEVEN-DISCARD": the base check, with C&K's limit (walls) in its rule."""
    bad = discard_check(s, a)
    if bad and bad.rule == "BASE-SEVEN-DISCARD":
        return Reason("CK-PC-SABOTAGE" if s.phase == SABOTAGE else "CK-SEVEN-DISCARD", bad.text)
    return bad


class CKRules(BaseRules):
    """``base`` plus rulebook/rules.md §4 (CK-*)."""

    variant = "ck"
    target = 13  # rule="CK-WIN-13"
    caps = Capabilities(commodities=True, knights=True, improvements=True)

    def __init__(self) -> None:
        super().__init__()
        for kind in _DEV_KINDS:  # rule="CK-COMP-REMOVED"
            self.checks[kind] = _removed
            del self.applies[kind]
        self.checks |= {
            BuildCity: self._check_city, Settle: self._check_settle,
            Recruit: knights.check_recruit, Promote: knights.check_promote,
            Activate: knights.check_activate, MoveKnight: knights.check_move,
            ChaseRobber: knights.check_chase, Relocate: knights.check_relocate,
            BuildWall: improvements.check_wall, Improve: improvements.check_improve,
            Pillage: barbarians.check_pillage, ChooseDeck: barbarians.check_deck,
            Aqueduct: ck_turn.check_aqueduct, DiscardProgress: progress.check_discard,
            EndTurn: self._check_end, PlayProgress: progress_play.check_play,
            Gift: progress_play.check_gift, Discard: _ck_discard,
            Desert: progress_play.check_desert, PlaceDeserter: progress_play.check_deserter,
            Pass: _check_pass, HarborOffer: progress_play.check_harbor_offer,
            ReturnCommodity: progress_play.check_return,
        }  # fmt: skip
        self.applies |= {
            BuildCity: self._apply_city, Die: self._apply_die, EventDie: ck_turn.apply_event,
            DrawProgress: progress.apply_draw,
            Recruit: knights.apply_recruit, Promote: knights.apply_promote,
            Activate: knights.apply_activate, MoveKnight: knights.apply_move,
            ChaseRobber: knights.apply_chase, Relocate: knights.apply_relocate,
            BuildWall: improvements.apply_wall, Improve: improvements.apply_improve,
            Pillage: barbarians.apply_pillage,
            ChooseDeck: barbarians.apply_deck,
            Aqueduct: ck_turn.apply_aqueduct,
            DiscardProgress: progress.apply_discard,
            EndTurn: self._apply_end, PlayProgress: progress_play.apply_play,
            Gift: progress_play.apply_gift, Desert: progress_play.apply_desert,
            PlaceDeserter: progress_play.apply_deserter,
            Pass: lambda s, a: progress_play.pass_deserter(s),
            HarborOffer: progress_play.apply_harbor_offer,
            ReturnCommodity: progress_play.apply_return,
        }  # fmt: skip
        self.decisions |= {
            PILLAGE: ((Pillage,), "CK-BARB-LOSE-CHOICE", True),
            DEFENDER_DECK: ((ChooseDeck,), "CK-BARB-WIN", True),
            AQUEDUCT: ((Aqueduct,), "CK-IMPROVE-SCIENCE-3", True),
            PROGRESS_DISCARD: ((DiscardProgress,), "CK-PROGRESS-HAND-LIMIT", True),
            RELOCATE: ((Relocate,), "CK-KNIGHT-RELOCATE", True),
            SABOTAGE: ((Discard,), "CK-PC-SABOTAGE", True),
            WEDDING: ((Gift,), "CK-PC-WEDDING", True),
            DESERT: ((Desert,), "CK-PC-TREASON", True),
            DESERTER: ((PlaceDeserter, Pass), "CK-PC-TREASON", True),
            HARBOR: ((ReturnCommodity,), "CK-PC-COMMERCIAL-HARBOR", True),
        }
        self.chance_rules |= {DICE: "CK-TURN-ROLL-PHASE", PROGRESS_DRAW: "CK-EVENT-CASTLE"}
        self.wait_rules |= {PRE_ROLL: "CK-TURN-ROLL-PHASE", MAIN: "CK-TURN-ACTION-PHASE"}
        self.decisions[DISCARD] = ((Discard,), "CK-SEVEN-DISCARD", True)
        self.legal_rules |= {
            Recruit: "CK-KNIGHT-RECRUIT", Promote: "CK-KNIGHT-PROMOTE",
            Activate: "CK-KNIGHT-ACTIVATE", MoveKnight: "CK-KNIGHT-MOVE",
            ChaseRobber: "CK-KNIGHT-CHASE-ROBBER", Relocate: "CK-KNIGHT-RELOCATE",
            BuildWall: "CK-WALL-BUILD", Improve: "CK-IMPROVE-BUILD",
            Pillage: "CK-BARB-LOSE-CHOICE", ChooseDeck: "CK-BARB-WIN",
            Aqueduct: "CK-IMPROVE-SCIENCE-3", DiscardProgress: "CK-PROGRESS-HAND-LIMIT",
            EndTurn: "CK-TURN-ACTION-PHASE", PlayProgress: "CK-PC-PLAY",
            Discard: "CK-SEVEN-DISCARD", Desert: "CK-PC-TREASON", PlaceDeserter: "CK-PC-TREASON",
            Pass: "CK-PC-TREASON", HarborOffer: "CK-PC-COMMERCIAL-HARBOR",
            ReturnCommodity: "CK-PC-COMMERCIAL-HARBOR", Gift: "CK-PC-WEDDING",
        }  # fmt: skip

    # ------------------------------------------------------------ setup
    def _apply_board(self, s: State, a: Action) -> None:
        super()._apply_board(s, a)
        s.robber = -1  # rule="CK-SETUP-ROBBER": a variable board too keeps it off the board

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

    def _check_settle(self, s: State, a: Settle) -> Reason | None:
        if ck_turn.second_round(s):
            return Reason("CK-SETUP-ROUND2", "The second placement is a city: "
                          f"'P{a.player + 1} city <vertex>'.")
        return building.check_settle(s, a)

    def _check_city(self, s: State, a: BuildCity) -> Reason | None:
        if s.phase == SETUP_SETTLE:
            if not ck_turn.second_round(s):
                return Reason("CK-SETUP-ROUND1", "The first placement is a settlement.")
            return ck_turn.check_setup_city(s, a)
        return building.check_city(s, a)

    def _apply_city(self, s: State, a: BuildCity) -> None:
        if s.phase == SETUP_SETTLE:
            ck_turn.apply_setup_city(s, a)
        else:
            building.apply_city(s, a)

    # ------------------------------------------------------------ the turn
    roll_die = staticmethod(ck_turn.apply_die)  # one die of a turn's roll

    def _apply_die(self, s: State, a: Die) -> None:
        if s.phase == ROLLOFF:
            rolloff_die(s, a)
        else:
            self.roll_die(s, a)

    def _check_end(self, s: State, a: EndTurn) -> Reason | None:
        return check_end(s, a) or progress.over_limit(s, a.player)

    def _apply_end(self, s: State, a: EndTurn) -> None:
        knights.end_turn(s)
        s.event, s.fleet, s.harbor = "", (), ()
        base_end(s, a)

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
                progress_play.next_tax(s)
            before = s.phase
            ck_turn.skip_inactive_robber(s)
            if s.phase == before:
                break

    def describe(self, s: State, a) -> Reason:
        kind = type(a)
        if s.phase in (SETUP_SETTLE, SETUP_ROAD):
            rule = "CK-SETUP-ROUND2" if s.setup_step >= s.n else "CK-SETUP-ROUND1"
            return Reason(rule, words.say(s, a))
        if s.phase == SABOTAGE and kind is Discard:
            return Reason("CK-PC-SABOTAGE", words.say(s, a))
        if kind is MoveKnight and s.kn[a.dst] is not None:
            # rule="CK-KNIGHT-DISPLACE"; rule="CK2P-NEUTRAL-KNIGHT-DISPLACE" for a neutral's
            rule = "CK2P-NEUTRAL-KNIGHT-DISPLACE" if s.kn[a.dst][0] >= s.n else "CK-KNIGHT-DISPLACE"
            return Reason(rule, words.move_words(s, a))
        if kind is BankTrade:  # the rate's own rule: harbor, Trading House, merchant, Fleet
            return Reason(trade.rate_rule(s, a.player, a.give), words.say(s, a))
        if kind is PlayProgress:  # the card's own rule, e.g. rule="CK-PC-MERCHANT-FLEET"
            return Reason(self.card_rule(a.card), words.say(s, a))
        return super().describe(s, a)

    def describe_setup_rule(self, s: State) -> str:
        return "CK-SETUP-ROUND2" if s.setup_step >= s.n else "CK-SETUP-ROUND1"

    card_prefixes = ("CK-PC-",)  # where a progress card's own rule is looked up, first first

    def card_rule(self, card: int) -> str:
        """A progress card's own rule (e.g. CK-PC-MERCHANT-FLEET), else CK-PC-PLAY."""
        from .. import rulebook

        if 0 <= card < len(CARDS):
            known = rulebook.rules_of(self.variant)
            for prefix in self.card_prefixes:
                rule_id = prefix + CARDS[card].upper()
                if rule_id in known:
                    return rule_id
        return "CK-PC-PLAY"

    def refine(self, s: State, a, bad: Reason) -> Reason:
        """rule="CK-ROBBER-INACTIVE": before the first attack a robber move or chase is refused
        for that reason, whatever else the moment is (a discard, another phase)."""
        bad = super().refine(s, a, bad)
        kind = type(a)
        if (kind in (MoveRobber, ChaseRobber) and not s.attacked and 0 <= a.player < s.n
                and bad.rule not in ("BASE-TURN-OFFTURN", "CK-KNIGHT-STRENGTH")):
            if kind is ChaseRobber:
                return Reason("CK-ROBBER-INACTIVE", "The robber is still off the board: until "
                              "the first barbarian attack no knight can chase it.")
            return Reason("CK-ROBBER-INACTIVE", f"The robber is still off the board, beside the "
                          "barbarian track: until the first barbarian attack a 7 only makes "
                          f"players discard, and nobody moves the robber or steals, so "
                          f"{seat(a.player)} cannot move it.")
        return bad

    def victory_points(self, s: State, p: int) -> int:
        return ck_turn.victory_points(s, p)

    def vp_breakdown(self, s: State, p: int) -> dict[str, int]:
        return ck_turn.vp_breakdown(s, p)

    def chance_outcomes(self, s: State):
        if s.phase == DICE:
            return ck_turn.dice_outcomes(s)
        if s.phase == PROGRESS_DRAW:
            return progress.draw_outcomes(s)
        return super().chance_outcomes(s)

    # ------------------------------------------------------------ who acts
    def actors(self, s: State) -> list[int]:
        ph = s.phase
        if ph == PILLAGE:
            return [s.pillage[0]]
        if ph == DEFENDER_DECK:
            return [s.draws[0][0]]
        if ph == AQUEDUCT:
            return [s.claims[0]]
        if ph == PROGRESS_DISCARD:
            return [s.pdiscards[0]]
        if ph == RELOCATE:
            return [knights.relocator(s)]
        if ph == DESERT:
            return [chooser(s, s.treason[0])]
        if ph == HARBOR:
            return [s.harbor[1][0]]
        return super().actors(s)

    def candidates(self, s: State, offers: bool = True) -> list:
        ph = s.phase
        if ph == PILLAGE:
            return barbarians.pillage_options(s)
        if ph == DEFENDER_DECK:
            return barbarians.deck_options(s)
        if ph == AQUEDUCT:
            return ck_turn.aqueduct_options(s)
        if ph == PROGRESS_DISCARD:
            return progress.discard_options(s, s.pdiscards[0])
        if ph == RELOCATE:
            return knights.relocate_options(s)
        if ph == WEDDING:
            return progress_play.gift_options(s)
        if ph == DESERT:
            return progress_play.desert_options(s)
        if ph == DESERTER:
            return [*progress_play.deserter_options(s), make(Pass, s.active)]
        if ph == HARBOR:
            return progress_play.return_options(s)
        if ph == SETUP_SETTLE and ck_turn.second_round(s):
            return [make(BuildCity, s.active, v) for v in range(N_VERTICES)]
        return super().candidates(s, offers)

    def dev_candidates(self, s: State, p: int) -> list:
        return progress_play.options(s, p)  # progress cards take the place of development cards

    def main_candidates(self, s: State, p: int, offers: bool = True) -> list:
        out = super().main_candidates(s, p, offers)
        end = out.pop()  # EndTurn last
        return [*out, *knights.options(s, p), *improvements.options(s, p),
                *progress.discard_options(s, p), *progress_play.harbor_options(s, p), end]

    def pending(self, s: State) -> list[tuple[int, str]]:
        ph = s.phase
        if ph == PILLAGE:
            return [(s.pillage[0], "choose the city the barbarians pillage")]
        if ph == DEFENDER_DECK:
            return [(s.draws[0][0], "tied best defender: choose a progress deck")]
        if ph == AQUEDUCT:
            return [(s.claims[0], "science 3: take a free resource")]
        if ph == PROGRESS_DISCARD:
            return [(s.pdiscards[0], "discard progress cards down to 4")]
        if ph == RELOCATE:
            q = s.relocate[0]
            whose = "the displaced knight" if q < s.n else f"{s.name(q)}'s displaced knight"
            return [(knights.relocator(s), f"move {whose}")]
        if ph == DESERT:
            q = s.treason[0]
            if q >= s.n:
                return [(s.active, f"Treason: remove {s.name(q)}'s weakest knight")]
            return [(q, "Treason: remove one of your knights")]
        if ph == DESERTER:
            return [(s.active, "Treason: place a knight of the removed one's strength or "
                     "lower, or pass")]
        if ph == HARBOR:
            return [(s.harbor[1][0], "Commercial Harbor: return a commodity")]
        if ph == WEDDING:
            return [(q, f"give {s.discards[q]} cards to P{s.active + 1} (Wedding)")
                    for q in self.actors(s)]
        if ph == PROGRESS_DRAW:
            p, t = s.draws[0]
            return [(-1, f"CK-EVENT-CASTLE: P{p + 1} draws a {TRACKS[t]} card")]
        if ph == DICE:
            return [(-1, "CK-TURN-ROLL-PHASE: white, red, then the event die")]
        if ph == SETUP_SETTLE and ck_turn.second_round(s):
            return [(s.active, "place a city")]
        if ph == PRE_ROLL:
            return [(s.active, "roll the three dice, or first play Alchemy")]
        return super().pending(s)
