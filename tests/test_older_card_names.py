"""A learner with an older Cities & Knights box (the 001 summary's names) finds each progress
card whose name changed: the Rules tab's entry for the card says it once, "Guild Dues card
(older boxes: Master Merchant)"; only Taxation's lesson said "old name Bishop" before. The
reference's shorthand "(2; Bishop)" reads "(2 in the deck)"."""

from __future__ import annotations

import re

from catan_tutor import rulebook
from catan_tutor.progress_cards import CARDS, OLDER_NAMES
from catan_tutor.widgets.rules_panel import matches, rules_html

# The 001 summary's table of progress cards, as printed there, where 003 names the card
# otherwise (read from the seed, /work/shared/seeds/001_*.txt, lines 124-150).
SEED_001 = {
    "Alchemy": "Alchemist", "Engineering": "Engineer", "Invention": "Inventor",
    "Printing": "Printer", "Smithing": "Smith", "Guild Dues": "Master Merchant",
    "Trade Monopoly": "Commodity Monopoly", "Taxation": "Bishop", "Treason": "Deserter",
    "Diplomacy": "Diplomat", "Sabotage": "Saboteur", "Espionage": "Spy",
    "Encouragement": "Warlord",
}  # fmt: skip


def _title(name: str) -> str:
    return " ".join(w.capitalize() for w in name.split("-"))


def test_the_older_names_are_the_001_summary_s() -> None:
    assert {_title(k): _title(v) for k, v in OLDER_NAMES.items()} == SEED_001
    assert set(OLDER_NAMES) <= set(CARDS)


def test_the_rules_tab_gives_each_older_name_once_beside_its_card() -> None:
    page = re.sub(r"<[^>]+>", " ", rules_html("ck"))
    for card, older in SEED_001.items():
        said = f"{card} card (older boxes: {older})"
        assert page.count(said) == 1, said
        assert page.count(f"(older boxes: {older})") == 1, older
    assert not re.search(r"\(\d+; [A-Z]", page)  # no "(2; Bishop)"
    assert "(2 in the deck) After the first attack only" in page  # Taxation's text
    taxation = rulebook.rule("CK-PC-TAXATION")
    assert matches(taxation, "bishop")


def test_a_british_spelling_finds_the_rule_spelt_the_american_way():
    """BASE-COMP-HARBORS: l50 searched the Rules tab for "harbour" and found nothing."""
    harbor = rulebook.rule("BASE-COMP-HARBORS")
    assert matches(harbor, "harbour") and matches(harbor, "HARBOURS")
    assert not matches(harbor, "harbourmaster")
