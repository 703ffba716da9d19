"""Replies a fresh learner (s41/s42) found saying a thing twice or hiding what they meant."""

from __future__ import annotations

from puzzle_answers import judged


def test_a_word_that_is_no_move_is_said_once():
    """1.4: "asdf" was told "That is not a move: “asdf”. I cannot read “asdf”." (the same
    thing twice); one word of several unread is still named."""
    said = judged("puzzle_base_setup", 13, "asdf").text
    assert said.startswith("That is not a move: “asdf”. Type ") and said.count("asdf") == 1
    two = judged("puzzle_base_setup", 13, "asdf qwer").text
    assert "I cannot read “asdf”." in two


def test_a_card_drawn_by_chance_is_drawn_by_a_draw_button_not_roll():
    """s41 at 8.11, played on: the green "Roll" drew a progress card, and nothing said the
    card was drawn unseen. A card drawn by chance (a progress card after the event die, a
    development card, a card stolen or forced) is drawn by "Draw a card", its tooltip saying
    it is picked unseen; the dice still "Roll"; the form's deck list is named "deck"."""
    from catan_tutor.form_words import field_label
    from catan_tutor.variants.ck_actions import DrawProgress
    from catan_tutor.widgets import App
    from catan_tutor.widgets.layout_steps import DRAW_TIP

    t = App(start="ck_2p_alchemy", query="").tutor
    button = t.controls.roll_button
    t.session.goto(1)  # the event die to throw
    assert button.description == "Roll" and "dice" in button.tooltip
    t.session.goto(2)  # the politics card it draws
    assert t.session.game.is_chance()
    assert button.description == "Draw a card" and button.tooltip == DRAW_TIP
    assert field_label("track", DrawProgress) == "deck"
    # the robber's steal is no drawn card: "Draw a card" read as a development card at 5.1
    # (learner 278); it says "Steal a card", its tooltip whose hand it takes from
    t = App(start="base_2p_double_roll", query="").tutor
    robbed = next(n for n in t.session.timeline.walk() if type(n.action).__name__ == "MoveRobber")
    t.session.goto(robbed.id)
    button = t.controls.roll_button
    assert button.description == "Steal a card" and "victim's hand" in button.tooltip


def test_a_kind_a_tap_chose_is_chosen_again_by_a_tap_on_another_kind_of_spot():
    """s42 at 1.4's first question ("Now place P1's first road"): a tap near K6 chose "Build
    a settlement" without a word, and the right edge N3, tapped next, was refused with "This
    move goes on a corner, not on an edge". A kind a tap chose follows the next tap's kind of
    spot; a kind chosen by its button stays, and the wrong spot is said."""
    from puzzle_answers import at_question, course_puzzles

    from catan_tutor.board import parse_edge, parse_vertex

    asked = next(a for a in course_puzzles() if (a.lesson, a.node) == ("puzzle_base_setup", 1))
    t = at_question(asked)
    s = t.session
    t.controls.act_at(("vertex", parse_vertex("K6")))
    assert s.puzzle.right is None  # a wrong answer: the kind the tap chose is unchosen, not
    assert s.kind == "" and not s.kind_tapped  # lit as if it were a hint (helper 262, s42)
    assert t.controls.palette.value is None  # the palette lights no kind
    t.controls.act_at(("edge", parse_edge("N3")))
    assert s.puzzle.right is not None and s.puzzle.right.correct
    again = at_question(asked)
    again.session.choose_kind("settle")  # its button
    again.controls.act_at(("edge", parse_edge("N3")))
    assert again.session.kind == "settle" and again.session.puzzle.right is None
    assert "This move goes on a corner, not on an edge" in again.puzzle.result.value


def test_a_corner_said_by_its_hexes_with_their_terrains_is_that_corner():
    """s42 at 1.4's second question: "settlement where forest M, mountains N and hills Q
    meet" was told 2 corners touch a forest, mountains and hills (the letters unread), and
    "P3 settle at M, N, Q" that "“M” is not a corner": both name M4, where the three meet."""
    for typed in (
        "P3 settlement where forest M, mountains N and hills Q meet",
        "P3 settle at M, N, Q",
        "P3 settle between M N Q",
    ):
        assert judged("puzzle_base_setup", 9, typed).text.startswith("Right: P3 builds"), typed


def test_a_card_played_by_its_seat_alone_opens_a_form_of_its_play_alone():
    """s41 at 4.3's second question: "Play a Knight" opened a form of one greyed list,
    "player P1", over Play: a field with nothing to choose. Its Play shows alone."""
    from puzzle_answers import at_question, course_puzzles

    asked = [a for a in course_puzzles() if a.lesson == "puzzle_base_awards"][1]
    t = at_question(asked)
    t.session.choose_kind("play knight")
    form = t.controls.form
    assert form is not None and form.names == ["player"] and str(form.action()) == "P1 knight"
    shown = form.frame.widget.children
    assert form.pickers["player"] not in shown and form.frame.buttons in shown
