"""What stays behind a hint's "details": the games the computer played on from here after the
suggested move and the best others, in a learner's words ("won on average 1.3 more victory
points, most likely between 1.3 and 1.4"), with how far they look and what they cannot know.
The engine's own account (``Ranking.method``: seeds, policy, intervals) is for developers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..game import Game
from . import markup
from .move_list import move_words

if TYPE_CHECKING:
    from ..analysis import Ranking
    from ..analysis.rank import RankedAction

TOP = 3


def _points(x: float) -> str:
    return f"{x:.1f}"


def result_words(r: RankedAction) -> str:
    """ "won on average 1.3 more victory points (most likely between 1.3 and 1.4)" or
    "won 34% of them (most likely between 28% and 40%)"."""
    if not r.playouts:
        return "not tried"
    if r.measure == "win":
        said, low, high = f"won {r.estimate:.0%} of them", f"{r.low:.0%}", f"{r.high:.0%}"
    else:
        said = f"won on average {_points(r.estimate)} more victory points"
        low, high = _points(r.low), _points(r.high)
    return said if low == high else f"{said} (most likely between {low} and {high})"


def shown(ranking: Ranking, suggested: Action | None, k: int = TOP) -> list[RankedAction]:
    """The suggested move first (when it was tried), then the best others: ``k`` in all."""
    first = [r for r in ranking if suggested is not None and r.action == suggested]
    return (first + [r for r in ranking if r not in first])[:k]


def ranking_player(game: Game, ranking: Ranking) -> str:
    p = ranking.player
    return game.state.name(p) if 0 <= p < game.players else "the player"


def details_words(game: Game, ranking: Ranking, turns: int, suggested: Action | None) -> str:
    """The sentences behind "details" (HTML): one line per move shown and how they were
    found. ``suggested``: the move the hint names (a setup corner may not be the playouts'
    best)."""
    rows = shown(ranking, suggested, TOP)
    if not rows or not any(r.playouts for r in rows):
        said = (
            "Cancelled before any game was played on."
            if ranking.partial
            else "There is only this move: nothing to compare."
        )
        return f"<div>{markup.text(said)}</div>"
    games = max(r.playouts for r in rows)
    span = f"{turns} turn{'' if turns == 1 else 's'}"
    head = (
        f"In {games} games played on from here by the computer, up to {span} ahead, "
        "after each of these moves:"
    )
    who = ranking_player(game, ranking)
    items = "".join(
        f"<li><b class='catan-hint-move'>{markup.text(move_words(r.action, game.state))}</b>"
        f"{markup.text(f': {who} {result_words(r)}')}</li>"
        for r in rows
    )
    notes = [
        "In those games every player builds and trades for what scores most right now, and "
        "the computer sees every hidden card: the numbers are a guide, not a promise."
    ]
    if (
        suggested is not None
        and rows[0].action == suggested
        and (rows[0].estimate < ranking[0].estimate)
    ):  # the playouts preferred another move
        notes.append(
            "In setup the tutor goes by the dots, as the course teaches: the computer plays "
            "these games by a simple rule of thumb that judges corners less well."
        )
    if ranking.preselected:
        notes.append(
            f"{len(ranking)} of {ranking.legal} possible moves were tried: those that looked "
            "best at a glance."
        )
    if ranking.partial:
        notes.append("Cancelled: some moves were played on in fewer games.")
    return (
        f"<div>{markup.text(head)}</div><ol style='margin:4px 0;padding-left:20px'>{items}</ol>"
        f"<div style='color:#555;font-size:11px;line-height:1.3'>"
        f"{markup.text(' '.join(notes))}</div>"
    )
