"""Write the position-text regression corpus (run once, against the code whose behaviour it
pins; issue 17): ``python tests/data/positions/make_corpus.py``.

``corpus.txt``: one position a line, ``NAME<TAB>TEXT``, from seeded random games of every
variant (setup, early, mid, late, finished, and the first position of each phase met).
``lessons.json.gz``: the packaged lessons' files as they were (name: YAML text).
``digests.json``: for each position the sha256 of what the game offers there (legal actions'
notation, or chance outcomes with their weights), and for each stored lesson the sha256 of
every node's position text, in walk order.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import random
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))  # tests/ (helpers)
sys.path.insert(0, str(HERE.parent.parent.parent))  # the repository (catan_tutor)

from helpers import random_step  # noqa: E402

from catan_tutor import new_game  # noqa: E402
from catan_tutor.position import encode  # noqa: E402
from catan_tutor.sampler import greedy_choice  # noqa: E402
from catan_tutor.study.resources import packaged_lessons  # noqa: E402
from catan_tutor.study.scenario import load_scenario, loads_scenario  # noqa: E402
from catan_tutor.variants import rules_for  # noqa: E402

CONFIGS = [  # variant, players, board, seeds (the later seeds add only phases not met yet)
    ("base", 3, "beginner", (1, 2)), ("base", 4, "variable", (3, 4)),
    ("base", 4, "variable-harbors", (5,)),
    ("base-2p", 2, "beginner", (6, 7)), ("base-2p", 2, "variable", (8,)),
    ("base-dummy", 2, "beginner", (9, 10)), ("base-dummy", 2, "variable", (11,)),
    ("ck", 3, "beginner", (12, 13, 19, 20, 21, 22)), ("ck", 4, "variable", (14, 15, 23, 24)),
    ("ck-2p", 2, "beginner", (16, 17, 25, 26)), ("ck-2p", 2, "variable", (18, 27)),
]  # fmt: skip
CHECKPOINTS = (0, 8, 60, 200)
MAX_STEPS = 3000
RANDOM_SHARE = 0.3  # of the moves picked at random; the others greedily (games then end)


def offered(game) -> str:
    """What the game offers at this position, as one digest."""
    if game.is_chance():
        lines = [f"{a} {w}" for a, w in game.chance_weights()]
    else:
        lines = [str(a) for a in game.legal_actions()]
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:32]


def games() -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for variant, players, board, seeds in CONFIGS:
        phases: set[str] = set()
        for i, seed in enumerate(seeds):
            tag = f"{variant}-{players}p-{board}-s{seed}"
            g = new_game(variant, players=players, seed=seed, board=board)
            rng = random.Random(seed)
            step = 0
            while True:
                ph = g.state.phase
                if step in CHECKPOINTS and i < 2:
                    out.append((f"{tag}-step{step}", g.position()))
                elif ph not in phases:
                    out.append((f"{tag}-step{step}-{ph}", g.position()))
                phases.add(ph)
                if g.is_over() or step >= MAX_STEPS:
                    if i < 2:
                        out.append((f"{tag}-final{step}", g.position()))
                    break
                if g.is_chance() or rng.random() < RANDOM_SHARE:
                    random_step(g, rng)
                else:
                    g.play(greedy_choice(rng, g.state, g.legal_actions()))
                step += 1
    for variant, players in (("base", 4), ("ck", 3), ("base-2p", 2)):  # chance at the start
        g = new_game(variant, players=players, board="variable", rolloff=True)
        out.append((f"{variant}-{players}p-board", g.position()))
        rng = random.Random(0)
        while g.state.phase != "rolloff":
            random_step(g, rng)
        out.append((f"{variant}-{players}p-rolloff", g.position()))
    return out


def lesson_phases(seen: set[tuple[str, str]]) -> list[tuple[str, str]]:
    """A lesson node for each variant's phase the games above did not reach."""
    out = []
    for path in sorted(packaged_lessons().glob("*.catan.yaml")):
        sc = load_scenario(path)
        rules = rules_for(sc.variant, preview=True)
        for i, node in enumerate(sc.timeline.walk(sc.timeline.root)):
            key = (sc.variant, node.state.phase)
            if key not in seen:
                seen.add(key)
                name = path.name.removesuffix(".catan.yaml")
                out.append((f"lesson-{name}-node{i}-{key[1]}", encode(rules, node.state)))
    return out


def lessons() -> dict[str, list[str]]:
    out = {}
    texts = {
        path.name: path.read_text("utf-8")
        for path in sorted(packaged_lessons().glob("*.catan.yaml"))
    }
    with gzip.open(HERE / "lessons.json.gz", "wt", encoding="utf-8") as f:
        json.dump(texts, f, sort_keys=True)
    for name, text in texts.items():
        sc = loads_scenario(text, name)
        rules = rules_for(sc.variant, preview=True)
        out[name] = [
            hashlib.sha256(encode(rules, node.state).encode()).hexdigest()[:32]
            for node in sc.timeline.walk(sc.timeline.root)
        ]
    return out


def main() -> None:
    from catan_tutor import Game

    rows = games()
    rows += lesson_phases({(t.split()[1], t.split()[4].removeprefix("phase=")) for _, t in rows})
    digests = {name: offered(Game.from_position(text)) for name, text in rows}
    (HERE / "corpus.txt").write_text("".join(f"{n}\t{t}\n" for n, t in rows), encoding="utf-8")
    data = {"positions": digests, "lessons": lessons()}
    (HERE / "digests.json").write_text(
        json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8"
    )
    print(len(rows), "positions;", sum(len(t) for _, t in rows), "characters")


if __name__ == "__main__":
    main()
