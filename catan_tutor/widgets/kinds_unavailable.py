"""The kinds of a puzzle's palette that no one can play this turn (s18): at a question the
palette offers every kind of the moment, legal or not (the kinds legal now would narrow the
answer, ``kinds.moment_kinds``), so at 4.3 and 3.2 "Play a Knight" and "Play Monopoly" looked
like moves although P1 holds no such card, and a press said "Not allowed". Such a kind now
looks unavailable (greyed, ``aria-disabled``: ``kind_marks.js``) and says why on hover.

What decides is the engine: a kind is unavailable when it has no legal move now
(``legal_actions``) and the engine refuses it, for every seat the question lets move, for a
reason that holds the whole turn (``explain``'s rule, ``TURN_LONG``: the seat holds no such
card, has played one this turn or bought it this turn: BASE-DEV-PLAY). A kind refused only
for the moment (buying before the roll, building without the cards yet) looks like the
others, the answer's among them: none of the kinds a learner might still play this turn is
told apart from the right one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import fields
from typing import TYPE_CHECKING

import ipywidgets as widgets

from ..board import HEX_NAMES
from ..errors import CatanError
from ..game import Game
from ..progress_cards import CARDS
from ..rules.knights import eligible
from ..rules.words import card_title
from ..state import PRE_ROLL, laid
from . import verdicts
from .before_roll import before_roll
from .kinds import acting_seat, kind_name, variant_kinds
from .palette_key import key_html

if TYPE_CHECKING:
    from .tutor_session import TutorSession

# The engine's rules whose refusal of a card's play holds for the rest of the turn at a
# turn's moment (before the roll or after it): no such card, one played, one bought this turn
TURN_LONG = frozenset({"BASE-DEV-PLAY"})
OFF_CLASS = "catan-off-"  # the palette's class for its button at that index: unavailable
MOST_KINDS = 40  # more than any variant's kinds (C&K for two: 18 in a turn)
UNAVAILABLE = "Not possible this turn: {}"  # a greyed kind's hover text
NO_ONE = "no player can play it."
# C&K's kinds that play a progress card held: after the roll no card comes to a seat but by
# playing one (CK-PC-PLAY: cards are drawn on the roll, played in the Action phase), so a seat
# holding none cannot play one this turn (l20 at 8.11 and 11.16: they looked playable)
CARD_PLAYS = frozenset({"play progress", "harbor offer"})
NO_CARD = "{} holds no progress card."
# C&K's kinds that act on a knight of the seat's on the board (CK-KNIGHT-ACTIVATE,
# CK-KNIGHT-PROMOTE, CK-KNIGHT-ACTION-ELIGIBLE, CK-KNIGHT-CHASE-ROBBER; C&K for two: a knight
# taken off for tokens, CK2P-TOKEN-KNIGHT-REMOVE): a seat with no knight at all cannot play
# them now (l22 at 7.8: "Activate a knight", "Move a knight" and "Promote a knight" offered
# to a P1 with no knight). A knight recruited this turn may still be activated or promoted,
# so their hover text says "now", not "this turn"
KNIGHT_ACTS = frozenset({"activate", "promote", "move knight", "chase robber", "remove knight"})
NOW = "Not possible now: "
NO_KNIGHT = NOW + "{} has no knight on the board."
# Of those, the kinds a knight acts by (CK-KNIGHT-ACTION-ELIGIBLE: only a knight active when
# the turn's Action phase began, and not placed, activated or used since, acts; a knight
# activated this turn never acts this turn): a seat whose knights all lie down (or stood up,
# came or acted this turn) cannot play them all turn (l28 at 7.8: "Move a knight" and "Chase
# the robber away" looked playable beside P1's one knight, inactive)
KNIGHT_ACTIONS = frozenset({"move knight", "chase robber"})
WHY_NONE_ACTS = " (a knight acts only if it was standing when the turn began, and once a turn)."
# C&K's kinds that are one progress card's own move, by the card (CK-PC-COMMERCIAL-HARBOR: its
# offers are made once the card is played): in the Action phase a seat not holding the card
# (and with no exchange of it open) cannot make them now (l23 at 9.18: "Offer a resource for
# a commodity (Commercial Harbor)" looked active though P2 holds no Commercial Harbor card)
CARD_OWN = {"harbor offer": "commercial-harbor"}
NO_SUCH_CARD = NOW + "{} holds no {} card."

# Sending the robber home (2P-TOKEN-ROBBER, CK2P-TOKEN-ROBBER): not while the robber is not on
# the board (C&K for two, before the first barbarian attack) nor while it is home already, on
# the desert (l24: offered as a move then); a 7 may send it off the desert later this turn,
# so "now"
ROBBER_HOME = "robber home"
ROBBER_OFF = NOW + "the robber is not on the board yet."
ROBBER_HOME_ALREADY = NOW + "the robber is already home, on the desert ({})."
# Returning a played Knight card for tokens (2P-TOKEN-INCOME-KNIGHT): not while the seat has
# none played (l26, l27 at base-2p's questions: "Return a Knight card" looked playable); a
# Knight card played this turn would make one, so "now"
RETURN_KNIGHT = "return knight"
NO_PLAYED_KNIGHT = NOW + "{} has no played Knight card to return."


# The knight's kinds, one family on the palette: greying all of them but one would leave that
# one alone bright among them (l34 at 7.8's "Put a knight on the board": "Activate",
# "Promote", "Move a knight" and "Chase the robber away" greyed for having no knight left
# "Recruit a knight" the one knight kind lit, the answer read off the palette, as a list of
# the legal kinds alone would: ``moment_kinds``). Then none of the family is greyed: a press
# of one no one can play says why (``verdicts``), as before s18 (CK-KNIGHT-RECRUIT,
# CK-KNIGHT-ACTIVATE, CK-KNIGHT-PROMOTE, CK-KNIGHT-ACTION-ELIGIBLE)
KNIGHT_KINDS = KNIGHT_ACTS | {"recruit"}
# The kinds that move the robber off a hex, one family too (while it stands on one): at
# 5.13's "Before rolling, free the hex" "Play a Knight" greyed (no Knight card held) left
# "Send the robber home" the one lit (l37: the answer read off the palette). 2P-TOKEN-ROBBER,
# CK2P-TOKEN-ROBBER, BASE-DEV-KNIGHT, CK-KNIGHT-CHASE-ROBBER
ROBBER_KINDS = frozenset({"play knight", ROBBER_HOME, "chase robber"})
FAMILIES = (KNIGHT_KINDS, ROBBER_KINDS)


def not_narrowing(
    off: dict[str, str], kinds: Iterable[str], families: tuple[frozenset[str], ...] = FAMILIES
) -> dict[str, str]:
    """``off`` without the kinds of any of ``families`` of which one kind ``kinds`` offers is
    not greyed: a family is greyed whole or not at all (l41 at 8.11: "Move a knight" and
    "Chase the robber away" greyed beside "Activate a knight" lit told that P1's knight lies
    down, pointing at the answer; at 6.7 the same two were lit)."""
    offered = list(kinds)
    kept = dict(off)
    changed = True
    while changed:  # (a kind of two families lit again may leave the other's one lit)
        changed = False
        for family in families:
            ours = [k for k in offered if k in family]
            if len(ours) > 1 and any(k not in kept for k in ours):
                for kind in ours:
                    changed |= kept.pop(kind, None) is not None
    return kept


def robber_not_away(game: Game) -> str:
    """Why the robber cannot be sent home now ('' when it can be, as far as where it stands
    goes): it is not on the board, or it is on the desert already."""
    state = game.state
    if state.robber < 0:
        return ROBBER_OFF
    desert = laid(state).desert()
    return ROBBER_HOME_ALREADY.format(HEX_NAMES[desert]) if state.robber == desert else ""


def unavailable(game: Game, kinds: Iterable[str], seats: Iterable[int] = ()) -> dict[str, str]:
    """Of ``kinds``, those no seat of ``seats`` (none given: the seat to move) can play this
    turn, each with the engine's reason (the acting seat's); none of a family of kinds of
    which all but one would be (``not_narrowing``)."""
    kinds = list(kinds)
    legal = {kind_name(a) for a in game.legal_actions()}
    ours = variant_kinds(game)
    who = tuple(seats) or (acting_seat(game),)
    out: dict[str, str] = {}
    for kind in kinds:
        cls = ours.get(kind)
        if kind in CARD_PLAYS and kind not in legal and (said := _no_card(game, who)):
            out[kind] = said
            continue
        if kind in CARD_OWN and kind not in legal and (said := _no_such_card(game, kind, who)):
            out[kind] = said
            continue
        if kind in KNIGHT_ACTS and kind not in legal and (said := _no_knight(game, who)):
            out[kind] = said
            continue
        if kind in KNIGHT_ACTIONS and kind not in legal and (said := _none_acts(game, who)):
            out[kind] = said
            continue
        if kind == ROBBER_HOME and kind not in legal and (said := robber_not_away(game)):
            out[kind] = said
            continue
        if kind == RETURN_KNIGHT and kind not in legal and (said := _no_played_knight(game, who)):
            out[kind] = said
            continue
        if kind in legal or cls is None or "player" not in [f.name for f in fields(cls)]:
            continue
        reasons = []
        for seat in who:
            values = {f.name: seat if f.name == "player" else 0 for f in fields(cls)}
            try:
                ex = game.explain(cls(**values))
            except (CatanError, TypeError, ValueError):
                break
            if ex.legal or ex.rule not in TURN_LONG:
                break
            reasons.append(ex.reason)
        else:  # (a question asking who moves names no seat)
            out[kind] = verdicts.plain(reasons[0]) if len(who) == 1 else NO_ONE
    # the robber's family only while it stands on a hex it may leave (off the board or home on
    # the desert, no question frees a hex: "Send the robber home" greyed says so, l24)
    families = FAMILIES if not robber_not_away(game) else (KNIGHT_KINDS,)
    return not_narrowing(out, kinds, families)


def _no_card(game: Game, seats: tuple[int, ...]) -> str:
    """Why none of ``seats`` can play a progress card this turn ('' when one may): the roll
    made and no progress card held."""
    state = game.state
    if not game.caps.improvements or state.phase != "main":  # (C&K's progress cards)
        return ""
    if any(state.phand[seat] for seat in seats):
        return ""
    return NO_CARD.format(game.names[seats[0]]) if len(seats) == 1 else NO_ONE


def _no_such_card(game: Game, kind: str, seats: tuple[int, ...]) -> str:
    """Why none of ``seats`` can make ``kind``, a card's own move, now ('' when one may): the
    Action phase, no exchange of the card open, and none of them holding the card."""
    state, card = game.state, CARDS.index(CARD_OWN[kind])
    if not game.caps.improvements or state.phase != "main" or state.harbor:
        return ""
    if any(card in state.phand[seat] for seat in seats):
        return ""
    who = game.names[seats[0]] if len(seats) == 1 else "no player"
    return NO_SUCH_CARD.format(who, card_title(card))


def _no_knight(game: Game, seats: tuple[int, ...]) -> str:
    """Why none of ``seats`` can act with a knight now ('' when one may): C&K, and no knight
    of theirs on the board (``game.caps``: the variant's knights)."""
    if not game.caps.knights:
        return ""
    if any(k is not None and k[0] in seats for k in game.state.kn):  # k[0]: the owner
        return ""
    return NO_KNIGHT.format(game.names[seats[0]] if len(seats) == 1 else "no player")


def _no_played_knight(game: Game, seats: tuple[int, ...]) -> str:
    """Why none of ``seats`` can return a Knight card now ('' when one may): none of them has
    a played Knight card (2P-TOKEN-INCOME-KNIGHT)."""
    if any(game.state.knights[seat] for seat in seats):
        return ""
    return NO_PLAYED_KNIGHT.format(game.names[seats[0]] if len(seats) == 1 else "no player")


def _none_acts(game: Game, seats: tuple[int, ...]) -> str:
    """Why none of ``seats``' knights on the board can act this turn ('' when one may, or
    when none is on the board: ``_no_knight`` says so): C&K, the seats have knights, none of
    them eligible (CK-KNIGHT-ACTION-ELIGIBLE; none can become so this turn)."""
    if not game.caps.knights:
        return ""
    theirs = [k for k in game.state.kn if k is not None and k[0] in seats]  # k[0]: the owner
    if not theirs or any(eligible(k) for k in theirs):
        return ""
    if len(seats) > 1:
        return "no player's knight can act" + WHY_NONE_ACTS
    name = game.names[seats[0]]
    if len(theirs) == 1:
        return f"{name}'s one knight cannot act" + WHY_NONE_ACTS
    return f"none of {name}'s knights can act" + WHY_NONE_ACTS


def _hover(reason: str) -> str:
    """A greyed kind's hover text: its reason, said for the turn unless it says "now"."""
    return reason if reason.startswith(NOW) else UNAVAILABLE.format(reason)


def offer_kinds(
    palette: widgets.ToggleButtons,
    session: TutorSession,
    options: list[tuple[str, str]],
    key: widgets.HTML,
) -> None:
    """The ``palette``'s buttons ``options`` (label, kind); at a puzzle's open question those
    of the kinds no one can play this turn marked unavailable (a class per index, which
    ``kind_marks.js`` reads; the reason as the button's hover text), and the ``key`` under it
    saying what that look means (``palette_key``). No kind is set apart for its cost (s23: a
    fresh learner at 7.8 read "Activate a knight", the one knight kind not dotted as unpaid,
    as the answer; at 8.11 the one payable knight move was the answer): what the seat can
    pay for is the question there, its hand row says what it holds, and a press of a kind
    it cannot pay for says so (``unpaid``; CK-BUILD-COSTS)."""
    palette.options = options
    kinds = [value for _, value in options]
    secret = session.puzzle_secret and not session.editing
    off = unavailable(session.game, kinds, session.puzzle.seats()) if secret else {}
    seats = session.puzzle.seats() or (acting_seat(session.game),)
    off.update(before_roll(session.game, kinds, seats) if secret else {})  # (before_roll.py)
    for i in range(MOST_KINDS):  # (removing a class not there changes nothing)
        palette.remove_class(f"{OFF_CLASS}{i}")
    for i, kind in enumerate(kinds):
        if kind in off:
            palette.add_class(f"{OFF_CLASS}{i}")
    palette.tooltips = [_hover(off[k]) if k in off else "" for k in kinds]
    key.value = key_html(len(off), session.game.state.phase == PRE_ROLL)
