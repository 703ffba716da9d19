"""A word read as a kind of move under another of its names, said with the reply.

l26 at 10.6 typed "upgrade" and was told "A city is not the answer here": the page had read
"upgrade" as building a city and did not say so. Where a reply names the kind a word was
read as, and the words typed do not name that kind by its own name, the reply says how it was
read: "“upgrade” reads as building a city: a city is not the answer here."
"""

from __future__ import annotations

import re

# another name of a kind -> (the kind's class name, the move as said, the kind's own words)
OTHER_NAMES = {
    "upgrade": ("BuildCity", "building a city", ("city", "cities")),
    "village": ("Settle", "building a settlement", ("settlement", "settle")),
    "street": ("BuildRoad", "building a road", ("road", "roads")),
    "thief": ("MoveRobber", "moving the robber", ("robber",)),
}
_WORD = re.compile(r"[\w'’-]+")
_FORMS = {"upgrades": "upgrade", "upgraded": "upgrade", "upgrading": "upgrade"}
_FORMS |= {"villages": "village", "streets": "street"}


def read_as(text: str, kind: type | None) -> str:
    """'“upgrade” reads as building a city' when ``text`` names ``kind`` by another name
    only; else ''."""
    if kind is None:
        return ""
    low = [w.lower() for w in _WORD.findall(text)]
    for word in low:
        name, said, own = OTHER_NAMES.get(_FORMS.get(word, word), ("", "", ()))
        if name == kind.__name__ and not set(own) & set(low):
            return f"“{word}” reads as {said}"
    return ""


def said_read_as(text: str, kind: type | None, reply: str) -> str:
    """``reply`` (about a move of ``kind``) after how ``text`` was read, when it was read
    under another name: "“upgrade” reads as building a city: a city is not …"."""
    how = read_as(text, kind)
    return f"{how}: {reply[:1].lower()}{reply[1:]}" if how and reply else reply
