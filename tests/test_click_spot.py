"""A click picks the spot it means (``click_spot``): ~12-16 px below a corner on an edge is
the edge while a road is the move (1.4: it took corner J6), a click inside a hex near a
corner is the hex while the robber is to move (2.2: it took corner H4; learner 14)."""

from __future__ import annotations

import math

from puzzle_answers import course_puzzles
from test_puzzle_secret import at_question

from catan_tutor import board, new_game
from catan_tutor.widgets.board_tags import hit_test
from catan_tutor.widgets.click_spot import sole_where
from catan_tutor.widgets.tutor import Tutor

CORNER_CLOCK = board.CORNERS


def toward(a: tuple[float, float], b: tuple[float, float], d: float) -> tuple[float, float]:
    """The point ``d`` board units from ``a`` toward ``b``."""
    t = d / math.dist(a, b)
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def canvas_at(t: Tutor, p: tuple[float, float]) -> tuple[float, float]:
    return t.view.vp.px(p)


def test_a_click_down_an_edge_from_a_corner_is_the_edge_while_a_road_is_the_move():
    g = new_game("base", players=3)
    g.play("P1 settle J12")
    t = Tutor(g)
    assert sole_where(t.session) == "edge"
    view = t.view
    unit = view.vp.scale / view.ratio  # CSS px per board unit as the 1280 page shows it
    assert 50 < unit < 60
    for css in (12.0, 16.0):
        for e in range(board.N_EDGES):
            a, b = (board.vertex_xy(v) for v in board.EDGE_VERTICES[e])
            for end, other in ((a, b), (b, a)):
                p = toward(end, other, css / unit)
                assert hit_test(p) == ("edge", e), (css, board.EDGE_LABELS[e])  # any moment
                assert t.board.spot_at(*canvas_at(t, p)) == ("edge", e)
    # the corner itself, with nothing but roads to build: the nearest edge (no corner move)
    j12 = board.vertex_xy(board.parse_vertex("J12"))
    spot = t.board.spot_at(*canvas_at(t, j12))
    assert spot is not None and spot[0] == "edge"


def test_a_click_inside_a_hex_near_a_corner_is_the_hex_while_the_robber_is_to_move():
    asked = next(a for a in course_puzzles() if a.lesson == "puzzle_base_robber")
    t = at_question(asked)
    assert sole_where(t.session) == "hex"
    for h in range(board.N_HEXES):
        centre = board.hex_centre_xy(h)
        for c in CORNER_CLOCK:
            corner = board.vertex_xy(board.parse_vertex(f"{board.HEX_NAMES[h]}{c}"))
            for d in (0.35, 0.65, 0.9):  # from the centre toward the corner (0.9: 6 px off it)
                p = toward(centre, corner, d)
                assert t.board.spot_at(*canvas_at(t, p)) == ("hex", h), (board.HEX_NAMES[h], c, d)
            assert hit_test(toward(centre, corner, 0.65)) == ("hex", h)  # any moment
    assert t.board.spot_at(*canvas_at(t, (9.0, 0.0))) is None  # out at sea: nothing


def test_BASE_DEV_KNIGHT_a_hex_tapped_with_play_a_knight_chosen_plays_it_and_moves_the_robber():
    """l37 in a free game pressed "Play a Knight" and tapped a hex: nothing was played. One
    tap now plays the card and the robber's move to that hex (whom to rob asked in the form
    where several may be robbed), as at a table (BASE-DEV-KNIGHT, BASE-ROBBER-MOVE)."""
    import random

    from catan_tutor import board, new_game
    from catan_tutor.actions import MoveRobber, PlayKnight
    from catan_tutor.sampler import greedy_choice
    from catan_tutor.widgets import Tutor

    t = Tutor(new_game("base", players=3, seed=3), seed=3)
    s, rng = t.session, random.Random(1)
    while not any(isinstance(a, PlayKnight) for a in s.game.legal_actions()) or s.game.is_chance():
        g = s.game
        if g.is_chance():
            s.play(s.sampler.chance(g))
            continue
        acts = [a for a in g.legal_actions() if type(a).__name__ not in ("Offer", "PlayKnight")]
        s.play(greedy_choice(rng, g.state, acts))
    t.controls.palette.value = "play knight"
    target = next(h for h in range(19) if h != s.game.state.robber)
    t.board.click(*t.view.vp.px(board.hex_centre_xy(target)))
    path = [n.action for n in s.timeline.path(s.timeline.current)]
    played = [a for a in path if isinstance(a, PlayKnight)]
    assert played, [str(a) for a in path[-3:]]
    moved = isinstance(path[-1], MoveRobber) and path[-1].hex == target
    assert moved or (s.kind == "move robber" and t.controls.form is not None), (
        [str(a) for a in path[-3:]],
        t.controls.message.value,
    )
