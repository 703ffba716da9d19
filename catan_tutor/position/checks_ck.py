"""What a Cities & Knights game state must keep (``validity.validate`` runs these): knights
within their limits (CK-BUILD-LIMITS) and, when strict, on their roads (CK-KNIGHT-RECRUIT),
walls under cities, metropolises on level-4 cities, the robber asleep until the first attack,
all 54 progress cards accounted for (CK-PC-COUNTS) and each decision phase holding the pending
data it acts on (CK-BARB-*, CK-PC-*)."""

from __future__ import annotations

from collections.abc import Iterator

from ..actions import EVENT_FACES
from ..board import VERTEX_EDGES, VERTEX_LABELS
from ..problem import Problem
from ..progress_cards import CARDS, COUNT, DECK_KINDS, DECK_OF, TRACKS, VP_CARDS
from ..rules.knights import road_corner
from ..state import ROBBER, STEAL, State
from ..variants.ck_state import (
    AQUEDUCT,
    DEFENDER_DECK,
    DESERT,
    DESERTER,
    HARBOR,
    PILLAGE,
    PROGRESS_DISCARD,
    PROGRESS_DRAW,
    RELOCATE,
    SABOTAGE,
    WEDDING,
)


def check_fields(rules, s: State, strict: bool) -> Iterator[Problem]:
    """Knights, walls, improvements, metropolises, the robber and the cards of C&K."""
    for p in range(len(s.names)):
        for level in (1, 2, 3):
            if sum(1 for k in s.kn if k and k.owner == p and k.level == level) > 2:
                yield Problem(
                    "kn",
                    f"{s.name(p)} has more than 2 knights of level {level} (CK-BUILD-LIMITS)",
                )
                return
    for v, k in enumerate(s.kn):
        if k and k.owner >= s.n and (k.level > 2 or k.active):
            yield Problem(
                "kn",
                f"{s.name(k.owner)}'s knight on {VERTEX_LABELS[v]} must be basic "
                "or strong, and inactive (CK2P-NEUTRAL-KNIGHT-INERT)",
            )
            return
    for v, wall in enumerate(s.walls):
        if wall and (s.vowner[v] < 0 or not s.vcity[v]):
            yield Problem("walls", f"a wall stands under a city; {VERTEX_LABELS[v]} has none")
            return
    if any(len(x) != 3 or not all(0 <= c <= 5 for c in x) for x in s.levels):
        yield Problem("levels", "3 levels of 0..5 per party")
        return
    for t, v in enumerate(s.metro):
        if v >= 0 and (not s.vcity[v] or s.levels[s.vowner[v]][t] < 4):
            yield Problem("metro", f"the {TRACKS[t]} metropolis needs a city of a level-4 owner")
            return
    if not 0 <= s.barb <= 6:
        yield Problem("barb", "must be between 0 and 6")
        return
    if not s.attacked and s.robber >= 0:  # rule="CK-ROBBER-INACTIVE"
        yield Problem(
            "robber",
            "the robber stays beside the board until the first barbarian "
            "attack (CK-ROBBER-INACTIVE): robber=- or attacked=1",
        )
        return
    if not s.attacked and s.phase in (ROBBER, STEAL):  # rule="CK-ROBBER-INACTIVE"
        yield Problem(
            "phase",
            f"no {s.phase} phase before the first barbarian attack: the "
            "robber stays beside the board (CK-ROBBER-INACTIVE)",
        )
        return
    if any(s.deck) or any(map(any, s.dev)) or any(s.knights):
        yield Problem("deck", "Cities & Knights has no development cards (CK-COMP-REMOVED)")
        return
    if s.event and s.event not in EVENT_FACES:
        yield Problem("event", f"one of {', '.join(EVENT_FACES)}")
        return
    yield from check_progress(rules, s, strict)


def check_roads(rules, s: State, strict: bool) -> Iterator[Problem]:
    """When strict, every knight stands on a corner one of its owner's roads touches
    (CK-KNIGHT-RECRUIT)."""
    if not strict:
        return
    for v, k in enumerate(s.kn):
        if k is not None and not any(s.eowner[e] == k.owner for e in VERTEX_EDGES[v]):
            yield Problem(
                "kn",
                f"{s.name(k.owner)}'s knight on {VERTEX_LABELS[v]} is not on "
                f"{road_corner('its')} (CK-KNIGHT-RECRUIT)",
            )
            return


def check_progress(rules, s: State, strict: bool) -> Iterator[Problem]:
    """rule="CK-PC-COUNTS": every progress card is in a deck, a hand or laid out as VP."""
    for t in range(3):
        counts, queue = s.pdecks[t]
        if len(counts) != len(DECK_KINDS[t]) or any(DECK_OF[k] != t for k in queue):
            yield Problem(
                "pdecks",
                f"the {TRACKS[t]} deck lists {len(DECK_KINDS[t])} counts and only its own cards",
            )
            return
        if min(counts) < 0:
            yield Problem("pdecks", "negative count")
            return
    vp_held = 0
    for k, total in enumerate(COUNT):
        t = DECK_OF[k]
        held = (
            s.pdecks[t].counts[DECK_KINDS[t].index(k)]
            + s.pdecks[t].queue.count(k)
            + sum(h.count(k) for h in s.phand)
        )
        if k in VP_CARDS:
            vp_held += held
        elif held != total:
            yield Problem("phand", f"{held} {CARDS[k]} cards in decks and hands, not {total}")
            return
    if vp_held + sum(s.pvp) != sum(COUNT[k] for k in VP_CARDS):
        yield Problem("pvp", "the VP progress cards do not add up (CK-PC-COUNTS)")
        return


# What each Cities & Knights phase waits on: the field holding it, and why it must be there.
PENDING = {
    PILLAGE: ("pillage", lambda s: s.pillage, "the players still to lose a city"),
    DEFENDER_DECK: ("draws", lambda s: s.draws and s.draws[0].track < 0,
                    "a tied defender to choose a deck (SEAT:choose first)"),
    PROGRESS_DRAW: ("draws", lambda s: s.draws and s.draws[0].track >= 0,
                    "a draw from a named deck first (SEAT:TRACK)"),
    AQUEDUCT: ("claims", lambda s: s.claims, "the players still to take a resource"),
    PROGRESS_DISCARD: ("pdiscards", lambda s: s.pdiscards, "the players owing a discard"),
    RELOCATE: ("relocate", lambda s: s.relocate, "the displaced knight"),
    SABOTAGE: ("discards", lambda s: any(s.discards), "the cards owed"),
    WEDDING: ("discards", lambda s: any(s.discards[:s.n]), "the gifts owed by players"),
    DESERT: ("treason", lambda s: s.treason, "the Treason victim's knight"),
    DESERTER: ("treason", lambda s: s.treason, "the removed knight's strength"),
    HARBOR: ("harbor", lambda s: s.harbor and s.harbor.pending, "the receiver and the resource"),
}  # fmt: skip


def check_pending(rules, s: State, strict: bool) -> Iterator[Problem]:
    """Each C&K decision phase needs the pending data it acts on (CK-BARB-*, CK-PC-*)."""
    need = PENDING.get(s.phase)
    if need and not need[1](s):
        yield Problem(need[0], f"the {s.phase} phase needs {need[2]}")
        return
    if s.phase == PROGRESS_DRAW and not (
        sum(s.pdecks[s.draws[0].track].counts) or s.pdecks[s.draws[0].track].queue
    ):
        yield Problem(
            "draws",
            f"the {TRACKS[s.draws[0].track]} deck is empty but a draw from it is "
            "due (CK-PROGRESS-EMPTY)",
        )
        return
    for key in ("pillage", "claims", "pdiscards", "taxed"):
        who = getattr(s, key)
        if len(set(who)) != len(who) or any(p >= s.n for p in who):
            yield Problem(key, "each player at most once (players only)")
            return
    if any(p >= s.n for p, _ in s.draws) or len(s.draws) > 3 * s.n:
        yield Problem("draws", "at most 3 draws per player, by players")
        return
    if len(s.toppled) != len(set(s.toppled)):
        yield Problem("toppled", "each vertex at most once")
        return
    if s.relocate and s.relocate.owner >= s.owners:
        yield Problem("relocate", "the displaced knight belongs to a player or a neutral")
        return
    if s.treason and s.treason.victim >= s.owners:
        yield Problem("treason", "the removed knight belongs to a player or a neutral")
        return
