"""What every variant's position text must keep: cards and pieces within their supply
(BASE-COMP-*, BASE-BUILD-LIMITS), buildings apart (BASE-BUILD-DISTANCE), roads joined
(BASE-BUILD-ROAD, strict only) and a phase with the pending data it acts on."""

from __future__ import annotations

from ..actions import DEV_CARDS
from ..board import (
    CARD_NAMES,
    EDGE_LABELS,
    EDGE_VERTICES,
    N_HEXES,
    VERTEX_EDGES,
    VERTEX_LABELS,
    VERTEX_NEIGHBOURS,
)  # fmt: skip
from ..position_format import FieldReader
from ..rules.common import setup_order
from ..state import (
    BOARD,
    CITIES,
    COMMODITY_CARDS,
    DEV_DECK,
    DICE,
    DISCARD,
    DRAW,
    OFFER,
    OVER,
    RESOURCE_CARDS,
    ROAD_BUILDING,
    ROADS,
    ROLLOFF,
    SETTLEMENTS,
    SETUP_ROAD,
    SETUP_SETTLE,
    STEAL,
    State,
)  # fmt: skip


def check(F: FieldReader, s: State) -> None:
    """Counts that can never hold in a real game (BASE-COMP-*) are refused."""
    for r in range(len(s.bank)):
        total = s.bank[r] + sum(h[r] for h in s.hands)
        supply = RESOURCE_CARDS if r < 5 else COMMODITY_CARDS
        if total != supply:
            raise F.bad(
                "bank",
                f"{CARD_NAMES[r]}: bank and hands hold {total} cards, "
                f"not {supply} (BASE-COMP-CARDS, CK-COMP-COMMODITIES)",
            )
    for c in range(5):
        held = s.deck[c] + sum(d[c] for d in s.dev) + (sum(s.knights[: s.n]) if c == 0 else 0)
        if held > DEV_DECK[c]:
            raise F.bad("deck", f"{held} {DEV_CARDS[c]} cards in play, more than {DEV_DECK[c]}")
    for c in s.deck_top:
        if s.deck_top.count(c) > s.deck[c]:
            raise F.bad("top", f"more {DEV_CARDS[c]} cards on top than in the deck")
    for p in range(s.owners):
        toppled = sum(1 for v in s.toppled if s.vowner[v] == p)  # CK-BARB-PILLAGE
        limits = (
            ("settlements", s.settlements[p], SETTLEMENTS + toppled),
            ("cities", s.cities[p], CITIES if p < s.n else 0),
            ("roads", s.roads[p], ROADS),
        )
        for key, have, limit in limits:
            if have > limit:
                raise F.bad(
                    key,
                    f"{s.name(p)} has {have}, more than {limit} (BASE-BUILD-LIMITS, "
                    "2P-SETUP-PLAYERS)",
                )
    for p in range(s.n, len(s.names)):  # neutrals and the dummy
        name = s.name(p)
        if p == s.dummy:
            for key in ("settlements", "cities", "roads"):
                if getattr(s, key)[p]:
                    raise F.bad(key, "the dummy has no pieces (DUMMY-SETUP-NOTHING-ON-BOARD)")
            if s.knights[p] and s.army != p:
                raise F.bad(
                    "knights",
                    "the dummy has an army number only while it holds "
                    "Largest Army (DUMMY-AWARD-RECLAIM)",
                )
        if p != s.dummy and sum(s.hands[p]) > 0:
            raise F.bad("hands", f"{name} holds no cards (2P-SETUP-PLAYERS)")
        for key, bad in (
            ("dev", sum(s.dev[p])),
            ("tokens", s.tokens[p]),
            ("discards", s.discards[p]),
            ("knights", p != s.dummy and s.knights[p]),
        ):
            if bad:
                raise F.bad(
                    key, f"{name} holds no development cards, knights or tokens and never discards"
                )
    check_board(F, s)
    if s.winner >= s.n:
        raise F.bad("winner", "only a player wins")
    if s.active >= s.n + s.caps.dummy:
        raise F.bad("active", "neutrals take no turns")


def check_board(F: FieldReader, s: State) -> None:
    """Pieces stand where the rules can put them: no two buildings side by side
    (BASE-BUILD-DISTANCE); when strict, every road joined to its owner's buildings, knights or
    roads (BASE-BUILD-ROAD)."""
    vowner, eowner = s.vowner, s.eowner
    for v, o in enumerate(vowner):
        near = next((w for w in VERTEX_NEIGHBOURS[v] if vowner[w] >= 0), -1) if o >= 0 else -1
        if near >= 0:
            key = "cities" if s.vcity[v] else "settlements"
            raise F.bad(
                key,
                f"buildings on {VERTEX_LABELS[v]} and {VERTEX_LABELS[near]} are "
                "side by side (BASE-BUILD-DISTANCE)",
            )
    if not F.strict:
        return
    for p in range(s.owners):
        mine = {e for e, o in enumerate(eowner) if o == p}
        reached, todo = set(), [v for v, o in enumerate(vowner) if o == p]
        todo += [v for v, k in enumerate(s.kn) if k is not None and k.owner == p]
        seen = set(todo)
        while todo:  # roads reached from p's pieces (others' later buildings cut no link)
            v = todo.pop()
            for e in VERTEX_EDGES[v]:
                if e in mine and e not in reached:
                    reached.add(e)
                    for w in EDGE_VERTICES[e]:
                        if w not in seen:
                            seen.add(w)
                            todo.append(w)
        loose = sorted(mine - reached)
        if loose:
            raise F.bad(
                "roads",
                f"{s.name(p)}'s road on {EDGE_LABELS[loose[0]]} is not joined "
                f"to {s.name(p)}'s buildings (BASE-BUILD-ROAD)",
            )


def dice_in_progress(s: State) -> int:
    """How many dice of a roll in progress may be showing (C&K: the event die is third;
    C&K for two rerolls both number dice after equal sums, CK2P-ROLL-SAME)."""
    if s.caps.double_roll and len(s.sums) == 2 and s.sums[0] == s.sums[1]:
        return 1
    return 2 if s.phase == DICE and s.caps.knights else 1


def check_dice(F: FieldReader, s: State) -> None:
    """The faces of the last roll and of a roll in progress (BASE-TURN-PHASES)."""
    if len(s.dice) > 3 or len(s.rolled) > 3 or not all(1 <= x <= 6 for x in s.dice + s.rolled):
        raise F.bad("dice", "at most 3 dice of faces 1 to 6 (dice and rolled)")


def check_phase(F: FieldReader, s: State) -> None:
    """The phase and the base fields it relies on must fit together (no half-made game)."""
    order = setup_order(s.n)
    ph = s.phase
    if (s.layout is None) != (ph == BOARD):
        raise F.bad("terrain", "a board is missing outside the board phase, or present in it")
    if ph == BOARD and len(s.tiles) != N_HEXES:
        raise F.bad("tiles", f"expected {N_HEXES} tiles while the board is laid")
    if ph in (SETUP_SETTLE, SETUP_ROAD):
        if s.turn != 0 or s.setup_step >= len(order) or s.active != order[s.setup_step]:
            raise F.bad("setup", f"in {ph} the turn is 0 and the seat follows the setup order")
        if ph == SETUP_ROAD and (s.setup_vertex < 0 or s.vowner[s.setup_vertex] != s.active):
            raise F.bad("sv", "the setup road needs the settlement just placed")
    elif ph not in (BOARD, ROLLOFF) and (s.turn < 1 or s.setup_step != len(order)):
        raise F.bad("turn", f"in {ph} setup is over: turn >= 1 and setup={len(order)}")
    if ph == ROLLOFF and (not s.rolloff[0] or len(s.rolloff[1]) >= len(s.rolloff[0])):
        raise F.bad("rolloff", "a roll-off needs candidates still to roll")
    if ph in (BOARD, ROLLOFF) and (s.turn != 0 or s.setup_step != 0):
        # rule="BASE-SETUP-FIRST-PLAYER": the roll-off (and laying the board) come first
        raise F.bad("setup", f"in {ph} nothing is placed yet: turn 0 and setup=0")
    if ph not in (DICE, ROLLOFF) and s.rolled:  # the dice of a roll are kept while rolling
        raise F.bad("rolled", f"dice of a roll in progress only while rolling, not in {ph}")
    most = dice_in_progress(s)
    if ph in (DICE, ROLLOFF) and len(s.rolled) > most:
        raise F.bad("rolled", f"at most {most} dice of a roll in progress")
    if ph == DISCARD:
        if not any(s.discards):
            raise F.bad("discards", "the discard phase needs a seat that owes cards")
        if any(d > sum(h) for d, h in zip(s.discards, s.hands, strict=True)):
            raise F.bad("discards", "a seat owes more cards than it holds")
    if ph == STEAL and (s.victim < 0 or s.victim == s.active or not sum(s.hands[s.victim])):
        raise F.bad("victim", "a steal needs another seat with cards to rob")
    if ph == OFFER:
        if s.offer is None or s.offer.to == s.active:
            raise F.bad("offer", "the offer phase needs an offer to another seat")
        if any(g > h for g, h in zip(s.offer.give, s.hands[s.active], strict=True)):
            raise F.bad("offer", "the active seat does not hold what it offers")
    if ph == ROAD_BUILDING and s.free_roads < 1:
        raise F.bad("free", "Road Building needs a free road left")
    if ph == DRAW and not sum(s.deck):
        raise F.bad("deck", "a draw needs cards in the deck")
    if (ph == OVER) != (s.winner >= 0):
        raise F.bad("winner", "a finished game has a winner, and only a finished game")
