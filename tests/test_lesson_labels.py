"""Lessons name each spot by the label the board shows (rulebook/rules.md §7): a corner or a
side has one name per land hex it touches (A4 = B8 = E12), the board and the notation print
the canonical one (``board.VERTEX_LABELS``, ``board.EDGE_LABELS``), and a lesson that wrote
another would send the learner looking for a label that is nowhere on the board.

Every text of every packaged lesson is read: setup and start operations, moves, comments,
tutor texts, puzzles (prompt, hints, answers, explanation) and expectations, keys included;
and every code and markdown cell of every packaged notebook (issue 20 scope 8: lessons and the
UI use the same label for the same spot).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from catan_tutor.board import EDGE_LABELS, VERTEX_LABELS, LabelError, parse_edge, parse_vertex
from catan_tutor.study.resources import notebooks_dir, packaged_lessons

pytestmark = pytest.mark.course  # a sweep over the course (min_versions.sh leaves it out)

SUFFIX = ".catan.yaml"
# A spot as notation writes it: hex and clock hour (H4, A11), three hexes (H/I/M) or two (A|B);
# not inside a longer word (rule IDs such as CK2P-TOKEN-ROBBER, BASE-SETUP-ROUND1).
SPOT = re.compile(
    r"(?<![\w/|])([A-S](?:/[A-S]){2}|[A-S]\|[A-S]|[A-S](?:1[0-2]|[1-9]))"
    r"(?![\w/|])"
)
# Seats and neutrals (rules.md §7, "Other names"): P1, P2, N1 and N2 are also aliases of spots
# (of L7, L6, J7 and J6), but a lesson writing them means the party. P3 and P4 are labels.
PARTIES = frozenset({"P1", "P2", "N1", "N2"})


def board_label(token: str) -> str | None:
    """The label the board shows for the spot ``token`` names (None: it names no spot)."""
    try:
        if "/" in token:
            return VERTEX_LABELS[parse_vertex(token)]
        if "|" in token:
            return EDGE_LABELS[parse_edge(token)]
        if int(token[1:]) % 2 == 0:  # even hours are corners, odd ones sides (rules.md §7)
            return VERTEX_LABELS[parse_vertex(token)]
        return EDGE_LABELS[parse_edge(token)]
    except LabelError:
        return None


def texts(data: object, where: str = "") -> Iterator[tuple[str, str]]:
    """Every string of a lesson read with a safe loader, keys included, with where it is."""
    if isinstance(data, str):
        yield where, data
    elif isinstance(data, dict):
        for k, v in data.items():
            yield from texts(k, f"{where}/{k}(key)")
            yield from texts(v, f"{where}/{k}")
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from texts(v, f"{where}[{i}]")


def aliases(text: str) -> list[tuple[str, str]]:
    """(name written, label the board shows) for each spot ``text`` names by another name."""
    out = []
    for m in SPOT.finditer(text):
        token = m.group(1)
        if token in PARTIES:
            continue
        label = board_label(token)
        if label is not None and label != token:
            out.append((token, label))
    return out


def test_the_scan_finds_aliases_and_leaves_labels_parties_and_rule_ids_alone():
    assert aliases("P1 settle J12") == [("J12", "E4")]  # a vertex alias
    assert aliases("P1 road J1, then H/I/M and A|B") == [
        ("J1", "F7"),
        ("H/I/M", "H4"),
        ("A|B", "A3"),
    ]
    assert aliases("the empty corner K6 (also called O2).") == [("O2", "K6")]
    assert aliases("knight:\n  O2: '-'") == [("O2", "K6")]
    # labels the board shows, parties, rule IDs, numbers and hexes alone are not spots
    assert aliases("P1 neutral N2 road G5; P2 settle E4; P3 road P3; P4 city P4") == []
    assert aliases("BASE-SETUP-ROUND1 CK2P-TOKEN-ROBBER 2P-TOKEN-INCOME-BOTH a 3:1 harbor") == []
    assert aliases("the desert J, hills 5 and a 12") == []


def _lessons() -> list[Path]:
    return sorted(packaged_lessons().glob(f"*{SUFFIX}"))


@pytest.mark.parametrize("path", _lessons(), ids=lambda p: p.name[: -len(SUFFIX)])
def test_a_lesson_names_each_spot_by_the_label_the_board_shows(path: Path):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    found = [
        f"{where}: {alias} is shown on the board as {label}"
        for where, text in texts(data)
        for alias, label in aliases(text)
    ]
    assert found == [], f"{path.name}:\n  " + "\n  ".join(found)


def test_every_lesson_is_scanned():
    assert len(_lessons()) >= 60


def notebook_texts(nb: dict) -> Iterator[tuple[str, str]]:
    """The source of each code and markdown cell of a notebook read as JSON, with its place."""
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] in ("code", "markdown"):
            yield f"cell {i} ({cell['cell_type']}, {cell.get('id', '?')})", "".join(cell["source"])


def notebook_aliases(nb: dict) -> list[str]:
    """Each spot a notebook's code or markdown names by another name than the board's label."""
    return [
        f"{where}: {alias} is shown on the board as {label}"
        for where, text in notebook_texts(nb)
        for alias, label in aliases(text)
    ]


def test_the_notebook_scan_flags_the_old_puzzle_editor_text():
    """The text 09_puzzle_editor held before its spots were renamed (J12 = E4, J1 = F7 ...)."""
    old = {
        "cells": [
            {
                "cell_type": "markdown",
                "id": "m",
                "metadata": {},
                "source": [
                    "road of five and P2's settlement on J12 block its far end.\n",
                    "(`P1 road I3`, `P1 road J9` ...) only make branches",
                ],
            },
            {
                "cell_type": "code",
                "id": "c",
                "metadata": {},
                "outputs": [],
                "execution_count": None,
                "source": [
                    'edit(new_game("base", players=3), "place P1 road H1",\n',
                    '     "place P2 settlement J12", "place P2 road J1", "tokens P1 3")',
                ],
            },
            {
                "cell_type": "raw",
                "id": "r",
                "metadata": {},
                "source": ["J12"],
            },  # not shown: skipped
        ]
    }
    assert notebook_aliases(old) == [
        "cell 0 (markdown, m): J12 is shown on the board as E4",
        "cell 0 (markdown, m): J9 is shown on the board as I3",
        "cell 1 (code, c): H1 is shown on the board as D7",
        "cell 1 (code, c): J12 is shown on the board as E4",
        "cell 1 (code, c): J1 is shown on the board as F7",
    ]


def _notebooks() -> list[Path]:
    return sorted(notebooks_dir().glob("*.ipynb"))


@pytest.mark.parametrize("path", _notebooks(), ids=lambda p: p.stem)
def test_a_notebook_names_each_spot_by_the_label_the_board_shows(path: Path):
    found = notebook_aliases(json.loads(path.read_text(encoding="utf-8")))
    assert found == [], f"{path.name}:\n  " + "\n  ".join(found)


def test_every_notebook_is_scanned():
    assert len(_notebooks()) >= 11
