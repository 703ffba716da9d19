"""A question's palette before the roll (l26 at 11.16's first question: every build, trade and
card kind looked playable, and a press said "before the roll only Alchemy or a token action
may be played"). As in the Action phase (``kinds_unavailable``, ``unpaid``):

- a card's own move whose card no seat of the question holds is greyed, for the turn's
  moment: "Not possible now: P1 holds no Alchemy card." (before the roll only a card played
  before it, CK-PC-ALCHEMY, and the Commercial Harbor's offers are its card's own moves,
  CK-PC-COMMERCIAL-HARBOR);
- a kind the engine refuses because the dice are not rolled yet (refused otherwise, or not
  at all, in the same position after the roll: BASE-TURN-PHASES, CK-TURN-ROLL-PHASE,
  2P-ROLL-TIMING) is drawn muted as an unpaid build is: still
  offered and pressable, its press's reply unchanged, its hover text "Not before the roll: "
  with the engine's reason.

What decides is the engine (``legal_actions``, ``explain``, the cards' records), never the
variant's name. A kind legal now is neither greyed nor muted: the answer's kind never is.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import fields

from ..errors import CatanError
from ..game import Game
from ..rules.progress_play import RECORDS
from ..rules.words import card_title
from ..state import MAIN, PRE_ROLL
from . import verdicts
from .kinds import kind_name, variant_kinds

NOT_YET = "Not before the roll: {}"  # a muted kind's hover text
BEFORE = "before the roll "  # (the engine's reason says it too: said once)
NO_CARD = "Not possible now: {} holds no {} card."  # a greyed card's move's
PLAY_CARD, HARBOR_OFFER = "play progress", "harbor offer"
HARBOR = "commercial-harbor"


def before_roll(
    game: Game, kinds: Iterable[str], seats: tuple[int, ...]
) -> tuple[dict[str, str], dict[str, str]]:
    """Of ``kinds`` (a question's palette), before the roll: those to grey (a card's own move
    whose card none of ``seats`` holds) and those to mute (refused by the phase), each with
    its hover text; ({}, {}) at any other moment."""
    state = game.state
    if state.phase != PRE_ROLL or not seats:
        return {}, {}
    legal = {kind_name(a) for a in game.legal_actions()}
    who = game.names[seats[0]] if len(seats) == 1 else "no player"
    greyed: dict[str, str] = {}
    muted: dict[str, str] = {}
    for kind in kinds:
        if kind in legal:
            continue
        cards = _own_cards(game, kind)
        if cards and not any(c in state.phand[s] for c in cards for s in seats):
            greyed[kind] = NO_CARD.format(who, " or ".join(card_title(c) for c in cards))
            continue
        why = _phase_reason(game, kind, seats[0])
        if why:
            muted[kind] = NOT_YET.format(why)
    return greyed, muted


def _own_cards(game: Game, kind: str) -> list[int]:
    """The progress cards ``kind`` is the own move of before the roll (C&K's: ``game.caps``):
    a card played then (Alchemy) for a card's play, the Commercial Harbor for its offers."""
    if not game.caps.improvements:
        return []
    if kind == PLAY_CARD:
        return [i for i, r in enumerate(RECORDS) if r.before_roll]
    if kind == HARBOR_OFFER:
        return [i for i, r in enumerate(RECORDS) if r.name == HARBOR]
    return []


def _phase_reason(game: Game, kind: str, seat: int) -> str:
    """The engine's reason for refusing a move of ``kind`` by ``seat`` now, when it is the
    phase's (the dice not rolled yet); '' otherwise."""
    cls = variant_kinds(game).get(kind)
    if cls is None:
        return ""
    values = {f.name: _blank(f.name, str(f.type), seat) for f in fields(cls)}
    try:
        move = cls(**values)
        ex = game.explain(move)
        if ex.legal:
            return ""
        rolled = game.state.copy()  # the same position, the dice rolled: refused otherwise?
        rolled.phase = MAIN
        after = Game(game.rules, rolled).explain(move)
    except (CatanError, TypeError, ValueError):
        return ""
    if not after.legal and after.rule == ex.rule:  # (not the phase's refusal)
        return ""
    said = verdicts.plain(ex.reason)  # ("P1 has not rolled yet, and before the roll only
    return said.partition(BEFORE)[2] or said  # Alchemy … may be played, not a road.": once)


def _blank(name: str, kind: str, seat: int) -> object:
    """A field's value for a move asked about only for its kind: the seat for its player."""
    if name == "player":
        return seat
    return () if kind in ("Bundle", "tuple") else False if kind == "bool" else 0
