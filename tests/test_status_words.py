"""The status line never offers what the page greys (a fresh learner, l22 at 9.18, 2.2, 5.13
and 10.6: after a right answer it said "P1: trade, build, play a card or end the turn" under a
grey End turn and no palette; catan_tutor.widgets.status_words)."""

from __future__ import annotations

import html
import re

import pytest
from puzzle_answers import at_question, course_puzzles

from catan_tutor.grammar import sentence
from catan_tutor.study.puzzle import answer_nodes
from catan_tutor.widgets.kinds import spot_label, target_of
from catan_tutor.widgets.puzzle_state import GO_ON
from catan_tutor.widgets.status_words import TURN_SAYS, choices_words

pytestmark = pytest.mark.course  # a sweep over the course's puzzles

# each choice the turn's words may name, and whether the page offers it now (the palette's
# kinds; End turn: its own button lit)
BUILDS = {"settle", "build road", "build city", "build wall", "buy dev", "recruit", "promote"}
CHOICES = {
    "trade": lambda kinds, end: bool({"bank trade", "offer", "harbor offer"} & kinds),
    "build": lambda kinds, end: bool((BUILDS | {"improve"}) & kinds),
    "play a card": lambda kinds, end: any(k.startswith("play ") for k in kinds),
    "end the turn": lambda kinds, end: end,
}


def test_the_turns_choices_keep_only_those_offered():
    assert choices_words(TURN_SAYS, ["offer", "end turn"]) == "trade or end the turn"
    assert choices_words(TURN_SAYS, ["improve", "play progress"]) == "build or play a card"
    assert choices_words(TURN_SAYS, ["bank trade", "settle", "play knight", "end turn"]) == (
        TURN_SAYS
    )
    assert choices_words("place a road", ["build road"]) == "place a road"
    assert choices_words(TURN_SAYS, []) == TURN_SAYS  # (nothing offered: the line says ▶)


def test_after_every_right_answer_the_status_line_names_only_what_the_page_offers():
    """Every puzzle of the course, each of its right answers (three at most): the status line
    (the header's prompt) says ▶ goes on while no move is offered, and the move it plays (l45
    at 4.3: after the Knight card no control moved the robber, nothing said ▶ would), and
    otherwise each of the turn's choices it names has a kind in the palette (End turn: its
    button lit)."""
    met = {"solved": 0, "choices": 0}  # (4.3's Knight card, the robber next, was one: its
    # answer is now the roll, s42)
    for asked in course_puzzles():
        first = at_question(asked)
        rules = first.session.timeline.rules
        for answer in answer_nodes(asked.puzzle, first.session.timeline.current, rules)[:3]:
            t = at_question(asked)
            s, c = t.session, t.controls
            t.puzzle.submit(str(answer.action))
            if s.puzzle_secret:  # asked again at once: "answer the question below"
                continue
            prompt = t.header.value.split("class='catan-head-prompt'>", 1)[1]
            said = re.sub("<[^>]+>", "", html.unescape(prompt))
            where = f"{asked.lesson}@{asked.node}: {said}"
            shown = c.palette.layout.display != "none"
            offered = {k for _, k in c.palette.options} if shown else set()
            end = not c.end_button.disabled
            if not offered and not end and c.roll_button.disabled:
                # (who plays the lesson's move ▶ plays, and its kind, is said after it: l45
                # at 4.3; never its spot, s42)
                said, _, ahead = said.partition(f"{GO_ON} ")
                assert not said and ahead.endswith(" next."), where
                ahead_move = s.timeline.current.children[0].action
                st = s.timeline.current.state
                spot = target_of(ahead_move)
                assert spot is None or spot_label(spot).split()[1] not in ahead, where
                if not ahead_move.is_chance:
                    assert ahead.startswith(sentence(st.name(ahead_move.player))), where
                met["solved"] += 1
                continue
            named = [w for w in CHOICES if re.search(rf"\b{w}\b", said)]
            assert all(CHOICES[w](offered, end) for w in named), where
            met["choices"] += "trade" in named or "end the turn" in named
    assert all(met.values()), met


def test_at_an_open_question_the_heading_says_puzzle_nowhere_the_box_says_it():
    """10.6 (l26): on a wide page the heading said "Puzzle: answer the question below" right
    above the question's box titled "Puzzle" (and the title line says "a puzzle"): said
    twice. The heading says only what to do."""
    for asked in course_puzzles()[:3]:
        t = at_question(asked)
        head = t.header.value.split("class='catan-head-asked'>", 1)[1].split("</span>", 1)[0]
        assert head == "Answer the question below.", head
        assert "Puzzle" in t.puzzle.prompt.value  # the box's title says it
