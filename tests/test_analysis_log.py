"""Game log as a DataFrame: one row per action, hand deltas and VP after each move."""

from __future__ import annotations

import pytest

from catan_tutor import Game, new_game, random_playout
from catan_tutor.analysis import game_log, hand_changes
from catan_tutor.board import CARD_NAMES
from catan_tutor.study.resources import packaged_lessons
from catan_tutor.study.scenario import load_scenario
from catan_tutor.study.timeline import Timeline

SCENARIOS = packaged_lessons()


@pytest.fixture(
    scope="module",
    params=[("base", 4), ("base-2p", 2), ("base-dummy", 2), ("ck", 3), ("ck-2p", 2)],
    ids=lambda p: p[0],
)
def played(request) -> Game:
    variant, players = request.param
    game = new_game(variant, players=players, seed=11)
    random_playout(game, 11, policy="greedy")
    return game


def test_one_row_per_action_with_its_notation_kind_player_and_turn(played):
    log = game_log(played)
    history = played.history
    assert len(log) == len(history)
    assert list(log["step"]) == list(range(1, len(history) + 1))
    assert list(log["notation"]) == [str(a) for a in history]
    assert list(log["kind"]) == [type(a).__name__ for a in history]
    assert list(log["player"]) == [
        played.names[a.player] if a.player >= 0 else "chance" for a in history
    ]
    replay, turns, phases = Game(played.rules, played._states[0]), [], []
    for action in history:  # the turn and phase each action was played in
        turns.append(replay.state.turn)
        phases.append(replay.state.phase)
        replay.play(action)
    assert list(log["turn"]) == turns and list(log["phase"]) == phases
    assert log["turn"].iloc[-1] in (played.state.turn, played.state.turn - 1)


def test_deltas_sum_to_the_change_of_every_hand(played):
    log = game_log(played)
    first, last = played._states[0], played.state
    net = hand_changes(log)
    kinds = CARD_NAMES[: len(last.bank)]
    assert list(net.columns) == list(kinds) and list(net.index) == list(played.names)
    for p, party in enumerate(played.names):
        for k, kind in enumerate(kinds):
            assert net.loc[party, kind] == last.hands[p][k] - first.hands[p][k]
    # and row by row: each action's deltas are exactly its change of the hands
    replay = Game(played.rules, first)
    for row, action in zip(log.itertuples(index=False), played.history, strict=True):
        before = replay.state.hands
        replay.play(action)
        got = dict(zip(log.columns, row, strict=True))
        assert all(
            got[f"{party} {kind}"] == replay.state.hands[p][k] - before[p][k]
            for p, party in enumerate(played.names)
            for k, kind in enumerate(kinds)
        )


def test_vp_columns_equal_victory_points_after_each_move(played):
    log = game_log(played)
    replay = Game(played.rules, played._states[0])
    for i, action in enumerate(played.history):
        replay.play(action)
        for p in range(played.players):
            assert log.at[i, f"{played.names[p]} vp"] == replay.victory_points(p)
    assert not any(c.startswith(("N1 vp", "N2 vp", "D vp")) for c in log.columns)
    winner = played.names[played.winner]
    assert log[f"{winner} vp"].iloc[-1] == played.victory_points(played.winner)


def test_a_scenario_gives_its_main_line_to_the_end():
    sc = load_scenario(SCENARIOS / "ck_metropolis_race.catan.yaml")
    log = game_log(sc)
    tl = sc.timeline
    node = tl.root
    while node.children:
        node = node.children[0]
    assert list(log["notation"]) == [str(a) for a in tl.moves(node)]
    i = list(log["notation"]).index("P3 improve science H4")  # 7th move, after the roll and trades
    assert i == 6 and log.at[0, "notation"] == "P3 roll"
    assert log.at[i, "P3 vp"] == 7  # the scenario's own expectation after that move
    assert log.at[i, "P3 paper"] == -4  # level 4 of science costs 4 paper
    assert tl.current is tl.root  # reading the line does not move the timeline


def test_a_timeline_gives_the_line_to_its_current_node_and_a_variation():
    game = new_game("base", players=3, seed=2)
    random_playout(game, 2)
    tl = Timeline(game)
    tl.goto(tl.path()[30])
    assert len(game_log(tl)) == 30  # the node at depth 30
    branch = tl.path()[10]
    tl.goto(branch)
    alt = next(a for a in tl.game.legal_actions() if a != branch.children[0].action)
    tl.play(alt)
    log = game_log(tl)
    assert len(log) == 11 and log["notation"].iloc[-1] == str(alt)
    assert list(log["notation"].iloc[:10]) == [str(a) for a in game.history[:10]]
    assert len(game_log(tl, tl.path()[5])) == 5


def test_a_game_with_no_moves_gives_an_empty_log_with_its_columns():
    log = game_log(new_game("ck", players=3))
    assert len(log) == 0
    assert "P3 coin" in log.columns and "P3 vp" in log.columns


def test_a_node_with_a_game_is_refused():
    game = new_game("base", players=3)
    with pytest.raises(ValueError, match="node"):
        game_log(game, Timeline(game).root)
