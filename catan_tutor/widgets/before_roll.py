"""A question's palette before the roll (l26 at 11.16's first question: every build, trade and
card kind looked playable, and a press said "before the roll only Alchemy or a token action
may be played"). As in the Action phase (``kinds_unavailable``, ``unpaid``):

- a card's own move whose card no seat of the question holds is greyed, for the turn's
  moment: "Not possible now: P1 holds no Alchemy card." (before the roll only a card played
  before it, CK-PC-ALCHEMY, and the Commercial Harbor's offers are its card's own moves,
  CK-PC-COMMERCIAL-HARBOR);
- a kind the engine refuses only because the dice are not rolled yet looks like the others:
  drawn muted (as s21b first made them), they left the roll and the answer's kind alone in
  full colour at 11.16's first question, and a fresh learner (l27) read the answer off the
  palette. A press still says why (BASE-TURN-PHASES, CK-TURN-ROLL-PHASE, 2P-ROLL-TIMING).

What decides is the engine (``legal_actions``, the cards' records), never the variant's name.
A kind legal now is never greyed: the answer's kind never is.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..game import Game
from ..rules.progress_play import RECORDS
from ..rules.words import card_title
from ..state import PRE_ROLL
from .kinds import kind_name

NO_CARD = "Not possible now: {} holds no {} card."  # a greyed card's move's
PLAY_CARD, HARBOR_OFFER = "play progress", "harbor offer"
HARBOR = "commercial-harbor"


def before_roll(game: Game, kinds: Iterable[str], seats: tuple[int, ...]) -> dict[str, str]:
    """Of ``kinds`` (a question's palette), before the roll, those to grey (a card's own move
    whose card none of ``seats`` holds), each with its hover text; {} at any other moment."""
    state = game.state
    if state.phase != PRE_ROLL or not seats:
        return {}
    legal = {kind_name(a) for a in game.legal_actions()}
    who = game.names[seats[0]] if len(seats) == 1 else "no player"
    greyed: dict[str, str] = {}
    for kind in kinds:
        cards = [] if kind in legal else _own_cards(game, kind)
        if cards and not any(c in state.phand[s] for c in cards for s in seats):
            greyed[kind] = NO_CARD.format(who, " or ".join(card_title(c) for c in cards))
    return greyed


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
