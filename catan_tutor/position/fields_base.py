"""The position-text fields every variant has: the board, the turn, cards, pieces, awards and
what a turn leaves pending in the base game; their rules are
checked apart from the text (``position/checks_base.py``)."""

from __future__ import annotations

from ..actions import DEV_CARDS, seat
from ..board import (
    EDGE_LABELS,
    HARBOR_EDGES,
    HARBOR_NAMES,
    HEX_NAMES,
    N_HEXES,
    TERRAIN_CODES,
    TERRAIN_SUPPLY,
    VERTEX_LABELS,
    Layout,
    number_problem,
    parse_edge,
    parse_hex,
    parse_vertex,
)  # fmt: skip
from ..colors import color_problem
from ..errors import ascii_count, quote
from ..rules.awards import road_length
from ..state import (
    END,
    PHASES,
    PendingOffer,
    State,
)  # fmt: skip
from .format import (
    FieldGroup,
    FieldReader,
    ints_text,
    labels_text,
    name_or_dash,
    seat_or_dash,
)  # fmt: skip

KEYS = (
    "n", "colors", "phase", "turn", "active", "setup", "sv", "terrain", "numbers", "harbors",
    "tiles", "hk", "shuffle", "robber", "bank", "deck", "top", "hands", "dev", "newdev",
    "knights", "played", "settlements", "cities", "roads", "longest", "army", "dice", "rolled",
    "discards", "resume", "victim", "free", "offer", "winner", "rolloff",
)  # fmt: skip


def write(s: State) -> dict[str, str]:
    n, lay = s.n, s.layout
    parties = range(len(s.names))
    return {
        "n": str(n),
        "colors": ",".join(s.colors),
        "phase": s.phase,
        "turn": str(s.turn),
        "active": s.record_name(s.active),
        "setup": str(s.setup_step),
        "sv": VERTEX_LABELS[s.setup_vertex] if s.setup_vertex >= 0 else "-",
        **write_layout(lay),
        "tiles": ",".join(TERRAIN_CODES[t] if t >= 0 else "." for t in s.tiles) or "-",
        "hk": labels_text(s.harbor_kinds, HARBOR_NAMES),
        "shuffle": str(int(s.shuffle_harbors)),
        "robber": HEX_NAMES[s.robber] if s.robber >= 0 else "-",
        "bank": ints_text(s.bank),
        "deck": ints_text(s.deck),
        "top": labels_text(s.deck_top, DEV_CARDS),
        "hands": "/".join(ints_text(h) for h in s.hands),
        "dev": "/".join(ints_text(d) for d in s.dev),
        "newdev": ints_text(s.newdev),
        "knights": ints_text(s.knights),  # the dummy's entry: its army number
        "played": str(int(s.dev_played)),
        "settlements": "/".join(
            labels_text([v for v, o in enumerate(s.vowner) if o == p and not s.vcity[v]],
                        VERTEX_LABELS) for p in parties),
        "cities": "/".join(
            labels_text([v for v, o in enumerate(s.vowner) if o == p and s.vcity[v]],
                        VERTEX_LABELS) for p in parties),
        "roads": "/".join(labels_text([e for e, o in enumerate(s.eowner) if o == p],
                                      EDGE_LABELS) for p in parties),
        "longest": name_or_dash(s, s.longest),
        "army": name_or_dash(s, s.army),
        "dice": ints_text(s.dice),
        "rolled": ints_text(s.rolled),
        "discards": ints_text(s.discards),
        "resume": s.resume,
        "victim": name_or_dash(s, s.victim),  # the dummy (D) can be robbed
        "free": str(s.free_roads),
        "offer": (f"{seat(s.offer.to)}:{ints_text(s.offer.give)}:{ints_text(s.offer.get)}"
                  if s.offer else "-"),
        "winner": seat_or_dash(s.winner),
        "rolloff": (labels_text(s.rolloff[0], [seat(p) for p in range(n)]) + ":" +
                    ints_text(s.rolloff[1])) if s.rolloff[0] else "-",
    }  # fmt: skip


def write_layout(lay: Layout | None) -> dict[str, str]:
    """The fields terrain, numbers and harbors of board ``lay`` (``-``: not laid yet)."""
    return {
        "terrain": ",".join(TERRAIN_CODES[t] for t in lay.terrain) if lay else "-",
        "numbers": ints_text(lay.numbers) if lay else "-",
        "harbors": ",".join(HARBOR_NAMES[k] for _, k in lay.harbors) if lay else "-",
    }


def new_state(F: FieldReader) -> State:
    """The state of the text's variant, seats, colours and board (the fields n to harbors)."""
    rules = F.rules
    n = F.number("n", 1, 6)
    if n not in rules.seats:
        raise F.bad("n", f"{F.variant} is for {' or '.join(map(str, rules.seats))} players")
    F.n = n
    F.parties = State(n, None, (), rules.caps).names
    colors = tuple(F.f["colors"].split(","))
    if why := color_problem(colors, len(F.parties)):
        raise F.bad("colors", why)
    return State(n, read_layout(F), colors, rules.caps)


def read_layout(F: FieldReader) -> Layout | None:
    """The board of the fields terrain, numbers and harbors (None: ``terrain=-``, not laid)."""
    if F.f["terrain"] == "-":
        return None
    terrain = tuple(F.names("terrain", TERRAIN_CODES))
    numbers = tuple(F.ints("numbers", N_HEXES))
    kinds = F.names("harbors", HARBOR_NAMES)
    if len(terrain) != N_HEXES or len(kinds) != len(HARBOR_EDGES):
        raise F.bad("terrain", "expected 19 terrains and 9 harbors")
    if [terrain.count(t) for t in range(6)] != list(TERRAIN_SUPPLY):
        raise F.bad("terrain", "terrain counts differ from BASE-COMP-TERRAIN")
    if bad_numbers := number_problem(terrain, numbers):
        raise F.bad("numbers", bad_numbers)
    return Layout(terrain, numbers, tuple(zip(HARBOR_EDGES, kinds, strict=True)))


def _tile(F: FieldReader, t: str) -> int:
    """One tile of a board being laid: a terrain code, or ``.`` for a hex not laid yet."""
    if t == ".":
        return -1
    if t not in TERRAIN_CODES:
        raise F.bad(
            "tiles", f"{quote(t)} is not a terrain code ({', '.join(TERRAIN_CODES)}) or '.'"
        )
    return TERRAIN_CODES.index(t)


def read(F: FieldReader, s: State) -> None:
    """The fields phase to rolloff (``new_state`` read those before)."""
    n, m = F.n, len(F.parties)
    s.phase = F.f["phase"]
    if s.phase not in PHASES:
        raise F.bad("phase", f"unknown phase; one of {', '.join(PHASES)}")
    s.turn = F.number("turn")
    s.active = F.seat("active", allow_none=False)
    s.setup_step = F.number("setup", 0, 2 * n)
    s.setup_vertex = -1 if F.f["sv"] == "-" else F.get("sv", parse_vertex)
    tiles = F.f["tiles"]
    s.tiles = () if tiles == "-" else tuple(_tile(F, t) for t in tiles.split(","))
    if len(s.tiles) > N_HEXES:
        raise F.bad("tiles", f"at most {N_HEXES} tiles")
    s.harbor_kinds = tuple(F.names("hk", HARBOR_NAMES))
    s.shuffle_harbors = F.flag("shuffle")
    s.robber = -1 if F.f["robber"] == "-" else F.get("robber", parse_hex)
    kinds = F.rules.caps.card_kinds
    s.bank = tuple(F.ints("bank", kinds))
    s.deck = tuple(F.ints("deck", 5))
    s.deck_top = tuple(F.names("top", DEV_CARDS))
    s.hands = tuple(tuple(F.counts("hands", part, kinds)) for part in F.per_seat("hands"))
    s.dev = tuple(tuple(F.counts("dev", part)) for part in F.per_seat("dev"))
    s.newdev = tuple(F.ints("newdev", 5))
    s.knights = tuple(F.ints("knights", m))
    s.dev_played = F.flag("played")
    _read_pieces(F, s)
    s.longest = F.seat("longest")
    s.army = F.seat("army")
    s.dice = tuple(F.ints("dice", None))
    s.rolled = tuple(F.ints("rolled", None))
    s.discards = tuple(F.ints("discards", m))
    s.resume = F.f["resume"]
    if s.resume not in (*PHASES, END):
        raise F.bad("resume", "unknown phase")
    s.victim = F.seat("victim")
    s.free_roads = F.number("free", 0, 2)
    if F.f["offer"] != "-":
        parts = F.f["offer"].split(":")
        if len(parts) != 3:
            raise F.bad("offer", "expected SEAT:give:get")
        give = F.get("offer", lambda _: tuple(ascii_count(x) for x in parts[1].split(",")))
        get = F.get("offer", lambda _: tuple(ascii_count(x) for x in parts[2].split(",")))
        if len(give) != len(s.bank) or len(get) != len(s.bank):
            raise F.bad("offer", f"give and get have {len(s.bank)} counts each")
        s.offer = PendingOffer(
            F.seat("offer", parts[0], allow_none=False, players_only=True), give, get
        )
    s.winner = F.seat("winner")
    if F.f["rolloff"] != "-":
        cands, _, totals = F.f["rolloff"].partition(":")
        s.rolloff = (
            tuple(
                F.seat("rolloff", c, allow_none=False, players_only=True) for c in cands.split(",")
            ),
            F.get(
                "rolloff",
                lambda _: tuple(ascii_count(x) for x in totals.split(",") if x and x != "-"),
            ),
        )


def _read_pieces(F: FieldReader, s: State) -> None:
    """Settlements, cities and roads per party: at most one piece on a spot."""
    m = len(F.parties)
    vowner, vcity, eowner = list(s.vowner), list(s.vcity), list(s.eowner)
    for key, city in (("settlements", False), ("cities", True)):
        for p, part in enumerate(F.per_seat(key)):
            for v in F.places(key, part, parse_vertex):
                if vowner[v] >= 0:
                    raise F.bad(key, f"two buildings on {VERTEX_LABELS[v]}")
                vowner[v], vcity[v] = p, city
    for p, part in enumerate(F.per_seat("roads")):
        for e in F.places("roads", part, parse_edge):
            if eowner[e] >= 0:
                raise F.bad("roads", f"two roads on {EDGE_LABELS[e]}")
            eowner[e] = p
    s.vowner, s.vcity, s.eowner = tuple(vowner), tuple(vcity), tuple(eowner)
    s.settlements = tuple(
        sum(1 for v, o in enumerate(vowner) if o == p and not vcity[v]) for p in range(m)
    )
    s.cities = tuple(sum(1 for v, o in enumerate(vowner) if o == p and vcity[v]) for p in range(m))
    s.roads = tuple(eowner.count(p) for p in range(m))


def finish(F: FieldReader, s: State) -> None:
    """Road lengths are not written: they follow from the roads (BASE-AWARD-ROAD-LENGTH)."""
    s.road_len = tuple(road_length(s, p) for p in range(len(F.parties)))


BASE_FIELDS = FieldGroup("base", KEYS, lambda caps: True, write, read, finish)
