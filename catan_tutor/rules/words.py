"""Actions and waits in a learner's words: what a legal move does (``say``) and what the game
waits for (``prompt``). The rule IDs stay with the verdicts; these are only sentences."""

from __future__ import annotations

import re

from ..actions import (
    DEV_CARDS,
    KNIGHT_LEVELS,
    Accept,
    Action,
    Activate,
    Aqueduct,
    BankTrade,
    Bid,
    BuildCity,
    BuildRoad,
    BuildWall,
    BuyDev,
    ChaseRobber,
    ChooseDeck,
    Decline,
    Desert,
    Die,
    Discard,
    DiscardProgress,
    DrawDev,
    DrawProgress,
    EndTurn,
    EventDie,
    ForcedCard,
    ForcedDraw,
    ForcedGive,
    ForcedTrade,
    Gift,
    HarborOffer,
    Improve,
    MoveKnight,
    MoveRobber,
    NeutralKnight,
    NeutralPromote,
    NeutralRoad,
    NeutralSettle,
    Offer,
    Pass,
    Pillage,
    PlaceDeserter,
    PlayKnight,
    PlayMonopoly,
    PlayPlenty,
    PlayProgress,
    PlayRoadBuilding,
    Promote,
    Recruit,
    Relocate,
    RemoveKnight,
    ReturnCommodity,
    ReturnKnight,
    RobberHome,
    Roll,
    Settle,
    Steal,
    bundle_text,
    seat,
)  # fmt: skip
from ..board import CARD_NAMES, EDGE_LABELS, HEX_NAMES, VERTEX_LABELS
from ..grammar import a as with_article
from ..grammar import count, sentence
from ..progress_cards import ALIASES, CARDS, TRACKS
from ..state import (
    BOARD,
    DICE,
    DRAW,
    FORCE_DRAW,
    PROGRESS_DRAW,
    ROLLOFF,
    STEAL,
    State,
)  # fmt: skip

# Every card as it is printed: the engine's ids (``vp``, ``roadbuilding``, ``merchant-fleet``)
# never reach the page. Development cards, then the progress cards (older names too).
_DEV_TITLES = {
    "knight": "Knight",
    "vp": "Victory Point",
    "roadbuilding": "Road Building",
    "plenty": "Year of Plenty",
    "monopoly": "Monopoly",
}
CARD_TITLES: dict[str, str] = _DEV_TITLES | {
    name: " ".join(w.capitalize() for w in name.split("-")) for name in ALIASES
}


def card_title(card: str | int, dev: bool = False) -> str:
    """A development or progress card as printed: ``"merchant-fleet"`` -> "Merchant Fleet",
    ``"vp"`` -> "Victory Point"; an index is into ``DEV_CARDS`` (``dev``) or ``CARDS``."""
    if isinstance(card, int):
        names = DEV_CARDS if dev else CARDS
        card = names[card] if 0 <= card < len(names) else str(card)
    return CARD_TITLES.get(card, card)


def card_list(text: str) -> str:
    """A comma-separated list of card ids as printed ("alchemy, road-building" -> "Alchemy,
    Road Building"); a part that is no card id stays as written."""
    return ", ".join(card_title(part.strip()) for part in text.split(","))


# The notation's joined words, apart (a move shown to a learner, not one to type).
_JOINED = {"robber-home": "robber home", "discard-progress": "discard progress"}


def notation_words(move: str) -> str:
    """A move's notation with the card ids in it as printed ("P1 roadbuilding" -> "P1 Road
    Building", "P2 progress trade merchant-fleet" -> "P2 progress trade Merchant Fleet") and
    its joined words apart ("P1 robber-home" -> "P1 robber home")."""
    return " ".join(CARD_TITLES.get(w, _JOINED.get(w, w)) for w in move.split(" "))


def _v(v: int) -> str:
    return VERTEX_LABELS[v] if 0 <= v < len(VERTEX_LABELS) else str(v)


def _e(e: int) -> str:
    return EDGE_LABELS[e] if 0 <= e < len(EDGE_LABELS) else str(e)


def _h(h: int) -> str:
    return HEX_NAMES[h] if 0 <= h < len(HEX_NAMES) else str(h)


def _card(k: int) -> str:
    return CARD_NAMES[k] if 0 <= k < len(CARD_NAMES) else str(k)


def _knight(s: State, v: int) -> str:
    k = s.kn[v] if s.caps.knights and 0 <= v < len(s.kn) else None
    return f"{KNIGHT_LEVELS[k.level - 1]} knight" if k is not None else "knight"


def _victim(s: State, q: int) -> str:
    return f" and steals a card from {s.name(q)}" if q >= 0 else " (nobody to rob there)"


def say(s: State, a: Action) -> str:
    """What the legal action ``a`` does, in a sentence for a learner."""
    if a.is_chance:
        return _chance(s, a)
    p = a.player
    who = seat(p)
    if type(a) is Roll:
        return f"{who} rolls the dice for this turn's production."
    if type(a) is Settle:
        return f"{who} builds a settlement on {_v(a.vertex)}."
    if type(a) is BuildRoad:
        return f"{who} builds a road on {_e(a.edge)}."
    if type(a) is BuildCity:
        return f"{who} builds a city on {_v(a.vertex)}."
    if type(a) is BuyDev:
        return f"{who} buys a development card (1 wool, 1 grain, 1 ore)."
    if type(a) is PlayKnight:
        return f"{who} plays a Knight card: the robber moves and {who} may steal."
    if type(a) is PlayRoadBuilding:
        return f"{who} plays Road Building: two free roads."
    if type(a) is PlayPlenty:
        got = _card(a.first) + (f" and {_card(a.second)}" if a.second >= 0 else "")
        return f"{who} plays Year of Plenty and takes {got} from the bank."
    if type(a) is PlayMonopoly:
        return (
            f"{who} plays Monopoly: every other player gives {who} all their {_card(a.resource)}."
        )
    if type(a) is MoveRobber:
        return f"{who} moves the robber to {_h(a.hex)}{_victim(s, a.victim)}."
    if type(a) is Discard or type(a) is Gift:
        to = f" to {seat(s.active)} (Wedding)" if type(a) is Gift else ""
        return f"{who} {'gives' if type(a) is Gift else 'discards'} {bundle_text(a.cards)}{to}."
    if type(a) is BankTrade:
        return (
            f"{who} trades {count(a.count, _card(a.give))} with the bank for 1 {_card(a.get)} "
            f"({a.count}:1)."
        )
    if type(a) is Offer:
        return (
            f"{who} offers {seat(a.to)} {bundle_text(a.give)} for {bundle_text(a.get)}; "
            f"{seat(a.to)} accepts or declines."
        )
    if type(a) is Accept:
        return f"{who} accepts {seat(s.active)}'s offer and the cards change hands."
    if type(a) is Decline:
        return f"{who} declines {seat(s.active)}'s offer; nothing changes hands."
    if type(a) is EndTurn:
        return f"{who} ends the turn; the next seat takes over."
    if type(a) in (NeutralSettle, NeutralRoad, NeutralKnight, NeutralPromote):
        return _neutral(s, a)
    if type(a) is ForcedTrade:
        return (
            f"{who} spends trade tokens to take {bundle_text(a.take)} from the opponent "
            f"and give back {bundle_text(a.give)}."
        )
    if type(a) is ForcedDraw:
        what = (
            "from the whole hand"
            if a.commodities
            else "from the resource cards (commodities set aside)"
        )
        return (
            f"{who} spends trade tokens on a forced trade: 2 cards are drawn blind from "
            f"{seat(1 - p)}'s hand, {what}, then {who} gives 2 back."
        )
    if type(a) is ForcedGive:
        return f"{who} gives {bundle_text(a.give)} back to {seat(1 - p)} (forced trade)."
    if type(a) is RobberHome:
        return f"{who} spends trade tokens to put the robber back on the desert."
    if type(a) is ReturnKnight:
        return f"{who} returns a played Knight card for 2 trade tokens."
    if type(a) is RemoveKnight:
        return (
            f"{who} takes their {_knight(s, a.vertex)} on {_v(a.vertex)} off the board for "
            "trade tokens."
        )
    if type(a) is Bid:
        return f"{who} bids {bundle_text(a.give)} for the dummy's {_card(a.get)} (sealed)."
    if type(a) is Pass:
        return f"{who} passes."
    return _ck(s, a, who)


def _base_form(verb: str) -> str:
    """A verb after "may": "builds" -> "build", "passes" -> "pass", "carries" -> "carry"."""
    if verb.endswith(("sses", "shes", "ches", "xes")):
        return verb[:-2]
    if verb.endswith("ies"):
        return verb[:-3] + "y"
    return verb[:-1] if verb.endswith("s") and not verb.endswith("ss") else verb


def may(s: State, a: Action, legal: bool) -> str:
    """A move as a verdict says it, in words: "P1 may build a settlement on A12." or "P1 may
    not build a settlement on A12." (a chance outcome: what it is). No notation."""
    try:
        said = say(s, a)
    except (IndexError, KeyError, TypeError, ValueError):  # an action no state has: its words
        said = ""
    if a.is_chance:
        return said or f"The chance outcome “{notation_words(str(a))}”."
    who, modal = seat(a.player), "may" if legal else "may not"
    if type(a) is MoveKnight:
        return f"{who} {modal} move the knight on {_v(a.src)} to {_v(a.dst)}."
    if type(a) is ChaseRobber:
        return f"{who} {modal} chase the robber to {_h(a.hex)} with the knight on {_v(a.vertex)}."
    first = re.split(r"[;:] ", said, maxsplit=1)[0].rstrip(".")  # the move, not what follows
    head, _, rest = first.partition(" ")
    verb, _, tail = rest.partition(" ")
    if head != who or not verb.endswith("s") or " may " in first:
        return f"{who} {modal} play “{notation_words(str(a))}”."
    return f"{who} {modal} {' '.join(w for w in (_base_form(verb), tail) if w)}."


def _neutral(s: State, a) -> str:
    who, n = seat(a.player), s.name(s.n + a.neutral) if 0 <= a.neutral < 2 else "a neutral"
    k = type(a)
    if k is NeutralSettle:
        return f"{who} builds a free settlement for {n} on {_v(a.vertex)}, as the rules owe."
    if k is NeutralRoad:
        return f"{who} builds a free road for {n} on {_e(a.edge)}, as the rules owe."
    if k is NeutralKnight:
        return f"{who} places a basic knight for {n} on {_v(a.vertex)}, as the rules owe."
    return f"{who} promotes {n}'s basic knight on {_v(a.vertex)} to strong, as the rules owe."


def _ck(s: State, a, who: str) -> str:
    k = type(a)
    if k is Recruit:
        return f"{who} recruits a basic knight on {_v(a.vertex)}; it starts inactive."
    if k is Promote:
        k0 = s.kn[a.vertex] if s.caps.knights else None
        up = KNIGHT_LEVELS[k0[1]] if k0 is not None and k0[1] < 3 else "the next strength"
        return f"{who} promotes the {_knight(s, a.vertex)} on {_v(a.vertex)} to {up}."
    if k is Activate:
        return f"{who} activates the {_knight(s, a.vertex)} on {_v(a.vertex)} for 1 grain."
    if k is MoveKnight:
        return move_words(s, a)
    if k is ChaseRobber:
        return (
            f"{who}'s {_knight(s, a.vertex)} on {_v(a.vertex)} chases the robber to "
            f"{_h(a.hex)}{_victim(s, a.victim)}; the knight ends inactive."
        )
    if k is Relocate:
        q = s.relocate.owner if s.relocate else a.player
        whose = "their" if q == a.player else f"{s.name(q)}'s"
        return f"{who} moves {whose} displaced knight to {_v(a.vertex)}."
    if k is BuildWall:
        return f"{who} builds a city wall under the city on {_v(a.vertex)} (+2 hand limit)."
    if k is Improve:
        t = TRACKS[a.track] if 0 <= a.track < 3 else "?"
        level = s.levels[a.player][a.track] + 1 if s.caps.improvements and 0 <= a.track < 3 else "?"
        where = f", the metropolis on {_v(a.vertex)}" if a.vertex >= 0 else ""
        return f"{who} buys {t} level {level}{where}."
    if k is Pillage:
        return f"{who} loses the city on {_v(a.vertex)}: it becomes a settlement."
    if k is ChooseDeck:
        t = TRACKS[a.track] if 0 <= a.track < 3 else "?"
        return f"{who} draws a progress card from the {t} deck."
    if k is Aqueduct:
        return f"{who} takes 1 {_card(a.resource)} from the supply (Aqueduct)."
    if k is DiscardProgress:
        return f"{who} discards the progress card {_pcard(a.card)}."
    if k is PlayProgress:
        text = str(a)
        rest = text.split(" ", 3)[3] if text.count(" ") >= 3 else ""
        on = f" on {notation_words(rest)}" if rest else ""
        return f"{who} plays the progress card {_pcard(a.card)}{on}."
    if k is Desert:
        return f"{who} removes the {_knight(s, a.vertex)} on {_v(a.vertex)} (Treason)."
    if k is PlaceDeserter:
        level = KNIGHT_LEVELS[a.level - 1] if 1 <= a.level <= 3 else "?"
        return f"{who} places {with_article(level)} knight on {_v(a.vertex)} (Treason)."
    if k is HarborOffer:
        return (
            f"{who} hands {seat(a.to)} 1 {_card(a.resource)}; {seat(a.to)} returns a "
            "commodity (Commercial Harbor)."
        )
    if k is ReturnCommodity:
        return f"{who} returns 1 {_card(a.commodity)} (Commercial Harbor)."
    return f"{who} may play '{a}' now."


def move_words(s: State, a: MoveKnight) -> str:
    """A knight's move or displacement, e.g. "P1's strong knight moves from F6 to J4 and
    displaces P2's basic knight; P2 must move it along their roads…"."""
    who = seat(a.player)
    mine = f"{who}'s {_knight(s, a.src)}"
    target = s.kn[a.dst] if s.caps.knights and 0 <= a.dst < len(s.kn) else None
    if target is None:
        return f"{mine} moves from {_v(a.src)} to {_v(a.dst)} and ends inactive."
    q = target[0]
    theirs = f"{s.name(q)}'s {KNIGHT_LEVELS[target[1] - 1]} knight"
    mover = (
        f"{s.name(q)} must move it" if q < s.n else f"{who} moves it"
    )  # rule="CK2P-NEUTRAL-CHOOSER": a neutral's by its displacer
    return (
        f"{mine} on {_v(a.src)} displaces {theirs} on {_v(a.dst)} and ends inactive there; "
        f"{mover} along {s.name(q)}'s roads to an empty vertex, or it goes back to "
        f"{s.name(q)}'s supply if there is none."
    )


def _pcard(c: int) -> str:
    return card_title(c)


def _chance(s: State, a: Action) -> str:
    if type(a) is Die:
        return f"The {a.die} die shows {a.value}."
    if type(a) is EventDie:
        return (
            "The event die shows the ship: the barbarians move one step."
            if a.face == "ship"
            else f"The event die shows {with_article(a.face)} castle."
        )
    if type(a) is Steal:
        return f"{seat(s.active)} steals 1 {_card(a.resource)} from {s.name(s.victim)}."
    if type(a) is ForcedCard:
        return (
            f"{seat(s.active)} draws 1 {_card(a.resource)} blind from {s.name(1 - s.active)}'s "
            "hand (forced trade)."
        )
    if type(a) is DrawDev:
        c = card_title(a.card, dev=True)
        return f"{seat(s.active)} draws a development card: {c}."
    if type(a) is DrawProgress:
        return (
            f"{sentence(with_article(TRACKS[a.track]))} progress card is drawn: {_pcard(a.card)}."
        )
    return f"'{a}' is a possible chance outcome now."


_RULE_ID = re.compile(r"^[A-Z0-9]+(?:-[A-Z0-9]+)+\b")

# What a chance event due now is, by phase (for prompts: never a raw rule ID).
_CHANCE_WORDS = {
    BOARD: "the board is laid out", ROLLOFF: "the roll-off for first player",
    DICE: "roll the dice", STEAL: "the robber steals a card at random",
    FORCE_DRAW: "a card is drawn blind for the forced trade",
    DRAW: "a development card is drawn", PROGRESS_DRAW: "a progress card is drawn",
    "tiebreak": "a die breaks the dummy's tie", "dev-die": "the dummy's development die",
    "card-die": "the dummy's card die", "resource-die": "the dummy's Monopoly die",
}  # fmt: skip


def prompt(rules, s: State) -> str:
    """What the game waits for now, in words: "P1: move the robber", "roll the dice: white,
    then red, then the event die" (chance). No rule IDs (those go with the verdicts)."""
    parts = []
    for p, what in rules.pending(s):
        if p < 0:
            parts.append(chance_words(rules, s))  # "roll the dice": no "chance:" before it
        else:
            parts.append(f"{s.name(p)}: {what}")
    return "; ".join(dict.fromkeys(parts)) or "nothing"


def chance_words(rules, s: State) -> str:
    """The chance event due now as a phrase (the pending text without its rule ID)."""
    ph = s.phase
    if ph == DICE:
        if s.caps.knights:
            left = ("white", "red", "the event die")[len(s.rolled) :]
            text = "roll the dice: " + ", then ".join(left)
        else:
            text = "roll the dice"
        if s.sums and s.caps.double_roll:
            text += f" (second roll of the turn; its sum must differ from {s.sums[0]})"
        if s.caps.dummy and s.active == s.dummy:
            text += " for the dummy"
        return text
    if ph == PROGRESS_DRAW and s.draws:
        p, t = s.draws[0]
        return f"{seat(p)} draws {with_article(TRACKS[t])} progress card"
    for q, what in rules.pending(s):
        if q < 0 and not _RULE_ID.match(what):  # already words (e.g. the dummy's dice)
            return what
    return _CHANCE_WORDS.get(ph, "a chance event")
