"""The position-text fields of Cities & Knights (ck, ck-2p): knights, walls, improvements,
metropolises, barbarians, progress cards and the decisions their events leave pending, each
checked against its rule (CK-BUILD-LIMITS, CK-PC-COUNTS, CK-BARB-*, CK-PC-*)."""

from __future__ import annotations

from ..board import (
    CARD_NAMES,
    HEX_NAMES,
    N_VERTICES,
    RESOURCES,
    VERTEX_LABELS,
    parse_hex,
    parse_vertex,
)
from ..errors import ascii_count
from ..progress_cards import ALIASES, CARDS, TRACKS
from ..state import State
from ..variants.ck_state import (
    DisplacedKnight,
    DueDraw,
    HarborTrade,
    Knight,
    ProgressDeck,
    RemovedKnight,
)
from .format import FieldGroup, FieldReader, ints_text, labels_text

KEYS = ("kn", "walls", "levels", "metro", "barb", "attacked", "defender", "pvp", "pdecks",
        "phand", "merchant", "event", "draws", "pillage", "claims", "pdiscards", "relocate",
        "toppled", "fleet", "taxed", "treason", "harbor")  # fmt: skip
_FLAGS = "afp"  # knight flags: active, fresh (placed/activated/used this turn), promoted
_SEATS = ("pillage", "claims", "pdiscards", "taxed")  # players still to act, in order


def write(s: State) -> dict[str, str]:
    names = s.names
    return {
        "kn": ",".join(f"{VERTEX_LABELS[v]}:{names[k.owner]}:{k.level}:" +
                       "".join(c if on else "-" for c, on in
                               zip(_FLAGS, (k.active, k.fresh, k.promoted), strict=True))
                       for v, k in enumerate(s.kn) if k is not None) or "-",
        "walls": labels_text([v for v, w in enumerate(s.walls) if w], VERTEX_LABELS),
        "levels": "/".join(ints_text(x) for x in s.levels),
        "metro": ",".join(VERTEX_LABELS[v] if v >= 0 else "-" for v in s.metro),
        "barb": str(s.barb),
        "attacked": str(int(s.attacked)),
        "defender": ints_text(s.defender),
        "pvp": ints_text(s.pvp),
        "pdecks": "/".join(f"{ints_text(c)}:{labels_text(q, CARDS)}" for c, q in s.pdecks),
        "phand": "/".join(labels_text(h, CARDS) for h in s.phand),
        "merchant": (f"{HEX_NAMES[s.merchant[0]]}:{names[s.merchant[1]]}"
                     if s.merchant[1] >= 0 else "-"),
        "event": s.event or "-",
        "draws": ",".join(f"{names[p]}:{TRACKS[t] if t >= 0 else 'choose'}"
                          for p, t in s.draws) or "-",
        **{key: labels_text(getattr(s, key), names) for key in _SEATS[:3]},
        "relocate": (f"{names[s.relocate.owner]}:{VERTEX_LABELS[s.relocate.vertex]}:"
                     f"{s.relocate.level}:{int(s.relocate.active)}" if s.relocate else "-"),
        "toppled": labels_text(s.toppled, VERTEX_LABELS),
        "fleet": labels_text(s.fleet, CARD_NAMES),
        "taxed": labels_text(s.taxed, names),
        "treason": (f"{names[s.treason.victim]}:{s.treason.level}:{int(s.treason.active)}"
                    if s.treason else "-"),
        "harbor": (labels_text(s.harbor.left, names) + ":" +
                   (f"{names[s.harbor.pending[0]]}:{CARD_NAMES[s.harbor.pending[1]]}"
                    if s.harbor.pending else "-")) if s.harbor else "-",
    }  # fmt: skip


def read_cards(F: FieldReader, text: str) -> list[int]:
    """Progress cards by name (the older 001 names too)."""
    if text == "-":
        return []
    out = []
    for x in text.split(","):
        if x.lower() not in ALIASES:
            raise F.bad("phand", f"{x!r} is not a progress card")
        out.append(ALIASES[x.lower()])
    return out


def _read_knights(F: FieldReader, s: State) -> None:
    """VERTEX:SEAT:LEVEL:FLAGS entries: two knights of a strength each (CK-BUILD-LIMITS)."""
    kn: list[Knight | None] = [None] * N_VERTICES
    if F.f["kn"] != "-":
        for entry in F.f["kn"].split(","):
            parts = entry.split(":")
            if len(parts) != 4 or len(parts[3]) != 3 or parts[2] not in ("1", "2", "3"):
                raise F.bad("kn", f"{entry!r} is not VERTEX:SEAT:LEVEL:FLAGS like H4:P1:2:a--")
            v = F.get("kn", lambda _, x=parts[0]: parse_vertex(x))
            if kn[v] is not None or s.vowner[v] >= 0:
                raise F.bad("kn", f"{VERTEX_LABELS[v]} already holds a piece")
            owner = F.seat("kn", parts[1], allow_none=False)
            active, fresh, promoted = (c != "-" for c in parts[3])
            kn[v] = Knight(owner, int(parts[2]), active, fresh, promoted)
    s.kn = tuple(kn)


def _read_city_parts(F: FieldReader, s: State) -> None:
    """Walls under cities, improvement levels and metropolises (CK-METRO-NEEDS-CITY)."""
    walls = [False] * N_VERTICES
    for v in F.places("walls", F.f["walls"], parse_vertex):
        walls[v] = True
    s.walls = tuple(walls)
    s.levels = tuple(
        tuple(F.get("levels", lambda _, x=x: [ascii_count(c) for c in x.split(",")]))
        for x in F.per_seat("levels")
    )
    metro = F.f["metro"].split(",")
    if len(metro) != 3:
        raise F.bad("metro", "one entry per track")
    s.metro = tuple(
        -1 if x == "-" else F.get("metro", lambda _, x=x: parse_vertex(x)) for x in metro
    )


def read(F: FieldReader, s: State) -> None:
    """The Cities & Knights fields, each checked against its rules (CK-BUILD-LIMITS ...)."""
    m = len(F.parties)
    _read_knights(F, s)
    _read_city_parts(F, s)
    s.barb = F.number("barb", 0, 6)
    s.attacked = F.flag("attacked")
    s.defender = tuple(F.ints("defender", m))
    s.pvp = tuple(F.ints("pvp", m))
    decks = F.f["pdecks"].split("/")
    if len(decks) != 3:
        raise F.bad("pdecks", "three decks separated by '/'")
    s.pdecks = tuple(
        ProgressDeck(
            tuple(
                F.get("pdecks", lambda _, d=d: [ascii_count(c) for c in d.split(":")[0].split(",")])
            ),
            tuple(F.names("pdecks", CARDS, d.partition(":")[2] or "-")),
        )
        for d in decks
    )
    s.phand = tuple(tuple(sorted(read_cards(F, x))) for x in F.per_seat("phand"))
    if F.f["merchant"] != "-":
        h, _, owner = F.f["merchant"].partition(":")
        s.merchant = (
            F.get("merchant", lambda _: parse_hex(h)),
            F.seat("merchant", owner, allow_none=False),
        )
    s.event = "" if F.f["event"] == "-" else F.f["event"]
    _read_pending(F, s)


def _read_pending(F: FieldReader, s: State) -> None:
    """What barbarians and progress cards leave to decide: draws, players still to act, a
    displaced knight (CK-KNIGHT-DISPLACE), toppled cities, Treason, Commercial Harbor."""
    if F.f["draws"] != "-":
        draws = []
        for entry in F.f["draws"].split(","):
            who, _, track = entry.partition(":")
            if track not in (*TRACKS, "choose"):
                raise F.bad("draws", f"{entry!r} is not SEAT:TRACK")
            draws.append(
                DueDraw(
                    F.seat("draws", who, allow_none=False),
                    TRACKS.index(track) if track in TRACKS else -1,
                )
            )
        s.draws = tuple(draws)
    s.pillage, s.claims, s.pdiscards, s.taxed = (F.seats(key) for key in _SEATS)
    if F.f["relocate"] != "-":
        parts = F.f["relocate"].split(":")
        if len(parts) != 4:
            raise F.bad("relocate", "expected SEAT:VERTEX:LEVEL:ACTIVE")
        s.relocate = DisplacedKnight(
            F.seat("relocate", parts[0], allow_none=False),
            F.get("relocate", lambda _: parse_vertex(parts[1])),
            F.get("relocate", lambda _: ascii_count(parts[2])),
            parts[3] == "1",
        )
        if s.relocate.level not in (1, 2, 3) or parts[3] not in ("0", "1"):
            raise F.bad("relocate", "a knight's level is 1 to 3, and ACTIVE 0 or 1")
    s.toppled = tuple(F.places("toppled", F.f["toppled"], parse_vertex))
    s.fleet = tuple(sorted(set(F.names("fleet", CARD_NAMES))))
    if F.f["treason"] != "-":
        parts = F.f["treason"].split(":")
        if len(parts) != 3 or parts[1] not in ("0", "1", "2", "3") or parts[2] not in ("0", "1"):
            raise F.bad("treason", "expected SEAT:LEVEL:ACTIVE")
        s.treason = RemovedKnight(
            F.seat("treason", parts[0], allow_none=False), int(parts[1]), parts[2] == "1"
        )
    if F.f["harbor"] != "-":
        left, _, due = F.f["harbor"].partition(":")
        players = (
            ()
            if left == "-"
            else tuple(F.seat("harbor", x, allow_none=False) for x in left.split(","))
        )
        pending: tuple[int, ...] = ()
        if due != "-":
            who, _, res = due.partition(":")
            pending = (
                F.seat("harbor", who, allow_none=False),
                F.names("harbor", RESOURCES, res)[0],
            )
        s.harbor = HarborTrade(players, pending)


CK_FIELDS = FieldGroup("knights", KEYS, lambda caps: caps.knights, write, read)
