"""The Odds tab's exact tables in a learner's words (issue 33, the learner's page): the
Aqueduct's free resource is no card (CK-IMPROVE-SCIENCE-3), no table of 0.00 before anyone has
placed a settlement, a table narrow enough for the tab (a row per card)."""

from __future__ import annotations

import re
from fractions import Fraction

from test_page_words import html_text

from catan_tutor import new_game
from catan_tutor.analysis import production_table
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import load_scenario
from catan_tutor.widgets.odds_panel import OddsPanel
from catan_tutor.widgets.odds_tables import FREE_CHOICE, FREE_NOTE, NOT_PLACED, production_html

_ROW = re.compile(r"<tr><th scope='row'[^>]*>([^<]*)</th>((?:<td>.*?</td>)*)</tr>")
_CELL = re.compile(r"<span title='([^']*)'>")


def _rows(html: str) -> dict[str, list[Fraction]]:
    """A production table's rows: card -> the exact figures, player by player."""
    return {name: [Fraction(x) for x in _CELL.findall(cells)] for name, cells in _ROW.findall(html)}


def _set_up(variant: str):
    """A game of ``variant`` past its starting placements (the first legal move each time)."""
    g = new_game(variant, players=3, seed=3)
    while g.state.turn == 0:
        g.play(g.legal_actions()[0])
    return g


def test_the_aqueducts_free_resource_is_no_card_and_shows_only_when_someone_has_it():
    """CK-IMPROVE-SCIENCE-3: the table's ``aqueduct`` column is the free resource a science-3
    player takes on a roll that brings them nothing: a row "Any" with a note saying so, never
    a card named "Aqueduct"; with nobody at science 3, no such row."""
    race = load_scenario(packaged_lessons() / "ck_metropolis_race.catan.yaml").timeline.game
    table = production_table(race, per="turn")
    said = production_html(table)
    rows = _rows(said)
    assert "Aqueduct" not in rows and FREE_CHOICE in rows and FREE_NOTE in said
    assert rows[FREE_CHOICE] == list(table["aqueduct"]) and any(rows[FREE_CHOICE])
    assert list(rows)[-1] == "Total" and rows["Total"] == list(table["total"])
    assert list(rows)[:8] == ["Brick", "Lumber", "Wool", "Grain", "Ore", "Paper", "Cloth", "Coin"]
    fresh = _set_up("ck")
    plain = production_html(production_table(fresh, per="turn"))
    assert FREE_CHOICE not in _rows(plain) and "Aqueduct" not in html_text(plain)


def test_a_row_per_card_and_a_column_per_player_fit_a_narrow_tab():
    """Eleven columns (a card each) crowded "0.19 0.14" and ran past the tab at 1024 px: a
    row per card, a column per player, each figure the exact one."""
    g = _set_up("base")
    table = production_table(g, per="turn")
    said = production_html(table)
    head = re.findall(r"<th scope='col'>([^<]*)</th>", said)
    assert head == ["Card", "P1", "P2", "P3"]
    rows = _rows(said)
    assert list(rows) == ["Brick", "Lumber", "Wool", "Grain", "Ore", "Total"]
    assert rows["Grain"] == list(table["grain"]) and any(rows["Total"])


def test_before_any_settlement_the_odds_say_no_one_gets_cards_yet():
    """At turn 0 before the starting placements (or while rolling to see who goes first) the
    tab said 0.00 for every card of every player: a sentence says why there is nothing yet;
    once a settlement stands the table shows."""
    for variant in ("base", "ck"):
        g = new_game(variant, players=3, seed=1)
        odds = OddsPanel(lambda g=g: g)
        odds.refresh()
        text = html_text(odds.exact.value)
        assert NOT_PLACED in text and "0.00" not in text, text
        while all(v < 0 for v in g.state.vowner):
            g.play(g.legal_actions()[0])
        odds.refresh()
        text = html_text(odds.exact.value)
        assert NOT_PLACED not in text and "Card" in text and "0.00" in text


def test_a_run_says_how_ties_count_and_what_a_turn_is_once():
    """A fresh learner's free game (1280 px, the Odds tab): "Ahead at the end" read 32%, 28%
    and 46% (106%) with no word on ties, and "each player's turn counts as one" showed twice
    (the question and the run's line). The shared lead counts for each, said once under the
    table; the turn's meaning is said once on the tab."""
    from concurrent.futures import ThreadPoolExecutor

    from catan_tutor.widgets.odds_tables import AHEAD, TIES_NOTE

    g = _set_up("base")
    odds = OddsPanel(lambda: g, executor=lambda: ThreadPoolExecutor(1))
    odds.refresh()
    odds.n.value = 6  # the horizon chosen for the position: "to the end of the game"
    odds.run(wait=True)
    assert odds.table is not None
    shown = " ".join(
        [html_text(w.value) for w in (odds.exact, odds.question, odds.status, odds.result)]
        + [odds.turns.tooltip or "", odds.n.tooltip or ""]  # (shown on hover)
    )
    assert shown.count("each player's turn counts as one") == 1, shown
    assert shown.count(TIES_NOTE) == 1 and AHEAD in shown
    assert "shares the lead" in TIES_NOTE and "100%" in TIES_NOTE
