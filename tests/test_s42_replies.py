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
