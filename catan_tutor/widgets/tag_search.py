"""Where a tag goes beside its spot, every place round it weighed at once (s35).

Till s34 a tag was tried along twelve ways out from its spot, each stepped out past the pieces,
then past a token, then past the labels in the way: on a crowded board every way went far
("M4", P1's metropolis at 10.5, 124 px off at 1280 with a line back; "N4" 179 px off on a
phone's 333 px board) while a place nearer, between two ways, was clear. Now every place round
the spot, a quarter of a label's height apart, out to ``NEAR_REACH`` label heights past its
ring (then to ``FAR_REACH`` for a tag the words name, ``board_tags.FAR_TAG`` for the rest: one
farther is left out), is weighed with what it covers (``label_places``' costs: a piece, a tag,
a number, a letter, the sea, a stray, a line back) and its distance from the spot (``STEP`` a
label height): the cheapest is taken, then a finer grid round it. A piece or another tag
covered outweighs any distance searched (``HARD``, ``TAG_OVER``): a tag sits over neither
where any place is clear. The nearest places go first, a label's height deeper at a time, till
none farther can cost less. All in canvas pixels, with numpy: faster than the twelve ways.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ..palette import Point, Viewport
from . import label_places as lp
from .board_tags import FAR_TAG, SPOT_XY, Spot

if TYPE_CHECKING:
    from .label_places import LabelPlaces

STEP = 10.0  # what each label height further from the spot costs
NEAR_REACH, FAR_REACH = 4, 14  # label heights beyond the spot's ring searched: first, at most
HARD = 1000.0  # a piece or another tag covered: more than any distance within reach
TAG_OVER = 500.0  # another tag covered (two read as one word: "K7K5", s33)
LETTER_OVER = 300.0  # a hex's letter as written, with its room ("K4" over P read "K4P": s32)
TOKEN_OVER = 300.0  # a number token or a harbor's disc or word (a phone's "O4" over S's: s18)
TOKEN_LEFT = 150.0  # the same for a tag left out over one (every label on: l34)
SEA = 60.0  # a place at sea, off a corner on the coast (s33: "M6", "A8" read as no spot's)
LEAD = 25.0  # a place not clearly nearer its spot than any other: a line leads back to it
TURN = 1.5  # what each twelfth of a turn from the way preferred costs (below a corner...)
COARSE, FINE = 0.25, 0.0625  # the grids' steps, in label heights

Arr = np.ndarray
HALF, SQ3 = math.sqrt(3) / 2, math.sqrt(3)  # a hex's half width (its side 1)


def _hits(cx: Arr, cy: Arr, w: float, h: float, d: Arr) -> Arr:
    """Whether each box ``w`` x ``h`` centred on (cx, cy) overlaps each of discs ``d`` (x, y,
    radius rows): a row a box, a column a disc."""
    x, y, r = d[:, 0], d[:, 1], d[:, 2]
    dx = np.maximum(np.abs(x - cx[:, None]) - w / 2, 0.0)
    dy = np.maximum(np.abs(y - cy[:, None]) - h / 2, 0.0)
    return dx * dx + dy * dy < r * r


def _meets(cx: Arr, cy: Arr, w: float, h: float, b: Arr) -> Arr:
    """Whether each box overlaps each of boxes ``b`` (left, top, right, bottom rows)."""
    return (np.abs(cx[:, None] - (b[:, 0] + b[:, 2]) / 2) < (w + b[:, 2] - b[:, 0]) / 2) & (
        np.abs(cy[:, None] - (b[:, 1] + b[:, 3]) / 2) < (h + b[:, 3] - b[:, 1]) / 2
    )


def _inside(cx: Arr, cy: Arr, w: float, h: float, points: Arr) -> Arr:
    """Whether each of ``points`` lies inside each box."""
    x, y = points[:, 0], points[:, 1]
    return (np.abs(x - cx[:, None]) < w / 2) & (np.abs(y - cy[:, None]) < h / 2)


def _crossed(x0: float, y0: float, ex: Arr, ey: Arr, d: Arr) -> Arr:
    """Whether each line from (x0, y0) to (ex, ey) passes through each of discs ``d``."""
    x, y, r = d[:, 0], d[:, 1], d[:, 2]
    dx, dy = (ex - x0)[:, None], (ey - y0)[:, None]
    length = dx * dx + dy * dy
    t = np.clip(((x - x0) * dx + (y - y0) * dy) / np.where(length > 0, length, 1.0), 0.0, 1.0)
    return ((x0 + t * dx - x) ** 2 + (y0 + t * dy - y) ** 2) < r * r


def at_sea_many(px: Arr, py: Arr) -> Arr:
    """``label_places.at_sea`` of many board points at once."""
    near, far, coast = lp.land_shape()
    r = np.hypot(px, py)
    out = r > far
    edge = (r >= near) & ~out  # (between the coast's nearest and farthest corners)
    if edge.any():
        ex, ey = px[edge], py[edge]
        land = np.zeros(ex.shape, dtype=bool)
        for hx, hy in coast:
            dx, dy = np.abs(ex - hx), np.abs(ey - hy)
            land |= (dx <= HALF) & (dy + dx / SQ3 <= 1.0)
        out[edge] = ~land
    return out


def _strays(vp: Viewport, cx: Arr, cy: Arr, w: float, h: float, near: Arr) -> Arr:
    """``LabelPlaces.strays`` of many boxes: its middle nearer another spot of its kind than
    its own (``STRAY`` and each corner's), else each corner that is; and ``LEAD`` where its
    middle is not clearly nearer its own (``NEARER``: a line leads back). ``near``: the spots
    of its kind round it (board units), its own first. (A point p is nearer spot o than its
    own s where 2 p.(s - o) < |s|^2 - |o|^2: one product for all.)"""
    bx, by = (cx - vp.ox) / vp.scale, (cy - vp.oy) / vp.scale
    hw, hh = w / 2 / vp.scale, h / 2 / vp.scale
    own, others = near[0], near[1:]
    if not len(others):
        return np.zeros(cx.shape)
    a = 2 * (own - others)  # (k, 2)
    b = (own**2).sum() - (others**2).sum(axis=1) - 1e-9
    off = [
        ((np.stack([px, py], axis=1) @ a.T) < b).any(axis=1)
        for px, py in ((bx, by), (bx - hw, by - hh), (bx + hw, by - hh), (bx - hw, by + hh),
                       (bx + hw, by + hh))
    ]  # fmt: skip
    corners = off[1].astype(float) + off[2] + off[3] + off[4]
    p = np.stack([bx, by], axis=1)
    mine = ((p - own) ** 2).sum(axis=1)
    other = ((p**2).sum(axis=1)[:, None] - 2 * p @ others.T + (others**2).sum(axis=1)).min(axis=1)
    lead = LEAD * (mine > lp.NEARER**2 * other)  # (a line back unless clearly nearer its own)
    return lead + np.where(off[0], lp.STRAY + 4 * lp.STRAY_CORNER, lp.STRAY_CORNER * corners)


def _grid(x0: float, y0: float, span: float, step: float) -> tuple[Arr, Arr]:
    n = int(math.ceil(span / step))
    k = np.arange(-n, n + 1) * step
    gx, gy = np.meshgrid(x0 + k, y0 + k)
    return gx.ravel(), gy.ravel()


@dataclass
class _Round:
    """What lies round one spot, as rows (canvas px) with what covering each costs (the module's
    docstring): what a tag there is weighed against."""

    places: LabelPlaces
    spot: Spot
    at: Point  # the spot
    reach: float  # its ring's (or glow's) reach
    own: Arr  # the discs of its ring (or glow): no tag in them
    w: float
    h: float
    gap: float
    region: lp.Box
    weight: str  # "named" (the words name it), "piece" (a piece's spot) or "spare" (the rest)

    def __post_init__(self) -> None:
        p, region, kind = self.places, self.region, self.spot[0]
        named = self.weight == "named"  # (its tokens and letters with the room round them)
        token = TOKEN_OVER if self.weight != "spare" else TOKEN_LEFT
        numbers = p.tokens if named else p.numbers + p.tokens[len(p.numbers) :]  # (+ harbors)
        discs = [  # (each kind of disc, and what covering one costs)
            (p.discs, HARD),
            (numbers, token),
            (p.letters, lp.LETTER),
            ([] if named else p.tokens[: len(p.numbers)], lp.LETTER),  # (a token's room)
        ]
        boxes = [
            (p.boxes, HARD),
            ([(b[0] - self.gap, b[1] - self.gap, b[2] + self.gap, b[3] + self.gap)
              for b in p.placed], TAG_OVER),
            (p.marks, token),
            (p.letter_boxes, LETTER_OVER),
            (p.waiting, lp.WAITING),
        ]  # fmt: skip
        self.discs, self.disc_cost = _rows(discs, 3, region, self._by_disc)
        self.boxes, self.box_cost = _rows(boxes, 4, region, self._by_box)
        lines = [(numbers, token), (p.glyphs, lp.LETTER)]  # (a line back over one)
        self.lines, self.line_cost = _rows(lines, 3, region, self._by_disc)
        s = p.spots
        self.spots = (s, np.hypot(s[:, 0] - self.at[0], s[:, 1] - self.at[1]))
        xy, vp = lp.spots_xy(kind), p.vp
        own = xy[self.spot[1]]
        by = np.hypot(xy[:, 0] - own[0], xy[:, 1] - own[1])
        keep = (by > 0) & (by <= (region[2] - region[0]) / vp.scale)
        self.near = np.vstack([own[None, :], xy[keep]])
        self.near_by = np.concatenate([[0], by[keep]])
        self.way = lp.spot_angles(self.spot)[0]

    def _by_disc(self, d: Arr) -> Arr:
        return np.hypot(d[:, 0] - self.at[0], d[:, 1] - self.at[1]) - d[:, 2]

    def _by_box(self, b: Arr) -> Arr:
        x0, y0 = self.at
        dx = np.maximum(np.maximum(b[:, 0] - x0, x0 - b[:, 2]), 0.0)
        dy = np.maximum(np.maximum(b[:, 1] - y0, y0 - b[:, 3]), 0.0)
        return np.hypot(dx, dy)

    def distance(self, cx: Arr, cy: Arr) -> Arr:
        """From the spot to each box's nearest point."""
        x0, y0 = self.at
        nx = np.clip(x0, cx - self.w / 2, cx + self.w / 2)
        ny = np.clip(y0, cy - self.h / 2, cy + self.h / 2)
        return np.hypot(nx - x0, ny - y0)

    def costs(self, cx: Arr, cy: Arr) -> Arr:
        """Each place's cost; ``inf`` where the box meets the spot's own ring (or glow)."""
        p, w, h, (x0, y0) = self.places, self.w, self.h, self.at
        vp = p.vp
        r = float(np.hypot(cx - x0, cy - y0).max()) + (w + h) / 2  # (what lies farther: no matter)
        (d, dc), (b, bc), (ln, lc) = (
            (rows[0][rows[1] <= r], cost[rows[1] <= r])
            for rows, cost in ((self.discs, self.disc_cost), (self.boxes, self.box_cost),
                               (self.lines, self.line_cost))
        )  # fmt: skip
        far = self.distance(cx, cy)
        left, top, right, bottom = p.bounds
        off = (cx - w / 2 < left) | (cy - h / 2 < top) | (cx + w / 2 > right)
        off |= cy + h / 2 > bottom
        nx = np.clip(x0, cx - w / 2, cx + w / 2)
        ny = np.clip(y0, cy - h / 2, cy + h / 2)
        turn = np.abs((np.arctan2(cy - y0, cx - x0) - self.way + math.pi) % (2 * math.pi) - math.pi)
        spots = self.spots[0][self.spots[1] <= r]
        cost = (
            _hits(cx, cy, w, h, d) @ dc
            + _meets(cx, cy, w, h, b) @ bc
            + _crossed(x0, y0, nx, ny, ln) @ lc
            + lp.WAITING * _inside(cx, cy, w, h, spots).sum(axis=1)
            + lp.OFF * off
            + _strays(vp, cx, cy, w, h, self.near[self.near_by <= 2 * r / vp.scale + 1e-9])
            + SEA * at_sea_many((cx - vp.ox) / vp.scale, (cy - vp.oy) / vp.scale)
            + lp.FAR * (far > self.reach + h)
            + STEP * far / h
            + TURN * turn / (2 * math.pi / lp.DIRECTIONS)
        )
        return np.where(_hits(cx, cy, w, h, self.own).any(axis=1), np.inf, cost)


def _rows(
    kinds: list[tuple[list, float]], width: int, region: lp.Box, by: Callable[[Arr], Arr]
) -> tuple[tuple[Arr, Arr], Arr]:
    """The rows of every kind (``width`` numbers each) that reach into ``region``, each with how
    near the spot it comes (``by``), and what covering each costs."""
    rows = [np.asarray(x, dtype=float).reshape(-1, width) for x, _ in kinds]
    cost = np.concatenate([np.full(len(x), c) for x, (_, c) in zip(rows, kinds, strict=True)])
    every = np.vstack(rows)
    if width == 3:
        keep = (every[:, 0] + every[:, 2] > region[0]) & (every[:, 0] - every[:, 2] < region[2])
        keep &= (every[:, 1] + every[:, 2] > region[1]) & (every[:, 1] - every[:, 2] < region[3])
    else:
        keep = (every[:, 2] > region[0]) & (every[:, 0] < region[2])
        keep &= (every[:, 3] > region[1]) & (every[:, 1] < region[3])
    every, cost = every[keep], cost[keep]
    return (every, by(every)), cost


def search_beside(
    places: LabelPlaces,
    spot: Spot,
    w: float,
    h: float,
    gap: float,
    weight: str = "named",
    over: Point | None = None,
) -> Point:
    """The centre of the cheapest place for a tag ``w`` x ``h`` beside ``spot`` (the module's
    docstring), ``gap`` px from the tags placed before it. A number token covered costs
    ``TOKEN_OVER`` where the tag is always drawn (its ``weight``: "named", the words name it;
    "piece", a piece stands there), else ``TOKEN_LEFT`` ("spare": with every label on, a tag
    left over a number is left out, l34); a "named" tag keeps the room round the tokens and
    the hexes' letters too (the others, off the letters as written). ``over``: where the tag
    of an empty spot would sit on it, taken: it may still cover its spot (that place too)."""
    kind, i = spot
    vp = places.vp
    x0, y0 = vp.px(SPOT_XY[kind](i))
    ringed = spot in places.ringed
    units = lp.ring_reach(spot) if ringed else lp.glow_reach(spot)
    own = lp.spot_discs(
        vp, spot, units + (lp.RING_LINE * ringed + lp.GAP) * places.ratio / vp.scale
    )
    reach = vp.len(units)
    extent = reach + (vp.len(0.5) if kind == "edge" else 0.0)  # (an edge's ring runs along it)
    span = extent + (FAR_REACH if weight == "named" else FAR_TAG + 1) * h + max(w, h) / 2
    region = (x0 - span - w, y0 - span - h, x0 + span + w, y0 + span + h)
    own_discs = np.zeros((0, 3)) if over is not None else np.asarray(own)
    here = _Round(places, spot, (x0, y0), reach, own_discs, w, h, gap, region, weight)
    best, at = math.inf, (x0, y0 + reach + h)
    if over is not None:  # (round its own place, taken, a finer grid: the room may be narrow)
        ox, oy = _grid(over[0], over[1], h, FINE * h)
        cost = here.costs(ox, oy)
        k = int(np.argmin(cost))
        best, at = float(cost[k]), (float(ox[k]), float(oy[k]))
    done = 0.0  # (the places up to this far from the spot are weighed)
    most = FAR_REACH if weight == "named" else FAR_TAG + 1  # (farther: left out, FAR_TAG)
    for heights in (min(NEAR_REACH, most), most):  # the near ones first, the rest if need be
        cx, cy = _grid(x0, y0, extent + heights * h + max(w, h) / 2, COARSE * h)
        far = here.distance(cx, cy)
        keep = (far >= done) & (far < extent + heights * h)
        order = np.argsort(far[keep], kind="stable")
        cx, cy, far = cx[keep][order], cy[keep][order], far[keep][order]
        start = 0
        while start < len(far):  # a band a label's height deep at a time, nearest first
            if STEP * far[start] / h + lp.FAR * (far[start] > reach + h) >= best:
                break  # (no farther place can cost less)
            end = int(np.searchsorted(far, far[start] + h, side="right"))
            cost = here.costs(cx[start:end], cy[start:end])
            k = int(np.argmin(cost))
            if cost[k] < best:
                best, at = float(cost[k]), (float(cx[start + k]), float(cy[start + k]))
            start = end
        if start < len(far) or STEP * (extent + heights * h) / h >= best:
            break  # (the bands farther out cannot cost less)
        done = extent + heights * h
    fx, fy = _grid(at[0], at[1], COARSE * h, FINE * h)
    cost = here.costs(fx, fy)
    k = int(np.argmin(cost))
    return (float(fx[k]), float(fy[k])) if cost[k] < best else at
