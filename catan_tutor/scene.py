"""What the board shows, worked out once: the scene both renderers draw.

``scene_of(game)`` reads a Game, State, timeline Node, Timeline or Scenario and returns a
``Scene``: the tiles (terrain, letter, number token), the harbors, the pieces (roads,
settlements and cities with their walls and metropolises, knights, the robber, the merchant)
with their owner, colour, player mark or name, and the strip under the board (dice, event
die, barbarian track). Positions are in board units (``board.py``: hex size 1). The SVG
picture (``render.py``) and the tutor's canvas (``widgets/board_paint.py``) draw these items
and decide nothing about the game themselves: which pieces stand where, whose they are, which
are a neutral's (2P-SETUP-NEUTRAL-POSITIONS), whether the robber is on the board
(CK-SETUP-ROBBER) or the merchant is, and the strengths the barbarian track compares
(CK-BARB-*), all come from here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from . import board
from . import palette as P
from .board import GENERIC, HARBOR_NAMES, Layout
from .rules.barbarians import forces
from .variants.capabilities import BASE

__all__ = [
    "Board",
    "Building",
    "Harbor",
    "Knight",
    "Merchant",
    "Pieces",
    "Road",
    "Robber",
    "Scene",
    "Strip",
    "Tile",
    "board_scene",
    "parts",
    "pieces_scene",
    "scene_of",
    "strip_scene",
]

Point = tuple[float, float]


@dataclass(frozen=True)
class Tile:
    """A land hex: its terrain (an index of ``board.TERRAINS``; -1 or any other value: not
    laid yet), its letter and its number token (0: none)."""

    hex: int
    terrain: int
    centre: Point
    letter: str
    number: int


@dataclass(frozen=True)
class Harbor:
    """A harbor off ``edge``: ``kind`` a resource or ``GENERIC``; its two piers run from the
    ``coast`` corners to the ``spot`` in the sea where its disc is drawn."""

    edge: int
    kind: int
    spot: Point
    coast: tuple[Point, Point]
    fill: str
    ratio: str  # "3:1" or "2:1"
    name: str  # the resource's name of a 2:1 harbor, else ""


@dataclass(frozen=True)
class Road:
    """A road on ``edge`` between the corners ``ends``; ``seat`` is the owner's seat (its mark
    goes at ``at``) or -1 for a neutral's road, drawn dashed with neutral ``neutral``'s
    dashes."""

    edge: int
    owner: int
    fill: str
    ends: tuple[Point, Point]
    at: Point
    seat: int
    neutral: int


@dataclass(frozen=True)
class Building:
    """A settlement or city on ``vertex``: a player's mark at ``mark_at`` (``seat`` >= 0) or
    a neutral's or the dummy's name (``label``); ``wall`` a city wall under it,
    ``metropolis`` the track (0-2) of its metropolis or -1."""

    vertex: int
    owner: int
    fill: str
    city: bool
    at: Point
    seat: int
    label: str
    mark_at: Point
    wall: bool
    metropolis: int


@dataclass(frozen=True)
class Knight:
    """A knight on ``vertex``: level 1-3, active or not; a player's mark (``seat`` >= 0) or a
    neutral's name (``label``)."""

    vertex: int
    owner: int
    fill: str
    level: int
    active: bool
    at: Point
    seat: int
    label: str


@dataclass(frozen=True)
class Robber:
    """The robber on ``hex``, at ``at`` (beside the number token where there is one)."""

    hex: int
    at: Point


@dataclass(frozen=True)
class Merchant:
    """The merchant on ``hex`` (CK-PC-MERCHANT), in its holder's colour."""

    hex: int
    owner: int
    fill: str
    at: Point


@dataclass(frozen=True)
class Board:
    """What never moves in a game: the tiles and the harbors."""

    tiles: tuple[Tile, ...]
    harbors: tuple[Harbor, ...]


@dataclass(frozen=True)
class Pieces:
    """Every piece on the board, in drawing order: roads, buildings, knights, then the robber
    and the merchant (None: not on the board); ``displaced`` a displaced knight waiting to be
    moved (CK-KNIGHT-DISPLACE, CK-KNIGHT-RELOCATE), drawn faded beside the corner it left
    (its ``vertex``) at ``at``: off the board it showed nowhere while the lesson spoke of it."""

    roads: tuple[Road, ...]
    buildings: tuple[Building, ...]
    knights: tuple[Knight, ...]
    robber: Robber | None
    merchant: Merchant | None
    displaced: Knight | None = None

    @property
    def taken(self) -> tuple[set[int], set[int]]:
        """The vertices a building or knight stands on and the edges a road lies on."""
        vertices = {b.vertex for b in self.buildings} | {k.vertex for k in self.knights}
        return vertices, {r.edge for r in self.roads}


@dataclass(frozen=True)
class Strip:
    """The strip under the board: the dice of the roll (``faces``), the event die's face and,
    in C&K (``ck``), the barbarian ship's step and the strengths compared (CK-BARB-STRENGTH);
    ``sums`` the production sums of a two-roll turn (2P-ROLL-TWICE); ``event_first``: the
    event die's face is the first roll's while the second roll is thrown (CK2P-ROLL-DOUBLE:
    the second's event die comes last), drawn faded as the first roll's dice are (l27)."""

    faces: tuple[int, ...]
    event: str
    ck: bool
    barb: int
    barbarians: int
    defenders: int
    sums: tuple[int, ...]
    event_first: bool = False


@dataclass(frozen=True)
class Scene:
    """The whole picture of one position."""

    board: Board
    pieces: Pieces
    strip: Strip
    players: int


def parts(obj: Any) -> tuple[Any, Layout | None, tuple[str, ...], int]:
    """(state, layout, colours, players) of a Game, State, Node, Timeline or Scenario."""
    outer = obj
    for _ in range(4):
        if hasattr(obj, "vowner"):
            break
        if getattr(obj, "timeline", None) is not None:
            obj = obj.timeline
        elif hasattr(obj, "state"):
            obj = obj.state
        else:
            break
    state = obj
    if not hasattr(state, "vowner"):
        raise TypeError(
            f"cannot draw a {type(outer).__name__}: expected a Game, a State, a "
            "timeline Node or Timeline, or a Scenario"
        )
    layout = getattr(outer, "layout", None) or getattr(state, "layout", None)
    colors = tuple(getattr(outer, "colors", None) or getattr(state, "colors", None) or ())
    n = getattr(state, "n", None)
    players = n if isinstance(n, int) else getattr(outer, "players", len(colors))
    return state, layout, colors, players


def scene_of(obj: Any) -> Scene:
    """The scene of a Game, State, timeline Node, Timeline or Scenario."""
    state, layout, colors, players = parts(obj)
    return Scene(
        board_scene(state, layout),
        pieces_scene(state, layout, colors, players),
        strip_scene(state),
        players,
    )


def board_scene(state: Any, layout: Layout | None) -> Board:
    """The tiles and harbors of ``layout``; without one (a variable board being laid), the
    tiles and shuffled harbors placed so far (``state.tiles``, ``harbor_kinds``), no numbers.
    Made once per board (a refresh asked for it a dozen times: a frozen ``Board``, shared)."""
    if layout is not None:
        return _laid(layout)
    kinds = tuple(getattr(state, "harbor_kinds", ()) or ())
    placed = tuple(zip(board.HARBOR_EDGES, kinds, strict=False))  # (shuffled: each as placed)
    return _being_laid(tuple(getattr(state, "tiles", ()) or (-1,) * board.N_HEXES), placed)


@lru_cache(maxsize=64)
def _laid(layout: Layout) -> Board:
    """The tiles and harbors of ``layout`` (``board_scene``)."""
    harbors = tuple(_harbor(e, kind) for e, kind in layout.harbors)
    return _tiled(tuple(layout.terrain), tuple(layout.numbers), harbors)


@lru_cache(maxsize=64)
def _being_laid(terrain: tuple[int, ...], harbors: tuple[tuple[int, int], ...] = ()) -> Board:
    """A variable board being laid: the ``terrain`` placed so far (-1: none yet) and the
    shuffled ``harbors`` (edge, kind) placed so far (lesson 1.3 said "A brick harbor goes on
    H7" over a frame with none drawn: s41)."""
    return _tiled(terrain, (0,) * board.N_HEXES, tuple(_harbor(e, k) for e, k in harbors))


def _tiled(terrain: tuple[int, ...], numbers: tuple[int, ...], harbors: tuple) -> Board:
    tiles = tuple(
        Tile(h, terrain[h], board.hex_centre_xy(h), board.HEX_NAMES[h], numbers[h])
        for h in range(board.N_HEXES)
    )
    return Board(tiles, harbors)


def _harbor(e: int, kind: int) -> Harbor:
    a, b = (board.vertex_xy(v) for v in board.EDGE_VERTICES[e])
    generic = kind == GENERIC
    return Harbor(
        e,
        kind,
        P.harbor_spot(e),
        (a, b),
        P.HARBOR_GENERIC_FILL if generic else P.TERRAIN_FILL[kind],
        "3:1" if generic else "2:1",
        "" if generic else HARBOR_NAMES[kind],
    )


def pieces_scene(
    state: Any, layout: Layout | None, colors: tuple[str, ...], players: int
) -> Pieces:
    """Every piece of ``state``: seats below ``players`` are players, the others neutrals or
    the dummy (named on their pieces, not marked)."""
    names = tuple(getattr(state, "names", ()))

    def fill(p: int) -> str:
        return P.player_fill(colors[p]) if 0 <= p < len(colors) else P.UNKNOWN_FILL

    def label(p: int) -> str:
        return "" if p < players else P.party_label(names[p] if p < len(names) else "")

    roads = []
    for e, p in enumerate(state.eowner):
        if p >= 0:
            a, b = (board.vertex_xy(v) for v in board.EDGE_VERTICES[e])
            seat = p if p < players else -1
            neutral = p - players if p >= players else -1
            roads.append(Road(e, p, fill(p), (a, b), board.edge_xy(e), seat, neutral))
    caps = getattr(state, "caps", BASE)  # a stand-in without caps: no C&K pieces
    kn = tuple(state.kn) if caps.knights else ()
    walls = tuple(state.walls) if caps.improvements else ()
    metro = tuple(state.metro) if caps.improvements else ()
    metros = {v: t for t, v in enumerate(metro) if v >= 0}
    buildings = []
    for v, p in enumerate(state.vowner):
        if p < 0:
            continue
        x, y = board.vertex_xy(v)
        city = bool(state.vcity[v])
        dx, dy = P.CITY_MARK_AT if city else P.SETTLEMENT_MARK_AT
        buildings.append(
            Building(
                v,
                p,
                fill(p),
                city,
                (x, y),
                p if p < players else -1,
                label(p),
                (x + dx, y + dy),
                bool(walls and walls[v]),
                metros.get(v, -1),
            )
        )
    knights = tuple(
        Knight(
            v,
            k.owner,
            fill(k.owner),
            k.level,
            bool(k.active),
            board.vertex_xy(v),
            k.owner if k.owner < players else -1,
            label(k.owner),
        )
        for v, k in enumerate(kn)
        if k is not None
    )
    d = getattr(state, "relocate", ()) if kn else ()
    displaced = (
        Knight(d.vertex, d.owner, fill(d.owner), d.level, bool(d.active),
               displaced_spot(d.vertex), d.owner if d.owner < players else -1, label(d.owner))
        if d
        else None
    )  # fmt: skip
    return Pieces(
        tuple(roads),
        tuple(buildings),
        knights,
        _robber(state, layout, {b.vertex for b in buildings} | {k.vertex for k in knights}),
        _merchant(state, fill) if kn else None,
        displaced,
    )


DISPLACED_AWAY = 0.45  # how far from its corner a displaced knight is drawn (board units)


def displaced_spot(v: int) -> Point:
    """Where a knight displaced from corner ``v`` waits: ``DISPLACED_AWAY`` from it towards
    the centre of a hex it touches, clear of the knight now there, the hex's number token and
    its letter (towards a hex whose top corner ``v`` is, it lay on the letter); into the sea
    on a coast where no hex leaves room."""
    x, y = board.vertex_xy(v)
    ways = []
    for h in board.VERTEX_HEXES[v]:
        cx, cy = board.hex_centre_xy(h)
        lx, ly = cx, cy - P.LETTER_OFFSET
        dx, dy = cx - x, cy - y
        n = (dx * dx + dy * dy) ** 0.5
        at = (x + dx / n * DISPLACED_AWAY, y + dy / n * DISPLACED_AWAY)
        room = ((at[0] - lx) ** 2 + (at[1] - ly) ** 2) ** 0.5
        if room > 0.45:
            ways.append((-room, h, at))
    if ways:
        return min(ways)[2]
    cx, cy = board.hex_centre_xy(board.VERTEX_HEXES[v][0])
    dx, dy = x - cx, y - cy
    n = (dx * dx + dy * dy) ** 0.5
    return (x + dx / n * DISPLACED_AWAY, y + dy / n * DISPLACED_AWAY)


# Where the robber stands on a hex with a number token, off its middle (board units): beside
# the token on its left, else on its right, else under it, the first with ``ROBBER_ROOM``
# between the robber and every piece on the hex's corners (else the roomiest). On the left
# only, a settlement or city on the hex's 10 o'clock corner stood against it (0.05 apart,
# a city over it) and its tag was pushed over it: s31, a fresh learner's phone at 2.2's Q.
ROBBER_SPOTS = ((-P.ROBBER_OFFSET, 0.0), (P.ROBBER_OFFSET, 0.0), (0.0, 0.6))
ROBBER_ROOM = 0.15
# The robber's box round its spot and a building's round its corner, in board units (the
# shapes' extents: ROBBER_SHAPE at 0.11 a unit; a city, the larger building)
ROBBER_BOX = (-0.17, -0.26, 0.17, 0.21)
BUILDING_BOX = (-1.35 * P.CITY_SIZE, -1.3 * P.CITY_SIZE, 1.35 * P.CITY_SIZE, P.CITY_SIZE)


def robber_room(at: P.Point, corner: P.Point) -> float:
    """How far apart the robber standing at ``at`` and a building on ``corner`` are: the gap
    between their boxes (board units; negative where they overlap)."""
    (x, y), (cx, cy) = at, corner
    r, b = ROBBER_BOX, BUILDING_BOX
    return max(cx + b[0] - (x + r[2]), x + r[0] - (cx + b[2]),
               cy + b[1] - (y + r[3]), y + r[1] - (cy + b[3]))  # fmt: skip


def _robber(state: Any, layout: Layout | None, taken: set[int] | None = None) -> Robber | None:
    """CK-SETUP-ROBBER: hex -1 is the robber off the board (before the first attack). Beside
    the number token where there is one (``ROBBER_SPOTS``), clear of the pieces on the hex's
    corners ``taken`` and of the merchant (on the token's right, CK-PC-MERCHANT)."""
    h = getattr(state, "robber", -1)
    if h < 0:
        return None
    cx, cy = board.hex_centre_xy(h)
    if not (layout is not None and layout.numbers[h]):
        return Robber(h, (cx, cy))
    corners = [board.vertex_xy(v) for v in board.HEX_VERTICES[h] if v in (taken or ())]
    merchant = tuple(getattr(state, "merchant", (-1, -1)) or (-1, -1))[0] == h
    spots = [(cx + dx, cy + dy) for dx, dy in ROBBER_SPOTS if not (merchant and dx > 0)]

    def room(at: P.Point) -> float:
        return min((robber_room(at, c) for c in corners), default=math.inf)

    at = next((at for at in spots if room(at) >= ROBBER_ROOM), max(spots, key=room))
    return Robber(h, at)


def _merchant(state: Any, fill: Any) -> Merchant | None:
    h, owner = tuple(getattr(state, "merchant", (-1, -1)) or (-1, -1))
    if h < 0:
        return None
    cx, cy = board.hex_centre_xy(h)
    return Merchant(h, owner, fill(owner), (cx + P.ROBBER_OFFSET, cy + 0.05))


def track_words(barbarians: int, defenders: int) -> str:
    """The strengths the barbarian track compares, each with what it counts: the barbarians
    are as strong as the cities on the board (CK-BARB-STRENGTH), the defenders as the active
    knights' summed strength (CK-BARB-DEFENSE): "Barbarians 3 · knights' strength 2", under
    the track's "barbarian ship" (issue 33: "barbarians 3 vs knights 0" left a learner to
    guess what the numbers were; "(cities)" was read as one seat's, l32: "barbarians 3
    (cities)" beside P1's "cities 2"; a fresh learner read "all cities 3 vs active knights
    0" as no sentence; learner18 read "active knights 2" beside one strong knight as two)."""
    return track_forms(barbarians, defenders)[0]


def track_forms(barbarians: int, defenders: int) -> tuple[str, ...]:
    """The track's words in every form the board may draw: one wording, whatever the room
    (l35 at 7.8 and 10.1: "barbarians 4 (all cities) vs active knights 3" before a roll,
    "all cities 4 vs active knights 3" once the dice took room beside it; l34 read "(all
    cities)" on some boards and "(cities)" on others)."""
    return (f"Barbarians {barbarians} · knights' strength {defenders}",)


def strip_scene(state: Any) -> Strip:
    """The dice, the event die and, in C&K, the barbarian track of ``state``."""
    ck = getattr(state, "caps", BASE).knights  # a stand-in without caps: no C&K
    barbarians, defenders = 0, 0
    if ck:
        strength, knights = forces(state)
        barbarians, defenders = strength, sum(knights.values())
    return Strip(
        tuple(getattr(state, "rolled", ()) or getattr(state, "dice", ())),
        str(getattr(state, "event", "") or ""),
        ck,
        int(getattr(state, "barb", 0)) if ck else 0,
        barbarians,
        defenders,
        tuple(getattr(state, "sums", ()) or ()),
        ck and bool(getattr(state, "rolled", ())) and len(getattr(state, "sums", ()) or ()) == 1,
    )
