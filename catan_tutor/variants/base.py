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
    make,
    seat,
)  # fmt: skip
from ..board import EDGE_OTHER_END, Layout
from ..colors import DEFAULT_COLORS, check_colors
from ..grammar import count
from ..rules import awards, board_setup, building, devcards, production, robber, trade, turn, words
from ..rules.common import (
    CITY_COST,
    DEV_COST,
    ROAD_COST,
    SETTLEMENT_COST,
    Reason,
    actors,
    can_pay,
    setup_round_rule,
)  # fmt: skip
from ..rules.precedence import most_specific
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
from .records import Apply, Check, Kind, Phase, Table


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
    return [(-1, f"{seat(production.rolloff_candidate(s))} rolls for first player")]


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


def _says(text: str) -> Callable[[BaseRules, State], list[tuple[int, str]]]:
    """The active player owes ``text``."""
    return lambda rules, s: [(s.active, text)]


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
        pending=_says("roll or play a development card"),
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
        pending=lambda rules, s: [(s.active, f"build {s.free_roads} free road(s)")],
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
        pending=lambda rules, s: [
            (trade.pending_offer(s).to, f"answer {seat(s.active)}'s trade offer")
        ],
    ),
    Phase(
        OVER,
        "BASE-TURN-PHASES",
        actors=lambda s: [],
        options=lambda rules, s, offers: [],
        pending=_nothing,
    ),
)


class BaseRules:
    """The rules of ``base``: who may act, what is legal, and what an action does.

    The variant is its declaration: ``kinds`` (one :class:`Kind` per kind of action) and
    ``phases`` (one :class:`Phase` per phase); the methods below read them. The dicts
    ``checks``, ``applies``, ``legal_rules``, ``decisions`` and ``chance_rules`` are derived
    from the two tables once per class (``__init_subclass__``), for speed and for readers
    that want one column.
    """

    variant = "base"
    seats: tuple[int, ...] = (3, 4)
    target = 10
    caps = Capabilities()  # what this variant has: everything outside variants/ asks these
    kinds: Table[Kind] = KINDS
    phases: Table[Phase] = PHASES

    # The old names of the facts, read from ``caps`` (one declaration per variant).
    neutrals = property(lambda self: self.caps.neutrals, doc="neutral parties (base-2p)")
    has_dummy = property(lambda self: self.caps.dummy, doc="a dummy seat (base-dummy)")
    tokens = property(lambda self: self.caps.tokens, doc="trade tokens (2P-TOKEN-*)")
    double_roll = property(lambda self: self.caps.double_roll, doc="two rolls (2P-ROLL-TWICE)")
    cities_knights = property(lambda self: self.caps.knights, doc="Cities & Knights (CK-*)")

    # Derived from ``kinds`` and ``phases`` (see __init_subclass__).
    checks: dict[type, Check]
    applies: dict[type, Apply]
    legal_rules: dict[type, str]
    decisions: dict[str, Phase]  # the phases that wait for decisions of their own kinds
    chance_rules: dict[str, str]
    exact: dict[str, frozenset[type]]  # per phase, the kinds its options produce legal
    verify_exact = False  # re-check those too and fail on a difference (the tests set it)

    def __init_subclass__(cls, **kw) -> None:
        super().__init_subclass__(**kw)
        cls._derive()

    @classmethod
    def _derive(cls) -> None:
        kinds, phases = cls.kinds, cls.phases
        cls.checks = {k: r.check for k, r in kinds.items() if r.check is not None}
        cls.applies = {k: r.apply for k, r in kinds.items() if r.apply is not None}
        cls.legal_rules = {k: r.rule for k, r in kinds.items() if r.check is not None}
        cls.decisions = {ph: r for ph, r in phases.items() if r.kinds}
        cls.chance_rules = {ph: r.rule for ph, r in phases.items() if r.chance}
        cls.exact = {
            ph: frozenset(k for k, r in kinds.items() if r.check in phase.exact)
            if phase.guard is None
            else frozenset()  # a guard is always asked
            for ph, phase in phases.items()
        }

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

    # ------------------------------------------------------------ who acts
    def actors(self, s: State) -> list[int]:
        return self.phases[s.phase].actors(s)

    def phase_rule(self, s: State) -> str:
        """The rule of the phase the game is in: behind its wait, or its chance event."""
        ph = self.phases[s.phase]
        return ph.rule if ph.rule_now is None else ph.rule_now(s)

    def chance_rule(self, s: State) -> str:
        """The rule governing the chance event due now."""
        return self.phase_rule(s)

    def wait_rule(self, s: State) -> str:
        """The rule behind what the game waits for now (not a chance event)."""
        return self.phase_rule(s)

    def chance_outcomes(self, s: State) -> list[tuple[Action, int]]:
        """Outcomes of the pending chance event with integer weights (BASE-CHANCE-EVENTS)."""
        outcomes = self.phases[s.phase].outcomes
        return [] if outcomes is None else outcomes(s)

    # ------------------------------------------------------------ the one legality check
    def check(self, s: State, a: Action) -> Reason | None:
        """None when ``a`` is legal in ``s``, else the reason it is not."""
        if s.phase == OVER:
            return Reason("BASE-WIN-10", f"The game is over: {seat(s.winner)} has won.")
        phase = self.phases[s.phase]
        if phase.guard is not None:
            bad = phase.guard(s, a)
            if bad is not None:
                return bad
        if a.is_chance:
            if not phase.chance:
                return Reason(
                    "BASE-CHANCE-EVENTS",
                    f"No chance event is due now; {seat(actors(s)[0])} is to decide.",
                )
            if any(o == a and w for o, w in self.chance_outcomes(s)):
                return None
            options = ", ".join(str(o) for o, w in self.chance_outcomes(s) if w)
            return Reason(
                self.chance_rule(s),
                f"'{a}' cannot happen now; the possible outcomes are: {options}.",
            )
        if phase.chance:
            return Reason(
                "BASE-CHANCE-EVENTS",
                "A chance event must be resolved before "
                f"anyone acts: {words.chance_words(self, s)}.",
            )
        p = a.player
        fn = self.checks.get(type(a))
        decision = phase if phase.kinds else None
        if decision is None:
            if p == s.active and fn is not None:
                return fn(s, a)  # the usual case: the active player acts
        elif phase.own_check and fn is not None and type(a) in phase.kinds:
            return fn(s, a)  # the kind's check says who decides
        who = phase.actors(s)
        if p not in who:
            if not 0 <= p < s.n:
                return Reason("BASE-TURN-OFFTURN", f"There is no seat {seat(p)} in this game.")
            if decision is not None and decision.everyone_waits:
                return Reason(
                    decision.rule,
                    f"Waiting for {self._owed(s, p)}; nothing else happens until then.",
                )
            return Reason(
                "BASE-TURN-OFFTURN",
                f"It is {s.name(who[0])}'s move; {seat(p)} may "
                "only trade with the active player and settle their own decisions.",
            )
        if decision is not None and type(a) not in decision.kinds:
            if p != s.active:
                return Reason(
                    "BASE-TURN-OFFTURN",
                    f"{seat(p)} is not on turn: they may only "
                    f"settle their pending decision ({self._owed(s, p)}).",
                )
            return Reason(decision.rule, f"Waiting for {self._owed(s, p)} first.")
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
        of the variant amends ("Replaces"/"Amends" in rulebook/rules.md §0) is never cited
        (rules/precedence.py). Amendments of some cases only (``precedence.PARTIAL``) and the
        rules a variant restates are cited by the check that decides the case, never here."""
        rule = most_specific(self.variant, reason.rule)
        return reason if rule == reason.rule else Reason(rule, reason.text)

    def refine(self, s: State, a: Action, bad: Reason) -> Reason:
        """A refused action's own reason where ``check`` stops at a general one: a kind this
        variant does not have, or a decision's action typed by a seat that does not owe it
        (the kind's check says why, e.g. it owes nothing, or what the rule allows)."""
        if a.is_chance or s.phase == OVER:
            return bad
        phase = self.phases[s.phase]
        if phase.chance:
            return bad
        p, kind = a.player, type(a)
        if not 0 <= p < s.n:
            return bad
        fn = self.checks.get(kind)
        if fn is None:
            return self.foreign(s, a)
        if kind in phase.kinds and p not in phase.actors(s):
            own = fn(s, a)
            if own is not None:
                return own
        return bad

    def foreign(self, s: State, a: Action) -> Reason:
        """rule="BASE-COMP-PIECES" / rule="CK-COMP-PIECES": a kind of action another variant
        has (knights, tokens, neutrals, the dummy's bids) is no move of this one."""
        rule = "CK-COMP-PIECES" if self.caps.knights else "BASE-COMP-PIECES"
        word = str(a).split()[1] if len(str(a).split()) > 1 else str(a)
        return Reason(
            rule,
            f"There is no '{word}' in {self.variant}: '{a}' is a move of "
            "another variant, and this game has no pieces or cards for it.",
        )

    def prompt(self, s: State) -> str:
        """What the game waits for, in a learner's words (for a header or a status line)."""
        return words.prompt(self, s)

    def _owed(self, s: State, p: int) -> str:
        return "; ".join(f"{seat(q)}: {d}" for q, d in self.pending(s))

    def describe(self, s: State, a: Action) -> Reason:
        """Why a legal action is legal: its rule and a sentence saying what it does."""
        if a.is_chance:
            return Reason(self.chance_rule(s), words.say(s, a))
        if s.phase in (SETUP_SETTLE, SETUP_ROAD):
            return Reason(self.phase_rule(s), words.say(s, a))  # which setup round
        kind = self.kinds.get(type(a))
        if kind is not None and kind.explain is not None:
            own = kind.explain(self, s, a)
            if own is not None:
                return own
        return Reason(self.legal_rules.get(type(a), "BASE-TURN-PHASES"), words.say(s, a))

    def apply(self, s: State, a: Action) -> None:
        """Apply a legal action to ``s`` in place."""
        self.applies[type(a)](s, a)
        awards.check_win(s, self.target)

    # ------------------------------------------------------------ enumeration
    def candidates(self, s: State, offers: bool = True) -> list[Action]:
        """A superset of the legal actions, in a fixed order; ``check`` filters it."""
        phase = self.phases[s.phase]
        if phase.chance:
            return [o for o, w in phase.outcomes(s) if w]  # type: ignore[misc]
        return phase.options(self, s, offers)  # type: ignore[misc]

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

    def legal_actions(self, s: State, offers: bool = True) -> list[Action]:
        """Legal actions in a fixed order; ``offers=False`` leaves out player trade offers."""
        phase = self.phases[s.phase]
        if phase.chance:  # exactly the outcomes with a weight, which check() accepts
            return [o for o, w in phase.outcomes(s) if w]  # type: ignore[misc]
        cands = phase.options(self, s, offers)  # type: ignore[misc]  # as candidates()
        exact = self.exact[s.phase]  # kinds the options produce legal: their check is skipped
        if exact and exact.issuperset(map(type, cands)):
            out = list(cands)  # every option legal by construction (the usual main phase)
        elif not phase.kinds and phase.guard is None and s.phase != OVER:
            # check()'s prelude passes the active player's actions straight to the kind's
            # check; do that once here instead of per candidate.
            checks, active = self.checks, s.active
            out = [
                a
                for a in cands
                if a.player == active and (type(a) in exact or checks[type(a)](s, a) is None)
            ]
        else:
            check = self.check
            out = [a for a in cands if type(a) in exact or check(s, a) is None]
        if self.verify_exact and exact:
            full = [a for a in cands if self.check(s, a) is None]
            if out != full:
                raise AssertionError(
                    f"{self.variant} {s.phase}: options said legal by "
                    "construction fail their check: "
                    f"{[str(a) for a in out if a not in full]}"
                )
        return out

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
        phase = self.phases[ph]
        for p, text in self.pending(s):
            if p < 0:
                rule = self.chance_rule(s) if phase.chance else "BASE-CHANCE-EVENTS"
                kind, prompt, count = "chance", words.chance_words(self, s), 1
            else:
                rule, kind, prompt = self.wait_rule(s), ph, text
                count = 1 if phase.count is None else phase.count(s, p)
            out.append((p, text, kind, self.specific(Reason(rule, "")).rule, count, prompt))
        return out

    def pending(self, s: State) -> list[tuple[int, str]]:
        """Decisions owed now: (seat, what), chance events as seat -1."""
        return self.phases[s.phase].pending(self, s)  # type: ignore[misc]


BaseRules._derive()
