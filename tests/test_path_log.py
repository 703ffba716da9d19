"""What happened is the position (issue 33, scope 3; widgets/path_log.py): at every node the
log is the narration of the path from the lesson's (or game's) start to that node, after
steps back and forward, jumps, Last and a branch off the lesson's line, never what was told
before. The expected narration is recomputed here independently: the path's moves replayed on
a fresh game from the root, each told by ``verdicts.narrate`` from the game before and after
it (the engine's events, BASE-PROD-YIELD for a roll's production); a roll and its dice are
one line (issue "the log is the position; lesson flow"), unless the path ends inside it."""

from __future__ import annotations

import re

import pytest

from catan_tutor import Game, new_game
from catan_tutor.actions import Action, Steal
from catan_tutor.sampler import random_playout
from catan_tutor.study.resources import lessons_dir
from catan_tutor.study.scenario import load_scenario
from catan_tutor.study.timeline import Node
from catan_tutor.widgets import path_log, verdicts
from catan_tutor.widgets.path_log import MAX_LOG
from catan_tutor.widgets.tutor_session import TutorSession

# A two-player lesson with both rolls and a forced trade, and 9.1 (Wedding and Sabotage).
LESSONS = ("base_2p_forced_trade", "ck_pc_wedding_sabotage")
NARRATE_STEPS = verdicts.narrate_steps  # as imported (a test counts the session's calls)


def lesson(lesson_id: str) -> TutorSession:
    s = TutorSession(new_game("base", players=3))
    s.open(load_scenario(lessons_dir() / f"{lesson_id}.catan.yaml"), lesson_id=lesson_id)
    return s


def narration(s: TutorSession, node: Node | None = None) -> list[str]:
    """The path's moves replayed from the root on a fresh game, told newest first: the moves
    of a roll (the Roll, each die while the dice still fall) told at once by its last die, a
    robber's move with its steal; the newest line says what comes next."""
    out = told(s, node)[::-1][:MAX_LOG]
    end = s.timeline.path(node)[-1]
    if out and end.parent is not None and not Game(s.timeline.rules, end.state).is_over():
        out[0] += " " + verdicts.next_sentence(Game(s.timeline.rules, end.state))
    return out


def told(s: TutorSession, node: Node | None = None) -> list[str]:
    """Every line of the path to ``node``, oldest first (see ``narration``)."""
    path = s.timeline.path(node)
    g = Game(s.timeline.rules, path[0].state)
    # a stolen card named to the seats whose hands show (the hidden-hand rule, l22)
    seen = frozenset() if s.puzzle_secret else s.hand_seats()
    out: list[str] = []
    steps: list[tuple[Game, Action, Game]] = []
    for n in path[1:]:
        assert n.action is not None
        before = Game(g.rules, g.state)
        ex = before.explain(n.action)
        g.play(n.action)
        steps.append((before, n.action, Game(g.rules, g.state)))
        # (a robber's move and steal between a two-player turn's rolls are a line of their
        # own, the second roll's dice then to come: l40)
        if g.is_chance() and g.state.phase in ("dice", "progress-draw", "steal", "draw"):
            if n is not path[-1] and not isinstance(n.action, Steal):
                continue  # the dice still fall (a card to steal, to draw): told with the last
        line = NARRATE_STEPS(steps, ex, seen or None, next_too=False)
        # a card bought and drawn: the draw said in the buy's sentence (l26)
        out.append(re.sub(r"(1 ore\))\. P\d draws a development card", r"\1 and draws one", line))
        steps = []
    return out


def played_on(variant: str, players: int, seed: int, moves: int) -> tuple[TutorSession, list]:
    """A session of a new game with the first ``moves`` moves of a seeded greedy playout
    played (not yet shown), and the playout's moves after them."""
    done = random_playout(new_game(variant, players=players, seed=seed), seed=seed, policy="greedy")
    s = TutorSession(new_game(variant, players=players, seed=seed))
    start = len(s.game.history)
    for a in done.history[start : start + moves]:
        s.advance(a)
    return s, done.history[start + moves :]


@pytest.mark.parametrize("lesson_id", LESSONS)
def test_the_log_at_every_node_is_the_narration_of_its_path(lesson_id: str) -> None:
    s = lesson(lesson_id)
    assert s.lines == [] and s.node is s.timeline.root
    while s.node.children:  # forward through the main line
        s.forward()
        assert s.lines == narration(s), s.node
    end, depth = s.node, len(s.timeline.path()) - 1
    assert len(s.lines) == len(told(s)) >= 5
    while s.node is not s.timeline.root:  # back to the start: the later moves go
        s.back()
        assert s.lines == narration(s), s.node
    assert s.lines == []  # the start of the lesson: nothing happened yet
    s.forward()
    s.forward()
    assert len(s.lines) == 2 and s.lines == narration(s)  # no earlier walk-through mixed in
    s.last()
    assert s.node is end and s.lines == narration(s)
    middle = s.timeline.path(end)[depth // 2]
    s.goto(middle)  # a jump
    assert s.node is middle and s.lines == narration(s) and len(s.lines) == len(told(s))
    s.first()
    assert s.lines == [] and s.node is s.timeline.root


def test_a_branch_tells_its_own_moves_and_the_main_line_its_own() -> None:
    """Off the lesson's line (other dice after the roll of 5.7's forced-trade lesson) the log
    tells the learner's moves; back on the main line it tells the lesson's moves again."""
    s = lesson("base_2p_forced_trade")
    s.goto(s.timeline.root.children[0])  # P1 roll (a step would take the dice with it)
    assert str(s.node.action) == "P1 roll" and str(s.node.children[0].action) == "die white 1"
    lesson_move = s.node.children[0]
    s.play("die white 6")  # BASE-DICE: the learner's own die
    s.play("die red 6")
    assert s.lines == narration(s) and "12" in s.lines[0]
    assert not any("white die shows 1" in line for line in s.lines)
    branch = s.node
    s.goto(lesson_move)  # the main line: one jump
    assert s.lines == narration(s) and "white die shows 1" in s.lines[0]
    assert not any("12" in line.split(".")[0] for line in s.lines)
    s.goto(branch)
    assert s.lines == narration(s)


def test_a_long_game_tells_its_last_moves_and_counts_the_rest_and_narrates_each_node_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Stepping back through a long game narrates each node once (cached per node), and the
    log lists the last MAX_LOG moves with a count of the earlier ones."""
    s, _ = played_on("base", 3, 5, 300)
    s.show()
    depth = len(s.timeline.path()) - 1
    assert depth == 300
    lines = len(told(s))  # a roll and its dice: one line
    assert depth - lines >= 2 * 20  # 20 rolls at least (each 2 dice)
    assert len(s.lines) == MAX_LOG + 1 and s.lines[:MAX_LOG] == narration(s)
    assert s.lines[-1] == f"… and {lines - MAX_LOG} earlier moves."
    calls = []
    real = verdicts.narrate_steps
    monkeypatch.setattr(verdicts, "narrate_steps", lambda *a, **k: calls.append(1) or real(*a, **k))
    s.log = type(s.log)()  # an empty cache
    assert len(s.lines) == MAX_LOG + 1
    node = s.node  # every node, from the last back (as from Moves: ◀ steps over a roll)
    while node.parent is not None:
        node = node.parent
        s.goto(node)
        at = len(told(s))
        assert len(s.lines) == min(at, MAX_LOG) + (at > MAX_LOG)  # recomputed at every step
        if at > MAX_LOG:
            more = at - MAX_LOG
            assert s.lines[-1] == f"… and {more} earlier {'move' if more == 1 else 'moves'}."
    assert len(calls) == depth  # every move told once, however often it was listed
    assert s.lines == [] and s.node is s.timeline.root


def test_a_variable_board_laid_out_by_chance_is_not_told() -> None:
    """A new game on a variable board starts with the board laid out: its log is empty."""
    s = TutorSession(new_game("base", players=3, board="variable", seed=4))
    assert s.timeline.root.state.phase == "board" and s.lines == []
    s.play("P1 settle J12")
    assert s.lines == narration(s)[:1] and "builds a settlement" in s.lines[0]
    assert len(narration(s)) > 1  # the board's chance events are on the path, not in the log


def test_a_step_deep_in_a_long_game_looks_at_the_last_moves_not_the_whole_path(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The count of earlier moves is cached per node: a step 300 moves into a game looks at
    about the MAX_LOG moves it lists, not at all 300 (a long game stayed as quick per step)."""
    s, rest = played_on("base", 3, 5, 300)
    assert len(s.lines) == MAX_LOG + 1
    looked: list[int] = []
    real = path_log.rolling
    monkeypatch.setattr(path_log, "rolling", lambda r, n: looked.append(1) or real(r, n))
    s.advance(rest[0])
    lines = s.lines
    assert 0 < len(looked) <= 3 * MAX_LOG  # 300 before the count was cached
    assert lines[:MAX_LOG] == narration(s)


def test_a_card_bought_and_drawn_is_told_once() -> None:
    """l26: "P3 buys a development card (1 wool, 1 grain, 1 ore)." then "P3 draws a
    development card.": one purchase said twice. The draw is told in the buy's line, for
    everyone; the card's name to the seats whose hands show (BASE-BUILD-DEVCARD)."""
    from catan_tutor.actions import DrawDev

    s = lesson("base_dev_cards")
    drawn = next(n for n in s.timeline.nodes.values() if isinstance(n.action, DrawDev))
    buyer = drawn.parent.action.player
    log = path_log.PathLog()
    lines = log.lines(s.timeline, drawn)
    said = f"P{buyer + 1} buys a development card (1 wool, 1 grain and 1 ore) and draws one."
    assert lines[0].startswith(said), lines[0]
    assert not any("draws a development card" in x for x in lines), lines[:3]
    assert not any(x.startswith(f"P{buyer + 1} buys") for x in lines[1:]), lines[:3]
    assert log.count(s.timeline, drawn) == len(lines)  # (none left out: under MAX_LOG)
    seen = log.lines(s.timeline, drawn, frozenset({buyer}))[0]
    assert seen.startswith(said[:-1] + ": "), seen  # "… and draws one: Knight."
    shown = log.lines(s.timeline, drawn.parent)[0]  # the draw under way: the buy alone
    assert shown.startswith(f"P{buyer + 1} buys a development card (1 wool, 1 grain and 1 ore)."), (
        shown
    )


def test_a_two_player_game_stepped_back_into_a_roll_tells_the_roll_so_far() -> None:
    """l37, a free game for two stepped back one node after both rolls: the log's newest
    line was "The white die shows 4. …" alone, the first roll's production (in the hand
    already) told nowhere. At every node of the game, inside a roll too, the log is the
    narration of the path: a roll under way is told so far, in one line (2P-ROLL-DOUBLE)."""
    s, _ = played_on("base-2p", 2, 3, 120)
    s.show()
    inside = 0
    node = s.node  # (◀ steps over a roll at once now: each node jumped to, as from Moves)
    while node.parent is not None:
        node = node.parent
        s.goto(node)
        assert s.lines[:MAX_LOG] == narration(s), s.node.action
        if path_log.rolling(s.timeline.rules, s.node) and s.node.state.sums:
            inside += 1
    assert inside >= 5  # (nodes inside a second roll, the first one's production told)
