"""The board editor: set up any position of any variant with one-line edit operations.

Each operation is a line of text (``place P1 settlement A4``, ``hand P2 2 brick, 1 ore``), so
the same words serve the tutor's editor mode and the ``start`` block of scenario files. Each
is read into a call of the edit operations on the game state (``edit_ops``); what follows
from them is filled in (bank from the hands, token supply, decks, longest road and largest
army), and the result is checked strictly (``validity.validate``): a position
that breaks the rules (buildings side by side, a third knight of a strength, more cards than
exist, a road joined to nothing, an open bid or owed card that can no longer be paid, a
choice nobody can make) is refused with an ``EditError`` naming the operation, the piece and
the place, and nothing changes. ``turn`` starts a clean turn: what the previous one left owed
or open (bids, offers, discards, draws...) is dropped.

Operations (labels as on the board; a party is P1.., N1, N2):

- ``place P1 settlement|city|road|wall LABEL``; ``place P1 knight V [basic|strong|mighty]
  [active]``
- ``remove LABEL`` (the building, knight or road there), ``remove wall V``
- ``hand P1 2 brick, 1 ore`` (``hand P1 -`` empties it); ``dev P1 1 knight``;
  ``deck-top knight, monopoly`` (the development deck's next cards, top first);
  ``progress P1 crane, alchemy``; ``tokens P1 3``; ``defender P1 1``; ``vp-cards P1 1``
- ``robber HEX`` (``robber -``: off the board), ``merchant HEX P1`` (``merchant -``),
  ``barbarians 0-6``, ``attacked yes|no``, ``level P1 science 3``,
  ``metropolis science V`` (``metropolis science -``)
- ``turn P2 [PHASE] [NUMBER]`` (whose turn, the phase, e.g. ``pre-roll`` or ``main``)
"""

from __future__ import annotations

from collections import Counter

from ..actions import DEV_CARDS, KNIGHT_LEVELS, TRACK_NAMES, parse_bundle
from ..board import LabelError, parse_edge, parse_hex, parse_vertex
from ..errors import EditError, PositionError, ascii_count, quote
from ..game import Game
from ..position import decode, encode
from ..position.format import ints_text
from ..progress_cards import ALIASES, CARDS
from ..state import PRE_ROLL, State
from ..variants import rules_for
from ..variants.capabilities import Capabilities
from . import edit_ops

MAX_OP_CHARS = 256  # of one operation
MAX_OPS = 1000  # operations in one edit


def board_pieces(caps: Capabilities) -> tuple[str, ...]:
    """The pieces a variant with ``caps`` puts on the board (what the board editor offers):
    city walls and the merchant with the city improvements, knights with knights (Cities &
    Knights); settlements, cities, roads and the robber everywhere."""
    return (
        "settlement",
        "city",
        "road",
        *(("wall",) if caps.improvements else ()),
        *(("knight",) if caps.knights else ()),
        "robber",
        *(("merchant",) if caps.improvements else ()),
    )


def edit(game: Game, *ops: str) -> Game:
    """A new game (a new root: no history) at ``game``'s position with ``ops`` applied."""
    if not isinstance(game, Game):
        raise EditError(_ops_text(ops), f"expected a Game to edit, not {quote(game)}")
    rules = rules_for(game.variant, preview=True)
    return Game(rules, edited_state(rules, game.state, *ops))


def _ops_text(ops: tuple) -> str:
    return "; ".join(o if isinstance(o, str) else quote(o) for o in ops[:3])[: 2 * 60]


def _check_ops(ops: tuple) -> None:
    """Text operations of bounded size (else an EditError)."""
    if len(ops) > MAX_OPS:
        raise EditError(_ops_text(ops), f"{len(ops)} operations, more than {MAX_OPS}")
    for i, op in enumerate(ops):
        if not isinstance(op, str):
            raise EditError(quote(op), f"operation {i + 1} is not text")
        if len(op) > MAX_OP_CHARS:
            raise EditError(
                op[:60] + "…",
                f"operation {i + 1} is {len(op)} characters, more than {MAX_OP_CHARS}",
            )


def edited_position(text: str, *ops: str) -> str:
    """The position text with ``ops`` applied and checked (see the module docstring)."""
    _check_ops(ops)
    try:
        variant, s = decode(text)
    except PositionError as e:
        raise EditError(_ops_text(ops) or "position", str(e)) from None
    rules = rules_for(variant, preview=True)
    return encode(rules, edited_state(rules, s, *ops))


def edited_state(rules, state: State, *ops: str) -> State:
    """A new state: ``state`` with ``ops`` applied and checked (see the module docstring);
    ``state`` itself is left as it was."""
    _check_ops(ops)
    s = state.copy()
    for op in ops:
        try:
            _apply(s, op)
        except EditError:
            raise
        except (ValueError, IndexError, KeyError) as e:  # bad labels, numbers, parties
            raise EditError(op, str(e)) from None
    try:
        edit_ops.complete(s)
    except ValueError as e:  # more cards than exist
        raise EditError("; ".join(ops), str(e)) from None
    try:
        return edit_ops.validated(rules, s)
    except ValueError as e:  # a rule the edited position breaks
        raise EditError("; ".join(ops) or rules.variant, str(e)) from None


# ---------------------------------------------------------------- reading an operation
def _party(s: State, word: str) -> int:
    if word.upper() not in s.names:
        raise ValueError(f"{word!r} is not a party here ({', '.join(s.names)})")
    return s.names.index(word.upper())


def _apply(s: State, op: str) -> None:
    w = op.split()
    if not w:
        raise EditError(op, "the operation is empty")
    verb = w[0].lower()
    fn = _OPS.get(verb)
    if fn is None:
        raise EditError(op, f"{verb!r} is not an edit ({', '.join(_OPS)})")
    fn(s, w[1:], op)


def _need(w: list[str], n: int, op: str, what: str) -> None:
    if len(w) < n:
        raise EditError(op, f"expected {what}")


def _track(word: str, op: str) -> int:
    if word.lower() not in TRACK_NAMES:
        raise EditError(op, f"{word.lower()!r} is not a track ({', '.join(TRACK_NAMES)})")
    return TRACK_NAMES.index(word.lower())


def _place(s: State, w: list[str], op: str) -> None:
    _need(w, 3, op, "a party, a piece and a place, like 'place P1 settlement A4'")
    p, piece, where = _party(s, w[0]), w[1].lower(), w[2]
    if piece in ("settlement", "city"):
        edit_ops.place_building(s, p, parse_vertex(where), city=piece == "city")
    elif piece == "road":
        edit_ops.place_road(s, p, parse_edge(where))
    elif piece == "knight":
        edit_ops.require_knights(s)
        v = parse_vertex(where)
        level, active = 1, False
        for word in (x.lower() for x in w[3:]):
            if word in KNIGHT_LEVELS:
                level = KNIGHT_LEVELS.index(word) + 1
            elif word == "active":
                active = True
            else:
                raise EditError(op, f"{word!r}: a knight is basic, strong or mighty, and active")
        edit_ops.place_knight(s, p, v, level, active)
    elif piece == "wall":
        edit_ops.require_knights(s)
        edit_ops.place_wall(s, parse_vertex(where))
    else:
        raise EditError(op, f"{piece!r} is not a piece (settlement, city, road, knight, wall)")


def _remove(s: State, w: list[str], op: str) -> None:
    _need(w, 1, op, "a place, like 'remove A4'")
    if w[0].lower() == "wall":
        edit_ops.require_knights(s)
        _need(w, 2, op, "a city, like 'remove wall A4'")
        edit_ops.remove_wall(s, parse_vertex(w[1]))
        return
    try:
        v = parse_vertex(w[0])
    except LabelError:
        edit_ops.remove_road(s, parse_edge(w[0]))
        return
    edit_ops.clear_vertex(s, v)


def _hand(s: State, w: list[str], op: str) -> None:
    _need(w, 2, op, "a party and cards, like 'hand P1 2 brick, 1 ore'")
    p = _party(s, w[0])
    kinds = s.caps.card_kinds
    edit_ops.set_hand(s, p, list(parse_bundle(" ".join(w[1:]), kinds)))


def _dev(s: State, w: list[str], op: str) -> None:
    _need(w, 2, op, "a party and development cards, like 'dev P1 1 knight'")
    p = _party(s, w[0])
    counts = [0] * 5
    if w[1:] != ["-"]:
        text = " ".join(w[1:]).replace(",", " ").split()
        i = 0
        while i < len(text):
            n = 1
            if text[i].isdigit():
                n, i = ascii_count(text[i], 3), i + 1
            if i >= len(text) or text[i].lower() not in DEV_CARDS:
                raise EditError(op, f"expected development cards ({', '.join(DEV_CARDS)})")
            counts[DEV_CARDS.index(text[i].lower())] += n
            i += 1
    edit_ops.set_dev(s, p, counts)


def _deck_top(s: State, w: list[str], op: str) -> None:
    """The known top cards of the development deck, top first (``deck-top -``: unknown)."""
    if not s.caps.dev_cards:
        raise EditError(op, "Cities & Knights has no development deck")
    names = [] if w[:1] == ["-"] else " ".join(w).replace(",", " ").split()
    bad = [x for x in names if x.lower() not in DEV_CARDS]
    if bad or not w:
        raise EditError(op, f"expected development cards ({', '.join(DEV_CARDS)}), top first")
    edit_ops.set_deck_top(s, [DEV_CARDS.index(x.lower()) for x in names])


def _progress(s: State, w: list[str], op: str) -> None:
    edit_ops.require_knights(s)
    _need(w, 2, op, "a party and progress cards, like 'progress P1 crane, alchemy'")
    p = _party(s, w[0])
    names = [] if w[1:] == ["-"] else " ".join(w[1:]).replace(",", " ").split()
    bad = [x for x in names if x.lower() not in ALIASES]
    if bad:
        raise EditError(op, f"{bad[0]!r} is not a progress card")
    edit_ops.set_progress(s, p, [ALIASES[x.lower()] for x in names])


def _number_per(key: str, what: str, has):
    def op_fn(s: State, w: list[str], op: str) -> None:
        if not has(s.caps):
            raise EditError(op, f"{what} do not exist in this variant")
        _need(w, 2, op, f"a party and a number, like '{op.split()[0]} P1 1'")
        p = _party(s, w[0])
        edit_ops.set_count(s, key, p, ascii_count(w[1], 3))

    return op_fn


def _robber(s: State, w: list[str], op: str) -> None:
    _need(w, 1, op, "a hex, like 'robber J'")
    edit_ops.set_robber(s, -1 if w[0] == "-" else parse_hex(w[0]))


def _merchant(s: State, w: list[str], op: str) -> None:
    edit_ops.require_knights(s)
    if w[:1] == ["-"]:
        edit_ops.set_merchant(s, -1, -1)
        return
    _need(w, 2, op, "a hex and its owner, like 'merchant K P1'")
    p = _party(s, w[1])
    edit_ops.check_merchant_owner(s, p)
    edit_ops.set_merchant(s, parse_hex(w[0]), p)


def _barbarians(s: State, w: list[str], op: str) -> None:
    edit_ops.require_knights(s)
    _need(w, 1, op, "a track position 0-7")
    edit_ops.set_barbarians(s, ascii_count(w[0], 3))


def _attacked(s: State, w: list[str], op: str) -> None:
    edit_ops.require_knights(s)
    _need(w, 1, op, "yes or no")
    edit_ops.set_attacked(s, w[0].lower() in ("yes", "1", "true"))


def _level(s: State, w: list[str], op: str) -> None:
    edit_ops.require_knights(s)
    _need(w, 3, op, "a party, a track and a level, like 'level P1 science 3'")
    p, track = _party(s, w[0]), _track(w[1], op)
    edit_ops.set_level(s, p, track, ascii_count(w[2], 3))


def _metropolis(s: State, w: list[str], op: str) -> None:
    edit_ops.require_knights(s)
    _need(w, 2, op, "a track and a city, like 'metropolis science A4'")
    track = _track(w[0], op)
    edit_ops.set_metropolis(s, track, -1 if w[1] == "-" else parse_vertex(w[1]))


def _turn(s: State, w: list[str], op: str) -> None:
    _need(w, 1, op, "a player, like 'turn P2 main'")
    p = _party(s, w[0])
    edit_ops.check_turn_player(s, p)
    phase = w[1].lower() if len(w) > 1 else PRE_ROLL
    edit_ops.start_turn(s, p, phase, ascii_count(w[2]) if len(w) > 2 else None)


_OPS = {
    "place": _place, "remove": _remove, "hand": _hand, "dev": _dev, "deck-top": _deck_top,
    "progress": _progress,
    "tokens": _number_per("tokens", "trade tokens", lambda caps: caps.tokens),
    "defender": _number_per("defender", "defender tokens", lambda caps: caps.knights),
    "vp-cards": _number_per("pvp", "laid-out VP cards", lambda caps: caps.knights),
    "robber": _robber, "merchant": _merchant, "barbarians": _barbarians,
    "attacked": _attacked, "level": _level, "metropolis": _metropolis, "turn": _turn,
}  # fmt: skip


def complete_progress_decks(f: dict[str, str]) -> None:
    """In position-text fields ``f``: the progress decks' unseen counts from the hands and
    laid-out VP cards (Printing first), with empty queues (CK-PC-COUNTS)."""
    held = Counter(c for part in f["phand"].split("/") if part != "-" for c in part.split(","))
    phand = [[k] * held[name] for k, name in enumerate(CARDS)]
    decks = edit_ops.progress_decks(phand, [int(x) for x in f["pvp"].split(",")])
    f["pdecks"] = "/".join(f"{ints_text(counts)}:-" for counts, _ in decks)
