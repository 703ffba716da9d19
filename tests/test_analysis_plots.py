"""Figures: each a matplotlib Figure drawn from its table's numbers, without pyplot."""

from __future__ import annotations

import io
import re
from concurrent.futures import ThreadPoolExecutor

import pytest
from matplotlib.container import BarContainer
from matplotlib.figure import Figure
from matplotlib.text import Text

from catan_tutor.analysis import (
    barbarian_arrival,
    game_log,
    outcome,
    playouts,
    plot_arrival,
    plot_log,
    plot_outcomes,
    plot_production,
    plot_vp_distribution,
    production_table,
    seeded_game,
    summarize,
)  # fmt: skip


@pytest.fixture(scope="module")
def game():
    return seeded_game("ck", 3, turns=30, seed=4)


@pytest.fixture(scope="module")
def raw(game):
    with ThreadPoolExecutor(1) as pool:
        return playouts(game, 30, 6, seed=2, executor=pool)


def _png(fig: Figure) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=40)
    return buf.getvalue()


def test_production_bars_stack_each_kind_to_the_total(game):
    table = production_table(game)
    fig = plot_production(table)
    ax = fig.axes[0]
    kinds = [k for k in table.columns if k != "total"]
    assert len(ax.patches) == len(kinds) * len(table)
    tops = {}
    for bar in ax.patches:
        x = round(bar.get_x() + bar.get_width() / 2)
        tops[x] = max(tops.get(x, 0), bar.get_y() + bar.get_height())
    assert [tops[x] for x in range(len(table))] == pytest.approx([float(t) for t in table["total"]])
    assert _png(fig).startswith(b"\x89PNG")


def test_log_lines_follow_the_vp_columns(game):
    log = game_log(game)
    ax = plot_log(log).axes[0]
    assert [line.get_label() for line in ax.lines] == ["P1", "P2", "P3"]
    for line, col in zip(ax.lines, ["P1 vp", "P2 vp", "P3 vp"], strict=True):
        assert list(line.get_ydata()) == list(log[col])


def test_outcome_bars_are_the_estimates_with_their_intervals(raw):
    summary = summarize(raw)
    fig = plot_outcomes(summary)
    rates, vps = fig.axes
    heights = [b.get_height() for b in vps.patches]
    assert heights == pytest.approx(
        [outcome(summary, "vp", p)["estimate"] for p in ("P1", "P2", "P3")]
    )
    bars = [c for c in rates.containers if isinstance(c, BarContainer)]
    assert [c.get_label() for c in bars] == ["win", "lead"]
    lead = [b.get_height() for b in bars[1]]
    assert lead == pytest.approx(
        [outcome(summary, "lead", p)["estimate"] for p in ("P1", "P2", "P3")]
    )
    texts = [t.get_text() for t in fig.findobj(Text)]  # Figure.get_suptitle needs mpl 3.8
    assert any("30 playouts" in t for t in texts), texts
    _png(fig)


def test_outcome_plot_in_a_learners_words(raw):
    """The Odds tab's plot (``plain``): the games the computer played on, no "playouts",
    no "VP", no "% intervals" (issue 33); the same bars."""
    summary = summarize(raw)
    fig = plot_outcomes(summary, plain=True)
    texts = " ".join(t.get_text() for t in fig.findobj(Text))
    assert "30 games played on by the computer" in texts, texts
    assert not re.search(r"playouts?|\bVP\b|% intervals|\bmean\b", texts), texts
    bars = [c for c in fig.axes[0].containers if isinstance(c, BarContainer)]
    assert [c.get_label() for c in bars] == ["wins", "ahead at the end"]


def test_vp_distribution_shares_sum_to_one_per_player(raw):
    ax = plot_vp_distribution(raw).axes[0]
    bars = [c for c in ax.containers if isinstance(c, BarContainer)]
    assert [c.get_label() for c in bars] == ["P1", "P2", "P3"]
    for container in bars:
        assert sum(b.get_height() for b in container) == pytest.approx(1.0)


def test_arrival_bars_with_the_exact_markers(game, raw):
    exact = barbarian_arrival(game, 6)
    ax = plot_arrival(raw, exact).axes[0]
    heights = [b.get_height() for b in ax.patches]
    assert heights == pytest.approx([(raw["arrival"] == t).sum() / len(raw) for t in range(1, 7)])
    assert list(ax.lines[0].get_ydata()) == pytest.approx([float(p) for p in exact.values()])
