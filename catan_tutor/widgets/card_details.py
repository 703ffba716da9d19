"""A progress card's "details" field shows only once its card is chosen, and only for a card
that needs some (a fresh learner on a phone, 9.18, l24: before a card was chosen the list
mixed the Merchant's hexes with the Merchant Fleet's resources). Hidden, it keeps its value:
the one value of a card that needs none is still the move's."""

from __future__ import annotations

import ipywidgets as widgets

CARD, DETAILS = "card", "args"  # the progress card's field and its arguments' (``PlayProgress``)


def needs_details(pickers: dict[str, widgets.Dropdown]) -> bool:
    """Whether the details list is for the learner to fill: a card chosen that needs some."""
    card, details = pickers.get(CARD), pickers.get(DETAILS)
    if card is None or details is None or card.value is None:
        return False
    return any(v not in (None, ()) for _, v in details.options)


def show_details(pickers: dict[str, widgets.Dropdown]) -> None:
    """Show or hide the details list (a form without one: nothing)."""
    details = pickers.get(DETAILS)
    if details is not None and CARD in pickers:
        details.layout.display = None if needs_details(pickers) else "none"
