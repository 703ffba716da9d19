"""A reply goes when a newer action of the learner supersedes it (learner 14): the red
"This move goes on a hex" after hex M is picked (2.2), "Choose what to do first" after a
kind is chosen (7.8), "Play Monopoly" lit with its ask after an answer typed or a hint (3.2)."""

from __future__ import annotations

from puzzle_answers import course_puzzles
from test_puzzle_secret import at_question

from catan_tutor import board
from catan_tutor.widgets.kinds import moment_kinds, spot_kind, variant_kinds
from catan_tutor.widgets.tutor_session import ASK_PUZZLE_TYPED


def _at(lesson: str, node: int | None = None):
    asked = next(a for a in course_puzzles() if a.lesson == lesson and node in (None, a.node))
    return at_question(asked)


def test_a_wrong_kind_of_spot_note_goes_when_the_hex_is_picked():
    t = _at("puzzle_base_robber")
    t.act_at(("vertex", board.parse_vertex("H4")))  # a corner: the robber goes on a hex
    assert "goes on a hex" in t.puzzle.result.value
    t.act_at(("hex", board.HEX_NAMES.index("M")))
    assert "Not the answer" in t.puzzle.result.value  # only P2 can be robbed on M: judged
    assert "goes on a hex" not in t.puzzle.result.value
    assert "catan-puzzle-note" not in t.puzzle.result.value


def test_choose_what_to_do_first_goes_when_a_kind_is_chosen():
    met = 0
    for asked in course_puzzles():
        t = at_question(asked)
        free = [v for v in range(board.N_VERTICES) if t.game.state.vowner[v] == -1]
        t.act_at(("vertex", free[0]))
        if "Choose what to do first" not in t.puzzle.result.value:
            continue
        met += 1
        ours = variant_kinds(t.game)
        kinds = [k for k in moment_kinds(t.game) if spot_kind(ours.get(k)) == "vertex"]
        kinds = kinds or moment_kinds(t.game)  # none on a corner: it named every kind
        t.session.choose_kind(kinds[0])  # one of those it named
        assert "Choose what to do first" not in t.puzzle.result.value, asked.lesson
    assert met  # 7.8's first moves, at least


def test_an_asked_kind_goes_when_an_answer_is_typed_or_a_hint_taken():
    t = _at("puzzle_base_trading")
    s = t.session
    for act in (lambda: t.puzzle.submit("P2 end turn"), t.puzzle.take_hint):
        s.choose_kind("play monopoly")
        assert (
            s.message.startswith(ASK_PUZZLE_TYPED) and t.controls.palette.value == "play monopoly"
        )
        act()
        assert s.message == "" and t.controls.message.value == ""
        assert s.kind == "" and t.controls.palette.value is None
