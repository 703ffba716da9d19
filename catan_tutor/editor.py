"""The board editor: set up any position of any variant with one-line edit operations.

Each operation is a line of text (``place P1 settlement A4``, ``hand P2 2 brick, 1 ore``), so
the same words serve the tutor's editor mode and the ``start`` block of scenario files. The
edits are applied to the position text's fields; what follows from them is filled in (bank
from the hands, token supply, decks, longest road and largest army), and the result is read
back strictly: a position that breaks the rules (buildings side by side, a third knight of a
strength, more cards than exist, a road joined to nothing, an open bid or owed card that
can no longer be paid, a choice nobody can make) is refused with an ``EditError`` naming the
operation, the piece and the place, and nothing changes. ``turn`` starts a clean turn: what
the previous one left owed or open (bids, offers, discards, draws...) is dropped.

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

from .actions import DEV_CARDS, KNIGHT_LEVELS, TRACK_NAMES
from .board import (
    CARD_NAMES,
    EDGE_LABELS,
    HEX_NAMES,
    VERTEX_LABELS,
    LabelError,
    parse_edge,
    parse_hex,
    parse_vertex,
)  # fmt: skip
from .errors import EditError, PositionError, ascii_count, quote
from .game import Game
from .position import decode, encode
from .progress_cards import ALIASES, CARDS, COUNT, DECK_KINDS, TRACKS, VP_CARDS
from .rules import awards, progress
from .rules.improvements import WALLS, free_cities
from .state import (
    CHANCE_PHASES,
    DEV_DECK,
    HARBOR,
    MAIN,
    OVER,
    PRE_ROLL,
    PROGRESS_DRAW,
    State,
)  # fmt: skip
from .variants import rules_for
from .variants.capabilities import BASE

_CARD_WORDS = {name: i for i, name in enumerate(CARD_NAMES)} | {
    "wood": 1, "sheep": 2, "wheat": 3, "clay": 0, "stone": 4,
}  # fmt: skip


MAX_OP_CHARS = 256  # of one operation
MAX_OPS = 1000  # operations in one edit


def edit(game: Game, *ops: str) -> Game:
    """A new game (a new root: no history) at ``game``'s position with ``ops`` applied."""
    if not isinstance(game, Game):
        raise EditError(_ops_text(ops), f"expected a Game to edit, not {quote(game)}")
    return Game.from_position(edited_position(game.position(), *ops))


def _ops_text(ops: tuple) -> str:
    return "; ".join(o if isinstance(o, str) else quote(o) for o in ops[:3])[:2 * 60]


def _check_ops(text: object, ops: tuple) -> None:
    """Text operations of bounded size, on a position that reads (else an EditError)."""
    if len(ops) > MAX_OPS:
        raise EditError(_ops_text(ops), f"{len(ops)} operations, more than {MAX_OPS}")
    for i, op in enumerate(ops):
        if not isinstance(op, str):
            raise EditError(quote(op), f"operation {i + 1} is not text")
        if len(op) > MAX_OP_CHARS:
            raise EditError(op[:60] + "…", f"operation {i + 1} is {len(op)} characters, more "
                            f"than {MAX_OP_CHARS}")
    try:
        decode(text)
    except PositionError as e:
        raise EditError(_ops_text(ops) or "position", str(e)) from None


def edited_position(text: str, *ops: str) -> str:
    """The position text with ``ops`` applied and checked (see the module docstring)."""
    _check_ops(text, ops)
    head, f = _split(text)
    variant = head[1]
    rules = rules_for(variant, preview=True)
    f.caps = rules.caps
    for op in ops:
        try:
            _apply(f, op)
        except EditError:
            raise
        except (ValueError, IndexError, KeyError) as e:  # bad labels, numbers, parties
            raise EditError(op, str(e)) from None
    try:
        _complete(f, "; ".join(ops))
    except EditError:
        raise
    except (ValueError, IndexError, KeyError) as e:  # a field the edits left unreadable
        raise EditError("; ".join(ops), str(e)) from None
    out = " ".join([*head, *(f"{k}={v}" for k, v in f.items())])
    try:
        _, state = decode(out, strict=True)
    except PositionError as e:
        raise EditError("; ".join(ops) or variant,
                        str(e).removeprefix("position text: ")) from None
    awards.update_roads(state)  # rule="BASE-AWARD-TIMING": the edited board decides
    awards.update_army(state)
    why = _problem(rules, state)
    if why:
        raise EditError("; ".join(ops) or variant, why)
    return encode(rules, state)


# ---------------------------------------------------------------- fields
class _Fields(dict):
    """The position text's fields by key, with the variant's capabilities (``caps``)."""

    caps = BASE


def _split(text: str) -> tuple[list[str], _Fields]:
    words = text.split()
    return words[:2], _Fields(w.split("=", 1) for w in words[2:])


def _parties(f: _Fields) -> list[str]:
    n = int(f["n"])
    extra = len(f["hands"].split("/")) - n
    names = [f"P{p + 1}" for p in range(n)]
    if f.caps.dummy:
        return [*names, "D"]
    return names + [f"N{i + 1}" for i in range(extra)]


def _party(f: _Fields, word: str) -> int:
    names = _parties(f)
    if word.upper() not in names:
        raise ValueError(f"{word!r} is not a party here ({', '.join(names)})")
    return names.index(word.upper())


def _per(f: _Fields, key: str) -> list[str]:
    return f[key].split("/")


def _set_per(f: _Fields, key: str, p: int, value: str) -> None:
    parts = _per(f, key)
    parts[p] = value or "-"
    f[key] = "/".join(parts)


def _labels(part: str) -> list[str]:
    return [] if part == "-" else part.split(",")


def _bundle(words: list[str], kinds: int) -> list[int]:
    counts = [0] * kinds
    text = " ".join(words).replace(",", " ").split()
    i = 0
    while i < len(text):
        n = 1
        if text[i].isdigit():
            n, i = ascii_count(text[i], 3), i + 1
        if i >= len(text) or text[i].lower() not in _CARD_WORDS:
            raise ValueError(f"expected cards like '2 brick, 1 ore', got {' '.join(text)!r}")
        c = _CARD_WORDS[text[i].lower()]
        if c >= kinds:
            raise ValueError(f"{CARD_NAMES[c]} is not a card of this variant")
        counts[c] += n
        i += 1
    return counts


# ---------------------------------------------------------------- one operation
def _apply(f: _Fields, op: str) -> None:
    w = op.split()
    if not w:
        raise EditError(op, "the operation is empty")
    verb = w[0].lower()
    fn = _OPS.get(verb)
    if fn is None:
        raise EditError(op, f"{verb!r} is not an edit ({', '.join(_OPS)})")
    fn(f, w[1:], op)


def _need(w: list[str], n: int, op: str, what: str) -> None:
    if len(w) < n:
        raise EditError(op, f"expected {what}")


def _place(f: _Fields, w: list[str], op: str) -> None:
    _need(w, 3, op, "a party, a piece and a place, like 'place P1 settlement A4'")
    p, piece, where = _party(f, w[0]), w[1].lower(), w[2]
    if piece in ("settlement", "city"):
        v = VERTEX_LABELS[parse_vertex(where)]
        _free_vertex(f, v, op)
        key = "settlements" if piece == "settlement" else "cities"
        _set_per(f, key, p, ",".join([*_labels(_per(f, key)[p]), v]))
    elif piece == "road":
        e = EDGE_LABELS[parse_edge(where)]
        if any(e in _labels(part) for part in _per(f, "roads")):
            raise EditError(op, f"{e} already has a road; remove it first")
        _set_per(f, "roads", p, ",".join([*_labels(_per(f, "roads")[p]), e]))
    elif piece == "knight":
        _ck(f, op)
        v = VERTEX_LABELS[parse_vertex(where)]
        level, active = 1, False
        for word in (x.lower() for x in w[3:]):
            if word in KNIGHT_LEVELS:
                level = KNIGHT_LEVELS.index(word) + 1
            elif word == "active":
                active = True
            else:
                raise EditError(op, f"{word!r}: a knight is basic, strong or mighty, and active")
        _free_vertex(f, v, op)
        entry = f"{v}:{_parties(f)[p]}:{level}:{'a' if active else '-'}--"
        f["kn"] = ",".join([*_labels(f["kn"]), entry])
    elif piece == "wall":
        _ck(f, op)
        v = VERTEX_LABELS[parse_vertex(where)]
        if v not in _labels(f["walls"]):
            f["walls"] = ",".join([*_labels(f["walls"]), v])
    else:
        raise EditError(op, f"{piece!r} is not a piece (settlement, city, road, knight, wall)")


def _ck(f: _Fields, op: str) -> None:
    if not f.caps.knights:
        raise EditError(op, "knights, walls and improvements belong to Cities & Knights")


def _free_vertex(f: _Fields, v: str, op: str) -> None:
    taken = any(v in _labels(part) for key in ("settlements", "cities") for part in _per(f, key))
    if taken or (f.caps.knights and any(e.split(":")[0] == v for e in _labels(f["kn"]))):
        raise EditError(op, f"{v} is taken; remove what stands there first")


def _clear_vertex(f: _Fields, v: str) -> None:
    for key in ("settlements", "cities"):
        f[key] = "/".join(",".join(x for x in _labels(part) if x != v) or "-"
                          for part in _per(f, key))
    if f.caps.knights:
        f["kn"] = ",".join(e for e in _labels(f["kn"]) if e.split(":")[0] != v) or "-"
        f["toppled"] = ",".join(x for x in _labels(f["toppled"]) if x != v) or "-"
        if v not in _cities(f):
            f["walls"] = ",".join(x for x in _labels(f["walls"]) if x != v) or "-"


def _cities(f: _Fields) -> set[str]:
    return {v for part in _per(f, "cities") for v in _labels(part)}


def _clear_edge(f: _Fields, e: str) -> None:
    f["roads"] = "/".join(",".join(x for x in _labels(part) if x != e) or "-"
                          for part in _per(f, "roads"))


def _remove(f: _Fields, w: list[str], op: str) -> None:
    _need(w, 1, op, "a place, like 'remove A4'")
    if w[0].lower() == "wall":
        _ck(f, op)
        _need(w, 2, op, "a city, like 'remove wall A4'")
        v = VERTEX_LABELS[parse_vertex(w[1])]
        f["walls"] = ",".join(x for x in _labels(f.get("walls", "-")) if x != v) or "-"
        return
    try:
        v = VERTEX_LABELS[parse_vertex(w[0])]
    except LabelError:
        _clear_edge(f, EDGE_LABELS[parse_edge(w[0])])
        return
    _clear_vertex(f, v)
    if f.caps.improvements:
        f["walls"] = ",".join(x for x in _labels(f["walls"]) if x != v) or "-"


def _hand(f: _Fields, w: list[str], op: str) -> None:
    _need(w, 2, op, "a party and cards, like 'hand P1 2 brick, 1 ore'")
    p = _party(f, w[0])
    kinds = len(f["bank"].split(","))
    counts = [0] * kinds if w[1:] == ["-"] else _bundle(w[1:], kinds)
    _set_per(f, "hands", p, ",".join(map(str, counts)))


def _dev(f: _Fields, w: list[str], op: str) -> None:
    _need(w, 2, op, "a party and development cards, like 'dev P1 1 knight'")
    p = _party(f, w[0])
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
    _set_per(f, "dev", p, ",".join(map(str, counts)))


def _deck_top(f: _Fields, w: list[str], op: str) -> None:
    """The known top cards of the development deck, top first (``deck-top -``: unknown)."""
    if not f.caps.dev_cards:
        raise EditError(op, "Cities & Knights has no development deck")
    names = [] if w[:1] == ["-"] else " ".join(w).replace(",", " ").split()
    bad = [x for x in names if x.lower() not in DEV_CARDS]
    if bad or not w:
        raise EditError(op, f"expected development cards ({', '.join(DEV_CARDS)}), top first")
    f["top"] = ",".join(x.lower() for x in names) or "-"


def _progress(f: _Fields, w: list[str], op: str) -> None:
    _ck(f, op)
    _need(w, 2, op, "a party and progress cards, like 'progress P1 crane, alchemy'")
    p = _party(f, w[0])
    names = [] if w[1:] == ["-"] else " ".join(w[1:]).replace(",", " ").split()
    bad = [x for x in names if x.lower() not in ALIASES]
    if bad:
        raise EditError(op, f"{bad[0]!r} is not a progress card")
    _set_per(f, "phand", p, ",".join(sorted((CARDS[ALIASES[x.lower()]] for x in names),
                                            key=CARDS.index)))


def _number_per(key: str, what: str):
    def op_fn(f: _Fields, w: list[str], op: str) -> None:
        if key not in f:
            raise EditError(op, f"{what} do not exist in this variant")
        _need(w, 2, op, f"a party and a number, like '{op.split()[0]} P1 1'")
        p = _party(f, w[0])
        parts = f[key].split(",")
        parts[p] = str(ascii_count(w[1], 3))
        f[key] = ",".join(parts)
    return op_fn


def _robber(f: _Fields, w: list[str], op: str) -> None:
    _need(w, 1, op, "a hex, like 'robber J'")
    if w[0] == "-" and not f.caps.knights:
        raise EditError(op, "the robber stands beside the board only in Cities & Knights; here "
                        "it is always on a hex (BASE-BOARD-ROBBER-START)")
    f["robber"] = "-" if w[0] == "-" else HEX_NAMES[parse_hex(w[0])]


def _merchant(f: _Fields, w: list[str], op: str) -> None:
    _ck(f, op)
    if w[:1] == ["-"]:
        f["merchant"] = "-"
        return
    _need(w, 2, op, "a hex and its owner, like 'merchant K P1'")
    p = _party(f, w[1])
    if p >= int(f["n"]):
        raise EditError(op, f"{_parties(f)[p]} plays no Merchant: a player controls the "
                        "merchant (CK-PC-MERCHANT)")
    f["merchant"] = f"{HEX_NAMES[parse_hex(w[0])]}:{_parties(f)[p]}"


def _barbarians(f: _Fields, w: list[str], op: str) -> None:
    _ck(f, op)
    _need(w, 1, op, "a track position 0-7")
    f["barb"] = str(ascii_count(w[0], 3))


def _attacked(f: _Fields, w: list[str], op: str) -> None:
    _ck(f, op)
    _need(w, 1, op, "yes or no")
    f["attacked"] = "1" if w[0].lower() in ("yes", "1", "true") else "0"


def _level(f: _Fields, w: list[str], op: str) -> None:
    _ck(f, op)
    _need(w, 3, op, "a party, a track and a level, like 'level P1 science 3'")
    p, track = _party(f, w[0]), w[1].lower()
    if track not in TRACK_NAMES:
        raise EditError(op, f"{track!r} is not a track ({', '.join(TRACK_NAMES)})")
    levels = _per(f, "levels")[p].split(",")
    levels[TRACK_NAMES.index(track)] = str(ascii_count(w[2], 3))
    _set_per(f, "levels", p, ",".join(levels))


def _metropolis(f: _Fields, w: list[str], op: str) -> None:
    _ck(f, op)
    _need(w, 2, op, "a track and a city, like 'metropolis science A4'")
    track = w[0].lower()
    if track not in TRACK_NAMES:
        raise EditError(op, f"{track!r} is not a track ({', '.join(TRACK_NAMES)})")
    metro = f["metro"].split(",")
    metro[TRACK_NAMES.index(track)] = "-" if w[1] == "-" else VERTEX_LABELS[parse_vertex(w[1])]
    f["metro"] = ",".join(metro)


def _turn(f: _Fields, w: list[str], op: str) -> None:
    _need(w, 1, op, "a player, like 'turn P2 main'")
    p = _party(f, w[0])
    if p >= int(f["n"]):
        raise EditError(op, f"{_parties(f)[p]} takes no turn of its own here: a neutral never "
                        "does, and the dummy's turn follows a player's 'end'; start on a player")
    f["active"] = _parties(f)[p]
    f["phase"] = w[1].lower() if len(w) > 1 else PRE_ROLL
    if len(w) > 2:
        f["turn"] = str(ascii_count(w[2]))
    elif f["turn"] == "0":
        f["turn"] = "1"
    f["setup"] = str(2 * int(f["n"]))
    f["sv"] = "-"
    if f["phase"] not in (PRE_ROLL, MAIN):
        raise EditError(op, "the editor starts a turn before the roll (pre-roll) or in the "
                        "Action phase (main)")
    f["dice"], f["rolled"], f["discards"] = "-", "-", ",".join("0" * len(_parties(f)))
    f["newdev"], f["played"], f["free"], f["resume"] = "0,0,0,0,0", "0", "0", MAIN
    for key in ("tokused", "kret"):
        if key in f:
            f[key] = "0"
    for key in _PENDING:  # whatever a previous turn left owed or open
        if key in f:
            f[key] = "-"


_OPS = {
    "place": _place, "remove": _remove, "hand": _hand, "dev": _dev, "deck-top": _deck_top,
    "progress": _progress,
    "tokens": _number_per("tokens", "trade tokens"),
    "defender": _number_per("defender", "defender tokens"),
    "vp-cards": _number_per("pvp", "laid-out VP cards"), "robber": _robber,
    "merchant": _merchant, "barbarians": _barbarians, "attacked": _attacked, "level": _level,
    "metropolis": _metropolis, "turn": _turn,
}  # fmt: skip


# Fields of what is owed, open or in progress within a turn: a new turn starts without them.
_PENDING = ("sums", "offer", "victim", "winner", "rolloff", "nb", "bids", "tb", "event", "draws",
            "pillage", "claims", "pdiscards", "relocate", "taxed", "treason", "fleet", "harbor")


# ---------------------------------------------------------------- what follows from the edits
def _complete(f: _Fields, ops: str) -> None:
    """Fill in the fields the edits decide: bank, token supply, decks."""
    hands = [[int(x) for x in h.split(",")] for h in f["hands"].split("/")]
    bank = [(19 if r < 5 else 12) - sum(h[r] for h in hands) for r in range(len(hands[0]))]
    for r, left in enumerate(bank):
        if left < 0:
            raise EditError(ops, f"the hands hold {(19 if r < 5 else 12) - left} "
                            f"{CARD_NAMES[r]}, more than the {19 if r < 5 else 12} that exist "
                            "(BASE-COMP-CARDS)")
    f["bank"] = ",".join(map(str, bank))
    if f.caps.tokens:
        f["supply"] = str(20 - sum(int(x) for x in f["tokens"].split(",")))
    if f.caps.improvements:
        held = Counter(c for part in f["phand"].split("/") if part != "-"
                       for c in part.split(","))
        for k, name in enumerate(CARDS):
            if k in VP_CARDS and held[name]:
                raise EditError(ops, f"{name} is a VP card, laid out at once and never held: "
                                "use 'vp-cards' (CK-PROGRESS-VP-CARDS)")
            if held[name] > COUNT[k]:
                raise EditError(ops, f"the hands hold {held[name]} {name} cards, more than the "
                                f"{COUNT[k]} that exist (CK-PC-COUNTS)")
        complete_progress_decks(f)
    else:
        n = int(f["n"])
        devs = [[int(x) for x in d.split(",")] for d in f["dev"].split("/")]
        played = sum(int(x) for x in f["knights"].split(",")[:n])  # D's is its army number
        f["deck"] = ",".join(str(DEV_DECK[c] - sum(d[c] for d in devs) - (played if c == 0
                                                                          else 0))
                             for c in range(5))
        # Cards bought this turn are among the active player's (the dummy buys none).
        mine = devs[_party(f, f["active"])] if f["active"] in _parties(f)[:n] else [0] * 5
        f["newdev"] = ",".join(str(min(int(x), mine[c]))
                               for c, x in enumerate(f["newdev"].split(",")))


def complete_progress_decks(f: dict[str, str]) -> None:
    """The progress decks' unseen counts from the hands and laid-out VP cards (Printing
    first), with empty queues: all 54 cards accounted for (CK-PC-COUNTS)."""
    held = Counter(c for part in f["phand"].split("/") if part != "-" for c in part.split(","))
    left = [COUNT[k] - held[CARDS[k]] for k in range(len(CARDS))]
    laid = sum(int(x) for x in f["pvp"].split(","))
    for k in (CARDS.index("printing"), CARDS.index("constitution")):
        take = min(laid, left[k])
        left[k] -= take
        laid -= take
    f["pdecks"] = "/".join(",".join(str(left[k]) for k in DECK_KINDS[t]) + ":-" for t in range(3))


# ---------------------------------------------------------------- what the rules keep
def _problem(rules, s: State) -> str:
    """Why the decoded position breaks a rule the position text alone does not catch: what is
    owed must be payable, pieces within their supply, neutrals without cards, and somebody
    able to act. Empty if nothing."""
    for p in range(len(s.names)):  # rule="BASE-SEVEN-DISCARD", CK-PC-SABOTAGE, CK-PC-WEDDING
        if s.discards[p] > sum(s.hands[p]):
            return (f"{s.name(p)} owes {s.discards[p]} cards but holds {sum(s.hands[p])} "
                    "(BASE-SEVEN-DISCARD)")
    for p, bid in enumerate(s.bids):  # rule="DUMMY-TRADE-PROTOCOL"
        if bid and any(x > h for x, h in zip(bid[0], s.hands[p], strict=True)):
            return (f"{s.name(p)}'s open bid gives cards {s.name(p)} does not hold "
                    "(DUMMY-TRADE-PROTOCOL)")
        if bid and not s.hands[s.dummy][bid[1]]:
            return (f"{s.name(p)}'s open bid asks for {CARD_NAMES[bid[1]]}, which the dummy "
                    "does not hold (DUMMY-TRADE-PROTOCOL)")
    if s.tiebreak and s.tiebreak[0] == "steal":  # rule="DUMMY-STEAL-TARGET": a card to lose
        empty = [s.name(p) for p in s.tiebreak[1] if not sum(s.hands[p])]
        if empty:
            return (f"{empty[0]} is in the roll-off for the dummy's steal but holds no cards "
                    "(DUMMY-STEAL-EMPTY)")
    if s.caps.knights:
        why = _ck_problem(s)
        if why:
            return why
    if s.phase == OVER and rules.victory_points(s, s.winner) < rules.target:
        return (f"{s.name(s.winner)} has won with {rules.victory_points(s, s.winner)} VP, fewer "
                f"than {rules.target}: start a turn to play on "
                f"({'BASE-WIN-10' if rules.target == 10 else 'CK-WIN-13'})")
    if s.phase != OVER and not (rules.chance_outcomes(s) if s.phase in CHANCE_PHASES
                                else rules.legal_actions(s)):
        return f"nobody can act in the {s.phase} phase: start a turn instead ('turn P1 main')"
    return ""


def _ck_problem(s: State) -> str:
    """The Cities & Knights part of ``_problem``."""
    limit = progress.HAND_LIMIT
    for p in range(len(s.names)):
        name = s.name(p)
        if p >= s.n and (s.phand[p] or s.pvp[p] or s.defender[p] or any(s.levels[p])):
            return (f"{name} holds no progress cards, VP cards, defender tokens or improvements "
                    "(2P-SETUP-PLAYERS)")
        walls = [v for v, w in enumerate(s.walls) if w and s.vowner[v] == p]
        if len(walls) > WALLS:
            return (f"{name} has walls on {', '.join(VERTEX_LABELS[v] for v in walls)}, more "
                    f"than {WALLS} (CK-BUILD-LIMITS)")
        for level in (1, 2, 3):
            off = 1 if s.relocate and s.relocate[0] == p and s.relocate[2] == level else 0
            if off and sum(1 for k in s.kn if k and k[0] == p and k[1] == level) + off > 2:
                return (f"{name}'s displaced knight still to be moved would be a third of "
                        f"strength {level} (CK-BUILD-LIMITS)")
        own_turn = p == s.active and s.turn > 0  # over the limit until the turn ends
        if not own_turn and p not in s.pdiscards and len(s.phand[p]) > limit:
            return (f"{name} holds {len(s.phand[p])} progress cards off turn, more than {limit} "
                    "(CK-PROGRESS-HAND-LIMIT)")
    for p in s.pdiscards:
        if len(s.phand[p]) <= limit:
            return (f"{s.name(p)} owes a progress discard but holds {len(s.phand[p])} cards "
                    "(CK-PROGRESS-HAND-LIMIT)")
    for p in s.pillage:
        if not free_cities(s, p):
            return (f"{s.name(p)} owes a city to the barbarians but has none without a "
                    "metropolis (CK-BARB-LOSE-CHOICE)")
    for t, v in enumerate(s.metro):
        if v >= 0 and s.metro.index(v) != t:
            return (f"the {TRACKS[s.metro.index(v)]} and {TRACKS[t]} metropolises are both on "
                    f"{VERTEX_LABELS[v]} (CK-METRO-NEEDS-CITY)")
    for v in s.toppled:  # rule="CK-BARB-PILLAGE"
        p = s.vowner[v]
        if p < 0 or s.vcity[v] or s.settlements[p] - sum(s.vowner[t] == p for t in s.toppled) < 5:
            return (f"a city lies on its side on {VERTEX_LABELS[v]} only while its owner has "
                    "all 5 settlements on the board (CK-BARB-PILLAGE)")
    if s.phase == PROGRESS_DRAW and progress.deck_empty(s, s.draws[0][1]):
        return (f"the {TRACKS[s.draws[0][1]]} deck is empty but a draw from it is due "
                "(CK-PROGRESS-EMPTY)")
    if s.phase == HARBOR and not any(s.hands[s.harbor[1][0]][5:]):
        return (f"{s.name(s.harbor[1][0])} owes a commodity for a Commercial Harbor but holds "
                "none (CK-PC-COMMERCIAL-HARBOR)")
    return ""
