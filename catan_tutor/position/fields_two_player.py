"""The position-text fields of the two-player variants (base-2p, ck-2p): trade tokens
(2P-TOKEN-*, 2P-SETUP-TOKENS), the two production rolls (2P-ROLL-TWICE) and the neutral piece
a build owes (2P-NEUTRAL-MIRROR)."""

from __future__ import annotations

from ..errors import ascii_count
from ..state import PHASES, State
from ..variants.ck_two_player_state import ForcedState
from ..variants.two_player_state import TOKENS, NeutralDue
from .format import FieldGroup, FieldReader, ints_text

_FORCED_KINDS = {"res": False, "all": True}


def _tokused_text(s: State) -> str:
    """0 or 1 (a token action taken this turn); during a ck-2p forced trade
    ``force:res|all:DRAWN`` (the announced kind, the cards drawn so far per kind)."""
    forced = s.forced
    if not forced:
        return str(int(s.token_used))
    return f"force:{'all' if forced.every else 'res'}:{ints_text(forced.drawn)}"


def _write_tokens(s: State) -> dict[str, str]:
    return {
        "tokens": ints_text(s.tokens),
        "supply": str(s.token_supply),
        "tokused": _tokused_text(s),
        "kret": str(int(s.knight_returned)),
    }


def _read_tokens(F: FieldReader, s: State) -> None:
    s.tokens = tuple(F.ints("tokens", len(F.parties)))
    s.token_supply = F.number("supply", 0, TOKENS)
    if F.f["tokused"].startswith("force:"):
        _read_forced(F, s)
    else:
        s.token_used = F.flag("tokused")  # 2P-TOKEN-ONE-PER-TURN
    s.knight_returned = F.flag("kret")


def _read_forced(F: FieldReader, s: State) -> None:
    """rule="CK2P-TOKEN-FORCED-TRADE": a forced trade under way (its token is spent)."""
    parts = F.f["tokused"].split(":")
    if not s.caps.knights or len(parts) != 3 or parts[1] not in _FORCED_KINDS:
        raise F.bad("tokused", "0, 1, or (C&K for two) force:res|all:DRAWN during a forced trade")
    drawn = F.get("tokused", lambda _: tuple(ascii_count(x) for x in parts[2].split(",")))
    if len(drawn) != len(s.bank) or sum(drawn) > 2:
        raise F.bad("tokused", f"a forced trade draws 2 cards; give {len(s.bank)} counts")
    if parts[1] == "res" and any(drawn[5:]):
        raise F.bad("tokused", "a resources-only forced trade draws no commodities")
    s.token_used = True
    s.forced = ForcedState(_FORCED_KINDS[parts[1]], drawn)


TOKEN_FIELDS = FieldGroup(
    "tokens",
    ("tokens", "supply", "tokused", "kret"),
    lambda caps: caps.tokens,
    _write_tokens,
    _read_tokens,
)


def _read_sums(F: FieldReader, s: State) -> None:
    s.sums = tuple(F.ints("sums", None))
    if len(s.sums) > 2 or any(not 2 <= x <= 12 for x in s.sums):
        raise F.bad("sums", "at most two sums of 2..12")


SUMS_FIELDS = FieldGroup(
    "double_roll",
    ("sums",),
    lambda caps: caps.double_roll,
    lambda s: {"sums": ints_text(s.sums)},
    _read_sums,
)


def _neutral_due_text(s: State) -> str:
    """OWED:PHASE:BUILT, with :MORE when more neutral promotions follow (Smithing)."""
    due = s.neutral_due
    if not due:
        return "-"
    return ":".join(due[:3]) + (f":{due.more}" if due.more else "")


def _read_neutral_due(F: FieldReader, s: State) -> None:
    """rule="2P-NEUTRAL-MIRROR": the piece owed, the phase after it, the piece built."""
    if F.f["nb"] == "-":
        return
    parts = F.f["nb"].split(":")
    kinds = ("settle", "road", "knight", "promote") if s.caps.knights else ("settle", "road")
    more = parts[3] if len(parts) == 4 else "0"
    if (
        len(parts) not in (3, 4)
        or parts[0] not in kinds
        or parts[1] not in PHASES
        or parts[2] not in kinds
        or more not in ("0", "1")
    ):
        raise F.bad("nb", "expected OWED:PHASE:BUILT[:MORE], e.g. road:main:settle")
    if parts[0] != parts[2] and parts[0] != "road":
        raise F.bad("nb", f"a neutral {parts[0]} is owed only for a {parts[0]}")
    s.neutral_due = NeutralDue(parts[0], parts[1], parts[2], int(more))


NEUTRAL_FIELDS = FieldGroup(
    "neutrals",
    ("nb",),
    lambda caps: bool(caps.neutrals),
    lambda s: {"nb": _neutral_due_text(s)},
    _read_neutral_due,
)
