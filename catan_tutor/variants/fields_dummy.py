"""The position-text fields of the dummy variant (base-dummy): the dummy's road number, the
players' sealed bids for its card (DUMMY-TRADE-PROTOCOL) and a die roll-off breaking a tie
(DUMMY-ROBBER-CANDIDATES, DUMMY-STEAL-TARGET, DUMMY-TRADE-BID)."""

from __future__ import annotations

from ..board import HEX_NAMES, RESOURCES, parse_hex
from ..errors import ascii_count
from ..position_format import FieldGroup, FieldReader, ints_text
from ..state import (
    BIDS,
    CARD_DIE,
    DEV_DIE,
    DICE,
    DISCARD,
    END,
    RESOURCE_DIE,
    ROAD_BUILDING,
    ROBBER,
    STEAL,
    TIEBREAK,
    BidTerms,
    State,
    Tiebreak,
    tset,
)

DUMMY_PHASES = (BIDS, TIEBREAK, DEV_DIE, CARD_DIE, RESOURCE_DIE)


def _bid_text(b: BidTerms | tuple[()] | None) -> str:
    if b is None:
        return "?"
    if not b:
        return "pass"
    return f"{ints_text(b.give)}:{RESOURCES[b.get]}"


def _tiebreak_text(s: State) -> str:
    if not s.tiebreak:
        return "-"
    purpose, cands, totals = s.tiebreak
    names = HEX_NAMES if purpose == "robber" else s.names
    return f"{purpose}:{','.join(names[c] for c in cands)}:{ints_text(totals)}"


def _write(s: State) -> dict[str, str]:
    return {
        "droad": str(s.road_len[s.dummy]),
        "bids": "/".join(_bid_text(b) for b in s.bids) or "-",
        "tb": _tiebreak_text(s),
    }


def _read_bid(F: FieldReader, part: str) -> BidTerms | tuple[()] | None:
    if part == "?":
        return None
    if part == "pass":
        return ()
    give, _, get = part.partition(":")
    counts = F.counts("bids", give)
    if get not in RESOURCES:
        raise F.bad("bids", f"{get!r} is not a resource")
    return BidTerms(tuple(counts), RESOURCES.index(get))


def _read(F: FieldReader, s: State) -> None:
    if F.f["bids"] != "-":
        s.bids = tuple(_read_bid(F, part) for part in F.f["bids"].split("/"))
        if len(s.bids) != s.n:
            raise F.bad("bids", f"expected {s.n} bids separated by '/'")
    if F.f["tb"] != "-":
        parts = F.f["tb"].split(":")
        if len(parts) != 3 or parts[0] not in ("robber", "steal", "bid"):
            raise F.bad("tb", "expected robber|steal|bid:CANDIDATES:TOTALS")
        if parts[0] == "robber":
            cands = tuple(F.get("tb", lambda _: [parse_hex(c) for c in parts[1].split(",")]))
        else:
            cands = tuple(
                F.seat("tb", c, allow_none=False, players_only=True) for c in parts[1].split(",")
            )
        totals = F.get(
            "tb", lambda _: tuple(ascii_count(x) for x in parts[2].split(",") if x != "-")
        )
        if len(cands) < 2 or len(totals) >= len(cands):
            raise F.bad("tb", "a roll-off has 2+ candidates and someone still to roll")
        s.tiebreak = Tiebreak(parts[0], cands, totals)


def _check_phase(F: FieldReader, s: State) -> None:
    """Bids are open while bidding, a roll-off runs in its phase, and the dummy's own phases
    come in its turn only (DUMMY-TURN-SEQUENCE)."""
    ph = s.phase
    bidding = ph == BIDS or (ph == TIEBREAK and s.tiebreak and s.tiebreak.purpose == "bid")
    if bidding != bool(s.bids):
        raise F.bad("bids", "bids are open in the bids phase or their roll-off, and only there")
    if ph == BIDS and s.bids and all(b is not None for b in s.bids):
        raise F.bad(
            "bids", "every player has answered: the trading window is over (DUMMY-TRADE-PROTOCOL)"
        )
    if (ph == TIEBREAK) != bool(s.tiebreak):
        raise F.bad("tb", "a roll-off runs in the tiebreak phase, and only there")
    dummy_turn = s.active == s.dummy
    if dummy_turn != (ph in DUMMY_PHASES or (dummy_turn and ph in (DICE, DISCARD, STEAL))):
        raise F.bad("phase", f"{ph} does not fit {s.name(s.active)}'s turn")
    if (
        s.tiebreak
        and s.tiebreak.purpose == "bid"
        and not all(0 <= c < len(s.bids) and s.bids[c] for c in s.tiebreak.candidates)
    ):
        raise F.bad(
            "tb", "a roll-off for the dummy's card is between players who bid (DUMMY-TRADE-BID)"
        )
    robbing = ph == TIEBREAK and s.tiebreak and s.tiebreak.purpose != "bid"
    if ph in (DISCARD, ROBBER, STEAL, ROAD_BUILDING) or robbing:
        # the phase it goes back to fits the turn too: D's 7 goes on to the trading window,
        # D's knight ends its turn; a player's 7 or card never opens the dummy's bids
        fits = s.resume in (BIDS, END) if dummy_turn else s.resume not in DUMMY_PHASES
        if not fits:
            raise F.bad(
                "resume",
                f"{ph} goes back to {s.resume}, which does not fit "
                f"{s.name(s.active)}'s turn (DUMMY-TURN-SEQUENCE)",
            )


def _finish(F: FieldReader, s: State) -> None:
    """The dummy's road number is written: it has no roads (DUMMY-AWARD-RECLAIM)."""
    s.road_len = tset(s.road_len, s.dummy, F.number("droad", 0, 100))
    if s.road_len[s.dummy] and s.longest != s.dummy:
        raise F.bad(
            "droad",
            "the dummy has a road number only while it holds Longest Road (DUMMY-AWARD-RECLAIM)",
        )


DUMMY_FIELDS = FieldGroup(
    "dummy",
    ("droad", "bids", "tb"),
    lambda caps: caps.dummy,
    _write,
    _read,
    check_phase=_check_phase,
    finish=_finish,
    phases=(TIEBREAK,),
)
