"""A tap's note under the board goes with the board it spoke of (``widgets.board_notes``): a
fresh learner (l23, a tablet) saw "Between edge Q3 and edge Q5: tap nearer the one you mean."
stay after the right answer in 4.3 and through every question of lesson 11.16."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from puzzle_answers import lesson

from catan_tutor import board, new_game
from catan_tutor.widgets import Tutor
from catan_tutor.widgets.board_notes import drop_note, is_note
from catan_tutor.widgets.spot_sentences import pointer_words

Q3, Q5 = ("edge", board.parse_edge("Q3")), ("edge", board.parse_edge("Q5"))


def _between(t: Tutor) -> None:
    t.view.reach = lambda *_: [Q3, Q5]  # type: ignore[method-assign]  # a finger between
    t.board.tap([(0.0, 0.0)])
    del t.view.reach  # (the instance's stand-in goes: the class's again)
    assert t.board.pointer.value == "Between edge Q3 and edge Q5: tap nearer the one you mean."


def _nothing(t: Tutor) -> None:
    t.board.act_on(None, "tap")
    assert t.board.pointer.value == "Nothing there: tap a corner, edge or hex."


def _played(t: Tutor) -> Tutor:
    t.session.play(t.game.legal_actions()[0])
    assert t.timeline.current.depth == 1
    return t


CHANGES: dict[str, Callable[[Tutor], object]] = {
    "step back": lambda t: t.session.back(),
    "jump": lambda t: t.session.goto(t.timeline.root),
    "a move": lambda t: t.session.play(t.game.legal_actions()[0]),
    "new game": lambda t: t.session.open(new_game("base", players=3)),
    "lesson": lambda t: t.session.open(lesson("puzzle_ck_progress"), "puzzle_ck_progress"),
}


@pytest.mark.parametrize("change", CHANGES)
@pytest.mark.parametrize("note", [_between, _nothing], ids=["between", "nothing"])
def test_a_taps_note_goes_on_a_step_a_jump_a_move_a_new_game_and_a_lesson(change, note):
    t = _played(Tutor(new_game("base", players=3)))
    note(t)
    CHANGES[change](t)
    assert not is_note(t.board.pointer.value), (change, t.board.pointer.value)


def test_a_note_goes_on_the_next_tap_that_acts():
    t = Tutor(new_game("base", players=3))
    _between(t)
    v = next(a.vertex for a in t.game.legal_actions())
    t.board.tap_spots = lambda: [("vertex", v)]  # type: ignore[method-assign]
    t.view.reach = lambda *_: [("vertex", v)]  # type: ignore[method-assign]
    t.board.tap([(0.0, 0.0)])
    assert t.game.state.vowner[v] == 0 and not is_note(t.board.pointer.value)


def test_the_pointers_words_are_no_note():
    said = pointer_words(Q3)
    assert said and not is_note(said) and drop_note(said) == said


def test_the_pointers_line_is_for_screen_readers_only_and_a_note_shows():
    """l23: "Pointer on hex B, a land tile." stood on screen beside Copy link after the
    pointer had gone. The pointer's line is visually hidden (still read out); a tap's note and
    the keyboard cursor's line show."""
    t = Tutor(new_game("base", players=3))
    label = t.board.pointer
    label.value = pointer_words(Q3)  # (what a pointer over Q3 says)
    assert "catan-sr-only" in label._dom_classes
    _nothing(t)
    assert "catan-sr-only" not in label._dom_classes
    t.board.move_cursor(0.0, 0.0)  # the keyboard's cursor: what Enter does there
    assert label.value.startswith("Cursor on") and "catan-sr-only" not in label._dom_classes
