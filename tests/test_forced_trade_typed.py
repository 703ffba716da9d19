"""A forced trade typed with its price first, "P1 pays 2 tokens to take 2 cards from P2" (l20
at 11.16: "I cannot read 'pays'"), reads as the forced trade (2P-TOKEN-FORCED-TRADE,
CK2P-TOKEN-FORCED-TRADE); nothing else said with "pays ... tokens to" is read as one."""

from __future__ import annotations

import pytest
from test_lesson_rule_marks import _lesson

from catan_tutor.errors import CatanError
from catan_tutor.game import Game
from catan_tutor.move_words import read_move


def _before(name: str, move: str) -> Game:
    sc = _lesson(f"{name}.catan.yaml")
    node = next(n for n in sc.tree.walk() if str(n.action).startswith(move))
    assert node.parent is not None
    return Game(sc.tree.rules, node.parent.state)


@pytest.mark.parametrize(
    ("text", "read"),
    [
        # P1's price is 1 token (not ahead on points, 2P-TOKEN-COST); 2 is the whole hand's
        # double price (CK2P-TOKEN-FORCED-TRADE): l21 had "pays 2 tokens" judged right at
        # 11.16, whose question asks for the fewest tokens
        ("P1 pays 2 tokens to take 2 cards from P2", "P1 force all"),
        ("pay 1 token to take 2 cards from P2", "P1 force"),
        ("P1 spends two trade tokens in order to take 2 cards from P2", "P1 force all"),
        ("P1 takes 2 cards from P2 and pays 1 token", "P1 force"),
        ("P1 takes 2 cards from P2 and pays 2 tokens", "P1 force all"),
    ],
)
def test_11_16_s_forced_trade_said_price_first(text: str, read: str) -> None:
    g = _before("puzzle_ck_2p", "P1 force")
    assert str(read_move(g, text)) == read


def test_a_price_the_forced_trade_cannot_cost_is_not_read_as_it() -> None:
    g = _before("puzzle_ck_2p", "P1 force")
    with pytest.raises(CatanError):
        read_move(g, "P1 takes 2 cards from P2 and pays 3 tokens")


def test_11_16_s_question_judges_the_price_said() -> None:
    from test_lesson_rule_marks import _lesson as lesson

    from catan_tutor.study.puzzle import judge

    sc = lesson("puzzle_ck_2p.catan.yaml")
    node = next(n for n in sc.tree.walk() if str(n.action) == "P1 force").parent
    puzzle = sc.puzzles[node.id]
    assert judge(puzzle, node, sc.tree.rules, "P1 pays 1 token to take 2 cards from P2").correct
    assert not judge(
        puzzle, node, sc.tree.rules, "P1 pays 2 tokens to take 2 cards from P2"
    ).correct


def test_a_base_forced_trade_said_price_first_keeps_its_cards() -> None:
    g = _before("base_2p_forced_trade_price", "P2 force")
    said = "P2 pays a token to take 2 wool from P1 and gives 1 brick, 1 grain"
    assert str(read_move(g, said)) == "P2 force take 2 wool give 1 brick, 1 grain"


def test_another_move_said_with_tokens_is_not_a_forced_trade() -> None:
    g = _before("puzzle_ck_2p", "P1 force")
    with pytest.raises(CatanError):
        read_move(g, "P1 pays 2 tokens to build a road")
