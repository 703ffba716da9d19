"""A forced trade typed with "to" between paying and taking, as a learner says it (l20 at
11.16: "P1 pays 2 tokens to take 2 cards from P2" read "I cannot read 'pays'"): the "to" is
read as glue and the rest as ``trade_card_words`` reads a forced trade
(2P-TOKEN-FORCED-TRADE, CK2P-TOKEN-FORCED-TRADE). Only a forced trade is read here: any
other move said with "to" is left to the other readers."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from . import trade_card_words

if TYPE_CHECKING:
    from .game import Game

# "pays 2 tokens to take", "paying a token in order to take": the price said first, then
# the taking; read as the taking, then "and pays 2 tokens" (the price said must be the
# move's: l21 at 11.16)
_PAY_TO = re.compile(
    r"\b(?:pays?|paid|paying|spends?|spent|spending|uses?|using) (\d+|one|two|a|an) "
    r"(?:trade )?tokens? (?:in order |so as )?to (?=(?:take|takes|draw|draws|get|gets)\b)",
    re.I,
)


def spelled(game: Game, text: str) -> str | None:
    """The forced trade ``text`` spells with "to" before its taking, else None."""
    said = _PAY_TO.search(text)
    if said is None:
        return None
    plain = f"{_PAY_TO.sub('', text)} and pays {said.group(1)} tokens"
    out = trade_card_words.spelled(game, plain)
    return out if out is not None and " force" in f" {out}" else None


# The opponent made to give ("P1 forces P2 to give 2 wool for brick and lumber": l38c at 11.16
# was read as the give-back step, P1 giving the wool): what the opponent gives is taken
_MADE_TO_GIVE = re.compile(
    r"\b(force[sd]?|forcing|make|makes|made|making)\s+(?:p[1-9]|the opponent|him|her|them)\s+"
    r"(?:to\s+)?(?:give|hand over|hand|surrender)\s+(?:(?:me|us|p[1-9])\s+)?",
    re.IGNORECASE,
)
_IN_RETURN = re.compile(r"\s+(?:in (?:exchange|return) )?for\s+", re.IGNORECASE)


# Cards taken from the opponent ("P1 takes 2 wool from P2": l38c at 11.16 was told "It does
# not say which move"): the verb first (after the player: "spends a token to take 2 wool from
# the opponent" is the price-first reader's, ``spelled``), then a number, so "takes the
# longest road from P2" is left alone
_TAKEN_FROM = re.compile(
    r"^\s*(?P<who>p[1-9]\s+)?(?:takes?|took|taking|grabs?)\s+"
    r"(?P<cards>(?:\d+|one|two|a|an)\b.*?)\s+from\s+"
    r"(?:p[1-9]|the opponent|him|her|them)(?:'s|’s)?(?:\s+hand)?\b",
    re.IGNORECASE,
)


def made_to_give(game: Game, text: str) -> str:
    """``text`` with the opponent made to give cards, or cards taken from the opponent, said
    as the notation's "force take … give …" in a variant with forced trades
    (2P-TOKEN-FORCED-TRADE, CK2P-TOKEN-FORCED-TRADE); else ``text`` unchanged."""
    from .move_words import has_trade_tokens

    if not has_trade_tokens(game):
        return text
    if (said := _MADE_TO_GIVE.search(text)) is not None:
        head, rest = text[: said.start()], text[said.end() :]
    elif (said := _TAKEN_FROM.search(text)) is not None:
        head, rest = said.group("who") or "", said.group("cards") + text[said.end() :]
    else:
        return text
    return f"{head}force take {_IN_RETURN.sub(' give ', rest, count=1)}"


# Words that say which cards a blind forced draw takes from (or its price, which says it too:
# ``trade_card_words._price_said``)
_SCOPE = re.compile(
    r"\b(all|whole|resources?|commodit(?:y|ies)|only|tokens?|double)\b", re.IGNORECASE
)
WHICH_CARDS = "From which cards: the resource cards only, or the whole hand?"


def scope_left_out(game: Game, text: str, notation: str) -> str | None:
    """The question a blind forced draw typed in words asks when they do not say which cards
    it takes from and both are possible (l23 at 11.16: "force a trade" was judged right, read
    as the draw from resource cards, the notation's plain ``force``; which of the two is the
    question there): ``WHICH_CARDS``; else None (CK2P-TOKEN-FORCED-TRADE)."""
    from .errors import CatanError
    from .variants.two_player_actions import ForcedDraw

    try:
        a = game.parse(notation)
    except CatanError:
        return None
    if type(a) is not ForcedDraw or _SCOPE.search(text):
        return None
    other = ForcedDraw(a.player, not a.commodities)
    return WHICH_CARDS if other in game.legal_actions() and a in game.legal_actions() else None


# Which cards a blind draw takes from, as a learner says it (the form's "draw from: resource
# cards only / whole hand"), and a price said for it
_OWNER = r"(?:the |p[1-9]'s |p[1-9]’s |their |his |her |its )?"
_WHOLE = re.compile(
    rf"\b(?:from|on|over|of|with|in|for) {_OWNER}(?:whole|entire|full) hand\b"
    r"|\bcommodities too\b|\b(?:with|and) commodities\b|\bwhole hand\b",
    re.IGNORECASE,
)
# (the cards said alone too, as the question and its explanation say them: "P1 force
# resource cards", "take 2 resource cards from P2"; s33 at 11.16 was told "The word
# “resource” was not understood here")
_RESOURCES = re.compile(
    rf"\b(?:from|on|over|of|with|in|for) {_OWNER}(?:resource cards?|resources)(?: only)?\b"
    r"|\bresource cards?(?: only)?\b|\bresources(?: only)?\b|\bno commodities\b",
    re.IGNORECASE,
)
_FOR_PRICE = re.compile(r"\b(?:for|paying|at) (\d|one|two|a) (?:trade )?tokens?\b", re.IGNORECASE)


def with_scope(game: Game, text: str, read: Callable[[str], str]) -> str | None:
    """A blind forced draw typed with the cards it takes from said in words ("P1 forces a
    blind draw from P2's whole hand", "... resource cards only", "... for 1 token": l23 at
    11.16): the draw ``read`` makes of the rest, from those cards; None when the words say
    no such thing, or the rest is no blind draw (CK2P-TOKEN-FORCED-TRADE)."""
    from .errors import CatanError
    from .rules.tokens import cost
    from .variants.two_player_actions import ForcedDraw

    whole: bool | None = None
    rest = text
    for pattern, says in ((_WHOLE, True), (_RESOURCES, False)):
        if pattern.search(rest):
            rest, whole = pattern.sub(" ", rest), says
            break
    price = _FOR_PRICE.search(rest)
    if price is not None:
        rest = _FOR_PRICE.sub(" ", rest)
    if whole is None and price is None:
        return None
    try:
        a = game.parse(read(rest))
    except (CatanError, ValueError):
        return None
    if type(a) is not ForcedDraw:
        return None
    if price is not None:
        low = price.group(0).lower().split()
        n = {"a": 1, "one": 1, "two": 2}.get(low[1]) or int(low[1])
        paid = {cost(game.state, a.player): False, 2 * cost(game.state, a.player): True}
        if n not in paid or (whole is not None and paid[n] != whole):
            raise trade_card_words.price_refused(game, f"P{a.player + 1}", low)
        whole = paid[n]
    return str(ForcedDraw(a.player, bool(whole)))


# The cards a forced trade gives back, as its step and the lesson say it ("P1 gives back a
# brick and a lumber": s33 at 11.16 read it as a gift of Wedding's, "The word “back” was
# not understood here")
_GIVE_VERB = re.compile(r"\b(?:give|gives|giving|gave|hand|hands|return|returns)\b", re.I)
_BACK = re.compile(r"\s*\bback\b", re.IGNORECASE)


def given_back(game: Game, text: str) -> str:
    """``text`` with "gives back" (or "gives … back") said as the notation's "force give"
    while a forced trade's cards are to be given back (CK2P-TOKEN-FORCED-TRADE); else
    ``text`` unchanged."""
    from .variants.two_player_actions import ForcedGive

    if not (_BACK.search(text) and _GIVE_VERB.search(text)) or "force give" in text.lower():
        return text
    if not any(isinstance(a, ForcedGive) for a in game.legal_actions()):
        return text
    return _GIVE_VERB.sub("force give", _BACK.sub("", text), count=1)
