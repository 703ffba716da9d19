"""The Editor's choices and the Hint's settings live in the session (issue 33: they lived in
the widgets and outlived the game): the views send the learner's changes there and show what
it keeps; another lesson or game starts the Editor's choices afresh (an edit of this game
keeps them), while the Hint's settings, the learner's own, stay."""

from __future__ import annotations

import pytest

from catan_tutor import board
from catan_tutor.widgets import App
from catan_tutor.widgets.session_choices import EditChoice, HintSettings


def app_with_choices() -> App:
    """Knight displacement (C&K) with the Editor on: a strong active knight of P2 chosen, P3's
    hand shown; the Hint looking 3 turns ahead with 40 games a move."""
    app = App(start="Knight displacement", query="")
    s, t = app.session, app.tutor
    t.editor.mode.value = True
    t.editor.piece.value = "knight"
    t.editor.owner.value = "P2"
    t.editor.level.value, t.editor.active.value = "strong", True
    t.editor.who.value = "P3"
    t.hints.n.value, t.hints.turns.value = 40, 3
    assert (s.edit_choice.piece, s.edit_choice.owner, s.edit_choice.hand_of) == (
        "knight",
        "P2",
        "P3",
    )
    assert (s.edit_choice.level, s.edit_choice.active) == ("strong", True)
    assert (s.hint_settings.games, s.hint_settings.turns) == (40, 3)
    return app


@pytest.mark.parametrize("how", ["lesson", "new game"])
def test_another_lesson_or_game_starts_the_editor_s_choices_afresh(how: str) -> None:
    app = app_with_choices()
    s, t = app.session, app.tutor
    if how == "lesson":
        assert app.open("Wedding and Sabotage")
    else:
        app.new()
    chosen = s.edit_choice.shown(s.game)
    assert (chosen.piece, chosen.owner, chosen.level, chosen.active) == (
        "settlement",
        "P1",
        "basic",
        False,
    )
    assert chosen.hand_of == s.game.names[0]
    editor = t.editor  # the view shows what the session keeps
    assert (editor.piece.value, editor.owner.value, editor.who.value) == (
        "settlement",
        "P1",
        s.game.names[0],
    )
    assert (editor.level.value, editor.active.value) == ("basic", False)
    # the Hint's settings are the learner's own: kept, and shown
    assert (s.hint_settings.games, s.hint_settings.turns) == (40, 3)
    assert (t.hints.n.value, t.hints.turns.value) == (40, 3)


def test_an_edit_keeps_the_editor_s_choices_and_a_click_places_what_the_session_keeps() -> None:
    app = app_with_choices()
    s, t = app.session, app.tutor
    st = s.game.state
    end = next(  # a free corner at the end of one of P2's roads (CK-KNIGHT-RECRUIT)
        v
        for v in range(board.N_VERTICES)
        if st.vowner[v] < 0
        and st.kn[v] is None
        and any(st.eowner[e] == 1 for e in board.VERTEX_EDGES[v])
    )
    t.act_at(("vertex", end))  # an edit: a new line of this game, not another game
    assert s.game.state.kn[end][:3] == (1, 2, True)  # P2's strong active knight
    assert (s.edit_choice.piece, s.edit_choice.owner) == ("knight", "P2")
    s.edit_choice.choose(piece="remove")  # chosen in the session: the view follows
    assert t.editor.piece.value == "remove"
    t.act_at(("vertex", end))
    assert s.game.state.kn[end] is None
    with pytest.raises(ValueError, match="no such choice"):
        s.edit_choice.choose(colour="red")


def test_the_hint_thinks_as_the_session_s_settings_say() -> None:
    """The Hint's fields show the session's settings and a hint runs with them: a setting past
    the Hint's limits kept in the session refuses the hint, saying why."""
    from catan_tutor.widgets.hint_panel import HintPanel

    app = App(start="Knight displacement", query="")
    s, t = app.session, app.tutor
    s.hint_settings.choose(games=4, turns=1)  # kept before the Hint is first shown
    assert (t.hints.n.value, t.hints.turns.value) == (4, 1)
    t.hints.run(wait=True)
    assert t.hints.status == "done" and "1 turn" in t.hints.result.value
    kept = HintSettings(lambda event: None)  # a view that is not told: it runs the kept values
    panel = HintPanel(lambda: s.game, settings=kept)
    kept.choose(games=6000)
    panel.run(wait=True)
    assert panel.status == "refused" and "games after each move" in panel.result.value


def test_the_choices_emit_only_when_they_change() -> None:
    events: list[str] = []
    choice, kept = EditChoice(events.append), HintSettings(events.append)
    choice.choose(piece="settlement")
    kept.choose(games=200, turns=10)
    assert events == []
    choice.choose(piece="city")
    kept.choose(turns=4)
    assert events == ["choices", "choices"]
    choice.reset()
    assert choice.piece == "settlement" and events == ["choices", "choices"]
