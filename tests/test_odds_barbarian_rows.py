"""The Odds tab's barbarian rows (l19, a phone: six rows of "0%", the ship far from Catan):
a turn the attack cannot have come by is left out; none can be, one line says so."""

from __future__ import annotations

from fractions import Fraction

from catan_tutor.widgets.odds_tables import barbarians_html


def test_turns_the_attack_cannot_come_by_are_left_out():
    html = barbarians_html({1: Fraction(0), 2: Fraction(0), 3: Fraction(1, 36), 4: Fraction(1, 9)})
    assert "0%" not in html and "this turn<" not in html and "the next<" not in html
    assert "this turn or the next 2<" in html and "3%" in html
    assert "this turn or the next 3<" in html and "11%" in html


def test_no_turn_of_six_can_see_the_attack_one_line_says_so():
    html = barbarians_html(dict.fromkeys(range(1, 7), Fraction(0)))
    assert "0%" not in html and "<table" not in html
    assert "It cannot come this turn or the next 5." in html


def test_the_first_attacks_mean_turn_is_said_from_now():
    """l37 read "the first attack comes on turn 12.5 on average" as a turn of the game: it is
    counted from now (turn 1 this one), said in whole turns."""
    from catan_tutor.widgets.odds_tables import attack_when_words

    assert attack_when_words(12.5) == "comes about 11 turns from now on average"
    assert attack_when_words(2.2) == "comes about 1 turn from now on average"
    assert attack_when_words(1.3) == "comes this turn on average"
