"""The examples a corner, edge or hex error offers are typed as shown and read (issue s14: the
corner error offered "three hexes (e.g. H/I/M)", slashes being programmer's syntax): every
such message, from the labels' parsers and from a typed move, offers no example with "/" or
"|", and each "e.g." example reads as the kind of spot the message asks for, alone and in a
typed move."""

from __future__ import annotations

import re

import pytest

from catan_tutor import board, new_game
from catan_tutor.move_words import MoveWordsError, read_move

# the rules engine alone: left out of the minimum-versions lane (scripts/min_versions.sh)
pytestmark = pytest.mark.engine

PARSE = {"corner": board.parse_vertex, "edge": board.parse_edge, "hex": board.parse_hex}
TYPED = {"corner": "settlement {}", "edge": "road {}", "hex": "move the robber to {}"}
BAD = ("Z9", "A13", "H/I/X", "A|Z", "Q", "E4", "H4", "A3", "H I M", "H, I and M", "")


def messages() -> list[tuple[str, str]]:
    """(kind asked, message) for each bad label, from the parser and from a typed move."""
    g = new_game("base", players=3, seed=1)
    out = []
    for kind, parse in PARSE.items():
        for bad in BAD:
            try:
                parse(bad)
            except board.LabelError as e:
                out.append((kind, str(e)))
            if not bad:
                continue
            try:
                read_move(g, TYPED[kind].format(bad))
            except MoveWordsError as e:
                out.append((kind, str(e)))
    return out


MESSAGES = messages()


def test_the_sweep_meets_each_kinds_error():
    kinds = {k for k, m in MESSAGES if "is not a" in m}
    assert kinds == {"corner", "edge", "hex"}, MESSAGES


@pytest.mark.parametrize(("kind", "said"), MESSAGES)
def test_no_slash_or_bar_example_and_each_example_reads(kind, said):
    offered = re.findall(r"e\.g\. ([^)]+)\)", said)
    for example in offered:
        assert "/" not in example and "|" not in example, said
        PARSE[kind](example)  # reads alone, as shown
    assert not re.search(r"\b[A-S][/|][A-S]", said.split(":", 1)[-1]), said


def test_the_corner_error_offers_one_way_in_words():
    try:
        board.parse_vertex("Z9")
    except board.LabelError as e:
        said = str(e)
    assert said == f"'Z9' is not a corner: {board.CORNER_NAMED}"
    # the hour said as the board has it (s17: "an even clock hour" was never explained)
    assert "clock face: 12, 2, 4, 6, 8 or 10" in said and "even clock hour" not in said
    with pytest.raises(board.LabelError, match=r"clock face: 1, 3, 5, 7, 9 or 11 \(e\.g\. A3\)"):
        board.parse_edge("Z9")
