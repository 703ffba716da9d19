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
