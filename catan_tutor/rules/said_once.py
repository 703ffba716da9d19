"""A refused move and the engine's reason for it, with nothing said twice (s15, a fresh
learner at lesson 4.1): "P1 may not buy a development card (1 wool, 1 grain, 1 ore), because
P1 cannot pay for a development card: it costs 1 wool, 1 grain, 1 ore." said the cost twice,
and "P1 may not try to trade a development card, which is never allowed, because P1 cannot
trade a Road Building card: development cards are never traded or given away …" the same
rule three times. Here: "P1 may not buy a development card: P1 cannot pay the 1 wool,
1 grain, 1 ore it costs." and "P1 may not trade a development card: development cards are
never traded or given away …"."""

from __future__ import annotations

import re

_MODAL = r"(?:may not|can't|cannot)"
# "P1 may not try to trade a development card, which is never allowed": the move as its
# words for the log say it ("tries to …, which is never allowed"); the reason says why.
_TRIES = re.compile(rf"\b({_MODAL}) try to (.+?), which is never allowed$")
# "P1 cannot pay for a development card: it costs 1 wool, 1 grain, 1 ore."
_CARDS = re.compile(r"\b\d+ [a-z]+(?:, \d+ [a-z]+)+")  # "1 brick, 1 grain"
_COST = re.compile(r"^(?P<who>.+?) cannot pay for .+?: it costs (?P<cost>.+?)\.?$")

# "P1 has not rolled yet, and before the roll only a development card may be played, not
# buying a development card.": after the refused move, "not buying …" says it again
_ONLY = re.compile(r"^(.+ only .+ may be played), not [^.:;]+\.?$")


def said_once(what: str, why: str) -> tuple[str, str]:
    """``what`` (a refused move in words, no full stop: "P1 may not buy a development card
    (1 wool, 1 grain, 1 ore)") and ``why`` (the engine's reason) with what one says not said
    again by the other: the move's cost in brackets goes when the reason says it; a reason
    that opens by refusing the same move again ("P1 cannot trade a Road Building card: …")
    keeps only what follows its colon; cards the move names are "them" in the reason;
    "only … may be played, not <the move>" ends at
    "played"; a reason opening with the piece the move names says "it"."""
    what = _TRIES.sub(r"\1 \2", what)
    why = why.strip()
    if m := _COST.match(why):
        what = what.replace(f" ({m['cost']})", "")
        return what, f"{m['who']} cannot pay the {m['cost']} it costs."
    for cards in set(_CARDS.findall(what)):  # "give 1 brick, 1 grain …: did not hold them"
        why = re.sub(rf"\bhold {re.escape(cards)}\b", "hold them", why)
    why = _named_again(what, why)
    who, modal, move = _split(what)
    if who and (m := _ONLY.match(why)):  # the refused move itself, again, after "not"
        return what, f"{m[1]}."
    if who and (m := re.match(rf"{re.escape(who)} cannot (\w+(?: away)?)\b[^:]*: (.+)$", why)):
        if re.match(rf"{re.escape(m[1])}\b", move):
            return what, m[2]
    return what, why


# "the knight on O6", "the city on C6": a piece by its spot, as a move and a reason name it
_PIECE = re.compile(r"^[Tt]he ((?:[a-z]+ ){0,2}[a-z]+ on [A-Z]\d+)\b")


def _named_again(what: str, why: str) -> str:
    """``why`` opening with the piece ``what`` names already says "it" (learner 16: "P1 may
    not move the knight on O6 to N4, because the knight on O6 cannot act"; "… under the city
    on C6: the city on C6 has a wall already")."""
    m = _PIECE.match(why)
    if m and re.search(rf"\bthe {re.escape(m[1])}\b", what):
        return "It" + why[m.end() :]
    return why


def _split(what: str) -> tuple[str, str, str]:
    """("P1", "may not", "trade a development card") of "P1 may not trade a development
    card"; ('', '', '') when it is no refusal."""
    m = re.match(rf"^(.+?) ({_MODAL}) (.+)$", what)
    return (m[1], m[2], m[3]) if m else ("", "", "")
