"""What a progress card's play does with its choices, said after the card's title
("P3 plays the progress card Invention, swapping the number tokens of hexes F and Q."): the
bare "Invention on F Q", "Alchemy on 2 2" read as spots (s33). One phrase per card, with the
card's required choices and then, when made, its optional one (``progress_cards.SCHEMA``);
the rules each follows are CK-PC-<card>."""

from __future__ import annotations

import re

# card -> (the phrase with its required choices, the words its optional choice adds)
PLAYED: dict[str, tuple[str, str]] = {
    "alchemy": ("setting the white die to {0} and the red die to {1}", ""),
    "crane": ("for the next {0} improvement", " (the city on {1})"),
    "engineering": ("building a city wall on {0}", ""),
    "invention": ("swapping the number tokens of hexes {0} and {1}", ""),
    "medicine": ("making the settlement on {0} a city", ""),
    "smithing": ("promoting the knight on {0}", " and the knight on {1}"),
    "merchant": ("putting the merchant on hex {0}", ""),
    "merchant-fleet": ("naming {0}, to trade it at 2:1 this turn", ""),
    "resource-monopoly": ("naming {0}", ""),
    "trade-monopoly": ("naming {0}", ""),
    "diplomacy": ("removing the road on {0}", " and building a road on {1}"),
    "espionage": ("looking at {0}'s progress cards", " and taking {1}"),
    "intrigue": ("displacing the knight on {0}", ""),
    "taxation": ("moving the robber to hex {0}", ""),
    "treason": ("making {0} remove a knight", ""),
}


def played_words(card: str, said: list[str]) -> str:
    """The phrase of ``card``'s play with its choices ``said`` (words, in SCHEMA order,
    those not made left out), or '' for a card that has none or a choice missing."""
    phrase, optional = PLAYED.get(card, ("", ""))
    need = phrase.count("{")
    if not phrase or len(said) < need:
        return ""
    out = phrase.format(*said)
    if optional and len(said) > need:
        out += optional.replace("{1}", "{0}").format(said[need])
    return out


def played_glue(card: str) -> frozenset[str]:
    """The words of ``card``'s phrase but its choices, lower case: the reader of a typed
    card leaves them out, so the page's own sentence reads back as the move."""
    phrase, optional = PLAYED.get(card, ("", ""))
    text = re.sub(r"\{\d\}('s)?", " ", f"{phrase} {optional}")
    return frozenset(w.lower() for w in re.findall(r"[\w:]+", text))


# Alchemy's dice in its notation's order (CK-PC-ALCHEMY: "play alchemy <white> <red>")
DICE = ("white", "red")


def dice_in_order(words: list[str]) -> list[str]:
    """Alchemy's choices among ``words`` (its glue left out, the dice's colours kept) in
    notation order: a number after "white" or "red" is that die's, whichever is said first
    ("setting the red die to 5 and the white die to 1" is white 1, red 5: read in the fixed
    order it was the opposite move); a number with no colour fills the first die not named,
    white before red. Words left over follow (the reader then says what is wrong)."""
    keyed: dict[str, str] = {}
    loose: list[str] = []
    key = ""
    for word in words:
        if word.lower() in DICE:
            key = word.lower()
        elif key and key not in keyed:
            keyed[key], key = word, ""
        else:
            loose.append(word)
    ordered = [keyed[d] if d in keyed else loose.pop(0) for d in DICE if d in keyed or loose]
    return ordered + loose
