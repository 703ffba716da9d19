"""A step of ◀ ▶ that takes in two throws (a two-player turn's second roll, thrown again when
it equals the first) tells them in their order and says what each did (learner 16, puzzle
5.13: "The white die shows 5 and the red die 2: a 7; then the white 6 and the red 2: an 8. P2
steals a card from P1." put the steal, which came before these dice, after them, never said
the 7 was thrown again, nor what the 8 paid)."""

from __future__ import annotations

import re

import pytest
from test_lesson_rule_marks import LESSONS, _lesson, _Steps
from test_lesson_texts import _roll_steps

from catan_tutor.actions import Die, Steal
from catan_tutor.widgets.path_log import PathLog
from catan_tutor.widgets.roll_steps import roll_nodes

pytestmark = pytest.mark.course  # a sweep over the course (min_versions.sh leaves it out)

# a throw's total as the step's own sentence adds it (": a 7"), and what follows it there
_ADDED_TOTAL = re.compile(r": an? \d+(?P<did>, which pays|, the same sum)?")


def test_5_13_tells_the_steal_then_the_second_roll_thrown_again_then_what_it_paid() -> None:
    """The steal is a step of its own (l40: told with the re-roll after it), then one step
    says both throws of the second roll."""
    sc = _lesson("puzzle_base_2p.catan.yaml")
    node = next(n for n in sc.tree.walk() if len(roll_nodes(sc.tree.rules, n)) == 3)
    steal = roll_nodes(sc.tree.rules, node)[0].parent
    assert isinstance(steal.action, Steal) and not roll_nodes(sc.tree.rules, steal)
    assert _Steps(sc).texts(steal) == [
        "P2 takes a card from P1's hand without looking, because the robber's steal is a "
        "blind draw."
    ]
    assert _Steps(sc).texts(node) == [
        "The white die shows 5 and the red die 2: a 7, the same sum as the first roll, so the "
        "dice are thrown again; then the white 6 and the red 2: an 8, which pays nobody.",
    ]


def test_5_13_log_tells_the_robber_then_the_second_roll() -> None:
    """The log past 5.13's second roll keeps the robber's move, on a line of its own before
    the roll (l40: it was left out, the steal told inside the re-roll's line)."""
    sc = _lesson("puzzle_base_2p.catan.yaml")
    node = next(n for n in sc.tree.walk() if len(roll_nodes(sc.tree.rules, n)) == 3)
    lines = PathLog().lines(sc.tree, node, next_too=False)
    assert lines[0].startswith("P2 rolled 7 (white 5, red 2) again") and "steal" not in lines[0]
    assert lines[1] == "P2 moves the robber to N and steals a card from P1."
    assert lines[2].startswith("P2 rolled 7 (white 3, red 4)")


def test_a_throw_the_step_adds_says_whom_it_paid() -> None:
    """5.11's two-player turn after a Knight: the step's own sentence, both throws paid."""
    sc = _lesson("base_2p_knight_tokens.catan.yaml")
    steps = _Steps(sc)
    said = [" ".join(steps.texts(n)) for n, throws in _roll_steps(sc) if len(throws) == 2]
    assert any(
        "a 3, which pays P1 1 ore; then the white 1 and the red 3: a 4, which pays P1 1 wool "
        "and P2 1 grain." in s
        for s in said
    ), said


@pytest.mark.parametrize("name", LESSONS)
def test_a_step_of_two_throws_says_what_each_throw_it_adds_did(name: str) -> None:
    """Where the step's sentence adds a throw's total the lesson does not say, it says what
    that throw did (an event die's throws aside: their lessons tell the event first)."""
    sc = _lesson(name)
    steps = _Steps(sc)
    untold = []
    for node, throws in _roll_steps(sc):
        nodes = [*roll_nodes(sc.tree.rules, node), node]
        if len(throws) < 2 or any(str(n.action).startswith("event ") for n in nodes):
            continue
        for text in steps.texts(node):
            if text.startswith("The white die shows"):
                bare = [m[0] for m in _ADDED_TOTAL.finditer(text) if not m["did"]]
                untold += [f"{node.id} {node.action}: {text!r}"] if bare else []
    assert untold == [], f"{name}: {untold}"


@pytest.mark.parametrize("name", LESSONS)
def test_a_roll_s_step_tells_its_dice_after_what_came_before_them(name: str) -> None:
    """What a step took in before its first die (a steal between two rolls, the end of the
    turn before the dummy's roll) is told before the sentence naming the dice."""
    sc = _lesson(name)
    steps = _Steps(sc)
    late = []
    for node, _ in _roll_steps(sc):
        texts = steps.texts(node)
        dice = [i for i, t in enumerate(texts) if t.startswith("The white die shows")]
        nodes = [*roll_nodes(sc.tree.rules, node), node]
        first = next((i for i, n in enumerate(nodes) if isinstance(n.action, Die)), 0)
        before = [n.comment for n in nodes[:first] if n.comment and n.comment in texts]
        if dice and any(texts.index(c) > dice[0] for c in before):
            late.append(f"{node.id} {node.action}: {texts[:2]!r}")
    assert late == [], f"{name}: {late}"


@pytest.mark.parametrize("name", LESSONS)
def test_a_roll_s_dice_are_said_in_one_wording(name: str) -> None:
    """A roll's step names its dice in the step's own sentence ("The white die shows 1 and the
    red die 2: a 3."), in every lesson: 3.2's comment "The red die shows 2, so with the white 1
    the roll is 3" stood in its place (a fresh learner, s17: two wordings of one thing)."""
    sc = _lesson(name)
    steps = _Steps(sc)
    other = [
        f"{node.id} {node.action}: {text!r}"
        for node, _ in _roll_steps(sc)
        for text in steps.texts(node)
        if re.search(r"\bred die shows\b", text)
    ]
    assert other == [], other


def test_an_open_question_s_step_is_told_over_it_at_every_width() -> None:
    """3.2's question: its step's sentence ("The white die shows 1 and the red die 2: a 3.")
    in a box of its own over the question, which no width moves after it (at 1024 the lesson's
    box, the goal's, comes after the question and its buttons: the step's words came under
    them, a fresh learner, s17); the goal and the rest stay in the lesson's box."""
    from catan_tutor.widgets.app import App

    sc = _lesson("puzzle_base_trading.catan.yaml")
    t = App(start="puzzle_base_trading").tutor
    for node_id in sc.puzzles:
        t.session.goto(node_id)
        assert t.session.puzzle_secret
        told = " ".join(_Steps(sc).texts(sc.tree.nodes[node_id]))
        assert told and t.story.layout.display != "none", node_id
        words = re.sub(r"<[^>]+>", "", t.story.value)
        assert told.split(":")[0] in words and told.split(":")[0] not in t.lesson.value
        side = list(t.side.children)
        assert side.index(t.story) < side.index(t.puzzle.widget)
    t.session.play(str(sc.tree.nodes[node_id].children[0].action))  # answered: one box again
    assert t.story.layout.display == "none" and not t.session.puzzle_secret
