"""A spot's label typed with a space inside it: "N 5" read as N5 where nothing else fits.

A label is a hex's letter and a clock's hour (A3, N5, J12). A fresh learner (s35) typed
"P1 road N 5" and was told "“N” is not an edge". A letter alone, then a number, is one label
when they make one on the board (N5, an edge; E4, a corner), and the words around them read
no other way:

- the number counts no cards ("A 2 brick", "I 3 wool for grain": a count, ``_COUNTED``), and
  is no rate ("a 2:1 harbor");
- "a" and "i" in small letters are the article and the pronoun ("roll a 7"), never a hex;
- the robber goes on a hex ("robber M 8": the hex, then its number token, BASE-ROBBER-MOVE),
  so where the robber is named, a letter and a number stay apart.

Only text that is no notation as typed gets here (``move_words``: notation is read first).
"""

from __future__ import annotations

import re

from ..board import CARD_NAMES, LabelError, parse_edge, parse_vertex

# A letter of a hex on its own, spaces, then a number of one or two digits on its own
_SPACED = re.compile(r"(?<![\w'’|/-])([A-Sa-s])[ \t]+(\d{1,2})(?![\w:|/])")
_NEXT_WORD = re.compile(r"\s*([^\s,.;!?()]+)")
# Words after a number that make it a count: cards (and their other names), "for" (a rate)
_COUNTED = frozenset(
    {
        *CARD_NAMES,
        *(f"{c}s" for c in CARD_NAMES),
        *"wood sheep wheat clay stone grains card cards for of x times vp victory".split(),
    }
)
# Words of the robber's move: its hex and the hex's number are typed apart there
_ROBBER = re.compile(r"\b(?:robber|thief|rob|robs|steal|steals|chase)\b", re.IGNORECASE)


def _label(letter: str, number: str) -> str:
    """The board's label a letter and a number make, '' when they make none."""
    label = f"{letter}{number}".upper()
    for parse in (parse_vertex, parse_edge):
        try:
            parse(label)
        except LabelError:
            continue
        return label
    return ""


def joined(text: str) -> str:
    """``text`` with each letter and number typed apart that make a label where nothing else
    fits ("P1 road N 5": "P1 road N5"); else ``text`` as it is."""
    if _ROBBER.search(text):
        return text

    def join(m: re.Match[str]) -> str:
        letter, number = m[1], m[2]
        after = _NEXT_WORD.match(text, m.end())
        counted = after is not None and (after[1].lower() in _COUNTED or after[1][0] == ":")
        if letter in "ai" or counted or not (label := _label(letter, number)):
            return m[0]
        return label

    return _SPACED.sub(join, text)
