"""A spot as the learner named it: a corner has up to three names (E2 is B6: one per hex it
touches), an edge two; the board prints each by one (``board.VERTEX_LABELS``,
``EDGE_LABELS``: what its Labels draws). A reply to a typed move names the spot by that
printed label and says once which one the learner's name is ("“E2” is corner B6 on the
board."): s31 found "N9" accepted though no label shows it, and "L11 (also called G5)"
confusing. (Before s31 a reply said the learner's name, l30's "F11" for B5; the board then
tagged the spot with a name its Labels never draws.) The board's tag says the printed label
(``named_words.spots_named``)."""

from __future__ import annotations

import re

from ..actions import Action, spot_fields
from ..board import EDGE_LABELS, VERTEX_LABELS, LabelError, parse_edge, parse_vertex

_TOKEN = re.compile(r"(?<![\w/|])[A-Sa-s](?:\d{1,2}|(?:/[A-Sa-s]){2}|\|[A-Sa-s])(?![\w/|])")
_PARSE = {"vertex": (parse_vertex, VERTEX_LABELS), "edge": (parse_edge, EDGE_LABELS)}


# why a spot has the learner's name and the board's label (s41: "“N1” is edge J7 on the
# board." read as a spot renamed, not the same edge)
_SAME = {
    True: "the corner the board labels {} (a corner has a name on each hex it touches)",
    False: "the edge the board labels {} (an edge has a name on each of its two hexes)",
}


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


def in_printed_names(text: str, names: dict[str, str], note: bool = True) -> str:
    """``text`` naming each spot of ``names`` (the board's label -> the learner's name) by
    its printed label alone, the one the board's Labels draws (s31: "N9" was accepted and
    said "N9", a name the Labels never shows, and "L11 (also called G5)" read as two spots);
    the engine's echo "N9 (M3)" (``game._echo_labels``) is said "M3". Said once, first
    (``note``; after the reply it came too late, l39), which printed label the learner's name
    is, their name in quotes (the board tags the printed label only: ``named_words``): "“N9”
    is the edge the board labels M3 (an edge has a name on each of its two hexes)."."""
    notes = []
    for label, own in names.items():
        text = text.replace(f"{own} ({label})", label)
        notes.append(f"“{own}” is {_SAME[label in VERTEX_LABELS].format(label)}.")
    return " ".join([*notes, text]) if notes and note else text  # (the name first: l39)
