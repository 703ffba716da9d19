"""What a fresh learner (l34) typed and read in the course (s28)."""

from __future__ import annotations

# One table of the words a learner names a terrain by


def test_a_terrain_is_read_by_one_table_of_words():
    """place_words and hex_spot_words each held the same table of terrain words: one now,
    so a word added for one reader is read by both."""
    from catan_tutor.words import hex_spot_words, place_words

    assert hex_spot_words.TERRAIN_WORDS is place_words.TERRAIN_WORDS
    assert not hasattr(place_words, "_TERRAIN_WORDS")
