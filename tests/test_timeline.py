"""The timeline: a tree of positions with variations, jumps, promote/demote/delete."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from catan_tutor import Game, IllegalActionError, new_game, random_playout
from catan_tutor.study.timeline import Timeline

# the rules engine alone: left out of the minimum-versions lane (scripts/min_versions.sh)
pytestmark = pytest.mark.engine

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=40)


def opening() -> Game:
    """A 3-player game after setup (first legal placements), the dice just asked for."""
    g = new_game("base", players=3, seed=1)
    while g.state.phase != "pre-roll":
        g.play(g.legal_actions()[0])
    g.play("roll")
    return g


def test_history_becomes_the_main_line_reusing_snapshots():
    g = opening()
    t = Timeline(g)
    assert [str(a) for a in t.moves()] == [str(a) for a in g.history]
    assert t.current.state is g.state and t.root.state is g._states[0]
    assert t.current.depth == len(g.history)
    assert all(n.is_main() for n in t.path())


def test_playing_an_existing_move_follows_it_and_a_new_one_branches():
    t = Timeline(opening())
    start = t.current
    t.play("die white 3")
    t.play("die red 4")
    seven = t.current
    t.goto(start)
    t.play("die white 3")  # the same move: no new node
    assert len(start.children) == 1
    t.play("die red 1")  # "what if the red die had been 1": a variation
    assert len(start.children[0].children) == 2
    assert t.current is not seven and not t.current.is_main()
    assert t.state.dice == (3, 1) and seven.state.dice == (3, 4)


def test_illegal_move_changes_nothing():
    t = Timeline(opening())
    before, count = t.current, len(t.nodes)
    with pytest.raises(IllegalActionError):
        t.play("P1 end")  # the dice are due
    assert t.current is before and len(t.nodes) == count


def test_back_forward_first_last_and_redo_into_the_variation():
    t = Timeline(opening())
    t.play("die white 1")
    t.play("die red 2")
    main_end = t.current
    t.back()
    t.play("die red 5")
    var_end = t.current
    t.back()
    assert t.forward() is var_end  # redo goes back into the line just left
    t.first()
    assert t.current is t.root and t.back() is None
    assert t.last() is main_end  # main continuations from the root
    assert t.forward() is None


def test_promote_demote_delete():
    t = Timeline(opening())
    fork = t.current
    t.play("die white 1")
    a = t.current
    t.goto(fork)
    t.play("die white 2")
    b = t.current
    t.play("die red 2")
    deep = t.current
    t.promote(b)
    assert fork.children == [b, a] and b.is_main()
    t.demote(b)
    assert fork.children == [a, b]
    t.delete(b)  # the current node was inside: it moves to the deleted node's parent
    assert fork.children == [a] and t.current is fork
    assert b.id not in t.nodes and deep.id not in t.nodes
    with pytest.raises(KeyError):
        t.goto(deep)
    with pytest.raises(ValueError, match="root"):
        t.delete(t.root)


def test_jump_keeps_each_nodes_own_position():
    g = new_game("base", players=4, seed=3)
    random_playout(g, 3)
    t = Timeline(g)
    ids = [n.id for n in t.path()]
    for i in (ids[-1], ids[0], ids[len(ids) // 2], ids[10]):
        t.goto(i)
        assert t.game.position() == Game.from_position(t.game.position()).position()
        assert t.current.depth == ids.index(i)


@settings(**SETTINGS)
@given(
    seed=st.integers(0, 2**32 - 1),
    ops=st.lists(
        st.sampled_from(["play", "play", "play", "back", "forward", "jump", "first", "last"]),
        min_size=1,
        max_size=60,
    ),
)
def test_random_walks_show_the_position_of_a_fresh_replay(seed, ops):
    """Whatever the play/back/branch/jump sequence, the current position equals a fresh
    replay of the path's moves from the root."""
    rng = random.Random(seed)
    t = Timeline(opening(), with_history=False)
    for op in ops:
        if op == "play":
            legal = t.game.legal_actions()
            if legal:
                t.play(rng.choice(legal))
        elif op == "jump":
            t.goto(rng.choice(list(t.nodes)))
        else:
            getattr(t, op)()
    replay = Game(t.rules, t.root.state)
    for a in t.moves():
        replay.play(a)
    assert replay.position() == t.game.position()
