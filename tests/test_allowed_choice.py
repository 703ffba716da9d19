"""A lesson's list of allowed moves reads as the choice it is (allowed_choice). Learner s18 at
lesson 6.5 (the Aqueduct): "Each of these is allowed here: P3 may take 1 lumber …; P3 may take
1 ore …" read as if the Aqueduct allowed only those two (CK-IMPROVE-SCIENCE-3: any one
resource). Swept over every step of every lesson: "Each of these is allowed here" only for a
list that holds every move the position allows of its kinds."""

from __future__ import annotations

import pytest

from catan_tutor.game import Game
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import SUFFIX, load_scenario
from catan_tutor.widgets.wording import notice_lines

LESSONS = sorted(p.name for p in packaged_lessons().glob(f"*{SUFFIX}"))


def _legal_lists(name: str):
    """(game, listed moves, the notice lines) of each step whose lesson lists allowed moves."""
    sc = load_scenario(packaged_lessons() / name)
    for node in sc.tree.nodes.values():
        for ex in node.expect:
            if ex.key == "legal":
                game = Game(sc.tree.rules, node.state)
                listed = ex.value if isinstance(ex.value, list) else [ex.value]
                yield game, [str(m) for m in listed], notice_lines(game, node)


def test_the_aqueduct_says_any_one_resource():
    """Lesson 6.5 names lumber and ore of the five resources P3 may take (CK-IMPROVE-SCIENCE-3)."""
    (game, listed, lines), *_ = list(_legal_lists(f"ck_aqueduct{SUFFIX}"))
    assert listed == ["P3 aqueduct lumber", "P3 aqueduct ore"]
    assert len([a for a in game.legal_actions() if str(a).startswith("P3 aqueduct")]) == 5
    said = [line for line in lines if "lumber" in line]
    assert said == [
        "P3 may take any one resource here, for example: take 1 lumber from the supply "
        "(Aqueduct); or take 1 ore from the supply (Aqueduct)."
    ]


@pytest.mark.course
@pytest.mark.parametrize("name", LESSONS)
def test_a_closed_list_is_the_whole_choice(name: str) -> None:
    """A list said as closed ("Each of these is allowed here") leaves out no move of its kinds
    by its players that the position allows; a wider choice says "for example"."""
    bad = []
    for game, listed, lines in _legal_lists(name):
        closed = [line for line in lines if line.startswith("Each of these is allowed here")]
        if not closed:
            continue
        parsed = [game.parse(m) for m in listed]
        kinds = {(type(a), a.player) for a in parsed}
        left_out = [
            str(a)
            for a in game.legal_actions()
            if (type(a), a.player) in kinds and str(a) not in set(listed)
        ]
        if left_out:
            bad.append((closed, left_out[:3]))
    assert bad == []
