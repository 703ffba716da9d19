"""The Game: play, explain, undo and redo over snapshots of the state."""

from __future__ import annotations

from dataclasses import dataclass

from .actions import Action, parse_action, seat
from .errors import IllegalActionError
from .rules.awards import public_points
from .state import OVER, State

CHANCE = -1  # current_player at a chance event
TERMINAL = -2  # current_player once the game is over


@dataclass(frozen=True, slots=True)
class Explanation:
    """The answer of :meth:`Game.explain`."""

    action: Action
    legal: bool
    rule: str
    reason: str

    def __str__(self) -> str:
        return f"{'legal' if self.legal else 'illegal'}: {self.reason} [{self.rule}]"


@dataclass(frozen=True, slots=True)
class Pending:
    """A decision the game waits for: who owes it (-1: chance) and what it is."""

    player: int
    decision: str

    def __str__(self) -> str:
        return f"{seat(self.player) if self.player >= 0 else 'chance'}: {self.decision}"


class Game:
    """One game of a variant. Every ``play`` keeps the previous state, so undo is O(1)."""

    def __init__(self, rules, state: State, seed: int | None = None):
        self.rules = rules
        self.seed = seed
        self._states: list[State] = [state]
        self._actions: list[Action] = []
        self._redo: list[tuple[Action, State]] = []

    # ------------------------------------------------------------ views
    @property
    def state(self) -> State:
        """The current state (treat as read-only)."""
        return self._states[-1]

    @property
    def variant(self) -> str:
        return self.rules.variant

    @property
    def players(self) -> int:
        """Number of players (neutrals and the dummy not counted)."""
        return self.state.n

    @property
    def names(self) -> tuple[str, ...]:
        """Every party's name: the players P1.., then N1, N2 or D where the variant has them."""
        return self.state.names

    @property
    def layout(self):
        return self.state.layout

    @property
    def colors(self) -> tuple[str, ...]:
        return self.state.colors

    @property
    def history(self) -> list[Action]:
        return list(self._actions)

    @property
    def current_player(self) -> int:
        """Seat to move, ``CHANCE`` at a chance event, ``TERMINAL`` when the game is over."""
        if self.state.phase == OVER:
            return TERMINAL
        who = self.rules.actors(self.state)
        return who[0] if who else CHANCE

    @property
    def pending(self) -> list[Pending]:
        return [Pending(p, d) for p, d in self.rules.pending(self.state)]

    @property
    def winner(self) -> int | None:
        w = self.state.winner
        return w if w >= 0 else None

    def is_chance(self) -> bool:
        return self.current_player == CHANCE

    def is_over(self) -> bool:
        return self.state.phase == OVER

    def victory_points(self, player: int) -> int:
        return self.rules.victory_points(self.state, player)

    def vp_breakdown(self, player: int) -> dict[str, int]:
        """Where ``player``'s victory points come from, e.g. ``{"settlements": 2, "cities":
        4}``; the values sum to ``victory_points(player)`` (hidden VP cards included)."""
        return self.rules.vp_breakdown(self.state, player)

    def observation(self, viewer: int | None = None) -> dict:
        """What ``viewer`` may see (BASE-INFO): the public game plus their own cards.

        Others' hands and development cards appear only as counts (until the game is over,
        when every hand is revealed, Victory Point cards included); the deck order never.
        The dummy's hand is always face up (DUMMY-SETUP-HAND); sealed bids show only whether
        a seat has answered (DUMMY-TRADE-PROTOCOL). Neutrals and the dummy follow the players
        in ``seats``.
        """
        s = self.state
        seats = []
        for p in range(len(s.names)):
            own = p == viewer or s.phase == OVER or p == s.dummy
            seats.append({
                "seat": s.name(p), "color": s.colors[p], "hand_size": sum(s.hands[p]),
                "dev_cards": sum(s.dev[p]), "knights_played": s.knights[p],
                "public_vp": public_points(s, p), "road_length": s.road_len[p],
                "tokens": s.tokens[p],
                "hand": list(s.hands[p]) if own else None,
                "dev": list(s.dev[p]) if own else None,
            })  # fmt: skip
        if s.kn:  # rule="CK-INFO": progress cards secret but counted; the rest is public
            for p, seat_view in enumerate(seats):
                own = p == viewer or s.phase == OVER
                seat_view |= {
                    "levels": list(s.levels[p]), "defender": s.defender[p],
                    "vp_cards": s.pvp[p], "progress_cards": len(s.phand[p]),
                    "progress": list(s.phand[p]) if own else None,
                    "public_vp": self.rules.victory_points(s, p),
                }  # fmt: skip
        return {
            "phase": s.phase, "turn": s.turn, "active": s.name(s.active), "robber": s.robber,
            "bank": list(s.bank), "deck_size": sum(s.deck), "dice": s.dice,
            "longest_road": s.longest, "largest_army": s.army, "seats": seats,
            "buildings": [(v, o, s.vcity[v]) for v, o in enumerate(s.vowner) if o >= 0],
            "roads": [(e, o) for e, o in enumerate(s.eowner) if o >= 0],
            "token_supply": s.token_supply, "sums": s.sums,
            "bids_answered": [b is not None for b in s.bids],
            "knights": [(v, *k[:3]) for v, k in enumerate(s.kn) if k is not None],
            "walls": [v for v, w in enumerate(s.walls) if w], "metropolises": list(s.metro),
            "barbarians": s.barb, "merchant": s.merchant, "event": s.event,
        }  # fmt: skip

    # ------------------------------------------------------------ actions
    def legal_actions(self) -> list[Action]:
        """Every legal action, in a fixed order (player trade offers: the 1-for-1 subset)."""
        return self.rules.legal_actions(self.state)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """(outcome, probability) pairs at a chance event; empty otherwise."""
        pairs = [(a, w) for a, w in self.rules.chance_outcomes(self.state) if w]
        total = sum(w for _, w in pairs)
        return [(a, w / total) for a, w in pairs]

    def chance_weights(self) -> list[tuple[Action, int]]:
        """Like :meth:`chance_outcomes` with exact integer weights."""
        return [(a, w) for a, w in self.rules.chance_outcomes(self.state) if w]

    def parse(self, text: str) -> Action:
        """The action written ``text``; a missing seat means the player to move."""
        who = self.rules.actors(self.state)
        return parse_action(text, who[0] if who else -1, self.state.n, len(self.state.bank))

    def _action(self, action_or_text: Action | str) -> Action:
        if isinstance(action_or_text, str):
            return self.parse(action_or_text)
        return action_or_text

    def explain(self, action_or_text: Action | str) -> Explanation:
        """Whether the action is legal here, with the rule ID and a reason for a learner."""
        a = self._action(action_or_text)
        reason = self.rules.check(self.state, a)
        if reason is None:
            ok = self.rules.describe(self.state, a)
            return Explanation(a, True, ok.rule, ok.text)
        return Explanation(a, False, reason.rule, reason.text)

    def play(self, action_or_text: Action | str) -> Action:
        """Play a legal action; an illegal one raises IllegalActionError and changes nothing."""
        a = self._action(action_or_text)
        s = self.state
        reason = self.rules.check(s, a)
        if reason is not None:
            who = seat(a.player) if a.player >= 0 else "chance"
            raise IllegalActionError(f"'{a}' is illegal for {who}: {reason.text} "
                                     f"[{reason.rule}]", reason.rule)
        new = s.copy()
        self.rules.apply(new, a)
        self._states.append(new)
        self._actions.append(a)
        self._redo.clear()
        return a

    def undo(self) -> Action:
        """Take back the last action (O(1)); it can be replayed with :meth:`redo`."""
        if not self._actions:
            raise IndexError("nothing to undo: the game is at its start")
        a = self._actions.pop()
        self._redo.append((a, self._states.pop()))
        return a

    def redo(self) -> Action:
        if not self._redo:
            raise IndexError("nothing to redo")
        a, s = self._redo.pop()
        self._actions.append(a)
        self._states.append(s)
        return a

    def clone(self) -> Game:
        """An independent game at the same position with the same history."""
        g = Game(self.rules, self.state, self.seed)
        g._states = list(self._states)  # states are never mutated once stored
        g._actions = list(self._actions)
        return g

    # ------------------------------------------------------------ position text
    def position(self) -> str:
        """One line that restores this exact game state (hidden cards and deck included)."""
        from .position import encode

        return encode(self.rules, self.state)

    @classmethod
    def from_position(cls, text: str) -> Game:
        """The game described by :meth:`position` text (history starts there)."""
        from .position import decode
        from .variants import rules_for

        variant, state = decode(text)
        return cls(rules_for(variant, preview=True), state)

    def __repr__(self) -> str:
        return f"<Game {self.variant} {self.players}p turn {self.state.turn} {self.state.phase}>"
