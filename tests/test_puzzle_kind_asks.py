"""A kind chosen at a puzzle's question with no move of it legal now says how to answer with
it: on the board where it is played there, else typed; never "click the spot" for a kind
not made on the board (3.2: "Play Monopoly" said "Click the spot on the board"; learner 14),
and a typed one says how it is typed, no example naming the answer (s16: "Make a forced
trade" said to type it, never what)."""

from __future__ import annotations

import pytest
from puzzle_answers import course_puzzles
from test_puzzle_secret import at_question

from catan_tutor.typed_forms import how_to_type
from catan_tutor.widgets.kinds import moment_kinds, spot_kind, variant_kinds
from catan_tutor.widgets.tutor_session import ASK_PUZZLE, ASK_PUZZLE_TYPED


@pytest.mark.course
def test_every_palette_kind_at_every_puzzle_says_how_to_answer_with_it():
    seen = {"board": 0, "typed": 0}
    for asked in course_puzzles():
        t = at_question(asked)
        s = t.session
        ours = variant_kinds(s.game)
        for kind in moment_kinds(s.game):
            cls = ours.get(kind)
            s.choose_kind(kind)
            said = s.message
            where = spot_kind(cls)
            if not where:
                assert "click" not in said.lower(), (asked.lesson, kind, said)
            if said == ASK_PUZZLE:
                assert where, (asked.lesson, kind)
                seen["board"] += 1
            elif said.startswith(ASK_PUZZLE_TYPED):  # then how the kind is typed (s16)
                assert not where, (asked.lesson, kind)
                how = how_to_type(s.game, cls, s.puzzle.secret_labels())
                assert how and said == f"{ASK_PUZZLE_TYPED} {how}", (asked.lesson, kind, said)
                seen["typed"] += 1
    assert seen["board"] and seen["typed"], seen  # both asks met (3.2's Monopoly typed)
