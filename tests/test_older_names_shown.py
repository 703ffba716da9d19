"""l25: the course names progress cards as seed 003 does ("Alchemy", "Sabotage"), and a class
with an older or English deck (the 001 summary's names: "Alchemist", "Saboteur") could not
match them: only the Rules tab said the older names. Now a lesson whose title or goal names
such a card says its older name once where the lesson opens, and a hand or the card list of
a form shows it beside the card."""

from __future__ import annotations

import re

import pytest

from catan_tutor.progress_cards import CARDS, OLDER_NAMES
from catan_tutor.rules.words import card_title
from catan_tutor.widgets.app import App
from catan_tutor.widgets.panels import players_html
from catan_tutor.widgets.play_panel import own_hand_html
from catan_tutor.words.older_names import held_title, names_line

_OPENING_NAMES = {  # lesson -> the older names its opening says (read off the card titles)
    "ck_alchemy": ["Alchemist"],
    "ck_pc_wedding_sabotage": ["Saboteur"],
    "ck_treason_intrigue_diplomacy": ["Deserter", "Diplomat"],
    "ck_pc_invention_printing": ["Printer", "Inventor"],
    "ck_pc_taxation": ["Bishop"],
    "ck_pc_merchant": [],
}


@pytest.mark.parametrize("lesson", sorted(_OPENING_NAMES))
def test_CK_PC_COUNTS_a_card_lesson_opens_with_its_cards_older_names_once(lesson: str) -> None:
    shown = re.sub(
        r"<span[^>]*hidden>.*?</span>", " ", App(start=lesson, query="").tutor.lesson.value
    )
    text = re.sub(r"<[^>]+>", " ", shown)  # (a rule's text, opened on demand, is not shown)
    for older in _OPENING_NAMES[lesson]:
        assert text.count(f"is the {older}") == 1, (lesson, older, text[:600])
        assert text.count(older) == 1, (lesson, older)  # (Taxation's text said it again)
    assert not re.search(r"\(\d+; [A-Z]", shown + App(start=lesson, query="").tutor.lesson.value)
    if not _OPENING_NAMES[lesson]:
        assert "older boxes" not in text.lower()


def test_the_line_names_only_cards_the_text_names_in_its_order() -> None:
    assert names_line("Treason, Intrigue and Diplomacy") == (
        "In older boxes, Treason is the Deserter and Diplomacy is the Diplomat."
    )
    assert names_line("Merchant and Wedding") == ""
    every = " ".join(card_title(c) for c in OLDER_NAMES)
    assert names_line(every).count(" is the ") == len(OLDER_NAMES)


def test_a_hand_and_a_form_s_card_list_show_the_older_name_beside_the_card() -> None:
    assert held_title(CARDS.index("alchemy")) == "Alchemy (Alchemist)"
    assert held_title(CARDS.index("merchant")) == "Merchant"
    tutor = App(start="ck_pc_wedding_sabotage", query="").tutor
    game = tutor.session.game
    seat = next(p for p in range(game.state.n) if game.state.phand[p])
    held = [held_title(k) for k in game.state.phand[seat]]
    hand = own_hand_html(game, seat, against_computer=False)
    assert all(h in hand for h in held), (hand, held)
    assert all(h in players_html(game) for h in held)
    assert any("(" in h for h in held), held  # the lesson's hand holds a renamed card
