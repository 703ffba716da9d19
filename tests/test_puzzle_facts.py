"""A question is answerable from what the page shows (learner s18 at 11.16: "Get them for the
fewest trade tokens", hint "Look at what P2 holds", with neither P2's hand nor P1's tokens on
the page; "P1 has 4 trade tokens" came only after the answer). Swept over every puzzle: a
seat whose cards the prompt or a hint points to ("what P2 holds", "P2's cards") is the seat
whose hand the hand row shows, or the prompt says what it holds, card for card; in a game with
trade tokens the hand row says the tokens of the seat to move (held_tokens)."""

from __future__ import annotations

import re

import pytest
from puzzle_answers import Asked, course_puzzles

from catan_tutor import board
from catan_tutor.game import Game
from catan_tutor.widgets.play_panel import own_hand_html

PUZZLES = course_puzzles()
IDS = [f"{p.lesson}@{p.node}" for p in PUZZLES]
SEAT = r"(P\d|D|Neutral \d)"
POINTS_AT = re.compile(rf"(?:what|cards) {SEAT} holds|{SEAT}'s (?:hand|cards)")
_NUMBER = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3}


def _held(text: str, seat: str) -> list[int] | None:
    """The cards ``text`` says ``seat`` holds ("P2 holds 2 wool and a grain"), by kind."""
    m = re.search(rf"\b{seat} holds ([^.;]*)", text)
    if m is None:
        return None
    held = [0] * len(board.CARD_NAMES)
    for n, card in re.findall(r"(\d+|an?|one|two|three) (\w+)", m[1]):
        kind = card.rstrip("s") if card.rstrip("s") in board.CARD_NAMES else card
        held[board.CARD_NAMES.index(kind)] += int(n) if n.isdigit() else _NUMBER[n]
    return held


def _row(asked: Asked) -> tuple[Game, int, str]:
    sc = asked.scenario()
    node = sc.timeline.nodes[asked.node]
    game = Game(sc.timeline.rules, node.state)
    seat = game.current_player if game.current_player >= 0 else node.state.active
    return game, seat, own_hand_html(game, seat, False, unnamed=True)


@pytest.mark.parametrize("asked", PUZZLES, ids=IDS)
def test_the_cards_a_question_points_to_are_on_the_page(asked: Asked) -> None:
    game, seat, row = _row(asked)
    pointed = {
        a or b for a, b in POINTS_AT.findall(" ".join((asked.puzzle.prompt, *asked.puzzle.hints)))
    }
    for name in pointed - {game.state.name(seat)}:
        p = game.state.names.index(name) if name in game.state.names else None
        said = _held(asked.puzzle.prompt, name)
        assert p is not None and said is not None, f"{asked.lesson}@{asked.node}: {name}'s hand"
        hand = list(game.state.hands[p])  # (a base game's: no commodities)
        assert said == hand + [0] * (len(said) - len(hand)), f"{asked.lesson}@{asked.node}: {said}"
    if game.caps.tokens:
        assert re.search(r"\d+ trade tokens?\b", row), row


def test_11_16_says_p2s_hand_and_p1s_tokens():
    asked = next(p for p in PUZZLES if p.lesson == "puzzle_ck_2p")
    _, _, row = _row(asked)
    assert "P2 holds 2 wool and a grain" in asked.puzzle.prompt
    assert row.endswith("1 brick, 1 lumber, 1 wool; 5 trade tokens</div>")


def test_the_tokens_the_row_shows_are_not_a_notice_too():
    """After 11.16's answer the lesson expects "P1 has 4 trade tokens": the row says it."""
    from catan_tutor.study.resources import packaged_lessons
    from catan_tutor.study.scenario import SUFFIX, load_scenario
    from catan_tutor.widgets.hand_once import without_shown_hand

    sc = load_scenario(packaged_lessons() / f"puzzle_ck_2p{SUFFIX}")
    node = next(n for n in sc.tree.nodes.values() if any(e.key == "tokens" for e in n.expect))
    game = Game(sc.tree.rules, node.state)
    kept = without_shown_hand(node.expect, game, 0, False)
    assert not [e for e in kept if e.key == "tokens"] and "4 trade tokens" in own_hand_html(
        game, 0, False
    )
