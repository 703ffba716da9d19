"""A progress card is typed by the name the page shows it by (learner s17 at 9.18: "P2 play
merchant fleet" read “fleet” as a hex; the hand line says "Merchant Fleet"). CK-PC-PLAY."""

from __future__ import annotations

import pytest

from catan_tutor.actions import parse_action
from catan_tutor.card_titles import card_title
from catan_tutor.errors import CatanError
from catan_tutor.progress_cards import CARDS, SCHEMA

# the rules engine alone: left out of the minimum-versions lane (scripts/min_versions.sh)
pytestmark = pytest.mark.engine


# ("road building" reads as the base game's development card, as it did: not joined here)
@pytest.mark.parametrize(
    "card", [c for c in CARDS if c in SCHEMA and "-" in c and c != "road-building"]
)
def test_a_two_word_card_is_typed_as_the_page_names_it(card: str) -> None:
    """The card's shown title ("Merchant Fleet"), typed with its space, reads as the card,
    whatever follows it (a resource, a hex, nothing)."""
    for tail in ("", " wool", " E"):
        for name in (card_title(card), card_title(card).lower()):
            try:
                a = parse_action(f"P2 play {name}{tail}", -1, 3, 8)
            except CatanError as e:
                assert "is not a progress card" not in str(e) and "is not a hex" not in str(e), e
                continue
            assert str(a).split()[2] == card, (name, tail, a)


def test_merchant_fleet_typed_as_shown_is_the_merchant_fleet_not_a_merchant() -> None:
    assert str(parse_action("P2 play merchant fleet wool", -1, 3, 8)) == (
        "P2 play merchant-fleet wool"
    )
    assert str(parse_action("P2 play merchant E", -1, 3, 8)) == "P2 play merchant E"
