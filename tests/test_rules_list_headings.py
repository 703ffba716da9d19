"""The Rules tab's list: each game's sections under the game's name, without the reference's
section numbers (l32 on a two-player C&K lesson: "Catan · 1.13 Chance" then "4.1 Components",
numbers that read as lessons' and jumped; which game a section came from was said only for
the inherited ones)."""

from __future__ import annotations

import re

from catan_tutor import rulebook
from catan_tutor.widgets.rules_panel import rules_html

HEADING = re.compile(r"<h3[^>]*>([^<]*)</h3>")
GAME = re.compile(r"class='catan-rule-game'[^>]*>([^<]*)<")


def test_each_game_s_sections_come_under_its_name_without_numbers():
    shown = rules_html("ck-2p")
    assert GAME.findall(shown) == [
        "The rules of Catan",
        "The rules of Catan for two",
        "The rules of Cities &amp; Knights",
        "The rules of Cities &amp; Knights for two",
    ]
    headings = HEADING.findall(shown)
    sections = {r.section for r in rulebook.rules_of("ck-2p").values()}
    assert len(headings) == len(sections) and "Knights" in headings and "Components" in headings
    assert not [h for h in headings if re.match(r"\d", h) or "·" in h], headings
    # in the list's order: Catan's Chance before C&K's Components, under their games' names
    at = {name: shown.index(f">{name}<") for name in GAME.findall(shown)}
    assert at["The rules of Catan"] < shown.index(">Chance<") < at["The rules of Catan for two"]
    assert at["The rules of Cities &amp; Knights"] < shown.index(">Knights<")


def test_one_game_s_list_needs_no_game_heading():
    shown = rules_html("base")
    assert not GAME.findall(shown) and HEADING.findall(shown)[0] == "Components"
