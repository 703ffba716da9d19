"""Official two-player Catan (``base-2p``, rulebook/rules.md §2): two neutrals, two rolls, trade
tokens."""

from __future__ import annotations

from ..actions import (
    BankTrade,
    BuildCity,
    BuildRoad,
    BuyDev,
    Die,
    ForcedDraw,
    ForcedTrade,
    NeutralRoad,
    NeutralSettle,
    Offer,
    PlayKnight,
    PlayMonopoly,
    PlayPlenty,
    PlayRoadBuilding,
    RemoveKnight,
    ReturnKnight,
    RobberHome,
    Roll,
    Settle,
    seat,
)  # fmt: skip
from ..board import Layout
from ..rules import double_roll, neutral, tokens
from ..rules.common import Reason
from ..state import DICE, MAIN, OVER, PRE_ROLL, ROAD_BUILDING, State
from . import base, turn_start_words
from .base import BaseRules
from .capabilities import Capabilities
from .records import Kind, Phase
from .two_player_actions import set_token_price
from .two_player_state import NEUTRAL

set_token_price(tokens.cost)  # the token actions' sentences say the tokens spent (2P-TOKEN-COST)


# What the builder owes a neutral, said as what to do (the header's "P1: …")
OWED = {
    "settle": "build a free settlement for Neutral 1 or Neutral 2",
    "road": "build a free road for Neutral 1 or Neutral 2",
    "knight": "place a free basic knight for Neutral 1 or Neutral 2",
    "promote": "promote a knight of Neutral 1 or Neutral 2",
}


def _with_tokens(options):
    """``options`` and the active player's token actions (rule="2P-TOKEN-COST")."""

    def both(rules, s: State, offers: bool) -> list:
        return [*options(rules, s, offers), *tokens.options(s, s.active)]

    return both


def _neutral_options(rules, s: State, offers: bool) -> list:
    return neutral.options(s)


def _second_roll_pending(rules, s: State) -> list[tuple[int, str]]:
    if len(s.sums) == 1:
        return [(-1, f"2P-ROLL-TWICE (second roll, must differ from {s.sums[0]})")]
    return base.chance_pending(rules, s)


def _neutral_rule(s: State) -> str:
    """The rule that owes the neutral piece due (rule="2P-NEUTRAL-MIRROR", or its fallback's)."""
    return neutral.due_reason(s, "").rule


NEUTRAL_KINDS = (NeutralSettle, NeutralRoad)

KINDS = base.KINDS.replace(
    Kind(Die, "2P-ROLL-TWICE", apply=double_roll.apply_die_twice),
).add(
    Kind(NeutralSettle, "2P-NEUTRAL-MIRROR", neutral.check_settle, neutral.apply_settle),
    Kind(NeutralRoad, "2P-NEUTRAL-MIRROR", neutral.check_road, neutral.apply_road),
    Kind(
        ForcedTrade, "2P-TOKEN-FORCED-TRADE", tokens.check_forced_trade, tokens.apply_forced_trade
    ),
    Kind(RobberHome, "2P-TOKEN-ROBBER", tokens.check_robber_home, tokens.apply_robber_home),
    Kind(
        ReturnKnight,
        "2P-TOKEN-INCOME-KNIGHT",
        tokens.check_return_knight,
        tokens.apply_return_knight,
    ),
)

# The token actions ``tokens.options`` lists legal by construction (cost, one per turn,
# both hands, the robber's place, a knight cashed in once per Action phase), in the phases that
# list them.
TOKEN_EXACT = frozenset(
    {tokens.check_forced_trade, tokens.check_robber_home, tokens.check_remove_knight}
)

PHASES = base.PHASES.replace(
    base.PHASES[PRE_ROLL].but(
        options=_with_tokens(base.roll_options),
        exact=base.PRE_ROLL_EXACT | TOKEN_EXACT,
        pending=lambda rules, s: turn_start_words.before_rolling(
            s, "play a development card" if rules.dev_candidates(s, s.active) else ""
        ),
    ),
    base.PHASES[MAIN].but(
        options=_with_tokens(base.main_options), exact=base.MAIN_EXACT | TOKEN_EXACT
    ),
    base.PHASES[DICE].but(rule="2P-ROLL-TWICE", pending=_second_roll_pending),
).add(
    # rule="2P-NEUTRAL-MIRROR": the builder builds the mirrored piece; the kinds' checks name
    # the seat that decides (rule="2P-NEUTRAL-CHOOSER"), so they run whoever types them.
    Phase(
        NEUTRAL,
        "2P-NEUTRAL-MIRROR",
        kinds=NEUTRAL_KINDS,
        everyone_waits=False,
        own_check=True,
        rule_now=_neutral_rule,
        options=_neutral_options,
        pending=lambda rules, s: [
            # (a verb: "Next, it is up to P1 to build a free road…"; l33 read "to a free road")
            (s.active, OWED[neutral.due(s).owed])
        ],
    ),
)


class TwoPlayerRules(BaseRules):
    """``base`` plus rulebook/rules.md §2 (2P-*)."""

    variant = "base-2p"
    seats = (2,)
    caps = Capabilities(tokens=True, neutrals=2, double_roll=True)
    kinds = KINDS
    phases = PHASES

    def refine(self, s: State, a, bad):
        return refine(self, s, a, super().refine(s, a, bad))

    def new_state(self, players: int, layout: Layout | None, **kw) -> State:
        return setup(super().new_state(players, layout, **kw))

    def apply(self, s: State, a) -> None:
        before = s.phase
        super().apply(s, a)
        if not a.is_chance:  # dice and steals owe no tokens and no neutral pieces
            mirror(s, a, before)


def refine(rules, s: State, a, bad):
    """In phase ``neutral`` anything but the owed neutral piece waits for it, under the
    rule that owes that piece (rule="2P-NEUTRAL-MIRROR", rule="CK2P-NEUTRAL-KNIGHT-PLACE",
    rule="CK2P-NEUTRAL-KNIGHT-PROMOTE", or a fallback's rule); the two rolls decide a
    turn-order refusal (``_two_rolls``)."""
    if s.phase == NEUTRAL and type(a) not in rules.phases[NEUTRAL].kinds and a.player == s.active:
        return neutral.due_reason(s, str(a))
    if bad.rule in ("BASE-TURN-PHASES", "BASE-CHANCE-EVENTS") and a.player == s.active:
        return _two_rolls(s, a, bad)
    return bad


def setup(s: State) -> State:
    """The neutrals' start pieces and the trade tokens (rule="2P-SETUP-NEUTRAL-SETTLEMENTS",
    rule="2P-SETUP-TOKENS")."""
    neutral.place_starts(s)
    tokens.setup(s)
    return s


def mirror(s: State, a, before: str) -> None:
    """Token income and the neutral copy owed after a player's action (2P-NEUTRAL-MIRROR)."""
    kind = type(a)
    if kind is Settle or kind is NeutralSettle:
        tokens.settlement_income(s, s.active, a.vertex)
    if s.phase != OVER and before in (MAIN, ROAD_BUILDING) and kind in (Settle, BuildRoad):
        neutral.start(s, "settle" if kind is Settle else "road")  # not in setup


_AFTER_ROLLS = (Settle, BuildRoad, BuildCity, BuyDev, BankTrade, Offer)
# 2P-ROLL-TIMING: development cards, token actions and Knight-card returns, not between rolls
_NOT_BETWEEN = (
    PlayKnight,
    PlayRoadBuilding,
    PlayPlenty,
    PlayMonopoly,
    ForcedTrade,
    RobberHome,
    ReturnKnight,
)
_TOKEN_ACTIONS = (ForcedTrade, ForcedDraw, RobberHome, RemoveKnight)  # ck-2p (CK2P-ROLL-TIMING)


def _two_rolls(s: State, a, bad):
    """Where the two rolls decide a turn-order refusal: a third roll (rule="2P-ROLL-TWICE"),
    trading or building before the first roll (rule="2P-ROLL-TIMING"), and anything of the
    player's while the second roll is due: the two-player timing rule for what it names
    (rule="2P-ROLL-TIMING", rule="CK2P-ROLL-TIMING"), else the rule that the turn has two
    rolls (rule="2P-ROLL-TWICE", rule="CK2P-ROLL-DOUBLE"); else ``bad``."""
    who = seat(s.active)
    if isinstance(a, Roll) and s.phase == MAIN:
        return Reason(
            "2P-ROLL-TWICE",
            f"{who} has rolled twice this turn, as the two-player "
            "rules ask; the next roll is the next player's.",
        )
    between = s.phase == DICE and bool(s.sums)  # the first roll is done, the second is due
    if s.caps.knights:
        if not between:
            return bad
        if isinstance(a, _TOKEN_ACTIONS):
            return Reason(
                "CK2P-ROLL-TIMING",
                f"Token actions come before the first roll or after both rolls, not "
                f"between the two: {who} rolls again first.",
            )
        return Reason(
            "CK2P-ROLL-DOUBLE",
            f"{who} throws the dice twice this turn, and the second throw is due: it comes first.",
        )
    if isinstance(a, _AFTER_ROLLS) and (s.phase == PRE_ROLL or between):
        return Reason(
            "2P-ROLL-TIMING",
            f"{who} trades and builds only after both rolls of the turn; roll the dice first.",
        )
    if not between:
        return bad
    if isinstance(a, _NOT_BETWEEN):
        return Reason(
            "2P-ROLL-TIMING",
            "Development cards, token actions and Knight-card "
            f"returns come before the first roll or after the second, not between "
            f"them: {who} rolls again first.",
        )
    return Reason(
        "2P-ROLL-TWICE", f"{who} rolls twice this turn, and the second roll is due: it comes first."
    )
