"""Words a newcomer reads, not the reference's names (issue 33): no phase named as a phase
("it is the Roll Dice phase"), the beginner map in sentences, not "C forest 9 / D fields 12"."""

from __future__ import annotations

import re

from catan_tutor import Game, new_game
from catan_tutor.board import HEX_NAMES, TERRAINS
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import load_scenario
from catan_tutor.widgets.rules_panel import rules_html
from catan_tutor.widgets.wording import notice_lines

PHASE_NAMES = re.compile(r"\b(?:Roll Dice|Production|Action|roll|pre-roll) phase\b", re.I)


def test_no_generated_sentence_names_a_phase():
    """CK-TURN-ROLL-PHASE, BASE-TURN-PHASES: a move refused before the roll says "P1 has
    not rolled yet", in What to notice of every lesson and in the engine's why-not (a
    lesson's own prose may name C&K's phases, as its rulebook does)."""
    found = []
    for path in sorted(packaged_lessons().glob("*.catan.yaml")):
        sc = load_scenario(path)
        for node in sc.tree.nodes.values():
            for line in notice_lines(Game(sc.tree.rules, node.state), node):
                found += [f"{path.name} node {node.id}: {line}"] if PHASE_NAMES.search(line) else []
    assert found == [], "\n".join(found[:20])
    for variant in ("base", "ck", "ck-2p"):
        g = new_game(variant, players=2 if variant.endswith("2p") else 3, seed=3)
        while g.state.phase != "pre-roll":
            g.play(g.legal_actions()[0])
        for text in ("P1 road A3", "P1 end", "P1 bank 4 brick for ore"):
            reason = g.explain(text).reason
            assert not PHASE_NAMES.search(reason) and "P1 has not rolled yet" in reason, reason


def test_BASE_BOARD_BEGINNER_the_rules_tab_says_the_map_in_sentences():
    """The Rules tab listed the beginner map as "C forest 9 / D fields 12": each hex is said
    in a sentence ("hex A is mountains with a 10"), and every one as the engine lays it."""
    page = re.sub(r"<[^>]+>", " ", rules_html("base"))
    assert " / D fields" not in page and "forest 9 /" not in page
    lay = new_game("base", players=4).layout
    for h, name in enumerate(HEX_NAMES):
        terrain, n = TERRAINS[lay.terrain[h]], lay.numbers[h]
        said = (
            rf"\b{name} is the desert \(no number\)"
            if n == 0
            else rf"\b{name} is {terrain} with an? {n}\b"
        )
        assert re.search(said, page), (name, said)
