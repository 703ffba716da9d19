"""The Game: play, explain, undo and redo over snapshots of the state."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, fields, is_dataclass
from functools import cache, lru_cache

from . import rulebook
from .actions import Action, parse_action, seat, spot_fields
from .board import (
    EDGE_LABELS,
    N_EDGES,
    N_HEXES,
    N_VERTICES,
    VERTEX_LABELS,
    parse_edge,
    parse_vertex,
)
from .errors import QUOTE_CHARS, IllegalActionError, NotationError, quote
from .rules.awards import public_points, public_vp
from .state import OVER, State
from .variants import rules_for
from .variants.capabilities import Capabilities
from .words.rule_titles import plain_title

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

    @property
    def reference(self):
        """The cited rule's record from the packaged rules reference (catan_tutor.rulebook)."""
        return rulebook.rule(self.rule)

    @property
    def rule_title(self) -> str:
        """The cited rule's title in plain words, e.g. "Knight displacement" (``plain_title``)."""
        return plain_title(self.rule, self.reference.title)

    @property
    def rule_text(self) -> str:
        """The cited rule's text from rulebook/rules.md."""
        return self.reference.text


@dataclass(frozen=True, slots=True)
class Pending:
    """A decision the game waits for: who owes it (-1: chance) and what it is.

    ``decision`` is the text (as before); ``kind`` the phase that waits ("discard", "robber",
    "pillage", "relocate", "neutral", ..., "chance" for a chance event), ``rule`` the rule ID
    that owes it, ``count`` how many (cards to discard or give, free roads; else 1),
    ``prompt`` the same wait in a learner's words, never a raw rule ID, and ``options`` the
    legal actions that settle it (a chance event: its possible outcomes).
    """

    player: int
    decision: str
    kind: str = ""
    rule: str = ""
    count: int = 1
    prompt: str = ""
    options: tuple[Action, ...] = ()

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
    def caps(self) -> Capabilities:
        """What the variant has (commodities, knights, tokens, neutrals, dummy...): ask these,
        never the variant's name or the state's fields."""
        return self.rules.caps

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
    def states(self) -> list[State]:
        """Every state of the history: ``states[i]`` is before ``history[i]``, the last one is
        :attr:`state` (a new list; the states themselves are never changed once stored)."""
        return list(self._states)

    @property
    def ply(self) -> int:
        """How many actions the history holds (``len(history)`` without copying it)."""
        return len(self._actions)

    @property
    def current_player(self) -> int:
        """Seat to move, ``CHANCE`` at a chance event, ``TERMINAL`` when the game is over."""
        if self.state.phase == OVER:
            return TERMINAL
        who = self.rules.actors(self.state)
        return who[0] if who else CHANCE

    @property
    def acting_seat(self) -> int:
        """The seat the game waits for: the one to move, else (at chance or the game's end)
        the seat whose turn it is."""
        who = self.current_player
        return who if who >= 0 else self.state.active

    @property
    def pending(self) -> list[Pending]:
        """Who owes which decision now, as records (see :class:`Pending`), each with its
        legal options."""
        records = self.rules.pending_records(self.state)
        if not records:
            return []
        mine: dict[int, list[Action]] = {}
        if any(rec[0] < 0 for rec in records):
            mine[-1] = [a for a, _ in self.chance_weights()]
        if any(rec[0] >= 0 for rec in records):
            for a in self.legal_actions():
                mine.setdefault(a.player, []).append(a)
        return [
            Pending(p, what, kind, rule, count, prompt, tuple(mine.get(p, ())))
            for p, what, kind, rule, count, prompt in records
        ]

    def prompt(self) -> str:
        """What the game waits for, in a learner's words ("P1: move the robber",
        "roll the dice: white, then red, then the event die" for chance); no raw rule IDs."""
        return self.rules.prompt(self.state)

    def options(self, player: int) -> list[Action]:
        """The legal actions of ``player`` now (a pending decision's options)."""
        return [a for a in self.legal_actions() if a.player == player]

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
                "seat": s.record_name(p), "color": s.colors[p], "hand_size": sum(s.hands[p]),
                "dev_cards": sum(s.dev[p]), "knights_played": s.knights[p],
                "public_vp": public_points(s, p), "road_length": s.road_len[p],
                "tokens": s.tokens[p],
                "hand": list(s.hands[p]) if own else None,
                "dev": list(s.dev[p]) if own else None,
            })  # fmt: skip
        # rule="CK-INFO": progress cards secret but counted; the rest is public
        if s.caps.improvements:
            for p, seat_view in enumerate(seats):
                own = p == viewer or s.phase == OVER
                seat_view |= {
                    "levels": list(s.levels[p]), "defender": s.defender[p],
                    "vp_cards": s.pvp[p], "progress_cards": len(s.phand[p]),
                    "progress": list(s.phand[p]) if own else None,
                    "public_vp": public_vp(self.rules, s, p),
                }  # fmt: skip
        return {
            "phase": s.phase, "turn": s.turn, "active": s.record_name(s.active), "robber": s.robber,
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

    def read_action(self, action_or_text: Action | str) -> Action:
        """The action meant: notation is parsed; an ``Action`` must have fields of their
        types (the rules judge their values); anything else is a NotationError."""
        if isinstance(action_or_text, str):
            return self.parse(action_or_text)
        if not isinstance(action_or_text, Action):
            raise NotationError(
                f"cannot read {quote(action_or_text)}: an action is an Action "
                "or its notation (text like 'P1 settle H4')"
            )
        if not _well_formed(action_or_text):
            raise NotationError(
                f"cannot play {_fields_text(action_or_text)}: a field is not of "
                "its type (whole numbers, tuples of them, a word)"
            )
        off = _off_board(action_or_text) or _unreadable(action_or_text)
        if off:
            raise NotationError(f"cannot play {_fields_text(action_or_text)}: {off}")
        return action_or_text

    _action = read_action  # the older private name, still used by some tests

    def explain(self, action_or_text: Action | str) -> Explanation:
        """Whether the action is legal here, with the rule ID and a reason for a learner."""
        a = self.read_action(action_or_text)
        legal, why = self.rules.verdict(self.state, a)
        text = why.text
        if isinstance(action_or_text, str):
            text = _echo_labels(action_or_text, a, text)
        return Explanation(a, legal, why.rule, text)

    def play(self, action_or_text: Action | str) -> Action:
        """Play a legal action; an illegal one raises IllegalActionError and changes nothing."""
        a = self.read_action(action_or_text)
        s = self.state
        reason = self.rules.refusal(s, a)
        if reason is not None:
            who = seat(a.player) if a.player >= 0 else "chance"
            raise IllegalActionError(
                f"'{a}' is illegal for {who}: {reason.text} [{reason.rule}]", reason.rule
            )
        new = s.copy()
        self.rules.apply(new, a)
        self._states.append(new)
        self._actions.append(a)
        self._redo.clear()
        return a

    def play_out(
        self,
        pick: Callable[[State], Action],
        *,
        turns: int | None = None,
        max_actions: int = 100_000,
    ) -> bool:
        """The fast play of playouts: apply ``pick(state)`` again and again, unchecked, until
        the game is over or ``turns`` more turns have begun (None: no limit). True if it
        stopped so, False if ``max_actions`` were played first.

        ``pick`` must return a legal action (from ``rules.legal_actions`` or
        ``rules.chance_outcomes``, as :mod:`catan_tutor.sampler` does): nothing is checked.
        The redo list is cleared, the history grows as with :meth:`play`."""
        states, actions, apply = self._states, self._actions, self.rules.apply
        self._redo.clear()
        stop = sys.maxsize if turns is None else states[-1].turn + turns
        for _ in range(max_actions):
            s = states[-1]
            if s.phase == OVER or s.turn >= stop:
                return True
            a = pick(s)
            new = s.copy()
            apply(new, a)
            states.append(new)
            actions.append(a)
        return False

    @property
    def events(self) -> list:
        """What the last action did: ``catan_tutor.words.narrate.Event`` records (production,
        steals, the barbarian attack, awards, VP changes...); ``[]`` at the start."""
        return self.events_of(-1) if self._actions else []

    def events_of(self, index: int) -> list:
        """What the ``index``-th action of :attr:`history` did (negative: from the end)."""
        from .words.narrate import events  # on first use: `import catan_tutor` stays light

        i = range(len(self._actions))[index]
        return events(self.rules, self._states[i], self._actions[i], self._states[i + 1])

    def play_narrated(self, action_or_text: Action | str) -> tuple[Action, list]:
        """:meth:`play`, returning the action played and its :attr:`events`."""
        a = self.play(action_or_text)
        return a, self.events

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
        from .position import encode  # on first use: `import catan_tutor` stays light

        return encode(self.rules, self.state)

    @classmethod
    def from_position(cls, text: str) -> Game:
        """The game described by :meth:`position` text (history starts there)."""
        from .position import decode  # on first use: `import catan_tutor` stays light

        variant, state = decode(text)
        return cls(rules_for(variant, preview=True), state)

    def _repr_svg_(self) -> str:
        """The board as SVG: a notebook cell shows a Game as a picture (catan_tutor.render)."""
        from .render import svg  # on first use: `import catan_tutor` stays light

        return svg(self)

    def __repr__(self) -> str:
        return f"<Game {self.variant} {self.players}p turn {self.state.turn} {self.state.phase}>"


_INT_LIMIT = 10**6  # beyond the largest count notation writes (6 digits): names nothing


def _is_int(x: object) -> bool:
    return type(x) is int and -_INT_LIMIT < x < _INT_LIMIT


def _is_bundle(x: object) -> bool:
    return type(x) is tuple and len(x) <= 8 and all(map(_is_int, x))


def _is_args(x: object) -> bool:  # a progress card's arguments: numbers and bundles
    return type(x) is tuple and len(x) <= 8 and all(_is_int(y) or _is_bundle(y) for y in x)


_FIELD_KINDS = {
    "int": _is_int,
    "str": lambda x: type(x) is str and len(x) <= 16,
    "bool": lambda x: type(x) is bool,
    "Bundle": _is_bundle,
    "tuple": _is_args,
}


@cache
def _field_checks(cls: type) -> tuple:
    return tuple((f.name, _FIELD_KINDS.get(str(f.type), lambda x: False)) for f in fields(cls))


def _well_formed(a: Action) -> bool:
    """Whether every field of ``a`` has its declared type (ints of sane size, tuples of
    them): the rules then judge the values and refuse out-of-range ones with a rule."""
    cls = type(a)
    if not is_dataclass(cls):
        return False
    return all(ok(getattr(a, name, None)) for name, ok in _field_checks(cls))


_BOARD = {"hex": (N_HEXES, "hexes"), "vertex": (N_VERTICES, "vertices"), "edge": (N_EDGES, "edges")}


def _off_board(a: Action) -> str:
    """What names a spot the board does not have ("" if nothing): a hex, vertex or edge
    number outside the board's (notation can only name spots that exist; -1 is "none").
    The spots are the kind's ``spot_fields``; hexes are checked first, then vertices, edges."""
    for name, kind, _ in sorted(spot_fields(type(a)), key=lambda f: list(_BOARD).index(f[1])):
        value = getattr(a, name, None)
        size, what = _BOARD[kind]
        if type(value) is int and not -1 <= value < size:  # -1: none (e.g. Improve's city)
            return f"{name}={value} is not on the board (its {what} are 0–{size - 1})"
    return ""


@lru_cache(maxsize=8192)
def _unreadable(a: Action) -> str:
    """Why ``a`` cannot even be written in notation ("" if it can): a field that names nothing
    at all (resource 8, card 99). Values the notation can write but a rule forbids (a die of
    7 for Alchemy, a seat past the game's) go on to the rules, which refuse them with a rule."""
    try:
        str(a)
    except (IndexError, KeyError, ValueError, TypeError):
        return "a field names nothing that exists"
    return ""


def _fields_text(a: Action) -> str:
    """``Settle(player=0, vertex=999)``, cut short: the fields as given, whatever they are."""
    if not is_dataclass(a):
        return quote(a)
    try:
        inner = ", ".join(f"{f.name}={quote(getattr(a, f.name), 20)}" for f in fields(a))
    except Exception:  # noqa: BLE001 - a field that cannot be read
        inner = "..."
    text = f"{type(a).__name__}({inner})"
    return text if len(text) <= 2 * QUOTE_CHARS else text[: 2 * QUOTE_CHARS] + "…"


def _echo_labels(text: str, a: Action, reason: str) -> str:
    """The reason in the learner's own labels: a vertex or edge typed under another name
    than its canonical one (J2 for F6) reads "J2 (F6)"."""
    places = {
        (f, kind): getattr(a, f)
        for f, kind, _ in spot_fields(type(a))
        if kind != "hex" and type(getattr(a, f, None)) is int
    }
    if not places:
        return reason
    typed = {}
    for token in text.replace(",", " ").split()[1:]:
        for (_, kind), where in places.items():
            labels, parse = (
                (EDGE_LABELS, parse_edge) if kind == "edge" else (VERTEX_LABELS, parse_vertex)
            )
            try:
                if parse(token) != where:
                    continue
            except ValueError:
                continue
            canon = labels[where]
            if token.upper() != canon:
                typed[canon] = token.upper()
    for canon, mine in typed.items():
        reason = re.sub(rf"(?<![\w/]){re.escape(canon)}(?![\w/])", f"{mine} ({canon})", reason)
    return reason
