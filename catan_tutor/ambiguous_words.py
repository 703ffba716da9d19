"""Typed words that could name two moves, read by what the position allows or asked for.

l22's leftovers: in Cities & Knights "P2 play monopoly" was told there are no development
cards, though two progress cards are monopolies (CK-PC-RESOURCE-MONOPOLY, the trade one:
CK-PC-TRADE-MONOPOLY): the card is read from what it names (a resource or a commodity), and
asked for when it names neither. In the dummy game "pass" is the trading window's word
(DUMMY-TRADE-PROTOCOL); said on a turn where no window is open and the turn may end, it is
read as ending the turn (what "pass" means at a table): this tutor's reading.
l26 at 10.6: "upgrade" alone was read as a city, silently ("A city is not the answer here");
in Cities & Knights "upgrade" (or "improves") alone names a city (BASE-BUILD-CITY) or a city
improvement (CK-IMPROVE-*) alike: which is asked.
l35 at 2.2: "move it to the hills 5 (Q)" was read as a knight's move: where knights are on
the board, "move" with no piece named is the robber's when it goes to a hex, a knight's when
it goes to a corner, else the one that may move now, or asked when both may.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .actions import EndTurn, MoveRobber, PlayProgress
from .board import COMMODITIES, RESOURCES

if TYPE_CHECKING:
    from .actions import Action
    from .game import Game

_WORD = re.compile(r"[\w'’-]+")
_NAMED = frozenset({"resource", "trade", "commodity", "resource-monopoly", "trade-monopoly"})
_PLAYED = frozenset({"play", "plays", "played", "playing", "use", "uses", "using"})
WHICH_MONOPOLY = "Which monopoly: Resource Monopoly (a resource) or Trade Monopoly (a commodity)?"


def monopoly(game: Game, text: str) -> str | None:
    """The notation of a monopoly played in Cities & Knights with the card not named ("P2
    plays monopoly on wool"): the card what it names says; None when ``text`` is no such
    monopoly. Raises ``PartLeftOut`` when it names neither a resource nor a commodity."""
    if PlayProgress not in game.rules.applies:
        return None
    low = [w.lower() for w in _WORD.findall(text)]
    if "monopoly" not in low or set(low) & _NAMED or not set(low) & _PLAYED:
        return None  # (the notation's "P1 monopoly wool" is the base game's card: not here)
    seat = low[0].upper() if re.fullmatch(r"p[1-9]", low[0]) else ""
    named = [w for w in low if w in RESOURCES or w in COMMODITIES]
    if not named:
        from .move_words import PartLeftOut

        raise PartLeftOut(WHICH_MONOPOLY)
    card = "resource-monopoly" if named[0] in RESOURCES else "trade-monopoly"
    return f"{seat} play {card} {named[0]}".strip()


def pass_as_end(game: Game, action: Action) -> str:
    """``action``, a dummy game's pass typed where no trading window is open, as the end of
    the mover's turn when that is legal now; '' otherwise."""
    if type(action).__name__ != "Pass" or game.is_over() or game.is_chance():
        return ""
    legal = game.legal_actions()
    if action in legal:
        return ""
    end = next((a for a in legal if isinstance(a, EndTurn) and a.player == action.player), None)
    return str(end) if end is not None else ""


WHICH_UPGRADE = "A city, or a city improvement?"
# ("improve" alone is the notation's word for an improvement: its track is asked for)
_UPGRADE = frozenset("upgrade upgrades upgraded upgrading improves improved improving".split())


def upgrade(game: Game, text: str) -> None:
    """Raises ``PartLeftOut`` asking ``WHICH_UPGRADE`` when ``text`` says only "upgrade" or
    "improved" (a seat and words of no part besides: "P1 upgrade", "improve please") where
    a city and a city improvement are both moves of the game; else nothing."""
    from .actions import BuildCity
    from .move_words import PartLeftOut, is_filler
    from .variants.ck_actions import Improve

    if not {BuildCity, Improve} <= set(game.rules.applies):
        return
    low = [w.lower() for w in _WORD.findall(text)]
    if low and re.fullmatch(r"p[1-9]", low[0]):
        low = low[1:]
    said = [w for w in low if not is_filler(w)]
    if said and set(said) <= _UPGRADE:
        raise PartLeftOut(WHICH_UPGRADE)


WHICH_PIECE = "Which piece moves: the robber (to a hex) or a knight (to a corner)?"


def moved_piece(game: Game, spots: list[str]) -> str:
    """The notation word of "move" said with no piece named ("move it to Q and rob blue": l35
    at 2.2 was told there are no knights to move) where knights are on the board: "robber"
    when it goes to a hex (BASE-ROBBER-MOVE), "move" when it goes from corner to corner
    (CK-KNIGHT-MOVE); with no spot, the robber when it must move now, else a knight (the
    notation's "move"). Raises ``PartLeftOut`` asking ``WHICH_PIECE`` when both may move
    now. ``spots``: the words typed but the players' names. (Without knights "move" is the
    robber's, as ``move_words`` reads it.)"""
    from .board import HEX_NAMES, VERTEX_LABELS
    from .move_words import PartLeftOut
    from .variants.ck_actions import MoveKnight

    hexes = [t for t in spots if len(t) == 1 and t.upper() in HEX_NAMES]
    corners = [t for t in spots if t.upper() in VERTEX_LABELS]
    if hexes and not corners:
        return "robber"
    if corners and not hexes:
        return "move"
    legal = [] if game.is_over() or game.is_chance() else game.legal_actions()
    kinds = {type(a) for a in legal}
    if MoveRobber in kinds and MoveKnight in kinds:
        raise PartLeftOut(WHICH_PIECE)
    return "robber" if MoveRobber in kinds else "move"  # (else the notation's word, a knight's)
