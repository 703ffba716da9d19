"""Counts in words read wherever counts in digits are (l24: "I cannot read “one”"): every
legal move at every course question, said as the page says it with its counts in words
("P2 discards two ore, one grain"; "P2 builds one road on H3"), reads as the same move."""

from __future__ import annotations

import re

from puzzle_answers import course_puzzles

from catan_tutor.board import CARD_NAMES
from catan_tutor.count_words import NUMBER_WORDS
from catan_tutor.errors import CatanError
from catan_tutor.game import Game
from catan_tutor.move_words import read_move
from catan_tutor.widgets.move_list import move_words

WORDS = {v: k for k, v in NUMBER_WORDS.items()}
_COUNT = re.compile(rf"\b(\d{{1,2}})(?= (?:{'|'.join(CARD_NAMES)})s?\b)")
_ONE_PIECE = re.compile(r"\b(?:a|an)(?= (?:road|settlement|city|knight|wall)\b)")


def _said(game: Game, a) -> list[str]:
    s = game.state
    out = []
    for say in (lambda: a.sentence(s), lambda: move_words(a), lambda: move_words(a, s)):
        try:
            out.append(say())
        except (IndexError, KeyError, TypeError, ValueError, AttributeError):
            continue
    return out


def _in_words(text: str) -> str:
    text = _COUNT.sub(lambda m: WORDS.get(int(m[1]), m[1]), text)
    return _ONE_PIECE.sub("one", text)


def test_counts_in_words_read_as_counts_in_digits() -> None:
    seen, bad = 0, []
    for asked in course_puzzles():
        sc = asked.scenario()
        game = Game(sc.timeline.rules, sc.timeline.nodes[asked.node].state)
        per_kind: dict[type, int] = {}
        for a in game.legal_actions():
            if per_kind.setdefault(type(a), 0) >= 4:  # a few of each kind (its templates)
                continue
            per_kind[type(a)] += 1
            for said in _said(game, a):
                words = _in_words(said)
                if words == said:
                    continue
                try:
                    if read_move(game, said) != a:
                        continue  # (not read so in digits either)
                except CatanError:
                    continue
                seen += 1
                try:
                    got = read_move(game, words)
                except CatanError as e:
                    got = e
                if got != a:
                    bad.append((asked.lesson, words, str(got)[:80]))
    assert seen >= 20 and not bad, (seen, bad[:5])


def _trading_game() -> Game:
    asked = next(a for a in course_puzzles() if a.lesson == "puzzle_base_trading")
    sc = asked.scenario()
    return Game(sc.timeline.rules, sc.timeline.nodes[asked.node].state)


def test_one_and_counts_of_a_discard_and_a_piece_are_read() -> None:
    game = _trading_game()
    digits = read_move(game, "P2 discards 2 ore, 1 grain")
    assert read_move(game, "P2 discards two ore and one grain") == digits
    assert read_move(game, "P2 builds one road on H3") == read_move(game, "P2 road H3")
    assert read_move(game, "P2 buys one development card") == read_move(game, "P2 buy")


def test_cards_in_the_plural_read_as_the_notation_names_them() -> None:
    """s21: "P1 discards two ores" was told "The word “ores” was not understood here"."""
    game = _trading_game()
    digits = read_move(game, "P2 discards 2 ore, 1 grain")
    assert read_move(game, "P2 discards two ores and one grain") == digits
    assert read_move(game, "P2 discards 2 ores, 1 grains") == digits
