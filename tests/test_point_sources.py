"""The Players row says where points come from in the words of the game played: C&K has no
Victory Point cards; its point comes from a progress card, Printing or Constitution
(CK-PROGRESS-VP-CARDS, CK-VP-SOURCES; l20 at C&K's Explore: "1 from Victory Point cards")."""

from __future__ import annotations

import re

import pytest
from test_vp_breakdown import ck_every_source

from catan_tutor import new_game
from catan_tutor.study.editor import edit
from catan_tutor.widgets.panels import players_html
from catan_tutor.widgets.point_sources import CK_WORDS, source_words


def _ck(variant: str, players: int):
    return ck_every_source(variant, players)


def _detail(html: str, who: str = "P1") -> str:
    text = re.sub(r"<[^>]+>", " ", html)
    return " ".join(text.split()).split(who, 1)[1].split("hand:", 1)[0]


@pytest.mark.parametrize(("variant", "players"), [("ck", 3), ("ck-2p", 2)])
def test_ck_names_each_source_as_ck_does(variant: str, players: int) -> None:
    g = _ck(variant, players)
    keys = set(g.vp_breakdown(0))
    assert keys == {"cities", "metropolises", "merchant", "defender", "VP cards"}
    detail = _detail(players_html(g))
    assert "Victory Point card" not in detail, detail
    # each card by its own name (003's; l33 read "a Printing or Constitution card" as one kind)
    assert "1 from the Printing card or the Constitution card" in detail, detail
    assert source_words("VP cards", 2, ck=True) == "2 from the Printing and Constitution cards"
    assert "2 from a metropolis" in detail and "1 from the merchant" in detail
    assert "1 from a Defender of Catan token" in detail
    for k in keys:  # every source the engine counts has C&K's words, none says "VP"
        assert k in CK_WORDS
        for n in (2, 4):
            words = source_words(k, n, ck=True)
            assert "VP" not in words and "Victory Point" not in words, words


def test_the_base_game_keeps_its_victory_point_cards() -> None:
    g = new_game("base", players=3)
    g = edit(g, "place P1 settlement J12", "dev P1 2 vp", "turn P1 main 3")
    detail = _detail(players_html(g))
    assert "1 from settlements" in detail and "2 from Victory Point cards" in detail, detail
    assert source_words("VP cards", 1, ck=False) == "1 from a Victory Point card"
