"""A right answer typed with another name of its spot is said by its printed label, told once
which label the learner's name is (l26 at 4.3: "road Q1" was told "Right · P1 builds a road
on N7", Q1 and N7 never said to be one edge; s31: "also called" confused, a spot has one
printed name: ``study/typed_names.py``): the page's verdict, not only the judge's, swept over
every course question whose answer is a spot with another name."""

from __future__ import annotations

import html
import re

from puzzle_answers import at_question, course_puzzles

from catan_tutor.actions import spot_fields
from catan_tutor.board import _EDGE_ALIASES, EDGE_LABELS, VERTEX_LABELS, vertex_aliases
from catan_tutor.game import Game

_LABELS = {"vertex": VERTEX_LABELS, "edge": EDGE_LABELS}


def _aliases(kind: str, spot: int) -> list[str]:
    """Its other names of a hex and a number ("Q1"; not "N/O/R")."""
    names = (
        vertex_aliases(spot)
        if kind == "vertex"
        else [k for k, e in _EDGE_ALIASES.items() if e == spot]
    )
    return sorted(k for k in names if re.fullmatch(r"[A-S]\d+", k))


def _typed_otherwise():
    """(asked, the answer typed with another name of its spot, that name, the board's)."""
    for asked in course_puzzles():
        if not asked.puzzle.answers:  # (a question of a rule: no move answers it)
            continue
        sc = asked.scenario()
        node = sc.timeline.nodes[asked.node]
        a = Game(sc.timeline.rules, node.state).parse(asked.puzzle.answers[0])
        for name, kind, _ in spot_fields(type(a)):
            spot = getattr(a, name)
            if kind not in _LABELS or not isinstance(spot, int) or spot < 0:
                continue
            label = _LABELS[kind][spot]
            other = next((x for x in _aliases(kind, spot) if x != label), None)
            if other is not None and label in str(a).split():
                yield asked, str(a).replace(label, other), other, label
            break


def test_a_right_answer_typed_by_another_name_says_its_printed_label_on_the_page() -> None:
    swept = 0
    for asked, typed, other, label in _typed_otherwise():
        t = at_question(asked)
        t.puzzle.submit(typed)
        right = t.puzzle.state.right  # the "Right" the page shows (above a next question too)
        assert right is not None and right.correct, (asked.lesson, typed, right)
        kind = "corner" if label in VERTEX_LABELS else "edge"
        assert f"“{other}” is the {kind} the board labels {label} (a" in right.text, (
            typed,
            right.text,
        )
        assert "also called" not in right.text, (asked.lesson, typed, right.text)
        said = html.unescape(re.sub(r"<[^>]+>", " ", t.puzzle.result.value))
        assert "also called" not in said, (asked.lesson, typed, said[:300])
        swept += 1
    assert swept >= 3, swept
