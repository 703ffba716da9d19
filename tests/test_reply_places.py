"""s17: the replies that send the learner somewhere on the page name a place shown then. At a
puzzle's question a tap on the board for a move not made there said "use the form below, or
type it under Try a move", neither of them on screen (the question's own box is where it is
typed); in lesson mode Try a move is one of Explore's tools, so a reply names Explore first."""

from __future__ import annotations

import pytest
from helpers import after_setup, from_fields, position_fields
from puzzle_answers import at_question, course_puzzles

from catan_tutor import board
from catan_tutor.widgets.kinds import clicked_fields, moment_kinds, variant_kinds
from catan_tutor.widgets.tutor import Tutor

pytestmark = pytest.mark.course  # a sweep over the course (min_versions.sh leaves it out)
# a corner, an edge and a hex of the board: a tap on each kind of spot
SPOTS = (
    ("vertex", board.parse_vertex("H4")),
    ("edge", board.parse_edge("H3")),
    ("hex", board.parse_hex("K")),
)


def _replies(t: Tutor) -> list[str]:
    """The replies on the page now: the session's line under the palette, the puzzle's note."""
    return [t.controls.message.value, t.puzzle.result.value if t.puzzle.result else ""]


def test_at_every_question_a_reply_names_the_puzzles_box_not_tools_hidden_there():
    """Every puzzle's question, every kind of its palette chosen and each kind of spot tapped:
    no reply names Try a move or the form (not shown at a question); a move not made on the
    board is sent to the puzzle's box."""
    sent = 0
    for asked in course_puzzles():
        t = at_question(asked)
        s = t.session
        for kind in moment_kinds(s.game):
            cls = variant_kinds(s.game).get(kind)
            if cls is None or clicked_fields(cls):
                continue  # (a move made on the board: the tap plays or is judged)
            s.choose_kind(kind)
            for spot in SPOTS:
                t.act_at(spot)
                for said in _replies(t):
                    assert "Try a move" not in said and "form below" not in said, (
                        asked.lesson,
                        kind,
                        said,
                    )
                sent += "box above" in _replies(t)[1]
            if s.puzzle.right:
                break
    assert sent >= 5, sent


def test_in_lesson_mode_try_a_move_is_named_behind_explore():
    """A lesson, its tools folded (lesson mode): Monopoly chosen and a hex tapped, and a kind
    with nothing to play chosen: the reply sends the learner to Explore, then Try a move; in
    Explore, to Try a move, which is shown there."""
    head, f = position_fields(after_setup("base", 4), {"phase": "main", "dice": "3,4"})
    t = Tutor(from_fields(head, f))
    s = t.session
    for exploring in (False, True):
        t.explore.value = exploring
        assert s.exploring is exploring
        s.choose_kind("play monopoly")
        t.act_at(("hex", board.parse_hex("K")))
        said = t.controls.message.value
        assert ("press Explore and type it under Try a move" in said) is not exploring, said
        # (no Monopoly card held: its form without an example, none legal; s31)
        assert "Try a move" in said and "Playing Monopoly is typed as" in said, said
