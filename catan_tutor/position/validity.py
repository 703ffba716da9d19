"""Whether a game state keeps the rules, apart from any text: ``validate(rules, s)`` returns
its ``Problem`` records (what is wrong and where, citing the rule ID where a rule decides),
[] for a valid state. The position reader (``position.decode``) refuses a text whose state has
one, the board editor an edit that makes one, a scenario a start that has one.

The checks run in stages, each once the ones before found nothing (a later stage may rely on
what an earlier one checked): the fields' contents (supplies BASE-COMP-*, BASE-BUILD-LIMITS,
buildings apart BASE-BUILD-DISTANCE, knights and city parts CK-*); the phase, its pending data
and the turn it fits; then whether the rules can go on from the state (who is to act, what
they may do). ``strict`` (the board editor, and lesson starts that must be realistic) adds what
every played game keeps: roads joined to their owner's pieces (BASE-BUILD-ROAD), knights at the
end of their owner's roads (CK-KNIGHT-RECRUIT), what is owed payable (BASE-SEVEN-DISCARD,
DUMMY-TRADE-PROTOCOL), pieces within their supply (CK-BUILD-LIMITS), neutrals without cards,
and somebody able to act."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from ..board import CARD_NAMES, VERTEX_LABELS
from ..errors import quote
from ..problem import Problem
from ..progress_cards import TRACKS
from ..rules import progress
from ..rules.barbarians import DEFENDER_TOKENS
from ..rules.improvements import WALLS, free_cities
from ..state import CHANCE_PHASES, OVER, State
from ..variants.capabilities import Capabilities
from ..variants.ck_state import HARBOR, PROGRESS_DRAW
from . import checks_base, checks_ck, checks_dummy, checks_two_player

__all__ = ["Problem", "validate"]

Check = Callable[..., Iterator[Problem]]  # (rules, state, strict): at most one Problem each


def _all(caps: Capabilities) -> bool:
    return True


def _knights(caps: Capabilities) -> bool:
    return caps.knights


# Each stage's checks, with the variants they apply to, in the order the position text
# lists their fields (the first problem found is the one the position reader reports).
_FIELDS: tuple[tuple[Callable[[Capabilities], bool], Check], ...] = (
    (_all, checks_base.check_resume),
    (_knights, checks_ck.check_fields),
    (_all, checks_base.check),
    (lambda caps: caps.tokens, checks_two_player.check_tokens),
    (_knights, checks_ck.check_roads),
)
_PENDING = ((_all, checks_base.check_dice), (_knights, checks_ck.check_pending))
_PHASE = (
    (_all, checks_base.check_phase),
    (lambda caps: caps.tokens, checks_two_player.check_forced_phase),
    (lambda caps: caps.double_roll, checks_two_player.check_sums_phase),
    (lambda caps: bool(caps.neutrals), checks_two_player.check_neutral_phase),
    (lambda caps: caps.dummy, checks_dummy.check_phase),
    (lambda caps: caps.dummy, checks_dummy.check_road_number),
)


def validate(rules, s: State, strict: bool = False) -> list[Problem]:
    """The problems of ``s`` in ``rules``' variant, those of the first stage that has any;
    [] when ``s`` keeps the rules. ``strict``: see the module docstring."""
    caps = rules.caps
    stages: tuple[Iterable[Check], ...] = (
        [check for applies, check in _FIELDS if applies(caps)],
        (_phase_of_variant,),
        [check for applies, check in _PENDING if applies(caps)],
        [check for applies, check in _PHASE if applies(caps)],
        (_can_go_on,),
        (_edited,) if strict else (),
    )
    for stage in stages:
        found = [p for check in stage for p in check(rules, s, strict)]
        if found:
            return found
    return []


def _phase_of_variant(rules, s: State, strict: bool) -> Iterator[Problem]:
    if s.phase not in rules.phases:
        yield Problem("phase", f"{rules.variant} has no {s.phase} phase")


def _can_go_on(rules, s: State, strict: bool) -> Iterator[Problem]:
    """The rules can say who is to act and what they may do; whatever the checks before
    missed is refused here, naming the phase, instead of failing later in ``legal_actions``.
    Not strict, somebody must be able to act (strict: ``_edited`` names the rule)."""
    ph = s.phase
    try:
        rules.pending(s)
        if ph == OVER:
            options: list = [None]
        elif ph in CHANCE_PHASES:
            options = [a for a, w in rules.chance_outcomes(s) if w]
        else:
            options = rules.legal_actions(s)
    except (ArithmeticError, LookupError, TypeError, ValueError, AttributeError) as e:
        yield Problem(
            "phase",
            f"the {ph} phase cannot go on from this position ({type(e).__name__}: {quote(str(e))})",
        )
        return
    if not options and not strict:
        yield Problem(
            "phase", f"nobody can act in the {ph} phase: start a turn instead ('turn P1 main')"
        )


def _edited(rules, s: State, strict: bool) -> Iterator[Problem]:
    """What every played game keeps (strict only): what is owed can be paid, pieces stay
    within their supply, neutrals hold no cards, and somebody can act."""
    for p in range(len(s.names)):  # rule="BASE-SEVEN-DISCARD", CK-PC-SABOTAGE, CK-PC-WEDDING
        if s.discards[p] > sum(s.hands[p]):
            yield Problem(
                "discards",
                (
                    f"{s.name(p)} owes {s.discards[p]} cards but holds {sum(s.hands[p])} "
                    "(BASE-SEVEN-DISCARD)"
                ),
            )
            return
    for p, bid in enumerate(s.bids):  # rule="DUMMY-TRADE-PROTOCOL"
        if bid and any(x > h for x, h in zip(bid[0], s.hands[p], strict=True)):
            yield Problem(
                "bids",
                (
                    f"{s.name(p)}'s open bid gives cards {s.name(p)} does not hold "
                    "(DUMMY-TRADE-PROTOCOL)"
                ),
            )
            return
        if bid and not s.hands[s.dummy][bid[1]]:
            yield Problem(
                "bids",
                (
                    f"{s.name(p)}'s open bid asks for {CARD_NAMES[bid[1]]}, which the dummy "
                    "does not hold (DUMMY-TRADE-PROTOCOL)"
                ),
            )
            return
    if s.tiebreak and s.tiebreak.purpose == "steal":  # rule="DUMMY-STEAL-TARGET": a card to lose
        empty = [s.name(p) for p in s.tiebreak.candidates if not sum(s.hands[p])]
        if empty:
            yield Problem(
                "tb",
                (
                    f"{empty[0]} is in the roll-off for the dummy's steal but holds no cards "
                    "(DUMMY-STEAL-EMPTY)"
                ),
            )
            return
    if s.caps.knights:
        ck = list(_ck_edited(s))
        if ck:
            yield from ck
            return
    if s.phase == OVER and rules.victory_points(s, s.winner) < rules.target:
        yield Problem(
            "winner",
            (
                f"{s.name(s.winner)} has won with "
                f"{rules.victory_points(s, s.winner)} victory points, fewer "
                f"than {rules.target}: start a turn to play on "
                f"({'BASE-WIN-10' if rules.target == 10 else 'CK-WIN-13'})"
            ),
        )
        return
    if s.phase != OVER and not (
        rules.chance_outcomes(s) if s.phase in CHANCE_PHASES else rules.legal_actions(s)
    ):
        yield Problem(
            "phase", f"nobody can act in the {s.phase} phase: start a turn instead ('turn P1 main')"
        )


def _ck_edited(s: State) -> Iterator[Problem]:
    """The Cities & Knights part of ``_edited``."""
    limit = progress.HAND_LIMIT
    if sum(s.defender) > DEFENDER_TOKENS:  # rule="CK-BARB-TOKENS"
        held = ", ".join(f"{s.name(p)} {k}" for p, k in enumerate(s.defender) if k)
        yield Problem(
            "defender",
            f"{sum(s.defender)} defender tokens are held ({held}); the box holds "
            f"{DEFENDER_TOKENS} (CK-BARB-TOKENS)",
        )
        return
    for p in range(len(s.names)):
        name = s.name(p)
        if p >= s.n and (s.phand[p] or s.pvp[p] or s.defender[p] or any(s.levels[p])):
            yield Problem(
                "phand",
                (
                    f"{name} holds no progress cards, VP cards, defender tokens or improvements "
                    "(2P-SETUP-PLAYERS)"
                ),
            )
            return
        walls = [v for v, w in enumerate(s.walls) if w and s.vowner[v] == p]
        if len(walls) > WALLS:
            yield Problem(
                "walls",
                (
                    f"{name} has walls on {', '.join(VERTEX_LABELS[v] for v in walls)}, more "
                    f"than {WALLS} (CK-BUILD-LIMITS)"
                ),
            )
            return
        for level in (1, 2, 3):
            off = 1 if s.relocate and s.relocate.owner == p and s.relocate.level == level else 0
            if off and sum(1 for k in s.kn if k and k.owner == p and k.level == level) + off > 2:
                yield Problem(
                    "relocate",
                    (
                        f"{name}'s displaced knight still to be moved would be a third of "
                        f"strength {level} (CK-BUILD-LIMITS)"
                    ),
                )
                return
        own_turn = p == s.active and s.turn > 0  # over the limit until the turn ends
        if not own_turn and p not in s.pdiscards and len(s.phand[p]) > limit:
            yield Problem(
                "phand",
                (
                    f"{name} holds {len(s.phand[p])} progress cards off turn, more than {limit} "
                    "(CK-PROGRESS-HAND-LIMIT)"
                ),
            )
            return
    for p in s.pdiscards:
        if len(s.phand[p]) <= limit:
            yield Problem(
                "pdiscards",
                (
                    f"{s.name(p)} owes a progress discard but holds {len(s.phand[p])} cards "
                    "(CK-PROGRESS-HAND-LIMIT)"
                ),
            )
            return
    for p in s.pillage:
        if not free_cities(s, p):
            yield Problem(
                "pillage",
                (
                    f"{s.name(p)} owes a city to the barbarians but has none without a "
                    "metropolis (CK-BARB-LOSE-CHOICE)"
                ),
            )
            return
    for t, v in enumerate(s.metro):
        if v >= 0 and s.metro.index(v) != t:
            yield Problem(
                "metro",
                (
                    f"the {TRACKS[s.metro.index(v)]} and {TRACKS[t]} metropolises are both on "
                    f"{VERTEX_LABELS[v]} (CK-METRO-NEEDS-CITY)"
                ),
            )
            return
    for v in s.toppled:  # rule="CK-BARB-PILLAGE"
        p = s.vowner[v]
        if p < 0 or s.vcity[v] or s.settlements[p] - sum(s.vowner[t] == p for t in s.toppled) < 5:
            yield Problem(
                "toppled",
                (
                    f"a city lies on its side on {VERTEX_LABELS[v]} only while its owner has "
                    "all 5 settlements on the board (CK-BARB-PILLAGE)"
                ),
            )
            return
    if s.phase == PROGRESS_DRAW and progress.deck_empty(s, s.draws[0].track):
        yield Problem(
            "draws",
            (
                f"the {TRACKS[s.draws[0].track]} deck is empty but a draw from it is due "
                "(CK-PROGRESS-EMPTY)"
            ),
        )
        return
    if s.phase == HARBOR and s.harbor and not any(s.hands[s.harbor.pending[0]][5:]):
        yield Problem(
            "harbor",
            (
                f"{s.name(s.harbor.pending[0])} owes a commodity for a Commercial Harbor but holds "
                "none (CK-PC-COMMERCIAL-HARBOR)"
            ),
        )
        return
