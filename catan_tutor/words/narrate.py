"""What happened: a structured account of one action, from the state before, the action and
the state after (issue 18, scope 5).

``events(rules, before, action, after)`` returns :class:`Event` records in the order a
learner reads them: the move itself (its rule and what it did), the roll's production per
player and kind, discards owed, the robber's move, the barbarian attack (strengths that fought
and its outcome), knights displaced, sent home or laid down, awards gained and lost, victory
points that changed, cards drawn and the winner. Every hand change of the action is carried by
exactly one event's ``cards``. A hidden card (a steal, a development or progress card drawn)
shows its kind only to the seats in ``seen_by`` (``BASE-INFO``, ``CK-INFO``); everybody else
reads ``text``. Pure: nothing here imports ``random`` or Jupyter.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from ..actions import (
    DICE_COLORS,
    KNIGHT_LEVELS,
    TRACK_NAMES,
    Accept,
    Action,
    BankTrade,
    BuildCity,
    BuildRoad,
    BuildWall,
    Die,
    Discard,
    DiscardProgress,
    DrawDev,
    DrawProgress,
    EventDie,
    ForcedCard,
    ForcedGive,
    ForcedTrade,
    Gift,
    Improve,
    MoveKnight,
    NeutralKnight,
    NeutralPromote,
    NeutralRoad,
    NeutralSettle,
    PlaceDeserter,
    Promote,
    Recruit,
    Relocate,
    Settle,
    Steal,
    bundle_words,
)  # fmt: skip
from ..board import CARD_NAMES, HEX_NAMES
from ..grammar import count, sentence
from ..progress_cards import CARDS as PROGRESS_CARDS
from ..rules.awards import public_vp
from ..rules.barbarians import BARBARIANS_COUNT, TRACK_END, forces
from ..rules.precedence import most_specific
from ..rules.spot_nouns import corner_said, with_nouns
from ..rules.words import card_title
from ..state import DICE, SETUP_SETTLE, STEAL, State, laid
from ..variants.ck_state import DEFENDER_DECK, PILLAGE, PROGRESS_DISCARD, PROGRESS_DRAW
from . import token_income

Bundle = tuple[int, ...]

_BUILDS = (
    Settle,
    BuildRoad,
    BuildCity,
    BuildWall,
    Recruit,
    Promote,
    NeutralSettle,
    NeutralRoad,
    NeutralKnight,
    NeutralPromote,
    PlaceDeserter,
    Improve,
)
_TRADES = (BankTrade, Accept, ForcedTrade, ForcedGive)
_DISCARDS = (Discard, Gift, DiscardProgress)
# CK: decisions the event calls for, settled before the roll produces
_BEFORE_PRODUCTION = (PROGRESS_DRAW, PILLAGE, DEFENDER_DECK, PROGRESS_DISCARD)


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened, for a learner and for a program.

    ``kind``: "move" (the action itself), "build", "trade", "discard", "roll" (C&K: the dice
    alone, told before the ship they bring), "production", "steal",
    "robber", "merchant", "ship" (the barbarians' step), "attack", "pillage", "knight", "award",
    "vp", "draw", "discards-owed", "winner", "cards" (any other cards that changed hands).
    ``text`` is the sentence everybody reads; ``secret`` (when set) the fuller sentence the
    seats of ``seen_by`` read (a stolen card's kind). ``cards``: (party, signed change of its
    hand) for the cards this event moved.
    ``facts``: the numbers behind the sentence (e.g. an attack's strengths).
    """

    kind: str
    text: str
    rule: str = ""
    player: int = -1
    cards: tuple[tuple[int, Bundle], ...] = ()
    secret: str = ""
    seen_by: tuple[int, ...] = ()
    facts: dict = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:  # a sentence that starts with "the dummy" (its page name)
        for name in ("text", "secret"):
            object.__setattr__(self, name, sentence(getattr(self, name)))

    def text_for(self, viewer: int | frozenset[int] | None = None) -> str:
        """The sentence ``viewer`` may read (``None``: the public one; a set of seats: the
        fuller one when any of them may read it)."""
        seen = frozenset() if viewer is None else {viewer} if isinstance(viewer, int) else viewer
        if self.secret and not seen.isdisjoint(self.seen_by):
            return self.secret
        return self.text

    def __str__(self) -> str:
        return self.text


# ---------------------------------------------------------------- words
def _n(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _bundle(b: Bundle) -> str:
    """ "1 brick and 2 grain", "1 brick, 1 lumber and 1 wool" (the kinds with a count, as a
    sentence lists them: ``actions.bundle_words``; "nothing" for none; s33: "P1 gets 1
    brick, 1 lumber" read as a word missing)."""
    return bundle_words(tuple(max(0, k) for k in b))


def _each(clauses: list[str]) -> str:
    """Each player's share, a clause each: "P1 gets 1 wool and 1 cloth; P2 gets 2 grain" (a
    comma between them ran into the cards' list: "P1 gets 1 wool, 1 cloth, P2 gets …")."""
    return "; ".join(clauses)


def _delta(old: Bundle, new: Bundle) -> Bundle:
    return tuple(b - a for a, b in zip(old, new, strict=True))


def _plus(b: Bundle) -> Bundle:
    return tuple(max(0, x) for x in b)


def _minus(b: Bundle) -> Bundle:
    return tuple(max(0, -x) for x in b)


def _changes(before: State, after: State) -> dict[int, Bundle]:
    """Each party's signed hand change (parties whose hand did not change left out)."""
    out = {}
    for p, (old, new) in enumerate(zip(before.hands, after.hands, strict=True)):
        d = _delta(old, new)
        if any(d):
            out[p] = d
    return out


def _rule(rules, rule_id: str) -> str:
    return most_specific(rules.variant, rule_id)


# ---------------------------------------------------------------- the account
def events(rules, before: State, action: Action, after: State) -> list[Event]:
    """What ``action`` did between ``before`` and ``after`` (see the module docstring)."""
    out: list[Event] = []
    left = _changes(before, after)  # hand changes no event has carried yet

    def take(parties) -> tuple[tuple[int, Bundle], ...]:
        return tuple((p, left.pop(p)) for p in dict.fromkeys(parties) if p in left)

    rolled = (
        isinstance(action, (Die, EventDie))
        and before.phase == DICE
        and before.rolled
        and not after.rolled
    )
    late = None
    if (
        before.phase in _BEFORE_PRODUCTION and after.phase not in _BEFORE_PRODUCTION and before.dice
    ):  # CK: the roll produces once the event's decisions are made
        late = _roll(rules, before, after, take(list(left)), late=True)
    ship = isinstance(action, EventDie) and action.face == "ship" and after.barb != before.barb
    woke = ship and after.barb < before.barb  # the attack's robber: told with the attack
    if rolled and ship and after.phase not in (*_BEFORE_PRODUCTION, DICE):
        # rule="CK-TURN-ROLL-PHASE": the ship's step, and a whole attack, before production
        # (s43: the log said the roll's production, then the attack that came first)
        out.append(_rolled(rules, before, after))
        out.extend(_ship_events(rules, before, after))
        out.append(_roll(rules, before, after, take(list(left)), then=True))
        ship = False
    elif rolled:
        out.append(_roll(rules, before, after, take(list(left))))
    elif isinstance(action, Steal) and before.phase == STEAL:
        out.append(_steal(rules, before, action, take(list(left))))
    elif isinstance(action, ForcedCard):
        out.append(_forced_card(rules, before, action, take(list(left))))
    elif isinstance(action, DrawDev):
        who = before.active
        out.append(
            Event(
                "draw",
                f"{before.name(who)} draws a development card.",
                _rule(rules, "BASE-BUILD-DEVCARD"),
                who,
                secret=f"{before.name(who)} draws a development card: {_dev_name(action.card)}.",
                seen_by=(who,),
            )
        )
    elif isinstance(action, DrawProgress):
        out.append(_progress_draw(rules, before, action, after))
    else:
        out.append(_move(rules, before, action, after, take))
    if late is not None:
        out.append(late)
    if ship:  # production waits for a decision the attack calls for: told when it comes
        out.extend(_ship_events(rules, before, after))
    out.extend(_owed(rules, before, after))
    if not woke:
        out.extend(_robber(rules, before, after))
    out.extend(_knights(rules, before, action, after))
    out.extend(_awards(rules, before, after))
    if left:  # cards moved by the move's consequences (Monopoly, progress cards, ...)
        out.append(_cards(rules, before, action, take(list(left))))
    out.extend(_points(rules, before, after))
    if after.winner >= 0 and before.winner < 0:
        w = after.winner
        out.append(
            Event(
                "winner",
                f"{after.name(w)} wins the game with "
                f"{count(rules.victory_points(after, w), 'victory point')}!",
                _rule(rules, "BASE-WIN-10"),
                w,
            )
        )
    return out


def _ship_events(rules, before: State, after: State) -> list[Event]:
    """What a ship on the event die did (CK-EVENT-SHIP): its step, or the attack its last step
    set off, the knights laid down and the robber it wakes (CK-BARB-*, CK-ROBBER-ACTIVE)."""
    if after.barb > before.barb:
        return [_ship(rules, before, after)]
    return [*_attack(rules, before, after), *_robber(rules, before, after)]


def _dev_name(card: int) -> str:
    return card_title(card, dev=True)


def _move(rules, before: State, action: Action, after: State, take) -> Event:
    """The action itself, in the engine's own words and under its rule (a build, a trade, a
    discard carries the cards it moved)."""
    reason = rules.specific(rules.describe(before, action))
    reason = replace(reason, text=with_nouns(before, action, reason.text))  # "edge N5" (l24)
    kind = "move"
    if isinstance(action, _BUILDS):
        kind = "build"
    elif isinstance(action, _TRADES):
        kind = "trade"
    elif isinstance(action, _DISCARDS):
        kind = "discard"
    cards = ()
    p = action.player
    if kind in ("build", "discard") or (kind == "move" and not action.is_chance):
        cards = take([p])
    elif kind == "trade":
        other = [before.active] if isinstance(action, Accept) else []
        forced = isinstance(action, (ForcedTrade, ForcedGive))
        cards = take([p, *other, *range(before.n)]) if forced else take([p, *other])
    said, clauses = reason.text.rstrip("."), []
    if kind in ("build", "trade") and cards:
        paid = [f"{before.name(q)} pays {_bundle(_minus(d))}" for q, d in cards if any(_minus(d))]
        if kind == "build" and paid:
            said = f"{said} ({'; '.join(paid)})"
        elif kind == "build" and before.phase == SETUP_SETTLE:  # the second placement pays (l25)
            got = " and ".join(_bundle(_plus(d)) for _, d in cards)
            clauses.append(f"takes {got} from the hexes it touches")
    facts = {}
    earns, paid_by = token_income.earned(before, action, after)  # (2P-TOKEN-INCOME-*: l35)
    if earns:
        clauses.append(earns)
        facts["token_rule"] = _rule(rules, paid_by)
    if not clauses and said == reason.text.rstrip("."):
        return Event(kind, reason.text, reason.rule, p, cards)
    if clauses:  # "builds a settlement on A2, takes 2 grain … and earns 1 trade token (…)"
        said += f"{', ' if len(clauses) > 1 else ' and '}{', '.join(clauses[:-1])}"
        said += f" and {clauses[-1]}" if len(clauses) > 1 else clauses[-1]
    return Event(kind, f"{said}.", reason.rule, p, cards, facts=facts)


def _shown(before: State, after: State) -> str:
    """The roll as the page draws it: "8 (white 5, red 3)", the event die's face too (C&K)."""
    total = sum(after.dice[:2])
    faces = ", ".join(f"{c} {v}" for c, v in zip(DICE_COLORS, after.dice[:2], strict=False))
    if after.event and before.caps.knights:
        faces += f"; the event die shows {after.event}"
    return f"{total} ({faces})" if len(after.dice) > 1 else str(total)


def _rolled(rules, before: State, after: State) -> Event:
    """ "P1 rolled 10 (white 5, red 5; the event die shows ship).": the dice alone, said
    before what the ship does; the roll's production follows it (``_roll(then=True)``)."""
    who = before.active
    return Event(
        "roll",
        f"{after.name(who)} rolled {_shown(before, after)}.",
        _rule(rules, "CK-TURN-ROLL-PHASE"),
        who,
        facts={"total": sum(after.dice[:2]), "dice": tuple(after.dice), "event": after.event},
    )


def _roll(
    rules, before: State, after: State, cards, late: bool = False, then: bool = False
) -> Event:
    """ "P1 rolled 8 (white 5, red 3): P2 gets 1 brick, P3 gets 2 grain." (BASE-PROD-YIELD: the
    dice by colour, as the page draws them, not "5 + 3" in some order; a 7 produces
    nothing, BASE-SEVEN-NOPROD). In Cities & Knights the event die is resolved first
    (CK-TURN-ROLL-PHASE): a castle's progress cards are drawn before production (``late``: the
    production that follows the last draw), and after the ship's step or attack, told after
    the dice (``_rolled``), ``then`` the roll produces: "Then the roll of 10 produces: …"."""
    who = before.active
    total = sum(after.dice[:2])
    shown = _shown(before, after)
    produced: dict[int, Bundle] = {p: _plus(d) for p, d in cards if any(_plus(d))}
    facts = {"total": total, "dice": tuple(after.dice), "event": after.event, "produced": produced}
    if (
        before.caps.double_roll and before.sums and total == before.sums[0] and after.phase == DICE
    ):  # 2P-ROLL-DIFFERENT: the same sum again is rolled anew
        return Event(
            "production",
            f"{after.name(who)} rolled {shown} again: the two "
            "sums of a turn must differ, so the dice are rolled anew.",
            _rule(rules, "2P-ROLL-DIFFERENT"),
            who,
            cards,
            facts={"total": total, "dice": tuple(after.dice), "reroll": True, "produced": {}},
        )
    if after.phase in _BEFORE_PRODUCTION and not late and total != 7:
        return Event(
            "production",
            f"{after.name(who)} rolled {shown}: the event is "
            "settled first, then the roll produces.",
            _rule(rules, "CK-EVENT-CASTLE"),
            who,
            cards,
            facts=facts,
        )
    if late:
        got = [f"{after.name(p)} gets {_bundle(_plus(d))}" for p, d in cards if any(_plus(d))]
        what = _each(got) or "nobody produces"
        if total == 7:
            what = seven_said(after, who)
        return Event(
            "production",
            f"The roll of {total} is settled now: {what}.",
            _rule(rules, "BASE-PROD-YIELD"),
            who,
            cards,
            facts=facts,
        )
    got = [f"{after.name(p)} gets {_bundle(_plus(d))}" for p, d in cards if any(_plus(d))]
    lost = [f"{after.name(p)} loses {_bundle(_minus(d))}" for p, d in cards if any(_minus(d))]
    if total == 7:
        what, rule = seven_said(after, who), "BASE-SEVEN-NOPROD"
    else:
        what, rule = _each(got) or "nobody produces", "BASE-PROD-YIELD"
    if lost:
        what += "; " + _each(lost)
    head = f"{after.name(who)} rolled {shown}"
    if then:
        head = f"Then the roll of {total}" + (" produces" if total != 7 else "")
    return Event(
        "production",
        f"{head}: {what}.",
        _rule(rules, rule),
        who,
        cards,
        facts=facts,
    )


def seven_said(after: State, who: int) -> str:
    """What a 7 does, said after "rolled 7": no land produces (BASE-SEVEN-NOPROD), and who
    moves the robber (BASE-ROBBER-MOVE), after the discards when any are owed (their own
    sentence says who discards: BASE-SEVEN-DISCARD), or that the robber stays off the board
    before the first barbarian attack (CK-ROBBER-INACTIVE). A learner read "nobody
    produces" (s32): true, and not what a 7 does."""
    owed = any(getattr(after, "discards", ()) or ())
    if after.caps.knights and not after.attacked:
        robber = "the robber stays off the board until the barbarians first attack"
    else:
        robber = f"{'after the discards, ' if owed else ''}{after.name(who)} moves the robber"
    return f"no land produces; {robber}"


def _steal(rules, before: State, action: Steal, cards) -> Event:
    thief, victim = before.active, before.victim
    t, v = before.name(thief), before.name(victim)
    kind = CARD_NAMES[action.resource]
    return Event(
        "steal",
        f"{t} steals a card from {v}.",
        _rule(rules, "BASE-ROBBER-STEAL"),
        thief,
        cards,
        secret=f"{t} steals 1 {kind} from {v}.",
        seen_by=(thief, victim),
    )


def _forced_card(rules, before: State, action: ForcedCard, cards) -> Event:
    """rule="CK2P-TOKEN-FORCED-TRADE": a blind draw; both hands see the card, as a steal."""
    taker, other = before.active, 1 - before.active
    t, o = before.name(taker), before.name(other)
    return Event(
        "steal",
        f"{t} draws a card blind from {o} (forced trade).",
        _rule(rules, "CK2P-TOKEN-FORCED-TRADE"),
        taker,
        cards,
        secret=f"{t} draws 1 {CARD_NAMES[action.resource]} from {o} (forced trade).",
        seen_by=(taker, other),
    )


def _progress_draw(rules, before: State, action: DrawProgress, after: State) -> Event:
    who = before.draws[0][0] if before.draws else before.active
    name, track = before.name(who), TRACK_NAMES[action.track]
    card = card_title(action.card) if 0 <= action.card < len(PROGRESS_CARDS) else "?"
    if before.caps.improvements and after.pvp[who] > before.pvp[who]:
        return Event(
            "draw",
            f"{name} draws {card} from the {track} deck and lays it out face up: 1 victory point.",
            _rule(rules, "CK-PROGRESS-VP-CARDS"),
            who,
        )
    return Event(
        "draw",
        f"{name} draws a {track} progress card.",
        _rule(rules, "CK-PROGRESS-DRAW-ORDER"),
        who,
        secret=f"{name} draws a {track} progress card: {card}.",
        seen_by=(who,),
    )


def _owed(rules, before: State, after: State) -> list[Event]:
    """Discards a 7 calls for (BASE-SEVEN-DISCARD)."""
    owing = [p for p, k in enumerate(after.discards) if k and not before.discards[p]]
    if not owing or after.phase != "discard":
        return []
    text = ", ".join(f"{after.name(p)} must discard {_n(after.discards[p], 'card')}" for p in owing)
    return [
        Event(
            "discards-owed",
            f"{text}.",
            _rule(rules, "BASE-SEVEN-DISCARD"),
            facts={"owed": {p: after.discards[p] for p in owing}},
        )
    ]


def _robber(rules, before: State, after: State) -> list[Event]:
    out = []
    if after.robber != before.robber and after.robber >= 0:
        where = HEX_NAMES[after.robber]
        if before.caps.knights and not before.attacked and after.attacked:
            text, rule = (
                f"The robber wakes up and stands on the desert ({where}).",
                "CK-ROBBER-ACTIVE",
            )
        else:
            text, rule = f"The robber moves to {where}.", "BASE-ROBBER-MOVE"
        out.append(Event("robber", text, _rule(rules, rule)))
    if before.caps.knights and after.merchant != before.merchant and after.merchant[0] >= 0:
        h, p = after.merchant
        if h == laid(after).desert():  # rule="CK-PC-MERCHANT-DESERT"
            out.append(
                Event(
                    "merchant",
                    f"The merchant stands on the desert ({HEX_NAMES[h]}) "
                    f"for {after.name(p)}: 1 victory point, but no resource to trade 2:1.",
                    _rule(rules, "CK-PC-MERCHANT-DESERT"),
                    p,
                )
            )
        else:
            out.append(
                Event(
                    "merchant",
                    f"The merchant stands on {HEX_NAMES[h]} for "
                    f"{after.name(p)} (2:1 trades of its resource, 1 victory point).",
                    _rule(rules, "CK-TRADE-MERCHANT"),
                    p,
                )
            )
    return out


def _ship(rules, before: State, after: State) -> Event:
    """The ship's step on the track a ship on the event die moves (CK-EVENT-SHIP): said on
    every such roll, a 7's too ("nobody produces" left out that the track moved)."""
    left = TRACK_END - after.barb
    return Event(
        "ship",
        f"The barbarian ship sails one step closer to Catan: {count(left, 'step')} left "
        "before the barbarians attack.",
        _rule(rules, "CK-EVENT-SHIP"),
        before.active,
        facts={"barbarians": after.barb},
    )


def attack_facts(before: State, after: State) -> dict:
    """The barbarian attack between ``before`` (the ship one step from the end) and ``after``:
    the strengths that fought (CK-BARB-STRENGTH: the players' cities; CK-BARB-DEFENSE: each
    player's active knights, before they lie down) and the outcome: ``won``, ``defender``
    (the Defender of Catan, or -1), ``tied`` best defenders, ``pillaged`` {player: vertex},
    ``choosing`` (players still to choose a city to lose)."""
    barbarians, defence = forces(before)
    total = sum(defence.values())
    facts: dict[str, Any] = {
        "barbarians": barbarians,
        "defence": dict(defence),
        "defenders": total,
        "won": total >= barbarians,
        "pillaged": {},
        "choosing": tuple(after.pillage),
        "defender": -1,
        "tied": (),
    }
    if facts["won"]:
        best = max(defence.values()) if defence else 0
        leaders = tuple(p for p, k in defence.items() if k == best and best > 0)
        if len(leaders) == 1:
            facts["defender"] = leaders[0]
        elif leaders:
            facts["tied"] = leaders
    else:
        for v, c in enumerate(before.vcity):
            if c and not after.vcity[v]:
                facts["pillaged"][before.vowner[v]] = v
    return facts


def _attack(rules, before: State, after: State) -> list[Event]:
    """The attack the ship's last step set off, in words (``attack_facts``; CK-BARB-*)."""
    f = attack_facts(before, after)
    barbarians, total = f["barbarians"], f["defenders"]
    names = ", ".join(f"{before.name(p)} {k}" for p, k in f["defence"].items())
    if f["won"]:
        head = f"Catan holds: the knights ({total}) match or beat the barbarians ({barbarians})"
        rule = "CK-BARB-WIN"
        if f["defender"] >= 0 and after.defender == before.defender:
            outcome = (
                f"{before.name(f['defender'])} gave the most, but all 6 defender tokens are "
                "already held, so nobody takes one"
            )
            rule = "CK-BARB-TOKENS"
        elif f["defender"] >= 0:
            outcome = (
                f"{before.name(f['defender'])} is the Defender of Catan and takes a "
                "defender token (1 victory point)"
            )
        elif f["tied"]:
            outcome = (
                ", ".join(before.name(p) for p in f["tied"]) + " tie as best defenders "
                "and each draws a progress card of their choice"
            )
        else:
            outcome, rule = "nobody defended, so nobody is rewarded", "CK-BARB-WIN-ZERO"
    else:
        head = f"The barbarians ({barbarians}) beat the knights ({total})"
        rule = "CK-BARB-LOSE"
        bits = [
            f"{before.name(p)} loses the city on {corner_said(before, v)}"
            for p, v in f["pillaged"].items()
        ]
        bits += [f"{before.name(p)} chooses a city to lose" for p in f["choosing"]]
        outcome = "; ".join(bits) or "nobody has a city the barbarians can take"
    return [
        Event(
            "attack",
            f"The barbarians attack! Strength: barbarians {barbarians} "
            f"({BARBARIANS_COUNT}), knights {total} ({names}). {head}; {outcome}.",
            _rule(rules, rule),
            facts=f,
        ),
        Event(
            "knight",
            "After the attack every knight is deactivated and the ship goes back to the start.",
            _rule(rules, "CK-BARB-AFTER"),
        ),
    ]


def _knights(rules, before: State, action: Action, after: State) -> list[Event]:
    """Knights displaced, sent home, or laid down one by one (not the attack's: that event
    says so)."""
    if not before.caps.knights or before.kn == after.kn:
        return []
    out = []
    moved_from = action.src if isinstance(action, MoveKnight) else -1
    attack = after.barb < before.barb
    for v, k in enumerate(before.kn):
        if k is None or v == moved_from:
            continue
        now = after.kn[v]
        owner, level = k[0], KNIGHT_LEVELS[k[1] - 1]
        what = f"{before.name(owner)}'s {level} knight on {corner_said(before, v)}"
        if now is None or now[0] != owner:
            if isinstance(action, Relocate) or (now is not None and now[0] == owner):
                continue
            if after.relocate and after.relocate[1] == v:
                out.append(
                    Event(
                        "knight",
                        f"{what} is displaced; {before.name(owner)} must move "
                        "it along their roads.",
                        _rule(rules, "CK-KNIGHT-DISPLACE"),
                        owner,
                    )
                )
            elif now is not None:
                out.append(
                    Event(
                        "knight",
                        f"{what} is displaced and, with nowhere to go, goes "
                        "back to its owner's supply.",
                        _rule(rules, "CK-KNIGHT-DISPLACE"),
                        owner,
                    )
                )
            else:
                out.append(
                    Event(
                        "knight",
                        f"{what} leaves the board.",
                        _rule(rules, "CK-KNIGHT-DISPLACE"),
                        owner,
                    )
                )
        elif k[2] and not now[2] and not attack and not isinstance(action, MoveKnight):
            out.append(
                Event(
                    "knight", f"{what} is now inactive.", _rule(rules, "CK-KNIGHT-ACTIVATE"), owner
                )
            )
    return out


_AWARDS = (
    ("longest", "the Longest Road", "BASE-AWARD-LONGEST-ROAD"),
    ("army", "the Largest Army", "BASE-AWARD-LARGEST-ARMY"),
)


def _awards(rules, before: State, after: State) -> list[Event]:
    out = []
    for attr, name, rule in _AWARDS:
        old, new = getattr(before, attr), getattr(after, attr)
        if old == new:
            continue
        if attr == "longest" and before.caps.knights:
            name, rule = "the Longest Road", "CK-AWARD-LONGEST-ROUTE"
        rule = _rule(rules, rule)
        if new >= 0 and old >= 0:
            text = f"{after.name(new)} takes {name} from {after.name(old)}."
        elif new >= 0:
            text = f"{after.name(new)} gains {name}."
        else:
            text = f"{after.name(old)} loses {name}; nobody holds it now."
        out.append(Event("award", text, rule, new, facts={"award": attr, "from": old, "to": new}))
    if before.caps.improvements and before.metro != after.metro:
        for t, (old, new) in enumerate(zip(before.metro, after.metro, strict=True)):
            if old == new:
                continue
            track = TRACK_NAMES[t]
            if new >= 0:
                owner = after.vowner[new]
                gone = f" from {before.name(before.vowner[old])}" if old >= 0 else ""
                text = (
                    f"{after.name(owner)} takes the {track} metropolis{gone}, now on "
                    f"{corner_said(after, new)}."
                )
            else:
                owner = -1
                text = f"The {track} metropolis leaves the board."
            out.append(
                Event(
                    "award",
                    text,
                    _rule(rules, "CK-METRO-TAKE"),
                    owner,
                    facts={"award": f"metropolis-{track}", "from": old, "to": new},
                )
            )
    return out


def _cards(rules, before: State, action: Action, cards) -> Event:
    """Cards that changed hands as a consequence (Monopoly, a progress card, ...)."""
    parts = []
    for p, d in cards:
        bits = []
        if any(_plus(d)):
            bits.append(f"gets {_bundle(_plus(d))}")
        if any(_minus(d)):
            bits.append(f"gives up {_bundle(_minus(d))}")
        parts.append(f"{before.name(p)} " + " and ".join(bits))
    text = "; ".join(parts) + "."
    reason = rules.specific(rules.describe(before, action))
    parties = tuple(p for p, _ in cards)
    takes = type(action).__name__ == "PlayProgress" and len(parties) > 1
    if takes:  # cards taken from a hand are seen by the two players only
        public = (
            "; ".join(
                f"{before.name(p)} {'gets' if sum(d) > 0 else 'gives up'} {_n(abs(sum(d)), 'card')}"
                for p, d in cards
            )
            + "."
        )
        return Event(
            "cards", public, reason.rule, action.player, cards, secret=text, seen_by=parties
        )
    return Event("cards", text, reason.rule, action.player, cards)


def _points(rules, before: State, after: State) -> list[Event]:
    out = []
    for p in range(after.n):
        old, new = public_vp(rules, before, p), public_vp(rules, after, p)
        if old != new:
            out.append(
                Event(
                    "vp",
                    f"{after.name(p)} now has {count(new, 'victory point')} ({new - old:+d}).",
                    _rule(rules, "BASE-WIN-VP"),
                    p,
                    facts={"from": old, "to": new},
                )
            )
    return out
