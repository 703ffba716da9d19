"""Why a legal wrong try falls short, measured by what the question asks and said of the try
alone (l23: "P2 can play Merchant Fleet on cloth, but it is not the move the question asks
for. The reason would give the answer away", where its reason named nothing of the answer):
the victory points a question about points asks for ("After that, P2 still has 3 victory
points."), the trade tokens a question about the fewest tokens asks to spare ("That costs P1
2 trade tokens; P1 can pay fewer."), the corner free roads reach for a resource a question
about roads towards it asks ("J5 and a second road joined to it reach a free corner beside a
forest whose number has 2 dots at most; another first road gets to a forest number rolled
more often."), the cards a piece pays at once where a question asks for cards "at once" ("That
brings P3 1 brick, 1 grain and 1 ore."). '' where the question measures none, or the try
measures up (``puzzle_why`` compares spots, dots, rates).
"""

from __future__ import annotations

import re

from ..actions import Action, BuildRoad, bundle_words
from ..board import (
    EDGE_LABELS,
    EDGE_VERTICES,
    RESOURCES,
    TERRAINS,
    VERTEX_HEXES,
    pips,
)
from ..errors import CatanError
from ..game import Game
from ..grammar import count
from ..rules.building import distance_ok


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
    if isinstance(tried, BuildRoad) and (why := _roads_short(prompt, game, tried, answers)):
        return why
    if (
        re.search(r"\bbrings? P\d .+ at once\b", prompt)
        and getattr(tried, "vertex", None) is not None
    ):
        gained = _gained(game, after, p)  # (a piece's first cards: CK-SETUP-RESOURCES)
        if all(gained != _gained(game, g, a.player) for a in answers if (g := _after(game, a))):
            return f"That brings {s.name(p)} {bundle_words(gained)}."
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


def _gained(game: Game, after: Game, p: int) -> tuple[int, ...]:
    """The cards seat ``p`` holds more after the move than before it, by kind."""
    before = game.state.hands[p]
    return tuple(max(0, x - y) for x, y in zip(after.state.hands[p], before, strict=True))


def _tokens(s, p: int) -> int:
    return s.tokens[p] if 0 <= p < len(s.tokens) else 0


def _metropolises(s, p: int) -> int:
    """How many metropolises seat ``p`` holds (CK-METRO-TAKE)."""
    return sum(1 for v in s.metro if v >= 0 and s.vowner[v] == p)


def _roads_short(prompt: str, game: Game, tried: BuildRoad, answers: list[Action]) -> str:
    """A first free road towards a resource ("reach a corner where P1 may settle and be paid
    lumber…", 4.3): how far it and a second road joined to it get, said of the try alone
    (l46: "P1 road Q3" was told only that it is not the move asked for); '' when the
    question asks no such thing or the try gets as far as an answer."""
    named = [r for r in RESOURCES if re.search(rf"\b{r}\b", prompt, re.IGNORECASE)]
    roads = [a for a in answers if isinstance(a, BuildRoad)]
    if len(named) != 1 or not roads or not re.search(r"\bsettle", prompt, re.IGNORECASE):
        return ""
    kind = RESOURCES.index(named[0])
    mine = _reach(game, tried, kind)
    if mine >= max(_reach(game, a, kind) for a in roads):
        return ""
    terrain, who = TERRAINS[kind], game.state.name(tried.player)
    spot = EDGE_LABELS[tried.edge]
    if not mine:
        return (
            f"{spot} and a second road joined to it reach no free corner beside a {terrain} "
            f"with a number where {who} could settle."
        )
    return (
        f"{spot} and a second road joined to it reach a free corner beside a {terrain} whose "
        f"number has {count(mine, 'dot')} at most; another first road gets to a {terrain} "
        "number rolled more often."
    )


def _reach(game: Game, first: BuildRoad, kind: int) -> int:
    """The most dots of a hex of resource ``kind`` beside a free corner (the distance rule
    kept) at an end of ``first`` or of a second road built after it; 0 for none."""
    after = _after(game, first)
    lay = game.state.layout
    if after is None or lay is None:
        return 0
    # the second road joined to the first (l37 read "Q3 and one more road reach a free
    # corner…" of a second road built elsewhere, Q3 leading only to the coast)
    joined = set(EDGE_VERTICES[first.edge])
    ends = {first.edge} | {
        a.edge
        for a in after.legal_actions()
        if isinstance(a, BuildRoad) and a.edge != first.edge and joined & set(EDGE_VERTICES[a.edge])
    }
    best = 0
    for e in ends:
        g = _after(after, BuildRoad(first.player, e)) if e != first.edge else after
        s = g.state if g is not None else after.state
        for v in EDGE_VERTICES[e]:
            if s.vowner[v] >= 0 or not distance_ok(s, v):
                continue
            for h in VERTEX_HEXES[v]:
                if lay.terrain[h] == kind and lay.numbers[h]:
                    best = max(best, pips(lay.numbers[h]))
    return best
