"""What the board writes over itself, sized for the width it shows at: the labels of corners
and edges and the red "why not" banner (``BoardView`` draws them), and what a finger's tap
means (``reach_spot``).

The canvas is drawn at its natural size (640 CSS pixels) and the page shrinks it to fit a
narrow screen: on a phone a canvas pixel shows at about half the size it has on a desktop.
Text sizes are therefore given in the CSS pixels the learner sees (``shown_px``) and turned
into canvas pixels with ``zoom``, the shown width over the natural one (``board_width.js``
tells the kernel that width).
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np
from ipycanvas import Canvas

from .. import board
from ..palette import Point, Viewport
from . import style

if TYPE_CHECKING:
    from .label_places import LabelPlaces, Leader

Spot = tuple[str, int]

# The labels layer: corner labels white on dark, edge labels dark on light (told apart at a
# glance), in board units: text height and the padding of their tags.
VERTEX_TAG, VERTEX_TAG_TEXT = "rgba(20, 28, 38, 0.82)", "#ffffff"
EDGE_TAG, EDGE_TAG_TEXT = "rgba(255, 255, 255, 0.85)", "#1b2430"
LABEL_SIZE, LABEL_PAD = 0.15, 0.03
LABEL_SMALL = 0.12  # the label of a spot a piece stands on, beside the piece
# The least size of a label's text as the learner sees it (CSS px): a phone shrinks the board
# to about 57 %, which took the labels down to 5 px.
LABEL_MIN_PX, LABEL_SMALL_MIN_PX = 10.0, 9.0
# Board units: labels taller than this overlap the labels of the other kind (a corner's and an
# edge's are half a unit apart), so a board shown that small (a phone) labels one kind only.
LABEL_CROWDED = 0.21
# With both kinds on (a desktop), an edge's tag sits this far (board units) inside the hex it
# is named by, off the edge's middle: on the middle it touched the tags of both its corners
# (half a unit away: "I7" against "H4", "J7" against "J6" round N and M at 4.3, s31)
EDGE_INSET = 0.1
# With every label on, an edge's tag on its spot moves this part of the edge's length away from
# an end a piece stands on: that corner's tag, beside the piece, is then the nearest to it (s34:
# at 8.11 "O5" sat right beside P1's knight on O6, read as the knight's corner)
EDGE_OFF = 0.12
# With every label on, a tag the words do not name, with no room nearer than this many label
# heights past its ring, is left out (s35: on a phone's crowded board a piece's tag went up to
# 179 px away, its line across the board, "N4" at 10.5)
FAR_TAG = 3.0
# The least room between two tags (CSS px as shown): touching, two read as one
TAG_GAP = 2.0
# A board shown at less than this part of its natural width is a phone's: its labels start off
# (they would cover the numbers and pieces: 57_phone_start.png).
NARROW_ZOOM = 0.75
# The narrowest shown board whose words keep their least sizes (CSS px, about a 360 px phone's
# whole board). Shown narrower (a phone's smaller board, 72 %: 240 px), the words shrink with
# the board, which shows as that board in small: kept at 11 px on a 240 px board, the hexes'
# letters touched their tokens and the numbers spilled out of them (s50).
WORDS_LEAST_WIDTH = 320.0

REFUSED = "#c62828"  # the why-not ring and its banner
BANNER_PX = 12.0  # the banner's text as the learner sees it (CSS px), at any width
BANNER_LINE = 1.3  # line height, in ems
# The advance of a character of the board's bold font (DejaVu Sans Bold), in ems, rounded up
# by kind: a line's width is estimated from them (``text_em``).
NARROW, MIDDLE, WIDE = frozenset(" ijlI.,;:'!|()[]-"), frozenset("frtJ"), frozenset("mwMW")
EM = {NARROW: 0.40, MIDDLE: 0.50, WIDE: 1.05}
EM_CAPITAL, EM_OTHER = 0.80, 0.72

# How far from a spot a finger may land and still take it (CSS px as shown): a finger covers
# about 40 px; the spots of a phone's board are about 30 px apart.
REACH_PX = 22.0
# Two spots whose centres lie within this much of the same distance from a finger (CSS px as
# shown) are a tie, the finger midway: the learner is asked which they mean; else the nearer
# centre is taken (15 px off one corner and 16.6 off the next: the first).
TIE_PX = 1.0
# How near (board units; hex size 1) a click must fall to pick a vertex, edge or hex: a
# corner's reach (0.2, ~11 px at 1280) leaves an edge's outer three fifths to the edge (0.3
# from its middle), and the edges leave a hex's inside to it (a corner took a click ~12 px
# down an edge; learner 14).
VERTEX_PICK, EDGE_PICK, HEX_PICK = 0.2, 0.3, 0.87
SPOT_XY = {"vertex": board.vertex_xy, "edge": board.edge_xy, "hex": board.hex_centre_xy}


def shown_px(css: float, zoom: float, ratio: float) -> float:
    """Canvas pixels that show as ``css`` CSS pixels on a board shown at ``zoom`` (its shown
    width over its natural width) with ``ratio`` canvas pixels per natural CSS pixel."""
    return css * ratio / zoom


def shown_zoom(text: str, natural: float) -> float | None:
    """The board's shown width over its ``natural`` width, from the width the page says it
    shows at (``text``, CSS pixels; board_width.js): None if it says no number."""
    try:
        shown = float(text)
    except ValueError:
        return None
    return min(1.0, max(0.2, shown / natural)) if shown > 0 else 1.0


def words_zoom(zoom: float, natural: float) -> float:
    """The zoom the board's words keep their least sizes at, on a board shown at ``zoom`` of
    its ``natural`` width: the shown zoom, but never that of a board under WORDS_LEAST_WIDTH."""
    return max(zoom, min(1.0, WORDS_LEAST_WIDTH / natural))


@lru_cache(maxsize=4096)  # (the same labels and words measured at every redraw)
def text_em(text: str) -> float:
    """The width of ``text`` in the board's bold font, in ems (an estimate, a little over)."""
    return sum(
        next((em for chars, em in EM.items() if ch in chars), None)
        or (EM_CAPITAL if ch.isupper() or ch.isdigit() else EM_OTHER)
        for ch in text
    )


def wrap_em(text: str, width_em: float) -> list[str]:
    """``text`` in lines at most ``width_em`` ems wide (``text_em``), broken between words;
    a word wider than that has a line of its own."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_em(f"{lines[-1]} {word}") <= width_em:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def balanced_lines(text: str, width_em: float) -> list[str]:
    """``text`` in as few lines as ``wrap_em`` breaks it into at ``width_em``, each as short
    as that allows: lines of even length, no word left alone on the last one (a 1280 px
    board's banner ended in a line "them."; issue 33)."""
    lines = wrap_em(text, width_em)
    lo, hi = max(map(text_em, text.split() or [""])), width_em
    if len(lines) < 2 or lo >= hi:
        return lines
    for _ in range(24):  # the narrowest width that still needs no more lines
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if len(wrap_em(text, mid)) <= len(lines) else (mid, hi)
    return wrap_em(text, hi)


def hit_test(p: Point) -> Spot | None:
    """("vertex" | "edge" | "hex", index) under board point ``p``, vertices first; None off
    the land."""

    def nearest(n: int, xy) -> tuple[float, int]:
        return min((math.dist(p, xy(i)), i) for i in range(n))

    d, v = nearest(board.N_VERTICES, board.vertex_xy)
    if d <= VERTEX_PICK:
        return ("vertex", v)
    d, e = nearest(board.N_EDGES, board.edge_xy)
    if d <= EDGE_PICK:
        return ("edge", e)
    d, h = nearest(board.N_HEXES, board.hex_centre_xy)
    if d <= HEX_PICK:
        return ("hex", h)
    return None


def event_px(event: dict, width: float, height: float) -> tuple[float, float] | None:
    """The canvas pixel of a pointer event on a canvas ``width`` x ``height`` pixels
    (ipyevents: CSS pixels from the canvas's top left, and the box it shows in), as
    ipycanvas reckons a click's: each axis scaled by the canvas's pixels over its shown size,
    so that the pointer's spot and a click's come from one hit test (``hit_test``). None
    without a box."""
    w, h = event.get("boundingRectWidth"), event.get("boundingRectHeight")
    x, y = event.get("relativeX"), event.get("relativeY")
    if not w or not h or x is None or y is None:
        return None
    return (float(x) * width / w, float(y) * height / h)


def reach_spot(p: Point, aims: list[Spot], reach: float) -> Spot | None:
    """The spot a finger at board point ``p`` means, ``aims`` being the spots it can aim at
    now (the glowing targets, else every spot of the kind chosen): the spot under it when it
    is one of them or a corner or edge of their kind (asked why not); else the nearest of
    them within ``reach`` board units (a hex from its rim); else the spot under it, or None."""
    return tap_spots(p, aims, reach, 0.0)[0]


def tap_spots(p: Point, aims: list[Spot], reach: float, tie: float) -> list[Spot | None]:
    """What a finger at board point ``p`` means (``reach_spot``), as a list: ``[spot]``, or
    ``[a, b]`` when two of ``aims`` lie within ``reach`` nearly as near as each other (their
    centres less than ``tie`` board units apart in distance) and neither is under the finger
    (the learner is asked which: a guess could play a move they did not mean)."""
    hit = hit_test(p)
    kinds = {kind for kind, _ in aims}
    if hit is not None and (hit in aims or (hit[0] in kinds and hit[0] != "hex")):
        return [hit]
    gaps = sorted(
        (math.dist(p, SPOT_XY[kind](i)) - (HEX_PICK if kind == "hex" else 0.0), (kind, i))
        for kind, i in aims
    )
    if gaps and gaps[0][0] <= reach:
        (gap, near), rest = gaps[0], gaps[1:2]
        if rest and rest[0][0] <= reach and rest[0][0] - gap < tie:
            return [near, rest[0][1]]
        return [near]
    return [hit]


@dataclass(frozen=True)
class Banner:
    """The why-not banner in canvas pixels: its lines of text, the top and height of its
    strip (the board's whole width) and the size of its text."""

    lines: tuple[str, ...]
    top: float
    height: float
    font: float

    @property
    def pad(self) -> float:
        return 0.4 * self.font


def banner(
    reason: str,
    width: float,
    bottom: float,
    font: float,
    spot_y: float,
    pieces_y: list[float],
) -> Banner:
    """The why-not banner of ``reason`` on a board ``width`` x ``bottom`` canvas pixels (the
    strip under it, with the dice line, starts at ``bottom``), text ``font`` pixels high:
    every word, in balanced lines that fit the width (``balanced_lines``), on a strip along
    the board's top edge or along its bottom, just above the dice (never over them),
    whichever covers fewer of the pieces at heights ``pieces_y``, never the refused spot at
    ``spot_y`` (on a tie the one farther from it)."""
    pad = 0.4 * font
    lines = tuple(balanced_lines(reason or "Not here.", (width - 2 * pad) / font))
    height = len(lines) * font * BANNER_LINE + 2 * pad
    near = 0.9 * font  # the ring round the spot reaches about this far

    def cost(top: float) -> tuple[bool, int, float]:
        covers_spot = top - near <= spot_y <= top + height + near
        covered = sum(top <= y <= top + height for y in pieces_y)
        return covers_spot, covered, -abs(top + height / 2 - spot_y)

    top = min((0.0, bottom - height), key=cost)
    return Banner(lines, top, height, font)


def why_not_html(reason: str) -> str:
    """The why-not banner's words as a line under the board (a phone's: a banner across its
    top or bottom rows hid the spots it spoke of), red as the banner is."""
    return (
        f"<div class='catan-why-not-text' style='color:{REFUSED};font-weight:600;"
        f"border-left:3px solid {REFUSED};padding:2px 8px'>"
        f"{html.escape(reason or 'Not here.')}</div>"
    )


def draw_banner(c: Canvas, b: Banner, width: float, line: float) -> None:
    """Draw banner ``b`` across the board's ``width``, its border ``line`` pixels wide; a line
    the estimate got wrong is squeezed to fit, never cut."""
    c.fill_style = "rgba(255,255,255,0.96)"
    c.fill_rect(0, b.top, width, b.height)
    c.stroke_style, c.line_width = REFUSED, line
    c.stroke_rect(line / 2, b.top + line / 2, width - line, b.height - line)
    c.fill_style = REFUSED
    c.font = style.font(b.font, bold=True)
    c.text_align, c.text_baseline = "center", "middle"
    for k, text in enumerate(b.lines):
        y = b.top + b.pad + b.font * BANNER_LINE * (k + 0.5)
        c.fill_text(text, width / 2, y, max_width=width - 2 * b.pad)


def label_px(vp: Viewport, small: bool, zoom: float, ratio: float) -> float:
    """The text height of a label in canvas pixels: its size on the board, or the least
    size readable (``LABEL_MIN_PX`` as shown) when the board shows smaller than that."""
    natural = vp.len(LABEL_SMALL if small else LABEL_SIZE)
    least = LABEL_SMALL_MIN_PX if small else LABEL_MIN_PX
    return max(natural, shown_px(least, zoom, ratio))


def label_kinds(vp: Viewport, zoom: float, ratio: float, targets: list[Spot]) -> tuple[str, ...]:
    """The kinds of spot labelled: corners and edges while their labels fit between each
    other; on a board shown too small for both (a phone), the kind the learner aims at: the
    edges while edges glow (a road), else the corners."""
    if label_px(vp, False, zoom, ratio) <= vp.len(LABEL_CROWDED):
        return ("edge", "vertex")
    return ("edge",) if any(kind == "edge" for kind, _ in targets) else ("vertex",)


def edge_inside(e: int, inset: float) -> Point:
    """Edge ``e``'s middle moved ``inset`` board units into the hex its label names."""
    (x, y), (hx, hy) = board.edge_xy(e), board.hex_centre_xy(board.EDGE_HEXES[e][0])
    d = math.hypot(hx - x, hy - y)
    return (x + (hx - x) * inset / d, y + (hy - y) * inset / d)


def named_spots(text: str) -> dict[Spot, str]:
    """The corners and edges named by ``text``, labels separated by commas as the page tells
    them ("K5,N6,L8", ``named_words.py``): each spot with its label as written (a corner has up
    to three names); a word that names no spot is left out."""
    named: dict[Spot, str] = {}
    for word in text.split(","):
        label = word.strip().upper()
        for kind, parse in (("vertex", board.parse_vertex), ("edge", board.parse_edge)):
            try:
                named.setdefault((kind, parse(label)), label)
            except board.LabelError:
                continue
    return named


def draw_labels(
    c: Canvas,
    vp: Viewport,
    taken: tuple[set[int], set[int]],
    zoom: float,
    ratio: float,
    kinds: tuple[str, ...] = ("edge", "vertex"),
    named: dict[Spot, str] | None = None,
    *,
    places: LabelPlaces,
    own: dict[Spot, str] | None = None,
    aimed: Iterable[Spot] = (),
) -> None:
    """Each corner's label on a dark tag, each edge's on a light one (of the ``kinds``
    given; only the spots ``named``, with their labels as named, when given; else every spot,
    those of ``own`` by the page's words' name for them: l30's "F11", not "B5"). A label sits on
    its empty spot while every label shows; beside its spot (``places``, ``label_places``:
    clear of the pieces, the rings and the labels placed before it) when only the named ones
    show, when a ring is round the spot or near enough to cross the label, or when a piece
    stands on it (``taken``: corners, edges; a smaller tag), so every piece and ring stays in
    sight (issue 33). With every label on, a label the words do not name that finds no place
    but over a number token or a harbor's disc (or its line back across one) is left out:
    the numbers stay readable on a crowded board (l34). The tags the words name are placed
    first, then those of the spots ``aimed`` at (the moment's legal spots, glowing), then the
    rest: with every label on a phone, the rest left no room for "N5" beside its glowing road
    at 1.1, and it was drawn over "J5" and "J7" (s33). In each, the tags beside their spots
    (a piece on it, a ring round it) go before those on their spots, and keep clear of where
    those will be where the room allows; an edge's tag on its spot sits a little off a corner
    whose tag goes beside it (``EDGE_OFF``); with every label on, an empty corner's tag with
    no room but far out (a line back) is left out: placed after every tag on its spot, the tags of
    the pieces' corners went far out, "O6" 76 px under P1's knight at 8.11, "O5" the tag by
    it (s34). Among the tags beside their spots the most crowded go first (``_crowd``), and
    with every label on one the words do not name, with no room within ``FAR_TAG`` label
    heights, is left out, but a legal spot's (s35: "M4" 124 px from P1's metropolis at 10.5,
    "N4" 179 px on a phone, its line across the board). One batched call per tag colour and
    size, then the texts."""
    looks = {"edge": (EDGE_TAG, EDGE_TAG_TEXT), "vertex": (VERTEX_TAG, VERTEX_TAG_TEXT)}
    inset = EDGE_INSET if named is None and {"edge", "vertex"} <= set(kinds) else 0.0

    aside = _corners_aside(vp, taken[0], zoom, ratio, places) if "vertex" in kinds else set()

    def on_spot(kind: str, i: int) -> Point:  # where a tag on its spot goes (canvas px)
        if kind != "edge":
            return vp.px(SPOT_XY[kind](i))
        x, y = edge_inside(i, inset)  # (off a corner whose tag goes beside it: s34)
        (u, v), (a, b) = (
            board.EDGE_VERTICES[i],
            (board.vertex_xy(v) for v in board.EDGE_VERTICES[i]),
        )
        off = EDGE_OFF * ((u in aside) - (v in aside))
        return vp.px((x + (b[0] - a[0]) * off, y + (b[1] - a[1]) * off))

    gap = shown_px(TAG_GAP, zoom, ratio) if named is None else 0.0
    todo: list[tuple[bool, str, int, str, bool]] = []  # beside?, kind, spot, text, small
    for kind, labels, spots_taken in (
        ("edge", board.EDGE_LABELS, taken[1]),
        ("vertex", board.VERTEX_LABELS, taken[0]),
    ):
        if kind not in kinds:
            continue
        texts = (
            [(i, (own or {}).get((kind, i), text)) for i, text in enumerate(labels)]
            if named is None
            else [(i, text) for (k, i), text in named.items() if k == kind]
        )
        for i, text in texts:
            small = i in spots_taken
            size = label_px(vp, small, zoom, ratio)
            w = text_em(text) * size + 2 * size * LABEL_PAD / LABEL_SIZE
            beside = named is not None or small or (kind, i) in places.ringed
            on = places.off_letters(kind, *on_spot(kind, i), w, size * 1.4)  # (as drawn there)
            beside = beside or not places.free(*on, w, size * 1.4)
            todo.append((beside, kind, i, text, small))
    shown: dict[tuple[str, bool], list[tuple[float, float, float, str]]] = {
        (kind, small): [] for kind in ("edge", "vertex") for small in (False, True)
    }
    leaders: list[tuple[Leader, bool]] = []  # a far label's line, and a dot on its spot?
    aimed = set(aimed)

    def first(t: tuple[bool, str, int, str, bool]) -> tuple[bool, bool, bool, int, bool]:
        spot = (t[1], t[2])  # named, then aimed at, then the rest; beside first in each
        crowd = -_crowd(spot, taken) if t[0] else 0  # (the most crowded first, a corner's
        edge = named is None and t[1] == "edge"  # before an edge's with every label on: s35)
        return spot not in (own or {}), spot not in aimed, not t[0], crowd, edge

    def box(kind: str, i: int, text: str, small: bool) -> tuple[float, float, float, float]:
        size = label_px(vp, small, zoom, ratio)  # (a tag on its spot, still to go)
        pad = size * LABEL_PAD / LABEL_SIZE
        return _box(*on_spot(kind, i), text_em(text) * size + 2 * pad, size + 2 * pad)

    places.waiting = [box(*t[1:]) for t in todo if not t[0]]
    places.spots = np.array([vp.px(SPOT_XY[t[1]](t[2])) for t in todo if not t[0]]).reshape(-1, 2)
    for beside, kind, i, text, small in sorted(todo, key=first):
        size = label_px(vp, small, zoom, ratio)
        pad = size * LABEL_PAD / LABEL_SIZE
        w, h = text_em(text) * size + 2 * pad, size + 2 * pad
        # beside it (clear of the hexes' letters: the search weighs them), or on it off them
        weight = "named" if named is not None or (kind, i) in (own or {}) else "spare"
        if weight == "spare" and (small or (kind, i) in aimed):  # ("spare": may be left out)
            weight = "piece"
        over = None  # (an empty spot's own place, where its tag would sit, off the letters)
        if named is None and not small and (kind, i) not in places.ringed:
            over = places.off_letters(kind, *on_spot(kind, i), w, h)
        x, y = (
            over
            if over is not None and not beside
            else places.beside((kind, i), w, h, gap, weight, over)
        )
        if (gap or not beside) and places.crowded(x, y, w + 2 * gap, h + 2 * gap):
            near = places.nudge(x, y, w, h, gap, (kind, i))  # met one: a step aside, else beside it
            if near is None and kind == "vertex" and not beside:
                x, y = places.beside((kind, i), w, h, gap, weight, over)
                if gap and places.crowded(x, y, w + 2 * gap, h + 2 * gap):
                    near = places.nudge(x, y, w, h, gap, (kind, i))
            x, y = near or (x, y)
        if places.crowded(x, y, w + 2 * gap, h + 2 * gap):  # still on a tag: the nearest room
            clear = places.room(x, y, w, h, gap, (kind, i)) or places.room(x, y, w, h, 0, (kind, i))
            if clear is None and named is None and (kind, i) not in (own or {}):
                continue  # (every label on: one with no room but over another left out)
            x, y = clear or (x, y)
        if named is None and (kind, i) not in (own or {}):
            if places.on_token((kind, i), x, y, w, h):
                continue  # (every label on: one with no room but over a number left out, l34)
            if kind == "vertex" and not small and places.far_out((kind, i), _box(x, y, w, h)):
                continue  # (an empty corner's pushed far out, a line back: s34)
            far = places.far_out((kind, i), _box(x, y, w, h), FAR_TAG)
            if far and (kind, i) not in aimed:
                continue  # (any but a legal spot's, with no room but a long line away: s35)
        x, y = places.at(x, y, w, h)
        places.tagged((kind, i), x, y, w - 2 * pad, size)  # its text: a click there means it
        shown[(kind, small)].append((x, y, w, text))
        if (line := places.leader((kind, i), x, y, w, h, weight == "named")) is not None:
            leaders.append((line, not small and (kind, i) not in places.ringed))
    draw_leaders(c, leaders, ratio)
    c.text_align, c.text_baseline = "center", "middle"
    for (kind, small), tags in shown.items():
        if not tags:
            continue
        size = label_px(vp, small, zoom, ratio)
        pad = size * LABEL_PAD / LABEL_SIZE
        xs, ys = np.array([x - w / 2 for x, _, w, _ in tags]), np.array([y for _, y, _, _ in tags])
        c.fill_style = looks[kind][0]
        c.fill_rects(xs, ys - (size / 2 + pad), np.array([w for _, _, w, _ in tags]),
                     size + 2 * pad)  # fmt: skip
        c.fill_style = looks[kind][1]
        c.font = style.font(size, bold=True)
        for x, y, _, text in tags:
            c.fill_text(text, x, y + 0.06 * size)


def _box(x: float, y: float, w: float, h: float) -> tuple[float, float, float, float]:
    return (x - w / 2, y - h / 2, x + w / 2, y + h / 2)


def _crowd(spot: Spot, taken: tuple[set[int], set[int]]) -> int:
    """How many pieces stand within a hex's side of ``spot``: on corners (``taken[0]``) and on
    edges (``taken[1]``), its own too."""
    at = SPOT_XY[spot[0]](spot[1])
    return sum(math.dist(at, board.vertex_xy(v)) <= 1.0 for v in taken[0]) + sum(
        math.dist(at, board.edge_xy(e)) <= 1.0 for e in taken[1]
    )


def _corners_aside(
    vp: Viewport, taken: set[int], zoom: float, ratio: float, places: LabelPlaces
) -> set[int]:
    """The corners whose tags go beside them with every label on: a piece on it, a ring
    round it, or a piece or ring where its tag would sit on it."""
    size = label_px(vp, False, zoom, ratio)
    h = (size + 2 * size * LABEL_PAD / LABEL_SIZE) * 1.4
    out = set(taken) | {i for kind, i in places.ringed if kind == "vertex"}
    for i, text in enumerate(board.VERTEX_LABELS):
        w = text_em(text) * size + 2 * size * LABEL_PAD / LABEL_SIZE
        if i not in out and not places.free(*vp.px(board.vertex_xy(i)), w, h):
            out.add(i)
    return out


LEADER_DARK, LEADER_LIGHT = "rgba(20, 28, 38, 0.9)", "rgba(255, 255, 255, 0.9)"
LEADER_WIDTH = 3.2  # CSS px: the light line a leader's dark one (1.4) is drawn on


def draw_leaders(c: Canvas, leaders: list[tuple[Leader, bool]], ratio: float) -> None:
    """A thin dark line, on a light one to show on every terrain, from each far label back to
    its spot (``LabelPlaces.leader``), with a dot on the spot when it is empty and unringed."""
    if not leaders:
        return
    c.line_cap = "round"
    for colour, width in ((LEADER_LIGHT, LEADER_WIDTH), (LEADER_DARK, 1.4)):
        c.stroke_style, c.line_width = colour, width * ratio
        for (a, b), _ in leaders:
            c.stroke_line(*a, *b)
    dots = [a for (a, _), dot in leaders if dot]
    for colour, radius in ((LEADER_LIGHT, 3.6), (LEADER_DARK, 2.4)):
        if dots:
            c.fill_style = colour
            c.fill_circles(
                np.array([x for x, _ in dots]), np.array([y for _, y in dots]), radius * ratio
            )
