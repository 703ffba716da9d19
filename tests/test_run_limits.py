"""Odds and Hint runs bounded in the kernel (issue 31): a widget message can raise a number
box's ``max`` and then its value, so each Run is checked against ``run_limits`` and refused
with a note saying which value; every Run of a process shares one worker pool; a new Run
cancels the one still going."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from helpers import killed_leaves_nothing

from catan_tutor import new_game
from catan_tutor.analysis import run_limits
from catan_tutor.analysis.run_limits import HINT, ODDS
from catan_tutor.widgets.hint_panel import HintPanel
from catan_tutor.widgets.icons import NO
from catan_tutor.widgets.odds_panel import OddsPanel


def _panel(kind: str):
    game = new_game("base", players=3, seed=2)
    return (OddsPanel if kind == "odds" else HintPanel)(lambda: game)


def _note(panel) -> str:
    return panel.status.value if isinstance(panel, OddsPanel) else panel.result.value


@pytest.mark.parametrize(
    ("kind", "box", "value", "said"),
    [
        ("odds", "n", 10**8, "games must be a whole number from 1 to 20,000, not 100000000"),
        ("odds", "turns", 10**6, "turns ahead must be a whole number from 1 to 200, not 1000000"),
        ("odds", "seed", 2**64, "seed must be a whole number from 0 to 4,294,967,295"),
        (
            "hint",
            "n",
            10**8,
            "games after each move must be a whole number from 1 to 5,000, not 100000000",
        ),
        ("hint", "turns", 101, "turns ahead must be a whole number from 1 to 100, not 101"),
    ],
)
def test_a_value_past_the_limit_sent_as_widget_state_is_refused_with_a_note(kind, box, value, said):
    panel = _panel(kind)
    widget = getattr(panel, box)
    if hasattr(widget, "max"):
        widget.max = value  # what a page can send: the bound first, then the value
    widget.value = value
    assert widget.value == value
    panel.run(wait=True)
    assert panel.thread is None, "nothing may start"
    assert said in _note(panel) and "not run" in _note(panel)


def test_an_unknown_policy_is_refused():
    panel = _panel("odds")
    panel.policy.options = ("random", "greedy", "deep")
    panel.policy.value = "deep"
    panel.run(wait=True)
    assert panel.thread is None and "the policy must be one of random, greedy" in _note(panel)


def test_the_limits_are_those_of_the_page():
    """The boxes' own bounds are the kernel's limits (the page refuses nothing it offers)."""
    odds, hint = _panel("odds"), _panel("hint")
    assert (odds.n.max, odds.turns.max) == (ODDS.max_playouts, ODDS.max_turns)
    assert (hint.n.max, hint.turns.max) == (HINT.max_playouts, HINT.max_turns)
    assert ODDS.problem(odds.n.value, odds.turns.value, odds.policy.value, 0) is None
    assert HINT.problem(hint.n.value, hint.turns.value) is None


def test_every_run_of_a_process_uses_one_shared_pool(monkeypatch):
    made = []

    class Recording(ThreadPoolExecutor):
        def __init__(self, workers, **kw):
            super().__init__(workers, **kw)
            made.append(workers)

    monkeypatch.setattr(run_limits, "ProcessPoolExecutor", Recording)
    monkeypatch.setattr(run_limits, "_pool", None)
    monkeypatch.delenv(run_limits.WORKERS_ENV, raising=False)
    odds, hint = _panel("odds"), _panel("hint")
    odds.n.value, odds.turns.value = 6, 2
    hint.n.value, hint.turns.value = 4, 1
    for panel in (odds, hint, odds, hint):
        panel.run(wait=True)
        assert NO not in _note(panel)
    assert made == [1], "one pool of one worker for every run"
    assert run_limits.shared_pool() is run_limits.shared_pool()
    run_limits.shared_pool().shutdown()


@pytest.mark.parametrize(("env", "workers"), [("3", 2), ("0", 1), ("x", 1), ("1", 1)])
def test_pool_workers_follow_the_setting_within_the_cores(monkeypatch, env, workers):
    monkeypatch.setenv(run_limits.WORKERS_ENV, env)
    monkeypatch.setattr(run_limits.os, "sched_getaffinity", lambda _: {0, 1})
    assert run_limits.pool_workers() == workers


@pytest.mark.parametrize("kind", ["odds", "hint"])
def test_a_new_run_cancels_the_run_still_going(kind):
    panel = _panel(kind)
    panel.executor = lambda: ThreadPoolExecutor(1)
    panel.n.value, panel.turns.value = panel.n.max, panel.turns.max  # hours of work
    panel.run()
    first = panel.thread
    assert first is not None and first.is_alive()
    panel.n.value, panel.turns.value = 3, 1
    panel.run(wait=True)
    assert not first.is_alive() and panel.thread is not first
    if kind == "odds":
        assert set(panel.table["n"]) == {3} and "3 games played" in _note(panel)
    else:
        assert panel.status == "done" and panel.ranking is not None


KILLED_KERNEL = """
import os, signal, time
from catan_tutor.analysis.run_limits import shared_pool
print(shared_pool().submit(os.getpid).result(), flush=True)
shared_pool().submit(time.sleep, 60)  # a Run going when the kernel is killed
time.sleep(0.2)
os.kill(os.getpid(), signal.SIGKILL)
"""


def test_a_killed_kernels_pool_worker_ends_too(tmp_path):
    """A kernel killed outright runs no exit handler: its pool worker, before, waited for ever
    (ppid 1) on a queue nobody writes to; it now follows its parent out (``follow_parent``)."""
    killed_leaves_nothing(tmp_path, KILLED_KERNEL, "the pool worker outlived its killed kernel")


def test_a_pool_of_threads_follows_no_parent():
    """Called in the process that made the pool (a pool of threads), it watches nothing (it
    would end that very process: its parent is not itself)."""
    run_limits.follow_parent(run_limits.os.getpid())
    assert all(t.name != "follow-parent" for t in threading.enumerate())
