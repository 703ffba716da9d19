"""A question's answer explained once (s15, a fresh learner at lesson 1.4): after the right
answer, "P3 builds a settlement on M4: the settlement touches forest 8, mountains 3 and hills
5." stood in the lesson text just above the puzzle's "Right: P3 builds a settlement on M4. P3
places again at once. M4 touches forest 8 (5 dots), …". While the "Right" shows, the lesson
text says nothing the "Right" says (``right_once``)."""

from __future__ import annotations

import re

import pytest
from puzzle_answers import course_puzzles
from test_lesson_rule_marks import LESSONS, _lesson

from catan_tutor.study.puzzle import answer_nodes, judge
from catan_tutor.widgets import Tutor, verdicts

_HIDDEN = re.compile(r"<span class='catan-rule-ref-text'[^>]*>.*?</span>", re.S)
_NOTICE = re.compile(r"<div class='catan-notice'>.*?</ul></div>", re.S)
_KEY = re.compile(r"<div class='catan-marks-key'[^>]*>.*?</div>", re.S)
_TAG = re.compile(r"<[^>]*>")
RUN = 5  # words in a row said in both: said twice


def _words(html: str) -> list[str]:
    """The words a learner reads in the lesson text (not the opened rules, not "What to
    notice", not the key of the marks)."""
    for hidden in (_HIDDEN, _NOTICE, _KEY):
        html = hidden.sub(" ", html)
    return re.findall(r"[a-z0-9]+", _TAG.sub(" ", html).replace("&#x27;", "'").lower())


def _runs(words: list[str]) -> set[tuple[str, ...]]:
    return {tuple(words[i : i + RUN]) for i in range(len(words) - RUN + 1)}


WITH_QUESTIONS = [n for n in LESSONS if _lesson(n).puzzles]


@pytest.mark.parametrize("name", WITH_QUESTIONS)
def test_the_lesson_text_says_nothing_the_right_says(name: str) -> None:
    """Every question of the lesson, answered by the lesson's own answer: no run of RUN
    words in the lesson text is in the "Right" (its move and explanation) as well."""
    sc = _lesson(name)
    t = Tutor(sc)
    t.session.lesson_id = name.split(".")[0]
    twice = []
    for node_id, _ in sc.puzzles.items():
        node = sc.tree.nodes[node_id]
        t.session.goto(node.id)
        t.session.play(str(node.children[0].action))
        right = t.session.puzzle.right
        assert right is not None and right.correct, (name, node.children[0].action)
        said = re.findall(r"[a-z0-9]+", verdicts.plain(right.text).lower().replace("’", "'"))
        both = _runs(_words(t.lesson.value)) & _runs(said)
        if both:
            twice.append(f"{node.children[0].action}: {sorted(both)[:3]}")
    assert twice == [], f"{name}: {twice}"


def test_lesson_1_4_says_the_second_settlements_cards_once() -> None:
    """1.4's last question: the cards P1's second settlement pays are said by the step's
    text only; M4's caption no longer stands above its "Right"."""
    sc = _lesson("puzzle_base_setup.catan.yaml")
    last = [sc.tree.nodes[i] for i in sc.puzzles][-1]
    assert "1 brick, 1 lumber and 1 ore" not in sc.puzzles[last.id].explain
    assert "brick from the hills" in " ".join(last.children[0].tutor.split())
    t = Tutor(sc)
    t.session.lesson_id = "puzzle_base_setup"
    for node_id, puzzle in sc.puzzles.items():  # each question answered, in order, to M4's
        t.session.goto(node_id)
        t.session.play(str(sc.tree.nodes[node_id].children[0].action))
        if "P3 settle M4" in puzzle.answers:
            break
    assert "touches forest 8, mountains 3" not in t.lesson.value
    assert "pays one card per land hex" in t.lesson.value  # its tutor text stays
    assert "M4 touches forest 8 (5 dots)" in t.puzzle.result.value + t.puzzle.prompt.value


def test_a_right_answers_reply_says_each_thing_once() -> None:
    """A fresh learner, 5.13: "Right: P1 spends trade tokens to put the robber back on the
    desert. With trade tokens P1 puts the robber back on the desert before rolling ...": the
    move's sentence, then the puzzle's explanation saying it again. Each puzzle's reply to
    its answers: no four words in a row said twice (the rules cited left out)."""
    twice = []
    for asked in course_puzzles():
        sc = asked.scenario()
        assert sc.timeline is not None
        at = sc.timeline.nodes[asked.node]
        for node in answer_nodes(asked.puzzle, at, sc.timeline.rules):
            text = judge(asked.puzzle, at, sc.timeline.rules, node.action).text
            words = re.findall(r"[a-z0-9']+", re.sub(r"\([A-Z0-9, -]+\)", " ", text).lower())
            runs = [" ".join(words[i : i + 4]) for i in range(len(words) - 3)]
            said = sorted({r for r in runs if runs.count(r) > 1})
            if said:
                twice.append(f"{asked.lesson}@{asked.node}: {said}")
    assert twice == []


def _text_runs(text: str) -> set[str]:
    words = re.findall(r"[a-z0-9']+", re.sub(r"\([A-Z0-9, -]+\)", " ", text).lower())
    return {" ".join(words[i : i + 4]) for i in range(len(words) - 3)}


def test_a_question_does_not_repeat_its_step_s_words():
    """l28 at 1.4's second puzzle: "... so round 1 is over." then the question "Round 1 is
    over. Whose turn is it to place?": said twice, one above the other. Each puzzle's
    question and its step's comment (shown with it) share no four words in a row."""
    twice = []
    for asked in course_puzzles():
        node = asked.scenario().timeline.nodes[asked.node]
        said = sorted(_text_runs(node.comment or "") & _text_runs(asked.puzzle.prompt))
        if said:
            twice.append(f"{asked.lesson}@{asked.node}: {said}")
    assert twice == []
