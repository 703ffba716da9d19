"""Where a spot's label goes on the board (issue 33: the "N6" tag covered the settlement just
placed, the chosen spot's ring crossed the "N5" label): beside its spot, clear of its ring,
and of the pieces (as drawn: a phone's knights are larger, ``knight_size``), the other rings
and the labels placed before it wherever the room allows; never over a number token or a
harbor's disc or word (a phone's "O4" lay on S's token, "R4" on a 3:1 harbor, s18): a label
goes further out from its spot instead. All in canvas pixels.

``LabelPlaces`` holds what a label must keep clear of on one drawing of the labels layer;
``beside`` finds a label's place (``tag_search``: every place round the spot weighed with the
costs below) and ``at`` keeps it, so the next label keeps clear of it too; ``leader`` draws a
line back to its spot from a label that went far out.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache

import numpy as np

from .. import board
from ..palette import Point, Viewport, toward
from ..scene import Pieces
from . import style
from .board_tags import SPOT_XY, Spot, text_em
from .knight_size import knight_size

Box = tuple[float, float, float, float]  # left, top, right, bottom
Disc = tuple[float, float, float]  # x, y, radius
Leader = tuple[Point, Point]  # from the spot, to its label's edge

# How far round a spot its ring reaches, in board units (board_marks: the hint's ring is the
# widest), and the width of that ring's line and halo (CSS px); an unringed spot's glow
RING_VERTEX, RING_EDGE, RING_LINE = style.TARGET_R * 1.9, style.ROAD_WIDTH * 1.1, 5.0
GLOW_VERTEX, GLOW_EDGE = style.TARGET_R, style.ROAD_WIDTH * 0.95
GAP = 2.0  # CSS px between a label and what it keeps clear of
# What covering costs (``_cost``: the last tries, ``room``; ``tag_search`` weighs a piece, a tag,
# a number and a letter more): a piece or a ring, another label, off the board, a number token
# or a harbor's mark, and a hex's letter (the size it is written at: "M4" sat against Q's)
PIECE, LABEL, OFF, TOKEN, LETTER = 100.0, 60.0, 200.0, 100.0, 30.0
# The room a label keeps round a hex's letter, in the letter's sizes: at a phone's scale the
# 2 px gap (canvas px, shrunk with the board) left "K4" a hair from P, read as one "K4P"
LETTER_ROOM = 0.5
GLYPH = 0.4  # of the letter's size: round a hex's letter as written, what a line must not cross
DIRECTIONS = 12  # the ways round a spot (``nudge``, ``room``; ``tag_search``: a twelfth turn)
NEARER = 0.85  # a label this much nearer its spot than any other reads as its (else a leader)
# A label's middle nearer another spot of its kind than its own, and each corner of its tag
# that is (s32: at 1.1 "N5" sat below hex N's token between N5 and N7, its "N" nearer N7,
# and a click on it built the road on N7): it reads as that spot's
STRAY, STRAY_CORNER = 40.0, 6.0
# A label whose middle lies out at sea, beyond the coast (s33: at 4.3 and 7.8 "M6" and "A8" sat
# off the coast, their spots' tags read as no spot's): the sea has no other spot for a tag to
# stray towards, so without this the sea was the cheapest way out of a coastal spot (``room``;
# ``tag_search.SEA``)
SEA = 20.0
# How far round (label heights) a label that meets another after every other try is looked
# for a place meeting none (s33: at 6.3 with every label on "K5" lay over "K7", read "K7K5")
ROOM = 4
# s34 (8.11 with every label on, 1280x900): the tags of the corners pieces stand on were placed
# after every tag on its own spot, found the room round their pieces taken and went out up to
# 115 px, a line back ("O6" 76 px under P1's knight, "O5" the tag beside it). They go first
# now: a tag beside its spot meeting one still to go on its own spot, or covering such a spot,
# costs ``WAITING`` (that one steps aside); one so far out that a line leads back, ``FAR``.
WAITING, FAR = 20.0, 80.0


def hits(box: Box, disc: Disc) -> bool:
    """Whether ``box`` and ``disc`` overlap."""
    x, y, r = disc
    if x + r <= box[0] or x - r >= box[2] or y + r <= box[1] or y - r >= box[3]:
        return False
    nx, ny = min(max(x, box[0]), box[2]), min(max(y, box[1]), box[3])
    return (x - nx) ** 2 + (y - ny) ** 2 < r * r


def crosses(a: Point, b: Point, disc: Disc) -> bool:
    """Whether the line from ``a`` to ``b`` passes through ``disc``."""
    (x1, y1), (x2, y2), (x, y, r) = a, b, disc
    dx, dy = x2 - x1, y2 - y1
    length = dx * dx + dy * dy
    t = max(0.0, min(1.0, ((x - x1) * dx + (y - y1) * dy) / length)) if length else 0.0
    return (x1 + t * dx - x) ** 2 + (y1 + t * dy - y) ** 2 < r * r


def meets(a: Box, b: Box) -> bool:
    """Whether boxes ``a`` and ``b`` overlap."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def spot_discs(vp: Viewport, spot: Spot, reach: float) -> list[Disc]:
    """Discs (canvas px) covering what lies within ``reach`` board units of ``spot``: a disc
    round a corner or a hex's centre, a row of them along an edge's ring."""
    kind, i = spot
    if kind != "edge":
        return [(*vp.px(SPOT_XY[kind](i)), vp.len(reach))]
    a, b = (board.vertex_xy(v) for v in board.EDGE_VERTICES[i])
    ends = toward(a, b, 0.2), toward(b, a, 0.2)
    steps = 6
    return [(*vp.px(toward(ends[0], ends[1], k / steps)), vp.len(reach)) for k in range(steps + 1)]


def piece_shapes(
    vp: Viewport, pieces: Pieces, halo: float, knight: float = 0.0
) -> tuple[list[Box], list[Disc]]:
    """The pieces' outlines, ``halo`` canvas px wider: boxes round buildings (a city's wall
    and its metropolis's tower too), the robber and the merchant, discs round knights (at
    least ``knight`` px round: as drawn, a phone's larger, ``knight_size``) and along roads."""
    boxes: list[Box] = []
    for b in pieces.buildings:
        size = vp.len(style.CITY_SIZE if b.city else style.SETTLEMENT_SIZE)
        x, y = vp.px(b.at)
        wide = 1.35 if b.city else 1.0
        boxes.append((x - wide * size - halo, y - 1.3 * size - halo,
                      x + wide * size + halo, y + size + halo))  # fmt: skip
        if b.wall:  # (board_paint._draw_wall: WALL_SHAPE, -1..1 wide, -0.55..0.8 high)
            u = vp.len(style.WALL_SIZE)
            boxes.append((x - u - halo, y - 0.55 * u - halo, x + u + halo, y + 0.8 * u + halo))
        if b.metropolis >= 0:  # (its tower: board_paint._draw_metropolis)
            boxes.append((x + 0.2 * size - halo, y - 2 * size - halo, x + 0.9 * size + halo,
                          y - 0.4 * size + halo))  # fmt: skip
    for figure, at in (("robber", pieces.robber), ("merchant", pieces.merchant)):
        if at is not None:
            x, y = vp.px(at.at)
            u = vp.len(0.11 if figure == "robber" else 0.12)
            boxes.append((x - 1.6 * u - halo, y - 2.4 * u - halo, x + 1.6 * u + halo,
                          y + 2.0 * u + halo))  # fmt: skip
    waiting = (pieces.displaced,) if pieces.displaced else ()  # beside the corner it left
    knights = pieces.knights + waiting
    r = max(vp.len(style.KNIGHT_RADIUS), knight) + halo
    discs = [(*vp.px(k.at), r) for k in knights]
    for road in pieces.roads:
        p, q = road.ends
        discs += [
            (*vp.px(toward(p, q, style.ROAD_TRIM + k * (1 - 2 * style.ROAD_TRIM) / 6)),
             vp.len(style.ROAD_WIDTH) / 2 + halo)
            for k in range(7)
        ]  # fmt: skip
    return boxes, discs


@dataclass
class LabelPlaces:
    """What the labels of one drawing keep clear of: ``boxes`` and ``discs`` (pieces and
    rings), ``tokens`` (number tokens), the board's ``bounds``, the labels placed so far
    (``placed``), the hexes' ``letters`` ("K4" covered "P") and the harbors' words' tabs
    (``marks``; their discs are with the ``tokens``)."""

    vp: Viewport
    ratio: float
    boxes: list[Box] = field(default_factory=list)
    discs: list[Disc] = field(default_factory=list)
    tokens: list[Disc] = field(default_factory=list)
    bounds: Box = (0.0, 0.0, math.inf, math.inf)
    ringed: frozenset[Spot] = frozenset()
    placed: list[Box] = field(default_factory=list)
    letters: list[Disc] = field(default_factory=list)
    letter_boxes: list[Box] = field(default_factory=list)  # each letter written, 1 px round
    marks: list[Box] = field(default_factory=list)
    numbers: list[Disc] = field(default_factory=list)  # the number tokens as drawn (no gap)
    glyphs: list[Disc] = field(default_factory=list)  # the hexes' letters as drawn (no room)
    tags: list[tuple[Box, Spot]] = field(default_factory=list)  # each label's text as drawn
    # where the tags still to go on their own spots will be (``draw_labels``): a tag beside its
    # spot, placed before them, keeps off them where the room round its spot allows (s34)
    waiting: list[Box] = field(default_factory=list)
    spots: np.ndarray = field(default_factory=lambda: np.zeros((0, 2)))  # their spots (px)
    harbors: list[Disc] = field(default_factory=list)  # the harbors' discs (with the gap)
    held: dict[Spot, tuple[list[Box], list[Disc]]] = field(default_factory=dict)  # its piece

    @classmethod
    def of(
        cls,
        vp: Viewport,
        ratio: float,
        pieces: Pieces,
        ringed: Iterable[Spot],
        tokens: Iterable[int],
        harbors: tuple[list[Disc], list[Box]],
        bounds: Box,
        letter: float = 0.0,
        zoom: float = 1.0,
    ) -> LabelPlaces:
        """What the labels keep clear of: the ``pieces`` (as drawn on a board shown at
        ``zoom``: a phone's knights larger, ``knight_size``), the rings round the spots
        ``ringed`` (the chosen spot, the hint's, a why-not), the tokens of hexes ``tokens``,
        the hexes' letters (written ``letter`` canvas px high), the ``harbors``' discs and
        tabs (``harbor_marks.harbor_marks``)."""
        labelled = any(k.label for k in pieces.knights)  # (a neutral's drawn larger)
        r, line = knight_size(vp.len(style.KNIGHT_RADIUS), ratio, zoom, labelled)  # (its rim)
        halo, least = (style.HALO_WIDTH + GAP) * ratio, r + line(1.5)
        boxes, discs = piece_shapes(vp, pieces, halo, least)
        held = {spot: piece_shapes(vp, one, halo, least) for spot, one in _each_piece(pieces)}
        hexes, tokens = range(board.N_HEXES), list(tokens)
        ringed = frozenset(ringed)
        for spot in ringed:
            discs += spot_discs(vp, spot, ring_reach(spot) + (RING_LINE + GAP) * ratio / vp.scale)
        return cls(
            vp,
            ratio,
            boxes,
            discs,
            [
                (*vp.px(board.hex_centre_xy(h)), vp.len(style.TOKEN_RADIUS) + GAP * ratio)
                for h in tokens
            ]
            + [(x, y, r + GAP * ratio) for x, y, r in harbors[0]],
            bounds,
            ringed,
            [],
            [_letter_disc(vp, h, (0.6 + LETTER_ROOM) * letter + GAP * ratio) for h in hexes],
            [_letter_box(vp, h, letter, LETTER_ROOM * letter + GAP / 2 * ratio) for h in hexes],
            list(harbors[1]),
            [(*vp.px(board.hex_centre_xy(h)), vp.len(style.TOKEN_RADIUS)) for h in tokens],
            [_letter_disc(vp, h, GLYPH * letter) for h in hexes] if letter else [],
            harbors=[(x, y, r + GAP * ratio) for x, y, r in harbors[0]],
            held=held,
        )

    def at(self, x: float, y: float, w: float, h: float) -> Point:
        """A label ``w`` x ``h`` kept where it is, centred on ``(x, y)``."""
        self.placed.append((x - w / 2, y - h / 2, x + w / 2, y + h / 2))
        return (x, y)

    def off_letters(self, kind: str, x: float, y: float, w: float, h: float) -> Point:
        """Where a label ``w`` x ``h`` of a spot of ``kind`` centred on ``(x, y)`` goes to leave
        the hexes' letters readable (with every label on, a phone's corner tags covered the
        letter under each hex's top corner, its edge tags those between its top edges:
        labels_v_before.png): moved just clear of a letter it would cover, a corner's up or
        down, an edge's aside (up, they went under the harbors' discs and over the tokens'
        dots; along the edge, two over a hex's bottom corner met)."""
        for left, top, right, bottom in self.letter_boxes:
            if not meets(_box(x, y, w, h), (left, top, right, bottom)):
                continue
            if kind == "vertex":
                y = top - h / 2 if y < (top + bottom) / 2 else bottom + h / 2
            else:
                x = left - w / 2 if x < (left + right) / 2 else right + w / 2
        return (x, y)

    def nudge(
        self, x: float, y: float, w: float, h: float, gap: float, spot: Spot | None = None
    ) -> Point | None:
        """The nearest place, within two label heights of ``(x, y)``, for a label ``w`` x ``h``
        that keeps ``gap`` px from every label placed before and covers no piece, ring,
        number token, harbor's mark or hex's letter, on the board (with every label on, a
        desktop's tags touched each other round N and M at 4.3: s31), the nearest whose
        middle stays nearer ``spot`` than any other spot of its kind first (s32: a step aside
        took a label toward the next spot); None where none is."""
        step, found = h / 4, None
        left, top, right, bottom = self.bounds
        for k in range(1, 9):
            for a in range(DIRECTIONS):
                angle = math.pi / 2 + a * 2 * math.pi / DIRECTIONS
                nx, ny = x + k * step * math.cos(angle), y + k * step * math.sin(angle)
                box = _box(nx, ny, w, h)
                if box[0] < left or box[1] < top or box[2] > right or box[3] > bottom:
                    continue
                if self.crowded(nx, ny, w + 2 * gap, h + 2 * gap) or not self.clear(box):
                    continue
                if self._marked(box) or any(meets(box, b) for b in self.letter_boxes):
                    continue
                if spot is None or self.strays(spot, box) < STRAY:
                    return (nx, ny)
                found = found or (nx, ny)
        return found

    def room(self, x: float, y: float, w: float, h: float, gap: float, spot: Spot) -> Point | None:
        """The place nearest ``(x, y)``, within ``ROOM`` label heights, for a label ``w`` x
        ``h`` of ``spot`` that meets no label placed before (``gap`` px apart), no hex's letter,
        no number token (nor leads a line over either), no piece and no ring, on the board: in
        the nearest ring round ``(x, y)`` that has one, the one covering least (a harbor's
        mark, a stray or a place at sea as in ``beside``); None where there is none. The last
        try for a label that ``beside`` and ``nudge`` left over another: two tags over each
        other read as one word (s33: "K7K5" at 6.3 with every label on)."""
        step, best, cost = h / 4, None, math.inf
        left, top, right, bottom = self.bounds
        at = self.vp.px(SPOT_XY[spot[0]](spot[1]))
        for k in range(1, 4 * ROOM + 1):
            for a in range(2 * DIRECTIONS):
                angle = math.pi / 2 + a * math.pi / DIRECTIONS
                nx, ny = x + k * step * math.cos(angle), y + k * step * math.sin(angle)
                box = _box(nx, ny, w, h)
                if box[0] < left or box[1] < top or box[2] > right or box[3] > bottom:
                    continue
                if self.crowded(nx, ny, w + 2 * gap, h + 2 * gap):
                    continue
                if any(meets(box, b) for b in self.letter_boxes) or any(
                    hits(box, d) for d in self.numbers
                ):
                    continue  # (a hex's letter and a number token stay readable)
                if not self.clear(box) or self._crossed(at, box, self.numbers):
                    continue  # (and the pieces and rings in sight, no line over a number)
                if self._led_over_letter(spot, at, nx, ny, w, h):
                    continue  # (nor over a hex's letter: "E7"'s line hid J's on a phone)
                here = (
                    self._cost(box)
                    + self.strays(spot, box)
                    + SEA * at_sea(self.vp.unpx(nx, ny))
                    + k * step / h
                )
                if here < cost:
                    best, cost = (nx, ny), here
            if best is not None:  # the nearest ring round it with a place
                return best
        return best

    def _led_over_letter(
        self, spot: Spot, at: Point, x: float, y: float, w: float, h: float
    ) -> bool:
        """Whether the line back from ``spot``'s label ``w`` x ``h`` centred on ``(x, y)`` to
        ``at`` (its spot, canvas px), if one is drawn (``leader``), runs over a hex's letter
        with the room kept round it (s33: with every label on a 375 px phone at 1.1, "E7"'s
        line lay across J's letter, "J5"'s across O's)."""
        box = _box(x, y, w, h)
        end = (min(max(at[0], box[0]), box[2]), min(max(at[1], box[1]), box[3]))
        if not any(_line_meets(at, end, b) for b in self.letter_boxes):
            return False  # (the line drawn is part of this one, or none is drawn)
        return self.leader(spot, x, y, w, h) is not None

    def free(self, x: float, y: float, w: float, h: float) -> bool:
        """Whether a label ``w`` x ``h`` centred on ``(x, y)`` covers no piece, no ring, no
        number token and no harbor's mark (a phone's tags on their corners lay over the
        harbors' discs: "B12" on a 2:1, "3:1" under "A12", s49)."""
        box = _box(x, y, w, h)
        return self.clear(box) and not self._on_harbor(box)

    def _on_harbor(self, box: Box) -> bool:
        """Whether ``box`` covers a harbor's disc or its word's tab."""
        return any(hits(box, d) for d in self.harbors) or any(meets(box, b) for b in self.marks)

    def beside(
        self,
        spot: Spot,
        w: float,
        h: float,
        gap: float = 0.0,
        weight: str = "named",
        over: Point | None = None,
    ) -> Point:
        """The centre of a label ``w`` x ``h`` canvas px beside ``spot``, ``gap`` px from the
        labels placed before: out of the spot's ring (or glow; an empty spot's tag, whose own
        place ``over`` it is taken, may still cover it), the nearest place that covers least
        (``tag_search``, its ``weight``: "named", "piece" or "spare")."""
        from .tag_search import search_beside  # (it weighs the places with this module's costs)

        return search_beside(self, spot, w, h, gap, weight, over)

    def far_out(self, spot: Spot, box: Box, heights: float = 1.0) -> bool:
        """Whether ``box`` lies more than its height (``heights`` of them) beyond ``spot``'s
        ring (or glow): a line leads back to it (``leader``), and a learner reads the tags
        nearer the spot as its."""
        sx, sy = self.vp.px(SPOT_XY[spot[0]](spot[1]))
        nx, ny = min(max(sx, box[0]), box[2]), min(max(sy, box[1]), box[3])
        reach = self.vp.len(ring_reach(spot) if spot in self.ringed else glow_reach(spot))
        return math.hypot(nx - sx, ny - sy) > reach + heights * (box[3] - box[1])

    def strays(self, spot: Spot, box: Box) -> float:
        """What a label of ``spot`` in ``box`` costs for reading as another spot's: its middle
        nearer another spot of its kind than its own (``STRAY``, the most: the same wherever
        it went, far out past a token, its line leads back), else each corner that is
        (``STRAY_CORNER``): a learner clicks on the label meaning its spot (s32)."""
        kind, i = spot
        left, top, right, bottom = box
        points = [((left + right) / 2, (top + bottom) / 2)]
        points += [(left, top), (right, top), (left, bottom), (right, bottom)]
        at = np.array([self.vp.unpx(x, y) for x, y in points])
        xy = spots_xy(kind)
        d = ((at[:, None, :] - xy[None, :, :]) ** 2).sum(axis=2)
        off = d.min(axis=1) < d[:, i] - 1e-9
        return STRAY + 4 * STRAY_CORNER if off[0] else STRAY_CORNER * int(off[1:].sum())

    def tagged(self, spot: Spot, x: float, y: float, w: float, h: float) -> None:
        """Keep where the text of ``spot``'s label is drawn, ``w`` x ``h`` centred on
        ``(x, y)``: a click on it means its spot (``tag_at``)."""
        self.tags.append((_box(x, y, w, h), spot))

    def tag_at(self, x: float, y: float) -> Spot | None:
        """The spot whose label's text is drawn at canvas pixel ``(x, y)`` (the nearest
        label's middle where two texts meet), else None: a learner clicks on "N5" meaning N5,
        not the edge nearest the click (s32: at 1.1 a click on "N5"'s "N" built on N7)."""
        under = [
            (math.dist((x, y), ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)), spot)
            for b, spot in self.tags
            if b[0] <= x <= b[2] and b[1] <= y <= b[3]
        ]
        return min(under)[1] if under else None

    def leader(
        self, spot: Spot, x: float, y: float, w: float, h: float, named: bool = False
    ) -> Leader | None:
        """The line from ``spot`` to its label ``w`` x ``h`` centred on ``(x, y)`` where the
        label went far out (past a token, the pieces): not clearly nearer its own spot than
        any other of its kind (``NEARER``), or more than a label's height beyond its ring (a
        phone's "N4" beside N6 at 7.1, "H4" over hex M at 5.13: l19). From the spot (its
        ring's edge when ringed) to the label's nearest edge; None where it reads as its
        spot's. A label the lesson's text names (``named``) has one wherever it does not
        touch its spot's ring or glow (learner18 at 1.1: "N4" a little off its corner, beside
        "O6", read as naming hex O's spot)."""
        kind, i = spot
        sx, sy = self.vp.px(SPOT_XY[kind](i))
        left, top, right, bottom = _box(x, y, w, h)
        nx, ny = min(max(sx, left), right), min(max(sy, top), bottom)
        gap = math.hypot(nx - sx, ny - sy)
        reach = self.vp.len(ring_reach(spot) if spot in self.ringed else glow_reach(spot))
        own = math.hypot(x - sx, y - sy)
        other = min(math.dist((x, y), p) for j, p in enumerate(spots_px(self.vp, kind)) if j != i)
        if gap <= 0 or (own <= NEARER * other and gap <= reach + h):
            if gap <= reach or not named or self._by_own_piece(spot, (left, top, right, bottom)):
                return None
        start = reach / gap if spot in self.ringed else 0.0
        return ((sx + (nx - sx) * start, sy + (ny - sy) * start), (nx, ny))

    def _by_own_piece(self, spot: Spot, box: Box) -> bool:
        """Whether ``box`` touches the piece on ``spot`` (within a gap): "N6" beside P1's
        settlement reads as its without a line."""
        boxes, discs = self.held.get(spot, ((), ()))
        m = 2 * GAP * self.ratio
        wide = (box[0] - m, box[1] - m, box[2] + m, box[3] + m)
        return any(meets(wide, b) for b in boxes) or any(hits(wide, d) for d in discs)

    def clear(self, box: Box) -> bool:
        """Whether ``box`` covers no piece and no ring."""
        return not any(meets(box, b) for b in self.boxes) and not any(
            hits(box, d) for d in self.discs
        )

    def crowded(self, x: float, y: float, w: float, h: float) -> bool:
        """Whether a label ``w`` x ``h`` centred on ``(x, y)`` meets a label placed before."""
        return any(meets(_box(x, y, w, h), b) for b in self.placed)

    def on_token(self, spot: Spot, x: float, y: float, w: float, h: float) -> bool:
        """Whether a label ``w`` x ``h`` of ``spot`` centred on ``(x, y)``, or the line back to
        its spot, covers a number token as drawn (with every label on, a crowded board's
        labels left where they covered least lay over numbers: l34)."""
        box = _box(x, y, w, h)
        if any(hits(box, d) for d in self.numbers):
            return True
        line = self.leader(spot, x, y, w, h)
        return line is not None and any(crosses(*line, d) for d in self.numbers)

    def _marked(self, box: Box) -> bool:
        """Whether ``box`` covers a number token or a harbor's mark."""
        return any(hits(box, d) for d in self.tokens) or any(meets(box, b) for b in self.marks)

    def _crossed(self, spot: Point, box: Box, discs: list[Disc] | None = None) -> int:
        """How many number tokens (and harbors' discs), or of the ``discs`` given (the hexes'
        letters), the line from ``spot`` to ``box``'s nearest edge crosses: a label gone out
        past a token led its line over it (l33: "N4" under R's 6 at 7.1 on a phone, its line
        across the 6; "A4" across E's 6 at 7.8); over a letter, it hid the hex's name (l35:
        "C4"'s line over G at 1.4, "A4"'s over E at 7.8, on a phone)."""
        x, y = spot
        end = (min(max(x, box[0]), box[2]), min(max(y, box[1]), box[3]))
        return sum(crosses(spot, end, d) for d in (self.tokens if discs is None else discs))

    def _cost(self, box: Box) -> float:
        covered = sum(meets(box, b) for b in self.boxes) + sum(hits(box, d) for d in self.discs)
        left, top, right, bottom = self.bounds
        off = box[0] < left or box[1] < top or box[2] > right or box[3] > bottom
        return (
            PIECE * covered
            + LABEL * sum(meets(box, b) for b in self.placed)
            + OFF * off
            + TOKEN * sum(hits(box, d) for d in self.tokens)
            + TOKEN * sum(meets(box, b) for b in self.marks)
            + LETTER * sum(hits(box, d) for d in self.letters)
        )


def _each_piece(pieces: Pieces) -> Iterable[tuple[Spot, Pieces]]:
    """Each building, knight and road alone, with its spot."""
    none = replace(pieces, roads=(), buildings=(), knights=(), robber=None, merchant=None,
                   displaced=None)  # fmt: skip
    for b in pieces.buildings:
        yield ("vertex", b.vertex), replace(none, buildings=(b,))
    for k in pieces.knights:
        yield ("vertex", k.vertex), replace(none, knights=(k,))
    for road in pieces.roads:
        yield ("edge", road.edge), replace(none, roads=(road,))


def _letter_disc(vp: Viewport, h: int, least: float = 0.0) -> Disc:
    """Where hex ``h``'s letter is drawn (``board_paint``: LETTER_OFFSET above its centre),
    at least ``least`` canvas px round."""
    x, y = board.hex_centre_xy(h)
    return (*vp.px((x, y - style.LETTER_OFFSET)), max(vp.len(0.12), least))


def _letter_box(vp: Viewport, h: int, size: float, room: float) -> Box:
    """Hex ``h``'s letter as written at font ``size`` (a capital's width, ``text_em``; its
    height, the size's half each way: ``letter_room.letter_box``), ``room`` px wider all round."""
    x, y = board.hex_centre_xy(h)
    x, y = vp.px((x, y - style.LETTER_OFFSET))
    w = text_em(board.HEX_NAMES[h]) * size / 2 + room
    return (x - w, y - size / 2 - room, x + w, y + size / 2 + room)


@cache
def land_shape() -> tuple[float, float, tuple[Point, ...]]:
    """The land's reach from the board's middle (board units): within the first radius all is
    land, beyond the second all is sea (the coast's nearest and farthest corners); and the
    centres of the hexes along the coast, between the two."""
    coast = [math.hypot(*board.vertex_xy(v)) for v in board.COASTAL_VERTICES]
    outer = {h for v in board.COASTAL_VERTICES for h in board.VERTEX_HEXES[v]}
    return min(coast), max(coast), tuple(board.hex_centre_xy(h) for h in sorted(outer))


def at_sea(p: Point) -> bool:
    """Whether board point ``p`` lies off the land hexes (a hex's corners point up and down,
    one unit from its centre)."""
    near, far, coast = land_shape()
    r = math.hypot(*p)
    if r < near or r > far:
        return r > far
    half = math.sqrt(3) / 2
    for cx, cy in coast:
        dx, dy = abs(p[0] - cx), abs(p[1] - cy)
        if dx <= half and dy + dx / math.sqrt(3) <= 1.0:
            return False
    return True


def _line_meets(a: Point, b: Point, box: Box) -> bool:
    """Whether the line from ``a`` to ``b`` passes through ``box`` (clipped to it)."""
    lo, hi = 0.0, 1.0
    for p, d, least, most in (
        (a[0], b[0] - a[0], box[0], box[2]),
        (a[1], b[1] - a[1], box[1], box[3]),
    ):
        if d == 0:
            if not least < p < most:
                return False
            continue
        t0, t1 = sorted(((least - p) / d, (most - p) / d))
        lo, hi = max(lo, t0), min(hi, t1)
    return lo < hi


def _box(x: float, y: float, w: float, h: float) -> Box:
    return (x - w / 2, y - h / 2, x + w / 2, y + h / 2)


@cache
def spots_xy(kind: str) -> np.ndarray:
    """Every spot of ``kind`` (vertex, edge), board units: row i is spot i."""
    count = board.N_VERTICES if kind == "vertex" else board.N_EDGES
    return np.array([SPOT_XY[kind](i) for i in range(count)])


@lru_cache(maxsize=64)
def spots_px(vp: Viewport, kind: str) -> tuple[Point, ...]:
    """Every spot of ``kind`` (vertex, edge) through ``vp``, canvas px: item i is spot i."""
    count = board.N_VERTICES if kind == "vertex" else board.N_EDGES
    return tuple(vp.px(SPOT_XY[kind](i)) for i in range(count))


def ring_reach(spot: Spot) -> float:
    """How far round ``spot`` its ring reaches (board units)."""
    return RING_VERTEX if spot[0] == "vertex" else RING_EDGE


def glow_reach(spot: Spot) -> float:
    return GLOW_VERTEX if spot[0] == "vertex" else GLOW_EDGE


def spot_angles(spot: Spot) -> list[float]:
    """The ways out from ``spot`` (canvas angles, y down) in the order preferred: straight
    down from a corner, inland (towards the first hex it borders) from an edge, then the
    nearest ways round from there."""
    kind, i = spot
    if kind == "edge":
        (x, y), (hx, hy) = board.edge_xy(i), board.hex_centre_xy(board.EDGE_HEXES[i][0])
        first = math.atan2(hy - y, hx - x)
    else:
        first = math.pi / 2
    return [first + k * 2 * math.pi / DIRECTIONS for k in (0, 1, -1, 2, -2, 3, -3, 4, -4, 5, -5, 6)]
