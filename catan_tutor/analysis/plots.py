"""Matplotlib figures of the analysis tables.

Every function returns a new ``matplotlib.figure.Figure`` built without pyplot, so it works
under any backend (Agg included) and keeps no global state; a notebook shows it as the cell's
value, ``fig.savefig(path)`` writes it.
"""

from __future__ import annotations

from fractions import Fraction

import pandas as pd
from matplotlib.figure import Figure

from .summary import outcome

SIZE = (7.0, 3.6)
KIND_COLORS = {
    "brick": "#b5522c", "lumber": "#2f6b2f", "wool": "#9acd5a", "grain": "#e6c229",
    "ore": "#7d7d8c", "paper": "#c9b27c", "cloth": "#c77dba", "coin": "#d9a400",
    "aqueduct": "#5a8fd6",
}  # fmt: skip


def plot_production(table: pd.DataFrame) -> Figure:
    """Stacked bars: expected cards per player, one segment per kind (a production table)."""
    fig = Figure(figsize=SIZE, layout="constrained")
    ax = fig.add_subplot()
    kinds = [k for k in table.columns if k != "total"]
    bottom = [0.0] * len(table)
    for kind in kinds:
        values = [float(v) for v in table[kind]]
        ax.bar(list(table.index), values, bottom=bottom, label=kind, color=KIND_COLORS.get(kind))
        bottom = [b + v for b, v in zip(bottom, values, strict=True)]
    ax.set_ylabel(f"expected cards per {table.attrs.get('per', 'roll')}")
    ax.set_title("Production")
    fig.legend(loc="outside right upper", fontsize="small")
    return fig


def plot_log(log: pd.DataFrame) -> Figure:
    """Victory points of each player after every action of a game log."""
    fig = Figure(figsize=SIZE, layout="constrained")
    ax = fig.add_subplot()
    for col in (c for c in log.columns if c.endswith(" vp")):
        ax.step(log["step"], log[col], where="post", label=col.removesuffix(" vp"))
    ax.set_xlabel("action")
    ax.set_ylabel("victory points")
    ax.set_title("Victory points over the game")
    ax.legend(fontsize="small")
    return fig


def plot_outcomes(summary: pd.DataFrame, plain: bool = False) -> Figure:
    """Win and lead rates, and mean VP, per player with their confidence intervals;
    ``plain``: titled in a learner's words (games the computer played on, the bars' lines
    the likely range), not a statistician's."""
    fig = Figure(figsize=(SIZE[0], SIZE[1] * 1.2), layout="constrained")
    rates, vps = fig.subplots(1, 2)
    players = summary.attrs["players"]
    width = 0.4
    for k, metric in enumerate(("win", "lead")):
        _bars(
            rates,
            [outcome(summary, metric, p) for p in players],
            [x + (k - 0.5) * width for x in range(len(players))],
            width,
            {"win": "wins", "lead": "ahead at the end"}[metric] if plain else metric,
        )
    rates.set_xticks(range(len(players)), players)
    rates.set_ylim(0, 1)
    turns, done = summary.attrs["turns"], summary.attrs["completed"]
    rates.set_title(f"within {turns} turns" if plain else f"in {turns} turns")
    rates.legend(fontsize="small")
    _bars(vps, [outcome(summary, "vp", p) for p in players], list(range(len(players))), 0.6, "VP")
    vps.set_xticks(range(len(players)), players)
    vps.set_title("victory points at the end, on average" if plain else "mean VP at the end")
    level = round(summary.attrs["confidence"] * 100)
    fig.suptitle(
        f"{done} games played on by the computer (each line: likely between)"
        if plain
        else f"{done} playouts ({level}% intervals)"
    )
    return fig


def _bars(ax, rows: list[pd.Series], xs: list[float], width: float, label: str) -> None:
    est = [r["estimate"] for r in rows]
    err = [
        [max(0.0, e - r["low"]) for e, r in zip(est, rows, strict=True)],
        [max(0.0, r["high"] - e) for e, r in zip(est, rows, strict=True)],
    ]
    ax.bar(xs, est, width, yerr=err, capsize=3, label=label)


def plot_vp_distribution(raw: pd.DataFrame) -> Figure:
    """How often each player ends with each VP total (a playouts table)."""
    fig = Figure(figsize=SIZE, layout="constrained")
    ax = fig.add_subplot()
    players = raw.attrs["players"]
    width = 0.8 / len(players)
    for k, p in enumerate(players):
        counts = raw[f"{p} vp"].value_counts().sort_index()
        ax.bar(
            [v + (k - (len(players) - 1) / 2) * width for v in counts.index],
            counts.to_numpy() / len(raw),
            width,
            label=p,
        )
    ax.set_xlabel(f"VP after {raw.attrs['turns']} turns")
    ax.set_ylabel("share of playouts")
    ax.set_title("VP distribution")
    ax.legend(fontsize="small")
    return fig


def plot_arrival(raw: pd.DataFrame, exact: dict[int, Fraction] | None = None) -> Figure:
    """Share of playouts whose first barbarian attack fell in each turn (a C&K playouts table),
    with the exact probabilities (``arrival_pmf``) as markers when given."""
    fig = Figure(figsize=SIZE, layout="constrained")
    ax = fig.add_subplot()
    turns = range(1, raw.attrs["turns"] + 1)
    counts = raw["arrival"].value_counts()
    ax.bar(list(turns), [counts.get(t, 0) / max(len(raw), 1) for t in turns], label="playouts")
    if exact is not None:
        ax.plot(list(exact), [float(p) for p in exact.values()], "o", color="black", label="exact")
    ax.set_xlabel("turn of the first attack (1: the current turn)")
    ax.set_ylabel("probability")
    ax.set_title("Barbarian arrival")
    ax.legend(fontsize="small")
    return fig
