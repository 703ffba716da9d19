"""Why a legal wrong try falls short, measured by what the question asks and said of the try
alone (l23: "P2 can play Merchant Fleet on cloth, but it is not the move the question asks
for. The reason would give the answer away", where its reason named nothing of the answer):
the victory points a question about points asks for ("After that, P2 still has 3 victory
points."), the trade tokens a question about the fewest tokens asks to spare ("That costs P1
2 trade tokens; P1 can pay fewer."). '' where the question measures neither, or the try
measures up (``puzzle_why`` compares spots, dots, rates).
"""

from __future__ import annotations

import re

from ..actions import Action
from ..errors import CatanError
from ..game import Game
from ..grammar import count


def measured(prompt: str, game: Game, tried: Action, answers: list[Action]) -> str:
    """Why ``tried`` (legal at ``game``'s position) falls short of the ``answers`` by the
    question's own measure; '' for none."""
    after = _after(game, tried)
    if after is None or not answers:
        return ""
    p, s = tried.player, game.state
    if re.search(r"\bvictory points?\b", prompt, re.IGNORECASE):
        now, then = game.victory_points(p), after.victory_points(p)
        best = max(
            (
                v
                for a in answers
                if (g := _after(game, a)) is not None
                for v in [g.victory_points(a.player)]
            ),
            default=then,
        )
        if then <= now < best:
            return f"After that, {s.name(p)} still has {count(now, 'victory point')}."
    if re.search(r"\bmetropolis\b", prompt, re.IGNORECASE) and s.caps.improvements:
        # (10.6: "Take a metropolis…", another track affordable too: CK-METRO-TAKE)
        now, then = _metropolises(s, p), _metropolises(after.state, p)
        best = max(
            (_metropolises(g.state, a.player) for a in answers if (g := _after(game, a))),
            default=then,
        )
        if then <= now < best:
            held = count(now, "metropolis") if now else "no metropolis"
            return f"After that, {s.name(p)} still holds {held}."
    if re.search(r"\btokens?\b", prompt, re.IGNORECASE) and s.caps.tokens:
        paid = _tokens(s, p) - _tokens(after.state, p)
        least = min(
            (
                _tokens(s, a.player) - _tokens(g.state, a.player)
                for a in answers
                if (g := _after(game, a)) is not None
            ),
            default=paid,
        )
        if paid > least:
            return (
                f"That costs {s.name(p)} {count(paid, 'trade token')}; {s.name(p)} can pay fewer."
            )
    return ""


def _after(game: Game, a: Action) -> Game | None:
    """The game after ``a`` (a copy), or None when it cannot be played."""
    g = game.clone()
    try:
        g.play(a)
    except CatanError:
        return None
    return g


def _tokens(s, p: int) -> int:
    return s.tokens[p] if 0 <= p < len(s.tokens) else 0


def _metropolises(s, p: int) -> int:
    """How many metropolises seat ``p`` holds (CK-METRO-TAKE)."""
    return sum(1 for v in s.metro if v >= 0 and s.vowner[v] == p)
