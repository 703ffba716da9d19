"""Standard Catan for 3–4 players: wires the rule areas into one legality check and one apply.

Later variants subclass :class:`BaseRules` and add or replace entries; they never fork it.
"""

from __future__ import annotations

from ..actions import (
    DEV_CARDS,
    KNIGHT,
    MONOPOLY,
    PLENTY,
    ROAD_BUILDING,
    Accept,
    Action,
    BankTrade,
    BuildCity,
    BuildRoad,
    BuyDev,
    Decline,
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
    make,
    seat,
)  # fmt: skip
from ..board import EDGE_OTHER_END, N_VERTICES, Layout
from ..colors import DEFAULT_COLORS, check_colors
from ..rules import awards, board_setup, building, devcards, production, robber, trade, turn, words
from ..rules.common import (
    CITY_COST,
    DEV_COST,
    ROAD_COST,
    SETTLEMENT_COST,
    Reason,
    actors,
    can_pay,
)  # fmt: skip
from ..rules.precedence import most_specific
from ..state import (
    BOARD,
    CHANCE_PHASES,
    CITIES,
    DICE,
    DISCARD,
    DRAW,
    MAIN,
    OFFER,
    OVER,
    PRE_ROLL,
    PROGRESS_DISCARD,
    ROADS,
    ROBBER,
    ROLLOFF,
    SABOTAGE,
    SETTLEMENTS,
    SETUP_ROAD,
    SETUP_SETTLE,
    STEAL,
    WEDDING,
    State,
)  # fmt: skip
from ..state import (
    ROAD_BUILDING as RB_PHASE,
)
from .capabilities import Capabilities

_CHANCE_RULE = {BOARD: "BASE-BOARD-VARIABLE", ROLLOFF: "BASE-CHANCE-ROLLOFF",
                DICE: "BASE-PROD-ROLL", STEAL: "BASE-ROBBER-STEAL", DRAW: "BASE-BUILD-DEVCARD"}
# The rule that makes each kind of action legal, quoted by explain() for a legal action.
_LEGAL_RULE = {
    Roll: "BASE-PROD-ROLL", Settle: "BASE-BUILD-SETTLEMENT", BuildRoad: "BASE-BUILD-ROAD",
    BuildCity: "BASE-BUILD-CITY", BuyDev: "BASE-BUILD-DEVCARD", PlayKnight: "BASE-DEV-KNIGHT",
    PlayRoadBuilding: "BASE-DEV-ROAD-BUILDING", PlayPlenty: "BASE-DEV-YEAR-OF-PLENTY",
    PlayMonopoly: "BASE-DEV-MONOPOLY", MoveRobber: "BASE-ROBBER-MOVE",
    Discard: "BASE-SEVEN-DISCARD", BankTrade: "BASE-TRADE-MARITIME",
    Offer: "BASE-TRADE-DOMESTIC", Accept: "BASE-TRADE-DOMESTIC", Decline: "BASE-TRADE-DOMESTIC",
    EndTurn: "BASE-TURN-PHASES",
}  # fmt: skip


class BaseRules:
    """The rules of ``base``: who may act, what is legal, and what an action does."""

    variant = "base"
    seats = (3, 4)
    target = 10
    caps = Capabilities()  # what this variant has: everything outside variants/ asks these

    # The old names of the facts, read from ``caps`` (one declaration per variant).
    neutrals = property(lambda self: self.caps.neutrals, doc="neutral parties (base-2p)")
    has_dummy = property(lambda self: self.caps.dummy, doc="a dummy seat (base-dummy)")
    tokens = property(lambda self: self.caps.tokens, doc="trade tokens (2P-TOKEN-*)")
    double_roll = property(lambda self: self.caps.double_roll, doc="two rolls (2P-ROLL-TWICE)")
    cities_knights = property(lambda self: self.caps.knights, doc="Cities & Knights (CK-*)")

    def __init__(self) -> None:
        # Phases that wait for decisions of their own kinds: the kinds, the rule to quote, and
        # whether everybody else is told to wait for them (else: it is not their move).
        self.decisions: dict[str, tuple[tuple[type, ...], str, bool]] = {
            DISCARD: ((Discard,), "BASE-SEVEN-DISCARD", True),
            OFFER: ((Accept, Decline), "BASE-TRADE-DOMESTIC", False),
        }
        # The rule behind each wait that is not a decision of its own (Game.pending's rule).
        self.wait_rules = {PRE_ROLL: "BASE-TURN-PHASES", MAIN: "BASE-TURN-PHASES",
                           ROBBER: "BASE-ROBBER-MOVE", RB_PHASE: "BASE-DEV-ROAD-BUILDING"}
        self.chance_rules = dict(_CHANCE_RULE)
        self.legal_rules = dict(_LEGAL_RULE)
        self.checks = {
            Roll: production.check_roll, Settle: building.check_settle,
            BuildRoad: building.check_road, BuildCity: building.check_city,
            BuyDev: devcards.check_buy, PlayKnight: devcards.check_knight,
            PlayRoadBuilding: devcards.check_road_building, PlayPlenty: devcards.check_plenty,
            PlayMonopoly: devcards.check_monopoly, MoveRobber: robber.check_move_robber,
            Discard: robber.check_discard, BankTrade: trade.check_bank,
            Offer: trade.check_offer, Accept: trade.check_accept, Decline: trade.check_decline,
            EndTurn: turn.check_end,
        }  # fmt: skip
        self.applies = {
            Roll: production.apply_roll, Settle: building.apply_settle,
            BuildRoad: building.apply_road, BuildCity: building.apply_city,
            BuyDev: devcards.apply_buy, PlayKnight: devcards.apply_knight,
            PlayRoadBuilding: devcards.apply_road_building, PlayPlenty: devcards.apply_plenty,
            PlayMonopoly: devcards.apply_monopoly, MoveRobber: robber.apply_move_robber,
            Discard: robber.apply_discard, BankTrade: trade.apply_bank,
            Offer: trade.apply_offer, Accept: trade.apply_accept, Decline: trade.apply_decline,
            EndTurn: turn.apply_end, Die: production.apply_die, DrawDev: devcards.apply_draw,
            Steal: robber.apply_steal, PlaceTile: self._apply_board,
            PlaceHarbor: self._apply_board, SpiralStart: self._apply_board,
        }  # fmt: skip

    # ------------------------------------------------------------ setup
    def new_state(self, players: int, layout: Layout | None, *, shuffle_harbors: bool = False,
                  rolloff: bool = False, colors: tuple[str, ...] | None = None) -> State:
        parties = players + self.caps.neutrals + self.caps.dummy
        colors = check_colors(DEFAULT_COLORS[:parties] if colors is None else colors, parties)
        s = State(players, layout, colors, self.caps)
        if rolloff:
            production.start_rolloff(s)
        if layout is None:
            board_setup.start_board(s, shuffle_harbors)
            s.rolloff = (tuple(range(players)), ()) if rolloff else ((), ())
        return s

    def _apply_board(self, s: State, a: Action) -> None:
        board_setup.apply_board(s, a)
        if s.phase == SETUP_SETTLE and s.rolloff[0]:
            s.phase = ROLLOFF

    # ------------------------------------------------------------ who acts
    def actors(self, s: State) -> list[int]:
        if s.phase in CHANCE_PHASES or s.phase == OVER:
            return []
        return actors(s)

    def chance_rule(self, s: State) -> str:
        """The rule governing the chance event due now."""
        return self.chance_rules[s.phase]

    def chance_outcomes(self, s: State) -> list[tuple[Action, int]]:
        """Outcomes of the pending chance event with integer weights (BASE-CHANCE-EVENTS)."""
        ph = s.phase
        if ph in (DICE, ROLLOFF):
            return production.die_outcomes(s)
        if ph == STEAL:
            return robber.steal_outcomes(s)
        if ph == DRAW:
            return devcards.draw_outcomes(s)
        if ph == BOARD:
            return board_setup.board_outcomes(s)
        return []

    # ------------------------------------------------------------ the one legality check
    def check(self, s: State, a: Action) -> Reason | None:
        """None when ``a`` is legal in ``s``, else the reason it is not."""
        if s.phase == OVER:
            return Reason("BASE-WIN-10", f"The game is over: {seat(s.winner)} has won.")
        if a.is_chance:
            if s.phase not in CHANCE_PHASES:
                return Reason("BASE-CHANCE-EVENTS", f"No chance event is due now; "
                              f"{seat(actors(s)[0])} is to decide.")
            if any(o == a and w for o, w in self.chance_outcomes(s)):
                return None
            options = ", ".join(str(o) for o, w in self.chance_outcomes(s) if w)
            return Reason(self.chance_rule(s), f"'{a}' cannot happen now; the possible "
                          f"outcomes are: {options}.")
        if s.phase in CHANCE_PHASES:
            return Reason("BASE-CHANCE-EVENTS", "A chance event must be resolved before "
                          f"anyone acts: {words.chance_words(self, s)}.")
        p = a.player
        fn = self.checks.get(type(a))
        decision = self.decisions.get(s.phase)
        if p == s.active and decision is None and fn is not None:
            return fn(s, a)  # the usual case: the active player acts
        who = self.actors(s)
        if p not in who:
            if not 0 <= p < s.n:
                return Reason("BASE-TURN-OFFTURN", f"There is no seat {seat(p)} in this game.")
            if decision is not None and decision[2]:
                return Reason(decision[1], f"Waiting for {self._owed(s, p)}; nothing else "
                              "happens until then.")
            return Reason("BASE-TURN-OFFTURN", f"It is {s.name(who[0])}'s move; {seat(p)} may "
                          "only trade with the active player and settle their own decisions.")
        if decision is not None and type(a) not in decision[0]:
            if p != s.active:
                return Reason("BASE-TURN-OFFTURN", f"{seat(p)} is not on turn: they may only "
                              f"settle their pending decision ({self._owed(s, p)}).")
            return Reason(decision[1], f"Waiting for {self._owed(s, p)} first.")
        if fn is None:
            return Reason("BASE-TURN-PHASES", f"'{a}' is not an action of this variant.")
        return fn(s, a)

    # ------------------------------------------------------------ verdicts for a learner
    def refusal(self, s: State, a: Action) -> Reason | None:
        """``check`` with the reason a learner should read: the most telling one (``refine``)
        under the rule that decides the case in this variant (``specific``). Legality is
        ``check``'s alone: this only rewords what ``check`` refuses."""
        bad = self.check(s, a)
        if bad is None:
            return None
        return self.specific(self.refine(s, a, bad))

    def verdict(self, s: State, a: Action) -> tuple[bool, Reason]:
        """(legal, reason): what ``Game.explain`` answers."""
        bad = self.refusal(s, a)
        if bad is not None:
            return False, bad
        return True, self.specific(self.describe(s, a))

    def specific(self, reason: Reason) -> Reason:
        """The reason under the most specific rule of this variant: a rule that another rule
        of the variant amends is never cited (rules/precedence.py, rulebook/rules.md §0)."""
        rule = most_specific(self.variant, reason.rule)
        return reason if rule == reason.rule else Reason(rule, reason.text)

    def refine(self, s: State, a: Action, bad: Reason) -> Reason:
        """A refused action's own reason where ``check`` stops at a general one: a kind this
        variant does not have, or a decision's action typed by a seat that does not owe it
        (the kind's check says why, e.g. it owes nothing, or what the rule allows)."""
        if a.is_chance or s.phase in CHANCE_PHASES or s.phase == OVER:
            return bad
        p, kind = a.player, type(a)
        if not 0 <= p < s.n:
            return bad
        fn = self.checks.get(kind)
        if fn is None:
            return self.foreign(s, a)
        decision = self.decisions.get(s.phase)
        if decision is not None and kind in decision[0] and p not in self.actors(s):
            own = fn(s, a)
            if own is not None:
                return own
        return bad

    def foreign(self, s: State, a: Action) -> Reason:
        """rule="BASE-COMP-PIECES" / rule="CK-COMP-PIECES": a kind of action another variant
        has (knights, tokens, neutrals, the dummy's bids) is no move of this one."""
        rule = "CK-COMP-PIECES" if self.caps.knights else "BASE-COMP-PIECES"
        word = str(a).split()[1] if len(str(a).split()) > 1 else str(a)
        return Reason(rule, f"There is no '{word}' in {self.variant}: '{a}' is a move of "
                      "another variant, and this game has no pieces or cards for it.")

    def prompt(self, s: State) -> str:
        """What the game waits for, in a learner's words (for a header or a status line)."""
        return words.prompt(self, s)

    def _owed(self, s: State, p: int) -> str:
        return "; ".join(f"{seat(q)}: {d}" for q, d in self.pending(s))

    def describe(self, s: State, a: Action) -> Reason:
        """Why a legal action is legal: its rule and a sentence saying what it does."""
        if a.is_chance:
            return Reason(self.chance_rule(s), words.say(s, a))
        rule = self.legal_rules.get(type(a), "BASE-TURN-PHASES")
        if s.phase in (SETUP_SETTLE, SETUP_ROAD):
            rule = "BASE-SETUP-ROUND1" if s.setup_step < s.n else "BASE-SETUP-ROUND2"
        return Reason(rule, words.say(s, a))

    def apply(self, s: State, a: Action) -> None:
        """Apply a legal action to ``s`` in place."""
        self.applies[type(a)](s, a)
        awards.check_win(s, self.target)

    # ------------------------------------------------------------ enumeration
    def candidates(self, s: State, offers: bool = True) -> list[Action]:
        """A superset of the legal actions, in a fixed order; ``check`` filters it."""
        ph = s.phase
        if ph in CHANCE_PHASES:
            return [o for o, w in self.chance_outcomes(s) if w]
        if ph == OVER:
            return []
        p = actors(s)[0]
        if ph == SETUP_SETTLE:
            return [make(Settle, p, v) for v in range(N_VERTICES)]
        if ph == SETUP_ROAD:
            return [make(BuildRoad, p, e) for e, _ in sorted(EDGE_OTHER_END[s.setup_vertex])]
        if ph == PRE_ROLL:
            return [make(Roll, p), *self.dev_candidates(s, p)]
        if ph in (DISCARD, SABOTAGE):  # every seat owing a discard, in order from the active one
            return [make(Discard, q, c) for q in actors(s)
                    for c in robber.discard_options(s.hands[q], s.discards[q])]
        if ph == ROBBER:
            return list(robber.robber_options(s))
        if ph == RB_PHASE:
            return [make(BuildRoad, p, e) for e in building.legal_road_edges(s, p)]
        if ph == OFFER:
            return [make(Accept, p), make(Decline, p)]
        return self.main_candidates(s, p, offers)

    def main_candidates(self, s: State, p: int, offers: bool = True) -> list[Action]:
        hand = s.hands[p]
        out: list[Action] = []
        if s.roads[p] < ROADS and can_pay(hand, ROAD_COST):
            out += [make(BuildRoad, p, e) for e in building.legal_road_edges(s, p)]
        if s.settlements[p] < SETTLEMENTS and can_pay(hand, SETTLEMENT_COST):
            out += [make(Settle, p, v) for v in building.settle_candidates(s, p)]
        if s.cities[p] < CITIES and can_pay(hand, CITY_COST):
            out += [make(BuildCity, p, v) for v in range(N_VERTICES)
                    if s.vowner[v] == p and not s.vcity[v]]
        if any(s.deck) and can_pay(hand, DEV_COST):
            out.append(make(BuyDev, p))
        out += self.dev_candidates(s, p)
        out += trade.bank_options(s, p)
        if offers:
            out += trade.offer_options(s, p)
        out.append(make(EndTurn, p))
        return out

    def dev_candidates(self, s: State, p: int) -> list[Action]:
        if s.dev_played or not any(s.dev[p]):
            return []
        out: list[Action] = []
        ready = [s.dev[p][c] - s.newdev[c] > 0 for c in range(len(DEV_CARDS))]
        if ready[KNIGHT]:
            out.append(make(PlayKnight, p))
        if ready[ROAD_BUILDING]:
            out.append(make(PlayRoadBuilding, p))
        if ready[PLENTY]:
            out += devcards.plenty_options(s, p)
        if ready[MONOPOLY]:
            out += [make(PlayMonopoly, p, r) for r in range(5)]
        return out

    def legal_actions(self, s: State, offers: bool = True) -> list[Action]:
        """Legal actions in a fixed order; ``offers=False`` leaves out player trade offers."""
        cands = self.candidates(s, offers)
        if s.phase in CHANCE_PHASES:
            return cands  # exactly the outcomes with a weight, which check() accepts
        if s.phase not in self.decisions:
            # check()'s prelude passes the active player's actions straight to the kind's
            # check; do that once here instead of per candidate.
            checks, active = self.checks, s.active
            return [a for a in cands if a.player == active and checks[type(a)](s, a) is None]
        check = self.check
        return [a for a in cands if check(s, a) is None]

    # ------------------------------------------------------------ scoring
    def victory_points(self, s: State, p: int) -> int:
        return awards.victory_points(s, p)

    def vp_breakdown(self, s: State, p: int) -> dict[str, int]:
        return awards.vp_breakdown(s, p)

    def pending_records(self, s: State) -> list[tuple[int, str, str, str, int, str]]:
        """``pending`` as records: (seat, what, kind, rule, count, prompt) (Game.Pending).

        kind: the phase that waits, or "chance"; rule: the rule that owes it (most specific);
        count: cards owed (discards, gifts), free roads, progress cards over the limit, else 1;
        prompt: the wait in a learner's words (a chance event without its rule ID).
        """
        out = []
        ph = s.phase
        for p, text in self.pending(s):
            if p < 0:
                rule = self.chance_rule(s) if ph in CHANCE_PHASES else "BASE-CHANCE-EVENTS"
                kind, prompt = "chance", words.chance_words(self, s)
            else:
                rule, kind, prompt = self.wait_rule(s), ph, text
            count = 1
            if p >= 0 and ph in (DISCARD, SABOTAGE, WEDDING):
                count = s.discards[p]
            elif ph == RB_PHASE:
                count = s.free_roads
            elif ph == PROGRESS_DISCARD and p >= 0:
                count = max(1, len(s.phand[p]) - 4)  # rule="CK-PROGRESS-HAND-LIMIT"
            out.append((p, text, kind, self.specific(Reason(rule, "")).rule, count, prompt))
        return out

    def wait_rule(self, s: State) -> str:
        """The rule behind what the game waits for now (not a chance event)."""
        ph = s.phase
        if ph in self.decisions:
            return self.decisions[ph][1]
        if ph in (SETUP_SETTLE, SETUP_ROAD):
            return self.describe_setup_rule(s)
        return self.wait_rules.get(ph, "BASE-TURN-PHASES")

    def describe_setup_rule(self, s: State) -> str:
        """rule="BASE-SETUP-ROUND1", rule="BASE-SETUP-ROUND2": which setup round it is."""
        return "BASE-SETUP-ROUND1" if s.setup_step < s.n else "BASE-SETUP-ROUND2"

    def pending(self, s: State) -> list[tuple[int, str]]:
        """Decisions owed now: (seat, what), chance events as seat -1."""
        ph = s.phase
        if ph == ROLLOFF:
            return [(-1, f"{seat(production.rolloff_candidate(s))} rolls for first "
                     "player")]
        if ph in CHANCE_PHASES:
            return [(-1, f"{self.chance_rule(s)}")]
        if ph in (DISCARD, SABOTAGE):
            return [(p, f"discard {s.discards[p]} cards") for p in actors(s)]
        if ph == OFFER:
            return [(s.offer[0], f"answer {seat(s.active)}'s trade offer")]
        if ph == ROBBER:
            return [(s.active, "move the robber")]
        if ph == RB_PHASE:
            return [(s.active, f"build {s.free_roads} free road(s)")]
        if ph == SETUP_SETTLE:
            return [(s.active, "place a settlement")]
        if ph == SETUP_ROAD:
            return [(s.active, "place a road")]
        if ph in (PRE_ROLL, MAIN):
            return [(s.active, "roll or play a development card" if ph == PRE_ROLL
                     else "trade, build, play a card or end the turn")]
        return []
