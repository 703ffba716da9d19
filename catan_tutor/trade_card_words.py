"""Trades, progress cards, forced trades and token moves in a learner's words.

A fresh learner (s18) typed the course's trade and card puzzles as one says them, and read
"I cannot read …" each time: "P2 plays merchant on P" (9.18), "P2 gives 3 wool for 1 brick"
and "2 wool for a brick" (3.2), "P1 takes 2 cards from P2 and pays 2 tokens" (11.16).
``spelled`` reads those phrasings as notation: a trade with the bank or a harbor (one resource
given, one card got), an offer to a player named, a progress card played with what it names,
a forced trade (the player named is the one taken from, never the mover), the robber sent
home and a knight taken off for tokens. Every word of the text must be one its reader knows,
so a text it cannot read whole is left to ``move_words`` (nothing ambiguous is read as
another move); the engine's reader checks the notation it spells.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from typing import TYPE_CHECKING

from .actions import BankTrade, Offer
from .board import CARD_NAMES, HEX_NAMES, VERTEX_LABELS
from .progress_cards import ALIASES, CARDS, SCHEMA
from .progress_sentences import DICE, dice_in_order, played_glue
from .words import hex_spot_words, place_words

if TYPE_CHECKING:
    from .game import Game

_TOKEN = re.compile(r"[^\s,.;:!?()\"“”]+")
_SEAT = re.compile(r"^p([1-9])$", re.IGNORECASE)
_POSSESSIVE = re.compile(r"['’]s$", re.IGNORECASE)
_COUNTS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def _words(*groups: str) -> frozenset[str]:
    return frozenset(" ".join(groups).split())


# Words a trade may hold besides its cards: its verbs, where it is made, and glue
_TRADE_VERBS = _words(
    "give gives gave giving trade trades traded trading pay pays paid paying swap swaps",
    "swapped swapping exchange exchanges exchanged exchanging sell sells sold selling",
    "hand hands handed use uses used using",
)
_OFFER_VERBS = _words("offer offers offered offering")
# Verbs that say the cards got first ("gets a brick for 2 wool": l19 at 3.2)
_GET_VERBS = _words("get gets got getting receive receives received receiving buy buys bought")
_TRADE_GLUE = _words(
    "the to with at from of my his her their its bank harbor harbour port maritime and",
    "card cards in via on i want would like deal please",
    "merchant",  # "2 wool for ore with the merchant": where the trade is made (CK-TRADE-MERCHANT)
)
# Words before a progress card's name, and between it and what it names
_CARD_BEFORE = _words(
    "i play plays played playing use uses used using the a my his her card place places put puts"
)
_CARD_GLUE = _words(
    "the card on at to against from with for of hex tile corner edge player and a an naming",
    "names named puts put places place it",
)
_TAKE = _words("take takes took taking draw draws drew drawing")
_STEAL = _words("steal steals stole stealing")  # a take of two cards (ck-2p's forced draw)
_TWO = _words("2 two")
_FORCE_GLUE = _words(
    "force forces forced forcing trade a an the one 1 two 2 cards card from with of and pay pays",
    "paid paying spend spends spent spending tokens token trade hand random at i on",
    "blind blindly randomly unseen the please",  # the button's "Force a blind draw" (l22)
    "back",  # "take 1 ore, give back 1 wool", as the lessons say it (s33)
)
_DRAW_GLUE = _words("give gives to hand over up")  # "forces P2 to give 2 cards" (l22)
_GIVE = _words("give gives gave giving for pay pays paid paying")
_HOME = _words("send sends sent sending move moves moved moving put puts the robber home")
_HOME_GLUE = _words(
    "back to its desert pay pays paying for tokens token trade with and i a an one 1 please",
    "use uses using spend spends spending my two 2",  # "use trade tokens to move…" (l32)
)
_REMOVE = _words("remove removes removed removing take takes took taking trade trades traded")
_REMOVE_GLUE = _words(
    "the knight my a basic strong mighty off from on at of board for tokens token trade and i",
    "to get gets earn an one 1",  # "remove the knight at N4 to get a token" (l32)
    "its their your own",  # "P1 takes its knight off N4" (the button's words, s37)
)


def _tokens(text: str) -> list[str]:
    return [_POSSESSIVE.sub("", t) for t in _TOKEN.findall(text)]


def _card_kind(tok: str) -> str:
    """``tok`` as a card kind's name ("bricks" -> "brick", "sheep" as the reader takes it),
    '' for none."""
    low = tok.lower()
    for word in (low, low[:-1] if low.endswith("s") else low):
        if word in CARD_NAMES or word in ("wood", "sheep", "wheat", "clay", "stone"):
            return word
    return ""


def _count(tok: str) -> int:
    low = tok.lower()
    return int(low) if low.isdigit() and len(low) <= 2 else _COUNTS.get(low, 0)


def _bundle(toks: list[str]) -> list[tuple[int, str]] | None:
    """Cards said as "2 wool and 1 ore", "a brick", "wool" (a bare card counts 1): (count,
    kind) pairs, None when a word is no part of them."""
    out: list[tuple[int, str]] = []
    n = 0
    for tok in toks:
        if tok.lower() == "and" and not n:
            continue
        if not n and _count(tok):
            n = _count(tok)
        elif _card_kind(tok):
            out.append((n or 1, _card_kind(tok)))
            n = 0
        else:
            return None
    return out if out and not n else None


def _said(cards: list[tuple[int, str]]) -> str:
    return ", ".join(f"{n} {kind}" for n, kind in cards)


# A trade's cards said by their class, not their kind: the question it asks
_CLASS_WORDS = {
    "resource": "Which resource: brick, lumber, wool, grain or ore?",
    "commodity": "Which commodity: paper, cloth or coin?",
}


def _kind_left_out(game: Game, side: list[str], kind: type) -> None:
    """Raise ``PartLeftOut`` when a side of a trade names its cards by their class only ("3
    commodities", "a resource"), with at most a count beside: which kind is asked."""
    from .move_words import PartLeftOut

    low = [t.lower().removesuffix("s").replace("commoditie", "commodity") for t in side]
    named = [w for w in low if w in _CLASS_WORDS]
    if len(named) == 1 and all(w in _CLASS_WORDS or _count(w) or w == "card" for w in low):
        if named[0] == "commodity" and not game.caps.improvements:
            return  # no commodities in the game: the word stays not understood
        raise PartLeftOut(_CLASS_WORDS[named[0]], kind=kind)


def _trade(game: Game, seat: str, toks: list[str]) -> str | None:
    """A trade: "gives 3 wool for 1 brick" (the bank's or a harbor's: one resource for one
    card), "2 wool for a brick"; to a player named, an offer ("give P3 1 wool for 1 ore")."""
    toks = _get_as_for(_harbor_named(_no_article(toks)))  # l22's ways of saying a trade
    low = [t.lower() for t in toks]
    if "for" not in low and "with" in low and low[0] in _GET_VERBS:  # "gets a brick with 2 wool"
        low[len(low) - 1 - low[::-1].index("with")] = "for"
    if low.count("for") != 1:
        return None
    cut = low.index("for")
    others = [t.upper() for t in toks if _SEAT.match(t) and t.upper() != seat]
    offer = bool(set(low) & _OFFER_VERBS)
    kept: list[list[str]] = [[], []]
    for k, (tok, word) in enumerate(zip(toks, low, strict=True)):
        if k == cut or _SEAT.match(tok):
            continue
        if word in _TRADE_VERBS or word in _OFFER_VERBS or word in _GET_VERBS:
            continue
        if word in _TRADE_GLUE:
            continue
        kept[k > cut].append(tok)
    got_first = any(w in _GET_VERBS for w in low[:cut]) and not any(
        w in _TRADE_VERBS for w in low[:cut]
    )
    for side in kept:  # "3 commodities for ore" (l38c-style at 9.18: "not understood")
        _kind_left_out(game, side, Offer if others else BankTrade)
    give, get = _bundle(kept[got_first]), _bundle(kept[not got_first])
    if len(others) == 1 and not kept[got_first] and get is not None and Offer in game.rules.applies:
        raise _offer_gives_nothing()  # "trade with P2 for ore": which cards go to P2?
    if give is None or get is None or len(others) > 1:
        return None
    if others:  # to a player: an offer (BASE-TRADE-DOMESTIC)
        if Offer not in game.rules.applies:
            return None
        return f"{seat} offer {others[0]} {_said(give)} for {_said(get)}".strip()
    if offer or BankTrade not in game.rules.applies:  # offered to nobody named: no guess
        return None
    if len(give) == 1 and len(get) == 1 and get[0][0] > 1:
        raise _one_card_a_trade(give[0], get[0])
    if len(give) != 1 or get != [(1, get[0][1])]:  # the bank gives one card for one kind
        return None
    if not any(_count(t) for t in kept[got_first]):  # "wool for brick": how many wool?
        return _count_left_out(game, seat, give[0][1], get[0][1])
    return f"{seat} bank {give[0][0]} {give[0][1]} for {get[0][1]}".strip()


def _count_left_out(game: Game, seat: str, give: str, get: str) -> str:
    """A trade with the bank typed with no count given ("P2 bank wool for brick": l22 at
    3.2 was read as 1 wool and refused): read as 1 when that is legal as typed, else asked
    for, never guessed (a rate chosen for the learner would be the answer at 3.2, whose
    question is the rate: BASE-TRADE-MARITIME)."""
    from .actions import BankTrade
    from .errors import CatanError
    from .move_words import PartLeftOut

    one = f"{seat} bank 1 {give} for {get}".strip()
    try:
        if game.explain(game.parse(one)).legal:
            return one
    except CatanError:
        pass
    raise PartLeftOut(f"How many {give} for one {get}?", kind=BankTrade)


def _no_article(toks: list[str]) -> list[str]:
    """``toks`` without an article before a word that is no card or count ("a trade", "a
    deal"): "a" before a card counts one ("a brick"), and stays."""
    return [
        t
        for k, t in enumerate(toks)
        if t.lower() not in ("a", "an")
        or (k + 1 < len(toks) and (_card_kind(toks[k + 1]) or _count(toks[k + 1])))
    ]


_HARBOR = frozenset({"harbor", "harbour", "port"})


def _harbor_named(toks: list[str]) -> list[str]:
    """``toks`` without the card that names a harbor ("uses the wool harbor: 2 wool for 1
    brick"): the harbor is where the trade is made, not a card given."""
    low = [t.lower() for t in toks]
    return [t for k, t in enumerate(toks) if not (k + 1 < len(low) and low[k + 1] in _HARBOR)]


def _get_as_for(toks: list[str]) -> list[str]:
    """``toks`` with "and gets" said as "for" after the cards given ("gives the bank two
    wool and gets a brick", or "give wool, get ore": l26), when no "for" is said."""
    low = [t.lower() for t in toks]
    if "for" in low or not set(low) & _TRADE_VERBS:
        return toks
    for i in range(2, len(low)):
        got = low[i] in _GET_VERBS or low[i] in _TAKE  # ("… and takes a brick": l32)
        if got and _card_kind(low[i - 1]):  # "give wool, get ore"
            return [*toks[:i], "for", *toks[i + 1 :]]
        if got and low[i - 1] in ("and", "to"):  # "use the wool port to get a brick" (l32)
            return [*toks[: i - 1], "for", *toks[i + 1 :]]
    return toks


def _offer_gives_nothing() -> Exception:
    """The reply to a trade with a player named and no cards given ("trade with P2 for
    ore": l27 read it judged as a trade with the bank): an offer to that player
    (BASE-TRADE-DOMESTIC), its cards given asked for, as "trade for ore" asks them.
    ``move_words`` adds how an offer is typed (its example names no answer there)."""
    from .form_words import QUESTIONS
    from .move_words import PartLeftOut

    return PartLeftOut(QUESTIONS["give"], kind=Offer)


def _one_card_a_trade(give: tuple[int, str], get: tuple[int, str]) -> Exception:
    """The reply to a trade with the bank for several cards ("4 wool for 2 brick": l19 at
    3.2): the bank gives one card a trade (BASE-TRADE-MARITIME), each typed alone (no
    example: at 3.2 the learner's numbers halved are the answer)."""
    from .move_words import MoveWordsError

    m, wanted = get
    return MoveWordsError(
        f"A trade with the bank gets one card: {m} {wanted} are {m} trades, each typed alone."
    )


def _progress_card(game: Game, seat: str, toks: list[str]) -> str | None:
    """A progress card played: "plays Merchant on hex P", "play the merchant fleet card on
    wool" (the card's name, then what it names, the words between left out)."""
    from .variants.ck_actions import PlayProgress

    if PlayProgress not in game.rules.applies:
        return None
    low = [t.lower() for t in toks]
    for i, word in enumerate(low):
        two = f"{word}-{low[i + 1]}" if i + 1 < len(low) else ""
        card = two if two in ALIASES else word if word in ALIASES else ""
        if card:
            break
        if word not in _CARD_BEFORE and low[i : i + 2] != ["progress", "card"]:
            return None  # ("plays the progress card Alchemy, …": the page's sentence)
    else:
        return None
    rest = toks[i + (2 if card == two else 1) :]
    # (and the words of the page's own sentence of its play: "Invention, swapping the number
    # tokens of hexes F and Q", s33)
    name = CARDS[ALIASES[card]]
    glue = _CARD_GLUE | played_glue(name)
    if name == "alchemy":  # the dice's colours key their numbers (either order: s34)
        glue -= frozenset(DICE)
    rest = [t.removesuffix("'s").removesuffix("’s") for t in rest]  # ("looking at P2's …")
    args = [
        t
        for k, t in enumerate(rest)
        if t.lower() not in glue or (t.lower() == "a" and k == len(rest) - 1)
    ]
    if name == "alchemy":
        args = dice_in_order(args)
    return by_terrain(game, card, " ".join([seat, "play", card, *args]).strip())


def by_terrain(game: Game, card: str, said: str) -> str:
    """A card played (``said``, in notation but for the words naming what it names) with
    each hex it names said by terrain and number as that hex's letter ("merchant on the
    pasture 11": l30 at 9.18; the Bishop's, the Inventor's two), a corner or an edge by the
    hexes it touches (Medicine's "on the forest 8, the mountains 3 and the hills 5"), and a
    resource by its terrain ("resource monopoly on the mountains": ore); where several hexes
    fit a terrain, which is asked, no letter listed (l32's "put the merchant on the pasture"
    at 9.18 was told "The word “pasture” was not understood"; the letters may be the answer's);
    other spots as said (the reader then asks)."""
    from .board import HEX_NAMES
    from .move_words import PartLeftOut
    from .variants.ck_actions import PlayProgress

    name = CARDS[ALIASES[card]] if card in ALIASES else card  # ("bishop": taxation's)
    schema = [part.rstrip("?") for part in SCHEMA.get(name) or ()]
    if "hex" in schema:
        for _ in schema:  # one hex a pass (the Inventor names two)
            said, asks = place_words.hexes_by_terrain(game.state, said, HEX_NAMES)
            if asks:
                raise PartLeftOut(asks, kind=PlayProgress)
    for kind in ("vertex", "edge"):
        if kind in schema:  # one spot named by all the hexes said
            said = hex_spot_words.spot_by_hexes(game.state, said, kind=kind)[0]
    if {"resource", "kind"} & set(schema):
        said = " ".join(hex_spot_words.resources_by_terrain(said.split(" ")))
    return said


def _forced(game: Game, seat: str, toks: list[str]) -> str | None:
    """A forced trade (2P-TOKEN-FORCED-TRADE): "takes 2 cards from P2 and pays 2 tokens",
    "force a trade with P2" (ck-2p's draw); "takes 1 ore and 1 brick from P2 and gives 2
    wool" (base-2p's). The player named is the one taken from: the mover is ``seat``."""
    from .variants.two_player_actions import ForcedDraw, ForcedTrade

    low = [t.lower() for t in toks]
    if ForcedDraw in game.rules.applies and set(low) & _STEAL and set(low) & _TWO:
        # "steal 2 cards from P2" (l37 at 11.16 was told "“2” is not a card kind"): two cards
        # taken, which the robber never takes (BASE-ROBBER-STEAL: one), is the forced draw
        low = ["take" if w in _STEAL else w for w in low]
    forced = {"force", "forces", "forced", "forcing"} & set(low)
    if not (forced or set(low) & _TAKE) or "for" in low and not forced:
        return None
    words = [w for w, t in zip(low, toks, strict=True) if not _SEAT.match(t)]
    paid = _price_said(game, seat, low)
    if paid == "" and _price_sure(game, low, words, forced):  # a price neither costs
        raise price_refused(game, seat, low)
    if ForcedDraw in game.rules.applies:
        said = _FORCE_GLUE | _TAKE | _DRAW_GLUE
        if (
            forced
            and all(w in said for w in words)
            and paid != ""
            or (not forced and all(w in _FORCE_GLUE or w in _TAKE for w in words) and paid != "")
        ):
            return f"{seat} force{paid or ''}".rstrip().strip()
        return None
    if ForcedTrade not in game.rules.applies or paid not in (None, " "):
        return None
    toks, low = _without_price(toks, low)
    toks = _by_owner(toks)
    low = [t.lower() for t in toks]
    sides: list[list[str]] = [[], []]
    side = -1
    for w, t in zip(low, toks, strict=True):
        if w in _TAKE:
            side = 0
        elif w in _GIVE:
            side = 1
        elif _SEAT.match(t) or w in _FORCE_GLUE - {"2", "two", "a", "an"}:
            continue
        elif side < 0:
            return None
        else:
            sides[side].append(t)
    take, give = _bundle(sides[0]), _bundle(sides[1])
    if take is None or give is None:
        return None
    return f"{seat} force take {_said(take)} give {_said(give)}".strip()


_MINE = _words("my mine our")
_THEIRS = _words("his her their its opponent")


def _by_owner(toks: list[str]) -> list[str]:
    """A forced trade said as cards "for" cards, whose owners say which are taken ("my brick
    and lumber for his 2 wool", "P2's 2 wool for my brick": l32 was told "“brick” does not
    fit here"), said as "take" the opponent's cards "give" the mover's (2P-TOKEN-FORCED-TRADE);
    ``toks`` unchanged when it says "take" or "give", or no owner."""
    toks = _no_article(toks)
    low = [t.lower() for t in toks]
    if low.count("for") != 1 or set(low) & (_TAKE | _GIVE - {"for"}):
        return toks
    cut = low.index("for")
    parts = (toks[:cut], toks[cut + 1 :])

    def cards_at(part: list[str]) -> int:
        return next((k for k, t in enumerate(part) if _count(t) or _card_kind(t)), len(part))

    def owner(part: list[str]) -> str:
        words = {t.lower() for t in part[max(cards_at(part) - 2, 0) :]}
        seat_owns = any(  # "P2's 2 wool" (its "'s" already gone: "P2 2 wool")
            _SEAT.match(t) and bool(_count(nxt) or _card_kind(nxt))
            for t, nxt in zip(part, part[1:], strict=False)
        )
        return "mine" if words & _MINE else "theirs" if words & _THEIRS or seat_owns else ""

    owners = (owner(parts[0]), owner(parts[1]))
    if owners[0] in ("mine", "") and owners[1] in ("theirs", "") and owners != ("", ""):
        mine, theirs = 0, 1
    elif owners[0] in ("theirs", "") and owners[1] in ("mine", "") and owners != ("", ""):
        mine, theirs = 1, 0
    else:
        return toks
    said = _MINE | _THEIRS
    head = [t for t in parts[0][: cards_at(parts[0])] if t.lower() not in said]
    cards = [
        [t for t in p[cards_at(p) :] if t.lower() not in said and not _SEAT.match(t)] for p in parts
    ]
    return [*head, "take", *cards[theirs], "give", *cards[mine]]


def _price_said(game: Game, seat: str, low: list[str]) -> str | None:
    """What the tokens a forced trade is said to cost make of it (CK2P-TOKEN-FORCED-TRADE:
    the whole hand at double the price, 2P-TOKEN-COST): None when no price is said, " " the
    price of resource cards only, " all" the double price, "" a price it cannot cost (l21 at
    11.16: "pays 2 tokens" was read as the 1-token trade, and judged right)."""
    from .rules.tokens import cost

    said = [_count(low[_count_at(low, i)]) for i in _token_words(low)]
    if not said:
        return None
    p = int(seat[1:]) - 1 if seat else game.current_player
    price = cost(game.state, p)
    return {price: " ", 2 * price: " all"}.get(said[0] or 0, "")


def _price_sure(game: Game, low: list[str], words: list[str], forced: set[str]) -> bool:
    """The words are a forced trade's but for the price: the draw's words alone (C&K for
    two), or cards taken and given (the base game for two)."""
    from .variants.two_player_actions import ForcedDraw

    if ForcedDraw in game.rules.applies:
        said = _FORCE_GLUE | _TAKE | _DRAW_GLUE
        return all(w in said or _count(w) for w in words)
    return bool(set(low) & _TAKE) and bool(set(low) & _GIVE) or bool(forced)


def price_refused(game: Game, seat: str, low: list[str]) -> Exception:
    """The reply to a forced trade said at a price it cannot cost (l22): the prices there
    are for the mover now (2P-TOKEN-COST; with commodities too at double:
    CK2P-TOKEN-FORCED-TRADE)."""
    from .move_words import MoveWordsError
    from .rules.tokens import cost
    from .variants.two_player_actions import ForcedDraw

    p = int(seat[1:]) - 1 if seat else game.current_player
    price = cost(game.state, p)

    def n(k: int) -> str:
        return f"{k} token" if k == 1 else f"{k} tokens"

    said = _count(low[_count_at(low, _token_words(low)[0])])
    paid = f"; not {n(said)}" if said else ""
    if ForcedDraw in game.rules.applies:
        return MoveWordsError(
            f"A forced trade costs P{p + 1} {n(price)} now for resource cards only, or "
            f"{n(2 * price)} with commodities too{paid}."
        )
    return MoveWordsError(f"A forced trade costs P{p + 1} {n(price)} now{paid}.")


def _token_words(low: list[str]) -> list[int]:
    """Where "token" or "tokens" stands after a word (its count's)."""
    return [i for i, w in enumerate(low) if w in ("token", "tokens") and i]


def _count_at(low: list[str], i: int) -> int:
    """Where the count of the "token(s)" at ``i`` stands ("2 tokens", "2 trade tokens")."""
    return i - 2 if i > 1 and low[i - 1] == "trade" else i - 1


def _without_price(toks: list[str], low: list[str]) -> tuple[list[str], list[str]]:
    """``toks`` (and ``low``, their lower case) without the price said ("and pays a token"):
    the cards taken and given are read from the rest."""
    drop: set[int] = set()
    for i in _token_words(low):
        j = _count_at(low, i)
        drop |= set(range(j, i + 1))
        if j and low[j - 1] in _GIVE - {"for"}:
            drop.add(j - 1)
            if j > 1 and low[j - 2] == "and":
                drop.add(j - 2)
    keep = [k for k in range(len(toks)) if k not in drop]
    return [toks[k] for k in keep], [low[k] for k in keep]


def _desert_named(game: Game, tok: str, low: str) -> str:
    """The word "desert" for ``tok`` when it is the desert's hex label ("move the robber to
    J", J the desert: l37 at 5.13 was told the robber moves only after a 7; 2P-TOKEN-ROBBER
    sends it home there), else ``low``; "a" or "i" in small letters is a word, not a hex."""
    from .state import laid

    if game.state.layout is None or (low in ("a", "i") and tok.islower()):
        return low
    return "desert" if tok.upper() == HEX_NAMES[laid(game.state).desert()] else low


def _token_moves(game: Game, seat: str, toks: list[str]) -> str | None:
    """The robber sent home ("send the robber home": 2P-TOKEN-ROBBER) and a knight
    taken off for tokens ("remove the knight on N4", "take the knight off N4")."""
    from .variants.ck_actions import RemoveKnight
    from .variants.two_player_actions import RobberHome

    low = [t.lower() for t in toks]
    if RobberHome in game.rules.applies and "robber" in low:  # the desert by its hex label
        low = [_desert_named(game, t, w) for t, w in zip(toks, low, strict=True)]
    if {"robber", "home"} <= set(low) and RobberHome in game.rules.applies:
        if all(w in _HOME or w in _HOME_GLUE for w in low):
            return f"{seat} robber-home".strip()
    if {"robber", "desert"} <= set(low) and all(w in _HOME or w in _HOME_GLUE for w in low):
        # "send the robber back to the desert": home, when it is not to be moved there by a 7
        # or a Knight now (2P-TOKEN-ROBBER; both at once: left to the others); home even where
        # it may not go home now, so that the same words read alike at each question (l28 at
        # 5.13: read at the second, "“desert” was not understood" at the third)
        kinds = {type(a) for a in game.legal_actions()} if not game.is_over() else set()
        home = RobberHome in game.rules.applies
        if home and not any(k.__name__ == "MoveRobber" for k in kinds):
            return f"{seat} robber-home".strip()
    if not (set(low) & _REMOVE and "knight" in low) or RemoveKnight not in game.rules.applies:
        return None
    corners = [t for t in toks if t.upper() in VERTEX_LABELS]
    rest = [w for w, t in zip(low, toks, strict=True) if t not in corners]
    if len(corners) > 1 or not all(w in _REMOVE or w in _REMOVE_GLUE for w in rest):
        return None
    if not corners:  # "remove my knight" (l32: read as recruiting one): which is asked (the
        # puzzle fills in a seat's only knight: ``study.puzzle.only_piece``)
        from .move_words import PartLeftOut

        raise PartLeftOut("Which knight?", kind=RemoveKnight)
    return f"{seat} remove-knight {corners[0]}".strip()


def _bid(game: Game, seat: str, toks: list[str]) -> str | None:
    """A bid for the dummy's card (DUMMY-TRADE-WINDOW): "bids 2 grain for an ore"."""
    from .variants.dummy_actions import Bid

    low = [t.lower() for t in toks]
    if Bid not in game.rules.applies:
        return None
    if "for" not in low and _BIDS & set(low) and _bundle(_bid_cards(toks)) is not None:
        # "P1 bids 3 grain" (l38c at 5.21 was told "I cannot read “bids”"): the card wanted
        from .move_words import PartLeftOut

        raise PartLeftOut(BID_FOR, kind=Bid)
    if low.count("for") != 1:
        return None
    cut = low.index("for")
    # the dummy named as the one traded with ("offer the dummy a grain for an ore", "trade my
    # grain for the dummy's ore", "give D a grain for an ore": l32 was asked "Which cards are
    # given?"): a bid, the only trade with the dummy (DUMMY-TRADE-WINDOW, DUMMY-TRADE-BID)
    dummy = "dummy" in low or any(
        w == "d" and (k == 0 or low[k - 1] in _TO_DUMMY) for k, w in enumerate(low)
    )
    if not (
        _BIDS & set(low) or (dummy or _bids_now(game)) and (_TRADE_VERBS | _OFFER_VERBS) & set(low)
    ):
        return None
    give, get = _bundle(_bid_cards(toks[:cut])), _bundle(_bid_cards(toks[cut + 1 :]))
    if give is None or get is None or len(get) != 1 or get[0][0] != 1:
        return None
    return f"{seat} bid {_said(give)} for {get[0][1]}".strip()


BID_FOR = "Which of the dummy's cards is the bid for?"


def _bid_cards(toks: list[str]) -> list[str]:
    """The words of a bid's cards: ``toks`` without its verbs and glue."""
    return [t for t in toks if t.lower() not in _BID_GLUE]


def _bids_now(game: Game) -> bool:
    """The dummy's trading window is open (a bid is a move now, an offer to a player is not:
    "offer two wheat for the ore" there is a bid, DUMMY-TRADE-WINDOW)."""
    from .variants.dummy_actions import Bid

    if game.is_over() or game.is_chance():
        return False
    return any(isinstance(a, Bid) for a in game.legal_actions())


_BIDS = _words("bid bids bidding bade offers")
_TO_DUMMY = _words("to with from for offer offers give gives trade trades")  # "offer D a grain"
_BID_GLUE = _BIDS | _OFFER_VERBS | _TRADE_VERBS | _words("i the dummy d from to with my its")


READERS: tuple[Callable[[Game, str, list[str]], str | None], ...] = (
    _bid,
    _forced,
    _token_moves,
    _progress_card,
    _trade,
)


_RATE_SAID = re.compile(r"\(?\b(\d+)\s*:\s*1\b\)?")
_GIVEN = re.compile(r"\b(brick|lumber|wool|grain|ore)s?\b", re.IGNORECASE)
# a card played at a rate ("play merchant fleet wool 2:1 for brick": the card's rate, no count)
_PLAYED = re.compile(r"\b(?:play|plays|played|playing|fleet|merchant)\b", re.IGNORECASE)


def _rate_as_count(text: str) -> str:
    """``text`` with a bank trade's rate said instead of its count ("P2 trades wool 4:1 for
    brick", "at 2:1 wool for brick": l38c was asked "How many wool for one brick?") said as
    the count of the card given, the first named before "for"; else ``text`` unchanged (a
    count said too, no "for", or a card played: the rate is only words, BASE-TRADE-MARITIME)."""
    rates = _RATE_SAID.findall(text)
    before, glue, after = text.partition(" for ")
    counts = re.sub(r"\b(?:p|player\s*)\d\b", " ", _RATE_SAID.sub(" ", text), flags=re.I)
    if len(rates) != 1 or not glue or re.search(r"\d", counts) or _PLAYED.search(text):
        return text
    before = " ".join(_RATE_SAID.sub(" ", before).split())
    if (given := _GIVEN.search(before)) is None:
        return text
    return f"{before[: given.start()]}{rates[0]} {before[given.start() :]}{glue}{after}"


def spelled(game: Game, text: str) -> str | None:
    """The notation ``text`` spells when it is a trade, a card played, a forced trade or a
    token move in a learner's words, else None (the seat may be left out: the mover's)."""
    text = _rate_as_count(text)  # "wool 4:1 for brick": 4 wool (l38c)
    toks = _tokens(re.sub(r"\(?\b\d+:1\b\)?", " ", text))  # a rate said: "the 2:1 harbor"
    seat = ""
    if toks and _SEAT.match(toks[0]):
        seat, toks = toks[0].upper(), toks[1:]
    elif len(toks) > 1 and toks[0].lower() == "player" and toks[1].isdigit():
        seat, toks = f"P{toks[1]}", toks[2:]
    if not toks:
        return None
    for read in READERS:
        out = read(game, seat, toks)
        if out is not None:
            return out
    return None


def examples(game: Game, avoid: Collection[str] = ()) -> list[str]:
    """A trade with the bank and a card played, as typed (the seat left out), for the
    fallback's examples (``move_words.examples``): every question gets the same kinds, so
    none tells which kind answers it; none names an answer's spot, move or cards."""
    from .actions import PlayMonopoly
    from .typed_forms import example
    from .variants.ck_actions import PlayProgress

    cards = {w for x in avoid for w in x.lower().split() if w in CARD_NAMES or w in ALIASES}
    shunned = {*avoid, *cards}
    out = []
    for cls in (BankTrade, PlayProgress, PlayMonopoly):
        if cls not in game.rules.applies:
            continue
        # the Merchant Fleet's example at every question (the Merchant answers 9.18)
        far = {"merchant"} if cls is PlayProgress else set()
        # legal now, but at a question (``avoid``): alike at every one, legal or not (a
        # legal one would tell which kinds are)
        shown = example(game, cls, shunned | far, legal=not avoid).split(" ", 1)[-1]
        if shown and cls is not BankTrade:
            shown = shown if shown.startswith("play ") else f"play {shown}"
        out += [shown] if shown else []
    return out[:2]
