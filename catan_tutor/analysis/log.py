"""A game's moves as a DataFrame: one row per action, with card deltas and points after it."""

from __future__ import annotations

import pandas as pd

from ..actions import Action
from ..board import CARD_NAMES
from ..game import Game
from ..state import State
from ..study.scenario import Scenario
from ..study.timeline import Node, Timeline


def _line(source: Game | Timeline | Scenario, node: Node | None):
    """(rules, states, actions) of the line to show: state i is before action i."""
    if isinstance(source, Game):
        if node is not None:
            raise ValueError("a node is given only with a Timeline or a Scenario")
        return source.rules, source.states, source.history
    if isinstance(source, Scenario):
        tl = source.tree
        if node is None:  # the main line to its end
            node = tl.root
            while node.children:
                node = node.children[0]
    else:
        tl = source
    path = tl.path(node)
    return tl.rules, [n.state for n in path], [n.action for n in path[1:]]


def _who(s: State, a: Action) -> str:
    return s.record_name(a.player) if a.player >= 0 else "chance"


def game_log(source: Game | Timeline | Scenario, node: Node | None = None) -> pd.DataFrame:
    """One row per action of a line: ``step``, ``turn`` and ``phase`` it was played in,
    ``player`` (a party's name, or ``chance``), ``kind`` (the action class), ``notation``, then
    per party and card kind the change of that hand (``"P1 brick"``, ...), then per player the
    victory points after the action (``"P1 vp"``, hidden VP cards included).

    A ``Game`` gives its history; a ``Timeline`` the line from its root to ``node`` (default:
    the current node); a ``Scenario`` its main line to the end (or to ``node``).
    """
    rules, states, actions = _line(source, node)
    first = states[0]
    kinds = CARD_NAMES[: len(first.bank)]
    parties = first.names
    delta_cols = [f"{party} {kind}" for party in parties for kind in kinds]
    vp_cols = [f"{party} vp" for party in parties[: first.n]]
    rows = []
    for i, a in enumerate(actions):
        before, after = states[i], states[i + 1]
        deltas = [
            x - y
            for h1, h0 in zip(after.hands, before.hands, strict=True)
            for x, y in zip(h1, h0, strict=True)
        ]
        vps = [rules.victory_points(after, p) for p in range(first.n)]
        rows.append(
            [
                i + 1,
                before.turn,
                before.phase,
                _who(before, a),
                type(a).__name__,
                str(a),
                *deltas,
                *vps,
            ]
        )
    columns = ["step", "turn", "phase", "player", "kind", "notation", *delta_cols, *vp_cols]
    log = pd.DataFrame(rows, columns=columns)
    for c in (*delta_cols, *vp_cols, "step", "turn"):
        log[c] = log[c].astype("int64")
    log.attrs.update(variant=rules.variant, parties=list(parties), kinds=list(kinds))
    return log


def hand_changes(log: pd.DataFrame) -> pd.DataFrame:
    """Net change of every hand over the log: parties as rows, card kinds as columns."""
    kinds, parties = log.attrs["kinds"], log.attrs["parties"]
    data = {k: [int(log[f"{p} {k}"].sum()) for p in parties] for k in kinds}
    return pd.DataFrame(data, index=pd.Index(parties, name="party"))
