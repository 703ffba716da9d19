"""Progress decks, draws and the hand limit of Cities & Knights (CK-EVENT-CASTLE,
CK-PROGRESS-*). Playing the cards' effects lives with their rule areas."""

from __future__ import annotations

from ..actions import Action, DiscardProgress, DrawProgress, make, seat
from ..progress_cards import COUNT, DECK_KINDS, DECK_OF, VP_CARDS
from ..state import MAIN, State, tadd, tset
from ..variants.ck_state import PROGRESS_DISCARD, RESOLVE, DueDraw, ProgressDeck
from .common import Reason
from .words import card_title

HAND_LIMIT = 4


def new_decks() -> tuple[ProgressDeck, ...]:
    """rule="CK-PROGRESS-DECK-MODEL": per deck, the unseen shuffled counts and a known queue."""
    return tuple(ProgressDeck(tuple(COUNT[k] for k in DECK_KINDS[t]), ()) for t in range(3))


def threshold(level: int) -> int:
    """rule="CK-PROGRESS-THRESHOLD": the highest red value that draws at ``level``."""
    return level + 1 if level else 0


def castle_draws(s: State, track: int) -> None:
    """rule="CK-EVENT-CASTLE", rule="CK-PROGRESS-DRAW-ORDER": who draws, from the active
    player on."""
    red = s.dice[1]
    order = [(s.active + i) % s.n for i in range(s.n)]
    s.draws += tuple(DueDraw(p, track) for p in order if red <= threshold(s.levels[p][track]))


def deck_empty(s: State, track: int) -> bool:
    counts, queue = s.pdecks[track]
    return not sum(counts) and not queue


def draw_outcomes(s: State) -> list[tuple[Action, int]]:
    """Uniform over the unseen shuffled cards; after them the known queue in order."""
    t = s.draws[0].track
    counts, queue = s.pdecks[t]
    if sum(counts):
        return [
            (make(DrawProgress, t, k), n) for k, n in zip(DECK_KINDS[t], counts, strict=True) if n
        ]
    return [(make(DrawProgress, t, queue[0]), 1)]


def apply_draw(s: State, a: DrawProgress) -> None:
    p, t = s.draws[0]
    counts, queue = s.pdecks[t]
    if sum(counts):
        counts = tadd(counts, DECK_KINDS[t].index(a.card), -1)
    else:
        queue = queue[1:]
    s.pdecks = tset(s.pdecks, t, ProgressDeck(counts, queue))
    s.draws = s.draws[1:]
    if a.card in VP_CARDS:  # rule="CK-PROGRESS-VP-CARDS": laid out at once, 1 VP for good
        s.pvp = tadd(s.pvp, p, 1)
    else:
        s.phand = tset(s.phand, p, tuple(sorted((*s.phand[p], a.card))))
        if p != s.active and len(s.phand[p]) > HAND_LIMIT:
            s.pdiscards += (p,)
    s.phase = RESOLVE


def put_under(s: State, card: int) -> None:
    """A played or discarded card goes face down under its deck (CK-PC-PLAY)."""
    t = DECK_OF[card]
    counts, queue = s.pdecks[t]
    s.pdecks = tset(s.pdecks, t, ProgressDeck(counts, (*queue, card)))


def check_discard(s: State, a: DiscardProgress) -> Reason | None:
    """rule="CK-PROGRESS-HAND-LIMIT": only a hand over 4 discards, off turn at once."""
    p = a.player
    if s.phase == PROGRESS_DISCARD:
        if p != s.pdiscards[0]:
            return Reason(
                "CK-PROGRESS-HAND-LIMIT",
                f"{seat(s.pdiscards[0])} is discarding progress cards now.",
            )
    elif s.phase != MAIN or p != s.active:
        return Reason(
            "CK-PROGRESS-HAND-LIMIT",
            "Progress cards are discarded only to get down to the hand limit of 4.",
        )
    if len(s.phand[p]) <= HAND_LIMIT:
        return Reason(
            "CK-PROGRESS-HAND-LIMIT",
            f"{seat(p)} holds {len(s.phand[p])} progress cards, within the limit of 4.",
        )
    if a.card not in s.phand[p]:
        return Reason("CK-PROGRESS-HAND-LIMIT", f"{seat(p)} holds no {card_title(a.card)} card.")
    return None


def apply_discard(s: State, a: DiscardProgress) -> None:
    p = a.player
    hand = list(s.phand[p])
    hand.remove(a.card)
    s.phand = tset(s.phand, p, tuple(hand))
    put_under(s, a.card)
    if s.phase == PROGRESS_DISCARD and len(hand) <= HAND_LIMIT:
        s.pdiscards = s.pdiscards[1:]
        s.phase = RESOLVE


def discard_options(s: State, p: int) -> list[DiscardProgress]:
    if len(s.phand[p]) <= HAND_LIMIT:
        return []
    return [make(DiscardProgress, p, k) for k in sorted(set(s.phand[p]))]


def over_limit(s: State, p: int) -> Reason | None:
    """The active player ends the Action phase within the hand limit."""
    if len(s.phand[p]) > HAND_LIMIT:
        return Reason(
            "CK-PROGRESS-HAND-LIMIT",
            f"{seat(p)} holds {len(s.phand[p])} progress "
            "cards: play or discard down to 4 before ending the turn.",
        )
    return None
