"""The Odds tab's barbarian rows (l19, a phone: six rows of "0%", the ship far from Catan):
a turn the attack cannot have come by is left out; none can be, one line says so."""

from __future__ import annotations

from fractions import Fraction

from catan_tutor.widgets.odds_tables import barbarians_html


def test_turns_the_attack_cannot_come_by_are_left_out():
    html = barbarians_html({1: Fraction(0), 2: Fraction(0), 3: Fraction(1, 36), 4: Fraction(1, 9)})
    assert "0%" not in html and "this turn" not in html and "in 1 turn<" not in html
    assert "in 2 turns" in html and "3%" in html and "in 3 turns" in html and "11%" in html


def test_no_turn_of_six_can_see_the_attack_one_line_says_so():
    html = barbarians_html(dict.fromkeys(range(1, 7), Fraction(0)))
    assert "0%" not in html and "<table" not in html
    assert "It cannot come within the next 6 turns." in html
