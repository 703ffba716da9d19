"""The outcome table of a Monte-Carlo run: rates and means with confidence intervals."""

from __future__ import annotations

import pandas as pd

from .stats import mean_interval, wilson

COLUMNS = ["metric", "party", "estimate", "low", "high", "n"]


def summarize(raw: pd.DataFrame, confidence: float = 0.95) -> pd.DataFrame:
    """One row per outcome (``metric``, ``party``, ``estimate``, ``low``, ``high``, ``n``),
    from a :func:`playouts` table. Rates carry Wilson intervals, means t intervals:

    - ``win`` per player, and for ``nobody`` (no winner within the turns): rate;
    - ``lead`` per player: rate of ending with the most VP (tied leaders each count);
    - ``vp`` per player: mean VP at the end;
    - C&K only: ``barbarians arrive`` (rate of an attack within the turns), ``arrival turn``
      (mean turn of the first attack, over the playouts that had one; turn 1 is the current
      turn), ``attacks`` (mean number) and ``pillaged`` per player (mean cities pillaged).

    ``attrs`` keeps the run's (``partial``, ``completed``, ``requested``, ...) plus
    ``confidence``.
    """
    players = raw.attrs["players"]
    n = len(raw)
    rows = []

    def rate(metric: str, party: str, hits) -> None:
        rows.append([metric, party, *wilson(int(hits.sum()), n, confidence), n])

    def mean(metric: str, party: str, values: list) -> None:
        """Every value counted here is >= 0, so an interval never reaches below 0."""
        est, low, high = mean_interval(values, confidence)
        rows.append([metric, party, est, max(low, 0.0) if low == low else low, high, len(values)])

    for p in players:
        rate("win", p, raw["winner"] == p)
    rate("win", "nobody", raw["winner"].isna())
    vps = raw[[f"{p} vp" for p in players]]
    top = vps.max(axis=1)
    for p in players:
        rate("lead", p, vps[f"{p} vp"] == top)
    for p in players:
        mean("vp", p, [float(x) for x in raw[f"{p} vp"]])
    if "arrival" in raw:
        arrived = raw["arrival"].dropna()
        rate("barbarians arrive", "all", raw["arrival"].notna())
        mean("arrival turn", "all", [float(x) for x in arrived])
        mean("attacks", "all", [float(x) for x in raw["attacks"]])
        for p in players:
            mean("pillaged", p, [float(x) for x in raw[f"{p} pillaged"]])
    table = pd.DataFrame(rows, columns=COLUMNS)
    table["n"] = table["n"].astype("int64")
    table.attrs.update(raw.attrs, confidence=confidence)
    return table


def outcome(summary: pd.DataFrame, metric: str, party: str = "all") -> pd.Series:
    """The row of ``metric`` for ``party`` (``estimate``, ``low``, ``high``, ``n``)."""
    hit = summary[(summary["metric"] == metric) & (summary["party"] == party)]
    if len(hit) != 1:
        raise KeyError(f"no outcome {metric!r} for {party!r}")
    return hit.iloc[0]
