"""Edit operations on a game state: place and remove pieces, set hands, cards, tracks and the
turn. The board editor (``editor.py``) reads its one-line operations into these calls.

Each operation changes a ``State`` in place and refuses (``EditOpError``) only what it alone
can tell (a spot already taken, a Cities & Knights part in another variant). Whether the whole
edited position keeps the rules is checked once, at the end, by ``validated``
(``validity.validate``, strict)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ..board import CARD_NAMES, EDGE_LABELS, VERTEX_LABELS
from ..errors import CatanError
from ..position.validity import validate
from ..progress_cards import CARDS, COUNT, DECK_KINDS, VP_CARDS
from ..rules import awards
from ..state import DEV_DECK, MAIN, PRE_ROLL, RESOURCE_CARDS, State, tset
from ..variants.ck_state import COMMODITY_CARDS, Knight, ProgressDeck
from ..variants.two_player_state import TOKENS


class EditOpError(CatanError):
    """An edit operation the state cannot take."""


def require_knights(s: State) -> None:
    """Knights, walls, improvements and progress cards exist only in Cities & Knights."""
    if not s.caps.knights:
        raise EditOpError("knights, walls and improvements belong to Cities & Knights")


def _vertex_free(s: State, v: int) -> None:
    if s.vowner[v] >= 0 or (s.caps.knights and s.kn[v] is not None):
        raise EditOpError(f"{VERTEX_LABELS[v]} is taken; remove what stands there first")


def _recount(s: State) -> None:
    """The piece counts per party from the board."""
    m = len(s.names)
    s.settlements = tuple(
        sum(1 for v, o in enumerate(s.vowner) if o == p and not s.vcity[v]) for p in range(m)
    )
    s.cities = tuple(
        sum(1 for v, o in enumerate(s.vowner) if o == p and s.vcity[v]) for p in range(m)
    )
    s.roads = tuple(s.eowner.count(p) for p in range(m))


# ---------------------------------------------------------------- pieces
def place_building(s: State, p: int, v: int, city: bool = False) -> None:
    """A settlement or city of party ``p`` on a free corner; a city on ``p``'s own settlement
    replaces it in place (the upgrade a game makes, BASE-BUILD-CITY)."""
    if not (city and s.vowner[v] == p and not s.vcity[v]):
        _vertex_free(s, v)
    s.vowner, s.vcity = tset(s.vowner, v, p), tset(s.vcity, v, city)
    _recount(s)


def place_road(s: State, p: int, e: int) -> None:
    if s.eowner[e] >= 0:
        raise EditOpError(f"{EDGE_LABELS[e]} already has a road; remove it first")
    s.eowner = tset(s.eowner, e, p)
    _recount(s)


def place_knight(s: State, p: int, v: int, level: int = 1, active: bool = False) -> None:
    """A knight of ``level`` (1 basic .. 3 mighty), neither fresh nor promoted."""
    require_knights(s)
    _vertex_free(s, v)
    s.kn = tset(s.kn, v, Knight(p, level, active, False, False))


def place_wall(s: State, v: int) -> None:
    require_knights(s)
    s.walls = tset(s.walls, v, True)


def remove_wall(s: State, v: int) -> None:
    require_knights(s)
    s.walls = tset(s.walls, v, False)


def clear_vertex(s: State, v: int) -> None:
    """Whatever stands on ``v``: a building (a toppled one too), its wall, a knight."""
    s.vowner, s.vcity = tset(s.vowner, v, -1), tset(s.vcity, v, False)
    if s.caps.knights:
        s.kn = tset(s.kn, v, None)
        s.toppled = tuple(x for x in s.toppled if x != v)
        s.walls = tset(s.walls, v, False)
    _recount(s)


def remove_road(s: State, e: int) -> None:
    s.eowner = tset(s.eowner, e, -1)
    _recount(s)


# ---------------------------------------------------------------- cards and counts
def set_hand(s: State, p: int, counts: list[int]) -> None:
    s.hands = tset(s.hands, p, tuple(counts))


def set_dev(s: State, p: int, counts: list[int]) -> None:
    s.dev = tset(s.dev, p, tuple(counts))


def set_deck_top(s: State, cards: list[int]) -> None:
    """The development deck's next cards, top first."""
    if not s.caps.dev_cards:
        raise EditOpError("Cities & Knights has no development deck")
    s.deck_top = tuple(cards)


def set_progress(s: State, p: int, cards: list[int]) -> None:
    require_knights(s)
    s.phand = tset(s.phand, p, tuple(sorted(cards)))


def set_count(s: State, key: str, p: int, n: int) -> None:
    """One party's trade tokens (``tokens``), defender tokens or laid-out VP cards (``pvp``)."""
    setattr(s, key, tset(getattr(s, key), p, n))


# ---------------------------------------------------------------- board and tracks
def set_robber(s: State, h: int) -> None:
    """The robber on hex ``h``; -1: beside the board (C&K, before the first attack)."""
    if h < 0 and not s.caps.knights:
        raise EditOpError(
            "the robber stands beside the board only in Cities & Knights; here "
            "it is always on a hex (BASE-BOARD-ROBBER-START)"
        )
    s.robber = h


def check_merchant_owner(s: State, p: int) -> None:
    if p >= s.n:
        raise EditOpError(
            f"{s.name(p)} plays no Merchant: a player controls the merchant (CK-PC-MERCHANT)"
        )


def set_merchant(s: State, h: int, p: int) -> None:
    """The merchant on hex ``h`` for player ``p``; ``h`` -1 takes it off the board."""
    require_knights(s)
    if h < 0:
        s.merchant = (-1, -1)
        return
    check_merchant_owner(s, p)
    s.merchant = (h, p)


def set_barbarians(s: State, position: int) -> None:
    require_knights(s)
    s.barb = position


def set_attacked(s: State, attacked: bool) -> None:
    require_knights(s)
    s.attacked = attacked


def set_level(s: State, p: int, track: int, level: int) -> None:
    require_knights(s)
    s.levels = tset(s.levels, p, tset(s.levels[p], track, level))


def set_metropolis(s: State, track: int, v: int) -> None:
    """The ``track``'s metropolis on city ``v`` (-1: none)."""
    require_knights(s)
    s.metro = tset(s.metro, track, v)


# ---------------------------------------------------------------- the turn
def check_turn_player(s: State, p: int) -> None:
    """A turn starts on a player (neither a neutral nor the dummy)."""
    if p >= s.n:
        raise EditOpError(
            f"{s.name(p)} takes no turn of its own here: a neutral never does, "
            "and the dummy's turn follows a player's 'end'; start on a player"
        )


def start_turn(s: State, p: int, phase: str = PRE_ROLL, turn: int | None = None) -> None:
    """A clean turn of player ``p`` before the roll or in the Action phase: what the previous
    one left owed or open (rolls, bids, offers, discards, draws...) is dropped."""
    check_turn_player(s, p)
    s.active, s.phase = p, phase
    if turn is not None:
        s.turn = turn
    elif s.turn == 0:
        s.turn = 1
    s.setup_step, s.setup_vertex = 2 * s.n, -1
    if phase not in (PRE_ROLL, MAIN):
        raise EditOpError(
            "the editor starts a turn before the roll (pre-roll) or in the Action phase (main)"
        )
    s.dice, s.rolled, s.discards = (), (), (0,) * len(s.names)
    s.newdev, s.dev_played, s.free_roads, s.resume = (0,) * 5, False, 0, MAIN
    s.token_used = s.knight_returned = False
    s.sums, s.offer, s.victim, s.winner, s.rolloff = (), None, -1, -1, ((), ())
    s.neutral_due, s.bids, s.tiebreak, s.forced = (), (), (), ()
    if s.caps.knights:
        s.event, s.draws, s.relocate, s.treason, s.fleet, s.harbor = "", (), (), (), (), ()
        s.pillage = s.claims = s.pdiscards = s.taxed = ()


# ---------------------------------------------------------------- what follows from edits
def complete(s: State) -> None:
    """Fill in what the edits decide: the bank from the hands, the token supply, the decks.
    Refuses more cards or tokens than exist (BASE-COMP-CARDS, CK-PC-COUNTS, 2P-SETUP-TOKENS)."""
    supply = [RESOURCE_CARDS if r < 5 else COMMODITY_CARDS for r in range(len(s.bank))]
    bank = [supply[r] - sum(h[r] for h in s.hands) for r in range(len(s.bank))]
    for r, left in enumerate(bank):
        if left < 0:
            raise EditOpError(
                f"the hands hold {supply[r] - left} {CARD_NAMES[r]}, more than "
                f"the {supply[r]} that exist (BASE-COMP-CARDS)"
            )
    s.bank = tuple(bank)
    if s.caps.tokens:
        if sum(s.tokens) > TOKENS:
            raise EditOpError(
                f"the players hold {sum(s.tokens)} trade tokens, more than the {TOKENS} that "
                "exist (2P-SETUP-TOKENS)"
            )
        s.token_supply = TOKENS - sum(s.tokens)
    if s.caps.improvements:
        held = Counter(k for h in s.phand for k in h)
        for k, name in enumerate(CARDS):
            if k in VP_CARDS and held[k]:
                raise EditOpError(
                    f"{name} is a VP card, laid out at once and never held: use "
                    "'vp-cards' (CK-PROGRESS-VP-CARDS)"
                )
            if held[k] > COUNT[k]:
                raise EditOpError(
                    f"the hands hold {held[k]} {name} cards, more than the "
                    f"{COUNT[k]} that exist (CK-PC-COUNTS)"
                )
        s.pdecks = progress_decks(s.phand, s.pvp)
    else:
        played = sum(s.knights[: s.n])  # the dummy's entry is its army number
        s.deck = tuple(
            DEV_DECK[c] - sum(d[c] for d in s.dev) - (played if c == 0 else 0) for c in range(5)
        )
        # Cards bought this turn are among the active player's (the dummy buys none).
        mine = s.dev[s.active] if s.active < s.n else (0,) * 5
        s.newdev = tuple(min(x, mine[c]) for c, x in enumerate(s.newdev))


def progress_decks(phand: Iterable[Iterable[int]], pvp: Iterable[int]) -> tuple[ProgressDeck, ...]:
    """The progress decks' unseen counts from the hands and laid-out VP cards (Printing
    first), with empty queues: all 54 cards accounted for (CK-PC-COUNTS)."""
    held = Counter(k for h in phand for k in h)
    left = [COUNT[k] - held[k] for k in range(len(CARDS))]
    laid = sum(pvp)
    for k in (CARDS.index("printing"), CARDS.index("constitution")):
        take = min(laid, left[k])
        left[k] -= take
        laid -= take
    return tuple(ProgressDeck(tuple(left[k] for k in DECK_KINDS[t]), ()) for t in range(3))


def validated(rules, s: State) -> State:
    """``s`` with the awards the edited board decides (BASE-AWARD-TIMING), as a new state,
    once it keeps the rules as every played game does (``validity.validate``, strict: roads
    joined, knights on their roads, what is owed payable ...). Raises EditOpError with the
    first problem, in the learner's words."""
    state = s.copy()
    awards.update_roads(state)
    awards.update_army(state)
    problems = validate(rules, state, strict=True)
    if problems:
        raise EditOpError(problems[0].why)
    return state


__all__ = [
    "EditOpError", "check_merchant_owner", "check_turn_player", "clear_vertex", "complete",
    "place_building", "place_knight", "place_road", "place_wall", "progress_decks",
    "remove_road", "remove_wall", "require_knights", "set_attacked", "set_barbarians",
    "set_count", "set_deck_top", "set_dev", "set_hand", "set_level", "set_merchant",
    "set_metropolis", "set_progress", "set_robber", "start_turn", "validated",
]  # fmt: skip
