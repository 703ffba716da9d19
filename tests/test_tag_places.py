"""The board's tags stay by their own spots and apart (s33, a fresh learner): at 1.1 on a
dark 1280x900 page, with every label on, "K5" was drawn over "K7" (as at 6.3's start, "K7K5"
under K's token); at 4.3 and 7.8 the "M6" and "A8" tags the page's words name sat out at sea
off the coast, away from their spots, and read as no spot's: the sea, with no other spot in
it for a tag to stray towards, was the cheapest way out of a coastal corner.

A tag at sea now costs (``label_places.SEA``): the land round its spot is taken where it has
room; and a tag left over another after every other try goes to the nearest place clear of
them all (``LabelPlaces.room``), or, with every label on, is left out. Checked at the sizes
the page shows the board at (1280x900: 640 px; 1024x768: 494 px, ``style.SHORT``), at the
positions the learner saw (quick), and over every lesson's line (slow, a third in CI)."""

from __future__ import annotations

import math
from types import SimpleNamespace

import pytest
from test_board_tags import CROWDED_EDGES, _lessons_in_order, _lines_drawn, _tag_boxes

from catan_tutor import board
from catan_tutor.palette import PIECE_EDGE, PIECE_HALO
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import load_scenario
from catan_tutor.widgets import Tutor
from catan_tutor.widgets.board_tags import LEADER_WIDTH, SPOT_XY
from catan_tutor.widgets.label_places import at_sea, hits, meets
from catan_tutor.widgets.letter_room import LETTER_EM, letter_box

SIZES = (640, 494)  # the board's width at 1280x900 and at 1024x768 (CSS px)
NEAR = 1.5  # board units (a hex's side is 1): the farthest a tag's box lies from its spot
COAST = {"vertex": board.COASTAL_VERTICES, "edge": board.COASTAL_EDGES}


def _opened(lesson: str) -> Tutor:
    return Tutor(load_scenario(packaged_lessons() / f"{lesson}.catan.yaml"))


def _line(t: Tutor, limit: int = 200):
    """Each position of the lesson's line in turn (its questions taken as answered: the page
    then names the answer's spots), from its start."""
    s = t.session
    for node in s.scenario.puzzles:
        s.puzzle.solved.add(s.puzzle.key(s.timeline.nodes[node]))
    yield 0
    for step in range(1, limit):
        here = s.timeline.current
        s.forward()
        if s.timeline.current is here:
            return
        yield step


def _tags(t: Tutor, shown: int, every: bool) -> list[tuple[tuple[float, ...], tuple[str, int]]]:
    """The tags drawn (each its whole box, canvas px, and its spot) with the board ``shown``
    CSS px wide, only the spots the words name or ``every`` label."""
    view = t.view
    view.set_shown_width(str(shown))
    places = view.places  # (the words' tags as the page drew them last: not drawn again)
    if every or not view.named or places is None or len(places.tags) != len(view.named):
        view.labels, view.places = every, None
        view._draw_targets()
        view.labels = False
    places = view.places
    if places is None:
        return []
    return list(zip(places.placed, [spot for _, spot in places.tags], strict=True))


def _problems(t: Tutor, shown: int, every: bool) -> list[str]:
    """What is wrong with the tags drawn: two over each other; of the tags the words name
    (not ``every``), one at sea whose spot is not on the coast, or farther than ``NEAR``
    from its spot."""
    view, out = t.view, []
    tags = _tags(t, shown, every)
    for k, (a, one) in enumerate(tags):
        out += [f"{one} over {other}" for b, other in tags[k + 1 :] if meets(a, b)]
    for box, (kind, i) in tags:
        middle = view.vp.unpx((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        if every:
            continue  # (with every label on, a crowded spot's line may lead further out)
        if at_sea(middle) and i not in COAST[kind]:
            out.append(f"{(kind, i)} at sea")
        sx, sy = view.vp.px(SPOT_XY[kind](i))
        nx, ny = min(max(sx, box[0]), box[2]), min(max(sy, box[1]), box[3])
        if math.hypot(nx - sx, ny - sy) > view.vp.len(NEAR):
            out.append(f"{(kind, i)} far from its spot")
    return out


def _named_tag(t: Tutor, label: str, shown: int) -> tuple[float, ...]:
    (box,) = [b for b, spot in _tags(t, shown, False) if t.view.named.get(spot) == label]
    return box


@pytest.mark.parametrize("shown", SIZES)
@pytest.mark.parametrize(
    ("lesson", "step", "label"),
    [("puzzle_base_awards", 1, "M6"), ("puzzle_ck_knights", 15, "A8")],  # (◀ ▶ steps)
    ids=["4.3-M6", "7.8-A8"],
)
def test_a_coastal_corner_s_tag_stays_on_the_land_beside_it(lesson, step, label, shown):
    """4.3 after the answer ("N7 and then M5 reach M6") and 7.8's question ("M4 and A8"):
    at 1280x900 the tag of coastal corner M6 (A8) lay out at sea, 17 (15) px off the coast;
    it sits on the land beside its corner, near it. (On 1024x768's smaller board the land
    round M6 has no room that reads as M6's, Q's letter and token under it: the sea beside
    the corner is taken, near it.)"""
    t = _opened(lesson)
    for at in _line(t):
        if at == step:
            break
    assert label in t.view.named.values(), t.view.named
    box = _named_tag(t, label, shown)
    view = t.view
    middle = view.vp.unpx((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    assert shown != 640 or not at_sea(middle), (label, box)
    assert _problems(t, shown, False) == []


def test_with_every_label_on_no_tag_is_drawn_over_another():
    """6.3's start with every label on at 1280x900 (640 px): "K5" lay over "K7" under K's
    token, read "K7K5" (the learner's 1.1 showed the same pair); no two tags meet."""
    t = _opened("ck_commodity_shortage")
    assert _problems(t, 640, True) == []


@pytest.mark.parametrize(
    "lesson",
    [
        pytest.param(lesson, marks=[pytest.mark.slow, pytest.mark.course])
        for lesson in _lessons_in_order()
    ],
)
def test_each_lesson_s_tags_stay_by_their_spots_and_apart(lesson):
    """Every position of each lesson's line, at the page's sizes: the tags the words name
    meet no other, none lies at sea unless its spot is on the coast, each within ``NEAR`` of
    its spot; at the start with every label on, no two tags meet."""
    found: list[tuple[int, int, str]] = []
    for shown in SIZES:  # (the line walked at each size: the board is drawn again for a size
        t = _opened(lesson)  # once, not at each step)
        t.view.set_shown_width(str(shown))
        if shown == SIZES[0] and t.view.game.layout is not None:
            found += [(0, shown, p) for p in _problems(t, shown, True)]
        for step in _line(t):
            if t.view.game.layout is None or not t.view.named:
                continue
            found += [(step, shown, p) for p in _problems(t, shown, False)]
    assert found == [], (lesson, found)


def _over(line: tuple[float, float, float, float], box: tuple[float, ...], half: float) -> bool:
    """Whether a line ``half`` px either side of its middle passes over ``box``."""
    x0, y0, x1, y1 = line
    left, top, right, bottom = box[0] - half, box[1] - half, box[2] + half, box[3] + half
    points = ((x0 + (x1 - x0) * k / 200, y0 + (y1 - y0) * k / 200) for k in range(201))
    return any(left <= x <= right and top <= y <= bottom for x, y in points)


@pytest.mark.parametrize("shown", [333, 363])  # (a 375x740 phone's board: the page's, CI's)
def test_a_phone_s_edge_tags_and_their_lines_leave_the_hexes_letters(monkeypatch, shown):
    """1.1 on a 375x740 phone, N6 settled, a road aimed at, every label on (the edges): the
    lines back from the tags s33 sent to the nearest room clear of the others ran over hexes'
    letters ("E7"'s across J, "J5"'s across O: the phone's browser test saw J and O change,
    phone_labels_edges.png). No tag and no line is drawn over a hex's letter as written, but
    N's, Q's and R's, round N6, whose roads glow (as that test allows)."""
    t = _opened("base_setup")
    view = t.view
    view.set_shown_width(str(shown))
    t.board.click(*view.vp.px(board.vertex_xy(board.parse_vertex("N6"))))
    assert t.timeline.current.action is not None and {k for k, _ in view.targets} == {"edge"}
    tags, lines = _tag_boxes(view, monkeypatch), _lines_drawn(view, monkeypatch)
    view.show_labels(True)
    assert len(tags) >= board.N_EDGES - CROWDED_EDGES and lines  # (lines lead to some)
    size = view.painter.text(LETTER_EM)
    half = LEADER_WIDTH * view.ratio / 2 + 1  # (the light line under the dark, smoothed)
    covered = []
    for h, letter in enumerate(board.HEX_NAMES):
        if letter in "NQR":
            continue
        box = letter_box(
            view.vp, SimpleNamespace(letter=letter, centre=board.hex_centre_xy(h)), size
        )
        covered += [(letter, "tag") for tag in tags if meets(tag, box)]
        covered += [(letter, "line") for line in lines if _over(line, box, half)]
    assert covered == [], (shown, covered)


@pytest.mark.parametrize("shown", [333, 363])  # (a 375x740 phone's board: the page's, CI's)
def test_a_phone_s_tags_of_the_named_and_the_glowing_roads_are_drawn_clear(shown):
    """1.1 on a 375x740 phone, N6 settled, a road aimed at, every label on (the edges): the
    tags on their own spots were placed first and left "N5" (the road the lesson's words name,
    beside its glowing edge) no room: it was drawn over "J5" and "J7" at 333 px, over "I7" at
    363 px (phone_labels_edges.png), and at 333 px "N7", a legal road, was left out. The named
    tags are placed first, then the glowing roads', then the rest: N5's, N7's and Q3's tags are
    drawn, and no other tag meets any of them (the rest keep what room is left: CROWDED_EDGES)."""
    t = _opened("base_setup")
    view = t.view
    view.set_shown_width(str(shown))
    t.board.click(*view.vp.px(board.vertex_xy(board.parse_vertex("N6"))))
    glowing = {("edge", board.parse_edge(label)) for label in ("N5", "N7", "Q3")}
    assert set(view.targets) == glowing and "N5" in view.named.values()
    tags = _tags(t, shown, True)
    mine = {spot: box for box, spot in tags if spot in glowing}
    assert set(mine) == glowing, (shown, sorted(board.EDGE_LABELS[i] for _, i in mine))
    over = [
        (board.EDGE_LABELS[spot[1]], board.EDGE_LABELS[other[1]] if other[0] == "edge" else other)
        for spot, box in mine.items()
        for b, other in tags
        if other != spot and meets(box, b)
    ]
    assert over == [], (shown, over)
    assert len(tags) >= board.N_EDGES - CROWDED_EDGES, (shown, len(tags))


def _gap(view, spot, box) -> float:
    """How far (CSS px as shown) ``box`` lies from ``spot`` at its nearest."""
    sx, sy = view.vp.px(SPOT_XY[spot[0]](spot[1]))
    nx, ny = min(max(sx, box[0]), box[2]), min(max(sy, box[1]), box[3])
    return math.hypot(nx - sx, ny - sy) * view.zoom / view.ratio


BESIDE_PX = 22.0  # CSS px: the farthest a piece's corner's tag lies from it on a desktop


@pytest.mark.parametrize(
    ("lesson", "knight"),
    [("puzzle_ck_barbarians", "O6"), ("puzzle_ck_progress", None)],
    ids=["8.11", "9.18"],
)
def test_with_every_label_on_a_piece_s_corner_is_named_beside_it(lesson, knight):
    """s34, a fresh learner at 8.11's question (and 9.18's) at 1280x900 with every label on:
    the tags of the corners pieces stand on were placed after every tag on its own spot, found
    the room round their pieces taken and went far out, a line back: "O6", P1's knight's, 76 px
    below it, "A6" 115 px off by B12, "C6" 103; and the tag right beside the knight was "O5",
    an edge's (the learner typed "activate knight O5"). A piece's corner's tag now goes first,
    beside the piece (the tags still to go on their spots kept clear where the room allows,
    an edge's tag a little off a corner whose tag is beside it): within ``BESIDE_PX`` of its
    corner (all of them within 20 px now), at 8.11 with no line back, the knight's corner's
    own tag the one nearest it."""
    t = _opened(lesson)
    view = t.view
    tags = _tags(t, 640, True)
    taken = {("vertex", v) for v in view.painter.pieces().taken[0]}
    mine = {spot: box for box, spot in tags if spot in taken}
    assert set(mine) == taken
    far = {board.VERTEX_LABELS[i]: round(_gap(view, (k, i), b)) for (k, i), b in mine.items()}
    assert max(far.values()) <= BESIDE_PX, far
    if knight:  # (at 9.18, N6's tag, 19 px below-left of it, has a line: not clearly nearer)
        lines = [s for s, b in mine.items() if view.places.leader(s, *_middle(b), *_size(b))]
        assert lines == [], lines
        spot = ("vertex", board.parse_vertex(knight))
        nearest = min(tags, key=lambda tag: _gap(view, spot, tag[0]))[1]
        assert nearest == spot, (knight, nearest)


def _middle(box) -> tuple[float, float]:
    return ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


def _size(box) -> tuple[float, float]:
    return (box[2] - box[0], box[3] - box[1])


PHONE_NEAR_PX = 26.0  # CSS px as shown: the farthest a tag lies from its spot on a phone


@pytest.mark.parametrize("shown", [333, 363])  # (a 375x740 phone's board: the page's, CI's)
@pytest.mark.parametrize("lesson", ["puzzle_ck_barbarians", "puzzle_ck_progress"])
def test_with_every_label_on_a_phone_s_tags_stay_by_their_corners(lesson, shown):
    """s34, the learner's phone (375 px, dark) at 8.11's question with every label on: "O4"
    was drawn up by hex B (151 px from its corner), "N4" and "O6" under the board, lines
    across the hexes; 9.18 the same. In s34 every tag came within 40 px of its corner, a
    piece's ~32 px off with a short line back (H4's, O4's at 8.11: s35, a fresh learner); the
    search of every place round it (``tag_search``) finds them ~14 px off (at most 26 px:
    8.11's K6 at 363 px, a knight's corner): within ``PHONE_NEAR_PX``. An empty corner's tag
    with no room but farther out is left out (a few: at most three), and none covers a number
    token or a hex's letter."""
    t = _opened(lesson)
    view = t.view
    tags = _tags(t, shown, True)
    assert len(tags) >= board.N_VERTICES - 3
    far = {board.VERTEX_LABELS[i]: round(_gap(view, (k, i), b)) for b, (k, i) in tags}
    assert max(far.values()) <= PHONE_NEAR_PX, sorted(far.items(), key=lambda x: -x[1])[:4]
    places = view.places
    assert not [s for b, s in tags if any(hits(b, d) for d in places.numbers)]
    assert not [s for b, s in tags if any(meets(b, x) for x in places.letter_boxes)]


def _drawn(view, monkeypatch) -> tuple[list, list, list]:
    """The pieces as the pieces' layer draws them (canvas px): each knight's outer ring (its
    light one: a phone's knights are drawn larger than the board's scale, ``knight_size``),
    points along each building's outline (a city's wall and tower too), and points along
    each road with half its outlined width."""
    layer, rings, outlines, roads = view.pieces, [], [], []

    def circle(x, y, r):
        if layer.fill_style == PIECE_HALO:
            rings.append((x, y, r))

    def polygon(points):
        points = [tuple(p) for p in points]
        for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1], strict=True):
            outlines.extend((x0 + (x1 - x0) * k / 8, y0 + (y1 - y0) * k / 8) for k in range(8))

    def segments(every):
        if layer.stroke_style == PIECE_EDGE:
            for (x0, y0), (x1, y1) in every:
                roads.extend((x0 + (x1 - x0) * k / 8, y0 + (y1 - y0) * k / 8,
                              layer.line_width / 2) for k in range(9))  # fmt: skip

    monkeypatch.setattr(layer, "fill_circle", circle)
    monkeypatch.setattr(layer, "fill_polygon", polygon)
    monkeypatch.setattr(layer, "stroke_line_segments", segments)
    view.draw_pieces()
    return rings, outlines, roads


# s35 (a fresh learner, the Labels switch on): the farthest a tag lay from its spot (CSS px as
# shown) with every label on, in s34 and now, on a 1280x900 page's board (640 px) and a 375x740
# phone's (333 px); every tag now within the second figure
FARTHEST = {
    ("ck_win_offturn", 640): (124, 34),  # 10.5's start: "M4" by P1's metropolis, then "M4"
    ("ck_win_offturn", 333): (179, 45),  # "N4", then "O4" (P3's knight: the room a line away)
    ("puzzle_ck_barbarians", 640): (20, 19),  # 8.11's question
    ("puzzle_ck_barbarians", 333): (32, 20),  # "H4" and "O4", lines back; now 14 px beside
}


@pytest.mark.parametrize(("lesson", "shown"), list(FARTHEST), ids=[f"{x}-{y}" for x, y in FARTHEST])
def test_with_every_label_on_each_tag_lies_near_its_spot_over_no_piece_as_drawn(
    monkeypatch, lesson, shown
):
    """s35, a fresh learner with the Labels on: on 10.5's crowded board (P1's metropolis on M4,
    P3's knights) "M4" was drawn 124 px from its corner at 1280 (the twelve ways out from it
    stepped past the pieces, the numbers and the tags in the way), "N4" 179 px on a phone,
    its line across the board; at 8.11 on a phone "H4" and "O4" sat 32 px off, a short line
    back; and a phone's tags were kept clear of a knight of the board's scale while it is
    drawn larger there (``knight_size``): "I6" lay over P1's knight at 10.5. Every tag now lies
    within ``FARTHEST``'s figure of its spot (with every label on, one with no room within
    ``board_tags.FAR_TAG`` label heights is left out: most show), and none covers a piece as
    the pieces' layer draws it."""
    t = _opened(lesson)
    view = t.view
    tags = _tags(t, shown, True)
    assert len(tags) >= (board.N_EDGES + board.N_VERTICES if shown == 640 else 40)
    far = {board.VERTEX_LABELS[i] if k == "vertex" else board.EDGE_LABELS[i]:
           round(_gap(view, (k, i), b), 1) for b, (k, i) in tags}  # fmt: skip
    most = sorted(far.items(), key=lambda x: -x[1])[:3]
    assert most[0][1] <= FARTHEST[lesson, shown][1], most
    rings, outlines, roads = _drawn(view, monkeypatch)
    assert rings and outlines and roads
    over = [(spot, "knight") for b, spot in tags if any(hits(b, d) for d in rings)]
    over += [(spot, "building") for b, spot in tags
             if any(b[0] < x < b[2] and b[1] < y < b[3] for x, y in outlines)]  # fmt: skip
    over += [(spot, "road") for b, spot in tags if any(hits(b, d) for d in roads)]
    assert over == [], over


def test_a_named_tag_off_its_corner_has_a_line_back_one_by_its_piece_none(monkeypatch):
    """learner18 at 1.1's third step at 1280x900: "N4" (the words name it: the distance
    rule) sat about 13 px right of its corner, inside hex O beside "O6", with no line, and
    read as O's. A tag the words name that touches neither its spot's glow nor the piece on
    it has a line back from its spot now; "N6", beside P1's settlement, and "N5", on P1's
    road, none."""
    t = _opened("base_setup")
    t.session.forward()
    t.session.forward()
    view = t.view
    view.set_shown_width("640")
    lines = _lines_drawn(view, monkeypatch)
    view.places = None
    view._draw_targets()
    starts = {(round(x1), round(y1)) for x1, y1, _, _ in lines}

    def led(label: str, kind: str) -> bool:
        i = (board.parse_vertex if kind == "vertex" else board.parse_edge)(label)
        assert view.named.get((kind, i)) == label  # (the words name it: its tag is drawn)
        x, y = view.vp.px(SPOT_XY[kind](i))
        return any(math.dist((x, y), s) < 1.5 for s in starts)

    assert led("N4", "vertex") and led("O6", "vertex")
    assert not led("N6", "vertex") and not led("N5", "edge")
