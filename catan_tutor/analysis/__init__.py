"""Odds and outcomes of a position: exact production and barbarian odds, the game log as a
DataFrame, a seeded Monte-Carlo explorer on any ``concurrent.futures`` executor, and plots.

    from catan_tutor.analysis import production_table, game_log, explore, playouts
    production_table(game, per="turn")     # expected cards per player and kind (Fractions)
    game_log(game)                         # one row per action: deltas and VP after it
    explore(game, n=200, turns=10, policy="greedy", seed=1)   # outcomes with intervals
    rank_actions(game, n=200, turns=10, seed=0)   # the moves to act ranked (hints)
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

# Imported now: the function ``explore`` must shadow its own submodule's name (light: the
# module imports pandas only when it builds a table).
from .explore import available_cores, explore, playouts

if TYPE_CHECKING:
    from .arrival import barbarian_arrival, event_dice_left
    from .log import game_log, hand_changes
    from .odds import arrival_pmf, arrival_stats, second_roll_odds, sum_odds, turn_sum_odds
    from .playout import play_turns, playout_seed, run_batch, seeded_game
    from .plots import plot_arrival, plot_log, plot_outcomes, plot_production, plot_vp_distribution
    from .production import production_table, roll_yield, rolls_per_turn
    from .rank import InlineExecutor, RankedAction, Ranking, rank_actions
    from .stats import mean_interval, t_value, wilson
    from .summary import outcome, summarize

# Each name's module, imported on first use (PEP 562): pandas and matplotlib (about 66 MiB
# per kernel) load only when a table or a plot is asked for, not with every tutor.
_MODULE_OF = {
    **dict.fromkeys(("barbarian_arrival", "event_dice_left"), "arrival"),
    **dict.fromkeys(("game_log", "hand_changes"), "log"),
    **dict.fromkeys(
        ("arrival_pmf", "arrival_stats", "second_roll_odds", "sum_odds", "turn_sum_odds"), "odds"
    ),
    **dict.fromkeys(("play_turns", "playout_seed", "run_batch", "seeded_game"), "playout"),
    **dict.fromkeys(
        ("plot_arrival", "plot_log", "plot_outcomes", "plot_production", "plot_vp_distribution"),
        "plots",
    ),
    **dict.fromkeys(("production_table", "roll_yield", "rolls_per_turn"), "production"),
    **dict.fromkeys(("InlineExecutor", "RankedAction", "Ranking", "rank_actions"), "rank"),
    **dict.fromkeys(("mean_interval", "t_value", "wilson"), "stats"),
    **dict.fromkeys(("outcome", "summarize"), "summary"),
}


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f".{module}", __name__), name)


__all__ = [
    "InlineExecutor", "RankedAction", "Ranking", "arrival_pmf", "arrival_stats",
    "available_cores", "barbarian_arrival", "event_dice_left", "explore", "game_log",
    "hand_changes", "mean_interval", "outcome", "play_turns", "playout_seed", "playouts",
    "plot_arrival", "plot_log", "plot_outcomes", "plot_production", "plot_vp_distribution",
    "production_table", "rank_actions", "roll_yield", "rolls_per_turn", "run_batch",
    "second_roll_odds", "seeded_game", "sum_odds", "summarize", "t_value", "turn_sum_odds",
    "wilson",
]  # fmt: skip
