"""The position-text fields of the dummy variant (base-dummy): the dummy's road number, the
players' sealed bids for its card (DUMMY-TRADE-PROTOCOL) and a die roll-off breaking a tie
(DUMMY-ROBBER-CANDIDATES, DUMMY-STEAL-TARGET, DUMMY-TRADE-BID)."""

from __future__ import annotations

from ..board import HEX_NAMES, RESOURCES, parse_hex
from ..errors import ascii_count
from ..state import State, tset
from ..variants.dummy_state import (
    BIDS,
    CARD_DIE,
    DEV_DIE,
    RESOURCE_DIE,
    TIEBREAK,
    BidTerms,
    Tiebreak,
)
from .format import FieldGroup, FieldReader, ints_text

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


def _finish(F: FieldReader, s: State) -> None:
    """The dummy's road number is written: it has no roads (DUMMY-AWARD-RECLAIM)."""
    s.road_len = tset(s.road_len, s.dummy, F.number("droad", 0, 100))


DUMMY_FIELDS = FieldGroup(
    "dummy",
    ("droad", "bids", "tb"),
    lambda caps: caps.dummy,
    _write,
    _read,
    finish=_finish,
)
