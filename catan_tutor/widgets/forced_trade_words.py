"""The forced trade's choice in C&K for two, in words (l19 at 11.16: the form's "whole hand:
no / yes" said neither what "whole hand" meant nor what "yes" changed). The acting player
announces the kind first (CK2P-TOKEN-FORCED-TRADE): the 2 cards are drawn from the
opponent's resource cards only, commodities set aside, at the normal price; or from the whole
hand, commodities too, at double the price in tokens. The price is not said on the form: a
puzzle asking for the fewest tokens (11.16) would be answered by it."""

from __future__ import annotations

from ..form_words import WHOLE_HAND

FIELD = "commodities"  # the field of ForcedTrade and ForcedDraw (its label: form_words.py)
CHOICES = {False: "resource cards only", True: WHOLE_HAND}  # (longer words are cut)


def commodities_words(value: object) -> str | None:
    """What the field's value reads on the form; None: not this field's value."""
    return CHOICES.get(value) if isinstance(value, bool) else None
