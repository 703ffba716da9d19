"""Where a player's points come from (``Game.vp_breakdown``'s keys), in the words of the
player's game: a base game's "Victory Point cards" (BASE-DEV-VP) are, in Cities & Knights,
the progress cards worth a point, Printing and Constitution (CK-PROGRESS-VP-CARDS); C&K has
no Victory Point cards (l20 at C&K's Explore: "1 from Victory Point cards"). Each is named as
the seed 003 names it ("VICTORY POINT: PRINTING", "VICTORY POINT: CONSTITUTION"; the 001
summary's "Printer" is Printing's older name), a card of its own: l33 read "1 from a Printing
or Constitution card" as one kind of card. Which of the two a player laid out the position
does not tell (an edited position's decks take Printing first: ``edit_ops.progress_decks``),
so one point names both."""

from __future__ import annotations

# key: (one, many) after "N from "; the base game's words, then C&K's where they differ
BASE_WORDS = {
    "settlements": ("settlements", "settlements"),
    "cities": ("cities", "cities"),
    "longest road": ("Longest Road", "Longest Road"),
    "largest army": ("Largest Army", "Largest Army"),
    "VP cards": ("a Victory Point card", "Victory Point cards"),
}
CK_WORDS = BASE_WORDS | {
    # the two progress cards worth a point, one of each (CK-PC-COUNTS); no nested brackets
    "VP cards": (
        "the Printing card or the Constitution card",
        "the Printing and Constitution cards",
    ),
    "metropolises": ("a metropolis", "metropolises"),
    "merchant": ("the merchant", "the merchant"),
    "defender": ("a Defender of Catan token", "Defender of Catan tokens"),
}


def source_words(key: str, points: int, ck: bool) -> str:
    """ "2 from settlements", "1 from the merchant": ``points`` from source ``key``."""
    one, many = (CK_WORDS if ck else BASE_WORDS).get(key, (key, key))
    if key in ("metropolises", "defender", "VP cards"):
        units = points // 2 if key == "metropolises" else points
        return f"{points} from {one if units == 1 else many}"
    return f"{points} from {many}"


def sources_text(parts: dict[str, int], ck: bool) -> str:
    """A player's points by source, "none yet" when there are none."""
    return ", ".join(source_words(k, v, ck) for k, v in parts.items()) or "none yet"
