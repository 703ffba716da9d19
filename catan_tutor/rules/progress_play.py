"""Playing progress cards (CK-PC-*), read from the cards' records: one :class:`Card` per
kind, declared in its deck's module (science_cards, trade_cards, politics_cards).

The shared part (rule="CK-PC-PLAY"): the active player, in the Action phase (Alchemy: before
rolling), holding the card, naming what the card names (``Card.args``); a played card goes
face down under its deck. The rest is the card's own check and effect.
"""

from __future__ import annotations

from ..actions import PlayProgress, seat
from ..board import N_HEXES
from ..progress_cards import CARDS
from ..state import MAIN, PRE_ROLL, State, tset
from . import politics_cards, progress, science_cards, trade_cards
from .card_record import Card, Plays
from .common import Reason, phase_refusal
from .words import card_title


def _by_kind(*decks: tuple[Card, ...]) -> tuple[Card, ...]:
    """The records indexed by card kind; each kind of ``progress_cards`` has exactly one,
    declared in the module of its own deck."""
    records = [c for deck in decks for c in deck]
    by_name = {c.name: c for c in records}
    if len(by_name) != len(records) or set(by_name) != set(CARDS):
        raise ValueError("every progress card is exactly one record")
    for t, deck in enumerate(decks):
        if any(c.deck != t for c in deck):
            raise ValueError(f"a card declared in the wrong deck: {[c.name for c in deck]}")
    return tuple(by_name[name] for name in CARDS)


DECKS = (science_cards.CARDS, trade_cards.CARDS, politics_cards.CARDS)  # in TRACKS order
RECORDS: tuple[Card, ...] = _by_kind(*DECKS)


def record(card: int) -> Card | None:
    """The record of card kind ``card`` (None out of range)."""
    return RECORDS[card] if 0 <= card < len(RECORDS) else None


def check_play(s: State, a: PlayProgress) -> Reason | None:
    p, card = a.player, a.card
    rec = record(card)
    if rec is None or rec.check is None:
        return Reason(
            "CK-PC-PLAY",
            "Victory point cards are laid out, not played; the other "
            "cards of this kind cannot be played yet.",
        )
    if rec.before_roll:
        if s.phase != PRE_ROLL:
            return Reason(rec.rule, f"{card_title(card)} is played before rolling the dice.")
    elif s.phase != MAIN:
        return phase_refusal(s, f"playing {card_title(card)}", "CK-PC-PLAY")
    if card not in s.phand[p]:
        return Reason("CK-PC-PLAY", f"{seat(p)} holds no {card_title(card)} card.")
    if len(a.args) != len(rec.args) or not all(
        _in_range(s, kind, x) for kind, x in zip(rec.args, a.args, strict=True)
    ):
        return Reason("CK-PC-PLAY", f"{rec.name} names: {' '.join(rec.args) or 'nothing'}.")
    return rec.check(s, p, *a.args)


_RANGES = {
    "die": (1, 7),
    "track": (0, 3),
    "vertex": (0, 54),
    "edge": (0, 72),
    "hex": (0, N_HEXES),
    "resource": (0, 5),
    "commodity": (5, 8),
    "kind": (0, 8),
    "card": (0, len(CARDS)),
}


def _in_range(s: State, kind: str, x) -> bool:
    """An argument of the schema's kind, within its range ("?": -1 for none)."""
    optional = kind.endswith("?")
    kind = kind.rstrip("?")
    if kind == "bundle":
        return isinstance(x, tuple) and len(x) == len(s.bank) and min(x) >= 0
    if not isinstance(x, int):
        return False
    if optional and x == -1:
        return True
    if kind == "party":  # a seat, or a neutral as actions.neutral_arg (-2: N1, -3: N2)
        return 0 <= x < s.n or 0 <= -2 - x < s.owners - s.n
    lo, hi = (0, s.n) if kind == "seat" else _RANGES[kind]
    return lo <= x < hi


def apply_play(s: State, a: PlayProgress) -> None:
    p = a.player
    hand = list(s.phand[p])
    hand.remove(a.card)
    s.phand = tset(s.phand, p, tuple(hand))
    progress.put_under(s, a.card)
    effect = RECORDS[a.card].effect
    assert effect is not None, "check_play refuses a VP card"
    effect(s, p, *a.args)


def _plays_table(before_roll: bool) -> tuple[Plays | None, ...]:
    """Per card kind, how its plays are listed at that moment (None: not playable then)."""
    return tuple(rec.plays if rec.before_roll == before_roll else None for rec in RECORDS)


_MAIN_PLAYS = _plays_table(before_roll=False)
_PRE_ROLL_PLAYS = _plays_table(before_roll=True)


def options(s: State, p: int) -> list[PlayProgress]:
    """p's legal plays of the cards p holds, in a fixed order: exactly what ``check_play``
    accepts (ck's Phase.exact relies on it): only Alchemy before the roll
    (rule="CK-PC-ALCHEMY"), the others in the action phase (CK-PC-PLAY)."""
    if s.phase == MAIN:
        plays = _MAIN_PLAYS
    elif s.phase == PRE_ROLL:
        plays = _PRE_ROLL_PLAYS
    else:
        return []
    out: list[PlayProgress] = []
    for card in sorted(set(s.phand[p])):
        listed = plays[card]
        if listed is not None:
            out += listed(s, p, card)
    return out
