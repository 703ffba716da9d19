"""What every variant's game state must keep (``validity.validate`` runs these): cards and
pieces within their supply (BASE-COMP-*, BASE-BUILD-LIMITS), buildings apart
(BASE-BUILD-DISTANCE), roads joined (BASE-BUILD-ROAD, strict only) and a phase with the
pending data it acts on. Each check yields at most one ``Problem``, naming the position-text
field that holds what is wrong."""

from __future__ import annotations

from collections.abc import Iterator

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
from ..problem import Problem
from ..rules.common import setup_order
from ..state import (
    BOARD,
    CITIES,
    DEV_DECK,
    DICE,
    DISCARD,
    DRAW,
    END,
    MAIN,
    OFFER,
    OVER,
    PRE_ROLL,
    RESOURCE_CARDS,
    ROAD_BUILDING,
    ROADS,
    ROBBER,
    ROLLOFF,
    SETTLEMENTS,
    SETUP_ROAD,
    SETUP_SETTLE,
    STEAL,
    State,
)
from ..variants.ck_state import COMMODITY_CARDS
from ..variants.dummy_state import BIDS


def resume_phases(caps) -> tuple[str, ...]:
    """The phases a 7's discards, the robber, its steal or Road Building go back to: the turn
    before or after its roll, the second roll of a two-roll turn (2P-ROLL-TWICE), and on the
    dummy's turn its trading window or the end of the turn (DUMMY-TURN-SEQUENCE,
    DUMMY-DEV-KNIGHT)."""
    return (
        PRE_ROLL,
        MAIN,
        *((DICE,) if caps.double_roll else ()),
        *((BIDS, END) if caps.dummy else ()),
    )


def check_resume(rules, s: State, strict: bool) -> Iterator[Problem]:
    """The phase a turn goes back to fits the variant and the turn."""
    resumes = s.phase in (DISCARD, ROBBER, STEAL, ROAD_BUILDING)
    if s.resume == END and resumes and s.active != s.dummy:
        # a stale ``end`` is harmless, but a phase that resumes would stall: only the dummy's
        # knight ends its turn straight after the robber (DUMMY-DEV-KNIGHT)
        yield Problem(
            "resume", "only the dummy's turn ends straight after its robber (DUMMY-DEV-KNIGHT)"
        )
        return
    if s.resume not in resume_phases(rules.caps):  # a phase may go back to it at any time
        yield Problem(
            "resume",
            f"the phase to go back to is one of "
            f"{', '.join(resume_phases(rules.caps))}, not {s.resume}",
        )


def check(rules, s: State, strict: bool) -> Iterator[Problem]:
    """Counts that can never hold in a real game (BASE-COMP-*) are refused."""
    for r in range(len(s.bank)):
        total = s.bank[r] + sum(h[r] for h in s.hands)
        supply = RESOURCE_CARDS if r < 5 else COMMODITY_CARDS
        if total != supply:
            yield Problem(
                "bank",
                f"{CARD_NAMES[r]}: bank and hands hold {total} cards, "
                f"not {supply} (BASE-COMP-CARDS, CK-COMP-COMMODITIES)",
            )
            return
    for c in range(5):
        in_play = sum(d[c] for d in s.dev) + (sum(s.knights[: s.n]) if c == 0 else 0)
        held = s.deck[c] + in_play
        if held > DEV_DECK[c] or s.deck[c] < 0:  # the editor's hands may hold more than exist
            held = max(held, in_play)
            yield Problem("deck", f"{held} {DEV_CARDS[c]} cards in play, more than {DEV_DECK[c]}")
            return
    for key in ("bank", "deck", "newdev", "knights", "discards", "hands", "dev", "tokens"):
        counts = getattr(s, key)
        if any(x < 0 for x in (counts if key not in ("hands", "dev") else sum(counts, ()))):
            yield Problem(key, "negative count")
            return
    for c in s.deck_top:
        if s.deck_top.count(c) > s.deck[c]:
            yield Problem("top", f"more {DEV_CARDS[c]} cards on top than in the deck")
            return
    for p in range(s.owners):
        toppled = sum(1 for v in s.toppled if s.vowner[v] == p)  # CK-BARB-PILLAGE
        limits = (
            ("settlements", s.settlements[p], SETTLEMENTS + toppled),
            ("cities", s.cities[p], CITIES if p < s.n else 0),
            ("roads", s.roads[p], ROADS),
        )
        for key, have, limit in limits:
            if have > limit:
                yield Problem(
                    key,
                    f"{s.name(p)} has {have}, more than {limit} (BASE-BUILD-LIMITS, "
                    "2P-SETUP-PLAYERS)",
                )
                return
    for p in range(s.n, len(s.names)):  # neutrals and the dummy
        name = s.name(p)
        if p == s.dummy:
            for key in ("settlements", "cities", "roads"):
                if getattr(s, key)[p]:
                    yield Problem(key, "the dummy has no pieces (DUMMY-SETUP-NOTHING-ON-BOARD)")
                    return
            if s.knights[p] and s.army != p:
                yield Problem(
                    "knights",
                    "the dummy has an army number only while it holds "
                    "Largest Army (DUMMY-AWARD-RECLAIM)",
                )
                return
        if p != s.dummy and sum(s.hands[p]) > 0:
            yield Problem("hands", f"{name} holds no cards (2P-SETUP-PLAYERS)")
            return
        for key, bad in (
            ("dev", sum(s.dev[p])),
            ("tokens", s.tokens[p]),
            ("discards", s.discards[p]),
            ("knights", p != s.dummy and s.knights[p]),
        ):
            if bad:
                yield Problem(
                    key, f"{name} holds no development cards, knights or tokens and never discards"
                )
                return
    board = list(check_board(rules, s, strict))
    if board:
        yield from board
        return
    if s.winner >= s.n:
        yield Problem("winner", "only a player wins")
        return
    if s.active >= s.n + s.caps.dummy:
        yield Problem("active", "neutrals take no turns")
        return


def check_board(rules, s: State, strict: bool) -> Iterator[Problem]:
    """Pieces stand where the rules can put them: no two buildings side by side
    (BASE-BUILD-DISTANCE); when strict, every road joined to its owner's buildings, knights or
    roads (BASE-BUILD-ROAD)."""
    vowner, eowner = s.vowner, s.eowner
    for v, o in enumerate(vowner):
        near = next((w for w in VERTEX_NEIGHBOURS[v] if vowner[w] >= 0), -1) if o >= 0 else -1
        if near >= 0:
            key = "cities" if s.vcity[v] else "settlements"
            yield Problem(
                key,
                f"buildings on {VERTEX_LABELS[v]} and {VERTEX_LABELS[near]} are "
                "side by side (BASE-BUILD-DISTANCE)",
            )
            return
    if not strict:
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
            yield Problem(
                "roads",
                f"{s.name(p)}'s road on {EDGE_LABELS[loose[0]]} is not joined "
                f"to {s.name(p)}'s buildings (BASE-BUILD-ROAD)",
            )
            return


def dice_in_progress(s: State) -> int:
    """How many dice of a roll in progress may be showing (C&K: the event die is third;
    C&K for two rerolls both number dice after equal sums, CK2P-ROLL-SAME)."""
    if s.caps.double_roll and len(s.sums) == 2 and s.sums[0] == s.sums[1]:
        return 1
    return 2 if s.phase == DICE and s.caps.knights else 1


def check_dice(rules, s: State, strict: bool) -> Iterator[Problem]:
    """The faces of the last roll and of a roll in progress (BASE-TURN-PHASES)."""
    if len(s.dice) > 3 or len(s.rolled) > 3 or not all(1 <= x <= 6 for x in s.dice + s.rolled):
        yield Problem("dice", "at most 3 dice of faces 1 to 6 (dice and rolled)")
        return


def check_phase(rules, s: State, strict: bool) -> Iterator[Problem]:
    """The phase and the base fields it relies on must fit together (no half-made game)."""
    order = setup_order(s.n)
    ph = s.phase
    if (s.layout is None) != (ph == BOARD):
        yield Problem("terrain", "a board is missing outside the board phase, or present in it")
        return
    if ph == BOARD and len(s.tiles) != N_HEXES:
        yield Problem("tiles", f"expected {N_HEXES} tiles while the board is laid")
        return
    if ph in (SETUP_SETTLE, SETUP_ROAD):
        if s.turn != 0 or s.setup_step >= len(order) or s.active != order[s.setup_step]:
            yield Problem("setup", f"in {ph} the turn is 0 and the seat follows the setup order")
            return
        if ph == SETUP_ROAD and (s.setup_vertex < 0 or s.vowner[s.setup_vertex] != s.active):
            yield Problem("sv", "the setup road needs the settlement just placed")
            return
    elif ph not in (BOARD, ROLLOFF) and (s.turn < 1 or s.setup_step != len(order)):
        yield Problem("turn", f"in {ph} setup is over: turn >= 1 and setup={len(order)}")
        return
    if ph == ROLLOFF and (not s.rolloff[0] or len(s.rolloff[1]) >= len(s.rolloff[0])):
        yield Problem("rolloff", "a roll-off needs candidates still to roll")
        return
    if ph in (BOARD, ROLLOFF) and (s.turn != 0 or s.setup_step != 0):
        # rule="BASE-SETUP-FIRST-PLAYER": the roll-off (and laying the board) come first
        yield Problem("setup", f"in {ph} nothing is placed yet: turn 0 and setup=0")
        return
    if ph not in (DICE, ROLLOFF) and s.rolled:  # the dice of a roll are kept while rolling
        yield Problem("rolled", f"dice of a roll in progress only while rolling, not in {ph}")
        return
    most = dice_in_progress(s)
    if ph in (DICE, ROLLOFF) and len(s.rolled) > most:
        yield Problem("rolled", f"at most {most} dice of a roll in progress")
        return
    if ph == DISCARD:
        if not any(s.discards):
            yield Problem("discards", "the discard phase needs a seat that owes cards")
            return
        if any(d > sum(h) for d, h in zip(s.discards, s.hands, strict=True)):
            yield Problem("discards", "a seat owes more cards than it holds")
            return
    if ph == STEAL and (s.victim < 0 or s.victim == s.active or not sum(s.hands[s.victim])):
        yield Problem("victim", "a steal needs another seat with cards to rob")
        return
    if ph == OFFER:
        if s.offer is None or s.offer.to == s.active:
            yield Problem("offer", "the offer phase needs an offer to another seat")
            return
        if any(g > h for g, h in zip(s.offer.give, s.hands[s.active], strict=True)):
            yield Problem("offer", "the active seat does not hold what it offers")
            return
    if ph == ROAD_BUILDING and s.free_roads < 1:
        yield Problem("free", "Road Building needs a free road left")
        return
    if ph == DRAW and not sum(s.deck):
        yield Problem("deck", "a draw needs cards in the deck")
        return
    if (ph == OVER) != (s.winner >= 0):
        yield Problem("winner", "a finished game has a winner, and only a finished game")
        return
