"""A progress card's "details" field shows only once its card is chosen, and only for a card
that needs some (a fresh learner on a phone, 9.18, l24: before a card was chosen the list
mixed the Merchant's hexes with the Merchant Fleet's resources). Hidden, it keeps its value:
the one value of a card that needs none is still the move's. Its label says what the chosen
card names ("hex" for the Merchant, "dice" for Alchemy; l47 read "details" at 9.18)."""

from __future__ import annotations

import ipywidgets as widgets

from ..progress_cards import CARDS, SCHEMA

CARD, DETAILS = "card", "args"  # the progress card's field and its arguments' (``PlayProgress``)
DETAILS_LABEL = "details"  # (form_words.FIELD_LABELS: before a card is chosen, hidden)
# What each kind a card names is called on its form (progress_cards.SCHEMA's kinds), and
# the same twice ("hex", "hex": Invention)
_NAMED = {
    "die": ("die", "dice"), "track": ("track", "tracks"), "vertex": ("corner", "corners"),
    "edge": ("edge", "edges"), "hex": ("hex", "hexes"), "resource": ("resource", "resources"),
    "commodity": ("commodity", "commodities"), "kind": ("card kind", "card kinds"),
    "seat": ("player", "players"), "party": ("player", "players"), "card": ("card", "cards"),
    "bundle": ("cards", "cards"),
}  # fmt: skip


def details_label(card: int | None) -> str:
    """The details list's label for the progress card ``card`` (its index in ``CARDS``):
    what it names, in words ("hex", "dice", "player and cards")."""
    kinds = SCHEMA.get(CARDS[card], ()) if card is not None and 0 <= card < len(CARDS) else ()
    names = [k.rstrip("?") for k in kinds or ()]
    said: list[str] = []
    for k in dict.fromkeys(names):
        one, many = _NAMED.get(k, (k, k))
        said.append(many if names.count(k) > 1 else one)
    return " and ".join(said) or DETAILS_LABEL


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
        details.description = details_label(pickers[CARD].value)
