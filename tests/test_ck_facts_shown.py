"""The Cities & Knights facts a question needs are on the page at the question (l19 at 10.6:
"P1 holds 5 cloth. Take a metropolis from another player", its hint "Look at the tracks on
which P1 is as high as a metropolis holder", and no seat's levels anywhere in lesson mode).
Swept over every C&K question: the row under the hand says every seat's level on every track
and which city holds each metropolis (city_levels; CK-IMPROVE-BUILD, CK-METRO-TAKE); a
question on the barbarians has the ship's track and the strengths it compares drawn
(CK-BARB-STRENGTH, CK-BARB-DEFENSE); a question on knights has each knight's strength and
whether it is active in the board's words (CK-KNIGHT-STRENGTH)."""

from __future__ import annotations

import html
import re

import pytest
from puzzle_answers import Asked, at_question, course_puzzles, lesson

from catan_tutor.actions import TRACK_NAMES
from catan_tutor.board import VERTEX_LABELS
from catan_tutor.game import Game
from catan_tutor.scene import strip_scene
from catan_tutor.widgets.city_levels import HEADING, levels_html
from catan_tutor.widgets.describe import describe

PUZZLES = [
    p for p in course_puzzles() if lesson(p.lesson).timeline.rules.caps.improvements
]  # fmt: skip
IDS = [f"{p.lesson}@{p.node}" for p in PUZZLES]
LEVELS = ("basic", "strong", "mighty")


def _words(html_text: str) -> str:
    """The row's text as a learner reads it (tags gone, a line break or a block's end a new
    line: the knights' key follows the levels, knight_key.py)."""
    text = html_text.replace("<br>", "\n").replace("</div>", "</div>\n")
    return html.unescape(re.sub(r"<[^>]+>", "", text))


def test_some_questions_are_swept() -> None:
    assert len(PUZZLES) >= 12
    assert any(p.lesson == "puzzle_ck_metropolis" for p in PUZZLES)


@pytest.mark.parametrize("asked", PUZZLES, ids=IDS)
def test_a_ck_question_has_its_facts_on_the_page(asked: Asked) -> None:
    t = at_question(asked)
    g, s = t.session.game, t.session.game.state
    text = " ".join((asked.puzzle.prompt, *asked.puzzle.hints))
    row = _words(t.controls.hand.value)
    if s.phase.startswith("setup"):  # every track at 0, nobody's metropolis
        assert HEADING not in row and not any(max(levels) for levels in s.levels)
    else:
        assert HEADING in row, f"{asked.lesson}@{asked.node}: no levels under the hand"
        lines = {line.split(":")[0]: line for line in row.splitlines() if ":" in line}
        for p in range(g.players):
            line = lines[s.name(p)]
            for t_, track in enumerate(TRACK_NAMES):
                assert re.search(rf"\b{track} {s.levels[p][t_]}\b", line), line
                v = s.metro[t_]
                if v >= 0 and s.vowner[v] == p:
                    assert f"{track} {s.levels[p][t_]} (metropolis on {VERTEX_LABELS[v]})" in line
            others = [v for t_, v in enumerate(s.metro) if v >= 0 and s.vowner[v] != p]
            assert not any(VERTEX_LABELS[v] in line for v in others), line
    if re.search(r"barbarian|defen[cs]e", text, re.I):
        strip = strip_scene(s)
        assert strip.barbarians is not None and strip.defenders is not None
    if re.search(r"knight", text, re.I):
        said = " ".join(describe(g, secret=True))
        for v, k in enumerate(s.kn):
            if k is not None:
                active = "active" if k[2] else "inactive"
                knight = f"{LEVELS[k[1] - 1]} knight on {VERTEX_LABELS[v]}, {active}"
                assert knight in said, f"{asked.lesson}@{asked.node}: {knight}"


def test_the_levels_row_names_the_metropolis_city() -> None:
    """10.6's first question: P1, P2 and P3 at trade 4, P1 at science 3, P2's trade metropolis
    on O4, P3's science metropolis on C6 (the facts its answer reads)."""
    (asked,) = [p for p in PUZZLES if p.lesson == "puzzle_ck_metropolis" and p.node == 5]
    sc = asked.scenario()
    game = Game(sc.timeline.rules, sc.timeline.nodes[asked.node].state)
    row = _words(levels_html(game))
    assert "P1: science 3 · trade 4 · politics 1" in row
    assert "P2: science 0 · trade 4 (metropolis on O4) · politics 0" in row
    assert "P3: science 4 (metropolis on C6) · trade 4 · politics 0" in row
