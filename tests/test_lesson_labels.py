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


# A lesson's prose (what the learner reads: comments, tutor texts, goals, prompts, hints and
# explanations; not its notation) says a spot whose label looks like a party's name with its
# noun: "P6 is on the 2:1 wool harbor" (3.2) read P6 as a player beside P1..P4. Such labels:
# P<n> that is no seat of the lesson's game, and P3/P4 after "on"/"at" even where they are
# seats ("P3 settles on P4"); in a game for two, N<n> too (the neutrals are N1 and N2).
PROSE = frozenset({"comment", "tutor", "title", "goal", "hints", "prompt", "explain"})
LOOKS_LIKE_A_PARTY = re.compile(r"(?<![\w/|'])([PN][1-9])(?![\w/|])")
WITH_ITS_NOUN = re.compile(
    r"(?:corners?|edges?|sides?)\s+(?:[A-S]\d{1,2}(?:,\s*|\s+and\s+|\s+or\s+))*$", re.IGNORECASE
)


def bare_party_labels(text: str, seats: frozenset[str]) -> list[str]:
    """Each spot label in ``text`` that a learner may read as a player (see above), said
    without "corner"/"edge" before it."""
    labels = set(VERTEX_LABELS) | set(EDGE_LABELS)
    found = []
    for m in LOOKS_LIKE_A_PARTY.finditer(text):
        token, before = m.group(1), text[: m.start()]
        if token not in labels or WITH_ITS_NOUN.search(before):
            continue
        if token[0] == "N" and "N1" not in seats:  # no neutrals: N4 is a corner only
            continue
        owner = text[m.end() : m.end() + 1] in ("'", "’")  # "on P3's turn": a seat's
        if token in seats and (owner or not re.search(r"\b(?:on|at)\s+$", before)):
            continue  # a seat ("P3 settles"), not a spot
        found.append(token)
    return found


def test_the_scan_finds_labels_a_learner_reads_as_players():
    four, two = frozenset({"P1", "P2", "P3", "P4"}), frozenset({"P1", "P2", "N1", "N2"})
    assert bare_party_labels("P6 is on the 2:1 wool harbor.", four) == ["P6"]
    assert bare_party_labels("P3 settles on P4, and P4 builds a road.", four) == ["P4"]
    assert bare_party_labels("P1 builds a road on N5.", two) == ["N5"]
    assert bare_party_labels("P1 builds a road on N5.", four) == []
    assert bare_party_labels("Corner P6 and corners K4 and P6; edge P5; P2's P3.", four) == []
    assert bare_party_labels("P2 steals from P3 (BASE-ROBBER-STEAL).", four) == []
    assert bare_party_labels("N1 and N2 build (2P-NEUTRAL-MIRROR); P2 steals.", two) == []
    assert bare_party_labels("P2 looks at P3's hand on P3's turn.", four) == []


@pytest.mark.parametrize("path", _lessons(), ids=lambda p: p.name[: -len(SUFFIX)])
def test_a_lesson_says_a_label_that_looks_like_a_player_with_its_noun(path: Path):
    from catan_tutor.study.scenario import load_scenario

    sc = load_scenario(path)
    seats = frozenset(sc.timeline.game.names) if sc.timeline else frozenset()
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    found = [
        f"{where}: {label} ({text.strip()[:80]})"
        for where, text in texts(data)
        if re.sub(r"\[\d+\]$", "", where.rsplit("/", 1)[-1]) in PROSE
        for label in bare_party_labels(text, seats)
    ]
    assert found == [], f"{path.name}:\n  " + "\n  ".join(found)
