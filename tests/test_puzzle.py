"""Puzzle mode: the ``puzzle:`` key of scenario files (read, checked, written back), the
engine's judgement of an answer (right, wrong with the rule, hints in order), the tutor's
puzzle panel (a wrong move changes nothing, the answer line stays hidden), progress and the
coverage report of ``catan-tutor check --coverage``."""

from __future__ import annotations

import html
import json
import subprocess
import sys
from pathlib import Path

import pytest

from catan_tutor import rulebook
from catan_tutor.errors import ScenarioError
from catan_tutor.study.course import coverage
from catan_tutor.study.puzzle import Puzzle, hint, judge
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import SUFFIX, dumps_scenario, load_scenario, loads_scenario
from catan_tutor.widgets.icons import NO, OK
from catan_tutor.widgets.progress import DONE, marked_done

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = sorted(packaged_lessons().glob(f"puzzle_*{SUFFIX}"))

# A base-game setup question: P1's first road must touch N6 (BASE-SETUP-ROUND1).
ROAD = """\
title: A road puzzle
variant: base
players: 3
board: beginner
goal: Place the first road.
rules:
- BASE-SETUP-ROUND1
tutor: Setup (BASE-SETUP-ROUND1).
moves:
- move: P1 settle N6
  puzzle:
    prompt: Place P1's first road.
    hints:
    - One of the three edges around N6.
    - BASE-SETUP-ROUND1 - the road touches the settlement just placed.
    answers:
    - P1 road N5
    - P1 road N7
    rule: BASE-SETUP-ROUND1
    explain: The setup road touches the settlement just placed.
  expect:
    pending: P1
- move: P1 road N5
  variations:
  - - move: P1 road N7
  - - move: P1 road Q3
      comment: Q3 points away from the middle.
- move: P2 settle K4
"""


def _road():
    sc = loads_scenario(ROAD, "road.catan.yaml")
    ((node_id, puzzle),) = sc.puzzles.items()
    return sc, sc.timeline.nodes[node_id], puzzle


# ---------------------------------------------------------------- the format
def test_a_puzzle_is_read_with_its_prompt_hints_answers_rule_and_explanation():
    sc, node, p = _road()
    assert str(node.action) == "P1 settle N6"
    assert p == Puzzle(
        "Place P1's first road.",
        (
            "One of the three edges around N6.",
            "BASE-SETUP-ROUND1 - the road touches the settlement just placed.",
        ),
        ("P1 road N5", "P1 road N7"),
        "BASE-SETUP-ROUND1",
        "The setup road touches the settlement just placed.",
    )


def test_a_puzzle_round_trips_exactly():
    sc, _, p = _road()
    text = dumps_scenario(sc)
    again = loads_scenario(text)
    assert dumps_scenario(again) == text
    assert list(again.puzzles.values()) == [p]
    assert "  puzzle:\n    prompt: Place P1's first road.\n" in text


@pytest.mark.parametrize("path", PUZZLES, ids=lambda p: p.name)
def test_packaged_puzzle_lessons_round_trip_and_every_answer_is_right(path: Path):
    sc = load_scenario(path)
    assert sc.puzzles, "a puzzle lesson asks at least one question"
    text = dumps_scenario(sc)
    assert dumps_scenario(loads_scenario(text)) == text
    for node_id, p in sc.puzzles.items():
        node = sc.timeline.nodes[node_id]
        assert 1 <= len(p.hints) <= 2 and p.rule and p.explain
        assert p.rule in rulebook.rules_of(sc.variant)
        answers = p.answers or (str(node.children[0].action),)
        for text in answers:
            j = judge(p, node, sc.timeline.rules, text)
            assert j.correct and j.legal and j.node is not None, (path.name, text, j)


def test_packaged_puzzles_number_at_least_twenty_across_the_five_variants():
    by_variant: dict[str, int] = {}
    for path in PUZZLES:
        sc = load_scenario(path)
        by_variant[sc.variant] = by_variant.get(sc.variant, 0) + len(sc.puzzles)
    assert set(by_variant) == {"base", "base-2p", "base-dummy", "ck", "ck-2p"}
    assert sum(by_variant.values()) >= 20, by_variant


# ---------------------------------------------------------------- judging
def test_the_answer_and_an_other_accepted_answer_are_right_citing_the_puzzle_rule():
    sc, node, p = _road()
    rules = sc.timeline.rules
    for move in ("P1 road N5", "P1 road N7"):
        j = judge(p, node, rules, move)
        assert j.correct and j.rule == "BASE-SETUP-ROUND1"
        assert j.node is next(c for c in node.children if str(c.action) == move)
        assert "touches the settlement just placed" in j.text
        assert j.title == "First round of setup"  # the rule's title in plain words (issue 33)


def test_a_legal_move_that_is_not_the_answer_is_wrong_with_the_lesson_comment():
    sc, node, p = _road()
    j = judge(p, node, sc.timeline.rules, "P1 road Q3")
    assert (j.correct, j.legal, j.rule, j.node) == (False, True, "BASE-SETUP-ROUND1", None)
    assert "but it is not the move the question asks for." in j.text
    assert "another move of this kind" not in j.text  # it would point at the answer
    assert "Q3 points away from the middle." in j.text
    assert j.rule_text == rulebook.rule("BASE-SETUP-ROUND1").text


def test_an_illegal_move_is_wrong_with_the_engines_rule():
    sc, node, p = _road()
    j = judge(p, node, sc.timeline.rules, "P1 road K5")
    assert (j.correct, j.legal, j.rule) == (False, False, "BASE-SETUP-ROUND1")
    assert "must touch the settlement just placed" in j.text
    j = judge(p, node, sc.timeline.rules, "P2 settle K4")
    assert (j.correct, j.legal, j.rule) == (False, False, "BASE-TURN-OFFTURN")


def test_unreadable_text_is_wrong_without_a_rule():
    sc, node, p = _road()
    j = judge(p, node, sc.timeline.rules, "P9 fly home")
    assert (j.correct, j.legal, j.rule, j.read) == (False, False, "", False)
    assert j.text.startswith("That is not a move:")


def test_hints_come_in_order_then_none():
    _, _, p = _road()
    assert [hint(p, n) for n in range(3)] == [*p.hints, ""]
    assert hint(p, -1) == ""


def test_without_answers_the_main_continuation_is_the_answer():
    text = ROAD.replace("    answers:\n    - P1 road N5\n    - P1 road N7\n", "")
    sc = loads_scenario(text)
    ((node_id, p),) = sc.puzzles.items()
    node = sc.timeline.nodes[node_id]
    assert judge(p, node, sc.timeline.rules, "P1 road N5").correct
    assert not judge(p, node, sc.timeline.rules, "P1 road N7").correct


# ---------------------------------------------------------------- bad puzzles
@pytest.mark.parametrize(
    ("old", "new", "line", "why"),
    [
        ("    prompt: Place P1's first road.\n", "", 12, "a puzzle needs a prompt"),
        ("    hints:\n", "    hints:\n    - a\n", 12, "at most 2 hints"),
        (
            "    - P1 road N7\n    rule",
            "    - P1 road O5\n    rule",
            12,
            "the answer 'P1 road O5' is not a move of the lesson",
        ),
        ("    - P1 road N7\n    rule", "    - P1 fly\n    rule", 12, "an answer cannot be read"),
        (
            "    rule: BASE-SETUP-ROUND1",
            "    rule: CK-SETUP-ROUND2",
            12,
            "rule 'CK-SETUP-ROUND2' is not a rule of base",
        ),
        ("    explain:", "    explains:", 20, "unknown key 'explains'"),
        (
            "    hints:\n    - One of the three edges around N6.\n    - BASE-SETUP-ROUND1 - the road "
            "touches the settlement just placed.\n",
            "    hints: one edge\n",
            13,
            "hints: expected a list",
        ),
        (
            "  expect:\n    pending: P1\n",
            "  expect:\n    legal:\n    - P1 road N5\n",
            12,
            "names an answer",
        ),
    ],
)
def test_a_bad_puzzle_is_a_scenario_error_with_file_line_and_key(old, new, line, why):
    assert old in ROAD
    with pytest.raises(ScenarioError) as info:
        loads_scenario(ROAD.replace(old, new, 1), "bad.catan.yaml")
    message = str(info.value)
    assert message.startswith(f"bad.catan.yaml:{line}: "), message
    assert why in message, message


def test_a_puzzle_that_is_not_a_mapping_is_refused_at_its_line():
    head, rest = ROAD.split("  puzzle:\n", 1)
    text = head + "  puzzle: [1]\n" + rest[rest.index("  expect:") :]
    with pytest.raises(ScenarioError, match=r"^bad.catan.yaml:11: puzzle: expected a mapping"):
        loads_scenario(text, "bad.catan.yaml")


def test_a_puzzle_on_the_last_move_has_no_answer():
    text = ROAD + ("  puzzle:\n    prompt: And now?\n")
    with pytest.raises(
        ScenarioError,
        match=r"x.catan.yaml:\d+: puzzle: a puzzle needs its "
        "answer as the next move",
    ):
        loads_scenario(text, "x.catan.yaml")


def test_a_puzzle_at_the_start_is_asked_at_the_root():
    text = ROAD.replace(
        "tutor: Setup (BASE-SETUP-ROUND1).\n",
        "tutor: Setup (BASE-SETUP-ROUND1).\npuzzle:\n  prompt: Settle.\n"
        "  hints: [Where the 6 is.]\n",
    )
    sc = loads_scenario(text)
    assert sc.puzzles[sc.root.id].prompt == "Settle."
    assert judge(sc.puzzles[sc.root.id], sc.root, sc.timeline.rules, "P1 settle N6").correct
    assert dumps_scenario(loads_scenario(dumps_scenario(sc))) == dumps_scenario(sc)


# ---------------------------------------------------------------- in the tutor
@pytest.fixture
def tutor():
    from catan_tutor.widgets.tutor import Tutor

    sc = loads_scenario(ROAD, "road.catan.yaml")
    t = Tutor(sc)
    t.session.lesson_id = "road"
    t.session.play("P1 settle N6")
    return t


def _state(t) -> dict:
    return {
        "node": t.timeline.current.id,
        "nodes": len(t.timeline.nodes),
        "position": t.game.position(),
    }


def test_a_wrong_move_in_the_tutor_changes_nothing_and_says_why(tutor):
    p = tutor.puzzle
    assert p.state.holds() and tutor.puzzle.widget.layout.display == ""
    before = _state(tutor)
    tutor.session.play("P1 road Q3")  # legal, on the board: not played
    assert _state(tutor) == before
    assert f"{NO} Not the answer" in p.result.value and "Q3 points away" in p.result.value
    p.submit("P1 road K5")  # illegal, typed
    assert _state(tutor) == before and p.state.tries == 2
    assert "data-rule='BASE-SETUP-ROUND1'" in p.result.value
    assert "data-tries='2'" in p.marker.value and "data-solved='0'" in p.marker.value


def test_words_not_read_as_a_move_are_not_called_a_wrong_answer(tutor):
    """l21 at 10.6: "P1 raises trade to level 5" (the right idea) was told "✕ Not the
    answer": a text the tutor cannot read says so, and how to go on; nothing is played."""
    p = tutor.puzzle
    before = _state(tutor)
    p.submit("P1 raises trade to level 5")
    assert _state(tutor) == before and p.state.tries == 1
    assert f"{NO} Not read as a move" in p.result.value, p.result.value
    assert "Not the answer" not in p.result.value and "say it another way" in p.result.value
    p.submit("P1 road K5")  # read, and refused: a wrong answer
    assert f"{NO} Not the answer" in p.result.value and "try again" in p.result.value


def test_a_move_with_a_part_left_out_asks_for_it_and_is_not_judged() -> None:
    """l21 at 10.6: "P1 improve trade" (the right track, no city for the metropolis due) was
    told "Not the answer"; it asks for the part left out, and a complete move is judged."""
    from puzzle_answers import at_question, course_puzzles

    asked = next(a for a in course_puzzles() if a.lesson == "puzzle_ck_metropolis")
    sc = asked.scenario()
    node, rules = sc.timeline.nodes[asked.node], sc.timeline.rules
    j = judge(asked.puzzle, node, rules, "P1 upgrade")  # (a city, or an improvement: l26)
    assert (j.correct, j.read) == (False, False)
    assert j.text == "A city, or a city improvement? The move does not say."
    assert judge(asked.puzzle, node, rules, "P1 improve trade A6").correct
    # (A6 alone can take the metropolis: "P1 improve trade" is judged as that, l26)
    assert judge(asked.puzzle, node, rules, "P1 improve trade").correct
    t = at_question(asked)  # the page: "✕ Not complete", the question, nothing played
    t.puzzle.submit("P1 upgrade")
    assert f"{NO} Not complete" in t.puzzle.result.value and t.timeline.current.id == node.id
    robber = next(a for a in course_puzzles() if a.lesson == "puzzle_base_robber")
    sc = robber.scenario()
    at, rules = sc.timeline.nodes[robber.node], sc.timeline.rules
    j = judge(robber.puzzle, at, rules, "P1 robber M nobody")
    assert j.read and "rob nobody" in j.text  # (an empty victim said is a choice: its rule says)
    # typed as the box's example shows, the victim left out is the one there is (learner22:
    # "P1 robber Q" was refused for robbing nobody, "robber on Q" judged right)
    j = judge(robber.puzzle, at, rules, "P1 robber M")
    assert j.read and not j.correct and "steal a card from P2" in j.text, j.text
    assert judge(robber.puzzle, at, rules, "P1 robber Q").correct


def test_a_hint_after_a_wrong_answer_replaces_its_verdict(tutor):
    """Issue 33 (puz1_hint.png): the hint showed above the old "Not the answer", which
    stayed; the hint takes its place."""
    p = tutor.puzzle
    tutor.session.play("P1 road Q3")
    assert f"{NO} Not the answer" in p.result.value
    p.take_hint()
    assert "Hint 1: One of the three edges" in p.hint_box.value
    assert "Not the answer" not in p.result.value and p.state.tries == 1, p.result.value


def test_the_answer_line_stays_hidden_until_found(tutor):
    at = tutor.timeline.current
    tutor.session.forward()
    assert tutor.timeline.current is at and "Solve the puzzle first" in tutor.controls.message.value
    tutor.session.last()
    assert tutor.timeline.current is at
    tutor.session.first()
    tutor.session.last()  # stops at the question again
    assert tutor.timeline.current is at
    tutor.session.goto(at.children[0].children[0])  # a jump into the answer line: refused
    assert tutor.timeline.current is at and "Solve the puzzle first" in tutor.controls.message.value


def test_hints_then_the_right_answer_goes_on(tutor):
    p = tutor.puzzle
    assert p.take_hint() == "One of the three edges around N6."
    assert "Hint 1: One of the three edges" in p.hint_box.value
    assert p.take_hint().startswith("BASE-SETUP-ROUND1")
    assert p.take_hint() == "" and p.hint_button.disabled
    p.submit("P1 road N5")
    assert str(tutor.timeline.current.action) == "P1 road N5"
    assert f"{OK} Right" in p.result.value and "data-hints='2'" in p.marker.value
    assert ("road", 1) in p.state.solved and not p.state.holds(tutor.timeline.current.parent)
    tutor.session.back()
    tutor.session.forward()  # answered: the line is open now
    assert str(tutor.timeline.current.action) == "P1 road N5"


def test_a_right_answer_the_lesson_does_not_follow_stays_with_its_line_a_click_away(tutor):
    tutor.session.play("P1 road N7")  # accepted, but its variation ends there: it stays
    assert str(tutor.timeline.current.action) == "P1 road N7"
    said = tutor.puzzle.result.value
    # issue 33: "The lesson goes on another way: P1 builds a road on N5" was unclear
    own = (
        "The lesson's own answer was a road on N5. "
        "Play on from your answer, or press ▶ to go on with the lesson."
    )
    assert own in html.unescape(said), said
    # said right once, the note its own paragraph: not glued to the why's rule mark (s18, 1.4:
    # "any of its three edges will do.§ Right too. The lesson's own answer was…")
    assert "Right too" not in said and f"<div style='margin-top:4px'>{own}</div>" in html.unescape(
        said
    )
    assert said.count("Right") == 1, said
    said = tutor.puzzle.main_button.description  # plain words: no chess study's "line"
    assert said == "Back to the lesson's move: P1 builds a road on N5"
    tutor.puzzle.main_button.click()
    assert str(tutor.timeline.current.action) == "P1 road N5"
    tutor.session.last()
    assert str(tutor.timeline.current.action) == "P2 settle K4"


# ---------------------------------------------------------------- progress
def test_progress_merges_only_grows_and_refuses_junk(tmp_path: Path):
    from catan_tutor.widgets.progress import Progress

    path = tmp_path / "p.json"
    a = Progress(path)
    assert a.complete("base_setup") and not a.complete("base_setup")
    assert a.solve("puzzle_base_setup", 8)
    assert json.loads(path.read_text()) == {
        "done": ["base_setup"],
        "solved": {"puzzle_base_setup": [8]},
    }
    b = Progress(path)  # read back from the file
    assert b.done == {"base_setup"} and b.solved == {"puzzle_base_setup": {8}}
    assert not b.merge('{"done": []}') and b.done == {"base_setup"}
    assert b.merge('{"done": ["x"], "solved": {"y": [1, "2", -3]}}')
    assert b.done == {"base_setup", "x"} and b.solved["y"] == {1}
    for junk in ("[", "[]", '"x"', "x" * 70_000, '{"done": 5, "solved": [1]}'):
        assert not b.merge(junk)


def test_the_app_marks_a_completed_lesson_and_offers_the_next_one():
    from catan_tutor.widgets.app import App
    from catan_tutor.widgets.progress import Progress

    app = App(start="puzzle_base_robber")
    app.progress.store = Progress()  # memory only
    t = app.tutor
    while not t.session.puzzle.holds():  # step by step: every step shown (▶| would skip)
        t.session.forward()
    assert str(t.timeline.current.action) == "die red 4" and t.session.puzzle.holds()
    assert app.progress.next_button.layout.display == "none"
    t.puzzle.submit("P1 robber Q P2")
    while t.timeline.current.children:
        t.session.forward()
    assert app.progress.store.done == {"puzzle_base_robber"}
    assert app.progress.next_button.layout.display == ""
    label = next(k for k, x in app.lessons.items() if x.id == "puzzle_base_robber")
    assert (marked_done(label), label) in app.picker.options
    number, title = label.split(maxsplit=1)  # its number first, as every option's (l19)
    assert marked_done(label).startswith(number) and marked_done(label).endswith(title + DONE)
    assert app.picker.value == label  # the choice is kept
    following = app.progress.following()
    app.progress.next()
    assert t.session.lesson_id == following.id != "puzzle_base_robber"
    assert (
        "puzzle_base_robber"
        in json.loads(
            app.progress.out.value.split("data-progress='")[1].split("'")[0].replace("&quot;", '"')
        )["done"]
    )


def test_progress_from_the_page_marks_lessons_and_solved_puzzles():
    from catan_tutor.widgets.app import App

    app = App(start="puzzle_base_setup")
    app.progress.into.value = json.dumps(
        {"done": ["base_setup"], "solved": {"puzzle_base_setup": [1]}}
    )
    assert "base_setup" in app.progress.store.done
    assert any(
        DONE in text and value.endswith("Setting up a base game")
        for text, value in app.picker.options
    )
    t = app.tutor
    assert t.session.node is t.timeline.root.children[0]  # it opened at its first question,
    t.session.forward()  # which was answered on an earlier visit: ▶ leads on
    assert str(t.timeline.current.action) == "P1 road N3"


def test_the_page_script_keeps_progress_within_the_kernels_limit():
    from catan_tutor.server.serve import DATA_DIR, TEMPLATE
    from catan_tutor.widgets.progress import MAX_PROGRESS_CHARS

    script = (DATA_DIR / "voila" / "templates" / TEMPLATE / "catan_page.js").read_text()
    assert f"var MAX_CHARS = {MAX_PROGRESS_CHARS};" in script
    assert "'catan-tutor-progress'" in script and ".catan-progress-in input" in script


# ---------------------------------------------------------------- coverage
def test_coverage_counts_a_rule_shown_only_where_a_move_of_the_lesson_is_decided_by_it(
    tmp_path: Path,
):
    lesson = tmp_path / f"a{SUFFIX}"
    # BASE-ROBBER-MOVE only named in the text; BASE-SETUP-ROUND1 decides the moves played
    lesson.write_text(
        ROAD.replace(
            "tutor: Setup (BASE-SETUP-ROUND1).",
            "tutor: Setup (BASE-SETUP-ROUND1), no BASE-ROBBER-MOVE yet.",
        )
    )
    cov = coverage([lesson])
    assert cov.total == len(rulebook.rules())
    assert "BASE-SETUP-ROUND1" in cov.shown["base"]
    assert "BASE-ROBBER-MOVE" in cov.cited["base"] and "BASE-ROBBER-MOVE" not in cov.shown["base"]
    assert "BASE-SETUP-ROUND2" in cov.neither["base"]
    assert cov.count("shown") + cov.count("cited") + cov.count("neither") == cov.total
    report = cov.report()
    assert report.splitlines()[0].startswith(
        f"coverage: {cov.count('shown')} of {cov.total} rule IDs shown by a lesson's move"
    )
    assert (
        f"base: {len(cov.shown['base'])} of {cov.sizes['base']} shown, 1 only cited, "
        f"{len(cov.neither['base'])} neither"
    ) in report


def test_an_illegal_expectation_shows_the_rule_the_verdict_cites_not_the_one_written(
    tmp_path: Path,
):
    lesson = tmp_path / f"a{SUFFIX}"
    lesson.write_text(
        ROAD.replace(
            "  expect:\n    pending: P1\n", "  expect:\n    illegal:\n      P2 settle K4: any\n"
        )
    )
    assert "BASE-TURN-OFFTURN" not in lesson.read_text()
    cov = coverage([lesson])
    assert "BASE-TURN-OFFTURN" in cov.shown["base"]
    assert not set(cov.shown["ck"]) | set(cov.shown["base-2p"])


def test_check_coverage_prints_the_report_after_the_checks(tmp_path: Path):
    lesson = tmp_path / f"a{SUFFIX}"
    lesson.write_text(
        ROAD.replace("title: A road puzzle\n", "title: A road puzzle\nunrealistic: setup only\n")
    )
    out = subprocess.run(
        [sys.executable, "-m", "catan_tutor.cli", "check", "--coverage", str(tmp_path)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    lines = out.stdout.splitlines()
    assert "1 passed, 0 failed in 1 scenario file(s) (1 puzzle(s))" in lines
    at = lines.index(next(x for x in lines if x.startswith("coverage: ")))
    assert lines[at].startswith(
        f"coverage: 2 of {len(rulebook.rules())} rule IDs shown by a lesson's move (1%)"
    )
    assert [x.split(":")[0] for x in lines[at + 1 :] if not x.startswith("  ")] == [
        "base",
        "base-2p",
        "base-dummy",
        "ck",
        "ck-2p",
    ]
    assert "CK2P-WIN" in out.stdout


def test_a_reply_names_a_typed_corner_by_its_printed_label():
    """Lesson 1.4 puzzle 2: "P3 settlement E2" was answered "P3 can build a settlement on
    B6, …": E2 and B6 are one corner (BASE-DEF-ADJACENT). Since s31 the reply names it B6,
    its printed label (the one the board's Labels draws), and says once which one E2 is."""
    from puzzle_answers import course_puzzles

    asked = [a for a in course_puzzles() if a.lesson == "puzzle_base_setup"][1]
    sc = asked.scenario()
    node = sc.tree.nodes[asked.node]
    j = judge(asked.puzzle, node, sc.tree.rules, "P3 settlement E2")
    assert not j.correct and j.legal and j.move == "P3 settle B6"
    # (in words naming no seat: the question asks whose turn it is, s33)
    said = (
        "“E2” is the corner the board labels B6 (a corner has a name on each hex it touches). "
        "That is not the move the question asks for. "
        "B6 has 9 dots; a corner a settlement may still take has more."
    )
    assert j.text == said, j.text
    j = judge(asked.puzzle, node, sc.tree.rules, "P1 settle e2")  # refused: B6, told once
    assert j.text == f"{said} It is not P1's turn: whose is it?", j.text  # (each part, l45)
    j = judge(asked.puzzle, node, sc.tree.rules, "P3 settle B6")
    assert "B6" in j.text and "E2" not in j.text and "also called" not in j.text, j.text


def test_a_lesson_jumped_through_with_last_is_not_done_until_its_steps_are_shown():
    """l36 pressed ▶| in 1.1 to 1.3 and each was counted "done" unread. The end reached so
    says it counts once stepped through, and Next lesson is offered; stepping back and on over
    the steps passed makes it done."""
    from catan_tutor.widgets.app import App
    from catan_tutor.widgets.line_panel import SKIPPED
    from catan_tutor.widgets.progress import Progress

    app = App(start="base_setup")
    app.progress.store = Progress()  # memory only
    s = app.tutor.session
    s.step("last")
    assert s.skipped and app.progress.store.done == set()
    assert SKIPPED in app.tutor.line.text.value
    assert app.progress.next_button.layout.display == ""  # on to the next: still offered
    s.step("first")
    while s.timeline.current.children:
        s.step("forward")
    assert not s.skipped and app.progress.store.done == {"base_setup"}
    assert SKIPPED not in app.tutor.line.text.value


def test_a_right_answers_move_is_said_in_its_first_clause_before_the_explanation():
    """s44 at 11.16: "Right: P1 spends a trade token on a forced trade from resource cards
    only: 2 cards are drawn blind…" put how a forced trade works before the lesson's why, which
    says it again. Where an explanation follows, the move is said in its first clause; every
    other puzzle's move sentence (no colon) is whole."""
    from puzzle_answers import judged

    j = judged("puzzle_ck_2p", 8, "P1 force")
    assert j.correct and j.text.startswith(
        "Right: P1 spends a trade token on a forced trade from resource cards only. Of the two"
    ), j.text
    assert "drawn blind from P2's resource cards" not in j.text
    j = judged("puzzle_ck_metropolis", 5, "P1 improve trade A6")
    assert j.text.startswith("Right: P1 improves trade to level 5 and takes the trade metropolis")
