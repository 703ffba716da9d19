"""The lesson list's words for a lesson whose title names a progress card by the newer
rulebook: the older boxes' name beside it, "9.13  Taxation (Bishop)" (l35: a learner with the
older box could not match chapter 9's "Taxation", "Guild Dues"... to their cards). The names
from ``progress_cards.OLDER_NAMES``, as a hand shows them (``older_names.held_title``)."""

from __future__ import annotations

import re

from ..card_titles import card_title
from ..progress_cards import OLDER_NAMES

# each newer name as printed, and its older one: "Guild Dues" -> "Master Merchant"
_PRINTED = {card_title(new): card_title(old) for new, old in OLDER_NAMES.items()}
_NAMED = re.compile(r"\b(" + "|".join(map(re.escape, sorted(_PRINTED, key=len)[::-1])) + r")\b")


def with_older_names(label: str) -> str:
    """``label`` with the older name after each card it names: "9.1  Wedding and Sabotage"
    -> "9.1  Wedding and Sabotage (Saboteur)"; unchanged when it names none."""
    return _NAMED.sub(lambda m: f"{m[1]} ({_PRINTED[m[1]]})", label)
