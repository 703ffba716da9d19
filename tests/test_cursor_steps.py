"""The board's arrow keys (cursor_steps.py): an arrow goes to the nearest spot that way, the
opposite arrow comes back, and every spot the cursor moves over can be reached from every
other — on the whole board (corners, edges, hexes, the editor's corners and edges together),
on the glowing targets of positions from play, and on seeded samples of spots."""

from __future__ import annotations

import random

import pytest

from catan_tutor import board, new_game
from catan_tutor.widgets import Tutor
from catan_tutor.widgets.board_panel import ARROWS
from catan_tutor.widgets.cursor_steps import CursorTrail, spot_xy, step_cursor
from catan_tutor.widgets.kinds import Spot, kind_of, targets_of

DIRECTIONS = list(ARROWS.values())


def whole(kind: str, n: int) -> list[Spot]:
    return [(kind, i) for i in range(n)]


def played_targets() -> list[list[Spot]]:
    """The targets of each kind with two or more, at each position of seeded play."""
    found: set[tuple[Spot, ...]] = set()
    for variant in ("base", "ck"):
        game, rng = new_game(variant, players=3), random.Random(7)
        for _ in range(150):
            actions = game.legal_actions()
            by_kind: dict[str, list] = {}
            for a in actions:
                by_kind.setdefault(kind_of(type(a)), []).append(a)
            found |= {t for acts in by_kind.values() if len(t := tuple(targets_of(acts))) > 1}
            game.play(rng.choice(actions))
    return [list(t) for t in sorted(found)]


def sampled() -> list[list[Spot]]:
    rng = random.Random(12)
    kinds = [whole("vertex", board.N_VERTICES), whole("edge", board.N_EDGES)]
    kinds.append(whole("hex", board.N_HEXES))
    return [rng.sample(s, rng.randint(2, len(s))) for s in kinds for _ in range(40)]


WHOLE = {
    "corners": whole("vertex", board.N_VERTICES),
    "edges": whole("edge", board.N_EDGES),
    "hexes": whole("hex", board.N_HEXES),
    "corners and edges": whole("vertex", board.N_VERTICES) + whole("edge", board.N_EDGES),
}
SETS = [*WHOLE.values(), *played_targets(), *sampled()]


def walk(a: Spot, b: Spot) -> float:
    """Along plus across an arrow (any of the four) from ``a`` to ``b``."""
    (ax, ay), (bx, by) = spot_xy(a), spot_xy(b)
    return abs(ax - bx) + abs(ay - by)


def steps(spots: list[Spot]) -> dict[Spot, list[Spot | None]]:
    return {a: [step_cursor(spots, spot_xy(a), d) for d in DIRECTIONS] for a in spots}


def test_the_positions_give_target_sets_of_many_sizes() -> None:
    sizes = {len(s) for s in SETS}
    assert len(SETS) > 120 and min(sizes) == 2 and len(sizes) > 50


@pytest.mark.parametrize("i", range(len(SETS)))
def test_every_spot_is_reached_from_every_other(i: int) -> None:
    spots = SETS[i]
    moves = steps(spots)
    for start in spots:
        seen, todo = {start}, [start]
        while todo:
            for nxt in moves[todo.pop()]:
                if nxt is not None and nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        assert seen == set(spots), (start, set(spots) - seen)


@pytest.mark.parametrize("i", range(len(SETS)))
def test_the_opposite_arrow_returns_where_the_step_is_the_nearest_both_ways(i: int) -> None:
    """Both ways nearest: B is the nearest spot one way from A, and no spot is nearer the
    other way from B than A (along plus across the arrow, as ``step_cursor`` measures).
    The trail comes back from every step."""
    spots = SETS[i]
    moves = steps(spots)
    for a in spots:
        for (dx, dy), b in zip(DIRECTIONS, moves[a], strict=True):
            if b is None:
                continue
            back = step_cursor(spots, spot_xy(b), (-dx, -dy))
            assert back is not None  # A itself lies that way
            if back != a:  # then a spot as near or nearer: not the nearest both ways
                assert walk(b, back) <= walk(b, a) + 1e-6, (a, b, back)
            trail = CursorTrail()
            assert trail.step(spots, a, (dx, dy)) == b
            assert trail.step(spots, b, (-dx, -dy)) == a


def test_whole_board_steps_mostly_come_back_by_themselves() -> None:
    """The nearest both ways on the whole board: each corner's neighbour beside it comes back
    (was 170 of 194 corner steps and 208 of 258 edge steps, with 396 edge pairs unreachable)."""
    counts = {}
    for name, spots in WHOLE.items():
        moves = steps(spots)
        back = total = 0
        for a in spots:
            for (dx, dy), b in zip(DIRECTIONS, moves[a], strict=True):
                if b is not None:
                    total += 1
                    back += step_cursor(spots, spot_xy(b), (-dx, -dy)) == a
        counts[name] = (back, total)
    assert counts["corners"] == (182, 190)
    assert counts["edges"] == (218, 254)
    assert counts["hexes"] == (56, 60)


def test_the_learners_corners_o4_and_o6() -> None:
    """Lesson 11.16, puzzle 1: O6 was never reached back from O4's side (Left, Right, Up
    and Down from O6 all passed it by)."""
    corners = WHOLE["corners"]
    o4, o6, s6 = (("vertex", board.parse_vertex(n)) for n in ("O4", "O6", "S6"))

    def go(spot: Spot, key: str) -> Spot | None:
        return step_cursor(corners, spot_xy(spot), ARROWS[key])

    assert go(o4, "ArrowLeft") == o6 and go(o6, "ArrowRight") == o4  # beside each other
    assert go(o4, "ArrowDown") == s6 and go(s6, "ArrowUp") == o4  # across hex S
    assert go(o4, "ArrowUp") == ("vertex", board.parse_vertex("O2"))


def test_keys_on_the_board_retrace_their_steps() -> None:
    """Arrows on a board whose cursor moves over every corner, then the opposite arrows in
    the opposite order: the cursor comes back through the same corners to where it began."""
    t = Tutor(new_game("base", players=3))
    t.session.choose_kind("settle")  # the first settlement: every corner glows
    assert len(t.board.cursor_spots()) == board.N_VERTICES
    t.board.on_key({"type": "keydown", "key": "Enter"})  # the first corner, A's top
    # the last Up, at the coast, is not the nearest both ways: only the trail comes back
    path = ["ArrowDown", "ArrowLeft", "ArrowLeft", "ArrowUp"]
    opposite = {"ArrowDown": "ArrowUp", "ArrowUp": "ArrowDown"}
    opposite |= {"ArrowLeft": "ArrowRight", "ArrowRight": "ArrowLeft"}
    seen = [t.board.view.cursor]
    for key in path:
        t.board.on_key({"type": "keydown", "key": key})
        seen.append(t.board.view.cursor)
    assert len(set(seen)) == len(seen)  # each arrow went somewhere new
    for key in reversed(path):
        seen.pop()
        t.board.on_key({"type": "keydown", "key": opposite[key]})
        assert t.board.view.cursor == seen[-1]
