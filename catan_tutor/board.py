"""Board geometry and layouts: hexes A–S, vertices like ``H4``, edges like ``A3``.

Pure data computed once at import (``BASE-BOARD-GRID``). Hexes are pointy-top and read like a
clock (rulebook/rules.md §7): corners at even hours, sides at odd hours. Everything is indexed by
small integers so the rules can use plain lists; labels are only for people and notation.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

RESOURCES = ("brick", "lumber", "wool", "grain", "ore")
COMMODITIES = ("paper", "cloth", "coin")  # Cities & Knights (CK-COMP-COMMODITIES)
CARD_NAMES = RESOURCES + COMMODITIES  # hand cards: 5 kinds, or 8 with commodities
BRICK, LUMBER, WOOL, GRAIN, ORE = range(5)
TERRAINS = ("hills", "forest", "pasture", "fields", "mountains", "desert")
HILLS, FOREST, PASTURE, FIELDS, MOUNTAINS, DESERT = range(6)
TERRAIN_CODES = ("hi", "fo", "pa", "fi", "mo", "de")
GENERIC = 5  # harbor kind 3:1; kinds 0..4 are the 2:1 harbors of that resource
HARBOR_NAMES = (*RESOURCES, "3:1")

HEX_NAMES = "ABCDEFGHIJKLMNOPQRS"
HEX_AXIAL = (
    (0, -2), (1, -2), (2, -2),
    (-1, -1), (0, -1), (1, -1), (2, -1),
    (-2, 0), (-1, 0), (0, 0), (1, 0), (2, 0),
    (-2, 1), (-1, 1), (0, 1), (1, 1),
    (-2, 2), (-1, 2), (0, 2),
)  # fmt: skip
CORNERS = (12, 2, 4, 6, 8, 10)
SIDES = (1, 3, 5, 7, 9, 11)
# Corner offsets in doubled coordinates: x in units of sqrt(3)/2, y in units of 1/2 (size 1).
_CORNER_OFFSET = {12: (0, -2), 2: (1, -1), 4: (1, 1), 6: (0, 2), 8: (-1, 1), 10: (-1, -1)}
_SIDE_NEIGHBOUR = {1: (1, -1), 3: (1, 0), 5: (0, 1), 7: (-1, 1), 9: (-1, 0), 11: (0, -1)}


def _centre(q: int, r: int) -> tuple[int, int]:
    return (2 * q + r, 3 * r)


_Ints = tuple[int, ...]
_Tables = tuple[
    tuple[str, ...],
    tuple[tuple[int, int], ...],
    tuple[_Ints, ...],
    dict[str, int],  # vertices
    tuple[str, ...],
    tuple[tuple[int, int], ...],
    tuple[_Ints, ...],
    dict[str, int],  # edges
    tuple[_Ints, ...],
    tuple[_Ints, ...],
    tuple[_Ints, ...],
    tuple[_Ints, ...],  # adjacency
    tuple[_Ints, ...],
]


def _build() -> _Tables:
    vkey: dict[tuple[int, int], int] = {}
    v_label: list[str] = []
    v_xy: list[tuple[int, int]] = []
    hex_vertices: list[tuple[int, ...]] = []
    v_alias: dict[str, int] = {}
    for h, (q, r) in enumerate(HEX_AXIAL):
        cx, cy = _centre(q, r)
        vs = []
        for c in CORNERS:
            dx, dy = _CORNER_OFFSET[c]
            key = (cx + dx, cy + dy)
            if key not in vkey:  # hexes go A..S, so the first one seen is the canonical one
                vkey[key] = len(v_label)
                v_label.append(f"{HEX_NAMES[h]}{c}")
                v_xy.append(key)
            vs.append(vkey[key])
            v_alias[f"{HEX_NAMES[h]}{c}"] = vkey[key]
        hex_vertices.append(tuple(vs))
    ekey: dict[frozenset[int], int] = {}
    e_label: list[str] = []
    e_vertices: list[tuple[int, int]] = []
    hex_edges: list[tuple[int, ...]] = []
    e_alias: dict[str, int] = {}
    for h in range(19):
        es = []
        for s in SIDES:
            a = hex_vertices[h][CORNERS.index(s - 1 or 12)]
            b = hex_vertices[h][CORNERS.index(s + 1)]
            pair = frozenset((a, b))
            if pair not in ekey:
                ekey[pair] = len(e_label)
                e_label.append(f"{HEX_NAMES[h]}{s}")
                e_vertices.append((a, b))
            es.append(ekey[pair])
            e_alias[f"{HEX_NAMES[h]}{s}"] = ekey[pair]
        hex_edges.append(tuple(es))
    nv = len(v_label)
    v_hexes: list[list[int]] = [[] for _ in range(nv)]
    for h, corners in enumerate(hex_vertices):
        for v in corners:
            v_hexes[v].append(h)
    v_edges: list[list[int]] = [[] for _ in range(nv)]
    v_neigh: list[list[int]] = [[] for _ in range(nv)]
    for e, (a, b) in enumerate(e_vertices):
        v_edges[a].append(e)
        v_edges[b].append(e)
        v_neigh[a].append(b)
        v_neigh[b].append(a)
    # Three-hex aliases ("H/I/M") for inland vertices, two-hex aliases ("A|B") for inland edges.
    for v, hs in enumerate(v_hexes):
        if len(hs) == 3:
            v_alias["/".join(HEX_NAMES[h] for h in hs)] = v
    e_hexes: list[list[int]] = [[] for _ in e_label]
    for h, sides in enumerate(hex_edges):
        for e in sides:
            e_hexes[e].append(h)
    for e, hs in enumerate(e_hexes):
        if len(hs) == 2:
            e_alias["|".join(HEX_NAMES[h] for h in hs)] = e
    hex_neigh: list[tuple[int, ...]] = []
    axial_index = {qr: i for i, qr in enumerate(HEX_AXIAL)}
    for q, r in HEX_AXIAL:
        ns = []
        for s in SIDES:
            dq, dr = _SIDE_NEIGHBOUR[s]
            if (q + dq, r + dr) in axial_index:
                ns.append(axial_index[(q + dq, r + dr)])
        hex_neigh.append(tuple(ns))
    return (
        tuple(v_label), tuple(v_xy), tuple(hex_vertices), v_alias,
        tuple(e_label), tuple(e_vertices), tuple(hex_edges), e_alias,
        tuple(tuple(x) for x in v_hexes), tuple(tuple(x) for x in v_edges),
        tuple(tuple(x) for x in v_neigh), tuple(tuple(x) for x in e_hexes), tuple(hex_neigh),
    )  # fmt: skip


(
    VERTEX_LABELS, _VERTEX_DOUBLED, HEX_VERTICES, _VERTEX_ALIASES,
    EDGE_LABELS, EDGE_VERTICES, HEX_EDGES, _EDGE_ALIASES,
    VERTEX_HEXES, VERTEX_EDGES, VERTEX_NEIGHBOURS, EDGE_HEXES, HEX_NEIGHBOURS,
) = _build()  # fmt: skip

N_HEXES, N_VERTICES, N_EDGES = 19, len(VERTEX_LABELS), len(EDGE_LABELS)
COASTAL_VERTICES = frozenset(v for v in range(N_VERTICES) if len(VERTEX_HEXES[v]) < 3)
COASTAL_EDGES = frozenset(e for e in range(N_EDGES) if len(EDGE_HEXES[e]) == 1)
# For each vertex and each edge at it, the vertex at the other end.
EDGE_OTHER_END = tuple(
    tuple((e, EDGE_VERTICES[e][0] if EDGE_VERTICES[e][1] == v else EDGE_VERTICES[e][1])
          for e in VERTEX_EDGES[v])
    for v in range(N_VERTICES)
)  # fmt: skip

_SQ3 = math.sqrt(3) / 2


def hex_centre_xy(h: int) -> tuple[float, float]:
    """Centre of land hex ``h`` in board units (hex size 1, centre of J at the origin)."""
    x, y = _centre(*HEX_AXIAL[h])
    return (x * _SQ3, y / 2)


def vertex_xy(v: int) -> tuple[float, float]:
    x, y = _VERTEX_DOUBLED[v]
    return (x * _SQ3, y / 2)


def edge_xy(e: int) -> tuple[float, float]:
    (ax, ay), (bx, by) = (vertex_xy(u) for u in EDGE_VERTICES[e])
    return ((ax + bx) / 2, (ay + by) / 2)


# How a corner and an edge are named, said where a label names none: "an even clock hour"
# alone was never explained (s17): the hour is where the spot sits on its hex's clock face
CORNER_NAMED = (
    "a corner is named by a hex's letter and the hour where it sits on that hex, read as a "
    "clock face: 12, 2, 4, 6, 8 or 10 (e.g. H4)"
)
EDGE_NAMED = (
    "an edge is named by a hex's letter and the hour where it sits on that hex, read as a "
    "clock face: 1, 3, 5, 7, 9 or 11 (e.g. A3)"
)


class LabelError(ValueError):
    """A hex, vertex or edge label that names nothing on the board."""


def parse_hex(text: str) -> int:
    t = text.strip().upper()
    if len(t) == 1 and t in HEX_NAMES:
        return HEX_NAMES.index(t)
    raise LabelError(f"{text!r} is not a hex: hexes are the letters A to S")


def _hex_spots(t: str, what: str, spots: tuple[_Ints, ...], labels: tuple[str, ...]) -> str:
    """For a label of a hex's letter and a number that names none ("N8" as an edge, "N9" as
    a corner), the hex's own spots of that kind by their printed labels, clockwise from 12
    (what the board's Labels draws): "; the edges of hex N are J7, N3, N5, N7, M3 and I5"."""
    if len(t) < 2 or t[0] not in HEX_NAMES or not t[1:].isdigit():
        return ""
    said = [labels[i] for i in spots[HEX_NAMES.index(t[0])]]
    listed = f"; the {what} of hex {t[0]} are {', '.join(said[:-1])} and {said[-1]}"
    # a spot two hexes share shows under one of their names (l46: "E6" was told hex E's
    # edges "B7, E3…" right after "named by a hex's letter", and could not tell if E1 names
    # one): which, with the hex's own name for it
    hours = (1, 3, 5, 7, 9, 11) if what == "edges" else (12, 2, 4, 6, 8, 10)
    other = next((i for i, x in enumerate(said) if x[0] != t[0]), None)
    if other is None:
        return listed
    alias = f"{t[0]}{hours[other]}"
    noun = what.removesuffix("s")
    return f"{listed} (a shared {noun} shows under one hex's name: {alias} is {said[other]})"


def parse_vertex(text: str) -> int:
    t = text.strip().upper()
    if "/" in t:
        parts = sorted(t.split("/"))
        t = "/".join(parts)
    v = _VERTEX_ALIASES.get(t)
    if v is None:
        near = _hex_spots(t, "corners", HEX_VERTICES, VERTEX_LABELS)
        raise LabelError(f"{text!r} is not a corner: {CORNER_NAMED}{near}")
        # no "three hexes (e.g. H/I/M)": slashes are no learner's words (issue s14)
    return v


def parse_edge(text: str) -> int:
    t = text.strip().upper()
    if "|" in t:
        t = "|".join(sorted(t.split("|")))
    e = _EDGE_ALIASES.get(t)
    if e is None:
        near = _hex_spots(t, "edges", HEX_EDGES, EDGE_LABELS)
        raise LabelError(f"{text!r} is not an edge: {EDGE_NAMED}{near}")
    return e


def vertex_aliases(v: int) -> list[str]:
    return sorted(k for k, x in _VERTEX_ALIASES.items() if x == v)


@dataclass(frozen=True, slots=True)
class Layout:
    """Terrain and number token per hex (A–S) and the nine harbors (edge, kind)."""

    terrain: tuple[int, ...]
    numbers: tuple[int, ...]  # 0 on the desert
    harbors: tuple[tuple[int, int], ...]
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:  # layouts key many caches: hash once
        object.__setattr__(self, "_hash", hash((self.terrain, self.numbers, self.harbors)))

    def __hash__(self) -> int:
        return self._hash

    def desert(self) -> int:
        return self.terrain.index(DESERT)

    def hexes_by_number(self) -> tuple[tuple[int, ...], ...]:
        """For each sum 0..12, the hexes carrying that number."""
        out: list[list[int]] = [[] for _ in range(13)]
        for h, n in enumerate(self.numbers):
            if n:
                out[n].append(h)
        return tuple(tuple(x) for x in out)

    def vertex_harbor(self) -> tuple[int, ...]:
        """Harbor kind at each vertex, -1 where there is none."""
        out = [-1] * N_VERTICES
        for e, kind in self.harbors:
            for v in EDGE_VERTICES[e]:
                out[v] = kind
        return tuple(out)


BEGINNER_TERRAIN = (
    MOUNTAINS, PASTURE, FOREST,
    FIELDS, HILLS, PASTURE, HILLS,
    FIELDS, FOREST, DESERT, FOREST, MOUNTAINS,
    FOREST, MOUNTAINS, FIELDS, PASTURE,
    HILLS, FIELDS, PASTURE,
)  # fmt: skip
BEGINNER_NUMBERS = (10, 2, 9, 12, 6, 4, 10, 9, 11, 0, 3, 8, 8, 3, 4, 5, 5, 6, 11)
HARBOR_EDGES = tuple(parse_edge(x) for x in ("A11", "B1", "G1", "L3", "P5", "R5", "Q7", "H7", "D9"))
BEGINNER_HARBOR_KINDS = (GENERIC, GRAIN, ORE, GENERIC, WOOL, GENERIC, GENERIC, BRICK, LUMBER)
BEGINNER = Layout(
    BEGINNER_TERRAIN, BEGINNER_NUMBERS, tuple(zip(HARBOR_EDGES, BEGINNER_HARBOR_KINDS, strict=True))
)  # rule="BASE-BOARD-BEGINNER", "BASE-BOARD-BEGINNER-HARBORS"

# rule="BASE-BOARD-VARIABLE": token order; rule="BASE-BOARD-VARIABLE-SPIRAL": the walk.
SPIRAL_TOKENS = (5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11)
SPIRAL_STARTS = tuple(HEX_NAMES.index(c) for c in "ACLSQH")
_OUTER = [HEX_NAMES.index(c) for c in "ADHMQRSPLGCB"]
_INNER = [HEX_NAMES.index(c) for c in "EINOKF"]
TERRAIN_SUPPLY = (3, 4, 4, 4, 3, 1)  # rule="BASE-COMP-TERRAIN", indexed like TERRAINS
HARBOR_SUPPLY = (1, 1, 1, 1, 1, 4)  # rule="BASE-COMP-HARBORS", indexed like HARBOR_NAMES


def spiral(start: int) -> list[int]:
    """The 19 hexes in token order from corner hex ``start`` (BASE-BOARD-VARIABLE-SPIRAL)."""
    i = _OUTER.index(start)
    outer = _OUTER[i:] + _OUTER[:i]
    first, last = outer[0], outer[-1]
    j = next(k for k, h in enumerate(_INNER) if {first, last} <= set(HEX_NEIGHBOURS[h]))
    inner = _INNER[j:] + _INNER[:j]
    return outer + inner + [HEX_NAMES.index("J")]


def spiral_numbers(terrain: tuple[int, ...], start: int) -> tuple[int, ...]:
    """Number tokens laid along the spiral from ``start``, skipping the desert."""
    numbers = [0] * N_HEXES
    tokens = iter(SPIRAL_TOKENS)
    for h in spiral(start):
        if terrain[h] != DESERT:
            numbers[h] = next(tokens)
    assert not red_numbers_touch(numbers), "BASE-BOARD-VARIABLE-SPIRAL: red numbers touch"
    return tuple(numbers)


NUMBER_TOKENS = (2, 3, 4, 5, 6, 8, 9, 10, 11, 12)  # rule="BASE-COMP-NUMBERS": no 7, none past 12


def number_problem(terrain: tuple[int, ...], numbers: tuple[int, ...]) -> str | None:
    """Why ``numbers`` cannot lie on ``terrain`` (BASE-COMP-NUMBERS: a token of 2-6 or 8-12
    on every producing hex, none on the desert), naming the first hex at fault; else None."""
    for h, (t, n) in enumerate(zip(terrain, numbers, strict=True)):
        if t == DESERT and n:
            return (
                f"hex {HEX_NAMES[h]} is the desert and carries no number token, not {n} "
                "(BASE-COMP-NUMBERS)"
            )
        if t != DESERT and n not in NUMBER_TOKENS:
            return (
                f"hex {HEX_NAMES[h]} needs a number token of 2-6 or 8-12, not {n} "
                "(BASE-COMP-NUMBERS)"
            )
    return None


def red_numbers_touch(numbers) -> bool:
    red = {h for h, n in enumerate(numbers) if n in (6, 8)}
    return any(n in red for h in red for n in HEX_NEIGHBOURS[h])


def pips(n: int) -> int:
    """Pips of number token n (BASE-COMP-NUMBERS): 6 - |7 - n|, 0 for no token."""
    return 6 - abs(7 - n) if n else 0


def producing_hexes(lay: Layout, v: int) -> list[int]:
    """The hexes around corner ``v`` that produce (a resource and a number)."""
    return [h for h in VERTEX_HEXES[v] if lay.numbers[h] and lay.terrain[h] < len(RESOURCES)]


def corner_score(lay: Layout, v: int) -> tuple[int, int, bool]:
    """(dots, kinds of resource, has a harbor) of corner ``v``: its dots are the pips of the
    numbers it touches (BASE-COMP-NUMBERS); higher is better."""
    hexes = producing_hexes(lay, v)
    dots = sum(pips(lay.numbers[h]) for h in hexes)
    return dots, len({lay.terrain[h] for h in hexes}), lay.vertex_harbor()[v] >= 0
