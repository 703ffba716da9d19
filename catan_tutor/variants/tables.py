"""The interpreter of a variant's declaration: one legality check, one apply and the
enumeration of legal actions, read from the variant's ``kinds`` and ``phases`` tables
(``records.py``). Each variant is a subclass that declares its tables (``base.py`` first).
"""

from __future__ import annotations

from ..actions import Action, Offer, seat
from ..grammar import waits
from ..rules import awards, words
from ..rules.absent_kinds import absent_sentence
from ..rules.common import Reason, actors
from ..rules.precedence import most_specific
from ..state import MAIN, OVER, SETUP_ROAD, SETUP_SETTLE, State
from .capabilities import Capabilities
from .records import Apply, Check, Kind, Phase, Table


class TableRules:
    """Who may act, what is legal and what an action does, read from the tables.

    A variant declares ``variant``, ``target``, ``caps``, ``kinds`` (one :class:`Kind` per
    kind of action) and ``phases`` (one :class:`Phase` per phase); the methods below read
    them. The dicts ``checks``, ``applies``, ``legal_rules``, ``decisions`` and
    ``chance_rules`` are derived from the two tables once per class (``__init_subclass__``),
    for speed and for readers that want one column.
    """

    variant: str
    target: int
    caps: Capabilities
    kinds: Table[Kind]
    phases: Table[Phase]

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
            options = outcome_words(s, [o for o, w in self.chance_outcomes(s) if w])
            return Reason(
                self.chance_rule(s),
                f"That cannot happen now; the next chance event is: {options}.",
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
            return Reason("BASE-TURN-OFFTURN", self._not_yours(s, who[0], p))
        if decision is not None and type(a) not in decision.kinds:
            if p != s.active:
                owed = [d for q, d in self.pending(s) if q == p]
                # (one bracket: "…now (answer P1's offer (P1 gives…))" read as nested, l47)
                return Reason(
                    "BASE-TURN-OFFTURN",
                    f"It is {s.name(s.active)}'s turn: {s.name(p)} may only "
                    f"{'; '.join(owed) or self._owed(s, p)} now.",
                )
            return Reason(decision.rule, f"Waiting for {self._owed(s, p)}.")
        if fn is None:
            return Reason("BASE-TURN-PHASES", "This game has no move of that kind.")
        return fn(s, a)

    def _not_yours(self, s: State, mover: int, p: int) -> str:
        """Why seat ``p`` may not act while ``mover`` is to move (rule="BASE-TURN-OFFTURN"),
        in a learner's words; what ``p`` may still do is said only where it can happen now:
        in the main phase of a turn with trade between players, answer a trade offered."""
        said = f"It is {s.name(mover)}'s move, not {s.name(p)}'s."
        if s.phase == MAIN and Offer in self.checks and mover == s.active:
            said += (
                f" Until it is their turn, {s.name(p)} can only answer a trade "
                f"{s.name(mover)} offers them."
            )
        return said

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
        return Reason(rule, absent_sentence(self.variant, type(a).__name__))

    def prompt(self, s: State) -> str:
        """What the game waits for, in a learner's words (for a header or a status line)."""
        return words.prompt(self, s)

    def _owed(self, s: State, p: int) -> str:
        """Who owes what now, after "Waiting for": "P2 and P3 to discard 4 cards each"."""
        return waits([(seat(q), d) for q, d in self.pending(s) if q >= 0]) or words.prompt(self, s)

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


def outcome_words(s: State, outcomes: list[Action]) -> str:
    """The chance outcomes possible now in words: a die's faces at once ("the white die shows
    1, 2, 3, 4, 5 or 6"), any other outcome as its sentence."""
    faces: dict[str, list[str]] = {}
    said: list[str] = []
    for o in outcomes:
        die, value = getattr(o, "die", None), getattr(o, "value", None)
        if isinstance(die, str) and isinstance(value, int):
            faces.setdefault(die, []).append(str(value))
            continue
        try:
            text = o.sentence(s).rstrip(".")
        except (IndexError, KeyError, TypeError, ValueError, AttributeError):
            text = words.notation_words(str(o))
        said.append(text[:1].lower() + text[1:] if text[1:2].islower() else text)
    dice = [
        f"the {die} die shows " + (", ".join(v[:-1]) + " or " + v[-1] if len(v) > 1 else v[0])
        for die, v in faces.items()
    ]
    return "; ".join(dice + said)
