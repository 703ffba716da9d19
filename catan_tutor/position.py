"""Position text: one line of ``key=value`` fields that restores a game state exactly.

Example (abridged)::

    catan base n=4 colors=red,blue,white,orange phase=main turn=3 active=P3 ... robber=J
    bank=17,18,19,16,19 hands=1,0,0,2,0/... settlements=H4,E2/... roads=H3,E1/...

Per-seat lists are separated by ``/`` and cover every party (players, then neutrals N1, N2,
then the dummy D); a ``-`` means empty or none. Every field of the variant is always written,
in a fixed order, so equal states give equal texts. Variants with trade tokens, two rolls,
neutrals or a dummy add the fields of ``EXTRA_KEYS``.
"""

from __future__ import annotations

from .actions import DEV_CARDS, EVENT_FACES, seat
from .board import (
    CARD_NAMES,
    EDGE_LABELS,
    EDGE_VERTICES,
    HARBOR_EDGES,
    HARBOR_NAMES,
    HEX_NAMES,
    N_HEXES,
    N_VERTICES,
    RESOURCES,
    TERRAIN_CODES,
    TERRAIN_SUPPLY,
    VERTEX_EDGES,
    VERTEX_LABELS,
    VERTEX_NEIGHBOURS,
    LabelError,
    Layout,
    parse_edge,
    parse_hex,
    parse_vertex,
)  # fmt: skip
from .colors import color_problem
from .errors import PositionError, ascii_count, quote
from .progress_cards import ALIASES, CARDS, COUNT, DECK_KINDS, DECK_OF, TRACKS, VP_CARDS
from .rules.awards import road_length
from .rules.common import setup_order
from .state import (
    AQUEDUCT,
    BIDS,
    BOARD,
    CARD_DIE,
    CHANCE_PHASES,
    CITIES,
    COMMODITY_CARDS,
    DEFENDER_DECK,
    DESERT,
    DESERTER,
    DEV_DECK,
    DEV_DIE,
    DICE,
    DISCARD,
    DRAW,
    END,
    HARBOR,
    MAIN,
    NEUTRAL,
    OFFER,
    OVER,
    PHASES,
    PILLAGE,
    PRE_ROLL,
    PROGRESS_DISCARD,
    PROGRESS_DRAW,
    RELOCATE,
    RESOURCE_CARDS,
    RESOURCE_DIE,
    ROAD_BUILDING,
    ROADS,
    ROBBER,
    ROLLOFF,
    SABOTAGE,
    SETTLEMENTS,
    SETUP_ROAD,
    SETUP_SETTLE,
    STEAL,
    TIEBREAK,
    TOKENS,
    WEDDING,
    State,
    tset,
)  # fmt: skip
from .variants import VARIANTS

KEYS = (
    "n", "colors", "phase", "turn", "active", "setup", "sv", "terrain", "numbers", "harbors",
    "tiles", "hk", "shuffle", "robber", "bank", "deck", "top", "hands", "dev", "newdev",
    "knights", "played", "settlements", "cities", "roads", "longest", "army", "dice", "rolled",
    "discards", "resume", "victim", "free", "offer", "winner", "rolloff",
)  # fmt: skip
EXTRA_KEYS = {
    "tokens": ("tokens", "supply", "tokused", "kret"),  # 2P-TOKEN-*
    "double_roll": ("sums",),  # 2P-ROLL-TWICE
    "neutrals": ("nb",),  # 2P-NEUTRAL-MIRROR: piece owed, phase after it, piece built
    "dummy": ("droad", "bids", "tb"),  # DUMMY-*: D's road number, sealed bids, roll-off
    "knights": ("kn", "walls", "levels", "metro", "barb", "attacked", "defender", "pvp",
                "pdecks", "phand", "merchant", "event", "draws", "pillage", "claims",
                "pdiscards", "relocate", "toppled", "fleet", "taxed", "treason",
                "harbor"),  # CK-*
}
MAX_POSITION_CHARS = 8192  # the longest position a game writes is about 2,000 characters
_FLAGS = "afp"  # knight flags: active, fresh (placed/activated/used this turn), promoted


def variant_keys(rules) -> tuple[str, ...]:
    return KEYS + tuple(k for flag, ks in EXTRA_KEYS.items() if getattr(rules.caps, flag)
                        for k in ks)


def _neutral_due_text(due: tuple) -> str:
    """OWED:PHASE:BUILT, with :MORE when more neutral promotions follow (Smithing)."""
    if not due:
        return "-"
    return ":".join(due[:3]) + (f":{due[3]}" if due[3] else "")


def _read_neutral_due(F: _Fields, rules) -> tuple:
    parts = F.f["nb"].split(":")
    kinds = ("settle", "road", "knight", "promote") if rules.caps.knights else ("settle", "road")
    more = parts[3] if len(parts) == 4 else "0"
    if (len(parts) not in (3, 4) or parts[0] not in kinds or parts[1] not in PHASES
            or parts[2] not in kinds or more not in ("0", "1")):
        raise F.bad("nb", "expected OWED:PHASE:BUILT[:MORE], e.g. road:main:settle")
    if parts[0] != parts[2] and parts[0] != "road":
        raise F.bad("nb", f"a neutral {parts[0]} is owed only for a {parts[0]}")
    return (*parts[:3], int(more))


def _ints(xs) -> str:
    return ",".join(map(str, xs)) or "-"


def _seat_or_dash(p: int) -> str:
    return seat(p) if p >= 0 else "-"


def _labels(xs, names) -> str:
    return ",".join(names[x] for x in xs) or "-"


def encode(rules, s: State) -> str:
    n = s.n
    parties = range(len(s.names))
    lay = s.layout
    f = {
        "n": str(n),
        "colors": ",".join(s.colors),
        "phase": s.phase,
        "turn": str(s.turn),
        "active": s.name(s.active),
        "setup": str(s.setup_step),
        "sv": VERTEX_LABELS[s.setup_vertex] if s.setup_vertex >= 0 else "-",
        "terrain": ",".join(TERRAIN_CODES[t] for t in lay.terrain) if lay else "-",
        "numbers": _ints(lay.numbers) if lay else "-",
        "harbors": ",".join(HARBOR_NAMES[k] for _, k in lay.harbors) if lay else "-",
        "tiles": ",".join(TERRAIN_CODES[t] if t >= 0 else "." for t in s.tiles) or "-",
        "hk": _labels(s.harbor_kinds, HARBOR_NAMES),
        "shuffle": str(int(s.shuffle_harbors)),
        "robber": HEX_NAMES[s.robber] if s.robber >= 0 else "-",
        "bank": _ints(s.bank),
        "deck": _ints(s.deck),
        "top": _labels(s.deck_top, DEV_CARDS),
        "hands": "/".join(_ints(h) for h in s.hands),
        "dev": "/".join(_ints(d) for d in s.dev),
        "newdev": _ints(s.newdev),
        "knights": _ints(s.knights),  # the dummy's entry: its army number
        "played": str(int(s.dev_played)),
        "settlements": "/".join(
            _labels([v for v, o in enumerate(s.vowner) if o == p and not s.vcity[v]],
                    VERTEX_LABELS) for p in parties),
        "cities": "/".join(
            _labels([v for v, o in enumerate(s.vowner) if o == p and s.vcity[v]], VERTEX_LABELS)
            for p in parties),
        "roads": "/".join(
            _labels([e for e, o in enumerate(s.eowner) if o == p], EDGE_LABELS) for p in parties),
        "longest": _name_or_dash(s, s.longest),
        "army": _name_or_dash(s, s.army),
        "dice": _ints(s.dice),
        "rolled": _ints(s.rolled),
        "discards": _ints(s.discards),
        "resume": s.resume,
        "victim": _seat_or_dash(s.victim),
        "free": str(s.free_roads),
        "offer": (f"{seat(s.offer[0])}:{_ints(s.offer[1])}:{_ints(s.offer[2])}"
                  if s.offer else "-"),
        "winner": _seat_or_dash(s.winner),
        "rolloff": (_labels(s.rolloff[0], [seat(p) for p in range(n)]) + ":" +
                    _ints(s.rolloff[1])) if s.rolloff[0] else "-",
        "tokens": _ints(s.tokens),
        "supply": str(s.token_supply),
        "tokused": str(int(s.token_used)),
        "kret": str(int(s.knight_returned)),
        "sums": _ints(s.sums),
        "nb": _neutral_due_text(s.neutral_due),
        "droad": str(s.road_len[s.dummy]) if s.caps.dummy else "-",
        "bids": "/".join(_bid_text(b) for b in s.bids) or "-",
        "tb": _tiebreak_text(s),
    }  # fmt: skip
    if rules.caps.knights:
        f |= _ck_fields(s)
    keys = variant_keys(rules)
    return " ".join(["catan", rules.variant, *(f"{k}={f[k]}" for k in keys)])


def _ck_fields(s: State) -> dict[str, str]:
    names = s.names
    return {
        "kn": ",".join(f"{VERTEX_LABELS[v]}:{names[k[0]]}:{k[1]}:" +
                       "".join(c if on else "-" for c, on in zip(_FLAGS, k[2:], strict=True))
                       for v, k in enumerate(s.kn) if k is not None) or "-",
        "walls": _labels([v for v, w in enumerate(s.walls) if w], VERTEX_LABELS),
        "levels": "/".join(_ints(x) for x in s.levels),
        "metro": ",".join(VERTEX_LABELS[v] if v >= 0 else "-" for v in s.metro),
        "barb": str(s.barb),
        "attacked": str(int(s.attacked)),
        "defender": _ints(s.defender),
        "pvp": _ints(s.pvp),
        "pdecks": "/".join(f"{_ints(c)}:{_labels(q, CARDS)}" for c, q in s.pdecks),
        "phand": "/".join(_labels(h, CARDS) for h in s.phand),
        "merchant": (f"{HEX_NAMES[s.merchant[0]]}:{names[s.merchant[1]]}"
                     if s.merchant[1] >= 0 else "-"),
        "event": s.event or "-",
        "draws": ",".join(f"{names[p]}:{TRACKS[t] if t >= 0 else 'choose'}"
                          for p, t in s.draws) or "-",
        "pillage": _labels(s.pillage, names),
        "claims": _labels(s.claims, names),
        "pdiscards": _labels(s.pdiscards, names),
        "relocate": (f"{names[s.relocate[0]]}:{VERTEX_LABELS[s.relocate[1]]}:"
                     f"{s.relocate[2]}:{int(s.relocate[3])}" if s.relocate else "-"),
        "toppled": _labels(s.toppled, VERTEX_LABELS),
        "fleet": _labels(s.fleet, CARD_NAMES),
        "taxed": _labels(s.taxed, names),
        "treason": (f"{names[s.treason[0]]}:{s.treason[1]}:{int(s.treason[2])}"
                    if s.treason else "-"),
        "harbor": (_labels(s.harbor[0], names) + ":" +
                   (f"{names[s.harbor[1][0]]}:{CARD_NAMES[s.harbor[1][1]]}" if s.harbor[1]
                    else "-")) if s.harbor else "-",
    }  # fmt: skip


def _name_or_dash(s: State, p: int) -> str:
    return s.name(p) if p >= 0 else "-"


def _bid_text(b) -> str:
    if b is None:
        return "?"
    if not b:
        return "pass"
    return f"{_ints(b[0])}:{RESOURCES[b[1]]}"


def _tiebreak_text(s: State) -> str:
    if not s.tiebreak:
        return "-"
    purpose, cands, totals = s.tiebreak
    names = HEX_NAMES if purpose == "robber" else s.names
    return f"{purpose}:{','.join(names[c] for c in cands)}:{_ints(totals)}"


class _Fields:
    """Field access that turns any bad value into a PositionError naming the field."""

    def __init__(self, text: str):
        words = text.split()
        if len(words) < 2 or words[0] != "catan":
            raise PositionError(f"position text must start with 'catan <variant>': {quote(text)}")
        self.variant = words[1]
        self.strict = False
        from .variants import rules_for

        try:
            self.rules = rules_for(self.variant, preview=True)
        except (ValueError, NotImplementedError):
            raise PositionError(f"position text: unknown variant {quote(self.variant)} "
                                f"(word 2): one of {', '.join(VARIANTS)}") from None
        keys = variant_keys(self.rules)
        self.f: dict[str, str] = {}
        for w in words[2:]:
            k, eq, v = w.partition("=")
            if not eq:
                raise PositionError(f"position text: {quote(w)} is not a key=value field")
            if k not in keys:
                raise PositionError(f"position text: unknown field {quote(k)} for {self.variant}")
            if k in self.f:
                raise PositionError(f"position text: field {quote(k)} appears twice")
            self.f[k] = v
        missing = [k for k in keys if k not in self.f]
        if missing:
            raise PositionError(f"position text: missing field(s) {', '.join(missing)}")
        self.n = 0
        self.parties: tuple[str, ...] = ()

    def bad(self, key: str, why: str) -> PositionError:
        return PositionError(f"position text: field {key}={quote(self.f[key])}: {why}")

    def get(self, key: str, fn):
        try:
            return fn(self.f[key])
        except PositionError:
            raise
        except (ValueError, IndexError, LabelError) as e:
            raise self.bad(key, str(e)) from None

    def int(self, key: str, lo: int = 0, hi: int = 10**6) -> int:
        x = self.get(key, ascii_count)
        if not lo <= x <= hi:
            raise self.bad(key, f"must be between {lo} and {hi}")
        return x

    def ints(self, key: str, length: int | None) -> list[int]:
        v = self.f[key]
        xs = [] if v == "-" else self.get(key, lambda t: [ascii_count(x) for x in t.split(",")])
        if length is not None and len(xs) != length:
            raise self.bad(key, f"expected {length} numbers")
        if any(x < 0 for x in xs):
            raise self.bad(key, "negative count")
        return xs

    def seat(self, key: str, text: str | None = None, allow_none: bool = True,
             players_only: bool = False) -> int:
        """A party named in the field: P1.., or N1, N2, D where the variant has them."""
        t = self.f[key] if text is None else text
        if t == "-" and allow_none:
            return -1
        names = self.parties[:self.n] if players_only else self.parties
        if t in names:
            return names.index(t)
        raise self.bad(key, f"{t!r} is not one of {', '.join(names)}")

    def names(self, key: str, names, text: str | None = None) -> list[int]:
        t = self.f[key] if text is None else text
        if t == "-":
            return []
        out = []
        for x in t.split(","):
            if x not in names:
                raise self.bad(key, f"{x!r} is not one of {', '.join(names)}")
            out.append(names.index(x))
        return out

    def per_seat(self, key: str) -> list[str]:
        parts = self.f[key].split("/")
        if len(parts) != len(self.parties):
            raise self.bad(key, f"expected {len(self.parties)} lists separated by '/' "
                           f"({', '.join(self.parties)})")
        return parts


def _tile(F: _Fields, t: str) -> int:
    """One tile of a board being laid: a terrain code, or ``.`` for a hex not laid yet."""
    if t == ".":
        return -1
    if t not in TERRAIN_CODES:
        raise F.bad("tiles", f"{quote(t)} is not a terrain code "
                    f"({', '.join(TERRAIN_CODES)}) or '.'")
    return TERRAIN_CODES.index(t)


# Phases every variant has; a variant adds those it declares (decisions, chance events).
_COMMON_PHASES = (BOARD, ROLLOFF, SETUP_SETTLE, SETUP_ROAD, PRE_ROLL, DICE, DISCARD, ROBBER,
                  STEAL, MAIN, ROAD_BUILDING, DRAW, OFFER, OVER)


def variant_phases(rules) -> frozenset[str]:
    """The phases a game of ``rules``' variant can be in."""
    extra = (NEUTRAL,) * bool(rules.caps.neutrals) + (TIEBREAK,) * rules.caps.dummy
    return frozenset((*_COMMON_PHASES, *rules.decisions, *rules.chance_rules, *extra))


def decode(text: str, strict: bool = False) -> tuple[str, State]:
    """Read position text; raises PositionError naming the field at fault.

    ``strict`` (the board editor) also asks that every road be joined to its owner's pieces
    and every knight stand at the end of its owner's road, as in any played game.
    """
    if not isinstance(text, str):
        raise PositionError(f"position text must be a string, not {quote(text)}")
    if len(text) > MAX_POSITION_CHARS:
        raise PositionError(f"position text of {len(text)} characters, more than "
                            f"{MAX_POSITION_CHARS}: {quote(text)}")
    F = _Fields(text)
    F.strict = strict
    rules = F.rules
    n = F.int("n", 1, 6)
    if n not in rules.seats:
        raise F.bad("n", f"{F.variant} is for {' or '.join(map(str, rules.seats))} players")
    F.n = n
    F.parties = State(n, None, (), rules.caps).names
    colors = tuple(F.f["colors"].split(","))
    if why := color_problem(colors, len(F.parties)):
        raise F.bad("colors", why)
    layout = None
    if F.f["terrain"] != "-":
        terrain = tuple(F.names("terrain", TERRAIN_CODES))
        numbers = tuple(F.ints("numbers", N_HEXES))
        kinds = F.names("harbors", HARBOR_NAMES)
        if len(terrain) != N_HEXES or len(kinds) != len(HARBOR_EDGES):
            raise F.bad("terrain", "expected 19 terrains and 9 harbors")
        if [terrain.count(t) for t in range(6)] != list(TERRAIN_SUPPLY):
            raise F.bad("terrain", "terrain counts differ from BASE-COMP-TERRAIN")
        layout = Layout(terrain, numbers, tuple(zip(HARBOR_EDGES, kinds, strict=True)))
    s = State(n, layout, colors, rules.caps)
    s.phase = F.f["phase"]
    if s.phase not in PHASES:
        raise F.bad("phase", f"unknown phase; one of {', '.join(PHASES)}")
    s.turn = F.int("turn")
    s.active = F.seat("active", allow_none=False)
    s.setup_step = F.int("setup", 0, 2 * n)
    s.setup_vertex = -1 if F.f["sv"] == "-" else F.get("sv", parse_vertex)
    tiles = F.f["tiles"]
    s.tiles = () if tiles == "-" else tuple(_tile(F, t) for t in tiles.split(","))
    if len(s.tiles) > N_HEXES:
        raise F.bad("tiles", f"at most {N_HEXES} tiles")
    s.harbor_kinds = tuple(F.names("hk", HARBOR_NAMES))
    s.shuffle_harbors = F.int("shuffle", 0, 1) == 1
    s.robber = -1 if F.f["robber"] == "-" else F.get("robber", parse_hex)
    s.bank = tuple(F.ints("bank", rules.caps.card_kinds))
    s.deck = tuple(F.ints("deck", 5))
    s.deck_top = tuple(F.names("top", DEV_CARDS))
    kinds = rules.caps.card_kinds
    s.hands = tuple(tuple(_counts(F, "hands", part, kinds)) for part in F.per_seat("hands"))
    s.dev = tuple(tuple(_counts(F, "dev", part)) for part in F.per_seat("dev"))
    s.newdev = tuple(F.ints("newdev", 5))
    s.knights = tuple(F.ints("knights", len(F.parties)))
    s.dev_played = F.int("played", 0, 1) == 1
    vowner, vcity, eowner = list(s.vowner), list(s.vcity), list(s.eowner)
    for key, city in (("settlements", False), ("cities", True)):
        for p, part in enumerate(F.per_seat(key)):
            for v in _places(F, key, part, parse_vertex):
                if vowner[v] >= 0:
                    raise F.bad(key, f"two buildings on {VERTEX_LABELS[v]}")
                vowner[v], vcity[v] = p, city
    for p, part in enumerate(F.per_seat("roads")):
        for e in _places(F, "roads", part, parse_edge):
            if eowner[e] >= 0:
                raise F.bad("roads", f"two roads on {EDGE_LABELS[e]}")
            eowner[e] = p
    s.vowner, s.vcity, s.eowner = tuple(vowner), tuple(vcity), tuple(eowner)
    s.settlements = tuple(sum(1 for v, o in enumerate(vowner) if o == p and not vcity[v])
                          for p in range(len(F.parties)))
    s.cities = tuple(sum(1 for v, o in enumerate(vowner) if o == p and vcity[v])
                     for p in range(len(F.parties)))
    s.roads = tuple(eowner.count(p) for p in range(len(F.parties)))
    s.longest = F.seat("longest")
    s.army = F.seat("army")
    s.dice = tuple(F.ints("dice", None))
    s.rolled = tuple(F.ints("rolled", None))
    s.discards = tuple(F.ints("discards", len(F.parties)))
    s.resume = F.f["resume"]
    if s.resume not in (*PHASES, END):
        raise F.bad("resume", "unknown phase")
    s.victim = F.seat("victim")
    s.free_roads = F.int("free", 0, 2)
    if F.f["offer"] != "-":
        parts = F.f["offer"].split(":")
        if len(parts) != 3:
            raise F.bad("offer", "expected SEAT:give:get")
        give = F.get("offer", lambda _: tuple(ascii_count(x) for x in parts[1].split(",")))
        get = F.get("offer", lambda _: tuple(ascii_count(x) for x in parts[2].split(",")))
        if len(give) != len(s.bank) or len(get) != len(s.bank):
            raise F.bad("offer", f"give and get have {len(s.bank)} counts each")
        s.offer = (F.seat("offer", parts[0], allow_none=False, players_only=True), give, get)
    s.winner = F.seat("winner")
    if F.f["rolloff"] != "-":
        cands, _, totals = F.f["rolloff"].partition(":")
        s.rolloff = (tuple(F.seat("rolloff", c, allow_none=False, players_only=True)
                           for c in cands.split(",")),
                     F.get("rolloff", lambda _: tuple(ascii_count(x) for x in totals.split(",")
                                                      if x and x != "-")))
    _decode_extras(F, s)
    if rules.caps.knights:
        _decode_ck(F, s)
    _validate(F, s)
    _validate_phase(F, s)
    s.road_len = tuple(road_length(s, p) for p in range(len(F.parties)))
    if rules.caps.dummy:
        s.road_len = tset(s.road_len, s.dummy, F.int("droad", 0, 100))
        if s.road_len[s.dummy] and s.longest != s.dummy:
            raise F.bad("droad", "the dummy has a road number only while it holds Longest Road "
                        "(DUMMY-AWARD-RECLAIM)")
    _probe(F, s)
    return F.variant, s


def _probe(F: _Fields, s: State) -> None:
    """The last check at the door: the rules can say who is to act and what they may do,
    and the state prints itself. Whatever the checks above missed is refused here, as a
    PositionError naming the phase, instead of failing later inside ``legal_actions``."""
    rules, ph = F.rules, s.phase
    try:
        rules.pending(s)
        if ph == OVER:
            options: list = [None]
        elif ph in CHANCE_PHASES:
            options = [a for a, w in rules.chance_outcomes(s) if w]
        else:
            options = rules.legal_actions(s)
        encode(rules, s)
    except (ArithmeticError, LookupError, TypeError, ValueError, AttributeError) as e:
        raise F.bad("phase", f"the {ph} phase cannot go on from this position "
                    f"({type(e).__name__}: {quote(str(e))})") from None
    if not options and not F.strict:  # the editor names the rule that leaves nobody to act
        raise F.bad("phase", f"nobody can act in the {ph} phase: start a turn instead "
                    "('turn P1 main')")


def _decode_extras(F: _Fields, s: State) -> None:
    """The fields of EXTRA_KEYS the variant has."""
    rules, m = F.rules, len(F.parties)
    if rules.caps.tokens:
        s.tokens = tuple(F.ints("tokens", m))
        s.token_supply = F.int("supply", 0, TOKENS)
        s.token_used = F.int("tokused", 0, 1) == 1
        s.knight_returned = F.int("kret", 0, 1) == 1
    if rules.caps.double_roll:
        s.sums = tuple(F.ints("sums", None))
        if len(s.sums) > 2 or any(not 2 <= x <= 12 for x in s.sums):
            raise F.bad("sums", "at most two sums of 2..12")
    if rules.caps.neutrals and F.f["nb"] != "-":
        s.neutral_due = _read_neutral_due(F, rules)
    if rules.caps.dummy:
        if F.f["bids"] != "-":
            s.bids = tuple(_read_bid(F, part) for part in F.f["bids"].split("/"))
            if len(s.bids) != s.n:
                raise F.bad("bids", f"expected {s.n} bids separated by '/'")
        if F.f["tb"] != "-":
            parts = F.f["tb"].split(":")
            if len(parts) != 3 or parts[0] not in ("robber", "steal", "bid"):
                raise F.bad("tb", "expected robber|steal|bid:CANDIDATES:TOTALS")
            if parts[0] == "robber":
                cands = tuple(F.get("tb", lambda _: [parse_hex(c) for c in parts[1].split(",")]))
            else:
                cands = tuple(F.seat("tb", c, allow_none=False, players_only=True)
                              for c in parts[1].split(","))
            totals = F.get("tb", lambda _: tuple(ascii_count(x) for x in parts[2].split(",")
                                                 if x != "-"))
            if len(cands) < 2 or len(totals) >= len(cands):
                raise F.bad("tb", "a roll-off has 2+ candidates and someone still to roll")
            s.tiebreak = (parts[0], cands, totals)


def _decode_ck(F: _Fields, s: State) -> None:
    """The Cities & Knights fields, each checked against its rules (CK-BUILD-LIMITS ...)."""
    m = len(F.parties)
    kn = [None] * N_VERTICES
    if F.f["kn"] != "-":
        for entry in F.f["kn"].split(","):
            parts = entry.split(":")
            if len(parts) != 4 or len(parts[3]) != 3 or parts[2] not in ("1", "2", "3"):
                raise F.bad("kn", f"{entry!r} is not VERTEX:SEAT:LEVEL:FLAGS like H4:P1:2:a--")
            v = F.get("kn", lambda _, x=parts[0]: parse_vertex(x))
            if kn[v] is not None or s.vowner[v] >= 0:
                raise F.bad("kn", f"{VERTEX_LABELS[v]} already holds a piece")
            owner = F.seat("kn", parts[1], allow_none=False)
            kn[v] = (owner, int(parts[2]), *(c != "-" for c in parts[3]))
    s.kn = tuple(kn)
    for p in range(m):
        for level in (1, 2, 3):
            if sum(1 for k in kn if k and k[0] == p and k[1] == level) > 2:
                raise F.bad("kn", f"{F.parties[p]} has more than 2 knights of level {level} "
                            "(CK-BUILD-LIMITS)")
    for v, k in enumerate(kn):
        if k and k[0] >= s.n and (k[1] > 2 or k[2]):
            raise F.bad("kn", f"{F.parties[k[0]]}'s knight on {VERTEX_LABELS[v]} must be basic "
                        "or strong, and inactive (CK2P-NEUTRAL-KNIGHT-INERT)")
    walls = [False] * N_VERTICES
    for v in _places(F, "walls", F.f["walls"], parse_vertex):
        if s.vowner[v] < 0 or not s.vcity[v]:
            raise F.bad("walls", f"a wall stands under a city; {VERTEX_LABELS[v]} has none")
        walls[v] = True
    s.walls = tuple(walls)
    s.levels = tuple(tuple(F.get("levels", lambda _, x=x: [ascii_count(c) for c in x.split(",")]))
                     for x in F.per_seat("levels"))
    if any(len(x) != 3 or not all(0 <= c <= 5 for c in x) for x in s.levels):
        raise F.bad("levels", "3 levels of 0..5 per party")
    metro = F.f["metro"].split(",")
    if len(metro) != 3:
        raise F.bad("metro", "one entry per track")
    s.metro = tuple(-1 if x == "-" else F.get("metro", lambda _, x=x: parse_vertex(x))
                    for x in metro)
    for t, v in enumerate(s.metro):
        if v >= 0 and (not s.vcity[v] or s.levels[s.vowner[v]][t] < 4):
            raise F.bad("metro", f"the {TRACKS[t]} metropolis needs a city of a level-4 owner")
    s.barb = F.int("barb", 0, 6)
    s.attacked = F.int("attacked", 0, 1) == 1
    if not s.attacked and s.robber >= 0:  # rule="CK-ROBBER-INACTIVE"
        raise F.bad("robber", "the robber stays beside the board until the first barbarian "
                    "attack (CK-ROBBER-INACTIVE): robber=- or attacked=1")
    s.defender = tuple(F.ints("defender", m))
    s.pvp = tuple(F.ints("pvp", m))
    decks = F.f["pdecks"].split("/")
    if len(decks) != 3:
        raise F.bad("pdecks", "three decks separated by '/'")
    s.pdecks = tuple((tuple(F.get("pdecks", lambda _, d=d: [ascii_count(c) for c in
                                                            d.split(":")[0].split(",")])),
                      tuple(F.names("pdecks", CARDS, d.partition(":")[2] or "-")))
                     for d in decks)
    s.phand = tuple(tuple(sorted(_cards(F, x))) for x in F.per_seat("phand"))
    if any(s.deck) or any(map(any, s.dev)) or any(s.knights):
        raise F.bad("deck", "Cities & Knights has no development cards (CK-COMP-REMOVED)")
    if F.f["merchant"] != "-":
        h, _, owner = F.f["merchant"].partition(":")
        s.merchant = (F.get("merchant", lambda _: parse_hex(h)),
                      F.seat("merchant", owner, allow_none=False))
    s.event = "" if F.f["event"] == "-" else F.f["event"]
    if s.event and s.event not in EVENT_FACES:
        raise F.bad("event", f"one of {', '.join(EVENT_FACES)}")
    if F.f["draws"] != "-":
        draws = []
        for entry in F.f["draws"].split(","):
            who, _, track = entry.partition(":")
            if track not in (*TRACKS, "choose"):
                raise F.bad("draws", f"{entry!r} is not SEAT:TRACK")
            draws.append((F.seat("draws", who, allow_none=False),
                          TRACKS.index(track) if track in TRACKS else -1))
        s.draws = tuple(draws)
    for key in ("pillage", "claims", "pdiscards", "taxed"):
        v = F.f[key]
        setattr(s, key, () if v == "-" else tuple(F.seat(key, x, allow_none=False)
                                                   for x in v.split(",")))
    if F.f["relocate"] != "-":
        parts = F.f["relocate"].split(":")
        if len(parts) != 4:
            raise F.bad("relocate", "expected SEAT:VERTEX:LEVEL:ACTIVE")
        s.relocate = (F.seat("relocate", parts[0], allow_none=False),
                      F.get("relocate", lambda _: parse_vertex(parts[1])),
                      F.get("relocate", lambda _: ascii_count(parts[2])), parts[3] == "1")
        if s.relocate[2] not in (1, 2, 3) or parts[3] not in ("0", "1"):
            raise F.bad("relocate", "a knight's level is 1 to 3, and ACTIVE 0 or 1")
    s.toppled = tuple(_places(F, "toppled", F.f["toppled"], parse_vertex))
    s.fleet = tuple(sorted(set(F.names("fleet", CARD_NAMES))))
    if F.f["treason"] != "-":
        parts = F.f["treason"].split(":")
        if len(parts) != 3 or parts[1] not in ("0", "1", "2", "3") or parts[2] not in ("0", "1"):
            raise F.bad("treason", "expected SEAT:LEVEL:ACTIVE")
        s.treason = (F.seat("treason", parts[0], allow_none=False), int(parts[1]),
                     parts[2] == "1")
    if F.f["harbor"] != "-":
        left, _, due = F.f["harbor"].partition(":")
        players = () if left == "-" else tuple(F.seat("harbor", x, allow_none=False)
                                               for x in left.split(","))
        pending: tuple = ()
        if due != "-":
            who, _, res = due.partition(":")
            pending = (F.seat("harbor", who, allow_none=False),
                       F.names("harbor", RESOURCES, res)[0])
        s.harbor = (players, pending)
    _validate_progress(F, s)


def _cards(F: _Fields, text: str) -> list[int]:
    """Progress cards by name (the older 001 names too)."""
    if text == "-":
        return []
    out = []
    for x in text.split(","):
        if x.lower() not in ALIASES:
            raise F.bad("phand", f"{x!r} is not a progress card")
        out.append(ALIASES[x.lower()])
    return out


def _validate_progress(F: _Fields, s: State) -> None:
    """rule="CK-PC-COUNTS": every progress card is in a deck, a hand or laid out as VP."""
    for t in range(3):
        if len(s.pdecks[t][0]) != len(DECK_KINDS[t]) or any(
                DECK_OF[k] != t for k in s.pdecks[t][1]):
            raise F.bad("pdecks", f"the {TRACKS[t]} deck lists {len(DECK_KINDS[t])} counts "
                        "and only its own cards")
        if min(s.pdecks[t][0]) < 0:
            raise F.bad("pdecks", "negative count")
    vp_held = 0
    for k, total in enumerate(COUNT):
        t = DECK_OF[k]
        held = (s.pdecks[t][0][DECK_KINDS[t].index(k)] + s.pdecks[t][1].count(k)
                + sum(h.count(k) for h in s.phand))
        if k in VP_CARDS:
            vp_held += held
        elif held != total:
            raise F.bad("phand", f"{held} {CARDS[k]} cards in decks and hands, not {total}")
    if vp_held + sum(s.pvp) != sum(COUNT[k] for k in VP_CARDS):
        raise F.bad("pvp", "the VP progress cards do not add up (CK-PC-COUNTS)")


def _read_bid(F: _Fields, part: str):
    if part == "?":
        return None
    if part == "pass":
        return ()
    give, _, get = part.partition(":")
    counts = _counts(F, "bids", give)
    if get not in RESOURCES:
        raise F.bad("bids", f"{get!r} is not a resource")
    return (tuple(counts), RESOURCES.index(get))


def _counts(F: _Fields, key: str, part: str, n: int = 5) -> list[int]:
    try:
        xs = [ascii_count(x) for x in part.split(",")]
    except ValueError:
        raise F.bad(key, f"{part!r} is not {n} counts") from None
    if len(xs) != n or min(xs) < 0:
        raise F.bad(key, f"{part!r} is not {n} counts")
    return xs


def _places(F: _Fields, key: str, part: str, parse) -> list[int]:
    if part == "-":
        return []
    try:
        return [parse(x) for x in part.split(",")]
    except LabelError as e:
        raise F.bad(key, str(e)) from None


def _validate(F: _Fields, s: State) -> None:
    """Counts that can never hold in a real game (BASE-COMP-*) are refused."""
    for r in range(len(s.bank)):
        total = s.bank[r] + sum(h[r] for h in s.hands)
        supply = RESOURCE_CARDS if r < 5 else COMMODITY_CARDS
        if total != supply:
            raise F.bad("bank", f"{CARD_NAMES[r]}: bank and hands hold {total} cards, "
                        f"not {supply} (BASE-COMP-CARDS, CK-COMP-COMMODITIES)")
    for c in range(5):
        held = s.deck[c] + sum(d[c] for d in s.dev) + (sum(s.knights[:s.n]) if c == 0 else 0)
        if held > DEV_DECK[c]:
            raise F.bad("deck", f"{held} {DEV_CARDS[c]} cards in play, more than {DEV_DECK[c]}")
    for c in s.deck_top:
        if s.deck_top.count(c) > s.deck[c]:
            raise F.bad("top", f"more {DEV_CARDS[c]} cards on top than in the deck")
    for p in range(s.owners):
        toppled = sum(1 for v in s.toppled if s.vowner[v] == p)  # CK-BARB-PILLAGE
        limits = (("settlements", s.settlements[p], SETTLEMENTS + toppled),
                  ("cities", s.cities[p], CITIES if p < s.n else 0), ("roads", s.roads[p], ROADS))
        for key, have, limit in limits:
            if have > limit:
                raise F.bad(key, f"{s.name(p)} has {have}, more than {limit} (BASE-BUILD-LIMITS, "
                            "2P-SETUP-PLAYERS)")
    for p in range(s.n, len(s.names)):  # neutrals and the dummy
        name = s.name(p)
        if p == s.dummy:
            for key in ("settlements", "cities", "roads"):
                if getattr(s, key)[p]:
                    raise F.bad(key, "the dummy has no pieces (DUMMY-SETUP-NOTHING-ON-BOARD)")
            if s.knights[p] and s.army != p:
                raise F.bad("knights", "the dummy has an army number only while it holds "
                            "Largest Army (DUMMY-AWARD-RECLAIM)")
        if p != s.dummy and sum(s.hands[p]):
            raise F.bad("hands", f"{name} holds no cards (2P-SETUP-PLAYERS)")
        for key, bad in (("dev", sum(s.dev[p])), ("tokens", s.tokens[p]),
                         ("discards", s.discards[p]), ("knights", p != s.dummy and s.knights[p])):
            if bad:
                raise F.bad(key, f"{name} holds no development cards, knights or tokens and "
                            "never discards")
    _validate_board(F, s)
    if F.rules.caps.tokens and s.token_supply + sum(s.tokens) != TOKENS:
        raise F.bad("supply", f"supply and players hold {s.token_supply + sum(s.tokens)} "
                    f"tokens, not {TOKENS} (2P-SETUP-TOKENS)")
    if s.winner >= s.n:
        raise F.bad("winner", "only a player wins")
    if s.active >= s.n + s.caps.dummy:
        raise F.bad("active", "neutrals take no turns")


def _validate_board(F: _Fields, s: State) -> None:
    """Pieces stand where the rules can put them: no two buildings side by side
    (BASE-BUILD-DISTANCE); when strict, every road joined to its owner's buildings or roads
    (BASE-BUILD-ROAD) and every knight at the end of its owner's road (CK-KNIGHT-RECRUIT)."""
    vowner, eowner = s.vowner, s.eowner
    for v, o in enumerate(vowner):
        near = next((w for w in VERTEX_NEIGHBOURS[v] if vowner[w] >= 0), -1) if o >= 0 else -1
        if near >= 0:
            key = "cities" if s.vcity[v] else "settlements"
            raise F.bad(key, f"buildings on {VERTEX_LABELS[v]} and {VERTEX_LABELS[near]} are "
                        "side by side (BASE-BUILD-DISTANCE)")
    if not F.strict:
        return
    for p in range(s.owners):
        mine = {e for e, o in enumerate(eowner) if o == p}
        reached, todo = set(), [v for v, o in enumerate(vowner) if o == p]
        todo += [v for v, k in enumerate(s.kn) if k is not None and k[0] == p]
        seen = set(todo)
        while todo:  # roads reached from p's pieces (others' later buildings cut no link)
            v = todo.pop()
            for e in VERTEX_EDGES[v]:
                if e in mine and e not in reached:
                    reached.add(e)
                    for w in EDGE_VERTICES[e]:
                        if w not in seen:
                            seen.add(w)
                            todo.append(w)
        loose = sorted(mine - reached)
        if loose:
            raise F.bad("roads", f"{s.name(p)}'s road on {EDGE_LABELS[loose[0]]} is not joined "
                        f"to {s.name(p)}'s buildings (BASE-BUILD-ROAD)")
    for v, k in enumerate(s.kn):
        if k is not None and not any(eowner[e] == k[0] for e in VERTEX_EDGES[v]):
            raise F.bad("kn", f"{s.name(k[0])}'s knight on {VERTEX_LABELS[v]} is not at the end "
                        f"of one of its roads (CK-KNIGHT-RECRUIT)")


DUMMY_PHASES = (BIDS, TIEBREAK, DEV_DIE, CARD_DIE, RESOURCE_DIE)


def _validate_phase(F: _Fields, s: State) -> None:
    """The phase and the fields it relies on must fit together (no half-made game)."""
    order = setup_order(s.n)
    ph = s.phase
    if ph not in variant_phases(F.rules):
        raise F.bad("phase", f"{F.variant} has no {ph} phase")
    if len(s.dice) > 3 or len(s.rolled) > 3 or not all(1 <= x <= 6 for x in s.dice + s.rolled):
        raise F.bad("dice", "at most 3 dice of faces 1 to 6 (dice and rolled)")
    if F.rules.caps.knights:
        _validate_ck_phase(F, s)
    if (s.layout is None) != (ph == BOARD):
        raise F.bad("terrain", "a board is missing outside the board phase, or present in it")
    if ph == BOARD and len(s.tiles) != N_HEXES:
        raise F.bad("tiles", f"expected {N_HEXES} tiles while the board is laid")
    if ph in (SETUP_SETTLE, SETUP_ROAD):
        if s.turn != 0 or s.setup_step >= len(order) or s.active != order[s.setup_step]:
            raise F.bad("setup", f"in {ph} the turn is 0 and the seat follows the setup order")
        if ph == SETUP_ROAD and (s.setup_vertex < 0 or s.vowner[s.setup_vertex] != s.active):
            raise F.bad("sv", "the setup road needs the settlement just placed")
    elif ph not in (BOARD, ROLLOFF) and (s.turn < 1 or s.setup_step != len(order)):
        raise F.bad("turn", f"in {ph} setup is over: turn >= 1 and setup={len(order)}")
    if ph == ROLLOFF and (not s.rolloff[0] or len(s.rolloff[1]) >= len(s.rolloff[0])):
        raise F.bad("rolloff", "a roll-off needs candidates still to roll")
    most = 2 if ph == DICE and F.rules.caps.knights else 1  # C&K: the event die is third
    if F.rules.caps.double_roll and len(s.sums) == 2 and s.sums[0] == s.sums[1]:
        if not F.rules.caps.knights or ph != DICE:  # CK2P-ROLL-SAME: only while rerolling
            raise F.bad("sums", "two equal sums mean the number dice are rolled again (C&K for "
                        "two, phase dice)")
        most = 1
    if F.rules.caps.double_roll and ph == MAIN and len(s.sums) == 1:
        raise F.bad("sums", "the second roll follows the first before the Action phase")
    if ph in (DICE, ROLLOFF) and len(s.rolled) > most:
        raise F.bad("rolled", f"at most {most} dice of a roll in progress")
    if ph == DISCARD:
        if not any(s.discards):
            raise F.bad("discards", "the discard phase needs a seat that owes cards")
        if any(d > sum(h) for d, h in zip(s.discards, s.hands, strict=True)):
            raise F.bad("discards", "a seat owes more cards than it holds")
    if ph == STEAL and (s.victim < 0 or s.victim == s.active or not sum(s.hands[s.victim])):
        raise F.bad("victim", "a steal needs another seat with cards to rob")
    if ph == OFFER:
        if s.offer is None or s.offer[0] == s.active:
            raise F.bad("offer", "the offer phase needs an offer to another seat")
        if any(g > h for g, h in zip(s.offer[1], s.hands[s.active], strict=True)):
            raise F.bad("offer", "the active seat does not hold what it offers")
    if ph == ROAD_BUILDING and s.free_roads < 1:
        raise F.bad("free", "Road Building needs a free road left")
    if ph == DRAW and not sum(s.deck):
        raise F.bad("deck", "a draw needs cards in the deck")
    if (ph == OVER) != (s.winner >= 0):
        raise F.bad("winner", "a finished game has a winner, and only a finished game")
    if (ph == NEUTRAL) != bool(s.neutral_due):
        raise F.bad("nb", "a neutral piece is owed in the neutral phase, and only there")
    bidding = ph == BIDS or (ph == TIEBREAK and s.tiebreak and s.tiebreak[0] == "bid")
    if bidding != bool(s.bids):
        raise F.bad("bids", "bids are open in the bids phase or their roll-off, and only there")
    if (ph == TIEBREAK) != bool(s.tiebreak):
        raise F.bad("tb", "a roll-off runs in the tiebreak phase, and only there")
    dummy_turn = s.active == s.dummy >= 0
    if dummy_turn != (ph in DUMMY_PHASES or (dummy_turn and ph in (DICE, DISCARD, STEAL))):
        raise F.bad("phase", f"{ph} does not fit {s.name(s.active)}'s turn")


# What each Cities & Knights phase waits on: the field holding it, and why it must be there.
_CK_PENDING = {
    PILLAGE: ("pillage", lambda s: s.pillage, "the players still to lose a city"),
    DEFENDER_DECK: ("draws", lambda s: s.draws and s.draws[0][1] < 0,
                    "a tied defender to choose a deck (SEAT:choose first)"),
    PROGRESS_DRAW: ("draws", lambda s: s.draws and s.draws[0][1] >= 0,
                    "a draw from a named deck first (SEAT:TRACK)"),
    AQUEDUCT: ("claims", lambda s: s.claims, "the players still to take a resource"),
    PROGRESS_DISCARD: ("pdiscards", lambda s: s.pdiscards, "the players owing a discard"),
    RELOCATE: ("relocate", lambda s: s.relocate, "the displaced knight"),
    SABOTAGE: ("discards", lambda s: any(s.discards), "the cards owed"),
    WEDDING: ("discards", lambda s: any(s.discards[:s.n]), "the gifts owed by players"),
    DESERT: ("treason", lambda s: s.treason, "the Treason victim's knight"),
    DESERTER: ("treason", lambda s: s.treason, "the removed knight's strength"),
    HARBOR: ("harbor", lambda s: s.harbor and s.harbor[1], "the receiver and the resource"),
}


def _validate_ck_phase(F: _Fields, s: State) -> None:
    """Each C&K decision phase needs the pending data it acts on (CK-BARB-*, CK-PC-*)."""
    need = _CK_PENDING.get(s.phase)
    if need and not need[1](s):
        raise F.bad(need[0], f"the {s.phase} phase needs {need[2]}")
    if s.phase == PROGRESS_DRAW and not (sum(s.pdecks[s.draws[0][1]][0])
                                          or s.pdecks[s.draws[0][1]][1]):
        raise F.bad("draws", f"the {TRACKS[s.draws[0][1]]} deck is empty but a draw from it is "
                    "due (CK-PROGRESS-EMPTY)")
    for key in ("pillage", "claims", "pdiscards", "taxed"):
        who = getattr(s, key)
        if len(set(who)) != len(who) or any(p >= s.n for p in who):
            raise F.bad(key, "each player at most once (players only)")
    if any(p >= s.n for p, _ in s.draws) or len(s.draws) > 3 * s.n:
        raise F.bad("draws", "at most 3 draws per player, by players")
    if len(s.toppled) != len(set(s.toppled)):
        raise F.bad("toppled", "each vertex at most once")
    if s.relocate and s.relocate[0] >= s.owners:
        raise F.bad("relocate", "the displaced knight belongs to a player or a neutral")
    if s.treason and s.treason[0] >= s.owners:
        raise F.bad("treason", "the removed knight belongs to a player or a neutral")
