"""What a step or a reply says once (s18, a fresh learner): a cost said twice in one text
(8.11: "activates the strong knight on O6 for 1 grain. P1's strong knight stands up for 1 grain
and counts 2"), a corner named by itself in brackets (8.11: "Q2 (also called N6) … Q2 (Q2)":
the engine's echo of the learner's label and the reply's both), and this tutor's reading said
in one wording wherever it shows ("Our reading:" in a rule's opened text, "this tutor's
reading" in the lessons)."""

from __future__ import annotations

import re

import pytest
from puzzle_answers import course_puzzles

from catan_tutor import rulebook
from catan_tutor.actions import spot_fields
from catan_tutor.board import CARD_NAMES, EDGE_LABELS, VERTEX_LABELS, parse_edge, parse_vertex
from catan_tutor.study.puzzle import answer_nodes, judge
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import SUFFIX, load_scenario
from catan_tutor.widgets import verdicts
from catan_tutor.widgets.wording import step_caption

_N = r"(?:\d+|an?|one|two|three)"
_CARD = rf"{_N} (?:{'|'.join(CARD_NAMES)})s?"
COST = re.compile(rf"\bfor {_CARD}(?: and {_CARD})*\b")


def _twice(text: str) -> list[str]:
    said = [m[0] for m in COST.finditer(text)]
    return sorted({x for x in said if said.count(x) > 1})


@pytest.mark.course
def test_no_right_answer_and_no_step_says_a_cost_twice():
    """Every puzzle's "Right" (the move's sentence, then why) and every lesson step's caption
    with its tutor text: no cost ("for 1 grain") said twice."""
    twice = []
    for asked in course_puzzles():
        tl = asked.scenario().timeline
        assert tl is not None
        at = tl.nodes[asked.node]
        for hit in answer_nodes(asked.puzzle, at, tl.rules):
            said = judge(asked.puzzle, at, tl.rules, hit.action).text
            twice += [(asked.lesson, asked.node, x) for x in _twice(said)]
    for path in sorted(packaged_lessons().glob(f"*{SUFFIX}")):
        tl = load_scenario(path).timeline
        for node in tl.nodes.values() if tl is not None else ():
            said = f"{step_caption(node)} {node.tutor}"
            twice += [(path.name, node.id, x) for x in _twice(said)]
    assert not twice, twice


_ALIASES = {
    "vertex": (VERTEX_LABELS, parse_vertex),
    "edge": (EDGE_LABELS, parse_edge),
}


def _other_name(kind: str, spot: int) -> str:
    """Another label of the same spot than the board's ('' for none)."""
    labels, parse = _ALIASES[kind]
    for hexl in "ABCDEFGHIJKLMNOPQRS":
        for hour in range(1, 13):
            name = f"{hexl}{hour}"
            try:
                if parse(name) == spot and name != labels[spot]:
                    return name
            except ValueError:
                continue
    return ""


@pytest.mark.course
def test_a_spot_typed_by_another_name_is_named_once_in_a_reply():
    """At every question answered on a corner or an edge, the answer's kind typed on each
    spot of the board by another of its names: the reply names the spot the learner's way,
    "(also called …)" once, and never a label beside itself in brackets ("Q2 (Q2)")."""
    bad = []
    for asked in course_puzzles():
        tl = asked.scenario().timeline
        assert tl is not None
        at = tl.nodes[asked.node]
        for hit in answer_nodes(asked.puzzle, at, tl.rules)[:1]:
            a = hit.action
            fields = [(f, k) for f, k, _ in spot_fields(type(a)) if k in _ALIASES]
            if len(fields) != 1:
                continue
            field, kind = fields[0]
            text = str(a).split()
            at_spot = _ALIASES[kind][0][getattr(a, field)]
            for spot in range(len(_ALIASES[kind][0])):
                name = _other_name(kind, spot)
                if not name:
                    continue
                typed = " ".join(name if w == at_spot else w for w in text)
                said = judge(asked.puzzle, at, tl.rules, typed).text
                if re.search(r"\b([A-S]\d{1,2}) \(\1\)", said) or said.count("(also called") > 1:
                    bad.append((asked.lesson, asked.node, typed, said))
    assert not bad, bad[:3]


def test_this_tutors_reading_is_said_in_one_wording_where_it_shows():
    """Every reading the rulebook records: its rule cited, its rule's details and its
    reading box say "this tutor's reading" in the words shown (a screen reader's hidden
    words aside), never "our reading"."""
    readings = [r for r in rulebook.rules() if rulebook.reading(r) is not None]
    assert readings
    for rule in readings:
        for html in (
            verdicts.lesson_html(f"So it goes ({rule})."),
            verdicts.rule_details(rule),
            verdicts.reading_html(rule),
        ):
            shown = re.sub(r"<span class='catan-sr-only'>[^<]*</span>", "", html)
            shown = re.sub(r"aria-label='[^']*'", "", shown)
            assert "our reading" not in shown.lower(), (rule, shown)
        assert "This tutor's reading" in verdicts.reading_html(rule).replace("&#x27;", "'")
