"""A spot as the learner named it: a corner has up to three names (E2 is B6: one per hex it
touches), an edge two; the engine says each by one (``board.VERTEX_LABELS``). A reply to a
typed move says the learner's name, with the board's after it once ("E2 (also called B6)"),
never renaming the spot silently (issue 33: "P3 settlement E2" was answered "P3 can build a
settlement on B6, …")."""

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


def in_own_names(text: str, names: dict[str, str]) -> str:
    """``text`` with each label of ``names`` said the learner's way: the first time "E2 (also
    called B6)", then "E2"."""
    for label, own in names.items():  # the engine's echo "Q2 (N6)" (game._echo_labels) too:
        text = text.replace(f"{own} ({label})", label)  # one alias said, once (s18 at 8.11)
        parts = re.split(rf"(?<![\w/|]){re.escape(label)}(?![\w/|])", text)
        if len(parts) > 1:
            text = parts[0] + f"{own} (also called {label})" + own.join(parts[1:])
    return text
