"""The course's words on the page (issue 33, "The learner's page"): a lesson step reads as
prose with at most one rule marker, and a comment, which the Moves tab shows as plain text,
cites no rule.

Why one marker a step: a fresh learner found a "§" after most sentences of lesson 1.1. The
rules a step stands on are still cited (the project wants IDs cited), but folded into one
bracket where the step ends, or kept on the one sentence that states the rule: one "§"
whose tooltip and opened text list every rule the step cites (``verdicts.rule_note_html``).
"""

from __future__ import annotations

import re

import pytest
from puzzle_answers import lesson

from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import SUFFIX, Scenario
from catan_tutor.widgets import verdicts
from catan_tutor.widgets.roll_steps import RollSteps

pytestmark = pytest.mark.course  # a sweep over the course (min_versions.sh leaves it out)

MAX_MARKS = 1  # rule markers ("§") one step of a lesson shows
LESSONS = sorted(p.name for p in packaged_lessons().glob(f"*{SUFFIX}"))
_MARK = re.compile(r"class='catan-rule-ref catan-rule-note'")
_ID = re.compile(r"\b(?:BASE|2P|DUMMY|CK|CK2P)(?:-[A-Z0-9]+)+\b")


def _lesson(name: str) -> Scenario:
    return lesson(name[: -len(SUFFIX)])


class _Questions:
    """The lesson's questions, none of them answered (what ``PuzzleState`` tells the steps)."""

    def __init__(self, sc: Scenario):
        self.sc = sc

    def puzzle_at(self, node):
        return self.sc.puzzles.get(node.id)

    def holds(self) -> bool:
        return False


class _Steps(RollSteps):
    """What ``TutorSession.texts`` reads at a node of a library lesson, without a session: a
    roll and its dice are one step, every node from the file."""

    def __init__(self, sc: Scenario):
        self.timeline, self.lesson_id, self.author_view = sc.tree, "lesson", False
        self.puzzle = _Questions(sc)

    def from_file(self, node) -> bool:
        return True


def _marks(texts: list[str]) -> int:
    return sum(len(_MARK.findall(verdicts.lesson_html(t))) for t in texts)


@pytest.mark.parametrize("name", LESSONS)
def test_a_lesson_step_shows_at_most_one_rule_marker(name: str) -> None:
    """Every step of the lesson (main line and variations; a roll with its dice is one
    step) shows at most MAX_MARKS "§" markers, and so does the goal (its own block under
    "Goal", citing the reading it names: learner 16), a puzzle's question, each hint and the
    explanation."""
    sc = _lesson(name)
    steps = _Steps(sc)
    crowded = [f"goal: {_marks([sc.goal])} marks"] if _marks([sc.goal]) > MAX_MARKS else []
    for node in sc.tree.walk():
        texts = steps.texts(node)
        if _marks(texts) > MAX_MARKS:
            crowded.append(f"{node.action or 'start'}: {_marks(texts)} marks")
        puzzle = sc.puzzles.get(node.id)
        for text in (puzzle.prompt, *puzzle.hints, puzzle.explain) if puzzle else ():
            if _marks([text]) > MAX_MARKS:
                crowded.append(f"puzzle at {node.action or 'start'}: {text[:60]!r}")
    assert crowded == [], f"{name}: " + "; ".join(crowded)


def test_lesson_1_1_cites_its_rules_in_one_marker_where_the_step_ends() -> None:
    """Lesson 1.1's opening text: plain sentences, one "§" at its end, whose name lists
    every rule the text stands on (none of them lost in the thinning). The setup rounds and
    the distance rule are taught where they are first used, the road's step and P2's
    (learner18 read the opening, which held them all, as a wall of text), each cited there."""
    sc = _lesson("base_setup.catan.yaml")
    page = verdicts.lesson_html(sc.root.tutor)
    assert len(_MARK.findall(page)) == 1
    assert re.search(r"11 dots in all\.<sup class='catan-rule-ref catan-rule-note'", page)
    cited = re.search(r"data-rule='([^']*)'", page.split("catan-rule-note")[1])[1].split()
    assert {"BASE-SETUP-FIRST-PLAYER", "BASE-COMP-NUMBERS", "BASE-BOARD-ROBBER-START"} <= set(cited)
    road = sc.root.children[0]
    settle = road.children[0]
    assert "round 2 goes back from P3 to P1" in road.tutor and "odd hour" in road.tutor
    assert {"BASE-SETUP-ROUND1", "BASE-SETUP-ROUND2"} <= set(_ID.findall(road.tutor))
    assert "the distance rule" in settle.tutor
    assert "BASE-BUILD-DISTANCE" in _ID.findall(settle.tutor)


@pytest.mark.parametrize("name", LESSONS)
def test_no_comment_cites_a_rule(name: str) -> None:
    """A comment shows in the Moves tab as plain text (``move_list``), where an ID would
    read as "2P-NEUTRAL-SETTLEMENT-FALLBACK": its rule goes into the step's tutor text."""
    sc = _lesson(name)
    cited = [f"{n.action}: {n.comment!r}" for n in sc.tree.walk() if _ID.search(n.comment)]
    assert cited == [], f"{name}: {cited}"


_KEY = re.compile(r"<div class='catan-marks-key'[^>]*>(.*?)</div>")


def test_the_marks_explain_themselves_under_the_lesson_text_that_shows_them() -> None:
    """Issue 33 (fresh learners): "§" and "*" were explained only under "How to use it". A
    lesson text that shows them has a one-line key under it saying what each mark it shows
    means (none it does not show), in a plain sentence ("Click or tap a § to read the rule
    behind the sentence before it."); a step without marks has no key. Every step of lesson 1.1
    (its opening shows both marks), each as the first place of a page view that needs the key
    (it is said once a page view: test_l35_page.py)."""
    from catan_tutor.widgets import Tutor
    from catan_tutor.widgets.mark_key import MarksSaid

    sc = _lesson("base_setup.catan.yaml")
    t = Tutor(sc)
    t.session.lesson_id = "base_setup"
    seen = set()
    for node in sc.tree.walk():
        t.session.marks_said = MarksSaid()
        t.session.goto(node.id)
        page = t.story.value + t.lesson.value  # (an open question's step over it)
        keys = _KEY.findall(page)
        rule = "catan-rule-note" in page
        reading = "catan-reading-mark" in page
        assert len(keys) == (rule or reading), (node.id, keys)
        said = keys[0] if keys else ""
        assert (">§</b>" in said and "to read the rule behind the sentence" in said) == rule, (
            node.id
        )
        assert (">*</b>" in said and "this tutor's own reading" in said) == reading, node.id
        if keys:  # the key comes after the text whose marks it explains
            assert page.index("catan-marks-key") > page.rindex("catan-rule-ref"), node.id
        seen.add((rule, reading))
    assert {(True, True), (True, False), (False, False)} <= seen  # each case met


def test_a_puzzle_hint_with_a_mark_has_its_key() -> None:
    """A hint citing a rule shows "§": the puzzle's box keys it, once, under the hint."""
    from catan_tutor.widgets import Tutor
    from catan_tutor.widgets.mark_key import MarksSaid

    name = next(
        n for n in LESSONS if any(_marks([h]) for p in _lesson(n).puzzles.values() for h in p.hints)
    )
    sc = _lesson(name)
    node, puzzle = next((k, p) for k, p in sc.puzzles.items() if any(_marks([h]) for h in p.hints))
    t = Tutor(sc)
    s = t.session
    s.lesson_id = name.removesuffix(SUFFIX)
    for before in s.timeline.path(s.timeline.nodes[node])[:-1]:
        if before.id in sc.puzzles:
            s.puzzle.solved.add(s.puzzle.key(before))
    s.goto(node)

    def box() -> str:  # the question's box: its prompt, hints and verdict
        return t.puzzle.prompt.value + t.puzzle.hint_box.value + t.puzzle.result.value

    assert _KEY.findall(box()) == [] or _marks([puzzle.prompt])  # no hint yet: no key
    s.marks_said = MarksSaid()  # the hints: the first place this page view needs the key
    for _ in puzzle.hints:
        t.puzzle.take_hint()
    keys = _KEY.findall(box())
    assert len(keys) == 1 and ">§</b>" in keys[0], box()
    assert box().index("catan-marks-key") > box().rindex("catan-rule-note")


def test_a_solved_puzzle_names_its_rule_once_under_the_verdict() -> None:
    """Puzzle 2.2's "Right" ended in a "§" and had under it "Rule:" of the same rule (l33: a
    "§" box, then a collapsed "Rule:" of the same title): the rule is named once, by its
    title under the verdict ("Rule: …", its text on a click); no "§", so no key of it."""
    from catan_tutor.widgets import Tutor

    sc = _lesson("puzzle_base_robber.catan.yaml")
    ((asked, _),) = sc.puzzles.items()
    t = Tutor(sc)
    t.session.lesson_id = "puzzle_base_robber"
    t.session.goto(asked)
    t.puzzle.submit(str(sc.timeline.nodes[asked].children[0].action))
    verdict, key = t.puzzle.result.value, _KEY.findall(t.puzzle.result.value)
    assert "Right" in verdict and "catan-rule-note" not in verdict and key == []
    assert verdict.count("Rule: <b>") == 1 and "(BASE-" not in verdict
