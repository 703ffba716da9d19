"""The learner's input (issue 33, a fresh learner), without a browser: in a lesson the form's
"at" list offers every spot of the kind (a wrong one gets the why-not; a free game's lists
keep to the legal spots); the pointer's label and a click's judgement come from one hit test
on the canvas's own box; a puzzle answered with Roll goes on to where the dice fall.
"""

from __future__ import annotations

from puzzle_answers import course_puzzles
from test_puzzle_secret import at_question, widget_text

from catan_tutor import board, new_game
from catan_tutor.actions import Die, Roll, Settle
from catan_tutor.study.puzzle import answer_nodes
from catan_tutor.widgets.app import App
from catan_tutor.widgets.board_tags import event_px
from catan_tutor.widgets.forms import ALLOWED, NOT_ALLOWED
from catan_tutor.widgets.roll_steps import rolling
from catan_tutor.widgets.spot_sentences import pointer_words
from catan_tutor.widgets.tutor import Tutor

CORNERS = len(board.VERTEX_LABELS)


def test_a_lessons_at_list_offers_every_corner_and_a_wrong_one_gets_why_not():
    """Setting up a base game, P2's first settlement (P1's stands): the "at" list holds all
    53 free corners (the legal ones only left a wrong move to the board or the keyboard), "or
    pick" the legal moves; a wrong corner picked says why not with Play off, and neither the
    form nor a click there plays it; a right one is played."""
    app = App(query="", start="Setting up a base game")
    t, s = app.tutor, app.session
    s.forward()
    s.forward()  # P1's settlement and road
    assert s.game.state.phase == "setup-settle" and s.game.current_player == 1
    s.choose_kind("settle")
    form = t.controls.form
    assert form is not None
    corners = form.offered("vertex")  # (its "choose" placeholder left out)
    legal = {a.vertex for a in s.of_kind("settle") if isinstance(a, Settle)}
    n6 = board.parse_vertex("N6")  # P1's settlement: never an answer, not listed (issue 33)
    assert len(corners) == CORNERS - 1 and n6 not in corners and legal < set(corners)
    assert {a for _, a in form.listed.options} - {None} == set(s.of_kind("settle"))  # legal
    # the allowed ones first, each marked so (s33: where they ended was not to be told)
    labels = [label for label, v in form.pickers["vertex"].options if v is not None]
    marked = [label.endswith(ALLOWED) for label in labels]
    assert marked == sorted(marked, reverse=True) and sum(marked) == len(legal) < len(labels)
    assert labels[0] == f"{board.VERTEX_LABELS[corners[0]]}{ALLOWED}"
    # the others said not to be (learner18: untagged, they read as not known either way)
    assert all(x.endswith(NOT_ALLOWED) for x, ok in zip(labels, marked, strict=True) if not ok)
    node, count = s.timeline.current, len(s.timeline.nodes)
    wrong = next(v for v in corners if v not in legal)
    form.pickers["vertex"].value = wrong
    assert form.play_button.disabled and "data-legal='0'" in form.status.value
    form.play_button.click()
    form.pickers["vertex"].value = None
    t.act_at(("vertex", wrong))  # on the board: the why-not ring, nothing played
    assert t.view.refused is not None and t.view.refused[0] == ("vertex", wrong)
    # the "at" list names the corner clicked (issue 33: it went blank), the verdict once
    assert form.pickers["vertex"].value == wrong and form.play_button.disabled
    assert form.status.value == "" and "data-legal='0'" in t.controls.try_verdict.value
    assert s.timeline.current is node and len(s.timeline.nodes) == count
    t.act_at(("vertex", min(legal)))  # off the lesson's line: chosen first (issue 33)
    assert s.timeline.current is node and s.chosen == ("vertex", min(legal))
    t.act_at(("vertex", min(legal)))  # again: played
    assert s.timeline.current is not node and str(s.timeline.current.action).startswith("P2 settle")


def test_a_free_games_at_list_keeps_to_the_legal_spots():
    t = Tutor(new_game("base", players=3))
    t.session.choose_kind("settle")
    form = t.controls.form
    assert form is not None
    corners = set(form.offered("vertex"))
    assert corners == {a.vertex for a in t.session.of_kind("settle") if isinstance(a, Settle)}
    labels = [label for label, _ in form.pickers["vertex"].options]
    assert not any(ALLOWED in x or NOT_ALLOWED in x for x in labels)  # all legal


def test_the_pointers_label_and_a_clicks_judgement_share_one_hit_test():
    """The pointer is read on the canvas's own box (not the board's column around it, wider
    where the board is centred: at 1024x768 the label said "edge N5" where the click was
    judged a hex), each axis by its own scale; at any size the board shows at, the label
    names the spot a click at that point is judged on (the why-not ring's spot)."""
    t = Tutor(new_game("base", players=3))
    assert t.board.moves_events.source is t.view.canvas
    t.session.choose_kind("build road")  # no road now: a click asks why not there
    view = t.view
    for shown in (1.0, 0.55):  # a desktop's board, a phone's
        w, h = view.canvas.width / view.ratio * shown, view.canvas.height / view.ratio * shown
        for kind, label in (("edge", "N5"), ("edge", "P7"), ("vertex", "C6"), ("hex", "K")):
            parse = {"vertex": board.parse_vertex, "edge": board.parse_edge, "hex": board.parse_hex}
            xy = {"vertex": board.vertex_xy, "edge": board.edge_xy, "hex": board.hex_centre_xy}
            spot = (kind, parse[kind](label))
            x, y = view.vp.px(xy[kind](spot[1]))
            event = {
                "type": "mousemove",
                "relativeX": round(x * w / view.canvas.width),
                "relativeY": round(y * h / view.canvas.height),
                "boundingRectWidth": w,
                "boundingRectHeight": h,
            }
            t.board.on_pointer(event)
            assert t.board.pointer.value == pointer_words(spot), (shown, label)
            at = event_px(event, view.canvas.width, view.canvas.height)
            assert at is not None
            t.board.click(*at)
            if kind == "edge":
                assert view.refused is not None and view.refused[0] == spot
            else:  # a road is not played on a corner or a hex: said so, no ring
                assert "This move goes on an edge" in t.session.message
    t.board.on_pointer({"type": "mouseleave"})
    assert t.board.pointer.value == ""


def _roll_question():
    """The course's question whose answer is a Roll."""
    for asked in course_puzzles():
        tl = asked.scenario().timeline
        answers = answer_nodes(asked.puzzle, tl.nodes[asked.node], tl.rules)
        if any(isinstance(n.action, Roll) for n in answers):
            return asked
    raise AssertionError("no question of the course is answered with a roll")


def test_a_puzzle_answered_with_roll_goes_on_to_where_the_dice_fall():
    """puzzle_base_2p's last question ("What can P1 do now?": roll) ends its lesson's line on
    the Roll: answered with the Roll button (or typed), the dice are thrown on as a lesson's
    roll step throws them, and the board shows the roll's result, not a roll half done."""
    asked = _roll_question()
    for answer in ("button", "roll the dice"):
        t = at_question(asked)
        s = t.session
        if answer == "button":
            t.controls.roll_button.click()
        else:
            t.puzzle.submit(answer)
        node = s.timeline.current
        assert not rolling(s.timeline.rules, node), answer  # not mid-roll
        path = s.timeline.path(node)
        rolled = next(i for i, n in enumerate(path) if n.id == asked.node) + 1
        assert isinstance(path[rolled].action, Roll)
        assert all(isinstance(n.action, Die) for n in path[rolled + 1 :])
        assert len(path) - rolled - 1 >= 2  # the dice, each a node
        faces, caption = t.view.dice
        assert faces and "rolling" not in caption, caption
        assert s.puzzle.answered == node.id and "Right" in widget_text(t.puzzle.widget)


def test_a_lesson_s_at_list_marks_every_corner_allowed_where_every_one_is():
    """BASE-SETUP-ROUND1 at 1.1's first settlement: every corner of the empty board is
    allowed. A lesson's lists mark the allowed spots (they hold the others too); left
    unmarked where all were, the list read as none known to be (helper 262, s42)."""
    from catan_tutor.widgets import App

    t = App(start="base_setup", query="").tutor
    t.session.choose_kind("settle")
    form = t.controls.form
    assert form is not None
    labels = [label for label, v in form.pickers["vertex"].options if v is not None]
    assert len(labels) == len(board.VERTEX_LABELS) and all(x.endswith(ALLOWED) for x in labels)
