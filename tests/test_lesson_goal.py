"""Lesson 1.3 (the board laid out hex by hex): its goal stays shown while its steps lay the
board out (it went with the first ▶), and a step paints only the land it changed
(``land_steps.py``), the look kept: what a step draws over a hex is what a whole paint draws
there."""

from __future__ import annotations

from puzzle_answers import at_question, course_puzzles

from catan_tutor.board import N_HEXES
from catan_tutor.state import BOARD
from catan_tutor.widgets import land_steps
from catan_tutor.widgets.app import App
from catan_tutor.widgets.board_paint import ScenePainter

LAYING = "base_variable_board"


def _goal_shown(tutor) -> str:
    """How the lesson's goal shows: "block" (under its heading), "line" (one short line over
    the step's text) or "" (not at all)."""
    sc, html = tutor.session.scenario, tutor.lesson.value
    if sc.goal.split(",")[0] not in html:
        return ""
    return "line" if "<b>Goal:</b>" in html else "block" if "<b>Goal</b>" in html else ""


def test_BASE_BOARD_VARIABLE_the_goal_stays_while_the_board_is_laid_out():
    """1.3's ~30 steps of one hex each keep the goal as a line (its heading over each
    pushed the step down, s41); at the start it shows in full."""
    t = App(start=LAYING, query="").tutor
    s = t.session
    assert _goal_shown(t) == "block"
    steps = 0
    while s.node.children and (s.node.parent is None or s.node.state.phase == BOARD):
        s.step("forward")
        steps += 1
        assert _goal_shown(t) == "line", (steps, t.lesson.value[:300])
    assert steps >= 28 and s.node.state.phase != BOARD  # through the step finishing it
    s.step("first")
    assert _goal_shown(t) == "block"


def test_the_goal_stays_as_a_line_after_the_first_step_and_once_a_question_is_answered():
    """A lesson of moves keeps its goal in sight after ▶ (2.2's went with Roll, before its
    question: s41), and a puzzle's once answered (1.4 left only "Puzzle · solved ✓")."""
    other = App(start="base_production_robber", query="").tutor
    assert _goal_shown(other) == "block"
    other.session.step("forward")
    assert _goal_shown(other) == "line"
    asked = next(a for a in course_puzzles() if a.lesson == "puzzle_base_robber")
    robber = at_question(asked)  # its question comes after the roll
    assert _goal_shown(robber) == "line"
    robber.puzzle.submit("P1 robber Q rob P2")
    assert robber.session.puzzle.right and _goal_shown(robber) == "line"


class _Recorder:
    """A canvas stand-in recording the drawing calls (name, args, the fill and font then)."""

    def __init__(self) -> None:
        self.calls: list[tuple] = []
        self.fill_style = self.stroke_style = self.font = ""
        self.line_width = 0.0
        self.text_align = self.text_baseline = self.line_cap = self.line_join = ""

    def __getattr__(self, name: str):
        def call(*args, **kw):
            font = self.font if "text" in name else ""  # (a shape's call: its fill's style)
            self.calls.append((name, repr(args), self.fill_style, font))

        return call


def test_a_layout_step_paints_only_the_hexes_it_changed_as_a_whole_paint_does(monkeypatch):
    """▶ over a hex: its hex drawn, nothing cleared; over a harbor (not shown before the board
    is whole): nothing; ◀: the hex emptied; the step finishing the board (numbers, harbors):
    the whole land again. A hex drawn by a step is drawn with the very calls a whole paint
    makes for it (the look kept)."""
    t = App(start=LAYING, query="").tutor
    s, view = t.session, t.board.view
    calls: list[str] = []
    for owner, name in ((ScenePainter, "draw_static"), (land_steps, "draw_hexes")):
        real = getattr(owner, name)

        def spy(*a, real=real, name=name):
            calls.append(name)
            return real(*a)

        monkeypatch.setattr(owner, name, spy)
    kinds: dict[str, int] = {}
    while s.node.state.phase == BOARD and s.node.children:
        calls.clear()
        s.step("forward")
        act = str(s.node.action)
        kind = "finish" if s.node.state.phase != BOARD else act.split()[0]  # tile / harbor
        kinds[kind] = kinds.get(kind, 0) + 1
        # (a harbor drawn as it is placed: the land painted whole, as for the numbers)
        want = {"tile": ["draw_hexes"], "harbor": ["draw_static"], "finish": ["draw_static"]}[kind]
        assert calls == want, (act, calls)
    assert kinds == {"tile": N_HEXES, "harbor": 9, "finish": 1}, kinds
    calls.clear()
    s.goto(s.node.parent.parent)  # back over the last harbor: the whole land (8 harbors)
    assert calls == ["draw_static"], calls
    while not str(s.node.action).startswith("tile "):
        s.step("back")
    calls.clear()
    s.step("back")
    assert calls == ["draw_hexes"], calls
    # the look: the calls a step makes for its hex are those a whole paint makes for it
    s.step("forward")
    laid = s.node.action.hex
    painter = view.painter
    whole, step = _Recorder(), _Recorder()
    scene = painter.draw_static(whole)
    tile = scene.tiles[laid]
    assert tile.terrain >= 0
    land_steps.draw_hexes(painter, step, [tile])
    hexes = [c for c in step.calls if c[0] != "fill_polygons"]  # (glyphs: batched per kind)
    assert len(hexes) >= 3 and all(c in whole.calls for c in hexes), hexes


def test_BASE_BOARD_VARIABLE_first_goes_back_to_the_empty_board():
    """|◀ in a lesson that lays its board out move by move goes to the lesson's own start,
    the empty board (it went to the board laid out, past the lesson's steps); ◀ steps back
    into the layout too."""
    s = App(start=LAYING, query="").tutor.session
    root = s.timeline.root
    assert s.node is root
    for _ in range(5):
        s.step("forward")
    assert s.can_step("first")
    s.step("first")
    assert s.node is root and s.node.state.phase == BOARD
    assert not s.can_step("back")
    s.step("last")
    s.step("back")
    assert s.node is not root
    plain = App(start="base_production_robber", query="").tutor.session
    plain.step("forward")
    plain.step("first")
    assert plain.node is plain.start()
