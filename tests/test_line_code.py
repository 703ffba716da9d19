"""The saved line in the address is coded a move at a time (``widgets/line_code.py``): after any
walk of steps, jumps and variations it reads back as the line shown, and a move played on
feeds only that move to the compressor (a long game's step no longer codes the whole game)."""

from __future__ import annotations

import random

from catan_tutor import new_game
from catan_tutor.game import Game
from catan_tutor.study.timeline import Timeline
from catan_tutor.widgets import line_code
from catan_tutor.widgets.session import Line, decode, encode, state_of

SEATS = {1: "greedy"}


def _timeline(moves: int) -> Timeline:
    g = new_game("base", players=3, seed=3)
    t = Timeline(g, with_history=False)
    rng = random.Random(3)
    for _ in range(moves):
        t.play(rng.choice(t.game.legal_actions()))
    return t


def _reads_back(t: Timeline) -> None:
    line = decode(state_of(t, computers=SEATS, seed=7))
    assert line.moves == [str(a) for a in t.moves()]
    assert (line.computers, line.seed) == (SEATS, 7)
    assert line.position == Game(t.rules, t.root.state).position()


def test_the_code_of_any_walk_reads_back_as_the_line_shown():
    t = _timeline(40)
    rng = random.Random(11)
    for _ in range(150):
        step = rng.choice(["play", "play", "back", "jump", "start"])
        if step == "play" and not t.game.is_over():
            t.play(rng.choice(t.game.legal_actions()))  # a variation where a move follows
        elif step == "back" and t.current.parent is not None:
            t.goto(t.current.parent)
        elif step == "jump":
            t.goto(rng.choice(list(t.walk())))
        elif step == "start":
            t.goto(t.root)
        _reads_back(t)
    assert len(t.root.children) + sum(len(n.children) > 1 for n in t.walk()) > 1  # branched


def test_the_same_line_codes_as_encode_does():
    t = _timeline(25)
    start = Game(t.rules, t.root.state).position()
    line = Line(position=start, moves=[str(a) for a in t.moves()], computers=SEATS, seed=7)
    assert state_of(t, computers=SEATS, seed=7) == encode(line)


def test_a_move_played_on_feeds_that_move_alone(monkeypatch):
    t = _timeline(30)
    state_of(t)
    fed: list[str] = []
    real = line_code.move_json
    monkeypatch.setattr(line_code, "move_json", lambda m, first: fed.append(m) or real(m, first))
    for _ in range(10):
        t.play(random.Random(len(fed)).choice(t.game.legal_actions()))
        state_of(t)
    assert len(fed) == 10  # (coded afresh each time: 31 + 32 + ... + 40 = 355)
    t.goto(t.current.parent)  # a step back codes the line afresh
    state_of(t)
    assert len(fed) == 10 + 39


def test_a_line_coded_again_with_computers_seated_since_keeps_them():
    """A timeline's line coded without computers, then with them (seated since): the saved
    line said none, and a reload of it restored a game of humans (s27, l33's reload)."""
    t = _timeline(4)
    assert decode(state_of(t)).computers == {}
    _reads_back(t)
