"""The learner's page holds nothing a learner does not need (issue "The learner's page"), read
from the widgets and the session without a browser: a verdict says the move in words (never
its notation), the log's next wait has no "chance:", the new game's seats (P1 human, the
others the computer, strengths named for a learner), a free game in no chapter, a form that
starts empty, a puzzle's form that lists every spot, and the editor's pieces of the variant.
Then a second look: "our reading" tags that say what they mean, another seat's move refused in
words that fit the moment, ▶ and ▶| greyed at an open puzzle yet saying why, no dead field on
the Improve form, Try a move cleared on another position, the event die in words, a two-roll
turn's dice said once, and moves said in words in the "or pick" lists and a puzzle's verdicts.
"""

from __future__ import annotations

import html
import re

import pytest
from puzzle_answers import course_puzzles
from test_page_words import html_text, page_text
from test_puzzle_secret import at_question

from catan_tutor import board, new_game
from catan_tutor.actions import BuildRoad, Die, Improve, Settle
from catan_tutor.game import Game
from catan_tutor.study.puzzle import answer_nodes
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import SUFFIX, load_scenario
from catan_tutor.study.timeline import Node, Timeline
from catan_tutor.widgets import BoardView, verdicts
from catan_tutor.widgets.app import FREE_GAME, App
from catan_tutor.widgets.board_paint import FADED
from catan_tutor.widgets.board_panel import HELD, HELD_NOTE
from catan_tutor.widgets.computer import CHOICES, STRENGTHS
from catan_tutor.widgets.dice_shown import dice_shown, equal_roll, event_words
from catan_tutor.widgets.forms import ActionForm
from catan_tutor.widgets.go_on_note import GO_ON_CLASS, OFF_CLASS
from catan_tutor.widgets.rules_panel import rules_html
from catan_tutor.widgets.tutor import TABS, Tutor
from catan_tutor.widgets.verdicts import verdict_html

NOTATION = re.compile(r"\bP\d (settle|road|city|roll|end)\b")  # a move as typed, not said


def _setup_settle(t: Tutor) -> ActionForm:
    t.session.choose_kind("settle")
    form = t.controls.form
    assert form is not None
    return form


def test_a_verdict_says_the_move_in_words_not_its_notation():
    """A legal settlement reads "✓ Allowed. P1 can build a settlement on A12" (no "legal");
    P2 on the same corner once it is taken says what and why in one sentence: "P2 can't build
    a settlement on A12: …"; never "P1 settle A12"."""
    g = new_game("base", players=3)
    a12 = board.parse_vertex("A12")
    said = verdict_html(g.explain(Settle(0, a12)), g)
    assert "P1 can build a settlement on A12." in said and not NOTATION.search(said), said
    assert " Allowed.</b> " in said and "legal<" not in said and "legal:" not in said
    assert "builds a settlement" not in said  # the engine's sentence for it: not said twice
    g.play("P1 settle A12")
    g.play("P1 road A11")
    refused = g.explain(Settle(1, a12))
    assert not refused.legal
    said = verdict_html(refused, g)
    move = re.search(r"catan-verdict-move'>([^<]*)<", html.unescape(said))
    assert move is not None and not NOTATION.search(said), said
    assert move[1].startswith("P2 can't build a settlement on A12: "), move[1]
    line = html_text(said.split("<details")[0])  # the verdict's line, before its rule
    assert line.count(": ") == 1, line  # one colon: the mark is its own sentence
    assert move[1].endswith(".") and len(move[1]) > 50, move[1]  # and why, in the sentence


def test_the_next_wait_after_a_move_is_said_without_chance():
    """BASE-PROD-ROLL: after P1 rolls, the log says "Next, roll the dice." (the chance event
    in words), never "Next: chance: roll the dice"."""
    g = new_game("base", players=3, seed=1)
    while g.state.phase != "pre-roll":
        g.play(g.legal_actions()[0])
    before = g.clone()
    roll = g.parse(f"P{g.state.active + 1} roll")
    ex = g.explain(roll)
    g.play(roll)
    line = verdicts.narrate(before, roll, ex, g)
    assert "Next, roll the dice." in line and "chance:" not in line.lower(), line
    assert not g.prompt().lower().startswith("chance"), g.prompt()


def test_a_new_games_seats_play_the_computer_with_strengths_in_a_learners_words():
    """P1 human, every other seat the computer by default; the strengths read "Beginner",
    "Greedy builder", "Thinks ahead", each with its line; none of the engine's names."""
    app = App(query="")
    app.new_game.value = True
    assert [d.value for d in app.seats.pickers] == ["human", "greedy", "greedy", "greedy"]
    app.players.value = 3
    assert [d.value for d in app.seats.pickers] == ["human", "greedy", "greedy"]
    text = page_text(app.new_form.widget)
    for name, line in STRENGTHS:
        assert f"Computer: {name}" in text and line in text, (name, text)
    labels = " ".join(label for d in app.seats.pickers for label, _ in d.options)
    assert not re.search(r"\b(random|greedy|playout)\b", labels), labels
    assert {label for label, _ in CHOICES} >= {"Human", "Computer: Beginner"}
    # the board's list in words: "Beginner map", not the link's "beginner" (s49)
    assert [label for label, _ in app.new_form.board.options] == ["Beginner map", "Variable map"]
    # the seats under a heading (not "Seats:" floating beside them), Start after them (s50)
    seats = app.new_form.seats.widget.children
    assert "Who plays each seat" in seats[0].value and seats[1] is app.new_form.seats.row
    assert app.new_form.widget.children[-1] is app.new_form.start_button
    app.start_button.click()
    assert dict(app.session.computers) == {1: "greedy", 2: "greedy"}


def test_a_free_game_shows_in_no_chapter():
    """After a lesson of chapter 1, a new game: the chapter list shows "Free game", the
    lesson list is empty; a chapter chosen again lists its lessons."""
    app = App(query="")
    app.open(next(iter(app.lessons)))
    assert app.chapter_picker.value == 1
    app.start_button.click()
    assert app.chapter_picker.value == FREE_GAME and not app.picker.options
    assert app.chapter_picker.label.startswith("Free game")
    assert app.session.lesson_id is None or not app.session.lesson_id
    app.chapter_picker.value = 1  # its first lesson opens and its lessons are listed
    assert app.picker.options and app.session.lesson_id


def test_a_free_games_form_starts_empty_and_a_lessons_too():
    """A new game's settle form suggests no corner ("Choose where the settlement goes: a
    corner, …"; Play off); a corner picked fills it. In a lesson the form starts empty too:
    not on the lesson's next move, which ▶ plays (tests/test_lesson_switch.py)."""
    t = Tutor(new_game("base", players=3))
    form = _setup_settle(t)
    assert form.pickers["vertex"].value is None and form.action() is None
    assert form.play_button.disabled
    assert "Choose where the settlement goes: a corner" in form.status.value
    assert form.pickers["player"].value == 0  # one value only: no choice to make
    form.pickers["vertex"].value = board.parse_vertex("C6")
    assert form.action() == Settle(0, board.parse_vertex("C6")) and not form.play_button.disabled
    assert "Choose" not in form.status.value and "can build" in form.status.value
    app = App(query="", start="Setting up a base game")
    s = app.session
    nxt = s.node.children[0].action
    app.tutor.session.choose_kind(next(k for k in s.kinds() if any(a == nxt for a in s.of_kind(k))))
    assert app.tutor.controls.form.action() is None and nxt is not None


def _roads(asked) -> bool:
    """The puzzle's answers are roads."""
    tl = asked.scenario().timeline
    found = answer_nodes(asked.puzzle, tl.nodes[asked.node], tl.rules)
    return bool(found) and all(isinstance(n.action, BuildRoad) for n in found)


def test_a_road_puzzles_form_lists_every_edge_and_an_illegal_one_is_judged():
    """A road question: the form lists every free edge of the 72, not only the legal ones
    (they would narrow the answer); an illegal edge played from it is judged (why not), not
    played."""
    asked = next(a for a in course_puzzles() if a.lesson.startswith("puzzle_base") and _roads(a))
    t = at_question(asked)
    s = t.session
    question = s.timeline.current
    s.choose_kind("build road")
    form = t.controls.form
    assert form is not None
    edges = set(form.offered("edge"))
    legal = {a.edge for a in s.legal() if isinstance(a, BuildRoad)}
    free = {e for e, owner in enumerate(s.game.state.eowner) if owner < 0}
    assert edges == free and legal < edges
    wrong = next(e for e in sorted(edges - legal))
    form.pickers["edge"].value = wrong
    assert not form.play_button.disabled  # any edge is an answer to judge
    form.play_button.click()
    assert s.timeline.current is question and s.puzzle.tries == 1
    assert s.puzzle.verdict is not None and not s.puzzle.verdict.correct


def _settles(asked) -> bool:
    tl = asked.scenario().timeline
    found = answer_nodes(asked.puzzle, tl.nodes[asked.node], tl.rules)
    return bool(found) and all(isinstance(n.action, Settle) for n in found)


def test_the_forms_corners_leave_out_those_a_piece_holds_and_keep_the_secret():
    """Issue 33: the "at" list offered every corner, N6 and K4 with their settlements among
    them (never an answer). A settlement question at a board with settlements lists every
    free corner (more than the legal ones: the answer stays a secret) and no taken one; a
    lesson's step too (lesson 1.1 at P3's first settlement)."""
    asked = next(
        a
        for a in course_puzzles()
        if _settles(a) and any(o >= 0 for o in a.scenario().timeline.nodes[a.node].state.vowner)
    )
    t = at_question(asked)
    s = t.session
    s.choose_kind(next(k for k in s.kinds() if "settle" in k))
    form = t.controls.form
    assert form is not None
    corners = {v for _, v in form.pickers["vertex"].options if v is not None}
    vowner = s.game.state.vowner
    taken = {v for v, o in enumerate(vowner) if o >= 0}
    legal = {a.vertex for a in s.legal() if isinstance(a, Settle)}
    assert taken and not corners & taken and legal < corners, (taken, corners)
    assert corners == set(range(len(vowner))) - taken
    t = _lesson("base_setup")
    s = t.session
    while not (isinstance(nxt := s.node.children[0].action, Settle) and nxt.player == 2):
        s.forward()  # to P3's first settlement, after N6 (P1) and K4 (P2)
    s.choose_kind(next(k for k in s.kinds() if "settle" in k))
    listed = {v for _, v in t.controls.form.pickers["vertex"].options}
    k4, n6 = board.parse_vertex("K4"), board.parse_vertex("N6")
    assert s.game.state.vowner[k4] == 1 and s.game.state.vowner[n6] == 0
    assert k4 not in listed and n6 not in listed and nxt.vertex in listed


def test_the_editor_offers_the_pieces_of_the_variant():
    """Walls, knights and the merchant only where the variant has them (capabilities):
    none in a base lesson, all in a Cities & Knights one; a knight's strength only while a
    knight is chosen, an owner only for a piece that has one (s50)."""
    for start, ck in (("Production, the 7 and the robber", False), ("Knight displacement", True)):
        t = App(query="", start=start).tutor
        t.explore.value = True
        t.tabs.selected_index = TABS.index("Editor")
        offered = set(t.editor.piece.options)
        assert {"settlement", "city", "road", "robber", "remove"} <= offered
        assert bool({"wall", "knight", "merchant"} & offered) is ck, (start, offered)
        assert t.editor.level.layout.display == "none"  # a settlement's: no strength
        if ck:  # a knight's strength and whether it is active, while a knight is chosen
            t.editor.piece.value = "knight"
            assert t.editor.level.layout.display != "none" != t.editor.active.layout.display
        t.editor.piece.value = "robber"  # no owner to choose for the robber
        assert t.editor.owner.layout.display == "none"
        t.editor.piece.value = "city"
        assert t.editor.owner.layout.display != "none" and t.editor.level.layout.display == "none"


# ---------------------------------------------------------------- a fresh learner's second look
# (issue "The learner's page: words for learners, controls that answer")
def _tags(page: str, cls: str) -> list[tuple[dict[str, str], str]]:
    """Each element of class ``cls`` in ``page``: its attributes and its text (tags dropped)."""
    found = []
    for m in re.finditer(rf"<span class='{cls}'([^>]*)>(.*?)</span>", page):
        attrs = dict(re.findall(r"([\w-]+)='([^']*)'", m[1]))
        found.append((attrs, re.sub(r"<[^>]+>", "", m[2])))
    return found


def test_a_reading_tag_says_our_reading_and_what_that_means_where_a_rule_is_named():
    """DUMMY-IMMUNE is this tutor's reading: cited in a lesson text, its marker carries a
    small raised "*" (learner 3: the words were too loud) whose tooltip says what it means,
    the button's name says "our reading"; opened, the rule's text says that sentence. A
    verdict's rule and the Rules tab tag it with the badge."""
    page = verdicts.lesson_html("The dummy keeps its cards (DUMMY-IMMUNE).")
    button = r"<sup class='catan-rule-ref catan-rule-note'([^>]*)>(.*?)</sup><span class='catan"
    ref = re.search(button, page)
    assert ref, page
    name = html.unescape(re.search(r"aria-label='([^']*)'", ref[1])[1])
    assert name == f"Rule: {verdicts.title_of('DUMMY-IMMUNE')}, our reading"  # its name says it
    marks = re.findall(
        r"<span class='catan-reading-mark' title='([^']*)'[^>]*>(.*?)</span>", ref[2]
    )
    assert [text for _, text in marks] == ["*"]  # small and quiet (learner 3)
    assert html.unescape(marks[0][0]) == verdicts.READING_NOTE
    assert verdicts.READING_NOTE == "The rulebooks do not settle this; the tutor plays it this way."
    opened = re.search(r"<span class='catan-rule-ref-text' role='note' hidden>(.*?)</span>", page)
    note = f"<em>This tutor's reading: {verdicts.READING_NOTE}"
    assert opened and note in html.unescape(opened[1]), opened
    plain_ref = verdicts.lesson_html("Mind the distance (BASE-BUILD-DISTANCE).")
    assert "catan-reading-mark" not in plain_ref and "our reading" not in plain_ref
    for shown in (verdicts.rule_details("DUMMY-IMMUNE"), rules_html("base-dummy", "immune")):
        badges = _tags(shown, "catan-reading-badge")
        assert badges and all(text == "* (our reading)" for _, text in badges), shown
        assert all("catan-sr-only'> (our reading)" in shown for _ in badges)  # heard, not seen
        assert all(html.unescape(a["title"]) == verdicts.READING_NOTE for a, _ in badges)
    assert "catan-reading-badge" not in verdicts.rule_details("BASE-BUILD-DISTANCE")


def _main_phase(variant: str, players: int) -> Game:
    g = new_game(variant, players=players, seed=3)
    while g.state.phase != "main":
        g.play(g.legal_actions()[0])
    return g


def test_another_seats_move_off_turn_is_refused_in_plain_words_that_fit_the_moment():
    """BASE-TURN-OFFTURN: in setup P2's settlement is refused with "It is P1's move, not
    P2's." and nothing about trading (there is none in setup); in P1's main phase, P2 is told
    the one thing left: answering a trade P1 offers. No "active player", no "decisions"."""
    g = new_game("base", players=3)
    ex = g.explain(Settle(1, board.parse_vertex("A12")))
    assert not ex.legal and ex.rule == "BASE-TURN-OFFTURN"
    assert ex.reason == "It is P1's move, not P2's.", ex.reason
    g = _main_phase("base", 3)
    p1 = g.names[g.state.active]
    other = (g.state.active + 1) % 3
    ex = g.explain(BuildRoad(other, 0))
    assert not ex.legal and ex.rule == "BASE-TURN-OFFTURN"
    who = g.names[other]
    assert ex.reason == (
        f"It is {p1}'s move, not {who}'s. Until it is their turn, {who} can only answer a "
        f"trade {p1} offers them."
    ), ex.reason
    for reason in (ex.reason, g.explain(Settle(1, 0)).reason):
        assert "active player" not in reason and "decisions" not in reason


def _road_puzzle() -> Tutor:
    from test_tutor_session import ROAD

    from catan_tutor.study.scenario import loads_scenario

    t = Tutor(loads_scenario(ROAD, "road.catan.yaml"))
    t.session.lesson_id = "road"
    t.session.play("P1 settle N6")
    assert t.session.puzzle.holds()
    return t


def test_forward_and_to_the_end_are_greyed_at_an_open_puzzle_and_say_why_when_pressed():
    """▶ and ▶| at a puzzle not solved: greyed (class ``catan-step-held``, the tooltip says
    why) but a press, or End, says "Solve the puzzle first" and shows nothing of the line;
    solved, they step on as usual."""
    t = _road_puzzle()
    s, nav = t.session, t.board.nav
    question = s.node
    for button, where in ((nav[2], "forward"), (nav[3], "last")):
        assert HELD in button._dom_classes and "solve the puzzle first" in button.tooltip
        assert not s.can_step(where) and s.held(where)
        button.click()
        assert s.node is question and t.controls.message.value.startswith("Solve the puzzle first")
        s.say("")
    t.board.on_key({"type": "keydown", "key": "End"})
    assert s.node is question and "Solve the puzzle first" in t.controls.message.value
    assert HELD not in nav[1]._dom_classes and not nav[1].disabled  # back: as ever
    s.play("P1 road N5")  # solved
    s.back()
    assert HELD not in nav[3]._dom_classes and not nav[3].disabled
    assert nav[3].tooltip == "last (End on the board)"
    nav[3].click()
    assert s.node is not question and not s.node.children


def test_a_held_step_says_why_in_a_visible_line_not_only_a_tooltip():
    """Issue 33 (a fresh learner): at an open puzzle ▶ is greyed and only its tooltip said
    why, which no finger sees: a line under the step buttons says "Answer the puzzle to go
    on." while ▶ is held, and is gone once the puzzle is solved."""
    t = _road_puzzle()
    note = t.board.held_note
    assert note is not None and HELD_NOTE in note.value and note.layout.display != "none"
    col = list(t.board.widget.children)
    assert col.index(note) == col.index(t.board.nav_row) + 1  # right under ▶
    t.session.play("P1 road N5")  # solved: ▶ leads on, and the line says so (a phone's)
    assert not t.session.held("forward") and HELD_NOTE not in note.value
    assert note.layout.display == "none" or GO_ON_CLASS in note.value
    t.session.back()  # the question again, answered: nothing held, no line
    assert note.layout.display == "none"


def test_a_lesson_whose_first_step_asks_a_question_opens_at_it():
    """Issue 33 (a fresh learner): lesson 1.4's first puzzle showed only after one ▶ (the
    lesson opened a step before its question). It opens at the question: the prompt shows,
    ▶ is held and says why; a lesson that asks nothing first still opens at its start, and
    one whose first question is answered too (every step of it to see)."""
    app = App(start="puzzle_base_setup")
    s, box = app.session, app.tutor.puzzle
    root = s.timeline.root
    assert s.node is root.children[0] and s.puzzle.secret()
    assert box.widget.layout.display != "none" and "Now place P1" in box.prompt.value
    said = app.tutor.lesson.value  # the lesson's goal and introduction above its question
    assert "Goal" in said and "three puzzles: P1" in said
    assert s.held("forward") and app.tutor.board.held_note is not None
    app.open("base_setup")
    assert s.node is s.timeline.root  # no question first: its start
    app.open("puzzle_base_setup")
    assert s.node is s.timeline.root.children[0] and s.puzzle.secret()
    s.play("P1 road N5")  # answered: the lesson goes on as ever
    assert not s.puzzle.secret()
    app.open("puzzle_base_setup", fresh=True)
    assert s.node is s.timeline.root and not s.puzzle.holds(s.node.children[0])


def _lesson(lesson: str) -> Tutor:
    """A tutor showing the packaged ``lesson`` as the app opens it (its own line known)."""
    t = Tutor(new_game("base", players=3))
    t.session.open(load_scenario(packaged_lessons() / f"{lesson}{SUFFIX}"), lesson_id=lesson)
    return t


@pytest.mark.course
def test_a_lesson_s_chance_step_is_played_by_the_step_button_and_forced_in_explore_only():
    """Lesson 6.1's roll-off (issue 33, a fresh learner) asked for each die in a form: a
    lesson's chance step is the lesson's own throw, played by ▶ (or Roll), no kind chosen,
    no form, no palette (BASE-SETUP-FIRST-PLAYER); with Explore open the form forces any
    outcome. Every lesson's first chance step on its line is played so."""
    t = _lesson("ck_setup_first_player")
    s, c = t.session, t.controls
    assert s.game.is_chance() and s.game.state.phase == "rolloff"
    assert s.kind == "" and c.form is None and c.palette.layout.display == "none"
    assert not c.roll_button.disabled and c.roll_button.description == "Roll"
    t.explore.value = True  # the tools: the die can be forced
    assert s.kind and c.form is not None
    t.explore.value = False
    assert s.kind == "" and c.form is None
    lesson_next = s.node.children[0]
    s.forward()  # ▶: the lesson's own throw (both its dice: one step)
    assert s.node.parent is lesson_next and s.from_file(s.node), s.node
    forms = []
    for path in sorted(packaged_lessons().glob(f"*{SUFFIX}")):
        lesson = path.name.removesuffix(SUFFIX)
        s.open(load_scenario(path), lesson_id=lesson)
        while not s.game.is_chance() and s.node.children and not s.puzzle.holds():
            s.forward()
        if s.game.is_chance() and s.node.children:
            forms += [f"{lesson}@{s.node.id}"] if s.kind or c.form is not None else []
    assert forms == [], forms


def test_a_tap_s_refusal_goes_when_another_spot_is_tapped():
    """s45, a fresh learner at 1.1's first road: K5 tapped (refused: it touches no
    settlement), then N7 (legal, off the lesson's line: chosen in the form, "✓ Allowed"). The
    K5 refusal with its "Open in Rules" stayed under N7's verdict: only the last tap's shows."""
    t = _lesson("base_setup")
    s = t.session
    while "road" not in s.game.prompt():
        s.forward()
    t.act_at(("edge", board.parse_edge("K5")))
    assert "K5" in html.unescape(t.controls.try_verdict.value)  # refused, said
    assert t.controls.try_rule.layout.display != "none"
    t.act_at(("edge", board.parse_edge("N7")))
    assert "not the lesson's next move" in html.unescape(t.controls.message.value)
    assert t.controls.try_verdict.value == "" and t.controls.try_rule.layout.display == "none"


def test_a_click_off_the_lesson_s_line_asks_before_leaving_it():
    """Issue 33 (a fresh learner): in lesson 1.1 a click on a legal corner played at once
    (the kind the moment chose) and left the lesson's line. A corner that is not the lesson's
    next move is chosen in the form (ringed on the board) and the learner told so; Play, or
    a second click on it, then plays it (a line of their own). The lesson's own next move
    still plays at once."""
    t = _lesson("base_setup")
    s = t.session
    start, n6, m4 = s.node, board.parse_vertex("N6"), board.parse_vertex("M4")
    assert s.node.children[0].action == Settle(0, n6)  # the lesson's next move
    t.act_at(("vertex", m4))  # legal, but not the lesson's
    assert s.node is start and s.left_lesson_at() is None  # nothing played
    # said by ▶ under the board clicked where the panels are beside it, under the form where
    # they are under it (the page's CSS shows one: go_on_note.GO_ON_CSS; s36: at 1280x900
    # 1.1's note stood at y 878-915 under the form, cut off at the screen's foot)
    note = t.board.held_note
    assert note is not None and "not the lesson's next move" in html.unescape(note.value)
    assert note.layout.display != "none" and OFF_CLASS in note.value
    assert OFF_CLASS in t.controls.message.value
    form = t.controls.form
    assert form is not None and form.action() == Settle(0, m4) and not form.play_button.disabled
    form.play_button.click()  # Play confirms: the learner's own line
    assert s.node.action == Settle(0, m4) and s.left_lesson_at() is start
    assert "not the lesson's next move" not in html.unescape(note.value)  # (played: it goes)
    s.back()
    t.act_at(("vertex", m4))
    assert s.node is start and t.view.chosen == ("vertex", m4)
    t.act_at(("vertex", m4))  # again: played
    assert s.node.action == Settle(0, m4) and s.left_lesson_at() is start
    s.back()
    t.act_at(("vertex", n6))  # the lesson's own move: at once
    assert s.node is start.children[0] and s.left_lesson_at() is None


def test_the_spot_chosen_in_the_form_is_ringed_on_the_board():
    """Issue 33 (a fresh learner): a corner chosen in the form's "at" (or "or pick") was not
    shown on the board. The session keeps the spot the form names and the board rings it
    (hidden marker ``catan-chosen-mark``); the ring goes when the choice does (a move
    played, another kind)."""
    t = _lesson("base_setup")
    s, view = t.session, t.view
    form = t.controls.form
    assert form is not None and s.kind == "settle"
    m4 = board.parse_vertex("M4")
    form.pickers["vertex"].value = m4  # "at": M4
    assert s.chosen == ("vertex", m4) and view.chosen == ("vertex", m4)
    assert "catan-chosen-mark" in view.marker.value and "data-spot='vertex M4'" in view.marker.value
    n6 = next(a for a in form.listed.options if a[1] == Settle(0, board.parse_vertex("N6")))
    form.listed.value = n6[1]  # "or pick": the spot follows
    assert view.chosen == ("vertex", board.parse_vertex("N6"))
    form.play_button.click()  # played: the next form names nothing yet (or the lesson's road)
    assert view.chosen == s.chosen and view.chosen != ("vertex", board.parse_vertex("N6"))
    s.choose_kind("")  # no kind: no form, no ring
    assert s.chosen is None and view.chosen is None and "catan-chosen-mark" not in view.marker.value


def _improve_forms() -> list[ActionForm]:
    """The Improve forms of the packaged C&K lessons' main lines, where improving is legal."""
    forms = []
    for lesson in ("ck_metropolis_race", "ck_metropolis_level5", "ck_aqueduct"):
        tl = load_scenario(packaged_lessons() / f"{lesson}.catan.yaml").timeline
        assert tl is not None
        node = tl.root
        while True:
            g = Game(tl.rules, node.state)
            acts = [a for a in g.legal_actions() if isinstance(a, Improve)]
            if acts:
                forms.append(ActionForm(g, acts, lambda a: None))
            if not node.children:
                break
            node = node.children[0]
    return forms


def test_the_improve_form_has_no_dead_field_and_names_the_metropolis_city():
    """An improvement that wins no metropolis names no city: the form has no empty "at: —"
    list; one that wins it (CK-METRO-TAKE) asks "metropolis on" which city."""
    forms = _improve_forms()
    plain_ = [f for f in forms if all(a.vertex == -1 for a in f.actions)]
    metro = [f for f in forms if any(a.vertex >= 0 for a in f.actions)]
    assert plain_ and metro
    for f in plain_:
        assert list(f.pickers) == ["player", "track"], list(f.pickers)
        assert "—" not in page_text(f.widget)
        f.set(track=f.actions[0].track)
        assert f.action() == f.actions[0] and not f.play_button.disabled
    for f in metro:
        assert f.pickers["vertex"].description == "metropolis on"
        labels = [label for label, v in f.pickers["vertex"].options]
        assert labels and "—" not in labels


def test_try_a_move_is_cleared_when_another_position_shows():
    """A move typed under Try a move is for one position: another node (a move played, a
    step back or forward) clears it; the same node shown again keeps it."""
    t = Tutor(new_game("base", players=3))
    s, box = t.session, t.controls.try_text
    box.value = "P1 road H3"
    s.show()  # the same node shown anew: the text stays
    assert box.value == "P1 road H3" and s.tried_text == "P1 road H3"
    s.play("P1 settle J12")
    assert box.value == "" and s.tried_text == "" and t.controls.try_verdict.value == ""
    box.value = "P1 road J1"
    s.step("back")
    assert box.value == "" and s.tried_text == ""
    box.value = "P2 settle A4"
    s.step("forward")
    assert box.value == ""


def _line(lesson: str) -> tuple[Timeline, list[Node]]:
    """A packaged lesson's timeline and the nodes of its main line."""
    tl = load_scenario(packaged_lessons() / f"{lesson}.catan.yaml").timeline
    assert tl is not None
    nodes = [tl.root]
    while nodes[-1].children:
        nodes.append(nodes[-1].children[0])
    return tl, nodes


def test_the_event_die_is_said_in_words_under_the_board():
    """Lesson 7.1 (knight recruit) rolls a trade castle with red 6: under the board, "Event
    die: yellow trade castle", with who draws (CK-EVENT-CASTLE, level 5 for a red 6); a ship
    says the barbarians sail closer (CK-EVENT-SHIP). No event die thrown: no words, in the
    lines kept for them on a C&K board (▶ under them stays put); a base board: no line."""
    base = Tutor(load_scenario(packaged_lessons() / "base_setup.catan.yaml"))
    assert base.board.dice_words is None  # no event die in the game: no line (not even built)
    t = Tutor(load_scenario(packaged_lessons() / "ck_knight_recruit.catan.yaml"))
    node = t.session.timeline.root
    t.session.goto(node)
    kept = t.board.dice_words
    assert kept is not None and kept.layout.display == "", kept  # its room kept
    event_only = re.sub(r"<span class='catan-dice-caption'>[^<]*</span>", "", kept.value)
    assert html_text(event_only).strip("| \xa0") == "", kept.value  # no event words yet
    assert "caption'>No dice yet this turn." in kept.value  # (a phone's)
    for _ in range(4):  # P1 roll, white 4, red 6, event trade
        node = node.children[0]
    t.session.goto(node)
    assert t.board.dice_words is not None and t.board.dice_words in t.board.widget.children
    said = html_text(t.board.dice_words.value)
    assert t.board.dice_words.layout.display == ""
    assert "Event die: yellow trade castle." in said, said
    assert (
        "The red die shows 6: every player with trade improvements at level 5 "
        "draws a trade progress card."
    ) in " ".join(said.split()), said  # 5 is the top level: not "5 or higher"
    ship = next(
        n
        for lesson in ("ck_barbarian_defender", "ck_barbarians_pillage", "ck_barbarian_tie")
        for n in _line(lesson)[1]
        if n.state.event == "ship" and n.state.dice
    )
    words = event_words(ship.state)
    assert words.startswith("Event die: ship. The barbarian ship sails one step closer")
    assert event_words(new_game("ck", players=3).state) == ""


def test_a_c_and_k_roll_the_lesson_tells_is_said_once_not_again_under_the_board():
    """Lesson 6.2 (issue 33, a fresh learner): the ▶ over P1's roll showed "A 10, and a green
    castle on the event die." in the lesson's text and "Event die: green science castle. The
    red die shows 6: ..." under the board. Where the lesson's texts tell the roll a step took
    in, the line under the board says nothing (its room kept); a step on, the texts say
    something else and the line says the event die again (CK-EVENT-CASTLE)."""
    t = _lesson("ck_setup_commodities")
    s = t.session
    while not s.node.state.dice:
        s.forward()
    told = " ".join(s.texts())
    assert "the event die a green castle" in told, told  # the lesson tells the roll
    assert t.board.dice_words is not None and t.board.dice_words.layout.display == ""
    line = t.board.dice_words.value  # (a phone's line leads with the dice's caption)
    assert "catan-event-words" not in line and "Event die" not in html_text(line), line
    s.forward()  # the roll told a step before: the line says the event die again
    assert s.node.state.dice and "event die" not in " ".join(s.texts())
    said = html_text(t.board.dice_words.value)
    assert "Event die: green science castle." in said, said


def test_a_second_roll_equal_to_the_first_shows_both_and_says_it_is_rolled_again():
    """2P-ROLL-DIFFERENT (base-2p, lesson 5.1) and CK2P-ROLL-SAME: a second roll of the first's
    sum showed its dice alone under "The first roll was 6." (issue 33). Now both rolls' dice
    show, the first pair (faded) then the equal one, said plainly: "Same sum as before:
    rolled again" (the sums are the words' to say, not the strip's); its
    dice thrown again say so while they fall."""
    for lesson in ("base_2p_double_roll", "ck_2p_double_roll"):
        nodes = _line(lesson)[1]
        equal = [n for n in nodes if equal_roll(n) and n.state.sums[-1] == n.state.sums[0]]
        assert equal, lesson
        for node in equal:
            total = node.state.sums[0]
            faces, caption = dice_shown(node)
            assert len(faces) == 4 and sum(faces[:2]) == sum(faces[2:]) == total, faces
            assert tuple(faces[2:]) == tuple(node.state.dice[:2])  # the equal roll's dice
            assert caption == "Same sum as before: rolled again.", caption
        first = next(n for n in nodes if n.state.sums and n.state.dice and not n.state.rolled)
        assert not equal_roll(first) and dice_shown(first)[1] == "The dice of the first roll."
        again = next(n for n in nodes if n.parent in equal and n.state.rolled)
        assert "rolling again" in dice_shown(again)[1], dice_shown(again)
    sevens = [n for n in _line("base_2p_double_roll")[1] if n.state.sums == (7,)]
    assert any(not equal_roll(n) for n in sevens if not isinstance(n.action, Die))  # robber
    assert [n.id for n in sevens if equal_roll(n)] == [
        n.id for n in sevens if n.comment and "7 again" in n.comment
    ]


def test_a_two_roll_turn_s_dice_are_said_once(monkeypatch):
    """2P-ROLL-TWICE: the strip's caption says which dice it draws in one phrase ("The dice of
    the first roll.", then "The dice of both rolls, the first faded."), no sum (the words say them),
    with both rolls' dice drawn, the first pair faded (lesson 5.1: "6, then 5" beside a 1 and
    a 4 alone)."""
    tl, nodes = _line("base_2p_double_roll")
    seen: dict[int, Node] = {}
    for node in nodes:
        faces, caption = dice_shown(node)
        sums = node.state.sums
        if not faces or node.state.rolled or not sums or equal_roll(node):
            continue
        if len(sums) == 1:
            assert caption == "The dice of the first roll.", caption
        else:
            # both rolls' dice, in the order said: the first pair (faded), then the second
            assert len(faces) == 4 and (sum(faces[:2]), sum(faces[2:])) == sums, faces
            assert caption == "The dice of both rolls, the first faded.", caption
        seen.setdefault(len(sums), node)
    assert set(seen) == {1, 2}
    view = BoardView(lambda: tl.game)
    written: list[str] = []
    monkeypatch.setattr(view.pieces, "fill_text", lambda text, *a, **k: written.append(text))
    for node in seen.values():
        tl.goto(node)
        written.clear()
        view.dice = dice_shown(node)
        view.draw_pieces()
        dice = [w for w in written if "roll" in w]
        # the caption, on one line or wrapped on two; no "rolls 7" under "last roll 7"
        assert " ".join(dice) == view.dice[1] and len(dice) <= 2, written
    # the canvas: after both rolls, four dice left to right, the first roll's faded
    drawn: list[tuple[int, float]] = []
    strip = view.painter.strip_painter
    monkeypatch.setattr(
        strip,
        "_draw_die",
        lambda c, x, y, size, colour, value, alpha=1.0: drawn.append((value, alpha)),
    )
    tl.goto(seen[2])
    view.dice = dice_shown(seen[2])
    view.draw_pieces()
    faces = view.dice[0]
    assert [value for value, _ in drawn] == list(faces)
    assert [alpha for _, alpha in drawn] == [FADED, FADED, 1.0, 1.0]


def test_the_or_pick_list_says_each_move_in_words_not_notation():
    """The form's "or pick" list reads "P1 builds a settlement on A12" (the kind's sentence),
    never "P1 settle A12"; a puzzle's form has no such list (it would narrow the answer).
    Notation stays where it is typed."""
    t = Tutor(new_game("base", players=3))
    form = _setup_settle(t)
    labels = [label for label, a in form.listed.options if a is not None]
    assert len(labels) == 54 and len(set(labels)) == 54
    assert "P1 builds a settlement on A12" in labels, labels[:3]
    assert not any(NOTATION.search(label) for label in labels)
    t.session.play("P1 settle J12")
    t.session.choose_kind("build road")
    roads = [label for label, a in t.controls.form.listed.options if a is not None]
    assert roads and all(r.startswith("P1 builds a road on ") for r in roads), roads
    asked = next(a for a in course_puzzles() if a.lesson.startswith("puzzle_base") and _roads(a))
    p = at_question(asked)
    p.session.choose_kind("build road")
    assert p.controls.form.listed.options == ()  # a puzzle's form lists no move (s11: 3.2's
    # list opened with the answer): its "at" list offers every spot instead
    assert len(p.controls.form.pickers["edge"].options) > len(board.EDGE_LABELS) // 2


def test_a_puzzles_answer_is_judged_in_words_not_notation():
    """A legal move that is not the answer: "P1 can build a road on Q3, but it is not the
    move the question asks for"; an illegal one, what and why in one sentence: "P1 can't
    build a road on K5: …"; a right one: "P1 builds a road on N5." (no "P1 road N5" anywhere)."""
    t = _road_puzzle()
    p = t.puzzle
    t.session.play("P1 road Q3")
    said = html_text(p.result.value)
    assert "P1 can build a road on Q3, but it is not the move the question asks for" in said
    p.submit("P1 road K5")
    said = html_text(p.result.value)
    assert "P1 can't build a road on K5: the setup road must touch" in said, said
    p.submit("P1 road N5")
    said = html_text(p.result.value)
    assert "P1 builds a road on N5." in said, said
    assert not re.search(r"\bP1 road\b", said), said


def test_what_to_notice_says_the_lessons_moves_in_words_not_notation():
    """The moves a lesson allows or refuses read as sentences ("Here P1 may build a road on
    N5."; "P1 may not build a road on K5: …", what and why; a second verb agrees: "move the
    robber to K and steal a card"), never in notation ("P1 road N5") nor as a rule check
    ("Allowed here: …", "Not allowed here: …")."""
    import html as html_module

    from catan_tutor.study.resources import packaged_lessons
    from catan_tutor.study.scenario import load_scenario
    from catan_tutor.widgets.tutor import Tutor

    seen = []
    for name in ("base_setup", "base_dev_cards"):
        t = Tutor(load_scenario(packaged_lessons() / f"{name}.catan.yaml"))
        for _ in range(40):
            shown = t.story.value + t.lesson.value  # (an open question's step over it)
            text = html_module.unescape(re.sub(r"<[^>]+>", " ", shown))
            notice = text.split("What to notice", 1)[-1] if "What to notice" in text else ""
            seen += [" ".join(m.split()) for m in re.findall(r"[^.]* may [^.]*\.", notice)]
            assert "Allowed here:" not in text and "Not allowed here" not in text
            t.session.forward()
    joined = "\n".join(seen)
    assert "Here P1 may build a road on N5." in joined
    assert "P1 may not build a road on K5: the setup road must touch" in joined
    assert "P1 may move the robber to K and steal a card from P2" in joined
    assert not re.search(r"\bP\d (?:road|settle|city|robber|knight) [A-Z]", joined), joined


def test_a_right_answer_beside_the_lessons_line_steps_on_with_the_lesson():
    """Issue 33 (a fresh learner, lesson 1.4): road N5 is right but the lesson's line has N3;
    ▶ and ▶| stayed greyed with no reason, and only "Back to the lesson's line" went on. A
    learner presses ▶ after "Right": it goes on with the lesson, past the line's own answer
    (which shows the same board: test_puzzle_secret.py tells the note under the buttons)."""
    app = App(start="puzzle_base_setup")
    s, nav = app.session, app.tutor.board.nav
    question = s.node
    main = question.children[0]
    assert str(main.action) == "P1 road N3" and s.is_lesson_node(main)
    s.play("P1 road N5")  # right, beside the line, nothing after it
    assert not s.node.children and s.puzzle.main_line() is main
    assert not nav[2].disabled and not nav[3].disabled and s.can_step("forward")
    nav[2].click()  # ▶: the step after the lesson's own answer
    assert s.node is main.children[0] and s.is_lesson_node(s.node)
    app = App(start="puzzle_base_setup")  # again; ▶|: on along the line to its next stop
    s, nav = app.session, app.tutor.board.nav
    main = s.node.children[0]
    s.play("P1 road N5")
    nav[3].click()
    assert s.is_lesson_node(s.node) and s.node.depth > main.depth
    assert s.node.parent is not None and main in s.timeline.path(s.node)


def test_explain_after_a_refused_tap_says_the_verdict_once():
    """Issue 33 (lesson 1.1, l11_explain_M4.png): a tap on M4 (refused: the distance rule)
    put its verdict under the form, and the form's Explain said the same "not allowed: P2
    can't build a settlement on M4…" a second time under it: the form's alone stays."""
    t = _lesson("base_setup")
    s = t.session
    s.forward()
    s.forward()
    m4 = board.parse_vertex("M4")
    t.act_at(("vertex", m4))
    said = "can't build a settlement on M4"
    c = t.controls
    assert said in html.unescape(c.try_verdict.value), c.try_verdict.value
    assert c.form is not None and c.form.action() == Settle(1, m4)
    c.form.explain()
    shown = [html.unescape(w.value) for w in (c.form.status, c.try_verdict)]
    assert sum(said in x for x in shown) == 1 and said in shown[0], shown


def test_a_lessons_roll_offers_no_dice_form_outside_explore():
    """s35 (a fresh learner, lesson 2.1 before its roll): "Set the dice yourself" played the
    roll alone; the lesson's text then said "the white die shows 5 and the red die 6" beside
    "The dice are not rolled yet" (rules BASE-PROD-ROLL). Outside
    Explore a lesson throws its own dice: no such button, and Roll's tooltip says where the
    forcing is; Explore offers it again, and closing Explore takes it away."""
    from catan_tutor.widgets.layout_steps import ROLL_TIP
    from catan_tutor.widgets.wording import palette_words

    app = App(start="base_production_robber")
    s, c, t = app.session, app.tutor.controls, app.tutor
    for _ in range(30):
        if "roll" in s.kinds():
            break
        s.forward()
    assert "roll" in s.kinds() and s.lesson_id and not s.exploring
    said = [label for label, _ in c.palette.options]
    assert palette_words("roll") not in said, said
    assert "open Explore" in c.roll_button.tooltip and not c.roll_button.disabled
    t.explore.value = True
    assert ("roll" in [k for _, k in c.palette.options]) and c.roll_button.tooltip == ROLL_TIP
    t.explore.value = False
    assert "roll" not in [k for _, k in c.palette.options]


def test_explain_with_nothing_chosen_says_what_to_choose_first():
    """s35: Explain with nothing chosen in the form seemed to do nothing (the line under it
    unchanged). It says so, and what to choose (a settlement's corner: BASE-SETUP-ROUND1)."""
    t = Tutor(new_game("base", players=3))
    form = _setup_settle(t)
    assert form.action() is None
    before = form.status.value
    t.controls.form_frame.explain_button.click()
    said = html_text(form.status.value)
    assert "Nothing to explain yet: choose" in said and said != html_text(before), said


def test_a_step_placing_a_piece_says_who_placed_what_where_first():
    """s45, a fresh learner at 1.1 (375x740): step 6 said only "Setup round 1 is over…" though
    P3's road had just appeared, and step 10 "P1 places last…" after P2's road: a step whose
    lesson text alone tells it (no comment) named no piece, where every other one did ("P2
    builds a road on K5."). Every such step of the course begins with it."""
    from catan_tutor.widgets.wording import _PLACED

    steps = 0
    for path in sorted(packaged_lessons().glob(f"*{SUFFIX}")):
        lesson = path.name.removesuffix(SUFFIX)
        told = [
            n
            for n in load_scenario(path).tree.walk()
            if type(n.action).__name__ in _PLACED
            and n.tutor
            and not n.comment.strip()
            and not (n.parent is not None and n.parent.id in load_scenario(path).puzzles)
        ]  # (a question's answer: its "Right" says it, test_right_said_once)
        if not told:
            continue
        t = _lesson(lesson)
        s = t.session
        for node in told:
            shown = next(n for n in s.timeline.walk() if n.id == node.id)
            said = s.texts(shown)
            assert said and said[0] == shown.action.sentence(shown.parent.state), (lesson, said)
            steps += 1
    assert steps >= 8
