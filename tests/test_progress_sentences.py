"""A progress card's play in the page's words says what it does with its choices (s33: "P3
plays the progress card Invention on F Q", "Alchemy on 2 2" read as spots), each card by its
own phrase (``progress_sentences.PLAYED``, CK-PC-*), and reads back as the move."""

from __future__ import annotations

from functools import cache

import pytest
from puzzle_answers import course_timelines

from catan_tutor.game import Game
from catan_tutor.move_words import read_move
from catan_tutor.progress_cards import CARDS
from catan_tutor.progress_sentences import PLAYED
from catan_tutor.variants.ck_actions import PlayProgress


@cache
def _played() -> list[tuple[str, Game, PlayProgress, str]]:
    """Every progress card played in the course with a choice: (lesson, the game before it,
    the move, its sentence)."""
    out = []
    for name, tl in course_timelines():
        for node in tl.nodes.values():
            a = node.action
            if isinstance(a, PlayProgress) and node.parent is not None and a.args:
                out.append((name, Game(tl.rules, node.parent.state), a,
                            a.sentence(node.parent.state)))  # fmt: skip
    return out


def test_every_card_played_with_a_choice_in_the_course_is_said_by_its_phrase():
    said = {CARDS[a.card]: text for _, _, a, text in _played()}
    assert len(said) >= 13, sorted(said)  # (most cards with a choice are played somewhere)
    for card, text in said.items():
        assert card in PLAYED or card == "guild-dues", text  # (its own: "…, taking … from P3")
        assert " on " not in text.split(",")[0], text


@pytest.mark.parametrize(
    ("card", "text"),
    [
        ("alchemy", "P2 plays the progress card Alchemy, setting the white die to 2 and the "
                    "red die to 2."),
        ("invention", "P3 plays the progress card Invention, swapping the number tokens of "
                      "hexes F and Q."),
        ("espionage", "P1 plays the progress card Espionage, looking at P2's progress cards "
                      "and taking Merchant Fleet."),
        ("treason", "P1 plays the progress card Treason, making Neutral 1 remove a knight."),
        ("diplomacy", "P1 plays the progress card Diplomacy, removing the road on D9 and "
                      "building a road on Q9."),
    ],
)  # fmt: skip
def test_a_card_s_play_says_what_it_does(card, text):
    assert text in {t for _, _, a, t in _played() if CARDS[a.card] == card}


def test_every_card_s_play_in_the_page_s_words_reads_back_as_the_move():
    wrong = []
    for lesson, game, a, text in _played():
        try:
            got = read_move(game, text)
        except ValueError as e:
            got = e
        if got != a:
            wrong.append((lesson, text, str(got)[:80]))
    assert not wrong, wrong
