"""What stays behind a hint's "details": the games the computer played on from here after the
suggested move and the best others, in a learner's words ("gained on average 1.3 victory
points": from the points held now), with how far they look,
what they cannot know and why only some moves were tried. In setup the suggestion goes by the
dots (``analysis.setup_pick``): the details list the free corners with the most dots first,
the computer's games beside them, said to be the computer's (no other corner named as
their best: it read as the hint contradicting itself). The engine's own account
(``Ranking.method``: seeds, policy, intervals) is for developers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import Action
from ..analysis.setup_pick import setup_corners
from ..board import corner_score
from ..game import Game
from ..grammar import count
from . import markup
from .move_list import move_words

if TYPE_CHECKING:
    from ..analysis import Ranking
    from ..analysis.rank import RankedAction

TOP = 3


def _points(x: float) -> str:
    return f"{x:.1f}"


def result_words(r: RankedAction) -> str:
    """ "gained on average 1.3 victory points": points more than now at the games' end; or
    "won 34% of them" (the interval, "most likely between 1.3 and 1.4", read as a
    statistician's: l37)."""
    if not r.playouts:
        return "not tried"
    if r.measure == "win":
        return f"won {r.estimate:.0%} of them"
    return f"gained on average {_points(r.estimate)} victory points"


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
            "Stopped before any game was played on."
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
    gained = [f"“Gained” counts from the victory points {who} holds now."]
    notes = [*gained[: ranking.measure != "win"], GUIDE]
    notes += _tried(ranking, f"{len(rows)} of them are listed here")
    return (
        f"<div>{markup.text(head)}</div><ol style='margin:4px 0;padding-left:20px'>{items}</ol>"
        f"<div style='color:#555;font-size:11px;line-height:1.3'>"
        f"{markup.text(' '.join(notes))}</div>"
    )


GUIDE = (
    "In those games every player builds and trades for what scores most right now, and "
    "the computer sees every hidden card: the numbers are a guide, not a promise."
)


def _tried(ranking: Ranking, listed: str) -> list[str]:
    """Why only some moves were played on (``listed``: which of them show), and a cancelled
    run."""
    notes = []
    if ranking.preselected:
        notes.append(
            f"The computer played on after {len(ranking)} of the {ranking.legal} possible "
            "moves, those that looked best at a glance (playing on after every one would take "
            f"too long); {listed}."
        )
    if ranking.partial:
        notes.append("Stopped: some moves were played on in fewer games.")
    return notes


def setup_details(game: Game, ranking: Ranking, turns: int) -> str:
    """Behind "details" in setup, where the suggestion goes by the dots: the free corners with
    the most dots (the suggested one first, as ``setup_corners`` orders them), each with what
    the computer's games gave it; then which corner those games favoured, and why they are no
    judge of corners."""
    corners = setup_corners(game)[:TOP]
    tried = {r.action: r for r in ranking if r.playouts}
    who = ranking_player(game, ranking)
    items = "".join(
        f"<li><b class='catan-hint-move'>{markup.text(move_words(a, game.state))}</b>"
        f"{markup.text(f': {_dots(game, a.vertex)}; ' + _games(tried, a, who))}"
        "</li>"
        for a in corners
    )
    head = (
        "The suggestion goes by the dots, as the course teaches. The free corners with the "
        "most dots:"
    )
    notes = []
    if (
        len(corners) > 1
        and corner_score(game.layout, corners[1].vertex)[0]
        == corner_score(game.layout, corners[0].vertex)[0]
    ):
        notes.append(
            "Among corners with as many dots the tutor takes more kinds of resource, then a harbor."
        )
    if tried:
        games = max(r.playouts for r in tried.values())
        span = f"{turns} turn{'' if turns == 1 else 's'}"
        notes.append(
            f"The computer's games: {games} games played on from here after each move tried, up to "
            f"{span} ahead, counting the victory points {who} gained from now. "
            "They play by a simple rule of thumb (build and trade for what scores most right "
            "now) that judges corners less well than the dots, and see every hidden card."
        )
        # (no other corner named as the games' best: "In them N4, with 10 dots, did best"
        # under a suggested K4 read as the hint contradicting itself, l37)
    listed = sum(a in tried for a in corners)
    notes += _tried(ranking, f"{listed} of the corners listed were among them")
    return (
        f"<div>{markup.text(head)}</div><ol style='margin:4px 0;padding-left:20px'>{items}</ol>"
        f"<div style='color:#555;font-size:11px;line-height:1.3'>"
        f"{markup.text(' '.join(notes))}</div>"
    )


def _dots(game: Game, v: int) -> str:
    """The dots under corner ``v``'s numbers, in words."""
    return count(corner_score(game.layout, v)[0], "dot")


def _games(tried: dict, a: Action, who: str) -> str:
    """What the computer's games gave placement ``a``."""
    r = tried.get(a)
    if r is None:
        return "not among the moves the computer's games tried"
    return f"in the computer's games {who} {result_words(r)}"
