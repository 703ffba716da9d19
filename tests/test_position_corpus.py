"""Position texts written by the engine keep their meaning (issue 17's regression corpus).

``tests/data/positions/corpus.txt`` holds positions from seeded games of every variant and
board (setup, early, mid, late, finished, and the first position of each phase, pending
decisions included), written before the position module was split; ``lessons.json.gz`` the
packaged lessons as they were then; ``digests.json`` what the game offered at each position
and the position text of every lesson node. Regenerate only on purpose, from the code whose
behaviour is to be kept: ``python tests/data/positions/make_corpus.py``.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path

import pytest

from catan_tutor import Game
from catan_tutor.position import decode, encode
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import loads_scenario
from catan_tutor.variants import VARIANTS, rules_for

# the rules engine alone: left out of the minimum-versions lane (scripts/min_versions.sh)
pytestmark = pytest.mark.engine

DATA = Path(__file__).resolve().parent / "data" / "positions"
ROWS = [line.split("\t") for line in (DATA / "corpus.txt").read_text("utf-8").splitlines()]
DIGESTS = json.loads((DATA / "digests.json").read_text("utf-8"))
with gzip.open(DATA / "lessons.json.gz", "rt", encoding="utf-8") as _f:
    LESSONS: dict[str, str] = json.load(_f)


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def _offered(game: Game) -> str:
    if game.is_chance():
        return _sha("\n".join(f"{a} {w}" for a, w in game.chance_weights()))
    return _sha("\n".join(str(a) for a in game.legal_actions()))


def test_the_corpus_covers_every_variant_and_is_small():
    variants = {text.split()[1] for _, text in ROWS}
    assert variants == set(VARIANTS)
    assert len(ROWS) == len(DIGESTS["positions"]) == len({name for name, _ in ROWS})
    size = sum(p.stat().st_size for p in DATA.iterdir())
    assert size < 300_000, size


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_stored_position_reads_back_byte_identical_with_the_same_moves(variant):
    rows = [(name, text) for name, text in ROWS if text.split()[1] == variant]
    assert rows
    for name, text in rows:
        game = Game.from_position(text)
        assert game.position() == text, name
        assert encode(rules_for(variant, preview=True), decode(text)[1]) == text, name
        assert _offered(game) == DIGESTS["positions"][name], name


@pytest.mark.parametrize("name", sorted(LESSONS))
def test_every_stored_lesson_loads_to_the_same_positions(name):
    sc = loads_scenario(LESSONS[name], name)
    rules = rules_for(sc.variant, preview=True)
    got = [_sha(encode(rules, node.state)) for node in sc.timeline.walk(sc.timeline.root)]
    assert got == DIGESTS["lessons"][name]


def test_the_stored_lessons_are_the_packaged_ones_or_earlier_versions_of_them():
    """The snapshot covers every lesson packaged when it was made (later lessons are new)."""
    assert len(LESSONS) == len(DIGESTS["lessons"]) >= 20
    packaged = {p.name for p in packaged_lessons().glob("*.catan.yaml")}
    assert set(LESSONS) <= packaged
