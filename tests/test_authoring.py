"""Authoring in the app (issue 19, scope 5): a teacher builds a lesson in the Author panel,
downloads it, and the file reads back as the same lesson; bad input is refused and changes
nothing; the start is written as setup moves, editor operations or a position line."""

from __future__ import annotations

import base64
import re

import pytest
from test_hostile_input import PAYLOADS, assert_no_payload_markup, hostile_scenario

from catan_tutor import Game, new_game
from catan_tutor.study.editor import edit
from catan_tutor.study.scenario import check_scenario, dumps_scenario, loads_scenario
from catan_tutor.study.scenario_write import lesson_yaml, same_lesson, start_fields, verify
from catan_tutor.study.timeline import Timeline
from catan_tutor.widgets import Tutor
from catan_tutor.widgets.authoring import MAX_TITLE, chapters
from catan_tutor.widgets.tutor import TABS

SETUP = [
    "P1 settle N6",
    "P1 road N5",
    "P2 settle K4",
    "P2 road K5",
    "P3 settle H4",
    "P3 road H3",
    "P3 settle C6",
    "P3 road C5",
    "P2 settle P6",
    "P2 road P7",
    "P1 settle R4",
    "P1 road R3",
]


def teacher() -> Tutor:
    """A tutor on a new 3-player game, its Author view on, at the File tab."""
    t = Tutor(new_game("base", players=3, seed=0))
    t.files.author.value = True
    t.tabs.selected_index = TABS.index("File")
    return t


def downloaded(t: Tutor) -> str:
    """The text behind the File tab's download link."""
    href = re.search(r"href='data:text/yaml;base64,([^']*)'", t.files.download.value)
    assert href, t.files.download.value
    return base64.b64decode(href.group(1)).decode()


def build_lesson(t: Tutor) -> None:
    """Setup moves, a start after them, texts, a puzzle and one-click expectations."""
    for m in SETUP:
        t.session.play(m)
    a = t.authoring
    assert a.start_here() == ""
    a.title.value, a.goal.value = "My first lesson", "Roll and *see* who is paid."
    a.chapter.value = chapters()[1]
    a.rules.value = "BASE-TURN-PHASES, base-prod-yield\nBASE-PROD-YIELD"  # any case, once each
    a.tutor_text.value = "P1 rolls first (BASE-TURN-PHASES)."
    assert a.save() == ""
    assert a.add_expectation("phase") == ""
    t.session.play("P1 roll")
    t.session.play("die white 1")
    t.session.play("die red 2")
    a.comment.value = "A **3**: nobody has a 3 hex."
    assert a.save() == ""
    assert a.add_expectation("VP of each player") == ""
    assert a.add_expectation("hand of P1") == ""
    assert a.add_expectation("the last move was legal") == ""
    t.session.play("P1 end")
    t.session.play("P2 roll")
    t.session.play("die white 1")
    t.session.play("die red 3")
    t.session.back()  # a variation: another die
    t.session.play("die red 4")
    t.session.back()
    a.prompt.value = "Which red die pays P2?"
    a.hint_texts[0].value = "Look at P2's settlements."
    a.hint_texts[1].value = "BASE-PROD-YIELD"
    a.rule.value = "BASE-PROD-YIELD"
    a.explain.value = "P2's settlement on K4 touches the mountains 8: a 4 and a 4 make it."
    a.answers.value = ("die red 4",)
    assert a.mark_puzzle() == ""
    t.controls.try_text.value = "P2 settle A4"  # under Try a move: illegal here (the die first)
    assert a.add_expectation("the move tried is illegal") == ""


def test_a_lesson_built_in_the_author_panel_round_trips_through_download_and_upload():
    t = teacher()
    build_lesson(t)
    sc, start = t.scenario, t.authoring.start_node()
    text = downloaded(t)
    # readable: the start as setup moves from a new game, no position line
    assert "position:" not in text and text.count("\n- P") >= len(SETUP)
    assert "setup:\n- P1 settle N6" in text and "chapter: " in text
    again = loads_scenario(text, "mine.catan.yaml")
    assert same_lesson(sc, again, start) == ""
    assert again.title == "My first lesson" and again.chapter == chapters()[1]
    assert again.rules == ["BASE-TURN-PHASES", "BASE-PROD-YIELD"]
    assert "rules:\n- BASE-TURN-PHASES\n- BASE-PROD-YIELD\n" in text
    assert again.root.tutor == "P1 rolls first (BASE-TURN-PHASES)."
    assert [str(n.action) for n in again.tree.path(again.tree.nodes[3])][-1] == "die red 2"
    # every one-click expectation holds, as `catan-tutor check` evaluates them
    results = check_scenario(again)
    assert len(results) == 5 and all(r.passed for r in results), [str(r) for r in results]
    keys = {r.expect.key for r in results}
    assert keys == {"phase", "vp", "hand", "legal", "illegal"}
    (puzzle,) = again.puzzles.values()
    assert puzzle.answers == ("die red 4",) and len(puzzle.hints) == 2
    assert puzzle.explain.startswith("P2's settlement on K4")
    # uploaded in a fresh tutor: the same lesson, and the same download
    fresh = teacher()
    assert fresh.files.load_scenario_text(text, "mine.catan.yaml") == ""
    assert same_lesson(sc, fresh.scenario, start) == ""
    assert downloaded(fresh) == text
    assert fresh.authoring.title.value == "My first lesson"
    assert fresh.authoring.rules.value == "BASE-TURN-PHASES, BASE-PROD-YIELD"
    fresh.session.goto(next(iter(fresh.scenario.puzzles)))
    assert fresh.authoring.explain.value == puzzle.explain
    assert "My first lesson" in fresh.header.value


@pytest.mark.parametrize(
    "field, value, why",
    [
        ("title", "x" * 5000, f"at most {MAX_TITLE}"),
        ("title", "", "give it some text"),
        ("title", "two\nlines", "one line"),
        ("comment", "<script>alert(1)</script>", "HTML is not allowed"),
        ("tutor_text", "see <img src=x onerror=1>", "HTML is not allowed"),
        ("goal", "<!-- hidden -->", "HTML is not allowed"),
        ("chapter", "c" * 500, "at most"),
    ],
)
def test_bad_lesson_text_is_refused_with_its_reason_and_changes_nothing(field, value, why):
    t = teacher()
    t.session.play("P1 settle N6")
    a = t.authoring
    a.title.value = "Kept"
    assert a.save() == ""
    before = (dumps_scenario(t.scenario), t.timeline.current.comment)
    a.title.value, a.comment.value = "Changed", "changed too"
    getattr(a, field).value = value
    assert why in a.save()
    assert why in a.status.value and "<script" not in a.status.value
    assert (dumps_scenario(t.scenario), t.timeline.current.comment) == before


def test_a_puzzle_with_no_answer_or_too_little_is_refused_and_changes_nothing():
    t = teacher()
    t.session.play("P1 settle N6")
    a = t.authoring
    a.prompt.value = "Where does the road go?"
    assert "no move after it" in a.mark_puzzle()  # nothing played after this position
    assert t.scenario is None or not t.scenario.puzzles
    t.session.play("P1 road N5")
    t.session.back()
    a.prompt.value = ""
    assert "puzzle: give it some text" in a.mark_puzzle()
    a.prompt.value = "Where does the road go?"
    a.rule.value = "CK-NOT-A-RULE"
    assert "is not a rule of base" in a.mark_puzzle()
    assert t.scenario is None or not t.scenario.puzzles
    a.rule.value = ""
    assert a.mark_puzzle() == ""
    assert a.add_expectation("the last move was legal") == ""  # on the node before: fine
    t.session.forward()
    t.session.back()
    t.controls.try_text.value = "P1 road N5"
    # the answer named under What to notice would give the puzzle away
    assert "names an answer" in a.add_expectation("the move tried is legal")
    assert not any(e.key == "legal" for e in t.timeline.current.expect)


def test_the_start_is_written_as_setup_moves_editor_operations_or_a_position():
    g = new_game("base", players=3, seed=0)
    tl = Timeline(g)
    for m in SETUP:
        tl.play(m)
    t = Tutor(g)
    t.session.open(g)
    sc = t.authoring.lesson()
    assert start_fields(sc, sc.tree.root) == {"board": "beginner"}
    # an edited position: a new root, written as editor operations (shorter than the line)
    edited = edit(
        new_game("base", players=3),
        "place P1 settlement N6",
        "place P1 road N5",
        "hand P1 2 brick, 1 ore",
        "robber E",
        "turn P1 main 3",
    )
    t.session.open(edited)
    sc = t.authoring.lesson()
    sc.title = "Edited"
    form = start_fields(sc, sc.tree.root)
    assert form["board"] == "beginner" and form["start"][-1] == "turn P1 main 3"
    assert "hand P1 2 brick, 1 ore" in form["start"]
    text = verify(sc)
    assert len(text) < len(sc.tree.game.position())
    # a variable board as chance laid it out: its full layout, then the setup moves
    v = new_game("base", players=4, board="variable", seed=11)
    t.session.open(v)
    t.session.play("P1 settle N6")
    sc = t.authoring.lesson()
    sc.title = "Variable"
    form = start_fields(sc, t.authoring.start_node())
    assert set(form["board"]) == {"terrain", "numbers", "harbors"} and "setup" not in form
    text = verify(sc, t.authoring.start_node())
    assert "- move: P1 settle N6" in text
    # a position mid-roll (dice shown) the editor cannot start: the position line
    g = new_game("base", players=3, seed=0)
    for m in [*SETUP, "P1 roll", "die white 1", "die red 2"]:
        g.play(m)
    t.session.open(Timeline(g, with_history=False).game)
    sc = t.authoring.lesson()
    sc.title = "Mid-roll"
    assert set(start_fields(sc, sc.tree.root)) == {"position"}
    assert same_lesson(sc, loads_scenario(lesson_yaml(sc))) == ""


def test_a_packaged_lesson_downloads_as_its_own_form_and_reads_back_the_same():
    from catan_tutor.study.resources import packaged_lessons

    for name in ("base_dev_cards", "puzzle_base_trading", "ck_knight_displacement"):
        sc = loads_scenario((packaged_lessons() / f"{name}.catan.yaml").read_text(), name)
        text = verify(sc)
        assert "position:" not in text
        assert text == dumps_scenario(sc)  # the file's own setup and texts, unchanged


def test_the_author_panel_shows_no_markup_from_a_lesson():
    for payload in PAYLOADS:
        sc = loads_scenario(hostile_scenario(payload), "hostile.catan.yaml")
        t = Tutor(sc)
        t.files.author.value = True
        t.tabs.selected_index = TABS.index("File")
        t.session.forward()
        assert t.authoring.title.value == payload
        assert_no_payload_markup(t.widget)


@pytest.mark.parametrize("variant", ["base-2p", "ck", "ck-2p"])
def test_editor_operations_give_the_start_in_every_variant_and_read_back(variant):
    """At each clean turn (pre-roll or main, no dice shown) of the packaged lessons of a
    variant, the start made a new root reads back to the same position, written as editor
    operations when they can say it (knights, levels, metropolises, tokens...), shorter than
    the position line."""
    from catan_tutor.study.resources import packaged_lessons
    from catan_tutor.study.scenario import Scenario

    written = 0
    for path in sorted(packaged_lessons().glob("*.catan.yaml")):
        sc = loads_scenario(path.read_text(), path.name)
        if sc.variant != variant:
            continue
        for node in list(sc.tree.walk())[::3]:
            g = Game(sc.tree.rules, node.state)
            if g.state.phase not in ("pre-roll", "main") or g.state.dice:
                continue
            tl = Timeline(g, with_history=False)
            mine = Scenario("t", variant, sc.players, timeline=tl, position=g.position())
            form = start_fields(mine, tl.root)
            again = loads_scenario(lesson_yaml(mine), "again.catan.yaml")
            assert again.tree.game.position() == g.position(), form
            if "start" in form:
                written += 1
                assert len(lesson_yaml(mine)) < len(g.position()) + 60
    assert written >= 3


@pytest.mark.parametrize(
    "rules, why",
    [
        ("BASE-BUILD-DISTANCE, CK-KNIGHT-DISPLACE", "CK-KNIGHT-DISPLACE is not a rule of base"),
        ("BASE-BUILD-DISTANS", "did you mean BASE-BUILD-DISTANCE"),
        ("BASE-BUILD-DISTANCE <b>x</b>", "HTML is not allowed"),
        (" ".join(f"BASE-{i}" for i in range(2000)), "characters, at most"),
    ],
)
def test_a_rules_list_with_a_rule_outside_the_variant_is_refused_and_changes_nothing(rules, why):
    t = teacher()
    t.session.play("P1 settle N6")
    a = t.authoring
    a.title.value, a.rules.value = "Kept", "BASE-SETUP-ROUND1"
    assert a.save() == ""
    assert t.scenario.rules == ["BASE-SETUP-ROUND1"]
    before = dumps_scenario(t.scenario)
    a.title.value, a.rules.value = "Changed", rules
    assert why in a.save()
    assert why.split()[0] in a.status.value
    assert dumps_scenario(t.scenario) == before


def test_a_packaged_lesson_shows_its_rules_and_puzzle_explanations_and_keeps_them():
    """Opening a lesson fills the Rules and Explain fields; saving and marking again, with
    nothing changed, leaves the lesson as its file has it (the explanation is not dropped)."""
    from catan_tutor.study.resources import packaged_lessons

    text = (packaged_lessons() / "puzzle_base_setup.catan.yaml").read_text()
    sc = loads_scenario(text, "puzzle_base_setup.catan.yaml")
    t = Tutor(sc)
    t.files.author.value = True
    t.tabs.selected_index = TABS.index("File")  # the panel follows the moves while shown
    a = t.authoring
    assert a.rules.value == ", ".join(sc.rules) and sc.rules
    node_id, puzzle = next(iter(sc.puzzles.items()))
    assert puzzle.explain
    t.session.goto(node_id)
    assert a.explain.value == puzzle.explain and a.prompt.value == puzzle.prompt
    assert a.save() == "" and a.mark_puzzle() == ""
    assert sc.puzzles[node_id] == puzzle
    assert dumps_scenario(sc) == dumps_scenario(loads_scenario(text, "again.catan.yaml"))
    # a new explanation replaces the old one; a bad one is refused and changes nothing
    a.explain.value = "Any edge touching N6 will do."
    assert a.mark_puzzle() == ""
    assert sc.puzzles[node_id].explain == "Any edge touching N6 will do."
    a.explain.value = "<script>x</script>"
    assert "explanation: HTML is not allowed" in a.mark_puzzle()
    assert sc.puzzles[node_id].explain == "Any edge touching N6 will do."
