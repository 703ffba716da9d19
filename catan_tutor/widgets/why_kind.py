"""Why a kind of move has no legal move now, said of the kind (free play and a lesson off its
questions: what a "Why can't I…?" kind's press says; its hover text asks for the press). A
fresh learner in a free base game pressed "Build a settlement" and read "Nothing of this kind
can be played now. Click or tap a spot…", though P1 held no grain; "Trade with the bank" said
"A bank trade gives one kind of card for another", a definition, though P1 held 3 wool and
needed 4. As "Buy a development card" does, each now says what stops it: the price and the
seat's hand (BASE-BUILD-COSTS), that no free spot is one the seat may build on
(BASE-BUILD-DISTANCE, BASE-BUILD-SETTLEMENT, BASE-BUILD-ROAD, BASE-BUILD-CITY), the bank's
rates against the seat's cards (BASE-TRADE-MARITIME). Not at a puzzle's open question: there a
kind's reason could narrow the answer (``kinds_unavailable``, ``unpaid``).
"""

from __future__ import annotations

from ..actions import bundle_words
from ..board import CARD_NAMES, EDGE_LABELS, VERTEX_LABELS
from ..game import Game
from ..grammar import and_list, or_list
from ..rules.common import cost_reason
from ..rules.trade import rates
from ..study.kind_refused import PRICES
from .kinds import clicked_fields, probe

MAIN = "main"  # the phase the price lists and the bank's rates are for
# BASE-TRADE-MARITIME, CK-TRADE-BANK: the rates, as a learner reads them
BANK_RATES = "A bank trade needs 4 of one kind (3 at a 3:1 harbor, 2 at its 2:1 harbor)"
# Why a free spot is not one the seat may build on, per the engine's rule (``{p}``: the seat)
SPOT_WHY = {
    "BASE-BUILD-DISTANCE": "next to a building (BASE-BUILD-DISTANCE)",
    "BASE-BUILD-SETTLEMENT": "not at the end of one of {p}'s roads (BASE-BUILD-SETTLEMENT)",
    "BASE-BUILD-ROAD": "not joined to {p}'s own roads, settlements or cities (BASE-BUILD-ROAD)",
}
# Per kind built on a spot: the spot's noun and what is built (BASE-BUILD-SETTLEMENT,
# BASE-BUILD-ROAD)
SPOT_KINDS = {"Settle": ("corner", "a settlement"), "BuildRoad": ("edge", "a road")}
NO_SPOT = "{p} has no {spot} to build {what} on: every free {spot} is {why}."
NO_SETTLEMENT = "{p} has no settlement to turn into a city (BASE-BUILD-CITY)."
COST_RULES = frozenset({"BASE-BUILD-COSTS", "CK-BUILD-COSTS"})


def kind_reason(game: Game, cls: type) -> str:
    """Why the seat to move has no move of kind ``cls`` now, in the main phase: a build's
    price and the seat's hand, then (or alone) that no free spot is one it may build on; a
    bank trade's rates against its cards. '' when none of these is what stops it."""
    if game.state.phase != MAIN:
        return ""
    seat = game.acting_seat
    if cls.__name__ == "BankTrade":
        return bank_shortfall(game, seat)
    said = [unpaid_build(game, cls, seat), no_spot(game, cls, seat)]
    return " ".join(s for s in said if s)


def unpaid_build(game: Game, cls: type, seat: int) -> str:
    """What a build of kind ``cls`` costs and all ``seat`` holds, when it cannot pay ('' when
    it can or the kind has no price): "P1 cannot pay for a settlement: it costs 1 brick, 1
    lumber, 1 wool and 1 grain; P1 holds 1 brick, 1 lumber and 3 wool." (BASE-BUILD-COSTS)."""
    price = PRICES.get(cls.__name__)
    if price is None:
        return ""
    cost, what = price
    why = cost_reason(game.state, seat, cost, what)
    if why is None:
        return ""
    hand = bundle_words(tuple(game.state.hands[seat]))
    return f"{why.text.removesuffix('.')}; {game.names[seat]} holds {hand}."


def no_spot(game: Game, cls: type, seat: int) -> str:
    """That no free spot is one ``seat`` may build a piece of kind ``cls`` on, paid for or not
    (the engine's reasons at every free spot, none its price: BASE-BUILD-DISTANCE,
    BASE-BUILD-SETTLEMENT, BASE-BUILD-ROAD; a city: no settlement of its own, BASE-BUILD-CITY);
    '' when a spot would do, or another reason stops it (said by the spot)."""
    name = cls.__name__
    if name not in SPOT_KINDS and name != "BuildCity":
        return ""
    rules = _spot_rules(game, cls, free=name != "BuildCity")
    if not rules or rules & COST_RULES:  # (a spot where only the cards are missing)
        return ""
    p = game.names[seat]
    if name == "BuildCity":
        return NO_SETTLEMENT.format(p=p) if rules == {"BASE-BUILD-CITY"} else ""
    if not rules <= SPOT_WHY.keys():
        return ""
    spot, what = SPOT_KINDS[name]
    why = or_list([SPOT_WHY[r].format(p=p) for r in SPOT_WHY if r in rules])
    return NO_SPOT.format(p=p, spot=spot, what=what, why=why)


def _spot_rules(game: Game, cls: type, free: bool) -> set[str]:
    """The engine's rules refusing ``cls`` on each spot it is played on (``free``: only the
    spots no piece holds); empty when one of them is legal."""
    s = game.state
    found: set[str] = set()
    for kind in dict.fromkeys(clicked_fields(cls).values()):
        owners = s.vowner if kind == "vertex" else s.eowner
        knights = s.kn if kind == "vertex" and game.caps.knights else ()
        for i in range(len(VERTEX_LABELS) if kind == "vertex" else len(EDGE_LABELS)):
            if free and (owners[i] >= 0 or (knights and knights[i] is not None)):
                continue
            a = probe(game, cls, (kind, i))
            if a is None:
                continue
            ex = game.explain(a)
            if ex.legal:
                return set()
            found.add(ex.rule)
    return found


def bank_shortfall(game: Game, seat: int) -> str:
    """Why ``seat`` can make no bank trade: its rate for each kind against what it holds
    (BASE-TRADE-MARITIME, CK-TRADE-BANK): "A bank trade needs 4 of one kind (3 at a 3:1
    harbor, 2 at its 2:1 harbor); P1 holds at most 3 wool." '' when it holds enough of a
    kind (the bank's stock, or another reason, stops it)."""
    s = game.state
    rate = rates(s, seat)
    hand = s.hands[seat][: len(rate)]
    if any(n >= r for n, r in zip(hand, rate, strict=True)):
        return ""
    p = game.names[seat]
    usual = max(rate)
    better = [k for k, r in enumerate(rate) if r < usual]
    others = [k for k, r in enumerate(rate) if r == usual]
    if not better and usual == 4:
        return f"{BANK_RATES}; {p} holds {_most(hand, others, other=False)}."
    kind = "another" if better else "one"
    needs = or_list([f"{rate[k]} {CARD_NAMES[k]}" for k in better] + [f"{usual} of {kind} kind"])
    holds = and_list(
        [f"{hand[k]} {CARD_NAMES[k]}" if hand[k] else f"no {CARD_NAMES[k]}" for k in better]
        + [_most(hand, others, other=bool(better))]
    )
    return f"{BANK_RATES}; {p} needs {needs}, and holds {holds}."


def _most(hand: tuple[int, ...], kinds: list[int], other: bool) -> str:
    """The most of ``kinds`` a hand holds: "at most 3 wool", "at most 2 of any kind (2 brick
    and 2 ore)" (``other``: "of any other kind"), "no cards"."""
    most = max(hand[k] for k in kinds)
    if not most:
        return "no other cards" if other else "no cards"
    top = [f"{most} {CARD_NAMES[k]}" for k in kinds if hand[k] == most]
    if len(top) == 1 and not other:
        return f"at most {top[0]}"
    any_ = "any other kind" if other else "any kind"
    return f"at most {most} of {any_} ({and_list(top)})"
