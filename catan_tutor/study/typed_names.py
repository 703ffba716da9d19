"""A spot as the learner named it: a corner has up to three names (E2 is B6: one per hex it
touches), an edge two; the engine says each by one (``board.VERTEX_LABELS``). A reply to a
typed move says the learner's name, never renaming the spot (issue 33: "P3 settlement E2" was
answered "P3 can build a settlement on B6, …"; l30: "P1 road F11" in Try a move was told "P1
can't build a road on B5"); the board's name after it once only where it helps
(``in_own_names``). The board's tag on the spot shows the learner's name too."""

from __future__ import annotations

import re

from ..actions import Action, spot_fields
from ..board import EDGE_LABELS, VERTEX_LABELS, LabelError, parse_edge, parse_vertex

_TOKEN = re.compile(r"(?<![\w/|])[A-Sa-s](?:\d{1,2}|(?:/[A-Sa-s]){2}|\|[A-Sa-s])(?![\w/|])")
_PARSE = {"vertex": (parse_vertex, VERTEX_LABELS), "edge": (parse_edge, EDGE_LABELS)}


def own_names(typed: str, action: Action, seats: tuple[str, ...] = ()) -> dict[str, str]:
    """The board's label -> the learner's name, for each spot of ``action`` that ``typed``
    names otherwise (``seats``' names, "P3", are seats, not the edge P3)."""
    out: dict[str, str] = {}
    for token in _TOKEN.findall(typed):
        if token.upper() in seats:
            continue
        for name, kind, _ in spot_fields(type(action)):
            if kind not in _PARSE or not isinstance(getattr(action, name), int):
                continue
            parse, labels = _PARSE[kind]
            try:
                spot = parse(token)
            except LabelError:
                continue
            label = labels[spot] if spot == getattr(action, name) else ""
            if label and label != token.upper():
                out.setdefault(label, token.upper())
    return out


def in_own_names(text: str, names: dict[str, str], played: bool = False) -> str:
    """``text`` with each label of ``names`` said the learner's way ("E2"). The board's name
    is added once ("E2 (also called B6)") only where it helps: after a move ``played``, as
    the page's lines about it (the story, the Moves tab) then say the board's name. Else
    the learner's name alone: the board tags the spot by the name the words give it
    (``widgets/named_words.py``, its Labels view too), and l30 read "Q12 (also called M4)"
    as a renaming."""
    for label, own in names.items():  # the engine's echo "Q2 (N6)" (game._echo_labels) too:
        text = text.replace(f"{own} ({label})", label)  # one alias said, once (s18 at 8.11)
        parts = re.split(rf"(?<![\w/|]){re.escape(label)}(?![\w/|])", text)
        if len(parts) > 1:
            first = f"{own} (also called {label})" if played else own
            text = parts[0] + first + own.join(parts[1:])
    return text
