"""The computers' moves since the learner's are ringed on the board (learner18: after the
computers' turns nothing on the board said what was new; ``widgets/others_moves.py``)."""

from __future__ import annotations

import re

from catan_tutor import board, new_game
from catan_tutor.actions import BuildRoad, EndTurn, Roll, Settle
from catan_tutor.widgets import Tutor
from catan_tutor.widgets.kinds import target_of
from catan_tutor.widgets.others_moves import others_spots


def _ringed(t: Tutor) -> list[str]:
    found = re.search(r"catan-fresh-marks' data-spots='([^']*)'", t.view.marker.value)
    return found[1].split() if found else []


def test_the_computers_pieces_since_the_learners_move_are_ringed_and_go_with_the_next():
    t = Tutor(new_game("base", players=3, seed=1))
    t.computer.set_seats({1: "greedy", 2: "greedy"}, seed=4, paused=False)
    s = t.session
    s.play(next(a for a in s.legal() if isinstance(a, Settle)))  # P1's first settlement
    assert _ringed(t) == []  # (the learner's own move: nothing of the computers' yet)
    s.play(next(a for a in s.legal() if isinstance(a, BuildRoad)))  # and road: P2, P3 play
    assert s.game.acting_seat == 0  # the snake came back to P1
    state = s.game.state
    theirs = {board.VERTEX_LABELS[v] for v, o in enumerate(state.vowner) if o in (1, 2)}
    theirs |= {board.EDGE_LABELS[e] for e, o in enumerate(state.eowner) if o in (1, 2)}
    assert len(theirs) == 8 and set(_ringed(t)) == theirs  # 2 settlements, 2 roads each
    assert len(others_spots(s)) == 8
    s.play(next(a for a in s.legal() if isinstance(a, Settle)))  # the learner moves: gone
    assert _ringed(t) == []


def test_a_game_of_humans_rings_nothing():
    t = Tutor(new_game("base", players=3, seed=1))
    s = t.session
    for _ in range(4):
        s.play(s.legal()[0])
    assert others_spots(s) == () and _ringed(t) == []


def test_a_whole_round_of_the_computers_is_ringed_past_their_dice():
    """learner23: at P1's roll only P4's last road was ringed; P2's robber and P3's road of
    the same round were not (the walk back stopped at the first die, nobody's move)."""
    t = Tutor(new_game("base", players=4, seed=7))
    t.computer.set_seats({1: "greedy", 2: "greedy", 3: "greedy"}, seed=4, paused=False)
    s = t.session
    while s.game.state.turn <= 2 or s.game.acting_seat != 0 or s.game.is_chance():
        legal = s.legal()
        s.play(next((a for a in legal if isinstance(a, (Roll, EndTurn))), legal[0]))
    theirs, node = set(), s.timeline.current
    while getattr(node.action, "player", -1) != 0:
        if getattr(node.action, "player", -1) > 0 and (spot := target_of(node.action)):
            theirs.add(spot)
        node = node.parent
    assert len(theirs) >= 2 and set(others_spots(s)) == theirs, (theirs, others_spots(s))
    assert len(_ringed(t)) == len(theirs)
