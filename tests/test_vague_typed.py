"""Vague sentences and lone nouns typed in the puzzle box (l24 at 10.6): a sentence whose only
word of a move is what a move is about ("protect the metropolis") is read as no kind of move,
never asked a part of one ("Which track?" told 10.6's answer was an improvement); a lone noun
("science", "brick") asks which move is meant ("Not complete"), as a lone "road" does.
Swept over every course question."""

from __future__ import annotations

import pytest
from puzzle_answers import course_puzzles

from catan_tutor.actions import TRACK_NAMES
from catan_tutor.board import CARD_NAMES
from catan_tutor.move_words import INCOMPLETE, KIND_WORDS
from catan_tutor.progress_cards import CARDS
from catan_tutor.study.puzzle import judge

VAGUE = (
    "protect the metropolis",
    "protect the metropolis on A6",
    "get the metropolis",
    "keep my metropolis",
    "level up",
    "defend the metropolis level",
    "win the game",
    "stop the barbarians",
)
LONE = sorted({*TRACK_NAMES, *CARD_NAMES, "metropolis", "level"} - {"trade"})  # (a kind too)


def _judged(text: str):
    for asked in course_puzzles():
        sc = asked.scenario()
        yield asked, judge(asked.puzzle, sc.timeline.nodes[asked.node], sc.timeline.rules, text)


@pytest.mark.parametrize("text", VAGUE)
def test_a_vague_sentence_is_no_kind_of_move(text: str) -> None:
    """No question judges it (no "A city improvement is not the answer here") nor asks a
    part of a kind ("Which track?"): it is not read, its word not understood named."""
    wrong = [(a.lesson, j.text) for a, j in _judged(text) if j.read or j.text.endswith(INCOMPLETE)]
    assert not wrong, wrong[:3]


def test_protect_the_metropolis_names_the_word_not_read() -> None:
    said = {j.text for a, j in _judged("protect the metropolis") if "_ck_" in a.lesson}
    assert said and all("I cannot read “protect”." in t for t in said), said


@pytest.mark.parametrize("word", LONE)
def test_a_lone_noun_asks_which_move(word: str) -> None:
    """A track, resource, commodity or metropolis alone: "Which move is meant with …?"
    under "Not complete", wherever the game has it."""
    for asked, j in _judged(word):
        if not j.text.startswith("That is not a move") or "in this game" not in j.text:
            assert not j.read and j.text == f"Which move is meant with “{word}”? {INCOMPLETE}", (
                asked.lesson,
                j.text,
            )


def test_every_lone_kind_card_or_noun_is_read_or_incomplete() -> None:
    """Each word of a kind of move, a track, a card (resource, commodity, progress card)
    alone: read as a move, or asked its missing part, never "Not read" with an "I cannot
    read" (where the game has no such thing, that it has none is said; of a kind no answer
    of the question has, that it is not the answer: l42)."""
    words = sorted({*KIND_WORDS, *TRACK_NAMES, *CARD_NAMES, *CARDS} - {"active"})
    bad = []
    for asked in course_puzzles():
        sc = asked.scenario()
        ck = sc.timeline.nodes[asked.node].state.caps.improvements
        for w in words:
            if w in CARDS and not ck:  # a progress card in a game without them
                continue
            j = judge(asked.puzzle, sc.timeline.nodes[asked.node], sc.timeline.rules, w)
            told = "in this game" in j.text or "not a card that is played" in j.text
            told = told or " is not the answer here." in j.text
            if not j.read and not j.text.endswith(INCOMPLETE) and not told:
                bad.append((asked.lesson, w, j.text[:90]))
    assert not bad, bad[:5]


def test_a_track_with_its_words_is_still_an_improvement() -> None:
    """(10.6: its answer improves trade and takes the metropolis on A6, the one city that
    can take it: judged as that, l26.)"""
    for text in ("trade level 5", "improve trade", "P1 trade metropolis"):
        said = [j.text for a, j in _judged(text) if a.lesson == "puzzle_ck_metropolis"]
        assert any(t.startswith("Right: P1 improves trade") for t in said), said


@pytest.mark.parametrize("word", ["bank", "P1 bank", "trade"])
def test_a_lone_trade_word_asks_what_a_trade_lacks_not_which_number(word: str) -> None:
    """s21: "bank" alone was asked "Which number?", the notation's count, which a learner
    cannot place: now what a trade asks first, which cards are given."""
    said = [j.text for a, j in _judged(word) if a.lesson == "puzzle_base_trading"]
    assert said and all(t == f"Which cards are given? {INCOMPLETE}" for t in said), said
    assert not any("Which number?" in j.text for _, j in _judged(word))
