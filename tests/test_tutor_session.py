"""The tutor's session model without widgets (``catan_tutor/widgets/tutor_session.py``): what the
learner does (intentions) and what it tells the views (events), with no ipywidgets loaded."""

from __future__ import annotations

import subprocess
import sys

from catan_tutor import new_game
from catan_tutor.game import Game
from catan_tutor.study.scenario import loads_scenario
from catan_tutor.widgets.session_line import HIDDEN
from catan_tutor.widgets.tutor_session import TutorSession, start_node

# A base-game setup question: P1's first road must touch N6 (BASE-SETUP-ROUND1).
ROAD = """\
title: A road puzzle
variant: base
players: 3
board: beginner
moves:
- move: P1 settle N6
  puzzle:
    prompt: Place P1's first road.
    hints:
    - One of the three edges around N6.
    answers:
    - P1 road N5
    rule: BASE-SETUP-ROUND1
    explain: The setup road touches the settlement just placed.
- move: P1 road N5
- move: P2 settle K4
"""


def session_with_events(source=None) -> tuple[TutorSession, list[str]]:
    s = TutorSession(source if source is not None else new_game("base", players=3))
    said: list[str] = []
    s.subscribe(said.append)
    return s, said


def test_the_session_imports_no_jupyter_widgets():
    code = (
        "import sys\n"
        "from catan_tutor import new_game\n"
        "from catan_tutor.widgets.tutor_session import TutorSession\n"
        "TutorSession(new_game('base', players=3)).play('P1 settle H4')\n"
        "print(sorted(x for x in ('ipywidgets', 'ipycanvas', 'ipyevents') "
        "if x in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_move_is_played_logged_and_shown_with_the_one_kind_legal_chosen():
    s, said = session_with_events()
    s.show()
    assert s.kind == "settle" and said == ["shown"]  # the only kind legal: chosen
    node = s.play("P1 settle H4")
    assert node is s.node and node.depth == 1 and said == ["shown", "shown"]
    assert s.kind == "build road" and s.of_kind() == [
        a for a in s.legal() if type(a).__name__ == "BuildRoad"
    ]
    assert s.lines[0].startswith("P1 builds a settlement on H4")
    assert s.moved  # a move, not a step: computers may answer it


def test_steps_never_enter_the_set_up_of_a_variable_board():
    s = TutorSession(new_game("base", players=3, board="variable", seed=4))
    start = start_node(s.timeline)
    assert start is not s.timeline.root and s.node is start
    s.back()
    assert s.node is start
    s.play(s.legal()[0])
    s.first()
    assert s.node is start


def test_choosing_a_kind_not_legal_asks_the_engine_why():
    s, said = session_with_events()
    s.show()
    s.choose_kind("end turn")  # names only its seat: the verdict at once
    assert said[-2:] == ["kind", "tried"] and s.kind == "end turn"
    assert s.verdict is not None and not s.verdict.legal and s.verdict.rule
    assert s.tried is None and s.tried_text == "P1 end"
    s.choose_kind("build city")  # refused on every corner for one reason: said at once
    assert said[-1] == "kind" and s.message.startswith("Not possible now: During setup")


def test_try_a_move_then_play_it():
    s, said = session_with_events()
    s.try_move("P1 fly H3")
    assert s.unreadable and s.verdict is None and said[-1] == "tried"
    s.try_move("P1 settle H4")
    assert s.tried is not None and str(s.tried) == "P1 settle H4"
    s.play_tried()
    assert [str(a) for a in s.timeline.moves()] == ["P1 settle H4"] and s.tried_text == ""
    s.try_move("P1 road H3")
    s.show()  # another node shown: the verdict goes, the text stays
    assert s.verdict is None and s.tried_text == "P1 road H3"


def test_delete_and_undelete_put_the_same_nodes_back_until_the_tree_changes():
    s = TutorSession(new_game("base", players=3))
    s.play("P1 settle H4")
    s.play("P1 road H3")
    road = s.node
    s.back()
    s.play("P1 road H5")  # a variation
    s.delete()
    assert s.deleted is not None and s.deleted_moves == 1 and s.node.depth == 1
    assert s.undelete() == "" and s.node.action is not None and str(s.node.action) == "P1 road H5"
    s.delete()
    s.goto(road)
    s.play("P2 settle J6")  # a new move: the delete can no longer be undone
    assert s.deleted is None and s.undelete() == "Nothing to undo."


def test_open_tells_the_views_and_undo_edit_brings_the_game_back():
    s, said = session_with_events()
    first = s.timeline
    s.play("P1 settle H4")
    s.open(new_game("base", players=4))
    assert said[-2:] == ["opened", "shown"] and s.game.players == 4 and not s.lines
    assert s.apply_edit("robber A") == ""
    assert s.game.position() != s.edits[-1][0].game.position()
    assert s.apply_edit("no such edit") != ""
    assert s.undo_edit() == "" and said[-2:] == ["restored", "shown"]
    assert s.game.players == 4
    s.undo_edit()
    assert s.timeline is first and s.node.depth == 1
    assert s.set_position("not a position") != "" and s.timeline is first


def test_a_lesson_knows_the_learners_own_moves():
    s = TutorSession(new_game("base", players=3))
    sc = loads_scenario(ROAD, "road.catan.yaml")
    s.open(sc, lesson_id="road")
    assert s.own_moves() == 0 and s.is_lesson_node(s.node)
    s.puzzle.solve_all()
    s.goto(s.timeline.nodes[max(s.timeline.nodes)])
    s.play("P2 road K5")
    assert s.own_moves() == 1 and not s.is_lesson_node(s.node)
    kept = s.kept()
    s.open(Game(s.timeline.rules, s.timeline.root.state))
    s.reopen(kept)
    assert s.own_moves() == 1 and s.lesson_id == "road"


def test_a_question_hides_its_answer_and_a_wrong_move_is_not_played():
    s, said = session_with_events(loads_scenario(ROAD, "road.catan.yaml"))
    s.lesson_id = "road"
    s.play("P1 settle N6")
    asked = s.node
    assert s.puzzle.holds() and s.puzzle.hides(asked.children[0])
    s.forward()
    assert s.node is asked and s.message == HIDDEN
    s.play("P1 road N7")  # legal, not the answer: nothing changes
    assert s.node is asked and s.puzzle.tries == 1 and not s.puzzle.verdict.correct
    assert s.puzzle.take_hint() == "One of the three edges around N6." and said[-1] == "puzzle"
    s.play("P1 road N5")
    assert s.node.parent is asked and ("road", asked.id) in s.puzzle.solved


def test_roll_throws_the_dice_in_one_intention():
    g = new_game("base", players=3)
    while g.state.phase != "pre-roll":
        g.play(g.legal_actions()[0])
    s = TutorSession(Game.from_position(g.position()), seed=2)
    assert "roll" in s.kinds()
    before = len(s.timeline.moves())
    s.roll()
    assert len(s.timeline.moves()) == before + 3  # the roll and both dice
    assert not s.game.is_chance() and len(s.lines) == before + 1  # the roll told once
    assert s.lines[0].startswith("P1 rolled ") and "die shows" not in s.lines[0]


def test_editing_offers_no_kind_of_action():
    s = TutorSession(new_game("base", players=3))
    s.set_editing(True)
    assert s.kinds() == [] and s.kind == ""
    s.set_editing(False)
    assert s.kinds() == ["settle"]


def test_a_kind_refused_everywhere_for_one_reason_says_it_when_chosen():
    """A learner's finding: "Why can't I build a city?" in setup said only "Nothing of this
    kind can be played now". Every corner gives the same refusal (BASE-SETUP-FREE): say it;
    a kind played on no spot (a bank trade) points at the form, not at the board, and says
    how it is typed."""
    from catan_tutor.study.resources import packaged_lessons
    from catan_tutor.study.scenario import load_scenario

    s = TutorSession(load_scenario(packaged_lessons() / "base_setup.catan.yaml"))
    s.choose_kind("build city")
    assert s.message.startswith("Not possible now: ") and "city is not possible" in s.message
    s.choose_kind("bank trade")  # played on no spot, refused alike whatever it names: said
    # at once (l47: "Fill in the form…" where no form showed), no how to type it
    assert s.message.startswith("Not possible now: During setup P1 now places a settlement")
    assert "Fill in the form" not in s.message, s.message
