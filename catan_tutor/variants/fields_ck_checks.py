"""What a Cities & Knights position text must keep: all 54 progress cards accounted for
(CK-PC-COUNTS) and each decision phase holding the pending data it acts on (CK-BARB-*,
CK-PC-*)."""

from __future__ import annotations

from ..position_format import FieldReader
from ..progress_cards import ALIASES, CARDS, COUNT, DECK_KINDS, DECK_OF, TRACKS, VP_CARDS
from ..state import (
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
    State,
)  # fmt: skip


def read_cards(F: FieldReader, text: str) -> list[int]:
    """Progress cards by name (the older 001 names too)."""
    if text == "-":
        return []
    out = []
    for x in text.split(","):
        if x.lower() not in ALIASES:
            raise F.bad("phand", f"{x!r} is not a progress card")
        out.append(ALIASES[x.lower()])
    return out


def check_progress(F: FieldReader, s: State) -> None:
    """rule="CK-PC-COUNTS": every progress card is in a deck, a hand or laid out as VP."""
    for t in range(3):
        counts, queue = s.pdecks[t]
        if len(counts) != len(DECK_KINDS[t]) or any(DECK_OF[k] != t for k in queue):
            raise F.bad(
                "pdecks",
                f"the {TRACKS[t]} deck lists {len(DECK_KINDS[t])} counts and only its own cards",
            )
        if min(counts) < 0:
            raise F.bad("pdecks", "negative count")
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
            raise F.bad("phand", f"{held} {CARDS[k]} cards in decks and hands, not {total}")
    if vp_held + sum(s.pvp) != sum(COUNT[k] for k in VP_CARDS):
        raise F.bad("pvp", "the VP progress cards do not add up (CK-PC-COUNTS)")


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


def check_pending(F: FieldReader, s: State) -> None:
    """Each C&K decision phase needs the pending data it acts on (CK-BARB-*, CK-PC-*)."""
    need = PENDING.get(s.phase)
    if need and not need[1](s):
        raise F.bad(need[0], f"the {s.phase} phase needs {need[2]}")
    if s.phase == PROGRESS_DRAW and not (
        sum(s.pdecks[s.draws[0].track].counts) or s.pdecks[s.draws[0].track].queue
    ):
        raise F.bad(
            "draws",
            f"the {TRACKS[s.draws[0].track]} deck is empty but a draw from it is "
            "due (CK-PROGRESS-EMPTY)",
        )
    for key in ("pillage", "claims", "pdiscards", "taxed"):
        who = getattr(s, key)
        if len(set(who)) != len(who) or any(p >= s.n for p in who):
            raise F.bad(key, "each player at most once (players only)")
    if any(p >= s.n for p, _ in s.draws) or len(s.draws) > 3 * s.n:
        raise F.bad("draws", "at most 3 draws per player, by players")
    if len(s.toppled) != len(set(s.toppled)):
        raise F.bad("toppled", "each vertex at most once")
    if s.relocate and s.relocate.owner >= s.owners:
        raise F.bad("relocate", "the displaced knight belongs to a player or a neutral")
    if s.treason and s.treason.victim >= s.owners:
        raise F.bad("treason", "the removed knight belongs to a player or a neutral")
