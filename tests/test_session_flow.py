"""The learner's page, the log is the position; lesson flow (plain session tests, no browser):
in a lesson a roll and its dice are one step of ◀ ▶ and one line of the log, its nodes kept
(BASE-PROD-ROLL, BASE-CHANCE-EVENTS); a roll of the learner's own says who got what
(BASE-PROD-YIELD); a lesson's own moves are not deleted; an edit keeps the computer seats, a
city placed on one's own settlement upgrades it (BASE-BUILD-CITY), and the editor's example
works in the variant shown."""

from __future__ import annotations

import re

import ipywidgets as widgets
import pytest

from catan_tutor import Game, new_game
from catan_tutor.actions import Roll
from catan_tutor.board import parse_vertex
from catan_tutor.errors import EditError
from catan_tutor.study.editor import edit
from catan_tutor.study.library import library
from catan_tutor.study.resources import lessons_dir
from catan_tutor.study.scenario import load_scenario
from catan_tutor.widgets.editor_panel import EditorPanel, example
from catan_tutor.widgets.line_panel import LinePanel
from catan_tutor.widgets.moves_panel import MovesPanel
from catan_tutor.widgets.roll_steps import rolling, said_by_move
from catan_tutor.widgets.roll_texts import dice_only
from catan_tutor.widgets.session_open import EDITED, EDITED_SEATS
from catan_tutor.widgets.session_tree import (
    IS_MAIN,
    IS_SIDE,
    LESSON_KEPT,
    LESSON_ORDER,
    MAIN_LINE,
    NO_OTHER,
    SIDE_LINE,
)
from catan_tutor.widgets.tutor_session import TutorSession

PRODUCTION = "base_production_robber"  # 2.1: P1 rolls 5 + 6, P2 rolls 3 + 4 (a 7)...


def lesson(lesson_id: str) -> TutorSession:
    s = TutorSession(new_game("base", players=3))
    s.open(load_scenario(lessons_dir() / f"{lesson_id}.catan.yaml"), lesson_id=lesson_id)
    return s


def test_BASE_PROD_ROLL_in_a_lesson_a_roll_is_one_step_and_one_line_its_nodes_kept():
    s = lesson(PRODUCTION)
    start = s.node
    assert str(start.children[0].action) == "P1 roll" and s.lines == []
    s.step("forward")
    assert not s.game.is_chance() and s.game.state.dice == (5, 6)  # where the dice fell
    assert [str(n.action) for n in s.timeline.path()[-3:]] == [
        "P1 roll",
        "die white 5",
        "die red 6",
    ]
    assert len(s.lines) == 1  # one line: the roll, the dice and who got what
    assert re.match(r"P1 rolled 11 \(white 5, red 6\): .*P3 gets 1 lumber", s.lines[0]), s.lines
    assert "white die shows" not in s.lines[0] and s.lines[0].count("Next, ") == 1
    # the Roll's texts are said where the roll lands; a comment only naming a die is not
    texts = s.texts()
    # (the app's controls are the help's to explain, not a rule lesson's: a fresh learner)
    assert not any("Explore" in t or "▶" in t for t in texts), texts
    assert "The white die shows 5." not in texts and texts[-1].startswith("Two hexes carry")
    s.step("back")  # one step back: before the Roll, not a die half thrown
    assert s.node is start and s.message == "" and s.lines == []
    s.step("forward")
    s.step("forward")  # P1 end: one more line
    assert len(s.lines) == 2 and str(s.node.action) == "P1 end"
    s.step("forward")  # P2 rolls a 7: the discards are next (a decision: the step stops)
    assert s.game.state.phase == "discard" and len(s.lines) == 3
    assert s.lines[0].startswith(
        "P2 rolled 7 (white 3, red 4): no land produces; after the discards, P2 moves the robber."
    ), s.lines  # what a 7 does (BASE-SEVEN-NOPROD, BASE-ROBBER-MOVE; s32)
    # the dice's nodes are still in the tree: a jump reaches one, and a die can be forced
    roll = start.children[0]
    s.goto(roll)
    assert s.game.is_chance() and rolling(s.timeline.rules, s.node)
    assert s.lines[0].startswith("P1 rolls the dice")  # the roll under way is told
    s.play("die white 1")
    s.play("die red 1")
    assert s.game.state.dice == (1, 1) and s.left_lesson_at() is roll
    assert s.lines[0].startswith("P1 rolled 2 (white 1, red 1): nobody produces"), s.lines


def test_a_game_steps_over_a_roll_at_once_and_its_log_tells_it_once():
    """Outside a lesson too ◀ ▶ take a roll and its dice as one step (learner 280 stepped
    back through dice set by hand and stopped at each half thrown, the red die "?"; the dice
    form forces a throw's dice at once); the log is one line a roll everywhere (it repeated
    "Next: roll the dice" twice a roll)."""
    s = TutorSession(new_game("base", players=3, seed=2))
    for move in ("P1 settle N6", "P1 road N5", "P2 settle K4", "P2 road K5", "P3 settle H4"):
        s.play(move)
    for move in ("P3 road H3", "P3 settle C6", "P3 road C5", "P2 settle P6", "P2 road P7"):
        s.play(move)
    s.play("P1 settle R4")
    s.play("P1 road R3")
    s.roll()
    assert not s.game.is_chance() and s.node.depth == 15  # the Roll and both dice
    assert sum("Next, roll the dice" in line for line in s.lines) == 0
    assert re.match(r"P1 rolled \d+ \(white \d, red \d\): ", s.lines[0])
    s.step("back")
    assert s.game.state.phase == "pre-roll" and s.node.depth == 12  # before the Roll
    s.step("forward")
    assert not s.game.is_chance() and s.node.depth == 15  # where the dice fell


def test_every_lesson_s_texts_checks_and_questions_are_met_on_its_steps():
    """Stepping a lesson's main line from its start (questions counted answered), every
    node a step lands on is where the dice fell (no half-thrown roll, unless the line ends
    there); every lesson text of the line is said at a node landed on (a comment only telling
    the dice aside: the step names them in one sentence, roll_texts.py); every question is
    landed on; an expectation of a node stepped over that
    still holds where the step lands is noticed there, one the dice changed (chance pending,
    the phase while drawing, a hand between two rolls) leaves it to the log and to the
    landing node's own checks."""
    moved = changed = 0
    for found in library(lessons_dir()):
        if found.error:
            continue
        s = lesson(found.id)
        s.puzzle.solve_all()
        rules = s.timeline.rules
        said: list[str] = list(s.texts())
        landed = [s.node]
        while s.node.children:
            s.step("forward")
            landed.append(s.node)
            assert not rolling(rules, s.node) or not s.node.children, (found.id, s.node)
            said += s.texts()
            assert all(e.check(s.game)[0] for e in s.expects()), (found.id, s.node)
        ids = {n.id for n in landed}
        for n in s.timeline.path():
            if n.id in ids:
                continue
            assert n.id not in (s.scenario.puzzles if s.scenario else {}), (found.id, n)
            told = n.comment.strip() != said_by_move(rules, n).strip()
            if n.comment and told and not dice_only(n.comment):  # the dice: one sentence
                assert n.comment in said, (found.id, n, n.comment)
            if n.tutor:
                assert n.tutor in said, (found.id, n)
            land = next(m for m in landed if m.depth > n.depth)
            for e in n.expect:
                s.goto(land)
                if e.check(s.game)[0]:
                    assert e in s.expects(), (found.id, e)
                    moved += 1
                else:
                    assert e.key in ("pending", "phase", "hand"), (found.id, e)
                    assert e.key != "hand" or any(x.key == "hand" for x in land.expect)
                    changed += 1
    assert moved >= 5 and changed >= 10  # robber, VP, buildings... / chance pending...


def test_BASE_PROD_YIELD_the_learner_s_own_roll_says_who_got_what():
    """Off a lesson's line the learner rolls their own dice: the line under the lesson's
    text says what the roll produced (the lesson's text waits where they left it)."""
    s = lesson(PRODUCTION)
    panel = LinePanel(s, lambda fn: fn, lambda: None)
    s.play(Roll(0))  # P1's roll, on the lesson's line (its Roll node)
    s.play("die white 2")  # the learner's own die: off the line
    s.play("die red 6")
    assert s.left_lesson_at() is s.timeline.root.children[0]
    said = s.lines[0]
    assert re.match(r"P1 rolled 8 \(white 2, red 6\): P\d gets 1 \w+", said), said
    assert panel.widget is not None
    assert "Last move: P1 rolled 8 (white 2, red 6): " in panel.text.value
    assert not any("pick each die yourself" in t for t in s.texts())  # the lesson's: it waits
    s.back_to_lesson()  # left during the roll: back before it (no die half thrown)
    assert s.node is s.timeline.root and "Last move" not in panel.text.value


def test_a_lesson_s_own_moves_are_not_deleted_the_learner_s_are():
    s = lesson("base_setup")
    panel = MovesPanel(s, lambda fn: fn)  # the Moves tab: Delete greyed, and why
    s.step("forward")
    s.step("forward")
    count = len(s.timeline.nodes)
    here = s.node
    assert s.undeletable() == LESSON_KEPT
    panel.show()
    delete = panel.tree_buttons[2]
    assert delete.disabled and delete.tooltip == LESSON_KEPT
    assert LESSON_KEPT in panel.kept_note.value
    up = panel.tree_buttons[0]  # nothing else played here: greyed, and why
    assert up.disabled and up.tooltip == NO_OTHER
    s.delete()
    assert len(s.timeline.nodes) == count and s.node is here and s.message == LESSON_KEPT
    assert s.deleted is None
    legal = [a for a in s.legal() if all(c.action != a for c in here.children)]
    s.play(legal[0])  # the learner's own move: a variation of theirs
    assert s.undeletable() == ""
    panel.show()
    assert not delete.disabled and panel.kept_note.value == ""
    s.delete()
    assert len(s.timeline.nodes) == count and s.node is here and s.deleted_moves == 1
    game = TutorSession(s.game)  # a game's moves are all the learner's
    game.play(game.legal()[0])
    assert game.undeletable() == ""


def test_a_lesson_s_own_moves_keep_their_order_the_learner_s_variations_move():
    """Making the learner's variation beside the lesson's move the main line would put it
    in the lesson's place (the line ▶ follows): refused, and the button greyed with the
    reason, as is making the lesson's move a side line."""
    s = lesson("base_setup")
    panel = MovesPanel(s, lambda fn: fn)
    s.step("forward")
    here = s.node
    lesson_move = here.children[0]
    mine = [a for a in s.legal() if all(c.action != a for c in here.children)]
    s.play(mine[0])
    first = s.node
    assert s.unmovable(-1) == LESSON_ORDER
    panel.show()
    up, down = panel.tree_buttons[:2]
    assert up.disabled and up.tooltip == LESSON_ORDER
    assert down.disabled and down.tooltip == IS_SIDE
    s.promote()
    assert here.children == [lesson_move, first] and s.message == LESSON_ORDER
    s.goto(lesson_move)
    assert s.unmovable(1) == LESSON_ORDER  # the lesson's move stays first
    assert s.unmovable(-1) == IS_MAIN


def test_the_moves_tab_buttons_say_what_they_do_and_grey_where_they_cannot():
    """Issue 33: "Move up" did nothing and said nothing with no side line. In a game, on a
    move with nothing else played at its place both line buttons are greyed and say why;
    with a second move played there, it can be made the main line (▶ then follows it) and
    the main line made a side line again."""
    s = TutorSession(new_game("base", players=3, seed=1))
    panel = MovesPanel(s, lambda fn: fn)
    a, b = s.legal()[:2]
    s.play(a)
    panel.show()
    up, down, delete = panel.tree_buttons
    assert [x.description for x in panel.tree_buttons][:2] == [MAIN_LINE, SIDE_LINE]
    assert up.disabled and down.disabled and up.tooltip == down.tooltip == NO_OTHER
    assert not delete.disabled
    s.promote()
    assert s.message == NO_OTHER
    root = s.timeline.root
    s.goto(root)
    s.play(b)
    mine = s.node
    assert root.children[1] is mine
    panel.show()
    assert not up.disabled and down.disabled and down.tooltip == IS_SIDE
    up.click()
    assert root.children[0] is mine and s.node is mine
    panel.show()
    assert up.disabled and up.tooltip == IS_MAIN and not down.disabled
    s.goto(root)
    s.step("forward")
    assert s.node is mine  # ▶ follows the main line
    down.click()
    assert root.children[1] is mine


def test_an_edit_keeps_the_computer_seats_and_says_a_new_line_starts():
    s = TutorSession(new_game("base", players=3, seed=1))
    s.set_computers({1: "greedy", 2: "random"}, seed=7)
    s.set_paused(True)
    before = s.timeline
    assert s.apply_edit("hand P1 2 brick, 1 ore") == ""
    assert dict(s.computers) == {1: "greedy", 2: "random"} and s.computer_seed == 7
    assert s.paused and s.message == EDITED_SEATS
    assert s.game.state.hands[0][:1] == (2,) and s.timeline is not before
    assert s.undo_edit() == "" and s.timeline is before
    assert dict(s.computers) == {1: "greedy", 2: "random"}
    alone = TutorSession(new_game("base", players=3, seed=1))
    assert alone.apply_edit("robber K") == "" and alone.message == EDITED
    assert not alone.computers


def test_BASE_BUILD_CITY_a_city_placed_on_one_s_own_settlement_upgrades_it():
    g = lesson(PRODUCTION).game  # P1's settlements on N6 and R4, P2's on K4
    v = parse_vertex("N6")
    assert g.state.vowner[v] == 0 and not g.state.vcity[v]
    done = edit(g, "place P1 city N6")
    s = done.state
    assert s.vowner[v] == 0 and s.vcity[v]
    assert (s.settlements[0], s.cities[0]) == (g.state.settlements[0] - 1, g.state.cities[0] + 1)
    assert done.victory_points(0) == g.victory_points(0) + 1
    with pytest.raises(EditError, match="K4 is taken"):
        edit(g, "place P1 city K4")  # P2's settlement: not P1's to upgrade
    with pytest.raises(EditError, match="taken"):
        edit(done, "place P1 settlement N6")  # no downgrade by placing


@pytest.mark.parametrize("variant", ["base", "base-2p", "base-dummy", "ck", "ck-2p"])
def test_the_editor_s_example_works_in_the_variant_shown(variant: str):
    g = new_game(variant, players=3 if variant in ("base", "ck") else 2, seed=1)
    panel = EditorPanel(lambda: g, lambda op: "", lambda: "")
    panel.sync()
    shown = re.search(r"e\.g\. (.+) \(all below\)", panel.line.placeholder)
    assert shown is not None and shown[1] == example(g)
    assert isinstance(edit(g, shown[1]), Game)  # the example is an edit this game takes
    assert ("barbarians 5" in panel.help.value) == g.caps.knights
    assert ("dev P1" in panel.help.value) == g.caps.dev_cards
    assert isinstance(panel.widget, widgets.VBox)
