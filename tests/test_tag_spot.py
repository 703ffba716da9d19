"""A click on a label's text means the label's spot (s32, a learner at 1.1 on a 1280x900
desktop: the "N5" tag sat under hex N's token between edges N5 and N7, its "N" nearer N7,
and a click on "N5" built the road on N7). A tag is drawn on its own spot's side, its middle
nearer its spot than any other of its kind (or a line leads back to it); the board's hit test
answers a click inside a tag's text with the tag's spot (``LabelPlaces.tag_at``), and a click
anywhere else as before (``click_spot``)."""

from __future__ import annotations

import math

import pytest
from test_board_tags import _lessons_in_order, _lines_drawn, _on_tag, _tag_boxes

from catan_tutor import board
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import load_scenario
from catan_tutor.widgets import Tutor
from catan_tutor.widgets.board_tags import SPOT_XY
from catan_tutor.widgets.click_spot import click_spot, sole_where
from catan_tutor.widgets.label_places import ring_reach

COUNT = {"vertex": board.N_VERTICES, "edge": board.N_EDGES}


def _opened(lesson: str) -> Tutor:
    return Tutor(load_scenario(packaged_lessons() / f"{lesson}.catan.yaml"))


def _middle(box: tuple[float, float, float, float]) -> tuple[float, float]:
    return ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)


def test_1_1_s_n5_tag_sits_by_edge_n5_and_a_click_on_it_means_n5(monkeypatch):
    """1.1's start as a desktop shows it (640 px): the "N5" tag's text is clearly nearer
    edge N5 than N7 (it was 49 px from N5's middle and 59 from N7's: the "N" nearer N7), and
    a click on any part of the text means N5 when the moment is a road's, as the learner's
    was (the nearest edge was taken: N7); a settlement's moment takes the corner nearest the
    click, as a click beside the tag does (an edge there would only be refused)."""
    t = _opened("base_setup")
    view = t.view
    n5 = ("edge", board.parse_edge("N5"))
    assert view.named.get(n5) == "N5" and view.places is not None
    (box,) = [b for b, spot in view.places.tags if spot == n5]
    middle = _middle(box)
    own = math.dist(middle, view.vp.px(board.edge_xy(n5[1])))
    others = sorted(
        math.dist(middle, view.vp.px(board.edge_xy(e))) for e in range(board.N_EDGES) if e != n5[1]
    )
    assert own < 0.75 * others[0], (own, others[0])
    left, top, right, bottom = box
    inside = [middle] + [(x, y) for x in (left + 1, right - 1) for y in (top + 1, bottom - 1)]
    for where, kind in (("vertex", "settle"), ("edge", "build road")):
        monkeypatch.setattr(t.session, "kinds", lambda kind=kind: [kind])
        t.session.kind = kind
        assert sole_where(t.session) == where
        shown = [t.board.spot_at(x, y) for x, y in inside]
        if where == "edge":
            assert shown == [n5] * 5, where
        else:
            assert shown == [click_spot(view.vp.unpx(x, y), where) for x, y in inside]
            assert all(spot is not None and spot[0] == "vertex" for spot in shown)
    # a click just beside the text is judged as before: the nearest spot of the moment's kind
    below = (middle[0], bottom + 2)
    assert t.board.spot_at(*below) == click_spot(view.vp.unpx(*below), sole_where(t.session))


@pytest.mark.parametrize(
    "lesson",
    ["base_setup", "ck_knight_recruit", "puzzle_base_awards"]  # (quick ones; every start: slow)
    + [
        pytest.param(lesson, marks=[pytest.mark.slow, pytest.mark.course])
        for lesson in _lessons_in_order()
    ],
)
def test_each_tag_reads_as_its_own_spot_and_a_click_on_it_means_it(monkeypatch, lesson):
    """At each lesson's start on a desktop's board, with the spots the words name labelled and
    with every label on: each tag's middle is nearer its own spot than any other spot of its
    kind, or a line leads from its spot to it (far out past a token); a click on its text's
    middle means its spot; a click on a spot's middle outside every tag's text is judged as
    it was (``click_spot``: a piece's own spot keeps working)."""
    t = _opened(lesson)
    view = t.view
    if view.game.layout is None:
        return  # the hexes still being laid: nothing to click on yet
    vp = view.vp
    for every in (False, True)[0 if view.named else 1 :]:  # (the named ones, if any)
        rects, lines = _tag_boxes(view, monkeypatch), _lines_drawn(view, monkeypatch)
        view.labels = every
        view._draw_targets()
        places = view.places
        assert places is not None and len(places.tags) == len(rects)
        where = sole_where(t.session)
        for box, spot in places.tags:
            kind, i = spot
            x, y = _middle(box)
            assert any(r[0] <= box[0] and box[2] <= r[2] and r[1] <= y <= r[3] for r in rects)
            meant = spot if where in ("", kind) else click_spot(vp.unpx(x, y), where)
            assert t.board.spot_at(x, y) == meant, (lesson, every, spot)
            spots = [vp.px(SPOT_XY[kind](j)) for j in range(COUNT[kind])]
            near = min(range(len(spots)), key=lambda j: math.dist(spots[j], (x, y)))
            if near == i:
                continue
            sx, sy = spots[i]
            reach = vp.len(ring_reach(spot)) + 1
            assert any(
                math.dist((a, b), (sx, sy)) <= reach and _on_tag(rects, "", x, y, (p, q))
                for a, b, p, q in lines
            ), (lesson, every, spot, (x, y), near)
        for kind, count in COUNT.items():
            for i in range(count):
                x, y = vp.px(SPOT_XY[kind](i))
                if not any(b[0] <= x <= b[2] and b[1] <= y <= b[3] for b, _ in places.tags):
                    assert t.board.spot_at(x, y) == click_spot(vp.unpx(x, y), where)
    view.labels = False
