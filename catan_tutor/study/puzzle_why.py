"""Why a legal move that does not answer a puzzle is worse than its answer, in one sentence a
learner can check on the board, comparing the two without naming the answer (``judge`` in
``puzzle.py`` leaves out any clause that names a part of it): a corner's dots against a free
corner with more (BASE-COMP-NUMBERS), the dots of a player's production the robber blocks
(BASE-ROBBER-BLOCK), a bank trade's card and rate, the spot or the neutral the question names,
a bid's card and size. A move of another kind than the answer's at a question about Catan's
defence says what it does instead (``other_kind``: a wall raises a hand limit, a city adds to
the barbarians, CK-BARB-DEFENSE). Else '' (between moves of one kind no comparison tells
apart, any reason names the answer: ``judge`` says so).
"""

from __future__ import annotations

import re

from ..actions import Action, BankTrade, BuildCity, MoveRobber, Settle, spot_fields
from ..board import (
    CARD_NAMES,
    EDGE_LABELS,
    HEX_NAMES,
    HEX_VERTICES,
    RESOURCES,
    VERTEX_LABELS,
    corner_score,
    pips,
)
from ..grammar import count
from ..state import State
from ..variants.dummy_actions import Bid
from ..variants.two_player_actions import NeutralBuild

SPOT_NOUNS = {"vertex": "corner", "edge": "edge", "hex": "hex"}


def names(text: str, word: str) -> bool:
    """``word`` stands in ``text`` as a word of its own (a label or a seat: its case too)."""
    flags = 0 if word[:1].isupper() or len(word) < 3 else re.IGNORECASE
    return re.search(rf"(?<![\w'’-]){re.escape(word)}(?![\w-])", text, flags) is not None


def corner_dots(s: State, v: int) -> int:
    """The dots of the numbers around corner ``v`` (hexes of a resource with a number)."""
    return 0 if s.layout is None else corner_score(s.layout, v)[0]


def blocked(s: State, h: int, p: int) -> int:
    """The dots of ``p``'s production on hex ``h`` (a city counts twice): what the robber
    there blocks of ``p``'s."""
    lay = s.layout
    if lay is None or not lay.numbers[h] or lay.terrain[h] >= len(RESOURCES):
        return 0
    pieces = sum(2 if s.vcity[v] else 1 for v in HEX_VERTICES[h] if s.vowner[v] == p)
    return pips(lay.numbers[h]) * pieces


def _spot(a: Action) -> tuple[str, str] | None:
    """(kind of spot, label) of the spot ``a`` is played on, if any."""
    for name, kind, clicked in spot_fields(type(a)):
        x = getattr(a, name, None)
        if clicked and isinstance(x, int) and x >= 0:
            return kind, {"vertex": VERTEX_LABELS, "edge": EDGE_LABELS, "hex": HEX_NAMES}[kind][x]
    return None


def worse(prompt: str, rule: str, s: State, tried: Action, answers: list[Action]) -> str:
    """Why ``tried`` (legal at ``s``, no answer to the question ``prompt`` about ``rule``) is
    worse than the ``answers`` of the same kind; '' when none is of its kind."""
    same = [a for a in answers if type(a) is type(tried)]
    if not same:
        return ""
    here, there = _spot(tried), [_spot(a) for a in same]
    named = [x for x in there if x is not None and names(prompt, x[1])]
    if here is not None and named and all(x != here for x in named):
        kind, label = named[0]
        return f"The question names the {SPOT_NOUNS[kind]} to play on: {label}."
    # else '' (the caller says the reason would give the answer away: between two moves of
    # a kind no comparison tells apart, the rule that decides names the answer, as "Merchant
    # card" did between the Merchant and the Merchant Fleet, l19)
    return _compared(prompt, s, tried, same)


def _compared(prompt: str, s: State, tried: Action, same: list[Action]) -> str:
    """The comparison that decides between ``tried`` and the answers of its kind ('' for
    none of these kinds)."""
    if isinstance(tried, (Settle, BuildCity)) and "dot" in prompt.lower():
        mine = corner_dots(s, tried.vertex)
        best = max(corner_dots(s, a.vertex) for a in same if isinstance(a, (Settle, BuildCity)))
        if best > mine:
            spot = VERTEX_LABELS[tried.vertex]
            more = "a corner a settlement may still take has more"  # (a free one may be too near)
            return f"{spot} has {count(mine, 'dot')}; {more}."
    if isinstance(tried, MoveRobber):
        return _robber(s, tried, [a for a in same if isinstance(a, MoveRobber)])
    if isinstance(tried, BankTrade):
        trades = [a for a in same if isinstance(a, BankTrade)]
        if all(a.get != tried.get for a in trades):
            return f"That trade gets {CARD_NAMES[tried.get]}, not the card the question asks for."
        if all(a.count < tried.count for a in trades):
            return (
                f"That trade gives {tried.count} {CARD_NAMES[tried.give]} for one card: "
                f"{s.name(tried.player)} can trade at a better rate."
            )
    if isinstance(tried, NeutralBuild):
        theirs = {s.name(s.n + a.neutral) for a in same if isinstance(a, NeutralBuild)}
        for_whom = s.name(s.n + tried.neutral)
        if for_whom not in theirs and all(names(prompt, n) for n in theirs):
            wanted = " or ".join(sorted(theirs))
            return f"That builds for {for_whom}; the question asks for {wanted}."
    if isinstance(tried, Bid):
        return _bid(tried, [a for a in same if isinstance(a, Bid)])
    return ""


def _robber(s: State, tried: MoveRobber, same: list[MoveRobber]) -> str:
    """The robber on ``tried``'s hex against the answers': the mover's own building blocked,
    the victim's dots blocked, or another victim."""
    me, h = tried.player, tried.hex
    own = any(s.vowner[v] == me for v in HEX_VERTICES[h])
    if own and not any(any(s.vowner[v] == me for v in HEX_VERTICES[a.hex]) for a in same):
        return f"The robber on hex {HEX_NAMES[h]} would block a building of {s.name(me)}'s own."
    for a in same:
        if a.victim < 0:
            continue
        mine, best = blocked(s, h, a.victim), blocked(s, a.hex, a.victim)
        if mine < best:
            return (
                f"On hex {HEX_NAMES[h]}, the robber blocks {count(mine, 'dot')} of "
                f"{s.name(a.victim)}'s production; there is a hex where it blocks more."
            )
        if a.hex == h and tried.victim != a.victim:
            return f"The question asks to steal from {s.name(a.victim)}."
    return ""


def _bid(tried: Bid, same: list[Bid]) -> str:
    """A bid against the answers': another card wanted, other cards given, a size."""
    if all(a.get != tried.get for a in same):
        return f"That bid is for the dummy's {RESOURCES[tried.get]}, not the card wanted."
    kinds = {i for a in same for i, n in enumerate(a.give) if n}
    if any(n and i not in kinds for i, n in enumerate(tried.give)):
        return "That bid gives cards the question keeps."
    size, sizes = sum(tried.give), {sum(a.give) for a in same}
    if all(size < n for n in sizes):
        return "That bid is too small to win without a roll-off."
    if all(size > n for n in sizes):
        return "A smaller bid still wins."
    return ""


# A move of another kind than the answer's at a question about Catan's defence: it adds nothing
# to the defence (only knights do, CK-BARB-DEFENSE), and what it does instead where a learner
# may think otherwise (l31 typed "I'd build a city wall" at 8.11 and was told only "the
# question asks for another kind of move")
KNIGHT_KINDS = {"Recruit", "Promote", "Activate", "MoveKnight", "ChaseRobber", "NeutralKnight"}
INSTEAD = {
    "BuildWall": "it raises its owner's hand limit on a 7 by 2 (CK-WALL-BUILD)",
    "BuildCity": "it adds 1 to the barbarians' strength (CK-BARB-STRENGTH)",
}


def other_kind(rule: str, tried: Action, noun: str) -> str:
    """Why ``tried`` (called ``noun``: "A city wall"), of another kind than the answer's,
    does not answer a question about ``rule``; '' where its kind says enough."""
    kind = type(tried).__name__
    if rule != "CK-BARB-DEFENSE" or kind in KNIGHT_KINDS:
        return ""
    instead = INSTEAD.get(kind)
    said = f"{noun} adds nothing to Catan's defence against the barbarians (CK-BARB-DEFENSE)"
    return f"{said}; {instead}." if instead else f"{said}."
