"""``rolloff: yes`` in a scenario file: the lesson starts at the first-player roll-off
(BASE-SETUP-FIRST-PLAYER, CK-SETUP-FIRST-PLAYER), which its moves play as chance events;
``layout: moves``: the moves lay out a variable board (BASE-BOARD-VARIABLE)."""

from __future__ import annotations

import pytest

from catan_tutor.errors import ScenarioError
from catan_tutor.study.scenario import dumps_scenario, loads_scenario

HEAD = "title: t\nvariant: base\nplayers: 3\nboard: beginner\n"
ROLLS = "moves:\n" + "".join(
    f"- move: die {d} {v}\n"
    for d, v in [("white", 1), ("red", 1), ("white", 6), ("red", 6), ("white", 2), ("red", 2)]
)


def test_a_rolloff_start_waits_for_the_dice_and_the_highest_total_becomes_p1():
    sc = loads_scenario(HEAD + "rolloff: yes\n" + ROLLS)
    assert sc.rolloff and sc.root.state.phase == "rolloff"
    node = sc.root
    while node.children:
        node = node.children[0]
    assert node.state.phase == "setup-settle"
    # blue rolled 12: blue is P1 now, the others follow in their order around the table
    assert node.state.colors[:3] == ("blue", "white", "red")


def test_rolloff_no_is_the_usual_settled_start_and_both_forms_write_back_as_read():
    settled = loads_scenario(HEAD + "rolloff: no\n")
    assert not settled.rolloff and settled.root.state.phase == "setup-settle"
    text = dumps_scenario(loads_scenario(HEAD + "rolloff: yes\n" + ROLLS))
    assert "rolloff: yes" in text and dumps_scenario(loads_scenario(text)) == text
    assert "rolloff" not in dumps_scenario(settled)


def test_a_variable_board_laid_out_by_the_moves_starts_empty_and_ends_at_the_setup():
    head = HEAD.replace("board: beginner", "board: variable") + "layout: moves\n"
    sc = loads_scenario(head)
    assert sc.layout_moves and sc.root.state.phase == "board" and sc.root.state.robber < 0
    game = sc.tree.game
    while game.is_chance():
        game.play(game.chance_outcomes()[0][0])
    assert game.state.phase == "setup-settle" and game.state.robber >= 0
    text = dumps_scenario(sc)
    assert "layout: moves" in text and dumps_scenario(loads_scenario(text)) == text


@pytest.mark.parametrize(
    "text, where",
    [
        (HEAD + "rolloff: maybe\n", "<scenario>:5: rolloff: expected yes or no"),
        (HEAD + "layout: moves\n", "<scenario>:5: layout: only a variable board is laid out"),
        (HEAD + "layout: later\n", "<scenario>:5: layout: expected moves or seed"),
        (
            "title: t\nvariant: base\nplayers: 3\nrolloff: yes\nposition: x\n",
            "<scenario>:4: rolloff: a scenario with a position gives no board, layout, rolloff",
        ),
    ],
)
def test_a_bad_rolloff_is_refused_naming_the_line(text: str, where: str):
    with pytest.raises(ScenarioError) as e:
        loads_scenario(text)
    assert str(e.value).startswith(where), str(e.value)


def test_the_tutor_shows_a_board_being_laid_out_and_a_roll_off_step_by_step():
    from catan_tutor.study.resources import packaged_lessons
    from catan_tutor.study.scenario import load_scenario
    from catan_tutor.widgets import Tutor
    from catan_tutor.widgets.describe import describe

    for name in ("base_variable_board", "ck_setup_first_player"):
        tutor = Tutor(load_scenario(packaged_lessons() / f"{name}.catan.yaml"))
        assert tutor.timeline.current.state.phase in ("board", "rolloff")
        while tutor.timeline.current.children:
            tutor.session.forward()
        assert tutor.timeline.current.state.phase == "setup-settle"
    sc = load_scenario(packaged_lessons() / "base_variable_board.catan.yaml")
    first = sc.root.children[0]
    assert describe(sc.tree.game)[-1] == "No hex is laid yet."
    sc.tree.goto(first)
    assert describe(sc.tree.game)[-1] == "Hexes laid so far: A pasture."
